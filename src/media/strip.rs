//! Published originals without their metadata: each JPEG, PNG and WebP is written again from an
//! allow-list of its segments or chunks, walking the whole file (not only what comes before the
//! first scan: a progressive JPEG can carry EXIF, XMP or a comment between its scans), and what
//! follows the image's end (a second picture, an appended archive) is dropped.
//!
//! Kept, because the picture needs them: the image data and its tables, the colour profile
//! (`ICC_PROFILE`, `iCCP`, `ICCP`) and colour descriptions (`sRGB`, `gAMA`, `cHRM`, `cICP`,
//! Adobe's `APP14` transform), transparency, an APNG's or animated WebP's frames, and JFIF's
//! density (its thumbnail removed: a second, small copy of the picture). The EXIF orientation is
//! kept, not applied (applying it would re-encode the photo): it is written again as a minimal
//! EXIF block of that one tag, so a portrait photo is shown upright and nothing else of the EXIF
//! (GPS position, device, owner) remains. Everything else goes: EXIF, XMP, IPTC, comments,
//! MPF, JFXX thumbnails, C2PA manifests (`APP11`, `caBX`, `C2PA`), text and time chunks, and
//! every private chunk.

use super::kind::Kind;
use super::measure::{png_chunks, riff_chunks, webp_chunks};

/// The published bytes of a checked file of `kind`: a raster image without its metadata
/// ([`strip`]), an SVG or a PDF cleaned (`svg_clean.rs`, `pdf_clean.rs`); an AVIF as it is
/// (refused when it carries metadata). None when the file cannot be rewritten (refused by
/// `check`).
pub(super) fn published(kind: Kind, bytes: &[u8]) -> Option<Vec<u8>> {
    match kind {
        Kind::Jpeg => jpeg(bytes),
        Kind::Png => png(bytes),
        Kind::WebP => webp(bytes),
        Kind::Gif => super::photo::strip_gif(bytes),
        Kind::Svg => super::svg_clean::clean(bytes),
        Kind::Pdf => super::pdf_clean::clean(bytes).ok(),
        Kind::Avif => Some(bytes.to_vec()),
    }
}

/// A JPEG written again from its allow-listed segments, up to its end (EOI). None when its
/// segments do not parse or it ends before EOI.
pub(super) fn jpeg(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut rest = bytes.strip_prefix(&[0xFF, 0xD8])?;
    let mut jfif: Option<Vec<u8>> = None;
    let mut body: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut orientation = None;
    let mut scanned = false;
    loop {
        // A marker, after any fill bytes.
        rest = rest.strip_prefix(&[0xFF])?;
        while let Some(r) = rest.strip_prefix(&[0xFF]) {
            rest = r;
        }
        let (&marker, after) = rest.split_first()?;
        rest = after;
        match marker {
            0xD9 => break,
            0xD8 => return None,
            // Standalone markers with no length (TEM, restart markers outside a scan).
            0x01 | 0xD0..=0xD7 => continue,
            _ => {}
        }
        let len = usize::from(u16::from_be_bytes(rest.get(..2)?.try_into().ok()?));
        let payload = rest.get(2..len.max(2))?;
        let segment = |out: &mut Vec<u8>, payload: &[u8]| -> Option<()> {
            out.extend_from_slice(&[0xFF, marker]);
            out.extend_from_slice(&u16::try_from(payload.len() + 2).ok()?.to_be_bytes());
            out.extend_from_slice(payload);
            Some(())
        };
        if len < 2 {
            return None;
        }
        rest = rest.get(len..)?;
        match marker {
            // Frames (SOF0-15 but JPG, C8), Huffman and arithmetic tables, quantisation
            // tables, restart interval, number of lines, hierarchical progression, expansion.
            0xC0..=0xC7 | 0xC9..=0xCF | 0xDB..=0xDF => segment(&mut body, payload)?,
            // JFIF: its density, without its thumbnail. JFXX and other APP0 go.
            0xE0 if payload.starts_with(b"JFIF\0") && jfif.is_none() => {
                let mut p = payload.get(..12)?.to_vec();
                p.extend_from_slice(&[0, 0]);
                let mut out = Vec::new();
                segment(&mut out, &p)?;
                jfif = Some(out);
            }
            0xE1 if !scanned && orientation.is_none() => {
                if let Some(tiff) = payload.strip_prefix(b"Exif\0\0") {
                    orientation = Some(super::photo::orientation(tiff));
                }
            }
            0xE2 if payload.starts_with(b"ICC_PROFILE\0") => segment(&mut body, payload)?,
            // Adobe: how the colours are coded (12 bytes; anything past them goes).
            0xEE if payload.starts_with(b"Adobe") => segment(&mut body, payload.get(..12)?)?,
            0xDA => {
                segment(&mut body, payload)?;
                scanned = true;
                // The entropy-coded data: up to the first marker that is not a stuffed 0xFF
                // (FF 00) or a restart marker (FF D0-D7).
                let mut at = 0;
                loop {
                    let ff = memchr::memchr(0xFF, rest.get(at..)?)? + at;
                    match rest.get(ff + 1)? {
                        0x00 | 0xD0..=0xD7 | 0xFF => at = ff + 1,
                        _ => {
                            body.extend_from_slice(rest.get(..ff)?);
                            rest = rest.get(ff..)?;
                            break;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if !scanned {
        return None;
    }
    let mut out = Vec::with_capacity(body.len() + 64);
    out.extend_from_slice(&[0xFF, 0xD8]);
    out.extend(jfif.unwrap_or_default());
    if let Some(o) = orientation.flatten() {
        let exif = [&b"Exif\0\0"[..], &super::photo::minimal_exif(o)[..]].concat();
        out.extend_from_slice(&[0xFF, 0xE1]);
        out.extend_from_slice(&u16::try_from(exif.len() + 2).ok()?.to_be_bytes());
        out.extend_from_slice(&exif);
    }
    out.extend(body);
    out.extend_from_slice(&[0xFF, 0xD9]);
    Some(out)
}

/// PNG chunks that draw the picture, or say how its colours or animation are shown.
const PNG_KEPT: [&[u8; 4]; 17] = [
    b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"cHRM", b"gAMA", b"iCCP", b"sBIT", b"sRGB",
    b"cICP", b"mDCV", b"cLLI", b"pHYs", b"acTL", b"fcTL", b"fdAT",
];

/// A PNG written again from its allow-listed chunks (each copied with its CRC), with a minimal
/// `eXIf` holding the orientation when it was not upright.
pub(super) fn png(bytes: &[u8]) -> Option<Vec<u8>> {
    let chunks = png_chunks(bytes)?;
    let orientation = chunks
        .iter()
        .find(|(k, _)| k == b"eXIf")
        .and_then(|(_, data)| super::photo::orientation(data));
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(b"\x89PNG\r\n\x1a\n");
    let mut exif = orientation.map(super::photo::minimal_exif);
    let mut at = 8;
    for (kind, data) in &chunks {
        let whole = bytes.get(at..at + data.len() + 12)?;
        at += data.len() + 12;
        if (kind == b"IDAT" || kind == b"fcTL")
            && let Some(exif) = exif.take()
        {
            write_png_chunk(&mut out, b"eXIf", &exif)?;
        }
        if PNG_KEPT.contains(&kind) {
            out.extend_from_slice(whole);
        }
    }
    Some(out)
}

fn write_png_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) -> Option<()> {
    out.extend_from_slice(&u32::try_from(data.len()).ok()?.to_be_bytes());
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    out.extend_from_slice(&crc.finalize().to_be_bytes());
    Some(())
}

/// WebP chunks that draw the picture (an animation frame keeps only these inside it).
const WEBP_IMAGE: [&[u8; 4]; 3] = [b"ALPH", b"VP8 ", b"VP8L"];

/// VP8X's flags: ICC profile, alpha, EXIF, XMP, animation.
const VP8X_ICC: u8 = 0x20;
const VP8X_ALPHA: u8 = 0x10;
const VP8X_EXIF: u8 = 0x08;
const VP8X_ANIMATION: u8 = 0x02;

/// A WebP written again from its allow-listed chunks: the canvas (`VP8X`, its flags set for
/// what is kept), the colour profile, the animation and its frames, the image, and a minimal
/// `EXIF` holding the orientation when it was not upright.
pub(super) fn webp(bytes: &[u8]) -> Option<Vec<u8>> {
    let chunks = webp_chunks(bytes)?;
    let extended = chunks.first().is_some_and(|(k, _)| k == b"VP8X");
    let orientation = chunks
        .iter()
        .find(|(k, _)| k == b"EXIF")
        .and_then(|(_, data)| {
            // Some writers keep JPEG's `Exif\0\0` before the TIFF header.
            super::photo::orientation(data.strip_prefix(b"Exif\0\0").unwrap_or(data))
        })
        .filter(|_| extended);
    let mut body = Vec::with_capacity(bytes.len());
    let mut icc = false;
    for (kind, data) in &chunks {
        match kind {
            b"VP8X" => {
                let mut vp8x = data.to_vec();
                let flags = vp8x.first_mut()?;
                let has_icc = chunks.iter().any(|(k, _)| k == b"ICCP");
                *flags &= VP8X_ALPHA | VP8X_ANIMATION | if has_icc { VP8X_ICC } else { 0 };
                if orientation.is_some() {
                    *flags |= VP8X_EXIF;
                }
                write_riff_chunk(&mut body, kind, &vp8x)?;
            }
            b"ICCP" if extended && !icc => {
                icc = true;
                write_riff_chunk(&mut body, kind, data)?;
            }
            b"ANIM" if extended => write_riff_chunk(&mut body, kind, data)?,
            b"ANMF" if extended => {
                let mut frame = data.get(..16)?.to_vec();
                for (k, d) in riff_chunks(data.get(16..)?)? {
                    if WEBP_IMAGE.contains(&&k) {
                        write_riff_chunk(&mut frame, &k, d)?;
                    }
                }
                write_riff_chunk(&mut body, kind, &frame)?;
            }
            k if WEBP_IMAGE.contains(&k) => write_riff_chunk(&mut body, kind, data)?,
            _ => {}
        }
    }
    if let Some(o) = orientation {
        write_riff_chunk(&mut body, b"EXIF", &super::photo::minimal_exif(o))?;
    }
    let mut out = Vec::with_capacity(body.len() + 12);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&u32::try_from(body.len() + 4).ok()?.to_le_bytes());
    out.extend_from_slice(b"WEBP");
    out.extend(body);
    Some(out)
}

fn write_riff_chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) -> Option<()> {
    out.extend_from_slice(kind);
    out.extend_from_slice(&u32::try_from(data.len()).ok()?.to_le_bytes());
    out.extend_from_slice(data);
    if data.len() % 2 == 1 {
        out.push(0);
    }
    Some(())
}

#[cfg(test)]
mod tests;
