//! What an item names that must be there: the links and images of a body, and a post's or
//! service's photo.

use serde::{Deserialize, Serialize};

use super::Located;
use crate::diagnostics::Mark;

/// A post's or service's photo (`image: {src, alt}`): shown on its page, its card in lists,
/// its social card and its JSON-LD. `src` is a photo of the media folder (`/media/...`),
/// checked by [`crate::check`] as a Markdown image is; `alt` says what it shows.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Photo {
    pub src: Located<String>,
    pub alt: String,
}

impl Photo {
    /// The photo as an image link, for the checks Markdown images go through.
    pub fn as_link(&self) -> SourceLink {
        SourceLink {
            href: self.src.value.clone(),
            at: self.src.mark(),
            footnote: false,
            image: true,
            alt: self.alt.clone(),
        }
    }
}

/// A link written in a Markdown file, for checking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLink {
    pub href: String,
    /// Where the link starts (its `[` or `<`).
    pub at: Mark,
    /// Written as a footnote (`[^1]`), which the definition `[^1]: ...` made a link.
    pub footnote: bool,
    /// An image's source (`![alt](src)`) rather than a link.
    pub image: bool,
    /// An image's description (`alt`), as text; empty for a link.
    pub alt: String,
}
