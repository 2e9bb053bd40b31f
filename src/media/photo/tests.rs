use super::*;
use img_parts::jpeg::JpegSegment;
use img_parts::png::PngChunk;

/// A small photo with a gradient, encoded by the `image` crate.
fn pixels() -> image::RgbImage {
    image::RgbImage::from_fn(24, 16, |x, y| {
        image::Rgb([(x * 10) as u8, (y * 15) as u8, 128])
    })
}

fn jpeg() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    pixels()
        .write_to(&mut out, image::ImageFormat::Jpeg)
        .unwrap();
    out.into_inner()
}

fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    pixels()
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

/// EXIF as a phone writes it, in short: the orientation, and a GPS block saying where.
fn phone_exif(orientation: u16) -> Vec<u8> {
    let mut b = Vec::new();
    b.extend_from_slice(b"MM\0\x2a");
    b.extend_from_slice(&8u32.to_be_bytes());
    // IFD0: two entries.
    b.extend_from_slice(&2u16.to_be_bytes());
    b.extend_from_slice(&0x0112u16.to_be_bytes());
    b.extend_from_slice(&3u16.to_be_bytes());
    b.extend_from_slice(&1u32.to_be_bytes());
    b.extend_from_slice(&orientation.to_be_bytes());
    b.extend_from_slice(&[0, 0]);
    b.extend_from_slice(&0x8825u16.to_be_bytes()); // GPS IFD pointer
    b.extend_from_slice(&4u16.to_be_bytes());
    b.extend_from_slice(&1u32.to_be_bytes());
    b.extend_from_slice(&38u32.to_be_bytes());
    b.extend_from_slice(&0u32.to_be_bytes());
    // The GPS IFD: GPSLatitudeRef "N".
    b.extend_from_slice(&1u16.to_be_bytes());
    b.extend_from_slice(&0x0001u16.to_be_bytes());
    b.extend_from_slice(&2u16.to_be_bytes());
    b.extend_from_slice(&2u32.to_be_bytes());
    b.extend_from_slice(b"N\0\0\0");
    b.extend_from_slice(&0u32.to_be_bytes());
    b
}

/// The JPEG with the phone's EXIF, an XMP packet, a comment, and a second picture after the
/// end of the first (as MPF files carry, with their own EXIF).
fn phone_jpeg(orientation: u16) -> Vec<u8> {
    let mut j = Jpeg::from_bytes(Bytes::from(jpeg())).unwrap();
    j.set_exif(Some(Bytes::from(phone_exif(orientation))));
    let xmp = b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Creator: Mariam, Al Barsha</x:xmpmeta>";
    j.segments_mut().insert(
        1,
        JpegSegment::new_with_contents(markers::APP1, Bytes::copy_from_slice(xmp)),
    );
    j.segments_mut().insert(
        1,
        JpegSegment::new_with_contents(markers::COM, Bytes::from_static(b"iPhone 15 Pro SN 4417")),
    );
    let mut out = j.encoder().bytes().to_vec();
    out.extend_from_slice(b"\xFF\xD8\xFF\xE1 second picture: GPS 25.2048 55.2708\xFF\xD9");
    out
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

fn exif_fields(bytes: &[u8]) -> Vec<exif::Tag> {
    let Some(raw) = Jpeg::from_bytes(Bytes::copy_from_slice(bytes))
        .unwrap()
        .exif()
    else {
        return vec![];
    };
    exif::Reader::new()
        .read_raw(raw.to_vec())
        .unwrap()
        .fields()
        .map(|f| f.tag)
        .collect()
}

#[test]
fn a_phone_jpeg_loses_its_place_device_and_names_and_keeps_its_orientation_and_pixels() {
    let source = phone_jpeg(6);
    assert!(exif_fields(&source).contains(&exif::Tag::GPSLatitudeRef));
    let out = strip(Kind::Jpeg, &source);
    assert_eq!(exif_fields(&out), vec![exif::Tag::Orientation]);
    assert_eq!(
        orientation(
            &Jpeg::from_bytes(Bytes::from(out.clone()))
                .unwrap()
                .exif()
                .unwrap()
        ),
        Some(6)
    );
    for secret in [
        &b"Mariam"[..],
        b"Al Barsha",
        b"SN 4417",
        b"25.2048",
        b"xmpmeta",
    ] {
        assert!(contains(&source, secret));
        assert!(
            !contains(&out, secret),
            "{}",
            String::from_utf8_lossy(secret)
        );
    }
    assert!(out.ends_with(&[0xFF, 0xD9]));
    // The image data is the same bytes, so the same pixels.
    let decoded = |b: &[u8]| image::load_from_memory(b).unwrap().to_rgb8();
    assert_eq!(decoded(&out), decoded(&jpeg()));
    assert!(check(Kind::Jpeg, &out).is_none());
    // Stripping again changes nothing.
    assert_eq!(strip(Kind::Jpeg, &out), out);
}

#[test]
fn an_upright_photo_keeps_no_exif_at_all() {
    let out = strip(Kind::Jpeg, &phone_jpeg(1));
    assert!(Jpeg::from_bytes(Bytes::from(out)).unwrap().exif().is_none());
}

#[test]
fn a_png_loses_its_text_time_and_exif_chunks_and_keeps_its_pixels() {
    let mut p = Png::from_bytes(Bytes::from(png())).unwrap();
    for (kind, data) in [
        (*b"tEXt", &b"Author\0Mariam Al Kaabi"[..]),
        (*b"eXIf", &phone_exif(1)[..]),
        (*b"tIME", &[7, 234, 11, 27, 10, 0, 0][..]),
    ] {
        p.chunks_mut()
            .insert(1, PngChunk::new(kind, Bytes::copy_from_slice(data)));
    }
    let source = p.encoder().bytes().to_vec();
    let out = strip(Kind::Png, &source);
    assert!(contains(&source, b"Mariam") && !contains(&out, b"Mariam"));
    let kept = Png::from_bytes(Bytes::from(out.clone())).unwrap();
    for chunk in PNG_METADATA {
        assert!(kept.chunk_by_type(chunk).is_none());
    }
    let decoded = |b: &[u8]| image::load_from_memory(b).unwrap().to_rgb8();
    assert_eq!(decoded(&out), pixels());
}

#[test]
fn an_empty_a_cut_short_and_a_huge_image_are_refused_before_decoding() {
    let (message, _) = check(Kind::Jpeg, &[]).unwrap();
    assert!(message.contains("empty"), "{message}");
    let whole = jpeg();
    let (message, _) = check(Kind::Jpeg, &whole[..whole.len() / 3]).unwrap();
    assert!(message.contains("damaged or cut short"), "{message}");
    assert!(check(Kind::Jpeg, &whole).is_none());
    // A PNG whose header says 30,000 × 30,000 pixels: a few dozen bytes, 900 megapixels.
    let header = |w: u32, h: u32| {
        let mut ihdr = Vec::new();
        ihdr.extend_from_slice(&w.to_be_bytes());
        ihdr.extend_from_slice(&h.to_be_bytes());
        ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
        let mut p = Png::from_bytes(Bytes::from(png())).unwrap();
        p.chunks_mut()[0] = PngChunk::new(*b"IHDR", Bytes::from(ihdr));
        p.encoder().bytes().to_vec()
    };
    let (message, help) = check(Kind::Png, &header(30_000, 30_000)).unwrap();
    assert!(
        message.contains("30000 × 30000 pixels (900 megapixels)"),
        "{message}"
    );
    assert!(help.contains("at most 64 megapixels"), "{help}");
    // A 12-megapixel phone photo is fine.
    assert!(check(Kind::Png, &header(4000, 3000)).is_none());
}

#[test]
fn a_photo_without_metadata_is_published_byte_for_byte() {
    for (kind, bytes) in [
        (
            Kind::Jpeg,
            &include_bytes!("../../../tests/fixtures/media/tiny.jpg")[..],
        ),
        (
            Kind::Png,
            &include_bytes!("../../../tests/fixtures/media/tiny.png")[..],
        ),
    ] {
        assert!(check(kind, bytes).is_none());
        assert_eq!(strip(kind, bytes), bytes);
    }
}

#[test]
fn gif_avif_pdf_and_svg_are_published_as_checked() {
    for kind in [Kind::Gif, Kind::Avif, Kind::Pdf, Kind::Svg] {
        assert!(!is_stripped(kind));
        assert_eq!(strip(kind, b"bytes"), b"bytes");
    }
}
