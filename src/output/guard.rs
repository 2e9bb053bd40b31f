//! The output guard and staging: which folders a build may replace, and the staging folder
//! that replaces the output only when everything was written.

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::{Writer, owner, write_marker};

/// The file `build` and `serve` write into every output folder they produce ([`owner`]): which
/// of them wrote it, for which folder, and what. A non-empty folder without it was not made by
/// sahel, and `build` refuses to replace it (unless `--force`).
pub(crate) const OUTPUT_MARKER: &str = ".sahel-output";

/// The folders a build must never replace: the site root, its content, templates and app.
pub(crate) struct Protected {
    /// What the folder is ("the site folder"), as messages name it.
    pub(crate) name: crate::messages::Msg,
    pub(crate) path: PathBuf,
}

/// Refuses an output folder that a build would destroy wrongly: one that is or contains a
/// protected folder (the site root, `content/`, `templates/`, the app), a file, or a non-empty
/// folder that sahel did not write, or that holds entries sahel did not write (its
/// [`OUTPUT_MARKER`] names them, and the folder it was written for: [`owner`]). `force`
/// overrides the refusals.
pub(crate) fn check_output_target(
    target: &Path,
    protected: &[Protected],
    force: bool,
) -> anyhow::Result<()> {
    if force {
        return Ok(());
    }
    let resolved_target = resolve_path(target);
    for p in protected {
        let resolved = resolve_path(&p.path);
        if resolved.starts_with(&resolved_target) {
            let message = if resolved == resolved_target {
                crate::msg!(
                    "output-target-is-protected",
                    target = target.display(),
                    folder = p.name.clone(),
                    path = p.path.display()
                )
            } else {
                crate::msg!(
                    "output-target-holds-protected",
                    target = target.display(),
                    folder = p.name.clone(),
                    path = p.path.display()
                )
            };
            anyhow::bail!(owner::with_help(
                message,
                crate::msg!("output-target-protected-help")
            ));
        }
    }
    match std::fs::symlink_metadata(target) {
        Err(_) => Ok(()),
        Ok(meta) if !meta.is_dir() => anyhow::bail!(owner::with_help(
            crate::msg!("output-target-is-file", target = target.display()),
            crate::msg!("output-target-is-file-help"),
        )),
        Ok(_) => {
            let mut entries = Vec::new();
            for entry in std::fs::read_dir(target).with_context(|| {
                crate::msg!("output-cannot-read-output", path = target.display())
            })? {
                let name = entry
                    .with_context(|| {
                        crate::msg!("output-cannot-read-output", path = target.display())
                    })?
                    .file_name()
                    .to_string_lossy()
                    .into_owned();
                if name != OUTPUT_MARKER {
                    entries.push(name);
                }
            }
            // Nothing to lose (a marker alone is no one's work).
            if entries.is_empty() {
                return Ok(());
            }
            entries.sort();
            match owner::ownership_problem(target, &entries) {
                None => Ok(()),
                Some(why) => anyhow::bail!(crate::msg!(
                    "output-refuse-replace",
                    path = target.display(),
                    why = why
                )),
            }
        }
    }
}

/// An absolute form of `path` with symlinks of its existing part resolved and `.`/`..` removed,
/// for comparing folders that may not exist yet.
pub(super) fn resolve_path(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(canonical) = existing.canonicalize() {
            let mut out = canonical;
            for part in rest.iter().rev() {
                match part {
                    std::path::Component::ParentDir => {
                        out.pop();
                    }
                    std::path::Component::Normal(n) => out.push(n),
                    _ => {}
                }
            }
            return out;
        }
        match (existing.parent(), existing.components().next_back()) {
            (Some(parent), Some(last)) => {
                rest.push(last);
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// Folders of this process's builds that must not outlive it: staging folders not yet
/// committed or dropped, and previous outputs being removed after a commit. An interrupted
/// build removes them before it exits ([`interrupt_and_exit`]).
static UNFINISHED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn unfinished() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    UNFINISHED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Ctrl-C: removes the staging folders of builds still running in this process (the previous
/// output stays as it was), says so, and exits with `code`.
///
/// The registry's lock is held from the start until the process has exited: a build that
/// reaches its commit meanwhile waits on it and never swaps anything. (Taking the list and
/// letting go of the lock let a commit move a half-removed staging folder in as the output.)
pub fn interrupt_and_exit(code: i32) -> ! {
    // No thread makes an output folder from here on (a page being written when the signal came
    // may still finish its file), so the staging folder, once removed, stays removed.
    crate::fingerprint::stop_writing();
    let mut registry = unfinished();
    for dir in registry.drain(..) {
        // A file still being written may make one attempt fail: try again until it is gone
        // (for up to two seconds on a loaded machine).
        for _ in 0..200 {
            if std::fs::remove_dir_all(&dir).is_ok() || !dir.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
    eprintln!("\n{}", crate::msg!("output-interrupted"));
    std::process::exit(code)
}

/// A folder next to `dist/` that becomes `dist/` on [`Staging::commit`] and is removed if
/// dropped before that. Its name is unique to the build (`.dist.tmp-XXXXXX`), so two builds
/// into one folder never write into each other's staging folder.
pub(crate) struct Staging {
    pub(crate) dir: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl Staging {
    /// A staging folder for `target`. Callers hold [`lock_output`] for `target` until the
    /// staging folder is committed or dropped.
    pub(crate) fn new(target: &Path) -> anyhow::Result<Staging> {
        let parent = owner::parent_of(target);
        std::fs::create_dir_all(&parent)
            .with_context(|| crate::msg!("output-cannot-create", path = parent.display()))?;
        let name = owner::name_of(target);
        // Made and registered under the registry's lock: Ctrl-C between the two left the
        // folder behind (its handler found nothing to remove).
        let mut registry = unfinished();
        let dir = tempfile::Builder::new()
            .prefix(&format!(".{name}.tmp-"))
            .tempdir_in(&parent)
            .with_context(|| crate::msg!("output-cannot-create-staging", path = parent.display()))?
            .keep();
        registry.push(dir.clone());
        drop(registry);
        Ok(Staging {
            dir,
            target: target.to_path_buf(),
            committed: false,
        })
    }

    /// Swaps the staging folder in place of the target, once the marker recording what it
    /// holds (and the hash of the render cache's `record` of it) is written into it.
    pub(crate) fn commit(mut self, record: Option<&[u8]>) -> anyhow::Result<()> {
        write_marker(&self.dir, &self.target, Writer::Build, record)?;
        // `.dist.tmp-XXXXXX` → `.dist.old-XXXXXX`: as unique as the staging folder.
        let name = owner::name_of(&self.target);
        let old = self.dir.with_file_name(
            self.dir
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .and_then(|n| {
                    n.strip_prefix(&format!(".{name}.tmp-"))
                        .map(|suffix| format!(".{name}.old-{suffix}"))
                })
                .unwrap_or_else(|| format!(".{name}.old")),
        );
        // The two renames happen under the registry's lock, so Ctrl-C (whose handler takes the
        // lock) never lands between them: it finds either the staging folder or, once the new
        // output is in place, the previous one to remove; never a missing output.
        let mut registry = unfinished();
        // No previous output (a first build, or another build has just moved it aside) is
        // not an error: the rename says so itself, with no window between a check and it.
        let had_target = match std::fs::rename(&self.target, &old) {
            Ok(()) => true,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => {
                return Err(e).with_context(|| {
                    crate::msg!("output-cannot-move-aside", path = self.target.display())
                });
            }
        };
        if let Err(e) = std::fs::rename(&self.dir, &self.target) {
            // Another build may have put its output there meanwhile: put ours back, keep theirs.
            if had_target && std::fs::symlink_metadata(&self.target).is_err() {
                let _ = std::fs::rename(&old, &self.target);
            }
            return Err(e).with_context(|| {
                crate::msg!("output-cannot-move-in", path = self.target.display())
            });
        }
        self.committed = true;
        registry.retain(|d| d != &self.dir);
        if had_target {
            registry.push(old.clone());
        }
        drop(registry);
        if had_target {
            std::fs::remove_dir_all(&old)
                .with_context(|| crate::msg!("output-cannot-remove-old", path = old.display()))?;
            unfinished().retain(|d| d != &old);
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            unfinished().retain(|d| d != &self.dir);
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staging_dropped_leaves_target_untouched() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("dist");
        std::fs::create_dir_all(&target).unwrap();
        std::fs::write(target.join("keep.html"), "old").unwrap();
        {
            let s = Staging::new(&target).unwrap();
            crate::pipeline::write_file(&s.dir, "new.html", b"new").unwrap();
        }
        assert_eq!(
            std::fs::read_to_string(target.join("keep.html")).unwrap(),
            "old"
        );
        assert!(!target.join("new.html").exists());
        let s = Staging::new(&target).unwrap();
        crate::pipeline::write_file(&s.dir, "new.html", b"new").unwrap();
        s.commit(None).unwrap();
        assert!(!target.join("keep.html").exists());
        assert_eq!(
            std::fs::read_to_string(target.join("new.html")).unwrap(),
            "new"
        );
        // The output and its owner record beside it.
        let mut names: Vec<String> = std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, [".dist.sahel-owner", "dist"]);
    }
}
