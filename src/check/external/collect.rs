//! The outbound links of a site and where each is written: Markdown bodies' links and images
//! (pulldown-cmark, as the page shows them), and every `http(s)` address in front matter, YAML
//! and JSON data, the interface strings and `site.toml` (linkify). Links of the site's own
//! origin are internal; `[check] external_skip` leaves out addresses by prefix.
//!
//! Only the site's own files are read: a link (symlink) is never followed, hidden folders
//! (`.git`, `.cache`) are passed over, and a file over 4 MiB is not read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag};
use serde::Serialize;

/// One place a link is written.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct Use {
    /// The file, from the site's folder.
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
}

/// Files larger than this are not read for links.
const MAX_FILE: u64 = 4 << 20;

/// Every outbound link (as written, trimmed) with its uses, in file order.
pub fn links(
    root: &Path,
    config: &crate::config::SiteConfig,
    skip: &[String],
) -> BTreeMap<String, Vec<Use>> {
    let mut files: Vec<PathBuf> = vec![root.join(crate::config::CONFIG_FILE)];
    let mut folders = vec![root.join(&config.paths.content)];
    for (_, dir) in crate::check::strings::strings_dirs(root, config) {
        folders.push(dir);
    }
    for folder in folders {
        if !inside(root, &folder) {
            continue;
        }
        for entry in walkdir::WalkDir::new(&folder)
            .follow_links(false)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'))
            .flatten()
        {
            if entry.file_type().is_file() {
                files.push(entry.into_path());
            }
        }
    }
    files.sort();
    files.dedup();

    let own = config.origin().to_string();
    let mut out: BTreeMap<String, Vec<Use>> = BTreeMap::new();
    for file in files {
        let Ok(meta) = std::fs::symlink_metadata(&file) else {
            continue;
        };
        if !meta.file_type().is_file() || meta.len() > MAX_FILE {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let shown = file.strip_prefix(root).unwrap_or(&file).to_path_buf();
        let ext = file
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or_default()
            .to_ascii_lowercase();
        let found: Vec<(String, usize)> = match ext.as_str() {
            "md" | "markdown" => markdown_links(&text),
            "yaml" | "yml" | "json" | "toml" => text_links(&text, 0),
            _ => continue,
        };
        let lines = crate::diagnostics::LineIndex::new(&text);
        for (url, offset) in found {
            let url = url.trim().to_string();
            let lower = url.to_ascii_lowercase();
            if !(lower.starts_with("http://") || lower.starts_with("https://")) {
                continue;
            }
            if is_own(&url, &own) || skip.iter().any(|s| url.starts_with(s.as_str())) {
                continue;
            }
            let (line, column, _) = lines.place(offset);
            out.entry(url).or_default().push(Use {
                file: shown.clone(),
                line,
                column,
            });
        }
    }
    out
}

/// Whether `folder` is inside the site's folder once its links are resolved.
fn inside(root: &Path, folder: &Path) -> bool {
    match (root.canonicalize(), folder.canonicalize()) {
        (Ok(root), Ok(real)) => real.starts_with(root),
        _ => false,
    }
}

/// Whether `url` is on the site's own origin (checked as an internal link).
fn is_own(url: &str, own: &str) -> bool {
    !own.is_empty()
        && url
            .strip_prefix(own)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['/', '?', '#']))
}

/// A Markdown file's links and images with their offsets, and the addresses in its front
/// matter (split as the loader splits it: a byte-order mark, `\r\n`).
fn markdown_links(text: &str) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let body = match crate::content::parse::split_front_matter(text, Path::new("")) {
        Ok(split) => {
            out.extend(text_links(split.front_matter, split.front_matter_offset));
            split.body
        }
        Err(_) => text,
    };
    let body_start = text.len().saturating_sub(body.len());
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    for (event, range) in Parser::new_ext(body, options).into_offset_iter() {
        if let Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) = event {
            out.push((dest_url.to_string(), body_start + range.start));
        }
    }
    out
}

/// The web addresses in a text, with their offsets (plus `base`).
fn text_links(text: &str, base: usize) -> Vec<(String, usize)> {
    let mut finder = linkify::LinkFinder::new();
    finder.kinds(&[linkify::LinkKind::Url]);
    finder
        .links(text)
        .map(|l| (l.as_str().to_string(), base + l.start()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_links_are_found_where_they_are_written_and_code_is_not_a_link() {
        let text = "---\ntitle: x\nsource: https://u.ae/ar/information\n---\n\nانظر [الهيئة](https://icp.gov.ae/ar/خدمات#رسوم) و `https://code.example/`.\n\n![صورة](https://img.example/a.png)\n";
        let found = markdown_links(text);
        let urls: Vec<&str> = found.iter().map(|(u, _)| u.as_str()).collect();
        assert_eq!(
            urls,
            [
                "https://u.ae/ar/information",
                "https://icp.gov.ae/ar/خدمات#رسوم",
                "https://img.example/a.png"
            ]
        );
        let index = crate::diagnostics::LineIndex::new(text);
        let place = |offset: usize| {
            let (line, column, _) = index.place(offset);
            (line, column)
        };
        assert_eq!(place(found[0].1), (3, 9));
        assert_eq!(place(found[1].1), (6, 6));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        /// Any text (Arabic, bidi controls, U+2028, emoji, long lines, broken Markdown) gives
        /// links without a panic, each placed inside the text.
        #[test]
        fn any_text_gives_links_placed_inside_it(
            text in "(\\PC|[\n\u{2028}\u{200f}\u{2066}\u{1F600}\\[\\]()<>#:/]|https?://[a-z\u{627}-\u{64a}.]{1,12}(/[^ )]{0,20})?){0,80}",
            front in proptest::bool::ANY,
        ) {
            let text = if front { format!("---\nsource: {text}\n---\n{text}") } else { text };
            let lines = crate::diagnostics::LineIndex::new(&text);
            let count = text.lines().count().max(1) + text.matches('\u{2028}').count();
            for (url, offset) in markdown_links(&text).into_iter().chain(text_links(&text, 0)) {
                proptest::prop_assert!(offset <= text.len(), "{url} at {offset}");
                let (line, column, _) = lines.place(offset);
                proptest::prop_assert!(line >= 1 && line <= count + 1 && column >= 1);
            }
        }
    }

    #[test]
    fn the_sites_own_origin_is_not_external() {
        assert!(is_own(
            "https://www.example.ae/en/",
            "https://www.example.ae"
        ));
        assert!(is_own("https://www.example.ae", "https://www.example.ae"));
        assert!(!is_own(
            "https://www.example.ae.evil/",
            "https://www.example.ae"
        ));
    }
}
