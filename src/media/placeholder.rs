//! Placeholders: what shows in a photo's place until it arrives. A photo's colour (the mean of
//! its pixels) is given to its `<img>` as classes of the app's stylesheet (`ph phr-a phg-7
//! phb-3`: 16 levels per channel, so 48 small rules cover 4,096 colours). Classes, not a
//! `style` attribute or an inline preview: the site's Content Security Policy allows neither
//! inline styles nor `data:` images, and a class costs the page a few bytes.
//!
//! The colour needs the photo decoded, so it is worked out once, when a page first shows the
//! photo, and kept in the copies' cache (`.cache/media/<hash>.colour`: `rrggbb`, or `-` for a
//! photo with transparency, which gets no placeholder: the colour would show through it).

use std::path::Path;
use std::sync::{Arc, OnceLock};

/// An sRGB colour.
pub(crate) type Colour = [u8; 3];

/// A file's colour, worked out at most once however many pages show it (shared by the
/// clones of a media set, so `serve` keeps it across rebuilds).
pub(super) type Slot = Arc<OnceLock<Option<Colour>>>;

/// The cache entry of the colour of the photo whose bytes hash to `hash`.
pub(super) fn entry_name(hash: &blake3::Hash) -> String {
    format!("{}.colour", hash.to_hex().get(..32).unwrap_or_default())
}

/// The colour of the photo `source` (whose checked bytes hash to `hash`), from the cache at
/// `cache` or worked out and kept there. None for a photo with transparency, one that changed
/// since it was checked, or one that cannot be decoded (the build reports that elsewhere).
pub(super) fn colour(cache: Option<&Path>, source: &Path, hash: &blake3::Hash) -> Option<Colour> {
    let entry = cache.map(|c| c.join(entry_name(hash)));
    if let Some(entry) = &entry
        && let Some(cached) = read_entry(entry)
    {
        return cached;
    }
    let bytes = std::fs::read(source).ok()?;
    if blake3::hash(&bytes) != *hash {
        return None;
    }
    let colour = mean_colour(&bytes);
    if let (Some(entry), Some(cache)) = (&entry, cache)
        && own_folder(cache)
    {
        let text = colour.map_or_else(|| "-".to_string(), hex);
        // The folder is the copies' cache, which the build makes; a failed write only costs
        // the next build a decode.
        let _ = crate::fingerprint::write_cache_file(entry, text.as_bytes());
    }
    colour
}

/// Whether `cache` and its parent (`.cache/`) are folders of the site's own, not links to
/// elsewhere (which nothing writes through); the cache is made if it is missing.
pub(super) fn own_folder(cache: &Path) -> bool {
    let linked = |dir: &Path| std::fs::symlink_metadata(dir).is_ok_and(|m| m.is_symlink());
    if cache.parent().is_some_and(linked) || linked(cache) {
        return false;
    }
    std::fs::create_dir_all(cache).is_ok()
}

/// A cache entry's colour: `Some(None)` for a photo with transparency; None when there is no
/// entry, or it is not one (a link, a folder, other text: made again, never followed).
fn read_entry(entry: &Path) -> Option<Option<Colour>> {
    if !std::fs::symlink_metadata(entry).is_ok_and(|m| m.is_file() && m.len() <= 8) {
        return None;
    }
    let text = std::fs::read_to_string(entry).ok()?;
    let text = text.trim();
    if text == "-" {
        return Some(None);
    }
    let value = u32::from_str_radix(text, 16)
        .ok()
        .filter(|_| text.len() == 6)?;
    let [_, r, g, b] = value.to_be_bytes();
    Some(Some([r, g, b]))
}

fn hex([r, g, b]: Colour) -> String {
    format!("{r:02x}{g:02x}{b:02x}")
}

/// The mean colour of an image without transparency, over at most about 65,000 of its pixels.
pub(super) fn mean_colour(bytes: &[u8]) -> Option<Colour> {
    let image = image::load_from_memory(bytes).ok()?;
    if image.color().has_alpha() {
        return None;
    }
    let rgb = image.into_rgb8();
    let pixels = rgb.as_raw().chunks_exact(3);
    let count = pixels.len();
    let step = (count / 65_536).max(1);
    let (mut sum, mut n) = ([0u64; 3], 0u64);
    for pixel in pixels.step_by(step) {
        for (s, &v) in sum.iter_mut().zip(pixel) {
            *s += u64::from(v);
        }
        n += 1;
    }
    let n = n.max(1);
    Some(sum.map(|s| u8::try_from(s / n).unwrap_or(u8::MAX)))
}

/// The classes that give an `<img>` the colour `c` (rounded to 16 levels per channel) as its
/// background, from the app's stylesheet (`site/src/styles.css`, "Photo placeholders").
pub(crate) fn classes(c: Colour) -> String {
    let level = |v: u8| (u16::from(v) + 8) / 17;
    format!(
        "ph phr-{:x} phg-{:x} phb-{:x}",
        level(c[0]),
        level(c[1]),
        level(c[2])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32, rgb: [u8; 3]) -> Vec<u8> {
        let image = image::RgbImage::from_pixel(width, height, image::Rgb(rgb));
        let mut out = std::io::Cursor::new(Vec::new());
        image.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn the_colour_is_the_mean_of_the_pixels_and_rounds_to_sixteen_levels() {
        let mut image = image::RgbImage::from_pixel(40, 20, image::Rgb([200, 40, 0]));
        for x in 0..20 {
            for y in 0..20 {
                image.put_pixel(x, y, image::Rgb([0, 40, 100]));
            }
        }
        let mut png = std::io::Cursor::new(Vec::new());
        image.write_to(&mut png, image::ImageFormat::Png).unwrap();
        assert_eq!(mean_colour(png.get_ref()), Some([100, 40, 50]));
        assert_eq!(classes([100, 40, 50]), "ph phr-6 phg-2 phb-3");
        assert_eq!(classes([0, 255, 8]), "ph phr-0 phg-f phb-0");
        assert_eq!(classes([9, 246, 128]), "ph phr-1 phg-e phb-8");
    }

    #[test]
    fn a_photo_with_transparency_gets_no_colour() {
        let image = image::RgbaImage::from_pixel(4, 4, image::Rgba([10, 20, 30, 0]));
        let mut png = std::io::Cursor::new(Vec::new());
        image.write_to(&mut png, image::ImageFormat::Png).unwrap();
        assert_eq!(mean_colour(png.get_ref()), None);
        assert_eq!(mean_colour(b"not an image"), None);
    }

    #[test]
    fn the_colour_is_kept_in_the_cache_and_a_link_there_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        let photo = dir.path().join("p.png");
        let bytes = png(8, 8, [30, 60, 90]);
        std::fs::write(&photo, &bytes).unwrap();
        let hash = blake3::hash(&bytes);
        assert_eq!(colour(Some(&cache), &photo, &hash), Some([30, 60, 90]));
        let entry = cache.join(entry_name(&hash));
        assert_eq!(std::fs::read_to_string(&entry).unwrap(), "1e3c5a");
        // The cache answers without the photo.
        std::fs::remove_file(&photo).unwrap();
        assert_eq!(colour(Some(&cache), &photo, &hash), Some([30, 60, 90]));
        // A photo that changed since it was checked has none.
        std::fs::write(&photo, png(8, 8, [1, 2, 3])).unwrap();
        let other = blake3::hash(b"other");
        assert_eq!(colour(Some(&cache), &photo, &other), None);
        // A link in the cache (a pull request can commit one) is made again, not read.
        let secret = dir.path().join("secret");
        std::fs::write(&secret, "ff0000").unwrap();
        std::fs::remove_file(&entry).unwrap();
        std::os::unix::fs::symlink(&secret, &entry).unwrap();
        std::fs::write(&photo, &bytes).unwrap();
        assert_eq!(colour(Some(&cache), &photo, &hash), Some([30, 60, 90]));
        assert!(!std::fs::symlink_metadata(&entry).unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&secret).unwrap(), "ff0000");
    }
}
