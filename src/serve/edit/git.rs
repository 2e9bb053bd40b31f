//! Git for the browser editor: what changed, commit, publish (push), bring others' changes in.
//!
//! Everything goes through the `git` program, run in the site folder (`git -C <root>`): never a
//! shell, each argument on its own, `--` before paths, pathspecs taken literally, `LC_ALL=C` so
//! its output can be read, stdin closed and `GIT_TERMINAL_PROMPT=0` so it never waits for a
//! person (an SSH remote without a configured command runs in `BatchMode`). The user's own
//! configuration is read (author, remotes, hooks); nothing is forced, no hook is skipped.
//!
//! The editor works on a scope: the folders it edits (`content`, `site/src/i18n`), relative to
//! the site folder. What changed is listed and committed within it only; the paths it reports are
//! relative to the site folder too, which may sit deeper in the repository.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Serialize;
use serde_json::json;

use crate::messages::Msg;
use crate::msg;

/// The diff sent to the editor is cut past this many bytes.
const DIFF_CAP: usize = 2 * 1024 * 1024;
/// Git's own words in an error are cut past this many characters.
const ERROR_CAP: usize = 2000;
/// The longest commit message taken, in characters.
const MESSAGE_CAP: usize = 10_000;
/// What git says when it does not know who commits (`LC_ALL=C`).
const NO_IDENTITY: [&str; 3] = [
    "Please tell me who you are",
    "identity unknown",
    "auto-detection is disabled",
];

/// Git's arguments, each its own: text, and paths as they are.
macro_rules! argv {
    ($($arg:expr),* $(,)?) => { Vec::<OsString>::from([$(OsString::from($arg)),*]) };
}

/// Git's arguments from words without spaces.
fn words(text: &str) -> Vec<OsString> {
    text.split(' ').map(OsString::from).collect()
}

/// An author (name, email), as the editor gives one.
pub(crate) type Who<'a> = Option<(&'a str, &'a str)>;

/// The author of a commit.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct Author {
    pub(crate) name: String,
    pub(crate) email: String,
}

/// Whether the editor can use git in the site folder, and on what (`GitInfo` in api.ts).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct GitInfo {
    pub(crate) available: bool,
    /// Why git is not available.
    pub(crate) reason: Option<Msg>,
    /// The current branch; `None` when HEAD is detached or git is not available.
    pub(crate) branch: Option<String>,
    /// Whether the branch has an upstream, or the repository a remote named `origin`.
    pub(crate) remote: bool,
    /// The author from git's configuration (`user.name`, `user.email`), when both are set.
    pub(crate) author: Option<Author>,
}

impl GitInfo {
    /// api.ts's `GitInfo`, its reason in the editor's language `ui`.
    pub(crate) fn to_json(&self, ui: &str) -> serde_json::Value {
        let reason = self.reason.as_ref().map(|m| m.render(ui));
        let (available, branch, remote, author) =
            (self.available, &self.branch, self.remote, &self.author);
        json!({ "available": available, "reason": reason, "branch": branch, "remote": remote, "author": author })
    }
}

/// How a file differs from HEAD.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    Added,
    Modified,
    Deleted,
    Renamed,
    Untracked,
}

/// A file changed since HEAD.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct ChangedFile {
    /// Relative to the site folder, `/`-separated (for a rename: the new path).
    pub(crate) path: String,
    pub(crate) status: Status,
    /// The path from the repository's top, as git wrote it (to stage it).
    #[serde(skip)]
    raw: Vec<u8>,
    /// A rename's old path from the repository's top.
    #[serde(skip)]
    raw_from: Option<Vec<u8>>,
    /// Whether the index holds `raw` (not when its deletion is staged): `git add` takes only
    /// paths the index or the work tree holds.
    #[serde(skip)]
    in_index: bool,
}

/// What changed within the scope since HEAD (`Changes` in api.ts, but for its `git`).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Changes {
    pub(crate) files: Vec<ChangedFile>,
    /// The diff against HEAD, untracked files included, cut at [`DIFF_CAP`].
    pub(crate) diff: String,
    /// Whether `diff` was cut.
    pub(crate) truncated: bool,
}

impl Changes {
    /// api.ts's `Changes`: `git`, `files` and `diff`, whose cut is marked on a last line in the
    /// editor's language `ui`.
    pub(crate) fn to_json(&self, git: &GitInfo, ui: &str) -> serde_json::Value {
        let mut diff = self.diff.clone();
        if self.truncated {
            let mb = DIFF_CAP / (1024 * 1024);
            diff.push_str(&msg!("edit-git-diff-truncated", mb = mb).render(ui));
            diff.push('\n');
        }
        json!({ "git": git.to_json(ui), "files": self.files, "diff": diff })
    }

    /// Adds to the diff, cut at [`DIFF_CAP`] bytes at the end of a line.
    fn push(&mut self, part: &str) {
        let room = DIFF_CAP.saturating_sub(self.diff.len());
        if self.truncated {
            return;
        } else if part.len() <= room {
            return self.diff.push_str(part);
        }
        self.truncated = true;
        let ends = part.char_indices().map(|(i, c)| i + c.len_utf8());
        let fits = part.get(..ends.take_while(|end| *end <= room).last().unwrap_or(0));
        let lines = fits.and_then(|f| f.rfind('\n').and_then(|i| f.get(..=i)));
        self.diff.push_str(lines.unwrap_or_default());
    }
}

/// Why a publish failed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum PublishError {
    /// The remote has commits this branch lacks (the push was not a fast-forward): bring them in
    /// ([`pull`]), then publish again. Never forced.
    Refused(Msg),
    /// Anything else.
    Failed(Msg),
}

impl From<Msg> for PublishError {
    fn from(m: Msg) -> PublishError {
        PublishError::Failed(m)
    }
}

/// A run of git.
struct Run {
    /// The exit code; `None` when a signal ended it.
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
}

impl Run {
    fn succeeded(&self) -> bool {
        self.code == Some(0)
    }

    /// Stdout as text, its last line break removed.
    fn line(&self) -> String {
        let text = String::from_utf8_lossy(&self.stdout);
        text.strip_suffix('\n').unwrap_or(&text).to_string()
    }

    /// What git said, trimmed and cut: stderr, else stdout.
    fn said(&self) -> String {
        let stdout = String::from_utf8_lossy(&self.stdout);
        let text = Some(self.stderr.trim()).filter(|e| !e.is_empty());
        let text = text.unwrap_or_else(|| stdout.trim());
        let mut cut: String = text.chars().take(ERROR_CAP).collect();
        if cut.len() < text.len() {
            cut.push('…');
        }
        cut
    }

    /// `edit-git-failed`, naming the subcommand.
    fn failed(&self, command: &str) -> Msg {
        msg!("edit-git-failed", command = command, error = self.said())
    }

    fn lacks_identity(&self) -> bool {
        NO_IDENTITY.iter().any(|s| self.stderr.contains(s))
    }
}

/// Runs git in `root` with `args`, `input` on its stdin; `remote`: it may reach a remote.
fn run_full(
    root: &Path,
    args: &[OsString],
    input: Option<Vec<u8>>,
    remote: bool,
) -> Result<Run, Msg> {
    let mut command = Command::new("git");
    command.arg("-C").arg(root);
    command.arg("--literal-pathspecs").args(args);
    command.env("GIT_TERMINAL_PROMPT", "0");
    command.env("GIT_MERGE_AUTOEDIT", "no");
    command.env("LC_ALL", "C").env_remove("LANGUAGE");
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    command.stdin(input.as_ref().map_or_else(Stdio::null, |_| Stdio::piped()));
    #[cfg(test)]
    tests::isolate(&mut command);
    // Without an SSH command of the user's own, SSH may not ask for a passphrase or a host key.
    let own_ssh = std::env::var_os("GIT_SSH_COMMAND").or(std::env::var_os("GIT_SSH"));
    if remote && own_ssh.is_none() && config(root, "core.sshCommand")?.is_none() {
        command.env("GIT_SSH_COMMAND", "ssh -o BatchMode=yes");
    }
    let mut child = command.spawn().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => msg!("edit-git-not-installed"),
        _ => msg!("edit-git-cannot-run", error = e.to_string()),
    })?;
    // Written from a thread of its own, so git's output never waits on a full pipe.
    let writer = input.zip(child.stdin.take()).map(|(bytes, mut stdin)| {
        std::thread::spawn(move || {
            let _ = stdin.write_all(&bytes);
        })
    });
    let output = child.wait_with_output();
    let _ = writer.map(std::thread::JoinHandle::join);
    let output = output.map_err(|e| msg!("edit-git-cannot-run", error = e.to_string()))?;
    let (code, stdout) = (output.status.code(), output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    Ok(Run {
        code,
        stdout,
        stderr,
    })
}

fn run(root: &Path, args: &[OsString]) -> Result<Run, Msg> {
    run_full(root, args, None, false)
}

/// Runs git; its failure is an error naming the subcommand (the first word not an option).
fn ok(root: &Path, args: &[OsString]) -> Result<Run, Msg> {
    let run = run(root, args)?;
    if run.succeeded() {
        return Ok(run);
    }
    let mut words = args.iter().map(|a| a.to_string_lossy());
    Err(run.failed(&words.find(|a| !a.starts_with('-')).unwrap_or_default()))
}

/// A configuration value; `None` when unset or empty.
fn config(root: &Path, key: &str) -> Result<Option<String>, Msg> {
    let run = run(root, &argv!["config", "--get", key])?;
    Ok(Some(run.line()).filter(|v| run.succeeded() && !v.is_empty()))
}

/// Whether the editor can use git in `root`, and on what.
pub(crate) fn info(root: &Path) -> GitInfo {
    try_info(root).unwrap_or_else(|reason| GitInfo {
        reason: Some(reason),
        ..GitInfo::default()
    })
}

fn try_info(root: &Path) -> Result<GitInfo, Msg> {
    let run = run(root, &words("rev-parse --is-inside-work-tree"))?;
    if !(run.succeeded() && run.line() == "true") {
        if run.line() == "false" || run.stderr.contains("not a git repository") {
            return Err(msg!("edit-git-not-repository", path = root.display()));
        }
        return Err(run.failed("rev-parse"));
    }
    let branch = branch(root)?;
    let remote = match &branch {
        Some(b) => upstream(root, b)?.is_some() || has_origin(root)?,
        None => false,
    };
    let author = config(root, "user.name")?.zip(config(root, "user.email")?);
    let author = author.map(|(name, email)| Author { name, email });
    Ok(GitInfo {
        available: true,
        reason: None,
        branch,
        remote,
        author,
    })
}

/// The current branch, `None` when HEAD is detached (a branch without commits counts).
fn branch(root: &Path) -> Result<Option<String>, Msg> {
    let run = run(root, &words("symbolic-ref --quiet --short HEAD"))?;
    Ok(Some(run.line()).filter(|b| run.succeeded() && !b.is_empty()))
}

/// The branch's upstream: its remote and the remote's ref.
fn upstream(root: &Path, branch: &str) -> Result<Option<(String, String)>, Msg> {
    let remote = config(root, &format!("branch.{branch}.remote"))?;
    Ok(remote.zip(config(root, &format!("branch.{branch}.merge"))?))
}

fn has_origin(root: &Path) -> Result<bool, Msg> {
    Ok(config(root, "remote.origin.url")?.is_some())
}

/// Whether `rev` names something (`HEAD` in a repository without commits does not).
fn exists(root: &Path, rev: &str) -> Result<bool, Msg> {
    Ok(run(root, &argv!["rev-parse", "--quiet", "--verify", rev])?.succeeded())
}

/// The files changed since HEAD within `scope` (folders or files relative to `root`; none: no
/// file), and their diff.
pub(crate) fn changes(root: &Path, scope: &[PathBuf]) -> Result<Changes, Msg> {
    let files = status(root, scope)?;
    let mut out = Changes::default();
    if !files.is_empty() {
        let base = if exists(root, "HEAD^{commit}")? {
            "HEAD".to_string()
        } else {
            ok(root, &words("hash-object -t tree /dev/null"))?.line()
        };
        let mut a = words("diff --no-color --no-ext-diff --no-textconv --relative");
        a.extend(argv![base, "--"].into_iter().chain(pathspecs(scope)?));
        out.push(&String::from_utf8_lossy(&ok(root, &a)?.stdout));
        for file in files.iter().filter(|f| f.status == Status::Untracked) {
            if out.truncated {
                break;
            }
            // As if added; exit code 1: the files differ. One that cannot be read is left out.
            let mut a = words("diff --no-index --no-color --no-ext-diff --no-textconv --");
            a.extend(argv!["/dev/null", &file.path]);
            let run = run(root, &a)?;
            if matches!(run.code, Some(0 | 1)) {
                out.push(&String::from_utf8_lossy(&run.stdout));
            }
        }
    }
    Ok(Changes { files, ..out })
}

/// The files changed within `scope` since HEAD (`git status`).
fn status(root: &Path, scope: &[PathBuf]) -> Result<Vec<ChangedFile>, Msg> {
    let specs = pathspecs(scope)?;
    if specs.is_empty() {
        return Ok(Vec::new());
    }
    let a = words("--no-optional-locks status --porcelain=v1 -z --untracked-files=all --");
    let run = ok(root, &[a, specs].concat())?;
    Ok(parse_status(&run.stdout, &prefix(root)?))
}

/// The site folder's path from the repository's top (`site/`, or empty), as git writes paths.
fn prefix(root: &Path) -> Result<Vec<u8>, Msg> {
    let mut out = ok(root, &words("rev-parse --show-prefix"))?.stdout;
    if out.last() == Some(&b'\n') {
        out.pop();
    }
    Ok(out)
}

/// Commits every change within `scope` (and nothing else, whatever else is staged) with
/// `message`, by `author` or else git's configured one. Returns the commit's id.
pub(crate) fn commit(
    root: &Path,
    scope: &[PathBuf],
    message: &str,
    author: Who,
) -> Result<String, Msg> {
    let message = message.trim();
    if message.is_empty() {
        return Err(msg!("edit-git-message-empty"));
    } else if message.chars().count() > MESSAGE_CAP {
        return Err(msg!("edit-git-message-too-long", max = MESSAGE_CAP));
    } else if message.contains('\0') {
        return Err(msg!("edit-git-message-invalid"));
    }
    let identity = identity(author)?;
    // Refused before anything changes when git would not know who commits.
    for var in ["GIT_AUTHOR_IDENT", "GIT_COMMITTER_IDENT"] {
        let run = run(root, &[identity.clone(), argv!["var", var]].concat())?;
        if run.lacks_identity() {
            return Err(msg!("edit-git-no-author"));
        } else if !run.succeeded() {
            return Err(run.failed("var"));
        }
    }
    let files = status(root, scope)?;
    if files.is_empty() {
        return Err(msg!("edit-git-nothing-to-commit"));
    }
    // To stage: what the index or the work tree holds. To commit: that, and the paths whose
    // deletion is staged (a rename's old path among them), which HEAD holds.
    let prefix = prefix(root)?;
    let (mut to_add, mut to_commit) = (Vec::new(), Vec::new());
    for file in &files {
        let old = file.raw_from.as_ref().map(|raw| (raw, false));
        for (raw, in_index) in [(&file.raw, file.in_index)].into_iter().chain(old) {
            if let Some(path) = raw.strip_prefix(prefix.as_slice()) {
                to_commit.extend(path.iter().chain([&0]));
                if in_index {
                    to_add.extend(path.iter().chain([&0]));
                }
            }
        }
    }
    let from_stdin = words("--pathspec-from-file=- --pathspec-file-nul");
    if !to_add.is_empty() {
        let add = [words("add -A"), from_stdin.clone()].concat();
        let run = run_full(root, &add, Some(to_add), false)?;
        if !run.succeeded() {
            return Err(run.failed("add"));
        }
    }
    // With paths, git commits those and leaves the rest of the index as it was.
    let mut a = identity;
    a.extend(
        argv!["commit", "--quiet", "-m", message]
            .into_iter()
            .chain(from_stdin),
    );
    let run = run_full(root, &a, Some(to_commit), false)?;
    if run.lacks_identity() {
        return Err(msg!("edit-git-no-author"));
    } else if !run.succeeded() {
        return Err(run.failed("commit"));
    }
    Ok(ok(root, &words("rev-parse HEAD"))?.line())
}

/// Pushes the current branch to its upstream, or to `origin` (which becomes its upstream).
pub(crate) fn publish(root: &Path) -> Result<(), PublishError> {
    let branch = branch(root)?.ok_or_else(|| msg!("edit-git-detached"))?;
    let local = format!("refs/heads/{branch}");
    let to = match upstream(root, &branch)? {
        Some((remote, merge)) => argv!["--", remote, format!("{local}:{merge}")],
        None if has_origin(root)? => argv!["--set-upstream", "--", "origin", local],
        None => return Err(msg!("edit-git-no-remote", branch = branch).into()),
    };
    let run = run_full(root, &[words("push --porcelain"), to].concat(), None, true)?;
    if run.succeeded() {
        return Ok(());
    }
    let said = format!("{}\n{}", String::from_utf8_lossy(&run.stdout), run.stderr);
    let behind = said.contains("(fetch first)") || said.contains("(non-fast-forward)");
    if said.contains("[rejected]") && behind {
        Err(PublishError::Refused(msg!("edit-git-push-refused")))
    } else {
        Err(msg!("edit-git-push-failed", error = run.said()).into())
    }
}

/// Merges the remote's commits into the current branch (`git pull --no-rebase`). Refused while
/// files within `scope` have uncommitted changes; on a conflict the merge is undone. `author`
/// signs a merge commit, else git's configured author does.
pub(crate) fn pull(root: &Path, scope: &[PathBuf], author: Who) -> Result<(), Msg> {
    if !status(root, scope)?.is_empty() {
        return Err(msg!("edit-git-commit-first"));
    }
    let branch = branch(root)?.ok_or_else(|| msg!("edit-git-detached"))?;
    let mut a = identity(author)?;
    a.extend(words("pull --no-rebase --no-edit --ff --no-autostash"));
    if upstream(root, &branch)?.is_none() {
        if !has_origin(root)? {
            return Err(msg!("edit-git-no-remote", branch = branch));
        }
        a.extend(argv!["--", "origin", format!("refs/heads/{branch}")]);
    }
    let run = run_full(root, &a, None, true)?;
    if run.succeeded() {
        return Ok(());
    }
    if exists(root, "MERGE_HEAD")? {
        let conflicted = ok(root, &words("diff --name-only -z --diff-filter=U"))?.stdout;
        let conflicted = String::from_utf8_lossy(&conflicted);
        let files: Vec<&str> = conflicted.split('\0').filter(|p| !p.is_empty()).collect();
        ok(root, &words("merge --abort"))?;
        return Err(msg!("edit-git-pull-conflict", files = files.join(", ")));
    }
    if run.lacks_identity() {
        return Err(msg!("edit-git-no-author"));
    }
    Err(msg!("edit-git-pull-failed", error = run.said()))
}

/// `-c user.name=… -c user.email=…` for an author given, and git's config refusing to guess one
/// from the host's name when none is (`user.useConfigOnly`).
fn identity(author: Who) -> Result<Vec<OsString>, Msg> {
    let mut a = argv!["-c", "user.useConfigOnly=true"];
    if let Some((name, email)) = author {
        let (name, email) = (name.trim(), email.trim());
        let bad =
            |s: &str| s.is_empty() || s.contains(|c: char| c.is_control() || "<>".contains(c));
        if bad(name) || bad(email) {
            return Err(msg!("edit-git-bad-author"));
        }
        a.extend(argv!["-c", format!("user.name={name}")]);
        a.extend(argv!["-c", format!("user.email={email}")]);
    }
    Ok(a)
}

/// The scope as pathspecs relative to the site folder; an absolute path or one climbing out
/// (`..`) is refused.
fn pathspecs(scope: &[PathBuf]) -> Result<Vec<OsString>, Msg> {
    let mut out = Vec::new();
    for path in scope {
        let inside = path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if path.as_os_str().is_empty() || !inside {
            return Err(msg!("edit-git-bad-scope", path = path.display()));
        }
        out.push(path.as_os_str().to_os_string());
    }
    Ok(out)
}

/// `git status --porcelain=v1 -z`: entries `XY path\0`, a rename's or copy's followed by its old
/// path `\0`. Paths are from the repository's top; `prefix` (the site folder's) is taken off.
fn parse_status(out: &[u8], prefix: &[u8]) -> Vec<ChangedFile> {
    let mut fields = out.split(|b| *b == 0);
    let mut files = Vec::new();
    while let Some(field) = fields.next() {
        let (Some(&x), Some(&y), Some(b' ')) = (field.first(), field.get(1), field.get(2)) else {
            continue;
        };
        let raw = field.get(3..).unwrap_or_default().to_vec();
        let moved = [x, y].iter().any(|c| matches!(c, b'R' | b'C'));
        let raw_from = moved.then(|| fields.next()).flatten().map(<[u8]>::to_vec);
        let status = match (x, y) {
            (b'?', b'?') => Status::Untracked,
            // Ignored; or added, then deleted in the work tree: nothing changed since HEAD.
            (b'!', b'!') | (b'A', b'D') => continue,
            (b'R', _) | (_, b'R') => Status::Renamed,
            (b'A' | b'C', _) | (_, b'A') => Status::Added,
            (b'D', _) | (_, b'D') => Status::Deleted,
            _ => Status::Modified,
        };
        let path = String::from_utf8_lossy(raw.strip_prefix(prefix).unwrap_or(&raw)).into_owned();
        files.push(ChangedFile {
            path,
            status,
            raw,
            raw_from,
            in_index: x != b'D',
        });
    }
    files
}

#[cfg(test)]
mod tests {
    #![allow(
        clippy::unwrap_used,
        clippy::expect_used,
        clippy::indexing_slicing,
        clippy::panic
    )]

    use std::cell::RefCell;

    use super::*;
    use tempfile::TempDir;

    const ME: Who = Some(("Ada Lovelace", "ada@example.com"));

    thread_local! {
        /// The environment git runs in for this test: a value, or `None` to unset.
        static ENV: RefCell<Vec<(OsString, Option<OsString>)>> = const { RefCell::new(Vec::new()) };
    }

    /// Applies the test's environment (each test runs on a thread of its own).
    pub(super) fn isolate(command: &mut Command) {
        ENV.with_borrow(|env| {
            for (key, value) in env {
                match value {
                    Some(v) => command.env(key, v),
                    None => command.env_remove(key),
                };
            }
        });
    }

    /// Isolates git in this test from the user's and the system's configuration.
    fn isolated(tmp: &Path) {
        let home = tmp.join("home");
        std::fs::create_dir_all(&home).unwrap();
        let mut env: Vec<(OsString, Option<OsString>)> = vec![
            ("HOME".into(), Some(home.clone().into())),
            ("XDG_CONFIG_HOME".into(), Some(home.clone().into())),
            (
                "GIT_CONFIG_GLOBAL".into(),
                Some(home.join(".gitconfig").into()),
            ),
            ("GIT_CONFIG_NOSYSTEM".into(), Some("1".into())),
            ("GIT_CEILING_DIRECTORIES".into(), Some(tmp.into())),
        ];
        for unset in [
            "GIT_AUTHOR_NAME",
            "GIT_AUTHOR_EMAIL",
            "GIT_COMMITTER_NAME",
            "GIT_COMMITTER_EMAIL",
            "EMAIL",
            "GIT_DIR",
            "GIT_WORK_TREE",
            "GIT_INDEX_FILE",
        ] {
            env.push((unset.into(), None));
        }
        ENV.set(env);
    }

    fn temp() -> TempDir {
        let tmp = TempDir::new().unwrap();
        isolated(tmp.path());
        tmp
    }

    /// Runs git, which must succeed; its stdout.
    fn sh(root: &Path, list: &[&str]) -> String {
        let a: Vec<OsString> = list.iter().map(OsString::from).collect();
        let run = run(root, &a).unwrap();
        assert!(run.succeeded(), "git {list:?}: {}", run.stderr);
        String::from_utf8(run.stdout).unwrap()
    }

    /// A new repository (branch `main`, no commit) in `<tmp>/<name>`.
    fn repo(tmp: &TempDir, name: &str) -> PathBuf {
        let root = tmp.path().join(name);
        std::fs::create_dir_all(&root).unwrap();
        sh(&root, &["init", "--quiet", "-b", "main"]);
        root
    }

    fn write(root: &Path, path: &str, text: &str) {
        let path = root.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn read(root: &Path, path: &str) -> String {
        std::fs::read_to_string(root.join(path)).unwrap()
    }

    fn scope() -> Vec<PathBuf> {
        vec!["content".into(), "site/src/i18n".into()]
    }

    fn listed(root: &Path) -> Vec<(String, Status)> {
        let changes = changes(root, &scope()).unwrap();
        let mut files: Vec<_> = changes
            .files
            .into_iter()
            .map(|f| (f.path, f.status))
            .collect();
        files.sort_by(|a, b| a.0.cmp(&b.0));
        files
    }

    fn pair(path: &str, status: Status) -> (String, Status) {
        (path.to_string(), status)
    }

    /// A bare repository at `<tmp>/remote.git`, `root`'s origin.
    fn with_origin(tmp: &TempDir, root: &Path) -> PathBuf {
        let bare = tmp.path().join("remote.git");
        sh(
            tmp.path(),
            &["init", "--quiet", "--bare", "-b", "main", "remote.git"],
        );
        sh(root, &["remote", "add", "origin", bare.to_str().unwrap()]);
        bare
    }

    /// A clone of `<tmp>/remote.git` at `<tmp>/other`, with its own author.
    fn other_clone(tmp: &TempDir) -> PathBuf {
        sh(tmp.path(), &["clone", "--quiet", "remote.git", "other"]);
        let other = tmp.path().join("other");
        sh(&other, &["config", "user.name", "Other Person"]);
        sh(&other, &["config", "user.email", "other@example.com"]);
        other
    }

    #[test]
    fn outside_a_repository_git_is_unavailable() {
        let tmp = temp();
        let info = info(tmp.path());
        assert!(!info.available);
        assert_eq!(
            info.reason.as_ref().map(Msg::id),
            Some("edit-git-not-repository")
        );
        let json = info.to_json("ar");
        assert!(json["reason"].as_str().unwrap().contains("git"));
        assert_eq!(json["branch"], serde_json::Value::Null);
        assert_eq!(json["remote"], false);
    }

    #[test]
    fn without_git_installed_git_is_unavailable() {
        let tmp = temp();
        let nowhere = tmp.path().join("nothing");
        ENV.with_borrow_mut(|env| env.push(("PATH".into(), Some(nowhere.into()))));
        let info = info(tmp.path());
        assert!(!info.available);
        assert_eq!(
            info.reason.as_ref().map(Msg::id),
            Some("edit-git-not-installed")
        );
    }

    #[test]
    fn a_new_repository_lists_and_commits_the_scope_only() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        write(&g, "content/a.md", "hello from a\n");
        write(&g, "content/sub/b.md", "b\n");
        write(&g, "site/src/i18n/en.json", "{}\n");
        write(&g, "other.txt", "not in scope\n");
        let git = info(&g);
        assert!(git.available);
        assert_eq!(git.branch.as_deref(), Some("main"));
        assert!(!git.remote);
        assert_eq!(git.author, None);
        assert_eq!(
            listed(&g),
            [
                pair("content/a.md", Status::Untracked),
                pair("content/sub/b.md", Status::Untracked),
                pair("site/src/i18n/en.json", Status::Untracked),
            ]
        );
        let diff = changes(&g, &scope()).unwrap();
        assert!(diff.diff.contains("+hello from a\n"), "{}", diff.diff);
        assert!(diff.diff.contains("b/site/src/i18n/en.json"));
        assert!(!diff.diff.contains("not in scope"));
        let json = diff.to_json(&git, "en");
        assert_eq!(json["files"][0]["status"], "untracked");
        assert_eq!(json["git"]["branch"], "main");

        // Something outside the scope already staged stays staged, out of the commit.
        sh(&g, &["add", "other.txt"]);
        let refused = commit(&g, &scope(), "First", None).unwrap_err();
        assert_eq!(refused.id(), "edit-git-no-author");
        assert_eq!(sh(&g, &["diff", "--cached", "--name-only"]), "other.txt\n");

        let sha = commit(&g, &scope(), "  First\n\nThe body.\n", ME).unwrap();
        assert_eq!(sha.len(), 40);
        assert_eq!(sh(&g, &["rev-parse", "HEAD"]).trim(), sha);
        assert_eq!(
            sh(&g, &["log", "-1", "--format=%an <%ae>|%cn|%B"]).trim(),
            "Ada Lovelace <ada@example.com>|Ada Lovelace|First\n\nThe body."
        );
        assert_eq!(
            sh(&g, &["show", "--name-only", "--format=", "HEAD"]),
            "content/a.md\ncontent/sub/b.md\nsite/src/i18n/en.json\n"
        );
        assert_eq!(sh(&g, &["status", "--porcelain"]), "A  other.txt\n");
        assert_eq!(listed(&g), []);
        let nothing = commit(&g, &scope(), "Again", ME).unwrap_err();
        assert_eq!(nothing.id(), "edit-git-nothing-to-commit");

        // The configured author, once there is one.
        sh(&g, &["config", "user.name", "Configured"]);
        sh(&g, &["config", "user.email", "configured@example.com"]);
        assert_eq!(
            info(&g).author,
            Some(Author {
                name: "Configured".into(),
                email: "configured@example.com".into()
            })
        );
        write(&g, "content/a.md", "changed\n");
        let diff = changes(&g, &scope()).unwrap();
        assert!(
            diff.diff.contains("-hello from a\n+changed\n"),
            "{}",
            diff.diff
        );
        commit(&g, &scope(), "Second", None).unwrap();
        assert_eq!(sh(&g, &["log", "-1", "--format=%an"]).trim(), "Configured");
    }

    #[test]
    fn bad_messages_and_authors_are_refused() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        write(&g, "content/a.md", "a\n");
        let err = |message: &str, author| commit(&g, &scope(), message, author).unwrap_err().id();
        assert_eq!(err(" \n\t ", ME), "edit-git-message-empty");
        assert_eq!(
            err(&"x".repeat(MESSAGE_CAP + 1), ME),
            "edit-git-message-too-long"
        );
        assert_eq!(err("a\0b", ME), "edit-git-message-invalid");
        assert_eq!(err("m", Some(("Ada\nX", "a@b.c"))), "edit-git-bad-author");
        assert_eq!(err("m", Some(("Ada", "<a@b.c>"))), "edit-git-bad-author");
        assert_eq!(err("m", Some(("", "a@b.c"))), "edit-git-bad-author");
        let outside = commit(&g, &["../x".into()], "m", ME).unwrap_err();
        assert_eq!(outside.id(), "edit-git-bad-scope");
        assert!(changes(&g, &["/etc".into()]).is_err());
        // No scope: nothing.
        assert_eq!(changes(&g, &[]).unwrap().files, []);
        assert_eq!(listed(&g), [pair("content/a.md", Status::Untracked)]);
    }

    #[test]
    fn renames_deletions_and_edits_are_told_apart() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        let long = "a line long enough for git to see a rename\n".repeat(5);
        write(&g, "content/a.md", &long);
        write(&g, "content/b.md", "b\n");
        write(&g, "content/c.md", "c\n");
        write(&g, "content/e.md", "e\n");
        commit(&g, &scope(), "Start", ME).unwrap();
        sh(&g, &["mv", "content/a.md", "content/z.md"]);
        write(&g, "content/b.md", "b changed\n");
        std::fs::remove_file(g.join("content/c.md")).unwrap();
        sh(&g, &["rm", "--quiet", "content/e.md"]);
        write(&g, "content/d.md", "d\n");
        assert_eq!(
            listed(&g),
            [
                pair("content/b.md", Status::Modified),
                pair("content/c.md", Status::Deleted),
                pair("content/d.md", Status::Untracked),
                pair("content/e.md", Status::Deleted),
                pair("content/z.md", Status::Renamed),
            ]
        );
        commit(&g, &scope(), "Moves", ME).unwrap();
        assert_eq!(listed(&g), []);
        let show = sh(&g, &["show", "-M", "--name-status", "--format=", "HEAD"]);
        assert!(show.contains("R100\tcontent/a.md\tcontent/z.md"), "{show}");
        assert!(show.contains("D\tcontent/c.md"), "{show}");
        assert!(show.contains("A\tcontent/d.md"), "{show}");
        assert!(show.contains("D\tcontent/e.md"), "{show}");
    }

    #[test]
    fn names_with_arabic_spaces_and_line_breaks() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        let names = [
            "content/مرحبا بالعالم.md",
            "content/line\nbreak.md",
            "content/with space.md",
            "content/quote\"and\\.md",
        ];
        for name in names {
            write(&g, name, "x\n");
        }
        let mut expected: Vec<_> = names.iter().map(|n| pair(n, Status::Untracked)).collect();
        expected.sort_by(|a, b| a.0.cmp(&b.0));
        assert_eq!(listed(&g), expected);
        commit(&g, &scope(), "Odd names", ME).unwrap();
        let mut committed: Vec<String> = sh(&g, &["ls-files", "-z"])
            .split('\0')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        committed.sort();
        let mut names = names.map(String::from).to_vec();
        names.sort();
        assert_eq!(committed, names);
        assert_eq!(listed(&g), []);
    }

    #[test]
    fn a_site_deeper_in_the_repository_speaks_from_its_folder() {
        let tmp = temp();
        let top = repo(&tmp, "repo");
        write(&top, "README.md", "outside the site\n");
        write(&top, "site/content/x.md", "x\n");
        let g = top.join("site");
        assert_eq!(listed(&g), [pair("content/x.md", Status::Untracked)]);
        commit(&g, &scope(), "x", ME).unwrap();
        write(&g, "content/x.md", "y\n");
        let changes = changes(&g, &scope()).unwrap();
        assert_eq!(changes.files[0].path, "content/x.md");
        assert!(
            changes.diff.contains("--- a/content/x.md"),
            "{}",
            changes.diff
        );
        commit(&g, &scope(), "y", ME).unwrap();
        // Porcelain paths are from the repository's top.
        assert_eq!(sh(&g, &["status", "--porcelain"]), "?? README.md\n");
    }

    #[test]
    fn publish_pushes_to_origin_and_sets_the_upstream() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        let bare = with_origin(&tmp, &g);
        assert!(info(&g).remote);
        write(&g, "content/a.md", "a\n");
        commit(&g, &scope(), "First post", ME).unwrap();
        publish(&g).unwrap();
        assert_eq!(
            sh(&bare, &["log", "-1", "--format=%s", "main"]).trim(),
            "First post"
        );
        assert_eq!(sh(&g, &["config", "branch.main.remote"]).trim(), "origin");
        write(&g, "content/a.md", "b\n");
        commit(&g, &scope(), "Second post", ME).unwrap();
        publish(&g).unwrap();
        assert_eq!(
            sh(&bare, &["log", "-1", "--format=%s", "main"]).trim(),
            "Second post"
        );
    }

    #[test]
    fn without_a_remote_publish_says_so() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        write(&g, "content/a.md", "a\n");
        commit(&g, &scope(), "First", ME).unwrap();
        let err = publish(&g).unwrap_err();
        assert_eq!(
            err,
            PublishError::Failed(msg!("edit-git-no-remote", branch = "main"))
        );
    }

    #[test]
    fn a_push_behind_is_refused_then_pull_merges_and_publish_succeeds() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        let bare = with_origin(&tmp, &g);
        write(&g, "content/a.md", "a\n");
        commit(&g, &scope(), "Start", ME).unwrap();
        publish(&g).unwrap();
        let other = other_clone(&tmp);
        write(&other, "content/theirs.md", "theirs\n");
        sh(&other, &["add", "-A"]);
        sh(&other, &["commit", "--quiet", "-m", "Theirs"]);
        sh(&other, &["push", "--quiet", "origin", "main"]);

        write(&g, "content/ours.md", "ours\n");
        commit(&g, &scope(), "Ours", ME).unwrap();
        let refused = publish(&g).unwrap_err();
        assert_eq!(
            refused,
            PublishError::Refused(msg!("edit-git-push-refused"))
        );

        // Uncommitted work in the scope comes first.
        write(&g, "content/draft.md", "draft\n");
        assert_eq!(
            pull(&g, &scope(), ME).unwrap_err().id(),
            "edit-git-commit-first"
        );
        std::fs::remove_file(g.join("content/draft.md")).unwrap();

        pull(&g, &scope(), ME).unwrap();
        assert_eq!(read(&g, "content/theirs.md"), "theirs\n");
        publish(&g).unwrap();
        let log = sh(&bare, &["log", "--format=%s", "main"]);
        assert!(log.contains("Theirs") && log.contains("Ours"), "{log}");
        assert_eq!(sh(&g, &["status", "--porcelain"]), "");
    }

    #[test]
    fn pull_without_an_upstream_brings_in_origins_branch() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        with_origin(&tmp, &g);
        let other = other_clone(&tmp);
        write(&other, "content/theirs.md", "theirs\n");
        sh(&other, &["add", "-A"]);
        sh(&other, &["commit", "--quiet", "-m", "Theirs"]);
        sh(
            &other,
            &["push", "--quiet", "origin", "HEAD:refs/heads/main"],
        );
        pull(&g, &scope(), None).unwrap();
        assert_eq!(read(&g, "content/theirs.md"), "theirs\n");
        write(&g, "content/ours.md", "ours\n");
        commit(&g, &scope(), "Ours", ME).unwrap();
        publish(&g).unwrap();
        assert_eq!(
            sh(&g, &["status", "--porcelain", "--branch"]),
            "## main...origin/main\n"
        );
    }

    #[test]
    fn a_conflicting_pull_changes_nothing() {
        let tmp = temp();
        let g = repo(&tmp, "site");
        with_origin(&tmp, &g);
        write(&g, "content/a.md", "start\n");
        commit(&g, &scope(), "Start", ME).unwrap();
        publish(&g).unwrap();
        let other = other_clone(&tmp);
        write(&other, "content/a.md", "theirs\n");
        sh(&other, &["commit", "--quiet", "-am", "Theirs"]);
        sh(&other, &["push", "--quiet", "origin", "main"]);

        write(&g, "content/a.md", "ours\n");
        commit(&g, &scope(), "Ours", ME).unwrap();
        let head = sh(&g, &["rev-parse", "HEAD"]);
        assert!(matches!(publish(&g), Err(PublishError::Refused(_))));
        let err = pull(&g, &scope(), ME).unwrap_err();
        assert_eq!(err.id(), "edit-git-pull-conflict");
        assert!(
            err.render("en").contains("content/a.md"),
            "{}",
            err.render("en")
        );
        assert_eq!(sh(&g, &["status", "--porcelain"]), "");
        assert_eq!(read(&g, "content/a.md"), "ours\n");
        assert_eq!(sh(&g, &["rev-parse", "HEAD"]), head);
        assert!(!exists(&g, "MERGE_HEAD").unwrap());
    }

    #[test]
    fn a_long_diff_is_cut_at_a_line_end_and_marked() {
        let mut changes = Changes::default();
        let line = "+ليس سطراً قصيراً، بل سطر طويل بعض الشيء\n";
        changes.push(&line.repeat(DIFF_CAP / line.len() + 10));
        changes.push("+never\n");
        assert!(changes.truncated);
        assert!(changes.diff.len() <= DIFF_CAP && changes.diff.ends_with(line));
        assert!(!changes.diff.contains("never"));
        let json = changes.to_json(&GitInfo::default(), "en");
        let marker = msg!("edit-git-diff-truncated", mb = 2).render("en");
        assert!(
            json["diff"]
                .as_str()
                .unwrap()
                .ends_with(&format!("{line}{marker}\n"))
        );
        assert_eq!(json["git"]["available"], false);
    }

    #[test]
    fn status_parses_renames_in_nul_separated_output() {
        let out = b"R  site/content/new name.md\0site/content/old\nname.md\0?? site/content/x\0 M site/content/y\0AD site/content/gone\0";
        let files = parse_status(out, b"site/");
        let got: Vec<_> = files.iter().map(|f| (f.path.as_str(), f.status)).collect();
        assert_eq!(
            got,
            [
                ("content/new name.md", Status::Renamed),
                ("content/x", Status::Untracked),
                ("content/y", Status::Modified),
            ]
        );
        assert_eq!(
            files[0].raw_from.as_deref(),
            Some(&b"site/content/old\nname.md"[..])
        );
    }
}
