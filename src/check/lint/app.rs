//! The lint of the app itself: its styles, its Tailwind classes and its right-to-left
//! languages' interface strings.

use std::path::{Path, PathBuf};

use super::*;

/// The findings in the app (`<paths.app>/site/src`): letter-spacing and justification applied
/// to Arabic in `styles.css` and in the Tailwind classes of the `.ts`/`.tsx` files (tests
/// aside), and left-to-right runs that are not isolated in the Arabic interface strings
/// (`i18n/ar/*.json`), with the interface strings files missing in a language or not JSON;
/// and, apart (the second list), every interface string a language lacks
/// ([`crate::check::strings`]: an error in `check`, a warning in `build` and `serve`). A site
/// without the app folder has none.
///
/// An app found clean is not linted again while its files keep their names, sizes and
/// modification times and sahel is the same executable (a stamp of those in
/// `<app>/.cache/app-lint-clean`): the app is the same for every build of a site, and reading and
/// linting its sources was 13 ms of a 240-page build. Findings are never cached: an app with some
/// is linted on every build, and a changed file is linted again.
pub(crate) fn app(
    root: &Path,
    config: &crate::config::SiteConfig,
) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    let app_dir = root.join(&config.paths.app);
    let mut files = app_files(&app_dir);
    if files.is_empty() {
        return (Vec::new(), Vec::new());
    }
    // The screens against the collections' declarations (its own cache).
    let typed = match crate::pages::PageTable::read(&app_dir, root) {
        Ok((table, _)) => crate::pages::typecheck::check(
            root,
            &app_dir,
            &crate::pages::typescript::generate(&table),
        ),
        Err(_) => Vec::new(), // reported by the content's load
    };
    let dirs = crate::check::strings::strings_dirs(root, config);
    files.extend(own_strings_files(&app_dir, &dirs));
    // Checked on every load (a few file-system calls), whatever the stamp says.
    let leaks = crate::check::strings::own_folder_problems(root, config);
    let marker = app_dir.join(".cache").join("app-lint-clean");
    // The languages and their folders count: a language added without strings anywhere
    // changes no file.
    let stamp = app_stamp(&files, &dirs);
    if leaks.is_empty() && std::fs::read_to_string(&marker).is_ok_and(|s| s == stamp) {
        return (typed, Vec::new());
    }
    let mut out = leaks;
    out.extend(lint_app_files(root, &files, &rtl_folders(&dirs)));
    let used = used_keys(root, &files);
    let own = root.join(&config.paths.strings);
    let missing = crate::check::strings::missing_keys(root, &dirs, &own, &used, &mut out);
    if out.is_empty()
        && missing.is_empty()
        && let Some(dir) = marker.parent()
    {
        // Best effort: without the marker the next build lints again.
        let _ = std::fs::create_dir_all(dir)
            .and_then(|()| crate::fingerprint::write_cache_file(&marker, stamp.as_bytes()));
    }
    out.extend(typed);
    (out, missing)
}

/// The app's lint findings, read from its files (no stamp consulted or written).
#[cfg(test)]
pub(crate) fn app_uncached(root: &Path, config: &crate::config::SiteConfig) -> Vec<Diagnostic> {
    let app_dir = root.join(&config.paths.app);
    let dirs = crate::check::strings::strings_dirs(root, config);
    let mut files = app_files(&app_dir);
    files.extend(own_strings_files(&app_dir, &dirs));
    let mut out = crate::check::strings::own_folder_problems(root, config);
    out.extend(lint_app_files(root, &files, &rtl_folders(&dirs)));
    let used = used_keys(root, &files);
    let own = root.join(&config.paths.strings);
    let missing = crate::check::strings::missing_keys(root, &dirs, &own, &used, &mut out);
    out.extend(missing);
    out
}

/// The files [`app`] lints: `site/src` of the app, tests aside, sorted.
fn app_files(app_dir: &Path) -> Vec<walkdir::DirEntry> {
    let src = app_dir.join("site").join("src");
    if !src.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(&src)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| !e.path().components().any(|c| c.as_os_str() == "__tests__"))
        .collect()
}

/// The files of the strings folders outside the app (a site's own `strings/<code>/`), sorted.
fn own_strings_files(app_dir: &Path, dirs: &[(Lang, PathBuf)]) -> Vec<walkdir::DirEntry> {
    let src = app_dir.join("site").join("src");
    dirs.iter()
        .filter(|(_, d)| !d.starts_with(&src))
        .flat_map(|(_, d)| {
            walkdir::WalkDir::new(d)
                .max_depth(1)
                .sort_by_file_name()
                .into_iter()
                .filter_map(Result::ok)
                // Links too: one added is a change the strings check must see (and refuse).
                .filter(|e| !e.file_type().is_dir())
        })
        .collect()
}

/// The interface strings the app's code uses with a literal key ([`crate::check::strings::used_keys`]).
fn used_keys(root: &Path, files: &[walkdir::DirEntry]) -> Vec<crate::check::strings::UsedKey> {
    files
        .iter()
        .filter(|e| {
            let name = e.file_name().to_string_lossy();
            (name.ends_with(".ts") || name.ends_with(".tsx")) && !e.path_is_symlink()
        })
        .filter_map(|e| {
            let text = std::fs::read_to_string(e.path()).ok()?;
            let shown = crate::diagnostics::display_path(root, e.path());
            Some(crate::check::strings::used_keys(&text, &shown))
        })
        .flatten()
        .collect()
}

/// The strings folders of the right-to-left languages, whose left-to-right runs the lint
/// checks.
fn rtl_folders(dirs: &[(Lang, PathBuf)]) -> Vec<PathBuf> {
    dirs.iter()
        .filter(|(l, _)| l.is_rtl())
        .map(|(_, d)| d.clone())
        .collect()
}

/// Each file's path, size and modification time, and the running executable.
fn app_stamp(files: &[walkdir::DirEntry], dirs: &[(Lang, PathBuf)]) -> String {
    let mut h = blake3::Hasher::new();
    h.update(crate::fingerprint::executable_hash().as_bytes());
    for (lang, dir) in dirs {
        h.update(lang.code().as_bytes());
        h.update(&[0]);
        h.update(dir.as_os_str().as_encoded_bytes());
        h.update(&[0]);
    }
    for entry in files {
        h.update(entry.path().as_os_str().as_encoded_bytes());
        h.update(&[0]);
        if let Ok(m) = entry.metadata() {
            crate::fingerprint::stamp_size_and_time(&mut h, &m);
        }
    }
    h.finalize().to_hex().to_string()
}

fn lint_app_files(root: &Path, files: &[walkdir::DirEntry], rtl: &[PathBuf]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for entry in files {
        let path = entry.path();
        let shown = crate::diagnostics::display_path(root, path);
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let in_arabic_strings = path.parent().is_some_and(|p| rtl.iter().any(|d| d == p));
        if entry.path_is_symlink() {
            continue; // never followed: `check::strings::own_folder_problems` reports it
        }
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        if name.ends_with(".css") {
            css(&text, &shown, &mut out);
        } else if name.ends_with(".tsx") || name.ends_with(".ts") {
            classes(&text, &shown, &mut out);
        } else if in_arabic_strings && name.ends_with(".json") {
            interface_strings(&text, &shown, &mut out);
        }
    }
    out
}

/// Whether a selector (or a Tailwind variant) applies only to left-to-right or English text.
fn scoped_to_ltr(selector: &str) -> bool {
    let s: String = selector
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .collect::<String>()
        .to_ascii_lowercase();
    [
        "ltr:",
        ":lang(en",
        "[lang=en",
        "[lang|=en",
        "[dir=ltr",
        ":dir(ltr",
    ]
    .iter()
    .any(|p| s.contains(p))
}

/// `letter-spacing` (other than `0` or `normal`) and `text-align: justify` in CSS, outside
/// rules scoped to left-to-right or English text.
pub(super) fn css(text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    // The selectors of the rules the cursor is in.
    let mut stack: Vec<String> = Vec::new();
    let mut since = 0;
    let mut in_comment = false;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while let Some(&(at, c)) = bytes.get(i) {
        let next = bytes.get(i + 1).map(|&(_, n)| n);
        if in_comment {
            if c == '*' && next == Some('/') {
                in_comment = false;
                i += 1;
                since = at + 2;
            }
            i += 1;
            continue;
        }
        match c {
            '/' if next == Some('*') => {
                in_comment = true;
                i += 1;
            }
            '{' => {
                stack.push(text.get(since..at).unwrap_or_default().trim().to_string());
                since = at + 1;
            }
            '}' | ';' => {
                let declaration = text.get(since..at).unwrap_or_default();
                css_declaration(declaration, since, &stack, text, file, out);
                if c == '}' {
                    stack.pop();
                }
                since = at + 1;
            }
            _ => {}
        }
        i += 1;
    }
}

fn css_declaration(
    declaration: &str,
    at: usize,
    selectors: &[String],
    text: &str,
    file: &Path,
    out: &mut Vec<Diagnostic>,
) {
    let Some((property, value)) = declaration.split_once(':') else {
        return;
    };
    let (property, value) = (property.trim().to_ascii_lowercase(), value.trim());
    let spacing = property == "letter-spacing" && !matches!(value, "0" | "normal" | "0px" | "0em");
    let justify = property == "text-align" && value.starts_with("justify");
    if !(spacing || justify) || selectors.iter().any(|s| scoped_to_ltr(s)) {
        return;
    }
    let lead = declaration.len() - declaration.trim_start().len();
    let shown = declaration.trim();
    let what = if spacing {
        crate::msg!("check-lint-letter-spacing")
    } else {
        crate::msg!("check-lint-justification")
    };
    out.push(finding(
        if spacing {
            Rule::ArabicLetterSpacing
        } else {
            Rule::ArabicJustify
        },
        file,
        text,
        at + lead,
        crate::msg!("check-lint-css", declaration = shown, what = what),
        crate::msg!(
            "check-lint-css-help",
            selector = selectors.last().map_or("", String::as_str)
        ),
    ));
}

/// Tailwind's `tracking-*` (but `tracking-normal`) and `text-justify` classes in the app's
/// code, unless behind the `ltr:` variant or on a line that applies them only to English
/// (`lang === 'en' && ...`).
pub(super) fn classes(text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let english_only = line.contains("lang === 'en'") || line.contains("lang === \"en\"");
        let mut from = 0;
        for token in line.split(|c: char| {
            c.is_whitespace() || matches!(c, '"' | '\'' | '`' | ',' | '(' | ')' | '{' | '}')
        }) {
            let at = line
                .get(from..)
                .and_then(|rest| rest.find(token))
                .map_or(from, |i| from + i);
            from = at + token.len();
            let utility = token.rsplit(':').next().unwrap_or(token);
            let utility = utility.trim_start_matches('!');
            let bad = (utility.starts_with("tracking-") && utility != "tracking-normal")
                || utility == "text-justify";
            if !bad || english_only || scoped_to_ltr(token) {
                continue;
            }
            out.push(finding(
                if utility == "text-justify" {
                    Rule::ArabicJustify
                } else {
                    Rule::ArabicLetterSpacing
                },
                file,
                text,
                offset + at,
                crate::msg!(
                    "check-lint-class",
                    class = token,
                    what = if utility == "text-justify" {
                        crate::msg!("check-lint-justification")
                    } else {
                        crate::msg!("check-lint-letter-spacing")
                    }
                ),
                crate::msg!("check-lint-class-help", utility = utility),
            ));
        }
        offset += line.len();
    }
}

/// Left-to-right runs in the Arabic interface strings that are not isolated: the translator
/// does not isolate, so each must be written between `\u2066` and `\u2069`. Placeholders
/// (`{{count}}`) are not text.
pub(super) fn interface_strings(text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let here = offset;
        offset += line.len();
        let Some((_, value)) = line.split_once("\": ") else {
            continue;
        };
        let value_at = here + line.len() - value.len();
        let Some((unit, _)) = scalar(value.trim_end(), value_at) else {
            continue;
        };
        // Placeholders become a neutral character of the same length in `unit`'s text.
        let mut s = string_of(&unit);
        while let Some(open) = s.find("{{") {
            let Some(len) = s.get(open..).and_then(|r| r.find("}}")) else {
                break;
            };
            let blank: String = std::iter::repeat_n(
                '\u{FFFC}',
                s.get(open..open + len + 2).map_or(0, |p| p.chars().count()),
            )
            .collect();
            s.replace_range(open..open + len + 2, &blank);
        }
        if !bidi::has_arabic(&s) {
            continue;
        }
        let starts: std::collections::HashMap<usize, usize> = s
            .char_indices()
            .enumerate()
            .map(|(i, (o, _))| (o, i))
            .collect();
        for run in bidi::ltr_runs(&s) {
            let shown = s.get(run.clone()).unwrap_or_default();
            // Only a run that starts with a number reorders (`050 123 4567`, `1,500 AED`): after
            // a Latin letter its numbers and separators take the letter's direction.
            let starts_with_number = shown.starts_with(|c: char| c.is_ascii_digit() || c == '+');
            if !starts_with_number || shown.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let at = starts
                .get(&run.start)
                .and_then(|&i| unit.get(i))
                .map_or(value_at, |c| c.at);
            out.push(finding(
                Rule::UnisolatedInterfaceRun,
                file,
                text,
                at,
                crate::msg!("check-lint-interface-run", text = shown),
                crate::msg!("check-lint-interface-run-help", text = shown),
            ));
        }
    }
}
