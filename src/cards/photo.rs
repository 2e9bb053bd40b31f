//! A card over its page's photo (a post's or service's `image`): the photo fills the card,
//! under a scrim of the brand's darkest green that keeps the white title readable over any
//! photo (at least 70% over the top, 86% at the bottom: white text keeps a contrast of 4.5:1
//! or more even over a white photo), then the same texts, logo mark and band as every card.
//! A photo card is a JPEG: a photo in an indexed PNG would lose its colours or weigh 1 MB.

use std::path::PathBuf;

use anyhow::Context;
use tiny_skia::{FillRule, Mask, Transform};

use super::draw::{AMBER, BACKGROUND, BAND, HEIGHT, LAYERS, Rgb, WIDTH, mark_pixels};

/// A page's photo, for its card: the file and the hash of its bytes as they were checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPhoto {
    pub source: PathBuf,
    /// blake3, hex.
    pub hash: String,
}

/// How much the scrim covers the photo at row `y`.
fn scrim(y: usize) -> f32 {
    0.70 + 0.16 * y as f32 / HEIGHT as f32
}

/// `c` moved `a` (0 to 1) of the way to `to`.
fn blend(c: u8, to: u8, a: f32) -> u8 {
    (f32::from(c) + (f32::from(to) - f32::from(c)) * a).round() as u8
}

/// Draws the card of `photo` with the texts' outlines `layers` (one per colour of
/// [`LAYERS`]), as JPEG bytes.
pub(super) fn draw(
    photo: &CardPhoto,
    layers: [Option<tiny_skia::Path>; 3],
    rtl: bool,
) -> anyhow::Result<Vec<u8>> {
    let bytes = std::fs::read(&photo.source)
        .with_context(|| crate::msg!("output-cannot-read", path = photo.source.display()))?;
    anyhow::ensure!(
        blake3::hash(&bytes).to_hex().as_str() == photo.hash,
        crate::msg!("output-card-photo-changed", path = photo.source.display())
    );
    let mut rgb = crate::media::variants::cover(&bytes, WIDTH, HEIGHT)
        .with_context(|| crate::msg!("output-cannot-draw-card", path = photo.source.display()))?;
    let row_bytes = WIDTH as usize * 3;
    for (y, row) in rgb.chunks_exact_mut(row_bytes).enumerate() {
        let a = scrim(y);
        for px in row.chunks_exact_mut(3) {
            for (c, &to) in px.iter_mut().zip(&BACKGROUND) {
                *c = blend(*c, to, a);
            }
        }
    }
    let mut mask = Mask::new(WIDTH, HEIGHT).context(crate::msg!("output-card-allocate"))?;
    for (colour, path) in LAYERS.iter().zip(layers) {
        let Some(path) = path else {
            continue;
        };
        mask.clear();
        mask.fill_path(&path, FillRule::Winding, true, Transform::identity());
        for (px, &coverage) in rgb.chunks_exact_mut(3).zip(mask.data()) {
            if coverage != 0 {
                let a = f32::from(coverage) / 255.0;
                for (c, &to) in px.iter_mut().zip(colour) {
                    *c = blend(*c, to, a);
                }
            }
        }
    }
    let (mark, x, top, side) = mark_pixels(rtl);
    for (dy, row) in mark.chunks_exact(side.max(1)).enumerate() {
        for (dx, pixel) in row.iter().enumerate() {
            let at = ((top + dy) * WIDTH as usize + x + dx) * 3;
            if let (Some(pixel), Some(dst)) = (pixel, rgb.get_mut(at..at + 3)) {
                dst.copy_from_slice(pixel);
            }
        }
    }
    let band = (HEIGHT - BAND) as usize * row_bytes;
    if let Some(rows) = rgb.get_mut(band..) {
        rows.chunks_exact_mut(3)
            .for_each(|px| px.copy_from_slice(&AMBER as &Rgb));
    }
    let mut out = Vec::with_capacity(128 * 1024);
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 82).encode(
        &rgb,
        WIDTH,
        HEIGHT,
        image::ExtendedColorType::Rgb8,
    )?;
    Ok(out)
}
