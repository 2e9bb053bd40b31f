//! The site's media: files an editor publishes (photos, diagrams and PDF brochures, without
//! their metadata: `strip.rs`, `svg_clean.rs`, `pdf_clean.rs`),
//! kept in `content/media/` and copied to `/media/` in the output. Markdown bodies and links
//! name them from the site's root (`![office](/media/office.jpg)`), in either language, and
//! `check` reports a name that is not there ([`Media::problem_msg`]).
//!
//! Names are published in Unicode NFC, the form keyboards type: an Arabic name saved
//! decomposed by a macOS disk (`آ` as `ا` + U+0653) would otherwise never match the name written
//! in a post, since browsers send a URL's bytes as they are.
//!
//! Media is content, not a window onto the machine that builds the site: a file published at
//! `/media/` is served from the site's own origin, and a pull request can add a symlink. So
//! [`Media::scan`] publishes only files whose real path is inside the folder, of an allow-list
//! of types checked by their bytes ([`ALLOWED`]; SVG only when `media/svg.rs` finds nothing that
//! runs or loads), with no secret key in them (`secrets::scan_file`), and with names
//! that stay distinct on case-insensitive disks; anything else fails the build, `check` and
//! `serve` with an error naming the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Context;

mod kind;
mod links;
mod measure;
pub(crate) mod pdf;
mod pdf_clean;
mod photo;
pub(crate) mod placeholder;
mod scan;
mod sizes;
mod strip;
mod svg;
mod svg_clean;
pub(crate) mod variants;

pub(crate) use scan::check_upload;
pub(crate) use sizes::{PhotoView, url_path};
pub use variants::ImageSettings;

use scan::Stamp;

/// The folder under the content folder, and the output's folder of the same name.
pub const FOLDER: &str = "media";

/// How links name a media file: `/media/<name>`.
pub const PREFIX: &str = "/media/";

/// What may be published from the media folder, in English (messages say it in the reader's
/// language: [`allowed`]).
pub const ALLOWED: &str = "JPEG (.jpg, .jpeg), PNG, GIF, WebP, AVIF, PDF and SVG (.svg, without script or references to other files)";

/// What may be published from the media folder, for messages.
pub(crate) fn allowed() -> crate::messages::Msg {
    crate::msg!("media-allowed")
}

/// The files of `content/media/`, by the name they are published under.
#[derive(Debug, Clone, Default)]
pub struct Media {
    /// Published name (relative to `/media/`, `/`-separated, NFC) → source file.
    files: BTreeMap<String, MediaFile>,
    /// Where the photos' smaller copies are kept between builds (`variants::cache_dir`); none:
    /// no copies are made (a media set made in a test).
    cache: Option<PathBuf>,
    /// How the copies are made (`[images]`).
    images: variants::ImageSettings,
}

/// A file of the media folder, as it was checked.
#[derive(Debug, Clone)]
struct MediaFile {
    /// Its real path (links resolved), inside the media folder.
    source: PathBuf,
    /// Its path as the editor sees it (`content/media/...`), for messages: never the
    /// machine's absolute path.
    shown: PathBuf,
    /// A hash of the bytes that were checked: what is published must be those bytes.
    hash: blake3::Hash,
    /// The file's size and times when it was checked: `serve` lists the folder again on each
    /// change in it, and checks again only the files whose stamp changed.
    stamp: Option<Stamp>,
    /// Its type (by its name, which its bytes matched).
    kind: Option<kind::Kind>,
    /// A photo's width and height in pixels (from its header).
    size: Option<(u32, u32)>,
    /// Its colour, for its placeholder (`placeholder.rs`), once a page needed it.
    colour: placeholder::Slot,
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
    /// The media set with its photos' copies made as `images` says (`[images]` in `site.toml`).
    pub(crate) fn with_images(mut self, images: ImageSettings) -> Media {
        self.images = images;
        self
    }

    /// Whether there is no media file.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    /// The published names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// Copies every file into `out/media/` (without its metadata: `media/strip.rs`) and removes the files of `out/media/` that are no
    /// longer media, so `serve`'s output follows the folder. A copy keeps its source's
    /// modification time, and a file already there with the source's size and time is left as
    /// it is: `serve` publishes the folder again on every change of a template, the config or
    /// the app, and photos are large. Returns (files, bytes).
    pub(crate) fn publish(&self, out: &Path) -> anyhow::Result<(usize, u64)> {
        let target = out.join(FOLDER);
        let mut bytes = 0;
        let copies = self.publish_variants(&target)?;
        for (name, file) in &self.files {
            let source = &file.source;
            let to = target.join(name);
            if let Some(parent) = to.parent() {
                std::fs::create_dir_all(parent).with_context(|| {
                    crate::msg!("output-cannot-create", path = parent.display())
                })?;
            }
            let shown = &file.shown;
            let meta = std::fs::metadata(source)
                .with_context(|| crate::msg!("output-cannot-read", path = shown.display()))?;
            bytes += meta.len();
            // A file is published without its metadata, so not as long as its source.
            let stripped = file.kind.is_some_and(photo::is_stripped);
            let same = |m: std::fs::Metadata| {
                (stripped || m.len() == meta.len()) && m.modified().ok() == meta.modified().ok()
            };
            if std::fs::metadata(&to).is_ok_and(same) {
                continue;
            }
            // Only the bytes that were checked are published.
            let contents = std::fs::read(source)
                .with_context(|| crate::msg!("output-cannot-read", path = shown.display()))?;
            if blake3::hash(&contents) != file.hash {
                anyhow::bail!(crate::msg!(
                    "media-changed-after-check",
                    path = shown.display()
                ));
            }
            let contents = match file.kind {
                Some(kind) if stripped => strip::published(kind, &contents)
                    .with_context(|| crate::msg!("media-cannot-clean", path = shown.display()))?,
                _ => contents,
            };
            std::fs::write(&to, &contents)
                .and_then(|()| {
                    std::fs::File::options()
                        .write(true)
                        .open(&to)?
                        .set_modified(meta.modified()?)
                })
                .with_context(|| {
                    crate::msg!(
                        "output-cannot-copy",
                        from = shown.display(),
                        to = to.display()
                    )
                })?;
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
                } else if !self.files.contains_key(&name) && !copies.names.contains(&name) {
                    let _ = std::fs::remove_file(entry.path());
                }
            }
        }
        Ok((self.files.len() + copies.names.len(), bytes + copies.bytes))
    }
}
