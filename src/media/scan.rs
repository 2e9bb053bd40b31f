//! Listing and checking `content/media/`: [`Media::scan`] and [`Media::rescan`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use unicode_normalization::UnicodeNormalization;

use super::kind::Kind;
use super::{FOLDER, Media, MediaFile, allowed, is_scratch, svg};
use crate::diagnostics::{Diagnostic, Diagnostics, display_path};
use crate::messages::Arg;

/// What tells that a file changed: size, modification time, and on Unix the inode's change
/// time (which no tool can set back) and number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Stamp {
    len: u64,
    modified: Option<std::time::SystemTime>,
    #[cfg(unix)]
    changed: (i64, i64, u64, u64),
}

impl Stamp {
    fn of(meta: &std::fs::Metadata) -> Stamp {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            #[cfg(unix)]
            changed: (meta.ctime(), meta.ctime_nsec(), meta.ino(), meta.dev()),
        }
    }
}

/// A file found in the media folder, before its contents are checked.
struct Found {
    name: String,
    /// As the editor sees it (`content/media/...`), for messages.
    shown: PathBuf,
    real: PathBuf,
}

/// Where a link points, for messages: as written, and where it ends when that differs.
fn link_target(link: &Path, real: Option<&Path>) -> Arg {
    let written = std::fs::read_link(link).ok();
    match (written, real) {
        (Some(w), Some(r)) if w != r => crate::msg!(
            "media-link-target-resolved",
            written = w.display(),
            real = r.display()
        )
        .into(),
        (Some(w), _) => w.display().into(),
        (None, Some(r)) => r.display().into(),
        (None, None) => crate::msg!("media-link-target-unknown").into(),
    }
}

impl Media {
    /// Lists and checks `content_dir/media/` (none is an empty list). Each of these is an
    /// error naming the file, and nothing is published:
    /// - an entry whose real path (links followed) is outside the media folder, or a media
    ///   folder that is itself a link out of the content folder;
    /// - a file that is not one of the [`ALLOWED`](super::ALLOWED) types by its bytes, or whose extension
    ///   names another type than its bytes are; an SVG with script, event handlers, or
    ///   references to other files (`media/svg.rs`);
    /// - a secret key in a file (`secrets::scan_file`);
    /// - a name that is not UTF-8, or two names that differ only in their Unicode form or
    ///   their case.
    pub fn scan(root: &Path, content_dir: &Path) -> Result<Media, Diagnostics> {
        Media::scan_reusing(root, content_dir, None)
    }

    /// [`Media::scan`] again, as `serve` does on each change in the folder: a file whose real
    /// path and [`Stamp`] are those it had in `self` is not read and checked again.
    pub(crate) fn rescan(&self, root: &Path, content_dir: &Path) -> Result<Media, Diagnostics> {
        Media::scan_reusing(root, content_dir, Some(self))
    }

    fn scan_reusing(
        root: &Path,
        content_dir: &Path,
        previous: Option<&Media>,
    ) -> Result<Media, Diagnostics> {
        let dir = content_dir.join(FOLDER);
        let mut media = Media {
            cache: Some(super::variants::cache_dir(root)),
            images: previous.map(|p| p.images.clone()).unwrap_or_default(),
            ..Media::default()
        };
        let mut errors = Diagnostics::default();
        if !dir.is_dir() {
            return Ok(media);
        }
        let shown_dir = display_path(root, &dir);
        let real_dir = match (dir.canonicalize(), content_dir.canonicalize()) {
            (Ok(real), Ok(content)) if real.starts_with(&content) => real,
            (Ok(real), Ok(_)) => {
                return Err(Diagnostic::msg(
                    &shown_dir,
                    crate::msg!(
                        "media-folder-link-out",
                        target = link_target(&dir, Some(&real)),
                        folder = shown_dir.display()
                    ),
                )
                .help_msg(crate::msg!(
                    "media-folder-link-out-help",
                    folder = shown_dir.display()
                ))
                .into());
            }
            (Err(e), _) | (_, Err(e)) => {
                return Err(Diagnostic::msg(
                    &shown_dir,
                    crate::msg!("media-cannot-read", detail = e.to_string()),
                )
                .help_msg(crate::msg!("media-folder-permissions-help"))
                .into());
            }
        };
        let mut found = Vec::new();
        // A link is followed while it stays inside the media folder (a loop is an error).
        let mut walk = walkdir::WalkDir::new(&dir)
            .follow_links(true)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !is_scratch(&e.file_name().to_string_lossy()));
        while let Some(entry) = walk.next() {
            let entry = match entry {
                Ok(entry) => entry,
                Err(e) => {
                    let path = e.path().unwrap_or(&dir).to_path_buf();
                    // (walkdir's own words name the absolute paths: only the I/O error's are
                    // shown)
                    let (detail, help): (Arg, _) = match e.io_error() {
                        _ if e.loop_ancestor().is_some() => (
                            crate::msg!("media-link-loop").into(),
                            crate::msg!("media-link-loop-help"),
                        ),
                        Some(io) => (io.to_string().into(), crate::msg!("media-permissions-help")),
                        None => (
                            crate::msg!("media-link-target-unknown").into(),
                            crate::msg!("media-permissions-help"),
                        ),
                    };
                    errors.push(
                        Diagnostic::msg(
                            display_path(root, &path),
                            crate::msg!("media-cannot-read", detail = detail),
                        )
                        .help_msg(help),
                    );
                    continue;
                }
            };
            if entry.depth() == 0 {
                continue;
            }
            let shown = display_path(root, entry.path());
            let is_dir = entry.file_type().is_dir();
            let real = match entry.path().canonicalize() {
                Ok(real) => real,
                Err(e) => {
                    errors.push(
                        Diagnostic::msg(
                            &shown,
                            crate::msg!("media-cannot-read", detail = e.to_string()),
                        )
                        .help_msg(crate::msg!("media-permissions-or-remove-help")),
                    );
                    continue;
                }
            };
            if !real.starts_with(&real_dir) {
                let target = link_target(entry.path(), Some(&real));
                let folder = shown_dir.display().to_string();
                let (message, help) = if is_dir {
                    (
                        crate::msg!(
                            "media-subfolder-link-out",
                            target = target,
                            folder = &folder
                        ),
                        crate::msg!("media-subfolder-link-out-help", folder = &folder),
                    )
                } else {
                    (
                        crate::msg!("media-file-link-out", target = target, folder = &folder),
                        crate::msg!("media-file-link-out-help", folder = &folder),
                    )
                };
                errors.push(Diagnostic::msg(&shown, message).help_msg(help));
                if is_dir {
                    walk.skip_current_dir();
                }
                continue;
            }
            if !entry.file_type().is_file() {
                continue;
            }
            let Some(rel) = entry
                .path()
                .strip_prefix(&dir)
                .ok()
                .and_then(|r| r.to_str())
            else {
                errors.push(
                    Diagnostic::msg(&shown, crate::msg!("media-name-not-utf8"))
                        .help_msg(crate::msg!("media-name-not-utf8-help")),
                );
                continue;
            };
            let name: String = rel
                .split(std::path::MAIN_SEPARATOR)
                .collect::<Vec<_>>()
                .join("/")
                .nfc()
                .collect();
            found.push(Found { name, shown, real });
        }

        // Names: two in two Unicode forms, or in two cases, would be one file for a browser,
        // Windows or macOS.
        let mut by_name: BTreeMap<&str, &Found> = BTreeMap::new();
        let mut by_folded: BTreeMap<String, &Found> = BTreeMap::new();
        let mut named = Vec::new();
        for file in &found {
            if let Some(other) = by_name.get(file.name.as_str()) {
                errors.push(
                    Diagnostic::msg(
                        &file.shown,
                        crate::msg!(
                            "media-name-unicode-forms",
                            other = other.shown.display(),
                            name = &file.name
                        ),
                    )
                    .help_msg(crate::msg!("media-name-unicode-forms-help")),
                );
                continue;
            }
            let folded: String = file.name.to_lowercase().nfc().collect();
            if let Some(other) = by_folded.get(&folded) {
                errors.push(
                    Diagnostic::msg(
                        &file.shown,
                        crate::msg!("media-name-case", other = other.shown.display()),
                    )
                    .help_msg(crate::msg!("media-name-case-help")),
                );
                continue;
            }
            by_name.insert(&file.name, file);
            by_folded.insert(folded, file);
            named.push(file);
        }

        // Contents: read once, in parallel; what is checked is what is published.
        let checked_before: std::collections::HashMap<&Path, &MediaFile> = previous
            .map(|p| p.files.values().map(|f| (f.source.as_path(), f)).collect())
            .unwrap_or_default();
        let cache = media.cache.as_deref();
        let checked: Vec<Result<(String, MediaFile), Vec<Diagnostic>>> = named
            .par_iter()
            .map(|file| check_file(file, &checked_before, cache))
            .collect();
        for result in checked {
            match result {
                Ok((name, file)) => {
                    media.files.insert(name, file);
                }
                Err(found) => errors.0.extend(found),
            }
        }
        if errors.is_empty() {
            Ok(media)
        } else {
            Err(errors.sorted())
        }
    }
}

/// A file the browser editor received, at `path`, checked as the media file `name` would be
/// (its type by its bytes, its size, a bomb, a script in an SVG or a PDF): the errors, if any.
pub(crate) fn check_upload(
    name: &str,
    path: &Path,
    cache: Option<&Path>,
) -> Result<(), Vec<Diagnostic>> {
    let found = Found {
        name: name.to_string(),
        shown: Path::new("content/media").join(name),
        real: path.to_path_buf(),
    };
    check_file(&found, &std::collections::HashMap::new(), cache).map(|_| ())
}

/// Reads one media file and checks its type and contents: its name and the checked bytes'
/// hash, or the errors naming it.
fn check_file(
    file: &Found,
    checked_before: &std::collections::HashMap<&Path, &MediaFile>,
    cache: Option<&Path>,
) -> Result<(String, MediaFile), Vec<Diagnostic>> {
    let shown = &file.shown;
    let stamp = std::fs::metadata(&file.real).ok().map(|m| Stamp::of(&m));
    if let Some(before) = checked_before.get(file.real.as_path())
        && stamp.is_some()
        && before.stamp == stamp
    {
        return Ok((file.name.clone(), (*before).clone()));
    }
    let extension = file
        .name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .filter(|e| !e.contains('/'));
    let kind = extension.as_deref().and_then(Kind::of_extension);
    // A file of a type never published is refused from its first bytes (a video need not be
    // read whole to be refused).
    let read = || -> std::io::Result<Vec<u8>> {
        match kind {
            Some(_) => std::fs::read(&file.real),
            None => {
                use std::io::Read;
                let mut head = Vec::new();
                std::fs::File::open(&file.real)?
                    .take(4096)
                    .read_to_end(&mut head)?;
                Ok(head)
            }
        }
    };
    let bytes = read().map_err(|e| {
        vec![
            Diagnostic::msg(
                shown,
                crate::msg!("media-cannot-read", detail = e.to_string()),
            )
            .help_msg(crate::msg!("media-permissions-help")),
        ]
    })?;
    let mut errors = Vec::new();
    // The photos' smaller copies are published under `/media/_v/` (`_V/` is the same folder
    // on a disk that ignores case).
    if file
        .name
        .split('/')
        .next()
        .is_some_and(|first| first.eq_ignore_ascii_case(super::variants::FOLDER))
    {
        errors.push(
            Diagnostic::msg(
                shown,
                crate::msg!("media-variants-folder", folder = super::variants::FOLDER),
            )
            .help_msg(crate::msg!("media-variants-folder-help")),
        );
    }
    // An empty photo is that, not a file of some other type.
    let empty_photo = bytes.is_empty() && kind.is_some_and(|k| k != Kind::Svg && k != Kind::Pdf);
    match (kind, extension.as_deref()) {
        (Some(kind), _) if empty_photo => {
            if let Some((message, help)) = super::photo::check(kind, &bytes) {
                errors.push(Diagnostic::msg(shown, message).help_msg(help));
            }
        }
        (None, ext) => {
            let what = match (ext, Kind::of_bytes(&bytes)) {
                (_, Some(actual)) => crate::msg!(
                    "media-type-unnamed",
                    kind = actual.name(),
                    extension = actual.extension()
                ),
                (Some(ext), None) => crate::msg!("media-type-extension", extension = ext),
                (None, None) => crate::msg!("media-type-no-extension"),
            };
            let heic =
                ext.is_some_and(|e| matches!(e.to_ascii_lowercase().as_str(), "heic" | "heif"));
            errors.push(
                Diagnostic::msg(
                    shown,
                    crate::msg!("media-type-refused", what = what, allowed = allowed()),
                )
                .help_msg(if heic {
                    crate::msg!("media-type-heic-help")
                } else {
                    crate::msg!("media-type-refused-help")
                }),
            );
        }
        (Some(Kind::Svg), _) => svg_errors(shown, &bytes, &mut errors),
        // A PDF that cannot be cleaned, or that acts.
        (Some(Kind::Pdf), _) if Kind::Pdf.matches(&bytes) => {
            if let Some((message, help)) = super::pdf_clean::check(&bytes) {
                errors.push(Diagnostic::msg(shown, message).help_msg(help));
            }
        }
        // A photo whose header or container is damaged, that is too large to show, or whose
        // copies cannot be made.
        (Some(kind), _) if kind.matches(&bytes) => {
            if let Some((message, help)) = super::photo::check(kind, &bytes) {
                errors.push(Diagnostic::msg(shown, message).help_msg(help));
            } else if super::variants::has_variants(kind)
                && let Err(detail) = super::variants::decodes(cache, &bytes, &blake3::hash(&bytes))
            {
                errors.push(
                    Diagnostic::msg(
                        shown,
                        crate::msg!(
                            "media-photo-undecodable",
                            kind = kind.name(),
                            detail = detail
                        ),
                    )
                    .help_msg(crate::msg!("media-photo-damaged-help")),
                );
            }
        }
        (Some(kind), Some(ext)) => {
            let (actual, help): (Arg, _) = match Kind::of_bytes(&bytes) {
                Some(actual) => (
                    actual.name().into(),
                    crate::msg!(
                        "media-type-rename-help",
                        extension = actual.extension(),
                        kind = kind.name()
                    ),
                ),
                None => (
                    infer::get(&bytes).map_or_else(
                        || crate::msg!("media-type-unknown").into(),
                        |t| format!("{} ({})", t.mime_type(), t.extension()).into(),
                    ),
                    crate::msg!("media-type-export-help", kind = kind.name()),
                ),
            };
            errors.push(
                Diagnostic::msg(
                    shown,
                    crate::msg!(
                        "media-type-mismatch",
                        extension = ext,
                        actual = actual,
                        kind = kind.name()
                    ),
                )
                .help_msg(help),
            );
        }
        (Some(_), None) => {}
    }
    // The secret scan every published file goes through; in a PDF or an image too (metadata).
    for finding in crate::secrets::scan_file(shown, &bytes) {
        let message = if matches!(kind, Some(Kind::Svg | Kind::Pdf)) {
            crate::msg!(
                "media-secret-at-line",
                what = finding.what,
                line = finding.line
            )
        } else {
            crate::msg!("media-secret", what = finding.what)
        };
        errors.push(Diagnostic::msg(shown, message).help_msg(crate::msg!("media-secret-help")));
    }
    // A PDF's compressed streams and encoded strings (media/pdf.rs).
    if kind == Some(Kind::Pdf) {
        super::pdf::check_secrets(shown, &bytes, &mut errors);
    }
    if errors.is_empty() {
        Ok((
            file.name.clone(),
            MediaFile {
                source: file.real.clone(),
                shown: shown.clone(),
                hash: blake3::hash(&bytes),
                stamp,
                kind,
                size: kind.and_then(|k| super::photo::upright_size(k, &bytes)),
                colour: Default::default(),
            },
        ))
    } else {
        Err(errors)
    }
}

/// The errors of an SVG file, each at its line and column.
fn svg_errors(shown: &Path, bytes: &[u8], errors: &mut Vec<Diagnostic>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let Ok(text) = std::str::from_utf8(bytes) else {
        let actual =
            Kind::of_bytes(bytes).map_or_else(|| crate::msg!("media-not-utf8"), Kind::name);
        errors.push(
            Diagnostic::msg(shown, crate::msg!("media-svg-bytes", actual = actual)).help_msg(
                match Kind::of_bytes(bytes) {
                    Some(k) => crate::msg!("media-svg-rename-help", extension = k.extension()),
                    None => crate::msg!("media-svg-utf8-help"),
                },
            ),
        );
        return;
    };
    let found = svg::problems(text);
    if found.is_empty() {
        return;
    }
    let source: std::sync::Arc<str> = text.into();
    // A drawing exported with HTML text (draw.io) has a problem per element: the first few say
    // what to fix.
    const SHOWN: usize = 5;
    let more = found.len().saturating_sub(SHOWN);
    for problem in found.into_iter().take(SHOWN) {
        let (line, column) = crate::diagnostics::line_col(text, problem.at);
        errors.push(
            Diagnostic::msg(
                shown,
                crate::msg!("media-svg-problem", problem = problem.message),
            )
            .at(line, column)
            .with_source(source.clone())
            .help_msg(problem.help),
        );
    }
    if more > 0 {
        errors.push(
            Diagnostic::msg(shown, crate::msg!("media-svg-more", count = more))
                .help_msg(crate::msg!("media-svg-more-help")),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::media::ALLOWED;

    /// The first bytes of each type, enough for the magic-number check.
    /// Whole, tiny photos (4 × 3 pixels, no metadata: published as they are).
    pub(crate) const JPEG: &[u8] = include_bytes!("../../tests/fixtures/media/tiny.jpg");
    pub(crate) const PNG: &[u8] = include_bytes!("../../tests/fixtures/media/tiny.png");
    /// A PDF of no page, with its cross-reference table (18 lines).
    pub(crate) const PDF: &[u8] = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\nxref\n0 3\n0000000000 65535 f \n0000000015 00000 n \n0000000064 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n116\n%%EOF\n";
    pub(crate) const SVG: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\"/></svg>";

    /// A site folder with `content/media/` holding `files` (name, bytes).
    fn site(files: &[(&str, &[u8])]) -> (tempfile::TempDir, PathBuf) {
        let tmp = tempfile::tempdir().unwrap();
        let content = tmp.path().join("content");
        for (name, bytes) in files {
            let path = content.join(FOLDER).join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, bytes).unwrap();
        }
        std::fs::create_dir_all(content.join(FOLDER)).unwrap();
        (tmp, content)
    }

    fn errors(root: &Path, content: &Path) -> String {
        let e = Media::scan(root, content).unwrap_err();
        e.0.iter().map(|d| format!("{d}\n")).collect()
    }

    #[test]
    fn scans_publishes_and_follows_the_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let content = tmp.path().join("content");
        let dir = content.join(FOLDER);
        std::fs::create_dir_all(dir.join("فريق")).unwrap();
        std::fs::create_dir_all(dir.join("brochures")).unwrap();
        std::fs::write(dir.join("logo.svg"), SVG).unwrap();
        // Saved decomposed, published composed.
        std::fs::write(dir.join("فريق").join("\u{627}\u{653}دم.jpg"), JPEG).unwrap();
        std::fs::write(dir.join(".DS_Store"), "x").unwrap();
        std::fs::write(dir.join("logo.svg~"), "x").unwrap();
        // A link to a file kept elsewhere in the folder is published as that file.
        std::fs::write(dir.join("brochures/visa.pdf"), PDF).unwrap();
        std::os::unix::fs::symlink("brochures/visa.pdf", dir.join("guide.pdf")).unwrap();
        let m = Media::scan(tmp.path(), &content).unwrap();
        assert_eq!(
            m.names().collect::<Vec<_>>(),
            [
                "brochures/visa.pdf",
                "guide.pdf",
                "logo.svg",
                "فريق/آدم.jpg"
            ]
        );
        let size = (2 * PDF.len() + SVG.len() + JPEG.len()) as u64;

        let out = tmp.path().join("out");
        std::fs::create_dir_all(out.join("media/old")).unwrap();
        std::fs::write(out.join("media/old/gone.png"), "x").unwrap();
        std::fs::write(out.join("media/logo.svg"), "stale").unwrap();
        // Written in the same tick of the file system's clock as the source, the stale file
        // would have its time and pass for a copy already made (a published SVG is not as
        // long as its source, so only the time is compared).
        std::fs::File::options()
            .write(true)
            .open(out.join("media/logo.svg"))
            .unwrap()
            .set_modified(std::time::SystemTime::UNIX_EPOCH)
            .unwrap();
        // The four files, and the photo's three smaller copies (AVIF and WebP at its own width,
        // and its JPEG fallback).
        let (files, bytes) = m.publish(&out).unwrap();
        assert_eq!(files, 7);
        assert!(bytes > size, "{bytes} {size}");
        let copies: Vec<String> = std::fs::read_dir(out.join("media/_v"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(copies.len(), 3, "{copies:?}");
        // (written again by `pdf_clean.rs`: without document information, here none)
        let guide = std::fs::read(out.join("media/guide.pdf")).unwrap();
        assert!(guide.starts_with(b"%PDF-1.7"), "{guide:?}");
        assert!(lopdf::Document::load_mem(&guide).is_ok());
        assert_eq!(
            std::fs::read_to_string(out.join("media/logo.svg")).unwrap(),
            SVG
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
        let mut changed = JPEG.to_vec();
        // A value of its quantisation table: the same size, still a whole JPEG.
        let dqt = changed.windows(2).position(|w| w == [0xFF, 0xDB]).unwrap();
        changed[dqt + 6] = changed[dqt + 6].wrapping_add(1).max(1);
        std::fs::write(&adam, &changed).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&adam)
            .unwrap()
            .set_modified(std::time::SystemTime::now() + std::time::Duration::from_secs(5))
            .unwrap();
        let m = Media::scan(tmp.path(), &content).unwrap();
        assert_eq!(m.publish(&out).unwrap().0, 7);
        assert_eq!(
            std::fs::read(out.join("media/فريق/آدم.jpg")).unwrap(),
            changed
        );
        // The changed photo's copies replace the old ones, in the output and in the cache.
        let now: Vec<String> = std::fs::read_dir(out.join("media/_v"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(now.len(), 3, "{now:?}");
        assert!(
            now.iter().all(|n| !copies.contains(n)),
            "{now:?} {copies:?}"
        );
        // (and the entry that says the photo decodes: `variants/limits.rs`)
        assert_eq!(
            std::fs::read_dir(tmp.path().join(".cache/media"))
                .unwrap()
                .count(),
            4
        );
        let after = std::fs::metadata(out.join("media/logo.svg")).unwrap();
        use std::os::unix::fs::MetadataExt;
        assert_eq!(
            (before.ctime(), before.ctime_nsec()),
            (after.ctime(), after.ctime_nsec()),
            "an unchanged file was written again"
        );

        // A file changed after it was checked is not published: what is published was checked.
        std::fs::write(&adam, b"<script>alert(1)</script>").unwrap();
        let out2 = tmp.path().join("out2");
        let e = m.publish(&out2).unwrap_err().to_string();
        assert!(e.contains("changed after it was checked"), "{e}");
        assert!(!out2.join("media/فريق/آدم.jpg").exists());
    }

    #[test]
    fn a_scan_again_checks_again_a_file_changed_in_place() {
        let (tmp, content) = site(&[("logo.svg", SVG.as_bytes()), ("photo.png", PNG)]);
        let first = Media::scan(tmp.path(), &content).unwrap();
        let again = first.rescan(tmp.path(), &content).unwrap();
        assert_eq!(again.names().collect::<Vec<_>>(), ["logo.svg", "photo.png"]);
        // Same size, modification time set back: still read again, and refused.
        let logo = content.join("media/logo.svg");
        let modified = std::fs::metadata(&logo).unwrap().modified().unwrap();
        let evil = SVG.replacen("<rect", "<rect onload='x()'", 1);
        let evil = evil.replacen("width=\"1\" height=\"1\"", "", 1);
        assert!(evil.len() <= SVG.len());
        let evil = format!("{evil:<width$}", width = SVG.len());
        std::fs::write(&logo, &evil).unwrap();
        std::fs::File::options()
            .write(true)
            .open(&logo)
            .unwrap()
            .set_modified(modified)
            .unwrap();
        let text = format!("{:?}", again.rescan(tmp.path(), &content).unwrap_err());
        assert!(text.contains("`onload`"), "{text}");
    }

    #[test]
    fn links_out_of_the_media_folder_are_refused_naming_them() {
        let (tmp, content) = site(&[("photo.png", PNG)]);
        let dir = content.join(FOLDER);
        let outside = tmp.path().join("secret");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("x.png"), PNG).unwrap();
        std::os::unix::fs::symlink("/proc/self/environ", dir.join("env.txt")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.join("passwd.png")).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join("linked")).unwrap();
        std::os::unix::fs::symlink("../../secret/x.png", dir.join("up.png")).unwrap();
        // A link that stays in the folder is fine.
        std::os::unix::fs::symlink("photo.png", dir.join("same.png")).unwrap();
        let text = errors(tmp.path(), &content);
        assert!(
            text.contains("content/media/env.txt: this media file is a link to /proc/self/environ (which is /proc/"),
            "{text}"
        );
        assert!(
            text.contains("content/media/passwd.png: this media file is a link to /etc/passwd, outside content/media/"),
            "{text}"
        );
        assert!(
            text.contains("content/media/linked: this media folder is a link to"),
            "{text}"
        );
        assert!(
            text.contains(
                "content/media/up.png: this media file is a link to ../../secret/x.png (which is"
            ),
            "{text}"
        );
        assert!(
            text.contains("copy the file into content/media/ instead of linking to it"),
            "{text}"
        );
        // One error per link: the linked folder's files are not listed, and no other error.
        assert_eq!(text.lines().count(), 4, "{text}");

        // The media folder itself linked out of the content folder.
        let (tmp, content) = site(&[]);
        std::fs::remove_dir(content.join(FOLDER)).unwrap();
        std::fs::create_dir_all(tmp.path().join("etc")).unwrap();
        std::fs::write(tmp.path().join("etc/a.png"), PNG).unwrap();
        std::os::unix::fs::symlink(tmp.path().join("etc"), content.join(FOLDER)).unwrap();
        let text = errors(tmp.path(), &content);
        assert!(
            text.contains("content/media: the media folder is a link to"),
            "{text}"
        );
        assert!(text.contains("outside the content folder"), "{text}");
    }

    #[test]
    fn only_the_allowed_types_are_published_by_their_bytes() {
        let (tmp, content) = site(&[
            ("x.html", b"<script src=\"/media/x.js\"></script>"),
            ("x.js", b"alert(document.cookie)"),
            ("notes.txt", b"notes"),
            ("README", b"notes"),
            ("fake.png", b"<html><script>alert(1)</script></html>"),
            ("swapped.png", JPEG),
            ("jpeg-named.pdf", JPEG),
            ("photo.JPG", JPEG),
            ("photo.jpeg", JPEG),
            ("brochure.pdf", PDF),
            ("png-as.svg", PNG),
        ]);
        let text = errors(tmp.path(), &content);
        assert!(
            text.contains(
                "content/media/x.html: .html files are not published from the media folder"
            ),
            "{text}"
        );
        assert!(text.contains(ALLOWED), "{text}");
        for name in [
            "x.js",
            "notes.txt",
            "README",
            "fake.png",
            "swapped.png",
            "jpeg-named.pdf",
            "png-as.svg",
        ] {
            assert!(
                text.contains(&format!("content/media/{name}:")),
                "{name}: {text}"
            );
        }
        assert!(
            text.contains("swapped.png: the file is named .png, but its bytes are a JPEG image, not a PNG image"),
            "{text}"
        );
        assert!(text.contains("rename it to end in .jpg"), "{text}");
        assert!(
            text.contains("png-as.svg: the file is named .svg, but its bytes are a PNG image"),
            "{text}"
        );
        assert_eq!(text.lines().count(), 8, "{text}");
    }

    #[test]
    fn svg_with_script_or_references_is_refused_at_its_line_and_a_clean_one_published() {
        let (tmp, content) = site(&[
            ("clean.svg", SVG.as_bytes()),
            (
                "evil.svg",
                b"<svg xmlns=\"http://www.w3.org/2000/svg\">\n  <rect onload=\"alert(1)\"/>\n</svg>",
            ),
        ]);
        let e = Media::scan(tmp.path(), &content).unwrap_err();
        assert_eq!(e.0.len(), 1, "{e:?}");
        let d = &e.0[0];
        assert_eq!(d.file, Path::new("content/media/evil.svg"));
        assert_eq!(d.position, Some((2, 9)));
        assert!(d.message.contains("`onload`"), "{}", d.message);
        assert!(d.render().contains("<rect onload"), "{}", d.render());
        std::fs::remove_file(content.join("media/evil.svg")).unwrap();
        let m = Media::scan(tmp.path(), &content).unwrap();
        assert_eq!(m.names().collect::<Vec<_>>(), ["clean.svg"]);
    }

    #[test]
    fn an_svg_full_of_html_gets_a_few_errors_and_a_count() {
        let body =
            "<foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\">a</div></foreignObject>";
        let svg = SVG.replace("<rect", &format!("{}<rect", body.repeat(4)));
        let (tmp, content) = site(&[("drawio.svg", svg.as_bytes())]);
        let e = Media::scan(tmp.path(), &content).unwrap_err();
        assert_eq!(e.0.len(), 6, "{e:?}");
        assert!(
            e.0.iter()
                .any(|d| d.message.contains("and 3 more problems")),
            "{e:?}"
        );
    }

    #[test]
    fn a_secret_key_in_a_media_file_is_refused() {
        let key = crate::secrets::test_tokens::jwt(r#"{"role":"service_role"}"#);
        let pdf = [
            PDF,
            format!("3 0 obj\n<< /Title ({key}) >>\nendobj\n").as_bytes(),
        ]
        .concat();
        let svg = SVG.replace("<rect", &format!("<desc>{key}</desc>\n<rect"));
        let jpeg = [JPEG, key.as_bytes()].concat();
        let (tmp, content) = site(&[
            ("brochure.pdf", &pdf),
            ("logo.svg", svg.as_bytes()),
            ("photo.jpg", &jpeg),
        ]);
        let text = errors(tmp.path(), &content);
        assert!(
            text.contains(
                "content/media/brochure.pdf: this media file holds a service_role JWT (eyJhbGci…) (line 20)"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "content/media/logo.svg: this media file holds a service_role JWT (eyJhbGci…) (line 1)"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "content/media/photo.jpg: this media file holds a service_role JWT (eyJhbGci…),"
            ),
            "{text}"
        );
        assert!(!text.contains(&key), "the key is printed: {text}");
    }

    #[test]
    fn two_names_that_differ_only_in_case_are_an_error_naming_both() {
        let (tmp, content) = site(&[("Office.jpg", JPEG), ("office.jpg", JPEG)]);
        let text = errors(tmp.path(), &content);
        assert!(
            text.contains("content/media/office.jpg: this media file and content/media/Office.jpg have names that differ only in case"),
            "{text}"
        );
        // In another folder's case, and a decomposed É against a composed é.
        let (tmp, content) = site(&[
            ("Photos/CAFE\u{301}.png", PNG),
            ("photos/café.png", PNG),
            ("فريق/مكتب.png", PNG),
        ]);
        let text = errors(tmp.path(), &content);
        assert!(text.contains("content/media/photos/café.png: this media file and content/media/Photos/CAFE\u{301}.png have names that differ only in case"), "{text}");
        assert_eq!(text.lines().count(), 1, "{text}");
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
        std::fs::write(dir.join("آدم.jpg"), JPEG).unwrap();
        std::fs::write(dir.join("\u{627}\u{653}دم.jpg"), JPEG).unwrap();
        let e = Media::scan(tmp.path(), tmp.path()).unwrap_err();
        let text = format!("{e:?}");
        assert!(text.contains("two Unicode forms"), "{text}");
        assert!(text.contains("media/"), "{text}");
    }
}
