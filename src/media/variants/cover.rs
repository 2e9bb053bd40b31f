//! A photo cropped and resized to fill a frame: a social card's background (`cards::photo`).

use fast_image_resize as fr;

use super::decode;

/// The photo in `bytes`, upright, cropped to the proportions of `width` × `height` about its
/// centre and resized to fill them (a social card's background).
pub(crate) fn cover(bytes: &[u8], width: u32, height: u32) -> anyhow::Result<Vec<u8>> {
    let upright = decode(bytes)?;
    let (w, h) = (f64::from(upright.width), f64::from(upright.height));
    let scale = (f64::from(width) / w).max(f64::from(height) / h);
    let (crop_w, crop_h) = (f64::from(width) / scale, f64::from(height) / scale);
    let options = fr::ResizeOptions::new()
        .resize_alg(fr::ResizeAlg::Convolution(fr::FilterType::Lanczos3))
        .crop((w - crop_w) / 2.0, (h - crop_h) / 2.0, crop_w, crop_h);
    let mut dst = fr::images::Image::new(width, height, upright.image.pixel_type());
    fr::Resizer::new().resize(&upright.image, &mut dst, &options)?;
    let pixels = dst.into_vec();
    // An image with transparency is laid over black.
    Ok(if upright.alpha {
        pixels
            .chunks_exact(4)
            .flat_map(|p| {
                let a = u16::from(p.get(3).copied().unwrap_or(255));
                p.iter()
                    .take(3)
                    .map(move |&c| u8::try_from(u16::from(c) * a / 255).unwrap_or(u8::MAX))
            })
            .collect()
    } else {
        pixels
    })
}
