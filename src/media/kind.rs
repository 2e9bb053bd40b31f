//! The types of file the media folder may publish, told by their first bytes.

/// The types of file that are published, by what their first bytes are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    Jpeg,
    Png,
    Gif,
    WebP,
    Avif,
    Pdf,
    Svg,
}

impl Kind {
    /// The kind a (lower-case) extension names.
    pub(super) fn of_extension(ext: &str) -> Option<Kind> {
        Some(match ext {
            "jpg" | "jpeg" => Kind::Jpeg,
            "png" => Kind::Png,
            "gif" => Kind::Gif,
            "webp" => Kind::WebP,
            "avif" => Kind::Avif,
            "pdf" => Kind::Pdf,
            "svg" => Kind::Svg,
            _ => return None,
        })
    }

    /// The kind `bytes` are by their magic number (SVG has none: it is text, parsed).
    pub(super) fn of_bytes(bytes: &[u8]) -> Option<Kind> {
        [
            Kind::Jpeg,
            Kind::Png,
            Kind::Gif,
            Kind::WebP,
            Kind::Avif,
            Kind::Pdf,
        ]
        .into_iter()
        .find(|k| k.matches(bytes))
    }

    pub(super) fn matches(self, bytes: &[u8]) -> bool {
        match self {
            Kind::Jpeg => infer::image::is_jpeg(bytes),
            Kind::Png => infer::image::is_png(bytes),
            Kind::Gif => infer::image::is_gif(bytes),
            // infer looks at `WEBP` only; a WebP file is a RIFF file.
            Kind::WebP => bytes.starts_with(b"RIFF") && infer::image::is_webp(bytes),
            Kind::Avif => infer::image::is_avif(bytes),
            Kind::Pdf => infer::archive::is_pdf(bytes) && bytes.starts_with(b"%PDF-"),
            Kind::Svg => false,
        }
    }

    /// What a file of this kind is, as messages name it ("a JPEG image").
    pub(super) fn name(self) -> crate::messages::Msg {
        match self {
            Kind::Jpeg => crate::msg!("media-kind-jpeg"),
            Kind::Png => crate::msg!("media-kind-png"),
            Kind::Gif => crate::msg!("media-kind-gif"),
            Kind::WebP => crate::msg!("media-kind-webp"),
            Kind::Avif => crate::msg!("media-kind-avif"),
            Kind::Pdf => crate::msg!("media-kind-pdf"),
            Kind::Svg => crate::msg!("media-kind-svg"),
        }
    }

    /// The format's own name ("GIF", "WebP"), the same in every language.
    pub(super) fn short_name(self) -> &'static str {
        match self {
            Kind::Jpeg => "JPEG",
            Kind::Png => "PNG",
            Kind::Gif => "GIF",
            Kind::WebP => "WebP",
            Kind::Avif => "AVIF",
            Kind::Pdf => "PDF",
            Kind::Svg => "SVG",
        }
    }

    pub(super) fn extension(self) -> &'static str {
        match self {
            Kind::Jpeg => "jpg",
            Kind::Png => "png",
            Kind::Gif => "gif",
            Kind::WebP => "webp",
            Kind::Avif => "avif",
            Kind::Pdf => "pdf",
            Kind::Svg => "svg",
        }
    }
}
