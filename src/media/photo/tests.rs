use super::*;
use img_parts::jpeg::{JpegSegment, markers};
use img_parts::png::PngChunk;

/// The published bytes of a checked file.
fn strip(kind: Kind, bytes: &[u8]) -> Vec<u8> {
    crate::media::strip::published(kind, bytes).unwrap()
}

/// PNG chunks that hold metadata: EXIF, text (comments, the software, an author) and the time.
const PNG_METADATA: [[u8; 4]; 5] = [*b"eXIf", *b"tEXt", *b"zTXt", *b"iTXt", *b"tIME"];

/// [`super::check`]'s message and help, in English.
fn check(kind: Kind, bytes: &[u8]) -> Option<(String, String)> {
    super::check(kind, bytes).map(|(m, h)| (m.render("en"), h.render("en")))
}

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

/// An animated GIF of two frames that loops, as a phone app saves it: with a comment and an
/// XMP packet (an application extension) saying where it was made.
fn tagged_gif() -> Vec<u8> {
    let mut out = Vec::new();
    {
        let palette = [0u8, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255];
        let mut encoder = gif::Encoder::new(&mut out, 4, 2, &palette).unwrap();
        encoder.set_repeat(gif::Repeat::Infinite).unwrap();
        encoder
            .write_raw_extension(gif::AnyExtension(0xFE), &[b"GPS 25.2048,55.2708"])
            .unwrap();
        encoder
            .write_raw_extension(
                gif::AnyExtension(0xFF),
                &[
                    b"XMP DataXMP",
                    b"<x:xmpmeta><exif:GPSLatitude>25,12N</exif:GPSLatitude></x:xmpmeta>",
                ],
            )
            .unwrap();
        for (i, pixels) in [[0u8, 1, 2, 3, 3, 2, 1, 0], [1, 1, 1, 1, 2, 2, 2, 2]]
            .iter()
            .enumerate()
        {
            let mut frame = gif::Frame::from_indexed_pixels(4, 2, pixels.to_vec(), None);
            frame.delay = 10 + i as u16;
            encoder.write_frame(&frame).unwrap();
        }
    }
    out
}

/// Every frame of a GIF as RGBA, with its delay.
fn gif_frames(bytes: &[u8]) -> Vec<(u16, Vec<u8>)> {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(bytes).unwrap();
    let mut frames = Vec::new();
    while let Some(frame) = decoder.read_next_frame().unwrap() {
        frames.push((frame.delay, frame.buffer.to_vec()));
    }
    frames
}

#[test]
fn a_gif_loses_its_comments_and_xmp_and_keeps_its_frames_timing_and_loop() {
    let tagged = tagged_gif();
    assert!(contains(&tagged, b"GPS 25.2048") && contains(&tagged, b"XMP DataXMP"));
    assert!(is_stripped(Kind::Gif));
    assert!(check(Kind::Gif, &tagged).is_none());
    let stripped = strip(Kind::Gif, &tagged);
    assert!(!contains(&stripped, b"GPS"), "the comment is gone");
    assert!(!contains(&stripped, b"XMP"), "the XMP packet is gone");
    assert!(contains(&stripped, b"NETSCAPE2.0"), "it still loops");
    assert_eq!(gif_frames(&stripped), gif_frames(&tagged));
    assert_eq!(gif_frames(&stripped).len(), 2);
    // Stripped again, nothing changes; cut short, it is damaged.
    assert_eq!(strip(Kind::Gif, &stripped), stripped);
    let cut = &tagged[..tagged.len() - 20];
    assert!(
        check(Kind::Gif, cut)
            .unwrap()
            .0
            .contains("damaged or cut short")
    );
}

/// An ISO BMFF box.
fn iso_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut b = ((body.len() + 8) as u32).to_be_bytes().to_vec();
    b.extend_from_slice(kind);
    b.extend_from_slice(body);
    b
}

/// The boxes of an AVIF file down to its items' types (no image data: what the walk reads).
fn avif_with_items(types: &[&[u8; 4]], infe_version: u8) -> Vec<u8> {
    let mut iinf = vec![0, 0, 0, 0];
    iinf.extend_from_slice(&(types.len() as u16).to_be_bytes());
    for (id, kind) in types.iter().enumerate() {
        let mut infe = vec![infe_version, 0, 0, 0];
        if infe_version == 3 {
            infe.extend_from_slice(&(id as u32 + 1).to_be_bytes());
        } else {
            infe.extend_from_slice(&(id as u16 + 1).to_be_bytes());
        }
        infe.extend_from_slice(&[0, 0]);
        infe.extend_from_slice(*kind);
        iinf.extend(iso_box(b"infe", &infe));
    }
    let mut meta = vec![0, 0, 0, 0];
    meta.extend(iso_box(b"hdlr", &[0; 24]));
    meta.extend(iso_box(b"iinf", &iinf));
    let mut file = iso_box(b"ftyp", b"avifmif1miafMA1B");
    file.extend(iso_box(b"meta", &meta));
    file.extend(iso_box(b"mdat", &[0; 16]));
    file
}

#[test]
fn an_avif_with_exif_or_xmp_is_refused_and_one_without_is_not() {
    assert_eq!(avif_metadata(&avif_with_items(&[b"av01"], 2)), None);
    assert_eq!(
        avif_metadata(&avif_with_items(&[b"av01", b"Exif"], 2)),
        Some("EXIF")
    );
    assert_eq!(
        avif_metadata(&avif_with_items(&[b"av01", b"Exif"], 3)),
        Some("EXIF")
    );
    assert_eq!(
        avif_metadata(&avif_with_items(&[b"mime", b"av01"], 2)),
        Some("XMP")
    );
    // Cut anywhere, the walk stops without a panic (and the size check refuses the file).
    let tagged = avif_with_items(&[b"av01", b"Exif"], 2);
    for end in 0..tagged.len() {
        let _ = avif_metadata(&tagged[..end]);
    }
    // A box that claims more than the file, or less than its header.
    let mut lying = tagged.clone();
    lying[3] = 4;
    assert_eq!(avif_metadata(&lying), None);
}

#[test]
fn only_avif_is_published_as_checked() {
    assert!(!is_stripped(Kind::Avif));
    assert_eq!(strip(Kind::Avif, b"bytes"), b"bytes");
    for kind in [
        Kind::Jpeg,
        Kind::Png,
        Kind::Gif,
        Kind::WebP,
        Kind::Pdf,
        Kind::Svg,
    ] {
        assert!(is_stripped(kind));
    }
}
