//! The site's media: files an editor publishes as they are (photos, diagrams, PDF brochures),
//! kept in `content/media/` and copied to `/media/` in the output. Markdown bodies and links
//! name them from the site's root (`![office](/media/office.jpg)`), in either language, and
//! `check` reports a name that is not there ([`Media::problem`]).
//!
//! Names are published in Unicode NFC, the form keyboards type: an Arabic name saved
//! decomposed by a macOS disk (`آ` as `ا` + U+0653) would otherwise never match the name written
//! in a post, since browsers send a URL's bytes as they are.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;
use unicode_normalization::{UnicodeNormalization, is_nfc};

use crate::diagnostics::{Diagnostic, Diagnostics, display_path};

/// The folder under the content folder, and the output's folder of the same name.
pub const FOLDER: &str = "media";

/// How links name a media file: `/media/<name>`.
pub const PREFIX: &str = "/media/";

/// The files of `content/media/`, by the name they are published under.
#[derive(Debug, Clone, Default)]
pub struct Media {
    /// Published name (relative to `/media/`, `/`-separated, NFC) → source file.
    files: BTreeMap<String, PathBuf>,
}

/// Names editors and tools write next to real files, never published or watched: dotfiles
/// (`.DS_Store`), backups, swap files, vim's `4913` probe.
pub(crate) fn is_scratch(name: &str) -> bool {
    name.starts_with('.')
        || name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".swx")
        || name.ends_with(".tmp")
        || name == "4913"
}

impl Media {
    /// Lists `content_dir/media/` (none is an empty list). A name that is not UTF-8, or two
    /// names that differ only in their Unicode form, are errors naming the files.
    pub fn scan(root: &Path, content_dir: &Path) -> Result<Media, Diagnostics> {
        let dir = content_dir.join(FOLDER);
        let mut media = Media::default();
        let mut errors = Diagnostics::default();
        if !dir.is_dir() {
            return Ok(media);
        }
        // A linked file or folder is published as the file it links to (a loop is an error).
        let walk = walkdir::WalkDir::new(&dir)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !is_scratch(&e.file_name().to_string_lossy()));
        for entry in walk {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    let path = e.path().unwrap_or(&dir).to_path_buf();
                    let help = if e.loop_ancestor().is_some() {
                        "remove this link: it leads back to a folder that holds it"
                    } else {
                        "check the file's permissions, or move it out of the media folder"
                    };
                    errors.push(
                        Diagnostic::new(display_path(root, &path), format!("cannot read it: {e}"))
                            .help(help),
                    );
                    continue;
                }
            };
            if !entry.file_type().is_file() {
                continue;
            }
            let shown = display_path(root, entry.path());
            let Some(rel) = entry
                .path()
                .strip_prefix(&dir)
                .ok()
                .and_then(|r| r.to_str())
            else {
                errors.push(
                    Diagnostic::new(&shown, "the media file's name is not valid UTF-8, so no link can name it")
                        .help("rename the file (Arabic and English letters, digits, - and _ are all fine)"),
                );
                continue;
            };
            let name: String = rel
                .split(std::path::MAIN_SEPARATOR)
                .collect::<Vec<_>>()
                .join("/")
                .nfc()
                .collect();
            if let Some(other) = media.files.get(&name) {
                errors.push(
                    Diagnostic::new(
                        &shown,
                        format!(
                            "this media file and {} have the same name written in two Unicode forms, so /media/{name} would name either",
                            display_path(root, other).display()
                        ),
                    )
                    .help("keep one of the two files, or rename one"),
                );
                continue;
            }
            media.files.insert(name, entry.path().to_path_buf());
        }
        if errors.is_empty() {
            Ok(media)
        } else {
            Err(errors.sorted())
        }
    }

    /// Whether there is no media file.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The published names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// What is wrong with a link to `href`, a path from the site's root (its query and
    /// fragment are ignored), if it names the media folder: (message, help). `None` for any
    /// other link, and for a media file that is there.
    pub(crate) fn problem(&self, href: &str, image: bool) -> Option<(String, String)> {
        let path = href.split(['#', '?']).next().unwrap_or(href);
        let rest = path.strip_prefix(PREFIX)?;
        let name = percent_encoding::percent_decode_str(rest)
            .decode_utf8()
            .map_or_else(|_| rest.to_string(), |n| n.into_owned());
        if self.files.contains_key(&name) {
            return None;
        }
        let what = if image { "image" } else { "link" };
        if !is_nfc(&name) && self.files.contains_key(&name.nfc().collect::<String>()) {
            return Some((
                format!(
                    "the {what} `{href}` writes the file's name in another Unicode form than the file in content/{FOLDER}/, so browsers would not find it"
                ),
                format!(
                    "type the name again, or copy it from the file: /media/{}",
                    name.nfc().collect::<String>()
                ),
            ));
        }
        let near = self.nearest(&name);
        let help = match near {
            Some(n) => format!(
                "did you mean /media/{n}? Otherwise put the file at content/{FOLDER}/{name}"
            ),
            None => format!("put the file at content/{FOLDER}/{name}, or correct the name"),
        };
        Some((
            format!("the {what} `{href}` names a file that is not in content/{FOLDER}/"),
            help,
        ))
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

    /// Copies every file into `out/media/` and removes the files of `out/media/` that are no
    /// longer media, so `serve`'s output follows the folder. A copy keeps its source's
    /// modification time, and a file already there with the source's size and time is left as
    /// it is: `serve` publishes the folder again on every change of a template, the config or
    /// the app, and photos are large. Returns (files, bytes).
    pub(crate) fn publish(&self, out: &Path) -> anyhow::Result<(usize, u64)> {
        let target = out.join(FOLDER);
        let mut bytes = 0;
        for (name, source) in &self.files {
            let to = target.join(name);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent)
                    .with_context(|| format!("cannot create {}", parent.display()))?;
            }
            let meta = std::fs::metadata(source)
                .with_context(|| format!("cannot read {}", source.display()))?;
            bytes += meta.len();
            let same = |m: std::fs::Metadata| {
                m.len() == meta.len() && m.modified().ok() == meta.modified().ok()
            };
            if std::fs::metadata(&to).is_ok_and(same) {
                continue;
            }
            std::fs::copy(source, &to)
                .and_then(|_| {
                    std::fs::File::options()
                        .write(true)
                        .open(&to)?
                        .set_modified(meta.modified()?)
                })
                .with_context(|| format!("cannot copy {} to {}", source.display(), to.display()))?;
        }
        if target.is_dir() {
            for entry in walkdir::WalkDir::new(&target)
                .contents_first(true)
                .into_iter()
                .flatten()
            {
                let rel = entry
                    .path()
                    .strip_prefix(&target)
                    .ok()
                    .and_then(|r| r.to_str());
                let Some(rel) = rel.filter(|r| !r.is_empty()) else {
                    continue;
                };
                let name = rel
                    .split(std::path::MAIN_SEPARATOR)
                    .collect::<Vec<_>>()
                    .join("/");
                if entry.file_type().is_dir() {
                    // Empty once its files went: nothing links to a folder.
                    let _ = std::fs::remove_dir(entry.path());
                } else if !self.files.contains_key(&name) {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        Ok((self.files.len(), bytes))
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
    use super::*;

    fn media(names: &[&str]) -> Media {
        Media {
            files: names
                .iter()
                .map(|n| (n.to_string(), PathBuf::from(n)))
                .collect(),
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
    fn scans_publishes_and_follows_the_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let content = tmp.path().join("content");
        let dir = content.join(FOLDER);
        std::fs::create_dir_all(dir.join("فريق")).unwrap();
        std::fs::write(dir.join("logo.svg"), "<svg/>").unwrap();
        // Saved decomposed, published composed.
        std::fs::write(dir.join("فريق").join("\u{627}\u{653}دم.jpg"), "jpg").unwrap();
        std::fs::write(dir.join(".DS_Store"), "x").unwrap();
        std::fs::write(dir.join("logo.svg~"), "x").unwrap();
        // A link to a file kept elsewhere is published as that file.
        std::fs::write(tmp.path().join("shared.pdf"), "pdf").unwrap();
        std::os::unix::fs::symlink(tmp.path().join("shared.pdf"), dir.join("guide.pdf")).unwrap();
        let m = Media::scan(tmp.path(), &content).unwrap();
        assert_eq!(
            m.names().collect::<Vec<_>>(),
            ["guide.pdf", "logo.svg", "فريق/آدم.jpg"]
        );

        let out = tmp.path().join("out");
        std::fs::create_dir_all(out.join("media/old")).unwrap();
        std::fs::write(out.join("media/old/gone.png"), "x").unwrap();
        std::fs::write(out.join("media/logo.svg"), "stale").unwrap();
        assert_eq!(m.publish(&out).unwrap(), (3, 12));
        assert_eq!(
            std::fs::read_to_string(out.join("media/guide.pdf")).unwrap(),
            "pdf"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("media/logo.svg")).unwrap(),
            "<svg/>"
        );
        assert!(out.join("media/فريق/آدم.jpg").is_file());
        assert!(
            !out.join("media/old").exists(),
            "a file no longer in the folder stayed"
        );

        // Published again: an unchanged file is not written again; one changed in place (same
        // size, another time) is.
        let before = std::fs::metadata(out.join("media/logo.svg")).unwrap();
        let adam = dir.join("فريق").join("\u{627}\u{653}دم.jpg");
        std::fs::write(&adam, "JPG").unwrap();
        std::fs::File::options()
            .write(true)
            .open(&adam)
            .unwrap()
            .set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(5))
            .unwrap();
        let m = Media::scan(tmp.path(), &content).unwrap();
        assert_eq!(m.publish(&out).unwrap(), (3, 12));
        assert_eq!(
            std::fs::read_to_string(out.join("media/فريق/آدم.jpg")).unwrap(),
            "JPG"
        );
        let after = std::fs::metadata(out.join("media/logo.svg")).unwrap();
        use std::os::unix::fs::MetadataExt;
        assert_eq!(
            (before.ctime(), before.ctime_nsec()),
            (after.ctime(), after.ctime_nsec()),
            "an unchanged file was written again"
        );
    }

    #[test]
    fn a_folder_linked_into_itself_is_an_error_naming_it() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(FOLDER);
        std::fs::create_dir_all(dir.join("a")).unwrap();
        std::os::unix::fs::symlink(&dir, dir.join("a/loop")).unwrap();
        let e = Media::scan(tmp.path(), tmp.path()).unwrap_err();
        let text = format!("{e:?}");
        assert!(text.contains("media/a/loop"), "{text}");
        assert!(
            text.contains("leads back to a folder that holds it"),
            "{text}"
        );
    }

    #[test]
    fn no_media_folder_is_no_media() {
        let tmp = tempfile::tempdir().unwrap();
        let m = Media::scan(tmp.path(), tmp.path()).unwrap();
        assert!(m.is_empty());
        assert!(m.problem("/media/a.jpg", true).is_some());
    }

    #[test]
    fn two_names_in_two_unicode_forms_are_an_error_naming_both() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join(FOLDER);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("آدم.jpg"), "a").unwrap();
        std::fs::write(dir.join("\u{627}\u{653}دم.jpg"), "b").unwrap();
        let e = Media::scan(tmp.path(), tmp.path()).unwrap_err();
        let text = format!("{e:?}");
        assert!(text.contains("two Unicode forms"), "{text}");
        assert!(text.contains("media/"), "{text}");
    }

    #[test]
    fn edit_distance_counts_characters() {
        assert_eq!(edit_distance("مكتب", "مكتبة"), 1);
        assert_eq!(edit_distance("logo.svg", "logo.png"), 2);
        assert_eq!(edit_distance("", "ab"), 2);
    }
}
