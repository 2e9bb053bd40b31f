//! Stamps and files of the app's `.cache/`: the running executable's identity, a file's size
//! and modification time, the name a cache keeps an output folder under, and writing a cache
//! file whole or not at all. A leaf: the bundles, the lint, the cards, the worker snapshots
//! and the render cache all use it. Also the folders a build writes its output into
//! ([`output_dir`]), which an interrupted build stops making.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set once Ctrl-C is handled: no folder of the output is made any more ([`output_dir`]).
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Says that the process is stopping: from now on [`output_dir`] refuses, so the threads still
/// writing pages cannot make again the staging folder the interrupt handler removes.
pub(crate) fn stop_writing() {
    STOPPING.store(true, Ordering::SeqCst);
}

/// `create_dir_all` for a folder of a build's output (the staging folder's pages, assets,
/// cards, media): refused once the process is stopping ([`stop_writing`]).
pub(crate) fn output_dir(path: &Path) -> std::io::Result<()> {
    if STOPPING.load(Ordering::SeqCst) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::Interrupted,
            "the build was interrupted",
        ));
    }
    std::fs::create_dir_all(path)
}

/// The identity of the running sahel executable, computed once: its file's device, inode,
/// size and modification time, so a sahel built again (even with the same version number)
/// never reuses pages an older one rendered. (Hashing the 50 MB file cost more than the rest of
/// a small site's build.) When the executable cannot be read, a value of this run only, so
/// nothing is reused.
pub(crate) fn executable_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| {
        // On Linux, /proc/self/exe is the running file even if it was replaced since.
        let exe = if cfg!(target_os = "linux") {
            Ok(PathBuf::from("/proc/self/exe"))
        } else {
            std::env::current_exe()
        };
        match exe.and_then(std::fs::metadata) {
            Ok(m) => format!("{} {} {}", file_identity(&m), m.len(), modified_nanos(&m)),
            Err(_) => format!(
                "unreadable executable, run {} at {:?}",
                std::process::id(),
                std::time::SystemTime::now()
            ),
        }
    })
}

/// A file's modification time in nanoseconds since the Unix epoch (0 if unknown).
pub(crate) fn modified_nanos(m: &std::fs::Metadata) -> u128 {
    m.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos())
}

/// Adds a file's size and modification time to a stamp: the stamps of inputs that are not
/// read to decide whether they changed (the cards' fonts, the app's sources for its lint).
pub(crate) fn stamp_size_and_time(h: &mut blake3::Hasher, m: &std::fs::Metadata) {
    h.update(&m.len().to_le_bytes());
    h.update(&modified_nanos(m).to_le_bytes());
}

#[cfg(unix)]
fn file_identity(m: &std::fs::Metadata) -> String {
    use std::os::unix::fs::MetadataExt;
    format!("{}:{}", m.dev(), m.ino())
}

#[cfg(not(unix))]
fn file_identity(_: &std::fs::Metadata) -> String {
    String::new()
}

/// The name under which the caches in the app's `.cache/` keep an output folder's entries:
/// the first 16 hex digits of the hash of its absolute path.
pub(crate) fn output_cache_name(out: &Path) -> String {
    let out_abs = std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf());
    let hash = blake3::hash(out_abs.to_string_lossy().as_bytes());
    hash.to_hex().chars().take(16).collect()
}

/// Writes a file of the app's `.cache/` whole or not at all: into a temporary file of a unique
/// name beside it (`.tmp-XXXXXX`), then renamed over it. A build killed meanwhile leaves no
/// half-written file for the next one to trust, and builds writing the same file at once (two
/// outputs of one app, a build beside `serve`) both succeed: the last rename wins, and each
/// wrote the same bytes or its own valid version.
pub(crate) fn write_cache_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut file = tempfile::Builder::new()
        .prefix(CACHE_TEMP_PREFIX)
        .tempfile_in(dir)?;
    file.write_all(bytes)?;
    publishable(file.as_file())?;
    file.persist(path).map(|_| ()).map_err(|e| e.error)
}

/// Gives a file made by `tempfile` (readable by its owner only) the mode of the site's other
/// files, `rw-r--r--`: cached cards and photo copies are linked into the output, and a server
/// that runs as another user (nginx as `www-data`) could not read them.
pub(crate) fn publishable(file: &std::fs::File) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    file.set_permissions(std::fs::Permissions::from_mode(0o644))
}

/// Whether `path` is a regular file (not a link: a pull request can commit a link under
/// `.cache/`, and a cached file is published), given the mode of [`publishable`] if it had
/// another (files cached before 2026-11-27 were readable by their owner only).
pub(crate) fn cached_file_ready(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.is_file() => {
            m.permissions().mode() & 0o777 == 0o644
                || std::fs::File::open(path)
                    .and_then(|f| publishable(&f))
                    .is_ok()
        }
        _ => false,
    }
}

/// How the temporary files of [`write_cache_file`] begin.
pub(crate) const CACHE_TEMP_PREFIX: &str = ".tmp-";

/// Writes `note`, naming the output folder `out` a cache in the app's `.cache/` is for (its
/// own name is only a hash), unless it is there already; see [`orphaned_caches`].
pub(crate) fn write_output_note(note: &Path, out: &Path) {
    if !note.is_file() {
        let out_abs = std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf());
        let _ = write_cache_file(note, out_abs.to_string_lossy().as_bytes());
    }
}

/// The entries of `dir` other than `own` whose note (`note_of(entry)`, written by
/// [`write_output_note`]) names an output folder that is gone together with the folder that
/// held it, so they can never serve a build again. A missing output whose parent remains is
/// not gone (a first build may be staging beside it); an entry without a note (made by an
/// older sahel) or with a relative name is kept.
pub(crate) fn orphaned_caches(
    dir: &Path,
    own: &Path,
    note_of: impl Fn(&Path) -> Option<PathBuf>,
) -> Vec<PathBuf> {
    let gone = |p: &Path| matches!(std::fs::exists(p), Ok(false));
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|entry| entry != own)
        .filter(|entry| {
            note_of(entry)
                .and_then(|note| std::fs::read_to_string(note).ok())
                .is_some_and(|named| {
                    let out = Path::new(&named);
                    out.is_absolute() && gone(out) && out.parent().is_some_and(gone)
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn a_cached_file_is_published_readable_and_a_link_is_never_ready() {
        let dir = tempfile::tempdir().unwrap();
        let card = dir.path().join("card.png");
        super::write_cache_file(&card, b"png").unwrap();
        let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&card), 0o644);
        // An entry cached by an earlier sahel, readable by its owner only, is made readable.
        std::fs::set_permissions(&card, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert!(super::cached_file_ready(&card));
        assert_eq!(mode(&card), 0o644);
        // A link (to a private key, say) is not ready, and its target keeps its mode.
        let key = dir.path().join("id_rsa");
        std::fs::write(&key, "secret").unwrap();
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).unwrap();
        let link = dir.path().join("linked.png");
        std::os::unix::fs::symlink(&key, &link).unwrap();
        assert!(!super::cached_file_ready(&link));
        assert!(!super::cached_file_ready(&dir.path().join("missing.png")));
        assert_eq!(mode(&key), 0o600);
        // Written over, the link is replaced, not followed.
        super::write_cache_file(&link, b"card").unwrap();
        assert_eq!(std::fs::read(&key).unwrap(), b"secret");
        assert!(super::cached_file_ready(&link));
    }
}
