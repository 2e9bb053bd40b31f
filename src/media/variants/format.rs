//! The formats of a photo's copies.

use crate::media::kind::Kind;

/// The formats of the copies: AVIF and WebP, best first (the order of a `<picture>`'s
/// sources), and the photo's own format for the `<img>` a browser without either shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    Avif,
    WebP,
    Jpeg,
    Png,
}

/// The quality of a JPEG fallback copy.
pub(crate) const JPEG_QUALITY: u8 = 82;

impl Format {
    /// The formats of a `<picture>`'s sources.
    pub(crate) const ALL: [Format; 2] = [Format::Avif, Format::WebP];

    pub(crate) fn extension(self) -> &'static str {
        match self {
            Format::Avif => "avif",
            Format::WebP => "webp",
            Format::Jpeg => "jpg",
            Format::Png => "png",
        }
    }

    pub(crate) fn mime(self) -> &'static str {
        match self {
            Format::Avif => "image/avif",
            Format::WebP => "image/webp",
            Format::Jpeg => "image/jpeg",
            Format::Png => "image/png",
        }
    }

    /// The fallback of a photo of `kind`: a copy in its own format at the widest width (a
    /// WebP photo's is its widest WebP copy, made anyway).
    pub(super) fn fallback(kind: Kind) -> Option<Format> {
        match kind {
            Kind::Jpeg => Some(Format::Jpeg),
            Kind::Png => Some(Format::Png),
            _ => None,
        }
    }
}
