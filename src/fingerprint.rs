//! Stamps and files of the app's `.cache/`: the running executable's identity, a file's size
//! and modification time, the name a cache keeps an output folder under, and writing a cache
//! file whole or not at all. A leaf: the bundles, the lint, the cards, the worker snapshots
//! and the render cache all use it.

use std::path::{Path, PathBuf};

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
    file.persist(path).map(|_| ()).map_err(|e| e.error)
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
