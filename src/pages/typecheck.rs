//! The screens type-checked against the collections' declarations, by `check` and `build`
//! (before any bundle is made): a screen that reads a field no declaration has
//! (`person.email` on `TeamItem`) is an error at the screen's line, not a page that shows
//! nothing.
//!
//! The check runs TypeScript 7's compiler (`typescript-native` in the app's `node_modules`:
//! the native `tsc`, five times faster than TypeScript 5's here) over a copy of the app's
//! `site/src` in `.cache/typecheck/`, whose `collections.generated.ts` is the one the current
//! page table gives: the copy in the source tree is written only after a build succeeded
//! ([`super::typescript::write`]), so a failed build changes no tracked file. Each problem
//! is placed back in the app's own file. A clean result is kept by a stamp of what it read
//! (the app's sources' sizes and times, the generated types, the tsconfig, the compiler's
//! version): an unchanged app costs a listing of its folder. An app without the compiler installed is not checked.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::diagnostics::{Diagnostic, display_path};

/// The compiler's script, in the app.
const COMPILER: &str = "node_modules/typescript-native/bin/tsc";

/// The copy's folder and the stamp of the last clean check, in the app's `.cache`.
const MIRROR: &str = ".cache/typecheck";
const CLEAN: &str = ".cache/typecheck-clean";

/// The type errors of the app's sources with `generated` as its collections' types, placed
/// in the app's files (shown relative to `root`). Empty when clean, unchanged since a clean
/// check, or when the app has no compiler.
pub(crate) fn check(root: &Path, app: &Path, generated: &str) -> Vec<Diagnostic> {
    // Absolute: the compiler runs in the copy's folder.
    let Ok(app) = app.canonicalize() else {
        return Vec::new();
    };
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let (app, root) = (app.as_path(), root.as_path());
    let compiler = app.join(COMPILER);
    if !compiler.is_file() {
        return Vec::new();
    }
    let sources = sources(app);
    let stamp = stamp(app, &sources, generated);
    let clean = app.join(CLEAN);
    if std::fs::read_to_string(&clean).is_ok_and(|s| s == stamp) {
        return Vec::new();
    }
    // One check at a time per app (parallel tests, a build beside a serve); the next finds
    // the stamp written.
    let Ok(lock) = lock(app) else {
        return Vec::new();
    };
    if std::fs::read_to_string(&clean).is_ok_and(|s| s == stamp) {
        return Vec::new();
    }
    let found = match run(app, &compiler, &sources, generated) {
        Ok(output) => errors(root, app, &output),
        Err(e) => {
            // sahel's own words (a message), else the system's (an I/O error).
            let error: crate::messages::Arg = match e.downcast_ref::<crate::messages::Msg>() {
                Some(m) => m.clone().into(),
                None => e.to_string().into(),
            };
            vec![
                Diagnostic::msg(
                    display_path(root, &app.join("site/src")),
                    crate::msg!("pages-typecheck-failed", error = error),
                )
                .help_msg(crate::msg!("pages-typecheck-failed-help")),
            ]
        }
    };
    if found.is_empty() {
        // Best effort: without the stamp the next command checks again.
        let _ = crate::fingerprint::write_cache_file(&clean, stamp.as_bytes());
    }
    drop(lock);
    found
}

/// `site/src` of the app, tests aside, sorted.
fn sources(app: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(app.join("site").join("src"))
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.file_name() != "__tests__")
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .collect()
}

/// What the check read: each source's path, size and modification time (reading them all
/// again on every build cost a few milliseconds of a small site's build), the tsconfig and
/// the compiler's version, and the generated types' text.
fn stamp(app: &Path, sources: &[PathBuf], generated: &str) -> String {
    let mut h = blake3::Hasher::new();
    for file in sources.iter().chain([
        &app.join("tsconfig.json"),
        &app.join("node_modules/typescript-native/package.json"),
    ]) {
        h.update(file.as_os_str().as_encoded_bytes());
        h.update(&[0]);
        if let Ok(m) = std::fs::metadata(file) {
            crate::fingerprint::stamp_size_and_time(&mut h, &m);
        }
    }
    h.update(generated.as_bytes());
    h.finalize().to_hex().to_string()
}

fn lock(app: &Path) -> std::io::Result<std::fs::File> {
    let dir = app.join(".cache");
    std::fs::create_dir_all(&dir)?;
    let file = std::fs::File::create(dir.join("typecheck.lock"))?;
    file.lock()?;
    Ok(file)
}

/// Copies the sources into the mirror with the generated types, writes its tsconfig and runs
/// the compiler; its output.
fn run(
    app: &Path,
    compiler: &Path,
    sources: &[PathBuf],
    generated: &str,
) -> anyhow::Result<String> {
    use anyhow::Context;
    let mirror = app.join(MIRROR);
    let _ = std::fs::remove_dir_all(&mirror);
    for file in sources {
        let Ok(rel) = file.strip_prefix(app) else {
            continue;
        };
        let to = mirror.join(rel);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent)?;
        }
        // A link is never followed into the copy (the sources are the app's own files).
        if std::fs::symlink_metadata(file).is_ok_and(|m| m.file_type().is_file()) {
            std::fs::copy(file, &to)
                .with_context(|| crate::msg!("pages-cannot-copy", file = file.display()))?;
        }
    }
    let types = mirror.join(super::GENERATED_TYPES);
    if let Some(parent) = types.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&types, generated)?;
    std::fs::write(mirror.join("tsconfig.json"), tsconfig(app))?;
    let node = crate::node::node_binary(app);
    let output = Command::new(&node)
        .arg(compiler)
        .args(["-p", "tsconfig.json", "--pretty", "false"])
        .current_dir(&mirror)
        .output()
        .with_context(|| crate::msg!("pages-cannot-run", program = node.display()))?;
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.status.success() && !text.contains("error TS") {
        anyhow::bail!(crate::msg!(
            "pages-compiler-failed",
            error = String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    Ok(text)
}

/// The mirror's tsconfig: the app's compiler options (TypeScript 7 has no `baseUrl`: the `@/`
/// alias is given relative to the mirror), over `site/src`.
fn tsconfig(app: &Path) -> String {
    let app_config: serde_json::Value = std::fs::read_to_string(app.join("tsconfig.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let mut options = app_config
        .get("compilerOptions")
        .and_then(|o| o.as_object())
        .cloned()
        .unwrap_or_default();
    options.remove("baseUrl");
    options.insert("noEmit".into(), true.into());
    options.insert(
        "paths".into(),
        serde_json::json!({ "@/*": ["./site/src/*"] }),
    );
    serde_json::json!({
        "compilerOptions": options,
        "include": ["site/src"],
    })
    .to_string()
}

/// The compiler's errors (`site/src/x.tsx(12,5): error TS2339: ...`), placed in the app's
/// files.
fn errors(root: &Path, app: &Path, output: &str) -> Vec<Diagnostic> {
    // Each error's file, line, column and the compiler's message (its further lines joined).
    let mut found: Vec<(&str, usize, usize, String)> = Vec::new();
    for line in output.lines() {
        let Some((place, rest)) = line.split_once("): error ") else {
            // A message's further lines belong to the one before.
            if let Some((_, _, _, message)) = found.last_mut()
                && line.starts_with(' ')
            {
                message.push(' ');
                message.push_str(line.trim());
            }
            continue;
        };
        let Some((file, position)) = place.rsplit_once('(') else {
            continue;
        };
        let mut numbers = position.split(',').map(|n| n.trim().parse::<usize>().ok());
        let (Some(Some(line_no)), Some(Some(column))) = (numbers.next(), numbers.next()) else {
            continue;
        };
        let message = rest
            .split_once(": ")
            .map_or(rest, |(_, m)| m)
            .trim()
            .to_string();
        found.push((file, line_no, column, message));
    }
    found
        .into_iter()
        .map(|(file, line_no, column, message)| {
            let path = app.join(file.trim());
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            // The compiler's own words, in a frame of the reader's language.
            let mut d = Diagnostic::msg(
                display_path(root, &path),
                crate::msg!("pages-type-error", detail = message),
            )
            .help_msg(if file.ends_with("collections.generated.ts") {
                crate::msg!("pages-type-error-declaration-help")
            } else {
                crate::msg!("pages-type-error-screen-help")
            })
            .at(line_no, column);
            if !text.is_empty() {
                d = d.with_source(text.as_str());
            }
            d
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compilers_errors_are_placed_in_the_apps_files() {
        let out = "site/src/app/routes/team-screen.tsx(12,38): error TS2339: Property 'email' does not exist on type 'TeamItem'.\nsite/src/x.ts(1,1): error TS2322: Type 'A' is not assignable to type 'B'.\n  Types of property 'x' are incompatible.\n";
        let d = errors(Path::new("/site"), Path::new("/site"), out);
        assert_eq!(d.len(), 2);
        assert_eq!(
            d[0].to_string(),
            "site/src/app/routes/team-screen.tsx:12:38: type error: Property 'email' does not exist on type 'TeamItem'. (help: the screen reads what the collections' declarations do not give (site/src/shared/pages.json, or sahel's own in content/README.md): declare the field, or change the screen)"
        );
        assert!(
            d[1].message
                .ends_with("Types of property 'x' are incompatible.")
        );
    }
}
