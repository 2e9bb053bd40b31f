//! Helpers shared by the integration tests.

// Test code: a failed unwrap or index is a failed test, with its message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)]

use std::path::Path;
use std::process::Command;
use std::sync::Mutex;

/// Builds share the app's bundle cache and the machine's two cores: the tests that build a
/// site in process take this lock, so they run one at a time.
#[allow(dead_code)]
pub static BUILD_LOCK: Mutex<()> = Mutex::new(());

/// The `sahel` command line under test.
#[allow(dead_code)]
pub fn sahel_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sahel"));
    // Messages in English, whatever the machine's locale (a test checks the Arabic ones with
    // `--lang ar`).
    command.env("SAHEL_LANG", "en");
    command
}

/// This project's folder (the shipped site and its app).
#[allow(dead_code)]
pub fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `sahel <args>` run in the site folder `root`, its messages without colour.
#[allow(dead_code)]
pub fn sahel_in(root: &Path, args: &[&str]) -> std::process::Output {
    sahel_command()
        .args(args)
        .current_dir(root)
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// A text file's contents; a test fails naming the file it cannot read.
#[allow(dead_code)]
pub fn read_text(path: impl AsRef<Path>) -> String {
    let path = path.as_ref();
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub mod content_gen;
pub mod prop_runner;
pub mod text_gen;
pub mod tokens;

/// Copies a folder (e.g. a fixture site) recursively, so a test may change the copy.
#[allow(dead_code)] // not every test file uses every helper
pub fn copy_dir(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.unwrap();
        let dest = to.join(entry.path().strip_prefix(from).unwrap());
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
        } else {
            std::fs::copy(entry.path(), &dest).unwrap();
        }
    }
}

/// Copies a fixture site under `to`, pointing its `[paths]` at this project (absolute paths),
/// so the copy builds from anywhere.
#[allow(dead_code)]
pub fn copy_fixture(name: &str, to: &Path) {
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_dir(&project.join("tests/fixtures").join(name), to);
    let config = std::fs::read_to_string(to.join("site.toml")).unwrap();
    let config = config
        .replace(
            "app = \"../../..\"",
            &format!("app = {:?}", project.display().to_string()),
        )
        .replace(
            "templates = \"../../../templates\"",
            &format!(
                "templates = {:?}",
                project.join("templates").display().to_string()
            ),
        );
    std::fs::write(to.join("site.toml"), config).unwrap();
}

/// The basic fixture with the third language's files laid over it (Arabic, English, Farsi:
/// `tests/fixtures/third-language` holds exactly what adding a language takes), under `to`, its
/// `[paths]` pointing at this project.
#[allow(dead_code)]
pub fn three_languages(to: &Path) {
    let project = Path::new(env!("CARGO_MANIFEST_DIR"));
    copy_fixture("basic", to);
    copy_dir(&project.join("tests/fixtures/third-language"), to);
    let config = std::fs::read_to_string(to.join("site.toml")).unwrap();
    let config = config
        .replace(
            "app = \"../../..\"",
            &format!("app = {:?}", project.display().to_string()),
        )
        .replace(
            "templates = \"../../../templates\"",
            &format!(
                "templates = {:?}",
                project.join("templates").display().to_string()
            ),
        );
    std::fs::write(to.join("site.toml"), config).unwrap();
}

/// Every file under `dir` with its bytes, keyed by its path relative to `dir` (with `/`); an
/// output's marker (`.sahel-output`) aside: it records the folder it was written for, so two
/// outputs of one site differ in it alone.
#[allow(dead_code)]
pub fn files_of(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let marker = dir.join(".sahel-output");
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file() && e.path() != marker)
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}
