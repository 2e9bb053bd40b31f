//! Images measured as a browser decodes them, from their headers alone (no frame is decoded).
//!
//! A header's size is not what a browser allocates: a GIF's screen can say 1 × 1 while its
//! first frame says 20,000 × 20,000 (Chromium grows the image to hold the frame: 400
//! megapixels from 62 bytes), and an animation of 20,000 frames of 8,000 × 8,000 is drawn frame
//! after frame into a screen of that size. So every frame of a GIF, an animated WebP (`ANMF`),
//! an APNG (`fcTL`) and an AVIF sequence (its tracks' `tkhd` and sample counts) is read: each
//! must lie inside the image's own size (its screen, canvas or `IHDR`), no frame or screen may
//! pass [`MAX_PIXELS`], and an animation may have at most [`MAX_FRAMES`] frames and
//! [`MAX_ANIMATION_PIXELS`] pixels to draw in all (frames × the screen's pixels). The WebP
//! bitstreams' own sizes (`VP8 `, `VP8L`) must be the sizes their container says, as libwebp
//! requires.

use super::kind::Kind;

/// The most pixels an image, or one frame of it, may have: 64 megapixels (a 12-megapixel phone
/// photo is well within; a 30,000 × 30,000 image is 900).
pub(super) const MAX_PIXELS: u64 = 64_000_000;

/// The most frames an animation may have: 40 seconds at 25 frames a second.
pub(super) const MAX_FRAMES: u64 = 1_000;

/// The most pixels an animation may draw in all (frames × the screen's pixels): 1,000
/// megapixels, 480 frames of full HD (19 seconds at 25 frames a second) or 1,000 frames of
/// 1,000 × 1,000; a phone decodes each frame into a buffer of the screen's size.
pub(super) const MAX_ANIMATION_PIXELS: u64 = 1_000_000_000;

/// An image's size as browsers decode it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Measured {
    pub(super) width: u32,
    pub(super) height: u32,
    /// Its frames (1 for a still image).
    pub(super) frames: u64,
}

/// Why an image is refused by its measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Refusal {
    /// Its headers do not parse, or give no size.
    Damaged,
    /// The image, or one of its frames, has more than [`MAX_PIXELS`].
    TooLarge { width: u64, height: u64 },
    /// A frame (1-based) that does not lie inside the image's own size.
    FrameOutside {
        frame: u64,
        width: u64,
        height: u64,
        left: u64,
        top: u64,
        screen: (u32, u32),
    },
    /// More than [`MAX_FRAMES`] frames (counted up to one more).
    TooManyFrames,
    /// More than [`MAX_ANIMATION_PIXELS`] to draw: `frames` frames of the screen's size.
    TooMuchAnimation { frames: u64, screen: (u32, u32) },
}

/// Counts an image's frames against its screen as they are read.
struct Tally {
    screen: (u32, u32),
    frames: u64,
}

impl Tally {
    fn new(width: u64, height: u64) -> Result<Tally, Refusal> {
        let (Ok(w), Ok(h)) = (u32::try_from(width), u32::try_from(height)) else {
            return Err(Refusal::TooLarge { width, height });
        };
        if w == 0 || h == 0 {
            return Err(Refusal::Damaged);
        }
        if width.saturating_mul(height) > MAX_PIXELS {
            return Err(Refusal::TooLarge { width, height });
        }
        Ok(Tally {
            screen: (w, h),
            frames: 0,
        })
    }

    fn screen_pixels(&self) -> u64 {
        u64::from(self.screen.0) * u64::from(self.screen.1)
    }

    /// One more frame, of `width` × `height` at (`left`, `top`).
    fn frame(&mut self, left: u64, top: u64, width: u64, height: u64) -> Result<(), Refusal> {
        self.frames(1)?;
        if left.saturating_add(width) > u64::from(self.screen.0)
            || top.saturating_add(height) > u64::from(self.screen.1)
        {
            return Err(Refusal::FrameOutside {
                frame: self.frames,
                width,
                height,
                left,
                top,
                screen: self.screen,
            });
        }
        if width.saturating_mul(height) > MAX_PIXELS {
            return Err(Refusal::TooLarge { width, height });
        }
        Ok(())
    }

    /// `count` more frames of the screen's size.
    fn frames(&mut self, count: u64) -> Result<(), Refusal> {
        self.frames = self.frames.saturating_add(count);
        if self.frames > MAX_FRAMES {
            return Err(Refusal::TooManyFrames);
        }
        if self.frames.saturating_mul(self.screen_pixels()) > MAX_ANIMATION_PIXELS {
            return Err(Refusal::TooMuchAnimation {
                frames: self.frames,
                screen: self.screen,
            });
        }
        Ok(())
    }

    fn done(self) -> Measured {
        Measured {
            width: self.screen.0,
            height: self.screen.1,
            frames: self.frames.max(1),
        }
    }
}

/// A raster image's size and frames as a browser decodes it; None for PDF and SVG.
pub(super) fn measure(kind: Kind, bytes: &[u8]) -> Option<Result<Measured, Refusal>> {
    Some(match kind {
        Kind::Jpeg => still(bytes),
        Kind::Png => png(bytes),
        Kind::Gif => gif(bytes),
        Kind::WebP => webp(bytes),
        Kind::Avif => avif(bytes),
        Kind::Pdf | Kind::Svg => return None,
    })
}

/// A JPEG: one frame, of the size its header says.
fn still(bytes: &[u8]) -> Result<Measured, Refusal> {
    let size = imagesize::blob_size(bytes).map_err(|_| Refusal::Damaged)?;
    let (w, h) = (size.width as u64, size.height as u64);
    let mut tally = Tally::new(w, h)?;
    tally.frame(0, 0, w, h)?;
    Ok(tally.done())
}

fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn le24(bytes: &[u8], at: usize) -> Option<u64> {
    let b = bytes.get(at..at + 3)?;
    Some(b.iter().rev().fold(0u64, |n, &x| n << 8 | u64::from(x)))
}

/// A PNG, and an APNG's frames (`fcTL`: width, height, x and y offsets).
fn png(bytes: &[u8]) -> Result<Measured, Refusal> {
    let mut tally = None;
    let mut animated = false;
    for (kind, data) in png_chunks(bytes).ok_or(Refusal::Damaged)? {
        match &kind {
            b"IHDR" => {
                let w = be32(data, 0).ok_or(Refusal::Damaged)?;
                let h = be32(data, 4).ok_or(Refusal::Damaged)?;
                tally = Some(Tally::new(u64::from(w), u64::from(h))?);
            }
            b"fcTL" => {
                let tally = tally.as_mut().ok_or(Refusal::Damaged)?;
                let field = |at| be32(data, at).map(u64::from).ok_or(Refusal::Damaged);
                tally.frame(field(12)?, field(16)?, field(4)?, field(8)?)?;
                animated = true;
            }
            _ => {}
        }
    }
    let mut tally = tally.ok_or(Refusal::Damaged)?;
    if !animated {
        tally.frames(1)?;
    }
    Ok(tally.done())
}

/// A PNG's chunks up to `IEND`: (type, data); None when they do not parse.
pub(super) fn png_chunks(bytes: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    let mut rest = bytes.strip_prefix(b"\x89PNG\r\n\x1a\n")?;
    let mut chunks = Vec::new();
    loop {
        let len = usize::try_from(be32(rest, 0)?).ok()?;
        let kind: [u8; 4] = rest.get(4..8)?.try_into().ok()?;
        let data = rest.get(8..8usize.checked_add(len)?)?;
        rest = rest.get(len.checked_add(12)?..)?;
        chunks.push((kind, data));
        if &kind == b"IEND" {
            return Some(chunks);
        }
    }
}

/// A GIF: its screen, and every frame's place (frames' data is skipped, not decoded).
fn gif(bytes: &[u8]) -> Result<Measured, Refusal> {
    let mut options = gif::DecodeOptions::new();
    options.skip_frame_decoding(true);
    let mut decoder = options.read_info(bytes).map_err(|_| Refusal::Damaged)?;
    let mut tally = Tally::new(u64::from(decoder.width()), u64::from(decoder.height()))?;
    while let Some(frame) = decoder.next_frame_info().map_err(|_| Refusal::Damaged)? {
        let (left, top) = (u64::from(frame.left), u64::from(frame.top));
        let (width, height) = (u64::from(frame.width), u64::from(frame.height));
        tally.frame(left, top, width, height)?;
    }
    if tally.frames == 0 {
        return Err(Refusal::Damaged);
    }
    Ok(tally.done())
}

/// A RIFF container's chunks: (FourCC, payload), payloads padded to an even length; None
/// when they do not parse.
pub(super) fn riff_chunks(mut rest: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    let mut chunks = Vec::new();
    while !rest.is_empty() {
        let kind: [u8; 4] = rest.get(..4)?.try_into().ok()?;
        let len = usize::try_from(u32::from_le_bytes(rest.get(4..8)?.try_into().ok()?)).ok()?;
        let data = rest.get(8..8usize.checked_add(len)?)?;
        let padded = len.checked_add(len % 2)?.checked_add(8)?;
        // A last chunk of odd length may miss its padding byte.
        rest = rest.get(padded..).unwrap_or_default();
        chunks.push((kind, data));
    }
    Some(chunks)
}

/// A WebP file's chunks (after `RIFF` size `WEBP`), the RIFF size checked.
pub(super) fn webp_chunks(bytes: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    let size = usize::try_from(u32::from_le_bytes(bytes.get(4..8)?.try_into().ok()?)).ok()?;
    if bytes.get(..4)? != b"RIFF" || bytes.get(8..12)? != b"WEBP" {
        return None;
    }
    riff_chunks(bytes.get(12..size.checked_add(8)?)?)
}

/// The width and height a `VP8 ` or `VP8L` bitstream says.
fn bitstream_size(kind: &[u8; 4], data: &[u8]) -> Option<(u64, u64)> {
    match kind {
        b"VP8 " => {
            if data.get(3..6)? != [0x9d, 0x01, 0x2a] {
                return None;
            }
            let w = u16::from_le_bytes(data.get(6..8)?.try_into().ok()?) & 0x3fff;
            let h = u16::from_le_bytes(data.get(8..10)?.try_into().ok()?) & 0x3fff;
            Some((u64::from(w), u64::from(h)))
        }
        b"VP8L" => {
            if *data.first()? != 0x2f {
                return None;
            }
            let bits = u32::from_le_bytes(data.get(1..5)?.try_into().ok()?);
            Some((
                u64::from(bits & 0x3fff) + 1,
                u64::from((bits >> 14) & 0x3fff) + 1,
            ))
        }
        _ => None,
    }
}

/// A WebP: a simple file's bitstream, or an extended one's canvas (`VP8X`) with its image or
/// its animation's frames (`ANMF`: x/2, y/2, width − 1, height − 1, then the frame's chunks).
fn webp(bytes: &[u8]) -> Result<Measured, Refusal> {
    let chunks = webp_chunks(bytes).ok_or(Refusal::Damaged)?;
    let first = chunks.first().ok_or(Refusal::Damaged)?;
    if &first.0 != b"VP8X" {
        let (w, h) = bitstream_size(&first.0, first.1).ok_or(Refusal::Damaged)?;
        let mut tally = Tally::new(w, h)?;
        tally.frame(0, 0, w, h)?;
        return Ok(tally.done());
    }
    let canvas = |at| le24(first.1, at).map(|v| v + 1).ok_or(Refusal::Damaged);
    let (cw, ch) = (canvas(4)?, canvas(7)?);
    let mut tally = Tally::new(cw, ch)?;
    for (kind, data) in &chunks {
        match kind {
            b"ANMF" => {
                let field = |at| le24(data, at).ok_or(Refusal::Damaged);
                let (left, top) = (field(0)? * 2, field(3)? * 2);
                let (w, h) = (field(6)? + 1, field(9)? + 1);
                tally.frame(left, top, w, h)?;
                let inner = riff_chunks(data.get(16..).unwrap_or_default());
                let stream = inner
                    .iter()
                    .flatten()
                    .find_map(|(k, d)| bitstream_size(k, d));
                if stream != Some((w, h)) {
                    return Err(Refusal::Damaged);
                }
            }
            b"VP8 " | b"VP8L" => {
                if bitstream_size(kind, data) != Some((cw, ch)) {
                    return Err(Refusal::Damaged);
                }
                tally.frame(0, 0, cw, ch)?;
            }
            _ => {}
        }
    }
    if tally.frames == 0 {
        return Err(Refusal::Damaged);
    }
    Ok(tally.done())
}

/// The boxes of an ISO BMFF body: (type, body); stops at the first that does not parse.
fn boxes(mut bytes: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    std::iter::from_fn(move || {
        let (kind, body, next) = super::photo::next_box(bytes)?;
        bytes = next;
        Some((kind, body))
    })
}

/// An AVIF: the largest image its items' `ispe` properties say, and each track of a sequence
/// (`moov` → `trak`: `tkhd`'s width and height, `stsz`'s sample count).
fn avif(bytes: &[u8]) -> Result<Measured, Refusal> {
    let mut largest: Option<(u64, u64)> = None;
    let mut grow = |w: u64, h: u64| -> Result<(), Refusal> {
        if w.saturating_mul(h) > MAX_PIXELS {
            return Err(Refusal::TooLarge {
                width: w,
                height: h,
            });
        }
        if largest.is_none_or(|(lw, lh)| w * h > lw * lh) {
            largest = Some((w, h));
        }
        Ok(())
    };
    let meta = boxes(bytes).find(|(k, _)| k == b"meta").map(|(_, b)| b);
    let ipco = meta
        .and_then(|m| m.get(4..))
        .and_then(|m| boxes(m).find(|(k, _)| k == b"iprp"))
        .and_then(|(_, iprp)| boxes(iprp).find(|(k, _)| k == b"ipco"))
        .map(|(_, b)| b);
    for (kind, body) in boxes(ipco.unwrap_or_default()) {
        if &kind == b"ispe" {
            let w = be32(body, 4).ok_or(Refusal::Damaged)?;
            let h = be32(body, 8).ok_or(Refusal::Damaged)?;
            grow(u64::from(w), u64::from(h))?;
        }
    }
    let mut tracks = Vec::new();
    let moov = boxes(bytes).find(|(k, _)| k == b"moov").map(|(_, b)| b);
    for (kind, trak) in boxes(moov.unwrap_or_default()) {
        if &kind != b"trak" {
            continue;
        }
        let tkhd = boxes(trak)
            .find(|(k, _)| k == b"tkhd")
            .ok_or(Refusal::Damaged)?
            .1;
        // version 1: 64-bit times and duration (12 more bytes before the size)
        let at = if tkhd.first() == Some(&1) { 88 } else { 76 };
        let w = be32(tkhd, at).ok_or(Refusal::Damaged)? >> 16;
        let h = be32(tkhd, at + 4).ok_or(Refusal::Damaged)? >> 16;
        grow(u64::from(w), u64::from(h))?;
        let samples = ["mdia", "minf", "stbl", "stsz"]
            .iter()
            .try_fold(trak, |b, name| {
                boxes(b).find(|(k, _)| k == name.as_bytes()).map(|(_, b)| b)
            })
            .and_then(|stsz| be32(stsz, 8))
            .ok_or(Refusal::Damaged)?;
        tracks.push(u64::from(samples));
    }
    let (w, h) = largest.ok_or(Refusal::Damaged)?;
    let mut tally = Tally::new(w, h)?;
    tally.frames(tracks.into_iter().max().unwrap_or(1).max(1))?;
    Ok(tally.done())
}

#[cfg(test)]
mod tests;
