use super::*;

/// A GIF by hand: a `screen` with a two-colour table, and `frames` (left, top, width,
/// height), each an empty LZW stream (clear, end): what the measure reads is the headers.
pub(crate) fn gif_of(screen: (u16, u16), frames: &[(u16, u16, u16, u16)]) -> Vec<u8> {
    let mut b = b"GIF89a".to_vec();
    b.extend_from_slice(&screen.0.to_le_bytes());
    b.extend_from_slice(&screen.1.to_le_bytes());
    b.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    for &(left, top, w, h) in frames {
        b.push(0x2C);
        for v in [left, top, w, h] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&[0, 2, 1, 0x2C, 0]);
    }
    b.push(0x3B);
    b
}

fn gif_bomb() -> Vec<u8> {
    gif_of((1, 1), &[(0, 0, 20_000, 20_000)])
}

#[test]
fn a_gif_whose_frame_is_larger_than_its_screen_is_refused() {
    let bomb = gif_bomb();
    assert!(bomb.len() < 64, "{}", bomb.len());
    // The header alone says 1 × 1.
    let header = imagesize::blob_size(&bomb).unwrap();
    assert_eq!((header.width, header.height), (1, 1));
    assert_eq!(
        measure(Kind::Gif, &bomb),
        Some(Err(Refusal::FrameOutside {
            frame: 1,
            width: 20_000,
            height: 20_000,
            left: 0,
            top: 0,
            screen: (1, 1),
        }))
    );
    // A frame placed past the screen's edge, the second of two.
    let shifted = gif_of((100, 100), &[(0, 0, 100, 100), (50, 0, 60, 10)]);
    assert!(matches!(
        measure(Kind::Gif, &shifted),
        Some(Err(Refusal::FrameOutside { frame: 2, .. }))
    ));
    let fine = gif_of((100, 100), &[(0, 0, 100, 100), (40, 0, 60, 10)]);
    assert_eq!(
        measure(Kind::Gif, &fine),
        Some(Ok(Measured {
            width: 100,
            height: 100,
            frames: 2
        }))
    );
}

#[test]
fn a_gif_of_many_large_frames_is_refused_after_reading_few() {
    // 20,000 frames of 8,000 × 8,000: 1.28 million megapixels to draw.
    let frames = vec![(0, 0, 8000, 8000); 20_000];
    let bomb = gif_of((8000, 8000), &frames);
    assert!(bomb.len() < 500_000, "{}", bomb.len());
    assert_eq!(
        measure(Kind::Gif, &bomb),
        Some(Err(Refusal::TooMuchAnimation {
            frames: 16,
            screen: (8000, 8000)
        }))
    );
    // Small frames, too many of them.
    let many = gif_of((10, 10), &vec![(0, 0, 10, 10); 1_200]);
    assert_eq!(measure(Kind::Gif, &many), Some(Err(Refusal::TooManyFrames)));
    let enough = gif_of((10, 10), &vec![(0, 0, 10, 10); 1_000]);
    assert!(matches!(measure(Kind::Gif, &enough), Some(Ok(m)) if m.frames == 1_000));
    // A screen over the cap, and one of no pixels.
    assert!(matches!(
        measure(Kind::Gif, &gif_of((9000, 9000), &[(0, 0, 1, 1)])),
        Some(Err(Refusal::TooLarge { .. }))
    ));
    assert_eq!(
        measure(Kind::Gif, &gif_of((0, 10), &[(0, 0, 0, 0)])),
        Some(Err(Refusal::Damaged))
    );
}

/// A PNG chunk (CRC not checked by the measure).
fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    c.extend_from_slice(&crc.finalize().to_be_bytes());
    c
}

/// An APNG's chunks: `IHDR` of `size`, `acTL`, and an `fcTL` per frame (x, y, width, height).
pub(crate) fn apng_of(size: (u32, u32), frames: &[(u32, u32, u32, u32)]) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = size.0.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&size.1.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    b.extend(chunk(b"IHDR", &ihdr));
    let mut actl = (frames.len() as u32).to_be_bytes().to_vec();
    actl.extend_from_slice(&0u32.to_be_bytes());
    b.extend(chunk(b"acTL", &actl));
    for (i, &(x, y, w, h)) in frames.iter().enumerate() {
        let mut fctl = (i as u32).to_be_bytes().to_vec();
        for v in [w, h, x, y] {
            fctl.extend_from_slice(&v.to_be_bytes());
        }
        fctl.extend_from_slice(&[0, 1, 0, 10, 0, 0]);
        b.extend(chunk(b"fcTL", &fctl));
    }
    b.extend(chunk(b"IEND", &[]));
    b
}

#[test]
fn an_apng_is_measured_by_its_frames() {
    assert!(matches!(
        measure(
            Kind::Png,
            &apng_of((10, 10), &[(0, 0, 10, 10), (0, 0, 20_000, 20_000)])
        ),
        Some(Err(Refusal::FrameOutside { frame: 2, .. }))
    ));
    assert!(matches!(
        measure(
            Kind::Png,
            &apng_of((4000, 4000), &vec![(0, 0, 4000, 4000); 100])
        ),
        Some(Err(Refusal::TooMuchAnimation { frames: 63, .. }))
    ));
    assert_eq!(
        measure(
            Kind::Png,
            &apng_of((10, 10), &[(0, 0, 10, 10), (5, 5, 5, 5)])
        ),
        Some(Ok(Measured {
            width: 10,
            height: 10,
            frames: 2
        }))
    );
    // A still PNG over the cap, and cut short.
    assert!(matches!(
        measure(Kind::Png, &apng_of((30_000, 30_000), &[])),
        Some(Err(Refusal::TooLarge { .. }))
    ));
    let whole = apng_of((10, 10), &[]);
    assert_eq!(
        measure(Kind::Png, &whole[..whole.len() - 3]),
        Some(Err(Refusal::Damaged))
    );
}

fn riff(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut c = kind.to_vec();
    c.extend_from_slice(&(data.len() as u32).to_le_bytes());
    c.extend_from_slice(data);
    if data.len() % 2 == 1 {
        c.push(0);
    }
    c
}

fn le24(v: u32) -> [u8; 3] {
    let b = v.to_le_bytes();
    [b[0], b[1], b[2]]
}

/// A VP8L bitstream's header for `w` × `h`.
fn vp8l(w: u32, h: u32) -> Vec<u8> {
    let bits = (w - 1) | ((h - 1) << 14);
    let mut d = vec![0x2f];
    d.extend_from_slice(&bits.to_le_bytes());
    d
}

/// An animated WebP's chunks: a canvas and frames (x, y, width, height).
pub(crate) fn animated_webp(canvas: (u32, u32), frames: &[(u32, u32, u32, u32)]) -> Vec<u8> {
    let mut vp8x = vec![0x02, 0, 0, 0];
    vp8x.extend_from_slice(&le24(canvas.0 - 1));
    vp8x.extend_from_slice(&le24(canvas.1 - 1));
    let mut body = riff(b"VP8X", &vp8x);
    body.extend(riff(b"ANIM", &[0; 6]));
    for &(x, y, w, h) in frames {
        let mut anmf = Vec::new();
        for v in [x / 2, y / 2, w - 1, h - 1, 100] {
            anmf.extend_from_slice(&le24(v));
        }
        anmf.push(0);
        anmf.extend(riff(b"VP8L", &vp8l(w, h)));
        body.extend(riff(b"ANMF", &anmf));
    }
    let mut b = b"RIFF".to_vec();
    b.extend_from_slice(&(body.len() as u32 + 4).to_le_bytes());
    b.extend_from_slice(b"WEBP");
    b.extend(body);
    b
}

#[test]
fn an_animated_webp_is_measured_by_its_frames() {
    assert_eq!(
        measure(
            Kind::WebP,
            &animated_webp((100, 50), &[(0, 0, 100, 50), (10, 10, 20, 20)])
        ),
        Some(Ok(Measured {
            width: 100,
            height: 50,
            frames: 2
        }))
    );
    assert!(matches!(
        measure(
            Kind::WebP,
            &animated_webp((1, 1), &[(0, 0, 16_000, 16_000)])
        ),
        Some(Err(Refusal::FrameOutside { .. }))
    ));
    assert!(matches!(
        measure(
            Kind::WebP,
            &animated_webp((8000, 8000), &vec![(0, 0, 8000, 8000); 40])
        ),
        Some(Err(Refusal::TooMuchAnimation { frames: 16, .. }))
    ));
    // A frame whose bitstream says another size than the frame.
    let mut lying = animated_webp((100, 100), &[(0, 0, 10, 10)]);
    let at = lying.windows(4).position(|w| w == b"VP8L").unwrap() + 9;
    lying[at..at + 4].copy_from_slice(&(16_000u32 | 16_000 << 14).to_le_bytes());
    assert_eq!(measure(Kind::WebP, &lying), Some(Err(Refusal::Damaged)));
}

#[test]
fn a_still_webp_whose_bitstream_is_not_its_canvas_is_damaged() {
    let mut vp8x = vec![0, 0, 0, 0];
    vp8x.extend_from_slice(&le24(0));
    vp8x.extend_from_slice(&le24(0));
    let mut body = riff(b"VP8X", &vp8x);
    body.extend(riff(b"VP8L", &vp8l(16_000, 16_000)));
    let mut b = b"RIFF".to_vec();
    b.extend_from_slice(&(body.len() as u32 + 4).to_le_bytes());
    b.extend_from_slice(b"WEBP");
    b.extend(body);
    assert_eq!(measure(Kind::WebP, &b), Some(Err(Refusal::Damaged)));
}

fn iso_box(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut b = ((body.len() + 8) as u32).to_be_bytes().to_vec();
    b.extend_from_slice(kind);
    b.extend_from_slice(body);
    b
}

/// An AVIF sequence's boxes: a still item of `still` and a track of `samples` frames of
/// `track`.
pub(crate) fn avif_sequence(still: (u32, u32), track: (u32, u32), samples: u32) -> Vec<u8> {
    let mut ispe = vec![0; 4];
    ispe.extend_from_slice(&still.0.to_be_bytes());
    ispe.extend_from_slice(&still.1.to_be_bytes());
    let ipco = iso_box(b"ipco", &iso_box(b"ispe", &ispe));
    let mut meta = vec![0; 4];
    meta.extend(iso_box(b"iprp", &ipco));
    let mut tkhd = vec![0; 76];
    tkhd.extend_from_slice(&(track.0 << 16).to_be_bytes());
    tkhd.extend_from_slice(&(track.1 << 16).to_be_bytes());
    let mut stsz = vec![0; 8];
    stsz.extend_from_slice(&samples.to_be_bytes());
    let stbl = iso_box(b"stbl", &iso_box(b"stsz", &stsz));
    let mdia = iso_box(b"mdia", &iso_box(b"minf", &stbl));
    let mut trak = iso_box(b"tkhd", &tkhd);
    trak.extend(mdia);
    let mut file = iso_box(b"ftyp", b"avisavifmif1");
    file.extend(iso_box(b"meta", &meta));
    file.extend(iso_box(b"moov", &iso_box(b"trak", &trak)));
    file
}

#[test]
fn an_avif_sequence_is_measured_by_its_tracks() {
    assert_eq!(
        measure(Kind::Avif, &avif_sequence((64, 64), (64, 64), 30)),
        Some(Ok(Measured {
            width: 64,
            height: 64,
            frames: 30
        }))
    );
    assert!(matches!(
        measure(Kind::Avif, &avif_sequence((64, 64), (20_000, 20_000), 1)),
        Some(Err(Refusal::TooLarge { .. }))
    ));
    assert!(matches!(
        measure(Kind::Avif, &avif_sequence((64, 64), (64, 64), 5_000)),
        Some(Err(Refusal::TooManyFrames))
    ));
    assert!(matches!(
        measure(Kind::Avif, &avif_sequence((4000, 4000), (4000, 4000), 100)),
        Some(Err(Refusal::TooMuchAnimation { .. }))
    ));
    // Cut anywhere: no panic.
    let whole = avif_sequence((64, 64), (64, 64), 30);
    for end in 0..whole.len() {
        let _ = measure(Kind::Avif, &whole[..end]);
    }
}

#[test]
fn no_cut_or_flipped_byte_panics_the_measure() {
    for (kind, bytes) in [
        (
            Kind::Gif,
            gif_of((100, 100), &[(0, 0, 100, 100), (40, 0, 60, 10)]),
        ),
        (Kind::Png, apng_of((10, 10), &[(0, 0, 10, 10)])),
        (Kind::WebP, animated_webp((100, 50), &[(0, 0, 100, 50)])),
    ] {
        for end in 0..bytes.len() {
            let _ = measure(kind, &bytes[..end]);
        }
        for at in 0..bytes.len() {
            let mut b = bytes.clone();
            b[at] ^= 0xFF;
            let _ = measure(kind, &b);
        }
    }
}
