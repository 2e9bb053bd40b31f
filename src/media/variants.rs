//! Responsive copies of the site's photos: each JPEG, PNG or WebP photo of the media folder is
//! also published as AVIF and WebP at a set of widths never wider than the photo
//! ([`WIDTHS`]), turned upright by its EXIF orientation and with no metadata at all (they are
//! encoded from pixels). A page's `<picture>` offers them by width ([`super::sizes`]), so a
//! phone downloads a few tens of kilobytes where the photo is megabytes.
//!
//! Encoding is slow, so each copy is kept in a cache folder under a key made of the photo's
//! bytes and the settings ([`key`]): a build whose photos did not change encodes nothing, and a
//! full build removes the cached copies no photo uses any more. The copies are published under
//! `/media/_v/`, named by that key, so a changed photo never reuses a stale URL.

use std::path::{Path, PathBuf};

use anyhow::Context;
use fast_image_resize as fr;

use super::kind::Kind;
use super::{Media, MediaFile, PREFIX};
use crate::messages::Msg;

/// How the copies are made: `[images]` in `site.toml`.
#[derive(Debug, Clone, PartialEq, serde::Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct ImageSettings {
    /// The widths, in pixels, of the copies of a photo, narrowest first (only those narrower
    /// than the photo are made, and the photo's own width when it is narrower than the
    /// widest). A post's column is at most 46rem (736 CSS pixels): 480 serves phones at 1x and
    /// small columns, 960 phones at 2-3x and the column at 1x, 1440 the column on a 2x screen.
    pub widths: Vec<u32>,
    /// AVIF quality, 1-100.
    pub avif_quality: u8,
    /// rav1e's speed, 1 (slow, smallest) to 10 (fast).
    pub avif_speed: u8,
    /// WebP quality, 1-100.
    pub webp_quality: u8,
}

impl Default for ImageSettings {
    fn default() -> Self {
        ImageSettings {
            widths: vec![480, 960, 1440],
            avif_quality: 55,
            avif_speed: 9,
            webp_quality: 72,
        }
    }
}

impl ImageSettings {
    /// [`ImageSettings::problem_msg`] in English, for the tests.
    #[cfg(test)]
    pub fn problem(&self) -> Option<(&'static str, String, String)> {
        self.problem_msg().map(|(key, message, help)| {
            let english = crate::messages::REFERENCE;
            (key, message.render(english), help.render(english))
        })
    }

    /// What is wrong with the settings, if anything: (key, message, help), as messages of the
    /// catalogues.
    pub fn problem_msg(&self) -> Option<(&'static str, Msg, Msg)> {
        let w = &self.widths;
        if w.is_empty() || w.len() > 12 {
            return Some((
                "widths",
                crate::msg!("media-images-widths-count", count = w.len()),
                crate::msg!("media-images-widths-count-help"),
            ));
        }
        if w.iter().any(|&x| !(16..=8192).contains(&x))
            || w.windows(2).any(|p| p.first() >= p.get(1))
        {
            return Some((
                "widths",
                crate::msg!("media-images-widths", widths = format!("{w:?}")),
                crate::msg!("media-images-widths-help"),
            ));
        }
        for (key, value, max) in [
            ("avif_quality", self.avif_quality, 100),
            ("webp_quality", self.webp_quality, 100),
            ("avif_speed", self.avif_speed, 10),
        ] {
            if value == 0 || value > max {
                return Some((
                    key,
                    crate::msg!("media-images-out-of-range", key = key, value = value),
                    if max == 10 {
                        crate::msg!("media-images-speed-help")
                    } else {
                        crate::msg!("media-images-quality-help")
                    },
                ));
            }
        }
        None
    }
}

/// Changes when the encoders or their settings do, so that cached copies are made again.
const VERSION: &str = "variants-1";

/// The folder of the copies under `/media/`: no media file may be published there.
pub(crate) const FOLDER: &str = "_v";

/// Whether photos of `kind` get copies (GIF may move and AVIF is one already: they are
/// published as they are).
pub(super) fn has_variants(kind: Kind) -> bool {
    matches!(kind, Kind::Jpeg | Kind::Png | Kind::WebP)
}

/// The key of one copy: the photo's bytes (their hash), its width, its format and the
/// encoders' settings.
pub(crate) fn key(
    settings: &ImageSettings,
    hash: &blake3::Hash,
    width: u32,
    format: Format,
) -> String {
    let mut h = blake3::Hasher::new();
    h.update(VERSION.as_bytes());
    h.update(hash.as_bytes());
    h.update(&width.to_le_bytes());
    h.update(format.extension().as_bytes());
    // Only the settings of this copy's format: another format's quality changes nothing here.
    match format {
        Format::Avif => h.update(&[settings.avif_quality, settings.avif_speed]),
        Format::WebP => h.update(&[settings.webp_quality]),
        Format::Jpeg => h.update(&[JPEG_QUALITY]),
        Format::Png => h.update(b"png"),
    };
    let hex = h.finalize().to_hex();
    hex.get(..20).unwrap_or_default().to_string()
}

/// The name a copy is published under, relative to `/media/`.
pub(crate) fn name(
    settings: &ImageSettings,
    hash: &blake3::Hash,
    width: u32,
    format: Format,
) -> String {
    format!(
        "{FOLDER}/{}-{width}.{}",
        key(settings, hash, width, format),
        format.extension()
    )
}

/// A photo decoded and turned upright, ready to be resized.
struct Upright {
    image: fr::images::Image<'static>,
    width: u32,
    height: u32,
    alpha: bool,
}

fn decode(bytes: &[u8]) -> anyhow::Result<Upright> {
    use image::ImageDecoder;
    let reader = image::ImageReader::new(std::io::Cursor::new(bytes)).with_guessed_format()?;
    let mut decoder = reader.into_decoder()?;
    let orientation = decoder.orientation()?;
    let mut image = image::DynamicImage::from_decoder(decoder)?;
    image.apply_orientation(orientation);
    let alpha = image.color().has_alpha();
    let (width, height) = (image.width(), image.height());
    let (pixels, pixel) = if alpha {
        (image.into_rgba8().into_raw(), fr::PixelType::U8x4)
    } else {
        (image.into_rgb8().into_raw(), fr::PixelType::U8x3)
    };
    Ok(Upright {
        image: fr::images::Image::from_vec_u8(width, height, pixels, pixel)?,
        width,
        height,
        alpha,
    })
}

/// The photo's upright size: what its `<img>` says, and what its copies keep the ratio of.
pub(crate) fn height_at(width: u32, (w, h): (u32, u32)) -> u32 {
    let scaled = u64::from(h) * u64::from(width) / u64::from(w.max(1));
    u32::try_from(scaled).unwrap_or(u32::MAX).max(1)
}

/// Encodes the copies `wanted` ((width, format)) of a photo. Returns them in the same order.
/// The photo is decoded once and resized once per width; the copies are encoded in parallel.
pub(crate) fn encode(
    settings: &ImageSettings,
    bytes: &[u8],
    wanted: &[(u32, Format)],
) -> anyhow::Result<Vec<Vec<u8>>> {
    use rayon::prelude::*;
    let upright = decode(bytes)?;
    let options =
        fr::ResizeOptions::new().resize_alg(fr::ResizeAlg::Convolution(fr::FilterType::Lanczos3));
    let mut widths: Vec<u32> = wanted.iter().map(|(w, _)| *w).collect();
    widths.sort_unstable();
    widths.dedup();
    let resized: Vec<(u32, fr::images::Image<'static>)> = widths
        .par_iter()
        .map(|&width| {
            let height = height_at(width, (upright.width, upright.height));
            let mut dst = fr::images::Image::new(width, height, upright.image.pixel_type());
            fr::Resizer::new().resize(&upright.image, &mut dst, &options)?;
            Ok((width, dst))
        })
        .collect::<anyhow::Result<_>>()?;
    wanted
        .par_iter()
        .map(|&(width, format)| {
            let image = resized
                .iter()
                .find(|(w, _)| *w == width)
                .map(|(_, image)| image)
                .context(crate::msg!("media-width-not-resized"))?;
            encode_one(settings, image, upright.alpha, format)
        })
        .collect()
}

fn encode_one(
    settings: &ImageSettings,
    image: &fr::images::Image<'_>,
    alpha: bool,
    format: Format,
) -> anyhow::Result<Vec<u8>> {
    use rgb::FromSlice;
    let (w, h) = (image.width(), image.height());
    let pixels = image.buffer();
    match format {
        Format::Jpeg | Format::Png => {
            let colour = if alpha {
                image::ExtendedColorType::Rgba8
            } else {
                image::ExtendedColorType::Rgb8
            };
            let mut out = Vec::new();
            if format == Format::Jpeg {
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
                    .encode(pixels, w, h, colour)?;
            } else {
                use image::ImageEncoder;
                image::codecs::png::PngEncoder::new(&mut out).write_image(pixels, w, h, colour)?;
            }
            Ok(out)
        }
        Format::WebP => {
            let encoder = if alpha {
                webp::Encoder::from_rgba(pixels, w, h)
            } else {
                webp::Encoder::from_rgb(pixels, w, h)
            };
            // (`encode` would panic on a picture libwebp refuses: too large, or empty)
            let encoded = encoder
                .encode_simple(false, f32::from(settings.webp_quality))
                .map_err(|e| anyhow::anyhow!("WebP: {e:?}"))?;
            Ok(encoded.to_vec())
        }
        Format::Avif => {
            let (w, h) = (w as usize, h as usize);
            let encoder = ravif::Encoder::new()
                .with_quality(f32::from(settings.avif_quality))
                .with_speed(settings.avif_speed);
            let encoded = if alpha {
                encoder.encode_rgba(ravif::Img::new(pixels.as_rgba(), w, h))
            } else {
                encoder.encode_rgb(ravif::Img::new(pixels.as_rgb(), w, h))
            }
            .map_err(|e| anyhow::anyhow!("AVIF: {e}"))?;
            Ok(encoded.avif_file)
        }
    }
}

/// Whether `path` is a copy sahel made: a file of its own (not a link: a pull request can
/// commit one under `.cache/`, and a link to `/etc/passwd` would be published) that starts as
/// a file of `format` does. Anything else there is made again (and replaced).
fn is_copy(path: &Path, format: Format) -> bool {
    use std::io::Read;
    if !crate::fingerprint::cached_file_ready(path) {
        return false;
    }
    let mut head = [0u8; 12];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head));
    read.is_ok()
        && match format {
            Format::Avif => head.get(4..12) == Some(b"ftypavif".as_slice()),
            Format::WebP => {
                head.starts_with(b"RIFF") && head.get(8..12) == Some(b"WEBP".as_slice())
            }
            Format::Jpeg => head.starts_with(&[0xFF, 0xD8, 0xFF]),
            Format::Png => head.starts_with(b"\x89PNG\r\n\x1a\n"),
        }
}

/// The cache folder of the copies, under the site's `.cache/`.
pub(crate) fn cache_dir(root: &Path) -> PathBuf {
    root.join(".cache/media")
}

/// The copies of one photo, from the cache or encoded into it. `source` is the photo's file
/// (its bytes were checked and hash to `hash`); returns each copy's published name and cache
/// file.
pub(crate) fn ensure(
    settings: &ImageSettings,
    cache: &Path,
    (source, shown): (&Path, &Path),
    hash: &blake3::Hash,
    size: (u32, u32),
    fallback: Option<Format>,
) -> anyhow::Result<Vec<(String, PathBuf)>> {
    let widths = widths(settings, size);
    let mut wanted: Vec<(u32, Format)> = widths
        .iter()
        .flat_map(|&w| Format::ALL.map(|f| (w, f)))
        .collect();
    if let (Some(format), Some(&widest)) = (fallback, widths.last()) {
        wanted.push((widest, format));
    }
    let files: Vec<(String, PathBuf)> = wanted
        .iter()
        .map(|&(w, f)| {
            let key = key(settings, hash, w, f);
            (
                name(settings, hash, w, f),
                cache.join(format!("{key}.{}", f.extension())),
            )
        })
        .collect();
    let missing: Vec<usize> = (0..files.len())
        .filter(|&i| {
            files
                .get(i)
                .zip(wanted.get(i))
                .is_some_and(|((_, p), (_, f))| !is_copy(p, *f))
        })
        .collect();
    if missing.is_empty() {
        return Ok(files);
    }
    let bytes = std::fs::read(source)
        .with_context(|| crate::msg!("output-cannot-read", path = shown.display()))?;
    if blake3::hash(&bytes) != *hash {
        anyhow::bail!(crate::msg!(
            "media-changed-after-check",
            path = shown.display()
        ));
    }
    let todo: Vec<(u32, Format)> = missing
        .iter()
        .filter_map(|&i| wanted.get(i).copied())
        .collect();
    // An encoder that panics on a photo is that photo's error, not the build's.
    let encoded = std::panic::catch_unwind(|| encode(settings, &bytes, &todo))
        .unwrap_or_else(|_| Err(anyhow::anyhow!("the encoder stopped")))
        .with_context(|| crate::msg!("media-cannot-make-copies", path = shown.display()))?;
    std::fs::create_dir_all(cache)
        .with_context(|| crate::msg!("output-cannot-create", path = cache.display()))?;
    for (i, data) in missing.iter().zip(encoded) {
        let Some((_, path)) = files.get(*i) else {
            continue;
        };
        // Written whole under a name of its own, then renamed: a build stopped midway leaves
        // no half copy to reuse, and two builds making the same copy do not mix their bytes.
        let mut part = tempfile::Builder::new()
            .suffix(".part")
            .tempfile_in(cache)
            .with_context(|| crate::msg!("output-cannot-write-in", path = cache.display()))?;
        std::io::Write::write_all(&mut part, &data)
            .and_then(|()| crate::fingerprint::publishable(part.as_file()))
            .map_err(anyhow::Error::from)
            .and_then(|()| part.persist(path).map_err(anyhow::Error::from))
            .with_context(|| crate::msg!("output-cannot-write", path = path.display()))?;
    }
    Ok(files)
}

/// What [`Media::publish_variants`] wrote.
#[derive(Debug, Default)]
pub(crate) struct Copies {
    /// Published names (relative to `/media/`).
    pub(crate) names: std::collections::BTreeSet<String>,
    pub(crate) bytes: u64,
}

impl MediaFile {
    /// The copies of this file: (format, [(width, published name)]), best format first; none
    /// for a file that is not a photo with copies.
    fn copies(&self, settings: &ImageSettings) -> Vec<(Format, Vec<(u32, String)>)> {
        let (Some(kind), Some(size)) = (self.kind, self.size) else {
            return Vec::new();
        };
        if !has_variants(kind) {
            return Vec::new();
        }
        let widths = widths(settings, size);
        Format::ALL
            .into_iter()
            .map(|f| {
                (
                    f,
                    widths
                        .iter()
                        .map(|&w| (w, name(settings, &self.hash, w, f)))
                        .collect(),
                )
            })
            .collect()
    }
}

impl MediaFile {
    /// The published name (relative to `/media/`) of this photo's fallback copy: in its own
    /// format at the widest width of its copies; none for a file without copies.
    pub(super) fn fallback(&self, settings: &ImageSettings) -> Option<String> {
        let (kind, size) = (self.kind?, self.size?);
        if !has_variants(kind) {
            return None;
        }
        let widest = *widths(settings, size).last()?;
        let format = Format::fallback(kind).unwrap_or(Format::WebP);
        Some(name(settings, &self.hash, widest, format))
    }
}

impl Media {
    /// The smaller copies of the photo `href` names (`/media/<name>`, percent-encoded), for
    /// its `<picture>`: (MIME type, srcset), best format first. Empty for anything else, and
    /// when copies are not made.
    pub(crate) fn srcsets(&self, href: &str) -> Vec<(&'static str, String)> {
        if self.cache.is_none() {
            return Vec::new();
        }
        let path = href.split(['#', '?']).next().unwrap_or(href);
        let Some(name) = path.strip_prefix(PREFIX).and_then(|rest| {
            percent_encoding::percent_decode_str(rest)
                .decode_utf8()
                .ok()
        }) else {
            return Vec::new();
        };
        let Some(file) = self.files.get(name.as_ref()) else {
            return Vec::new();
        };
        file.copies(&self.images)
            .into_iter()
            .map(|(format, copies)| {
                let set = copies
                    .iter()
                    .map(|(w, n)| format!("{PREFIX}{n} {w}w"))
                    .collect::<Vec<_>>()
                    .join(", ");
                (format.mime(), set)
            })
            .collect()
    }

    /// Makes (or takes from the cache) the smaller copies of every photo and publishes them in
    /// `target/_v/` (`target` is the output's media folder), in parallel. Cached copies no
    /// photo uses any more are removed.
    pub(crate) fn publish_variants(&self, target: &Path) -> anyhow::Result<Copies> {
        use rayon::prelude::*;
        let Some(cache) = &self.cache else {
            return Ok(Copies::default());
        };
        // The cache is the site's own folder: never written through a link.
        for dir in [cache.parent(), Some(cache.as_path())]
            .into_iter()
            .flatten()
        {
            if std::fs::symlink_metadata(dir).is_ok_and(|m| m.file_type().is_symlink()) {
                anyhow::bail!(crate::msg!("media-cache-is-link", path = dir.display()));
            }
        }
        // Two names for the same bytes (a link inside the folder) share their copies.
        let mut photos: Vec<&MediaFile> = self
            .files
            .values()
            .filter(|f| !f.copies(&self.images).is_empty())
            .collect();
        photos.sort_by_key(|f| *f.hash.as_bytes());
        photos.dedup_by_key(|f| *f.hash.as_bytes());
        let made: Vec<Vec<(String, PathBuf)>> = photos
            .par_iter()
            .map(|f| {
                let size = f.size.unwrap_or_default();
                let fallback = f.kind.and_then(Format::fallback);
                let paths = (f.source.as_path(), f.shown.as_path());
                ensure(&self.images, cache, paths, &f.hash, size, fallback)
            })
            .collect::<anyhow::Result<_>>()?;
        let mut copies = Copies::default();
        let mut used = std::collections::BTreeSet::new();
        for (name, cached) in made.into_iter().flatten() {
            let to = target.join(&name);
            if let Some(parent) = to.parent() {
                crate::fingerprint::output_dir(parent).with_context(|| {
                    crate::msg!("output-cannot-create", path = parent.display())
                })?;
            }
            let len = std::fs::metadata(&cached)
                .with_context(|| crate::msg!("output-cannot-read", path = cached.display()))?
                .len();
            // Linked from the cache (its files are never changed in place: each is written
            // whole and renamed), copied where the two are on different disks.
            if !std::fs::metadata(&to).is_ok_and(|m| m.len() == len) {
                let _ = std::fs::remove_file(&to);
                std::fs::hard_link(&cached, &to)
                    .or_else(|_| std::fs::copy(&cached, &to).map(drop))
                    .with_context(|| {
                        crate::msg!(
                            "output-cannot-copy",
                            from = cached.display(),
                            to = to.display()
                        )
                    })?;
            }
            copies.bytes += len;
            if let Some(file) = cached.file_name().and_then(|n| n.to_str()) {
                used.insert(file.to_string());
            }
            copies.names.insert(name);
        }
        // The placeholders' colours of the photos, and that they decode, are kept with their copies.
        used.extend(photos.iter().flat_map(|f| {
            [
                super::placeholder::entry_name(&f.hash),
                limits::entry_name(&f.hash),
            ]
        }));
        if let Ok(entries) = std::fs::read_dir(cache) {
            for entry in entries.flatten() {
                let name = entry.file_name();
                // A `.part` file may be another build's copy being written: only one a day
                // old is a killed build's leftover.
                let old = || {
                    entry
                        .metadata()
                        .and_then(|m| m.modified())
                        .ok()
                        .and_then(|t| t.elapsed().ok())
                        .is_some_and(|age| age.as_secs() > 86_400)
                };
                let stale = name.to_str().is_some_and(|n| {
                    !used.contains(n)
                        && (n.ends_with(".avif")
                            || n.ends_with(".webp")
                            || n.ends_with(".jpg")
                            || n.ends_with(".png")
                            || n.ends_with(".colour")
                            || n.ends_with(".decodes")
                            || (n.ends_with(".part") && old()))
                });
                if stale {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        Ok(copies)
    }
}

mod cover;
mod format;
mod limits;
pub(crate) use cover::cover;
pub(crate) use format::{Format, JPEG_QUALITY};
pub(crate) use limits::{MAX_SIDE, decodes, widths};

#[cfg(test)]
mod tests;
