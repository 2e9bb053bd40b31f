use super::*;

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

fn pixels() -> image::RgbImage {
    image::RgbImage::from_fn(24, 16, |x, y| {
        image::Rgb([(x * 10) as u8, (y * 15) as u8, 128])
    })
}

fn encoded(format: image::ImageFormat) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    pixels().write_to(&mut out, format).unwrap();
    out.into_inner()
}

fn decoded(bytes: &[u8]) -> image::RgbImage {
    image::load_from_memory(bytes).unwrap().to_rgb8()
}

fn segment(marker: u8, payload: &[u8]) -> Vec<u8> {
    let mut s = vec![0xFF, marker];
    s.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    s.extend_from_slice(payload);
    s
}

/// EXIF with the orientation `o` and a GPS latitude reference "N" and an owner's name.
pub(crate) fn gps_exif(o: u16) -> Vec<u8> {
    let mut b = b"MM\0\x2a".to_vec();
    b.extend_from_slice(&8u32.to_be_bytes());
    b.extend_from_slice(&3u16.to_be_bytes());
    b.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1]);
    b.extend_from_slice(&o.to_be_bytes());
    b.extend_from_slice(&[0, 0]);
    // Artist, 13 ASCII bytes at offset 50.
    b.extend_from_slice(&[0x01, 0x3B, 0, 2, 0, 0, 0, 13, 0, 0, 0, 50]);
    b.extend_from_slice(&[0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 64]);
    b.extend_from_slice(&0u32.to_be_bytes());
    b.extend_from_slice(b"Mariam Kaabi\0\0");
    b.extend_from_slice(&1u16.to_be_bytes());
    b.extend_from_slice(&[0x00, 0x01, 0, 2, 0, 0, 0, 2]);
    b.extend_from_slice(b"N\0\0\0");
    b.extend_from_slice(&0u32.to_be_bytes());
    b
}

/// A JPEG as a phone and an editor leave it: JFIF with a thumbnail, a JFXX thumbnail, EXIF
/// with GPS before the scan, and after the scan (where a progressive JPEG's later scans are)
/// another EXIF, XMP, a comment and a C2PA manifest (APP11); then a second picture.
pub(crate) fn tagged_jpeg(orientation: u16) -> Vec<u8> {
    let plain = encoded(image::ImageFormat::Jpeg);
    // Its segments after SOI, JFIF or not, up to the end.
    let rest = &plain[2..];
    let rest = if rest[1] == 0xE0 {
        let len = u16::from_be_bytes([rest[2], rest[3]]) as usize;
        &rest[2 + len..]
    } else {
        rest
    };
    let mut jfif = b"JFIF\0\x01\x02\x00\x00\x48\x00\x48\x01\x01".to_vec();
    jfif.extend_from_slice(b"THB");
    let mut b = vec![0xFF, 0xD8];
    b.extend(segment(0xE0, &jfif));
    b.extend(segment(
        0xE0,
        b"JFXX\0\x10\xFF\xD8thumbnail: Mariam's desk\xFF\xD9",
    ));
    b.extend(segment(
        0xE1,
        &[&b"Exif\0\0"[..], &gps_exif(orientation)].concat(),
    ));
    b.extend_from_slice(&rest[..rest.len() - 2]);
    b.extend(segment(0xE1, &[&b"Exif\0\0"[..], &gps_exif(1)].concat()));
    b.extend(segment(
        0xE1,
        b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Al Barsha</x:xmpmeta>",
    ));
    b.extend(segment(0xFE, b"shot on SN 4417"));
    b.extend(segment(0xEB, b"JP\0\x11c2pa manifest: author Mariam"));
    b.extend_from_slice(&[0xFF, 0xD9]);
    b.extend_from_slice(b"\xFF\xD8\xFF\xE1 second picture GPS 25.2048\xFF\xD9");
    b
}

const SECRETS: [&[u8]; 7] = [
    b"Mariam",
    b"Al Barsha",
    b"SN 4417",
    b"25.2048",
    b"THB",
    b"thumbnail",
    b"c2pa",
];

#[test]
fn a_jpeg_keeps_only_its_picture_and_orientation_wherever_its_metadata_was() {
    let source = tagged_jpeg(6);
    for s in SECRETS {
        assert!(contains(&source, s), "{}", String::from_utf8_lossy(s));
    }
    let out = jpeg(&source).unwrap();
    for s in SECRETS {
        assert!(!contains(&out, s), "{}", String::from_utf8_lossy(s));
    }
    assert_eq!(decoded(&out), decoded(&encoded(image::ImageFormat::Jpeg)));
    // JFIF stays, without its thumbnail; the orientation is the only EXIF.
    assert!(contains(
        &out,
        b"JFIF\0\x01\x02\x00\x00\x48\x00\x48\x00\x00"
    ));
    let exif = super::super::photo::minimal_exif(6);
    assert!(contains(&out, &exif));
    assert!(!contains(&out, b"JFXX") && !contains(&out, b"http://ns.adobe.com"));
    assert!(out.ends_with(&[0xFF, 0xD9]));
    assert_eq!(jpeg(&out).unwrap(), out, "stripping again changes nothing");
    // Upright: no EXIF at all.
    assert!(!contains(&jpeg(&tagged_jpeg(1)).unwrap(), b"Exif"));
    // Cut short: refused.
    assert_eq!(jpeg(&out[..out.len() / 2]), None);
    assert_eq!(jpeg(&out[..out.len() - 2]), None);
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    write_png_chunk(&mut out, kind, data).unwrap();
    out
}

/// A PNG with text, EXIF (GPS and orientation 3), time, a C2PA manifest (`caBX`) and a
/// private chunk, before and after its image data.
pub(crate) fn tagged_png() -> Vec<u8> {
    let plain = encoded(image::ImageFormat::Png);
    let ihdr_end = 8 + 25;
    let mut b = plain[..ihdr_end].to_vec();
    b.extend(png_chunk(b"tEXt", b"Author\0Mariam"));
    b.extend(png_chunk(b"eXIf", &gps_exif(3)));
    b.extend(png_chunk(b"caBX", b"c2pa manifest: Al Barsha"));
    b.extend(png_chunk(b"prVt", b"SN 4417"));
    let iend = plain.len() - 12;
    b.extend_from_slice(&plain[ihdr_end..iend]);
    b.extend(png_chunk(b"zTXt", b"Comment\0\0x"));
    b.extend(png_chunk(b"tIME", &[7, 234, 1, 1, 0, 0, 0]));
    b.extend_from_slice(&plain[iend..]);
    b.extend_from_slice(b"appended: 25.2048");
    b
}

#[test]
fn a_png_keeps_only_allowed_chunks_and_its_orientation() {
    let source = tagged_png();
    let out = png(&source).unwrap();
    for s in [
        &b"Mariam"[..],
        b"Al Barsha",
        b"SN 4417",
        b"25.2048",
        b"caBX",
        b"tIME",
    ] {
        assert!(contains(&source, s));
        assert!(!contains(&out, s), "{}", String::from_utf8_lossy(s));
    }
    assert!(contains(&out, &super::super::photo::minimal_exif(3)));
    assert_eq!(decoded(&out), pixels());
    assert_eq!(png(&out).unwrap(), out);
}

fn riff_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    write_riff_chunk(&mut out, kind, data).unwrap();
    out
}

/// An extended WebP with EXIF (GPS, orientation 8), XMP, a C2PA manifest and a private chunk.
pub(crate) fn tagged_webp() -> Vec<u8> {
    let plain = encoded(image::ImageFormat::WebP);
    let chunks = webp_chunks(&plain).unwrap();
    let (kind, data) = chunks[0];
    let mut vp8x = vec![0x08 | 0x04, 0, 0, 0];
    vp8x.extend_from_slice(&[23, 0, 0, 15, 0, 0]);
    let mut body = riff_chunk(b"VP8X", &vp8x);
    body.extend(riff_chunk(&kind, data));
    body.extend(riff_chunk(b"EXIF", &gps_exif(8)));
    body.extend(riff_chunk(b"XMP ", b"<x:xmpmeta>Al Barsha</x:xmpmeta>"));
    body.extend(riff_chunk(b"C2PA", b"c2pa manifest: Mariam"));
    body.extend(riff_chunk(b"PRIV", b"SN 4417"));
    let mut b = b"RIFF".to_vec();
    b.extend_from_slice(&(body.len() as u32 + 4).to_le_bytes());
    b.extend_from_slice(b"WEBP");
    b.extend(body);
    b
}

#[test]
fn a_webp_keeps_only_its_image_and_orientation() {
    let source = tagged_webp();
    assert_eq!(decoded(&source), pixels());
    let out = webp(&source).unwrap();
    for s in [&b"Mariam"[..], b"Al Barsha", b"SN 4417", b"C2PA", b"XMP "] {
        assert!(contains(&source, s));
        assert!(!contains(&out, s), "{}", String::from_utf8_lossy(s));
    }
    assert_eq!(decoded(&out), pixels());
    let chunks = webp_chunks(&out).unwrap();
    let kinds: Vec<&[u8; 4]> = chunks.iter().map(|(k, _)| k).collect();
    assert_eq!(kinds, [b"VP8X", b"VP8L", b"EXIF"]);
    assert_eq!(chunks[0].1[0], VP8X_EXIF, "only the EXIF flag");
    assert_eq!(chunks[2].1, super::super::photo::minimal_exif(8));
    assert_eq!(webp(&out).unwrap(), out);
}

#[test]
fn no_cut_or_flipped_byte_panics_the_rewriting() {
    for bytes in [tagged_jpeg(6), tagged_png(), tagged_webp()] {
        for end in (0..bytes.len()).step_by(7) {
            for f in [jpeg, png, webp] {
                let _ = f(&bytes[..end]);
            }
        }
        for at in (0..bytes.len()).step_by(3) {
            let mut b = bytes.clone();
            b[at] ^= 0xFF;
            for f in [jpeg, png, webp] {
                let _ = f(&b);
            }
        }
    }
}
