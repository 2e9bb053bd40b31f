//! What changed in a source since its translation was made: the version of the source file
//! whose unit hash is the one the record holds, found in git's history, diffed with the file
//! as it is now. Without git, or when no version in the last commits matches, there is no diff
//! (the editor still shows the unit as stale).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::read::Scope;
use crate::lang::Lang;

/// How many of the source file's commits are looked at, newest first.
const DEPTH: usize = 50;

fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The unified diff of the unit `key`'s source file, from the version its translation was
/// marked against to now.
pub(crate) fn source_diff(
    scope: &Scope<'_>,
    status: Option<&crate::translations::Status>,
    key: &str,
    files: &[(Lang, PathBuf)],
) -> Option<String> {
    let pair = status?.pairs.iter().find(|p| p.key == key)?;
    let recorded = pair.recorded_hash()?;
    let (_, path) = files.iter().find(|(l, _)| *l == pair.source)?;
    let now = std::fs::read_to_string(path).ok()?;
    let root = &scope.folders.root;
    let rel = format!("./{}", scope.shown(path));
    let commits = git(
        root,
        &["log", "--format=%H", "-n", &DEPTH.to_string(), "--", &rel],
    )?;
    for commit in commits.lines() {
        let Some(old) = git(root, &["show", &format!("{commit}:{rel}")]) else {
            continue;
        };
        if crate::translations::units::hash_in_text(key, &old).as_deref() == Some(recorded) {
            return Some(unified(&old, &now, &scope.shown(path)));
        }
    }
    None
}

/// `old` → `new` as a unified diff with three lines of context.
pub(crate) fn unified(old: &str, new: &str, name: &str) -> String {
    similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(name, name)
        .to_string()
}
