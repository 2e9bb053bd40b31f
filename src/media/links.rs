//! Links into the media folder: [`Media::problem_msg`].

use unicode_normalization::{UnicodeNormalization, is_nfc};

use super::{FOLDER, Media, PREFIX};
use crate::messages::Msg;

impl Media {
    /// [`Media::problem_msg`] in English, for the tests.
    #[cfg(test)]
    pub(crate) fn problem(&self, href: &str, image: bool) -> Option<(String, String)> {
        self.problem_msg(href, image).map(|(message, help)| {
            (
                message.render(crate::messages::REFERENCE),
                help.render(crate::messages::REFERENCE),
            )
        })
    }

    /// What is wrong with a link to `href`, a path from the site's root (its query and
    /// fragment are ignored), if it names the media folder: (message, help), for
    /// `Diagnostic::msg` and `help_msg`. `None` for any other link, and for a media file that
    /// is there.
    pub(crate) fn problem_msg(&self, href: &str, image: bool) -> Option<(Msg, Msg)> {
        let path = href.split(['#', '?']).next().unwrap_or(href);
        let rest = path.strip_prefix(PREFIX)?;
        let name = percent_encoding::percent_decode_str(rest)
            .decode_utf8()
            .map_or_else(|_| rest.to_string(), |n| n.into_owned());
        if self.files.contains_key(&name) {
            return None;
        }
        let folder = format!("content/{FOLDER}/");
        if !is_nfc(&name) && self.files.contains_key(&name.nfc().collect::<String>()) {
            let message = if image {
                crate::msg!("media-image-unicode-form", href = href, folder = &folder)
            } else {
                crate::msg!("media-link-unicode-form", href = href, folder = &folder)
            };
            return Some((
                message,
                crate::msg!(
                    "media-unicode-form-help",
                    name = name.nfc().collect::<String>()
                ),
            ));
        }
        let near = self.nearest(&name);
        let path = format!("content/{FOLDER}/{name}");
        let help = match near {
            Some(n) => crate::msg!("media-missing-near-help", near = n, path = &path),
            None => crate::msg!("media-missing-help", path = &path),
        };
        let message = if image {
            crate::msg!("media-image-missing", href = href, folder = &folder)
        } else {
            crate::msg!("media-link-missing", href = href, folder = &folder)
        };
        Some((message, help))
    }

    /// The published name closest to `name` (same folder and extension first, then the
    /// fewest differing characters), when one is close enough to be a typo.
    fn nearest(&self, name: &str) -> Option<&str> {
        let lower = name.to_lowercase();
        self.files
            .keys()
            .map(|k| (edit_distance(&k.to_lowercase(), &lower), k))
            .filter(|(d, k)| *d <= 2.max(k.chars().count() / 4))
            .min()
            .map(|(_, k)| k.as_str())
    }
}

/// Levenshtein distance over characters (names are short).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row.first().copied().unwrap_or(0);
        if let Some(first) = row.first_mut() {
            *first = i + 1;
        }
        for (j, cb) in b.iter().enumerate() {
            let above = row.get(j + 1).copied().unwrap_or(0);
            let left = row.get(j).copied().unwrap_or(0);
            let cost = usize::from(ca != *cb);
            let value = (diagonal + cost).min(above + 1).min(left + 1);
            diagonal = above;
            if let Some(cell) = row.get_mut(j + 1) {
                *cell = value;
            }
        }
    }
    row.last().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::super::MediaFile;
    use super::*;

    fn media(names: &[&str]) -> Media {
        Media {
            files: names
                .iter()
                .map(|n| {
                    let file = MediaFile {
                        source: PathBuf::from(n),
                        shown: PathBuf::from(n),
                        hash: blake3::hash(b""),
                        stamp: None,
                        kind: None,
                        size: None,
                        colour: Default::default(),
                    };
                    (n.to_string(), file)
                })
                .collect(),
            cache: None,
            images: Default::default(),
        }
    }

    #[test]
    fn links_to_media_files_that_exist_pass_and_others_are_reported() {
        let m = media(&["مكتب.jpg", "brochures/visa-guide.pdf"]);
        assert!(m.problem("/media/مكتب.jpg", true).is_none());
        // As a browser would send it, and with a fragment or query.
        assert!(
            m.problem("/media/%D9%85%D9%83%D8%AA%D8%A8.jpg", true)
                .is_none()
        );
        assert!(
            m.problem("/media/brochures/visa-guide.pdf#page=2", false)
                .is_none()
        );
        assert!(
            m.problem("/media/brochures/visa-guide.pdf?v=2", false)
                .is_none()
        );
        // Not the media folder: not this check's business.
        assert!(m.problem("/en/services/", false).is_none());
        assert!(m.problem("/mediax/a.jpg", true).is_none());

        let (message, help) = m.problem("/media/مكتبة.jpg", true).unwrap();
        assert!(message.contains("image `/media/مكتبة.jpg`"), "{message}");
        assert!(help.contains("did you mean /media/مكتب.jpg"), "{help}");
        let (message, help) = m.problem("/media/price-list.pdf", false).unwrap();
        assert!(message.starts_with("the link"), "{message}");
        assert!(help.contains("content/media/price-list.pdf"), "{help}");
        assert!(!help.contains("did you mean"), "{help}");
    }

    #[test]
    fn a_name_typed_decomposed_is_told_apart_from_a_missing_file() {
        // آ (U+0622) against ا + ARABIC MADDAH ABOVE (U+0627 U+0653).
        let m = media(&["آراء.png"]);
        let (message, help) = m.problem("/media/\u{627}\u{653}راء.png", true).unwrap();
        assert!(message.contains("another Unicode form"), "{message}");
        assert!(help.ends_with("/media/آراء.png"), "{help}");
    }

    #[test]
    fn edit_distance_counts_characters() {
        assert_eq!(edit_distance("مكتب", "مكتبة"), 1);
        assert_eq!(edit_distance("logo.svg", "logo.png"), 2);
        assert_eq!(edit_distance("", "ab"), 2);
    }
}
