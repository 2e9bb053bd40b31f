//! Who owns an output folder, and who is writing into it.
//!
//! - **The marker** ([`OUTPUT_MARKER`], JSON, in the folder): which command wrote the folder
//!   (`build` or `serve`) and the top-level entries it wrote; nothing that depends on where
//!   the folder is. Hosts that publish dotfiles (an S3 or CDN upload of `dist/`) publish the
//!   marker too: a hash of the folder's path there (a fixed key, as before) let anyone test a
//!   guessed path offline (`/home/<name>/projects/<site>/dist` in about 130 guesses).
//!   `nginx.conf`, `_redirects` and `serve` answer 404 for it all the same.
//! - **The owner record** (`.NAME.sahel-owner`, beside the folder, never in it): the folder's
//!   resolved path, written with the marker. A build replaces a folder only when the record
//!   beside it names that very folder (a marker copied or synced along with a build's files
//!   brings no record, and a folder moved or renamed is not the one recorded) and the folder
//!   holds nothing the marker does not list. A marker of the previous format, which kept the
//!   folder's keyed hash, still counts for its folder.
//! - **The locks**: a build holds an advisory lock for its whole run ([`lock_output`]); a second
//!   build into the same folder waits for it rather than failing halfway. `serve` holds one on
//!   its output folder ([`lock_for_serve`]); a build refuses to replace a folder so held.
//! - **Leftovers**: the staging (`.NAME.tmp-XXXXXX`) and backup (`.NAME.old-XXXXXX`) folders
//!   of a build killed before it could remove them; the next build removes them under the
//!   lock, which proves no live build is using them ([`remove_leftovers`]).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::{OUTPUT_MARKER, resolve_path};
use crate::log::Log;
use crate::messages::Msg;

/// Which command wrote an output folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Writer {
    /// `sahel build`: the folder is a finished build, its pages may be reused.
    Build,
    /// `sahel serve`: its pages carry the dev client script; `build` never reuses them.
    Serve,
}

/// The marker's contents.
#[derive(Debug, Serialize, Deserialize)]
struct Marker {
    /// What this file is, for whoever finds it.
    about: String,
    written_by: Writer,
    /// [`folder_id`] of the folder it was written for, in markers of the previous format: new
    /// ones keep the folder's identity beside it ([`OwnerRecord`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    folder: Option<String>,
    /// The folder's top-level entries that sahel wrote, sorted.
    entries: Vec<String>,
    /// The blake3 hash of the render cache's record of the build that wrote the folder: a record
    /// whose hash differs (a build killed between its swap and writing its record left the
    /// previous build's) describes other pages, and nothing is reused from it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    record: Option<String>,
}

const ABOUT: &str = "Written by sahel, which replaces this folder on the next build. `entries` \
                     is what sahel wrote here; which folder it wrote is recorded beside the \
                     folder, not in it, so a copy of this file in another folder proves nothing.";

/// The owner record beside an output folder: the folder's identity (a path of this machine,
/// never published: it is not in the folder).
#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct OwnerRecord {
    folder: String,
}

/// Where the owner record of `target` is: `.NAME.sahel-owner` beside it.
fn owner_record_path(target: &Path) -> PathBuf {
    parent_of(target).join(format!(".{}.sahel-owner", name_of(target)))
}

/// Whether `marker` was written for `target`: the record beside it names it (or, in the
/// previous format, the marker's own hash does).
fn owned(target: &Path, marker: &Marker) -> bool {
    if let Some(folder) = &marker.folder {
        return *folder == folder_id(target);
    }
    std::fs::read(owner_record_path(target))
        .ok()
        .and_then(|b| serde_json::from_slice::<OwnerRecord>(&b).ok())
        .is_some_and(|r| r.folder == identity(target).to_string_lossy())
}

/// The text the markers of earlier sahel versions held: they recorded nothing else.
const LEGACY_TEXT: &str =
    "This folder was written by `sahel build`, which replaces it whole on the next build.\n";

/// What an earlier sahel's build wrote at the top of its output: a folder marked by one is
/// replaced only if it holds nothing else (the copied-marker rule cannot apply to it).
fn legacy_entry(name: &str) -> bool {
    matches!(
        name,
        "ar" | "en"
            | "assets"
            | "cards"
            | "media"
            | "index.html"
            | "404.html"
            | "sitemap.xml"
            | "robots.txt"
            | "_headers"
            | "_redirects"
            | "nginx.conf"
            | "favicon.svg"
            | "redirect.js"
    ) || name
        .strip_prefix("sitemap-")
        .and_then(|n| n.strip_suffix(".xml"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The path a build's output is identified by: its parent folder resolved (symlinks, `..`)
/// and its own name. (The folder itself is not resolved: a build replaces the name, so a
/// symlink there is replaced by the new output, not followed.)
fn identity(target: &Path) -> PathBuf {
    let absolute = std::path::absolute(target).unwrap_or_else(|_| target.to_path_buf());
    match (
        absolute.parent(),
        absolute.components().next_back(),
        absolute.file_name(),
    ) {
        (Some(parent), Some(std::path::Component::Normal(_)), Some(name)) => {
            resolve_path(parent).join(name)
        }
        _ => resolve_path(&absolute),
    }
}

/// A keyed hash of the folder's [`identity`]: what the markers of the previous format record
/// of the folder they were written for.
fn folder_id(target: &Path) -> String {
    let mut h = blake3::Hasher::new_derive_key("sahel 2026-11 output folder marker");
    h.update(identity(target).to_string_lossy().as_bytes());
    h.finalize().to_hex().to_string()
}

/// The names in `dir`, the marker aside, sorted.
fn entry_names(dir: &Path) -> anyhow::Result<Vec<String>> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir)
        .with_context(|| crate::msg!("output-cannot-read", path = dir.display()))?
    {
        let entry =
            entry.with_context(|| crate::msg!("output-cannot-read", path = dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name != OUTPUT_MARKER {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// Writes the marker into `dir`, recording its entries as written by `writer`, and the hash
/// of the render cache's `record` of what was written (a build's); and the owner record beside
/// `target`, the output folder `dir` is or becomes. Unchanged files are not written again.
pub(crate) fn write_marker(
    dir: &Path,
    target: &Path,
    writer: Writer,
    record: Option<&[u8]>,
) -> anyhow::Result<()> {
    let owner = OwnerRecord {
        folder: identity(target).to_string_lossy().into_owned(),
    };
    let owner_path = owner_record_path(target);
    let owner_text = serde_json::to_vec(&owner)?;
    if std::fs::read(&owner_path).ok().as_deref() != Some(owner_text.as_slice()) {
        crate::fingerprint::write_cache_file(&owner_path, &owner_text)
            .with_context(|| crate::msg!("output-cannot-write", path = owner_path.display()))?;
    }
    let marker = Marker {
        about: ABOUT.to_string(),
        written_by: writer,
        folder: None,
        entries: entry_names(dir)?,
        record: record.map(|r| blake3::hash(r).to_hex().to_string()),
    };
    let mut text = serde_json::to_string_pretty(&marker)?;
    text.push('\n');
    let path = dir.join(OUTPUT_MARKER);
    if std::fs::read(&path).is_ok_and(|old| old == text.as_bytes()) {
        return Ok(());
    }
    std::fs::write(&path, text)
        .with_context(|| crate::msg!("output-cannot-write", path = path.display()))
}

/// The marker of `dir`: `Ok(None)` without one; `Err` with one no sahel wrote in this format.
fn read_marker(dir: &Path) -> Result<Option<Marker>, Legacy> {
    let path = dir.join(OUTPUT_MARKER);
    let Ok(bytes) = std::fs::read(&path) else {
        return Ok(None);
    };
    match serde_json::from_slice::<Marker>(&bytes) {
        Ok(m) => Ok(Some(m)),
        Err(_) if bytes == LEGACY_TEXT.as_bytes() => Err(Legacy::Older),
        Err(_) => Err(Legacy::Unreadable),
    }
}

/// A marker that records nothing this sahel can check.
enum Legacy {
    /// The marker of an earlier sahel.
    Older,
    /// Not a marker sahel wrote (edited by hand, truncated).
    Unreadable,
}

/// Whether `record` (the render cache's record of the last build into `target`) describes the
/// pages in `target`: the marker names its hash. A build killed after its swap and before it
/// wrote its record leaves the previous build's record beside pages it does not describe.
pub(crate) fn describes(target: &Path, record: &[u8]) -> bool {
    matches!(read_marker(target), Ok(Some(m)) if m.record.as_deref() == Some(blake3::hash(record).to_hex().as_str()))
}

/// Whether the pages in `target` may be reused by a build into it: the folder was written by a
/// build (not `serve`, whose pages carry the dev client) for this very folder.
pub(crate) fn reusable(target: &Path) -> bool {
    matches!(read_marker(target), Ok(Some(m)) if m.written_by == Writer::Build && owned(target, &m))
}

/// Why a build may not replace the non-empty folder `target` (`None`: it may). `entries` are
/// its names, the marker aside.
pub(super) fn ownership_problem(target: &Path, entries: &[String]) -> Option<Msg> {
    let shown = |names: &[&String]| -> String {
        const SHOWN: usize = 10;
        let mut list: Vec<String> = names
            .iter()
            .take(SHOWN)
            .map(|n| {
                if target.join(n.as_str()).is_dir() {
                    format!("{n}/")
                } else {
                    n.to_string()
                }
            })
            .collect();
        if names.len() > SHOWN {
            list.push(crate::msg!("output-and-more", count = names.len() - SHOWN).text());
        }
        list.join(", ")
    };
    let all: Vec<&String> = entries.iter().collect();
    let force = || crate::msg!("output-force-hint");
    let choose = || crate::msg!("output-choose-empty-help", force = force());
    let move_out = || crate::msg!("output-move-out-help", force = force());
    match read_marker(target) {
        Ok(None) => Some(with_help(
            crate::msg!(
                "output-not-written-by-sahel",
                marker = OUTPUT_MARKER,
                entries = shown(&all)
            ),
            choose(),
        )),
        Err(Legacy::Unreadable) => Some(with_help(
            crate::msg!(
                "output-marker-unreadable",
                marker = OUTPUT_MARKER,
                entries = shown(&all)
            ),
            choose(),
        )),
        Err(Legacy::Older) => {
            let foreign: Vec<&String> = entries.iter().filter(|n| !legacy_entry(n)).collect();
            (!foreign.is_empty()).then(|| {
                with_help(
                    crate::msg!("output-older-foreign", entries = shown(&foreign)),
                    move_out(),
                )
            })
        }
        Ok(Some(marker)) => {
            let written: BTreeSet<&str> = marker.entries.iter().map(String::as_str).collect();
            let foreign: Vec<&String> = entries
                .iter()
                .filter(|n| !written.contains(n.as_str()))
                .collect();
            if !owned(target, &marker) {
                let message = if foreign.is_empty() {
                    crate::msg!("output-marker-elsewhere", marker = OUTPUT_MARKER)
                } else {
                    crate::msg!(
                        "output-marker-elsewhere-foreign",
                        marker = OUTPUT_MARKER,
                        entries = shown(&foreign)
                    )
                };
                Some(with_help(
                    message,
                    crate::msg!("output-marker-elsewhere-help", force = force()),
                ))
            } else if !foreign.is_empty() {
                Some(with_help(
                    crate::msg!("output-foreign", entries = shown(&foreign)),
                    move_out(),
                ))
            } else {
                None
            }
        }
    }
}

/// A message and, on a line of its own below it, how to fix it (`  help: ...`).
pub(crate) fn with_help(message: Msg, help: Msg) -> Msg {
    crate::msg!("output-with-help", message = message, help = help)
}

/// An advisory lock on the folder that holds an output folder: every build into it holds it
/// from its start until its output is in place and the previous one removed. Released when
/// dropped, and by the kernel when the process dies (even by `kill -9`).
#[derive(Debug)]
pub(crate) struct OutputLock {
    _file: std::fs::File,
}

/// Takes the lock for a build into `target`, waiting (and saying so) while another build holds
/// it. The lock is the parent folder's: its staging and backup folders are made there, and no
/// lock file is left beside the output. (Builds into sibling folders wait for each other too.)
pub(crate) fn lock_output(target: &Path, log: &Log) -> anyhow::Result<OutputLock> {
    let parent = parent_of(target);
    std::fs::create_dir_all(&parent)
        .with_context(|| crate::msg!("output-cannot-create", path = parent.display()))?;
    let file = open_lock(&parent)?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            log.progress(&crate::msg!("output-waiting-for-lock", path = parent.display()).text());
            file.lock()
                .with_context(|| crate::msg!("output-cannot-lock", path = parent.display()))?;
        }
        Err(std::fs::TryLockError::Error(e)) => {
            return Err(e)
                .with_context(|| crate::msg!("output-cannot-lock", path = parent.display()));
        }
    }
    Ok(OutputLock { _file: file })
}

/// `serve`'s hold on its output folder, for as long as it runs: a lock on the folder itself
/// (builds lock its parent). A build refuses to replace a folder `serve` is writing into (it
/// would go on writing its pages, dev client script and all, into the new output), and a second
/// `serve` refuses it too.
#[derive(Debug)]
pub(crate) struct ServeLock {
    _file: Option<std::fs::File>,
}

/// Takes [`ServeLock`] on `out` (an existing folder). (Where a folder cannot be locked without
/// a lock file inside it, which would be published, there is none.)
pub(crate) fn lock_for_serve(out: &Path) -> anyhow::Result<ServeLock> {
    if cfg!(not(unix)) {
        return Ok(ServeLock { _file: None });
    }
    let file = open_lock(out)?;
    match file.try_lock() {
        Ok(()) => Ok(ServeLock { _file: Some(file) }),
        Err(std::fs::TryLockError::WouldBlock) => anyhow::bail!(with_help(
            crate::msg!("output-serve-running", path = out.display()),
            crate::msg!("output-serve-running-help"),
        )),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| crate::msg!("output-cannot-lock", path = out.display()))
        }
    }
}

/// Refuses to replace `target` while a `sahel serve` is writing into it ([`ServeLock`]).
pub(crate) fn check_no_serve(target: &Path) -> anyhow::Result<()> {
    if cfg!(not(unix)) || !std::fs::symlink_metadata(target).is_ok_and(|m| m.is_dir()) {
        return Ok(());
    }
    let Ok(file) = open_lock(target) else {
        return Ok(());
    };
    match file.try_lock() {
        Err(std::fs::TryLockError::WouldBlock) => anyhow::bail!(with_help(
            crate::msg!("output-serve-writing", path = target.display()),
            crate::msg!("output-serve-writing-help"),
        )),
        // Free (the lock goes with the file), or not lockable here: no serve holds it.
        _ => Ok(()),
    }
}

/// The folder a build's staging and backup folders are made in.
pub(super) fn parent_of(target: &Path) -> PathBuf {
    target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// The output's name as its staging and backup folders carry it (`.NAME.tmp-XXXXXX`).
pub(super) fn name_of(target: &Path) -> String {
    target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "dist".into())
}

/// A file to lock a folder with: the folder itself.
#[cfg(unix)]
fn open_lock(dir: &Path) -> anyhow::Result<std::fs::File> {
    std::fs::File::open(dir)
        .with_context(|| crate::msg!("output-cannot-open", path = dir.display()))
}

/// Folders cannot be opened as files here: a lock file of its own.
#[cfg(not(unix))]
fn open_lock(dir: &Path) -> anyhow::Result<std::fs::File> {
    let path = dir.join(".sahel.lock");
    std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .with_context(|| crate::msg!("output-cannot-open", path = path.display()))
}

/// Whether `name` is a staging or backup folder name of the output `target_name`:
/// `.NAME.tmp-` or `.NAME.old-` and `tempfile`'s six random letters and digits.
fn is_leftover_name(name: &str, target_name: &str) -> bool {
    let Some(rest) = name
        .strip_prefix('.')
        .and_then(|n| n.strip_prefix(target_name))
    else {
        return false;
    };
    let Some(suffix) = rest
        .strip_prefix(".tmp-")
        .or_else(|| rest.strip_prefix(".old-"))
    else {
        return false;
    };
    suffix.len() == 6 && suffix.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Removes the staging and backup folders of earlier builds into `target` that were killed
/// before they could (Ctrl-C removes its own). Call it holding [`lock_output`]: every build
/// holds it while its folders exist, so none of these belongs to a live build. Returns the
/// folders removed.
pub(crate) fn remove_leftovers(target: &Path, log: &Log) -> Vec<PathBuf> {
    let parent = parent_of(target);
    let name = name_of(target);
    let Ok(entries) = std::fs::read_dir(&parent) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if !is_dir || !is_leftover_name(&file_name.to_string_lossy(), &name) {
            continue;
        }
        let path = entry.path();
        match std::fs::remove_dir_all(&path) {
            Ok(()) => {
                log.verbose(&format!(
                    "  {}",
                    crate::msg!("output-leftover-removed", path = path.display())
                ));
                removed.push(path);
            }
            Err(e) => log.progress(
                &crate::msg!(
                    "output-leftover-not-removed",
                    path = path.display(),
                    detail = e.to_string()
                )
                .text(),
            ),
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`super::ownership_problem`] in English.
    fn ownership_problem(target: &Path, entries: &[String]) -> Option<String> {
        super::ownership_problem(target, entries).map(|m| m.render("en"))
    }

    #[test]
    fn leftover_names_are_only_a_builds_own() {
        for (name, is) in [
            (".dist.tmp-a1B2c3", true),
            (".dist.old-ZZ9zz9", true),
            (".dist.tmp-a1B2c", false),
            (".dist.tmp-a1B2c3d", false),
            (".dist.tmp-a1B2c!", false),
            (".dist2.tmp-a1B2c3", false),
            (".dist.tmp-foo.tmp-a1B2c3", false),
            ("dist.tmp-a1B2c3", false),
            (".dist.new-a1B2c3", false),
        ] {
            assert_eq!(is_leftover_name(name, "dist"), is, "{name}");
        }
    }

    #[test]
    fn the_marker_holds_no_path_and_counts_only_in_its_own_folder() {
        let tmp = tempfile::tempdir().unwrap();
        let dist = tmp.path().join("dist");
        std::fs::create_dir_all(dist.join("en")).unwrap();
        std::fs::write(dist.join("index.html"), "x").unwrap();
        write_marker(&dist, &dist, Writer::Build, None).unwrap();
        let text = std::fs::read_to_string(dist.join(OUTPUT_MARKER)).unwrap();
        assert!(!text.contains(&*tmp.path().to_string_lossy()), "{text}");
        assert!(
            text.contains("\"en\"") && text.contains("\"index.html\""),
            "{text}"
        );
        assert!(reusable(&dist));
        let names = entry_names(&dist).unwrap();
        assert_eq!(ownership_problem(&dist, &names), None);
        // The same folder under another spelling is the same folder.
        let spelled = tmp.path().join("dist/../dist/");
        assert_eq!(identity(&spelled), identity(&dist));
        assert!(reusable(&spelled));

        // Issue 50: the published marker is the same wherever the folder is (a hash of its
        // path there was a path oracle): the same entries, written elsewhere, the same bytes.
        let elsewhere = tmp.path().join("deep/home/someone/projects/site/dist");
        std::fs::create_dir_all(elsewhere.join("en")).unwrap();
        std::fs::write(elsewhere.join("index.html"), "x").unwrap();
        write_marker(&elsewhere, &elsewhere, Writer::Build, None).unwrap();
        assert_eq!(
            std::fs::read(elsewhere.join(OUTPUT_MARKER)).unwrap(),
            std::fs::read(dist.join(OUTPUT_MARKER)).unwrap()
        );
        assert!(
            tmp.path().join(".dist.sahel-owner").is_file(),
            "beside, not in it"
        );
        // A marker of the previous format (the folder's keyed hash in it) still counts.
        let old = tmp.path().join("old");
        std::fs::create_dir_all(&old).unwrap();
        std::fs::write(old.join("index.html"), "x").unwrap();
        std::fs::write(
            old.join(OUTPUT_MARKER),
            format!(
                "{{\"about\":\"\",\"written_by\":\"build\",\"folder\":\"{}\",\"entries\":[\"index.html\"]}}",
                folder_id(&old)
            ),
        )
        .unwrap();
        assert!(reusable(&old));

        // Copied with its marker: not owned, not reusable.
        let www = tmp.path().join("www");
        std::fs::create_dir_all(www.join("en")).unwrap();
        std::fs::copy(dist.join(OUTPUT_MARKER), www.join(OUTPUT_MARKER)).unwrap();
        std::fs::write(www.join("index.html"), "x").unwrap();
        assert!(!reusable(&www));
        let problem = ownership_problem(&www, &entry_names(&www).unwrap()).unwrap();
        assert!(problem.contains("written for another folder"), "{problem}");

        // Written by serve: owned, never reused.
        write_marker(&dist, &dist, Writer::Serve, None).unwrap();
        assert!(!reusable(&dist));
        assert_eq!(ownership_problem(&dist, &names), None);
    }

    #[test]
    fn a_legacy_marker_covers_only_what_a_build_wrote() {
        let tmp = tempfile::tempdir().unwrap();
        let dist = tmp.path().join("dist");
        std::fs::create_dir_all(dist.join("ar")).unwrap();
        std::fs::write(dist.join("sitemap-12.xml"), "x").unwrap();
        std::fs::write(dist.join(OUTPUT_MARKER), LEGACY_TEXT).unwrap();
        assert!(!reusable(&dist));
        assert_eq!(ownership_problem(&dist, &entry_names(&dist).unwrap()), None);
        std::fs::create_dir_all(dist.join("uploads")).unwrap();
        let problem = ownership_problem(&dist, &entry_names(&dist).unwrap()).unwrap();
        assert!(
            problem.contains("uploads/") && !problem.contains("ar/"),
            "{problem}"
        );
        std::fs::write(dist.join(OUTPUT_MARKER), "mine").unwrap();
        let problem = ownership_problem(&dist, &entry_names(&dist).unwrap()).unwrap();
        assert!(problem.contains("not one sahel wrote"), "{problem}");
    }
}
