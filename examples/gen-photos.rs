// A benchmark tool, not the product: a failure ends it with its message.
#![allow(clippy::expect_used)]

//! Writes N generated 12-megapixel JPEGs (4032 × 3024, quality 90) for `bench/images.sh`:
//! smooth light and shade, edges and fine grain, different in each photo, so encoders meet
//! what a photo of a room or a street gives them. Deterministic: the same N, the same files.
//! Usage: cargo run --release --example gen-photos -- DIR N

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().expect("usage: gen-photos DIR N"));
    let n: u32 = args
        .next()
        .and_then(|n| n.parse().ok())
        .expect("usage: gen-photos DIR N");
    std::fs::create_dir_all(&dir).expect("cannot create the folder");
    for i in 0..n {
        let path = dir.join(format!("photo-{i:02}.jpg"));
        if path.is_file() {
            continue;
        }
        let (w, h) = (4032u32, 3024u32);
        let seed = i.wrapping_mul(2_654_435_761);
        let pixels = image::RgbImage::from_fn(w, h, |x, y| {
            // A sky-to-floor gradient, a few blocks (windows, furniture), and grain.
            let fx = x as f32 / w as f32;
            let fy = y as f32 / h as f32;
            let light = 1.0 - 0.6 * fy + 0.2 * (fx * 6.0 + i as f32).sin();
            let block = ((x / 480 + y / 360 + seed / 7) % 5) as f32 / 5.0;
            let mut hash = x.wrapping_mul(374_761_393) ^ y.wrapping_mul(668_265_263) ^ seed;
            hash = (hash ^ (hash >> 13)).wrapping_mul(1_274_126_177);
            let grain = (hash >> 24) as f32 / 255.0 - 0.5;
            // Fine texture (fabric, foliage, brick) where a JPEG of a real scene spends its bytes.
            let texture = ((x as f32 * 0.35).sin() * (y as f32 * 0.27 + i as f32).cos()) * 22.0;
            let channel = |base: f32, tint: f32| {
                ((base * light * (0.7 + 0.3 * block) + tint + grain * 40.0 + texture)
                    .clamp(0.0, 255.0)) as u8
            };
            image::Rgb([
                channel(200.0, 10.0 * (i % 3) as f32),
                channel(180.0, 0.0),
                channel(150.0 + 40.0 * fx, 5.0),
            ])
        });
        let mut out = std::io::BufWriter::new(std::fs::File::create(&path).expect("cannot write"));
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 90)
            .encode_image(&pixels)
            .expect("cannot encode");
    }
}
