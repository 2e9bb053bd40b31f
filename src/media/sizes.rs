//! Images of a page's body with their size: [`Media::sized_images`]. A photo without `width`
//! and `height` takes no room until it arrives, then pushes the text down (layout shift); with
//! them the browser keeps its place from the start (the app's styles give images `height:
//! auto`, so the place scales with the column). Every image decodes off the main thread, and
//! all but a body's first load only as they come near the screen.

use std::borrow::Cow;

use serde::Serialize;

use super::{Media, MediaFile, PREFIX, placeholder};

/// `path` as a URL's path: what is not ASCII, spaces and quotes percent-encoded (an editor
/// writes `/media/مكتب دبي.jpg`; `%` stays, so a path written encoded is kept as it is).
pub(crate) fn url_path(path: &str) -> String {
    const SET: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
        .add(b' ')
        .add(b'"')
        .add(b'\'')
        .add(b'<')
        .add(b'>')
        .add(b'`');
    percent_encoding::utf8_percent_encode(path, SET).to_string()
}

/// A photo in the page data: the `<picture>` the app's `Photo` component renders.
#[derive(Debug, Serialize)]
pub(crate) struct PhotoView {
    src: String,
    alt: String,
    width: u32,
    height: u32,
    /// Its copies, best format first.
    sources: Vec<PhotoSource>,
    /// Its placeholder's classes (empty: none).
    placeholder: String,
}

#[derive(Debug, Serialize)]
struct PhotoSource {
    #[serde(rename = "type")]
    mime: &'static str,
    srcset: String,
}

/// How wide a body's image is shown: the post column (`max-w-3xl` less its padding, 46rem)
/// on a wide screen, the screen less the padding (2rem) on a phone.
const SIZES: &str = "(min-width: 48rem) 46rem, calc(100vw - 2rem)";

impl Media {
    /// The media file `href` names (`/media/<name>`, percent-encoded).
    fn file(&self, href: &str) -> Option<&MediaFile> {
        let path = href.split(['#', '?']).next().unwrap_or(href);
        let rest = path.strip_prefix(PREFIX)?;
        let name = percent_encoding::percent_decode_str(rest)
            .decode_utf8()
            .ok()?;
        self.files.get(name.as_ref())
    }

    /// The width and height of the media file `href` names (`/media/<name>`, percent-encoded).
    pub(crate) fn dimensions(&self, href: &str) -> Option<(u32, u32)> {
        self.file(href)?.size
    }

    /// Whether `href` names a photo that is published in smaller copies (JPEG, PNG, WebP).
    pub(crate) fn is_photo(&self, href: &str) -> bool {
        self.file(href)
            .and_then(|f| f.kind)
            .is_some_and(super::variants::has_variants)
    }

    /// The placeholder classes of the photo `href` names ([`placeholder`]): none for another
    /// file, a photo with transparency, or when copies are not made.
    pub(crate) fn placeholder(&self, href: &str) -> Option<String> {
        let file = self.file(href)?;
        if self.cache.is_none() || !file.kind.is_some_and(super::variants::has_variants) {
            return None;
        }
        let colour = file
            .colour
            .get_or_init(|| placeholder::colour(self.cache.as_deref(), &file.source, &file.hash));
        colour.map(placeholder::classes)
    }

    /// The URL of the fallback copy of the photo `href` names, when copies are made.
    fn fallback_url(&self, href: &str) -> Option<String> {
        self.cache.as_ref()?;
        let name = self.file(href)?.fallback(&self.images)?;
        Some(format!("{PREFIX}{name}"))
    }

    /// The file and checked hash of the photo `href` names, for drawing its social card.
    pub(crate) fn photo_source(&self, href: &str) -> Option<(std::path::PathBuf, blake3::Hash)> {
        let file = self.file(href)?;
        file.kind
            .is_some_and(super::variants::has_variants)
            .then(|| (file.source.clone(), file.hash))
    }

    /// A post's or service's photo as its screens show it: None when `src` is not a photo of
    /// the media folder (an error of `check`, which stops the build first).
    pub(crate) fn photo(&self, src: &str, alt: &str) -> Option<PhotoView> {
        let (width, height) = self.dimensions(src)?;
        Some(PhotoView {
            src: self.fallback_url(src).unwrap_or_else(|| url_path(src)),
            alt: alt.to_string(),
            width,
            height,
            sources: self
                .srcsets(src)
                .into_iter()
                .map(|(mime, srcset)| PhotoSource { mime, srcset })
                .collect(),
            placeholder: self.placeholder(src).unwrap_or_default(),
        })
    }

    /// `html` (a sanitised body) with each `<img>` given `decoding="async"`, `loading="lazy"`
    /// after the first, and the `width` and `height` of the media file it shows, unless the tag
    /// has them already.
    pub fn sized_images<'h>(&self, html: &'h str) -> Cow<'h, str> {
        self.sized_images_below(html, false)
    }

    /// [`Media::sized_images`], for a body shown below a photo (`below_photo`: a post's hero
    /// image): then the body's first image is lazy too, and not the page's priority.
    pub fn sized_images_below<'h>(&self, html: &'h str, below_photo: bool) -> Cow<'h, str> {
        if !html.contains("<img ") {
            return Cow::Borrowed(html);
        }
        let mut out = String::with_capacity(html.len() + 128);
        let mut rest = html;
        let mut first = !below_photo;
        while let Some(at) = rest.find("<img ") {
            let (before, from) = rest.split_at(at);
            out.push_str(before);
            let end = from.find('>').map_or(from.len(), |e| e + 1);
            let (tag, after) = from.split_at(end);
            out.push_str(&self.sized_tag(tag, first));
            first = false;
            rest = after;
        }
        out.push_str(rest);
        Cow::Owned(out)
    }

    fn sized_tag<'t>(&self, tag: &'t str, first: bool) -> Cow<'t, str> {
        let Some(src_at) = tag.find(" src=\"") else {
            return Cow::Borrowed(tag);
        };
        let value_at = src_at + " src=\"".len();
        let Some(len) = tag.get(value_at..).and_then(|v| v.find('"')) else {
            return Cow::Borrowed(tag);
        };
        let src = tag.get(value_at..value_at + len).unwrap_or_default();
        // The path as the attribute's HTML escaping wrote it, and as the media set knows it.
        let href = src.replace("&amp;", "&");
        let has = |name: &str| tag.contains(&format!(" {name}="));
        let mut extra = String::new();
        if let Some((w, h)) = self.dimensions(&href)
            && !has("width")
            && !has("height")
        {
            extra.push_str(&format!(" width=\"{w}\" height=\"{h}\""));
        }
        if !has("decoding") {
            extra.push_str(" decoding=\"async\"");
        }
        if first && !has("fetchpriority") {
            extra.push_str(" fetchpriority=\"high\"");
        }
        if !first && !has("loading") {
            extra.push_str(" loading=\"lazy\"");
        }
        if !has("class")
            && let Some(classes) = self.placeholder(&href)
        {
            extra.push_str(&format!(" class=\"{classes}\""));
        }
        let split = value_at + len + 1;
        // A photo with copies shows its fallback copy (its own format, the widest width) where
        // a browser reads neither AVIF nor WebP, not the camera's megabytes.
        let fallback = self.fallback_url(&href);
        let img = match (
            tag.get(..value_at),
            tag.get(split - 1..split),
            tag.get(split..),
        ) {
            (Some(head), Some(quote), Some(tail)) if !extra.is_empty() || fallback.is_some() => {
                let src = fallback.as_deref().unwrap_or(src);
                Cow::Owned(format!("{head}{src}{quote}{extra}{tail}"))
            }
            _ => Cow::Borrowed(tag),
        };
        // A photo with smaller copies: the browser picks the best format it reads and the
        // narrowest copy that fills the column at the screen's density.
        let sources = self.srcsets(&href);
        if sources.is_empty() {
            return img;
        }
        let mut picture = String::from("<picture>");
        for (mime, srcset) in sources {
            picture.push_str(&format!(
                "<source type=\"{mime}\" srcset=\"{}\" sizes=\"{SIZES}\" />",
                srcset.replace('&', "&amp;").replace('"', "&quot;")
            ));
        }
        picture.push_str(&img);
        picture.push_str("</picture>");
        Cow::Owned(picture)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::MediaFile;

    fn media() -> Media {
        let mut m = Media::default();
        for (name, size) in [("مكتب.jpg", Some((1200, 800))), ("plan.svg", None)] {
            m.files.insert(
                name.to_string(),
                MediaFile {
                    source: name.into(),
                    shown: name.into(),
                    hash: blake3::hash(b""),
                    stamp: None,
                    kind: None,
                    size,
                    colour: Default::default(),
                },
            );
        }
        m
    }

    #[test]
    fn each_image_gets_its_size_the_first_is_not_lazy() {
        let html = "<p><img src=\"/media/%D9%85%D9%83%D8%AA%D8%A8.jpg\" alt=\"مكتبنا\" /></p>\n<p><img src=\"/media/plan.svg\" alt=\"plan\" /> <img src=\"https://example.com/x.png\" alt=\"x\" width=\"10\" /></p>";
        let out = media().sized_images(html);
        assert_eq!(
            out,
            "<p><img src=\"/media/%D9%85%D9%83%D8%AA%D8%A8.jpg\" width=\"1200\" height=\"800\" decoding=\"async\" fetchpriority=\"high\" alt=\"مكتبنا\" /></p>\n<p><img src=\"/media/plan.svg\" decoding=\"async\" loading=\"lazy\" alt=\"plan\" /> <img src=\"https://example.com/x.png\" decoding=\"async\" loading=\"lazy\" alt=\"x\" width=\"10\" /></p>"
        );
    }

    #[test]
    fn a_photo_with_copies_is_a_picture_of_its_formats_and_widths() {
        let mut m = media();
        m.cache = Some("unused".into());
        if let Some(f) = m.files.get_mut("مكتب.jpg") {
            f.kind = Some(super::super::kind::Kind::Jpeg);
        }
        let html = "<p><img src=\"/media/%D9%85%D9%83%D8%AA%D8%A8.jpg\" alt=\"مكتبنا\" /> <img src=\"/media/plan.svg\" alt=\"plan\" /></p>";
        let out = m.sized_images(html);
        let hash = blake3::hash(b"");
        let set = |f| {
            [480, 960, 1200]
                .map(|w| {
                    format!(
                        "/media/{} {w}w",
                        super::super::variants::name(&Default::default(), &hash, w, f)
                    )
                })
                .join(", ")
        };
        use super::super::variants::Format;
        assert_eq!(
            out,
            format!(
                "<p><picture><source type=\"image/avif\" srcset=\"{}\" sizes=\"{SIZES}\" /><source type=\"image/webp\" srcset=\"{}\" sizes=\"{SIZES}\" /><img src=\"/media/{}\" width=\"1200\" height=\"800\" decoding=\"async\" fetchpriority=\"high\" alt=\"مكتبنا\" /></picture> <img src=\"/media/plan.svg\" decoding=\"async\" loading=\"lazy\" alt=\"plan\" /></p>",
                set(Format::Avif),
                set(Format::WebP),
                super::super::variants::name(&Default::default(), &hash, 1200, Format::Jpeg)
            )
        );
    }

    #[test]
    fn a_body_without_images_is_not_copied_and_odd_markup_survives() {
        assert!(matches!(
            media().sized_images("<p>no images</p>"),
            Cow::Borrowed(_)
        ));
        for odd in [
            "<img ",
            "<img src=\"/media/مكتب.jpg",
            "<p><img alt=x></p>",
            "<img src=\"\">",
        ] {
            let out = media().sized_images(odd);
            assert!(out.starts_with("<"), "{odd}: {out}");
        }
    }
}
