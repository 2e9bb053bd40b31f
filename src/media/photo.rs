//! Photos as they are checked: [`check`] refuses, before anything is decoded, a raster file that
//! is empty, damaged or cut short (its headers give no size, or its container does not parse
//! from start to end), one that a phone would run out of memory or time decoding (a
//! decompression bomb: a 30,000 × 30,000 PNG can be a few kilobytes, a GIF's frame can be far
//! larger than its screen: `measure.rs`), one whose copies cannot be made (more than
//! [`MAX_SIDE`](super::variants::MAX_SIDE) times taller than wide), and an AVIF that carries
//! metadata, which sahel cannot remove from it. Metadata is removed from the others when they
//! are published (`strip.rs`).

use img_parts::jpeg::Jpeg;
use img_parts::png::Png;
use img_parts::webp::WebP;
use img_parts::{Bytes, ImageEXIF};

use super::kind::Kind;
use super::measure::{MAX_ANIMATION_PIXELS, MAX_FRAMES, MAX_PIXELS, Refusal};
use crate::messages::Msg;

/// Whether the published bytes of files of `kind` differ from their source's (all but AVIF,
/// which is refused if it carries metadata ([`avif_metadata`]): `strip.rs`).
pub(super) fn is_stripped(kind: Kind) -> bool {
    kind != Kind::Avif
}

/// What is wrong with a raster image's bytes, if anything: `(message, help)`.
pub(super) fn check(kind: Kind, bytes: &[u8]) -> Option<(Msg, Msg)> {
    if !matches!(
        kind,
        Kind::Jpeg | Kind::Png | Kind::Gif | Kind::WebP | Kind::Avif
    ) {
        return None;
    }
    let damaged = || {
        Some((
            crate::msg!("media-photo-damaged", kind = kind.name()),
            crate::msg!("media-photo-damaged-help"),
        ))
    };
    if bytes.is_empty() {
        return Some((
            crate::msg!("media-photo-empty"),
            crate::msg!("media-photo-empty-help"),
        ));
    }
    let refused = |r| Some(refusal(kind, r));
    match super::measure::measure(kind, bytes)? {
        Ok(_) => {}
        Err(r) => return refused(r),
    }
    if kind == Kind::Avif
        && let Some(what) = avif_metadata(bytes)
    {
        return Some((
            crate::msg!("media-photo-avif-metadata", what = what),
            crate::msg!("media-photo-avif-metadata-help"),
        ));
    }
    if super::variants::has_variants(kind)
        && let Some((width, height)) = upright_size(kind, bytes)
        && u64::from(height) > u64::from(width) * u64::from(super::variants::MAX_SIDE)
    {
        return Some((
            crate::msg!(
                "media-photo-too-tall",
                width = width,
                height = height,
                max = super::variants::MAX_SIDE
            ),
            crate::msg!(
                "media-photo-too-tall-help",
                height = u64::from(width) * u64::from(super::variants::MAX_SIDE)
            ),
        ));
    }
    if super::strip::published(kind, bytes).is_none() {
        return damaged();
    }
    None
}

/// The message and help of an image refused by its measures.
fn refusal(kind: Kind, refusal: Refusal) -> (Msg, Msg) {
    match refusal {
        Refusal::Damaged => (
            crate::msg!("media-photo-damaged", kind = kind.name()),
            crate::msg!("media-photo-damaged-help"),
        ),
        Refusal::TooLarge { width, height } => (
            crate::msg!(
                "media-photo-too-large",
                width = width,
                height = height,
                megapixels = width.saturating_mul(height) / 1_000_000
            ),
            crate::msg!(
                "media-photo-too-large-help",
                megapixels = MAX_PIXELS / 1_000_000
            ),
        ),
        Refusal::FrameOutside {
            frame,
            width,
            height,
            left,
            top,
            screen,
        } => {
            let grown_w = (left + width).max(u64::from(screen.0));
            let grown_h = (top + height).max(u64::from(screen.1));
            (
                crate::msg!(
                    "media-photo-frame-outside",
                    frame = frame,
                    width = width,
                    height = height,
                    left = left,
                    top = top,
                    screen_width = screen.0,
                    screen_height = screen.1,
                    grown_width = grown_w,
                    grown_height = grown_h,
                    megapixels = grown_w.saturating_mul(grown_h) / 1_000_000
                ),
                crate::msg!(
                    "media-photo-frame-outside-help",
                    format = kind.short_name(),
                    screen_width = screen.0,
                    screen_height = screen.1
                ),
            )
        }
        Refusal::TooManyFrames => (
            crate::msg!("media-photo-too-many-frames", max = MAX_FRAMES),
            crate::msg!("media-photo-too-many-frames-help", max = MAX_FRAMES),
        ),
        Refusal::TooMuchAnimation { frames, screen } => (
            crate::msg!(
                "media-photo-animation-too-large",
                frames = frames,
                width = screen.0,
                height = screen.1
            ),
            crate::msg!(
                "media-photo-animation-too-large-help",
                megapixels = MAX_ANIMATION_PIXELS / 1_000_000
            ),
        ),
    }
}

/// A GIF without its comments and application extensions (XMP is one) but the loop count: its
/// frames copied as they are (LZW data, palettes, timing, disposal), with the `gif` crate.
/// None when the file does not parse from start to end.
pub(super) fn strip_gif(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut options = gif::DecodeOptions::new();
    options.skip_frame_decoding(true);
    options.set_memory_limit(gif::MemoryLimit::Bytes(std::num::NonZeroU64::new(
        MAX_PIXELS,
    )?));
    let mut decoder = options.read_info(bytes).ok()?;
    let (width, height) = (decoder.width(), decoder.height());
    let palette = decoder.global_palette().map(<[u8]>::to_vec);
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().ok()? {
        frames.push(frame.clone());
    }
    let repeat = decoder.repeat();
    let mut out = Vec::with_capacity(bytes.len());
    {
        let mut encoder =
            gif::Encoder::new(&mut out, width, height, palette.as_deref().unwrap_or(&[])).ok()?;
        if repeat != gif::Repeat::Finite(0) {
            encoder.set_repeat(repeat).ok()?;
        }
        for frame in &frames {
            encoder.write_lzw_pre_encoded_frame(frame).ok()?;
        }
    }
    Some(out)
}

/// The metadata an AVIF file carries as items of its `meta` box (`Exif`, or `mime`: XMP), by
/// name; None when it has none. The boxes are walked, not decoded: ISO BMFF's box headers
/// (a 32-bit size, a type, a 64-bit size when the first is 1) down to `meta` → `iinf` →
/// `infe` (version 2 or 3: its item type).
fn avif_metadata(bytes: &[u8]) -> Option<&'static str> {
    // A C2PA manifest (Content Credentials: author, place, edits), or another private box.
    let mut top = bytes;
    while let Some((kind, _, next)) = next_box(top) {
        if &kind == b"uuid" {
            return Some("C2PA (uuid)");
        }
        top = next;
    }
    let meta = find_box(bytes, b"meta")?;
    let iinf = find_box(meta.get(4..)?, b"iinf")?;
    let version = *iinf.first()?;
    let entries = iinf.get(if version == 0 { 6 } else { 8 }..)?;
    let mut rest = entries;
    while let Some((kind, body, next)) = next_box(rest) {
        if &kind == b"infe" && body.first().is_some_and(|&v| v >= 2) {
            // version, flags (4), item ID (2, or 4 from version 3), protection index (2), type
            let id = if body.first() == Some(&3) { 4 } else { 2 };
            match body.get(4 + id + 2..4 + id + 6) {
                Some(b"Exif") => return Some("EXIF"),
                Some(b"mime") => return Some("XMP"),
                _ => {}
            }
        }
        rest = next;
    }
    None
}

/// The body of the first box of type `kind` among the boxes in `bytes` (not nested).
fn find_box<'b>(mut bytes: &'b [u8], kind: &[u8; 4]) -> Option<&'b [u8]> {
    while let Some((k, body, next)) = next_box(bytes) {
        if &k == kind {
            return Some(body);
        }
        bytes = next;
    }
    None
}

/// The first box of `bytes`: (type, body, what follows).
pub(super) fn next_box(bytes: &[u8]) -> Option<([u8; 4], &[u8], &[u8])> {
    let size = u32::from_be_bytes(bytes.get(..4)?.try_into().ok()?);
    let kind: [u8; 4] = bytes.get(4..8)?.try_into().ok()?;
    let (header, size) = match size {
        0 => (8, bytes.len() as u64),
        1 => (16, u64::from_be_bytes(bytes.get(8..16)?.try_into().ok()?)),
        n => (8, u64::from(n)),
    };
    let size = usize::try_from(size).ok().filter(|&s| s >= header)?;
    Some((kind, bytes.get(header..size)?, bytes.get(size..)?))
}

/// A raster image's width and height in pixels, from its header.
pub(super) fn size(kind: Kind, bytes: &[u8]) -> Option<(u32, u32)> {
    if !matches!(
        kind,
        Kind::Jpeg | Kind::Png | Kind::Gif | Kind::WebP | Kind::Avif
    ) {
        return None;
    }
    let size = imagesize::blob_size(bytes).ok()?;
    Some((
        u32::try_from(size.width).ok()?,
        u32::try_from(size.height).ok()?,
    ))
}

/// A raster image's width and height as it is shown: [`size`], turned by its EXIF orientation
/// (5 to 8 turn it a quarter, so a portrait phone photo stored landscape is shown portrait).
pub(super) fn upright_size(kind: Kind, bytes: &[u8]) -> Option<(u32, u32)> {
    let (w, h) = size(kind, bytes)?;
    let exif = match kind {
        Kind::Jpeg => Jpeg::from_bytes(Bytes::copy_from_slice(bytes)).ok()?.exif(),
        Kind::WebP => WebP::from_bytes(Bytes::copy_from_slice(bytes)).ok()?.exif(),
        Kind::Png => Png::from_bytes(Bytes::copy_from_slice(bytes)).ok()?.exif(),
        _ => None,
    };
    match exif.and_then(|e| orientation(&e)) {
        Some(5..=8) => Some((h, w)),
        _ => Some((w, h)),
    }
}

/// The EXIF orientation (2 to 8) of raw EXIF data (a TIFF structure), when it is not the
/// default (1).
pub(super) fn orientation(exif: &[u8]) -> Option<u16> {
    let data = exif::Reader::new().read_raw(exif.to_vec()).ok()?;
    let field = data.get_field(exif::Tag::Orientation, exif::In::PRIMARY)?;
    let value = u16::try_from(field.value.get_uint(0)?).ok()?;
    (2..=8).contains(&value).then_some(value)
}

/// An EXIF block holding the orientation alone: a big-endian TIFF header and one IFD with one
/// entry (tag 0x0112, SHORT, 1 value).
pub(super) fn minimal_exif(orientation: u16) -> Vec<u8> {
    let mut b = Vec::with_capacity(26);
    b.extend_from_slice(b"MM\0\x2a");
    b.extend_from_slice(&8u32.to_be_bytes());
    b.extend_from_slice(&1u16.to_be_bytes());
    b.extend_from_slice(&0x0112u16.to_be_bytes());
    b.extend_from_slice(&3u16.to_be_bytes());
    b.extend_from_slice(&1u32.to_be_bytes());
    b.extend_from_slice(&orientation.to_be_bytes());
    b.extend_from_slice(&[0, 0]);
    b.extend_from_slice(&0u32.to_be_bytes());
    b
}

#[cfg(test)]
mod tests;
