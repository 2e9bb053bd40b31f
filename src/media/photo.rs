//! Photos as they are published: nothing about the phone, the place or the person that made
//! them leaves the site. A phone's JPEG carries EXIF (often the GPS position where it was
//! taken, the device's serial number, the owner's name), XMP and comments; a PNG or WebP can
//! carry EXIF and text too. [`strip`] removes all of it without decoding the image, so the
//! pixels are the editor's bytes exactly: only the EXIF orientation is kept (written again as a
//! minimal EXIF block of that one tag), since without it a portrait photo shows on its side.
//!
//! [`check`] refuses, before anything is decoded, a raster file that is empty, damaged or cut
//! short (its header gives no size, or its container does not parse), and one whose header says
//! it is so large that a phone would run out of memory decoding it (a decompression bomb: a
//! 30,000 × 30,000 PNG can be a few kilobytes).

use img_parts::jpeg::{Jpeg, markers};
use img_parts::png::Png;
use img_parts::webp::{CHUNK_XMP, WebP};
use img_parts::{Bytes, ImageEXIF};

use super::kind::Kind;
use crate::messages::Msg;

/// The most pixels a published image may have: 64 megapixels (a 12-megapixel phone photo is
/// well within; a 30,000 × 30,000 image is 900).
pub(super) const MAX_PIXELS: u64 = 64_000_000;

/// PNG chunks that hold metadata: EXIF, text (comments, the software, an author) and the time.
const PNG_METADATA: [[u8; 4]; 5] = [*b"eXIf", *b"tEXt", *b"zTXt", *b"iTXt", *b"tIME"];

/// Whether files of `kind` are images sahel strips (AVIF is refused if it carries metadata
/// ([`avif_metadata`]); PDF and SVG are published as checked).
pub(super) fn is_stripped(kind: Kind) -> bool {
    matches!(kind, Kind::Jpeg | Kind::Png | Kind::WebP | Kind::Gif)
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
    let Ok(size) = imagesize::blob_size(bytes) else {
        return damaged();
    };
    let pixels = (size.width as u64).saturating_mul(size.height as u64);
    if pixels == 0 {
        return damaged();
    }
    if pixels > MAX_PIXELS {
        return Some((
            crate::msg!(
                "media-photo-too-large",
                width = size.width,
                height = size.height,
                megapixels = pixels / 1_000_000
            ),
            crate::msg!(
                "media-photo-too-large-help",
                megapixels = MAX_PIXELS / 1_000_000
            ),
        ));
    }
    if kind == Kind::Avif
        && let Some(what) = avif_metadata(bytes)
    {
        return Some((
            crate::msg!("media-photo-avif-metadata", what = what),
            crate::msg!("media-photo-avif-metadata-help"),
        ));
    }
    let parses = match kind {
        Kind::Jpeg => Jpeg::from_bytes(Bytes::copy_from_slice(bytes)).is_ok(),
        Kind::Png => Png::from_bytes(Bytes::copy_from_slice(bytes)).is_ok(),
        Kind::WebP => WebP::from_bytes(Bytes::copy_from_slice(bytes)).is_ok(),
        Kind::Gif => strip_gif(bytes).is_some(),
        _ => true,
    };
    if parses { None } else { damaged() }
}

/// A GIF without its comments and application extensions (XMP is one) but the loop count: its
/// frames copied as they are (LZW data, palettes, timing, disposal), with the `gif` crate.
/// None when the file does not parse from start to end.
fn strip_gif(bytes: &[u8]) -> Option<Vec<u8>> {
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
fn next_box(bytes: &[u8]) -> Option<([u8; 4], &[u8], &[u8])> {
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

/// `bytes` without their metadata (for [`is_stripped`] kinds; others are returned as they are).
/// The image data is not touched. `bytes` passed [`check`].
pub(super) fn strip(kind: Kind, bytes: &[u8]) -> Vec<u8> {
    let input = Bytes::copy_from_slice(bytes);
    let stripped: Option<Vec<u8>> = match kind {
        Kind::Jpeg => Jpeg::from_bytes(input).ok().map(strip_jpeg),
        Kind::Png => Png::from_bytes(input).ok().map(|mut png| {
            for chunk in PNG_METADATA {
                png.remove_chunks_by_type(chunk);
            }
            png.encoder().bytes().to_vec()
        }),
        Kind::WebP => WebP::from_bytes(input).ok().map(|mut webp| {
            let orientation = webp.exif().and_then(|e| orientation(&e));
            webp.remove_chunks_by_id(CHUNK_XMP);
            // (also clears the container's flags for what was removed)
            webp.set_exif(orientation.map(minimal_exif));
            webp.encoder().bytes().to_vec()
        }),
        Kind::Gif => strip_gif(bytes),
        _ => None,
    };
    stripped.unwrap_or_else(|| bytes.to_vec())
}

fn strip_jpeg(mut jpeg: Jpeg) -> Vec<u8> {
    let orientation = jpeg.exif().and_then(|e| orientation(&e));
    // APP0 (JFIF), an APP2 ICC profile (the colours) and APP14 (Adobe: how the colours are
    // coded) stay; every other application segment (EXIF and XMP in APP1, MPF in APP2, IPTC in
    // APP13...) and every comment goes.
    jpeg.segments_mut().retain(|segment| {
        let marker = segment.marker();
        let app = (markers::APP0..=markers::APP15).contains(&marker);
        let icc = marker == markers::APP2 && segment.contents().starts_with(b"ICC_PROFILE\0");
        let kept_app = matches!(marker, markers::APP0 | markers::APP14) || icc;
        marker != markers::COM && (!app || kept_app)
    });
    if let Some(o) = orientation {
        jpeg.set_exif(Some(minimal_exif(o)));
    }
    // The first scan's segment holds the rest of the file after its header: the image ends at
    // its EOI marker (in entropy-coded data 0xFF is followed by 0x00 or a restart marker, so
    // the first FF D9 is the end), and what follows (the other pictures of an MPF file, with
    // their own EXIF) is dropped.
    let tail = jpeg
        .segments()
        .last()
        .filter(|s| s.has_entropy())
        .map_or(0, |s| s.len_with_entropy().saturating_sub(s.len()));
    let mut out = jpeg.encoder().bytes().to_vec();
    let start = out.len().saturating_sub(tail);
    if let Some(end) = out
        .get(start..)
        .and_then(|rest| rest.windows(2).position(|w| w == [0xFF, markers::EOI]))
    {
        out.truncate(start + end + 2);
    }
    out
}

/// The EXIF orientation (2 to 8) of raw EXIF data (a TIFF structure), when it is not the
/// default (1).
fn orientation(exif: &[u8]) -> Option<u16> {
    let data = exif::Reader::new().read_raw(exif.to_vec()).ok()?;
    let field = data.get_field(exif::Tag::Orientation, exif::In::PRIMARY)?;
    let value = u16::try_from(field.value.get_uint(0)?).ok()?;
    (2..=8).contains(&value).then_some(value)
}

/// An EXIF block holding the orientation alone: a big-endian TIFF header and one IFD with one
/// entry (tag 0x0112, SHORT, 1 value).
fn minimal_exif(orientation: u16) -> Bytes {
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
    Bytes::from(b)
}

#[cfg(test)]
mod tests;
