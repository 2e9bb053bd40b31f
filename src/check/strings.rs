//! The app's interface strings hold the same keys in every language.
//!
//! The strings are i18next's JSON files, `site/src/i18n/<lang>/<name>.json` in the app folder
//! (`[paths] app`). A key one language lacks shows the fallback language's string: the bundler
//! gives each language's files the strings they lack from their fallbacks
//! (`site/vite-plugins/strings-fallback.ts`), so the server and the browser, which downloads
//! only the page's own language, render the same string. Every key missing in a language is
//! reported at the file that lacks it, naming the key and a file that has it: an error in
//! `check`, a warning in `build` and `serve` ([`crate::check::check_site_strict`]). A plural
//! string counts as one key whatever forms it has (`servicesCount_few` is `servicesCount`): each
//! language has its own forms. A strings file that is missing or not JSON is an error
//! everywhere (the bundle cannot be built without it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::diagnostics::Diagnostic;
use crate::lang::Lang;

/// i18next's plural suffixes (`Intl.PluralRules` categories).
const PLURAL_SUFFIXES: [&str; 6] = ["_zero", "_one", "_two", "_few", "_many", "_other"];

/// The strings folder of the app in `app_dir`.
pub(crate) fn strings_dir(app_dir: &Path) -> PathBuf {
    app_dir.join("site").join("src").join("i18n")
}

/// Each language's strings folder: the site's own (`[paths] strings`, `strings/<code>/`) when
/// it is a folder inside the site, else the app's (`site/src/i18n/<code>/`). A site's folder
/// that leads out of the site is never read ([`own_folder_problems`] reports it).
pub(crate) fn strings_dirs(
    root: &Path,
    config: &crate::config::SiteConfig,
) -> Vec<(Lang, PathBuf)> {
    let app = strings_dir(&root.join(&config.paths.app));
    let own = root.join(&config.paths.strings);
    let site = root.canonicalize().ok();
    config
        .languages
        .all()
        .iter()
        .map(|&l| {
            let mine = own.join(l.code());
            let inside = site.as_deref().is_some_and(|site| {
                mine.canonicalize()
                    .is_ok_and(|real| real.is_dir() && real.starts_with(site))
            });
            (l, if inside { mine } else { app.join(l.code()) })
        })
        .collect()
}

/// The site's own strings folders that lead out of the site (a `[paths] strings` elsewhere, a
/// language's folder that is a link to another place) and the links inside them, as errors.
/// Their files would go into the app's bundle, which every visitor downloads: a link in a
/// pull request would publish the build machine's files. None of them is read.
pub(crate) fn own_folder_problems(
    root: &Path,
    config: &crate::config::SiteConfig,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let Ok(site) = root.canonicalize() else {
        return out;
    };
    let own = root.join(&config.paths.strings);
    for lang in config.languages.all() {
        let dir = own.join(lang.code());
        if dir.symlink_metadata().is_err() {
            continue; // none: the app's strings are used
        }
        let shown = crate::diagnostics::display_path(root, &dir);
        if !dir.canonicalize().is_ok_and(|real| real.starts_with(&site)) {
            out.push(
                Diagnostic::msg(&shown, crate::msg!("check-strings-folder-outside"))
                    .help_msg(crate::msg!("check-strings-folder-outside-help")),
            );
            continue;
        }
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if entry.file_type().is_ok_and(|t| t.is_symlink()) {
                out.push(
                    Diagnostic::msg(
                        crate::diagnostics::display_path(root, &entry.path()),
                        crate::msg!("check-strings-file-link"),
                    )
                    .help_msg(crate::msg!("check-strings-file-link-help")),
                );
            }
        }
    }
    out
}

/// A key the app's code uses: `t('nav.home')` with a literal key, or a field of the contact
/// form's list (its label and error keys), with where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UsedKey {
    pub(crate) key: String,
    pub(crate) file: PathBuf,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// The keys `text`, an app source file shown as `shown`, uses with a literal: `t('a.b')`,
/// `t("a.b", {...})`; in the contact form's field list (`features/contact/fields.ts`), each
/// field's `label` (under `contact.`) and error keys (under `contact.errors.`). A key built at
/// run time (`t(\`nav.${key}\`)`) is left out: the type check and the strings' parity cover
/// those.
pub(crate) fn used_keys(text: &str, shown: &Path) -> Vec<UsedKey> {
    let code = without_comments(text);
    let text = code.as_str();
    static CALL: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"(?:^|[^A-Za-z0-9_$.])t\(\s*(['"])([A-Za-z0-9_.-]+)['"]"#).ok()
    });
    static FIELD: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\b(label|short|long|format)\s*:\s*'([A-Za-z0-9_]+)'"#).ok()
    });
    let mut out = Vec::new();
    let mut push = |key: String, at: usize| {
        let (line, column) = crate::diagnostics::line_col(text, at);
        out.push(UsedKey {
            key,
            file: shown.to_path_buf(),
            line,
            column,
        });
    };
    if let Some(call) = CALL.as_ref() {
        for c in call.captures_iter(text) {
            if let Some(key) = c.get(2) {
                push(key.as_str().to_string(), key.start());
            }
        }
    }
    let is_field_list = shown.ends_with("features/contact/fields.ts");
    if is_field_list && let Some(field) = FIELD.as_ref() {
        for c in field.captures_iter(text) {
            let (Some(kind), Some(key)) = (c.get(1), c.get(2)) else {
                continue;
            };
            let prefix = if kind.as_str() == "label" {
                "contact."
            } else {
                "contact.errors."
            };
            push(format!("{prefix}{}", key.as_str()), key.start());
        }
    }
    out
}

/// `text` (TypeScript) with its comments blanked out, byte for byte (so offsets still place
/// lines and columns): a `t('key')` in a comment uses nothing. Strings and template literals
/// are kept, `//` inside them (an address) included.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match quote {
            Some(q) => {
                out.push(c);
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                } else if c == q || (c == '\n' && q != '`') {
                    quote = None;
                }
            }
            None => match (c, chars.peek()) {
                ('/', Some('/')) => {
                    out.push(' ');
                    while let Some(&n) = chars.peek() {
                        if n == '\n' {
                            break;
                        }
                        chars.next();
                        out.extend(std::iter::repeat_n(' ', n.len_utf8()));
                    }
                }
                ('/', Some('*')) => {
                    out.push(' ');
                    let mut last = ' ';
                    for n in chars.by_ref() {
                        if n == '\n' {
                            out.push('\n');
                        } else {
                            out.extend(std::iter::repeat_n(' ', n.len_utf8()));
                        }
                        if last == '*' && n == '/' {
                            break;
                        }
                        last = n;
                    }
                }
                ('\'' | '"' | '`', _) => {
                    quote = Some(c);
                    out.push(c);
                }
                _ => out.push(c),
            },
        }
    }
    out
}

/// Each used key a language's strings lack, as an error at the place it is used: the page
/// would show the key itself (or, with a fallback that has it, another language's text).
fn missing_used(
    root: &Path,
    used: &[UsedKey],
    files: &BTreeMap<Lang, BTreeMap<String, Option<BTreeSet<String>>>>,
    folder_of: &dyn Fn(Lang) -> PathBuf,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (&lang, here) in files {
        // A language without any strings is reported once, as such.
        if here.is_empty() {
            continue;
        }
        let has = |key: &str| here.values().flatten().any(|keys| keys.contains(key));
        let mut seen = BTreeSet::new();
        for u in used {
            if has(&u.key) || !seen.insert(&u.key) {
                continue;
            }
            let section = u.key.split('.').next().unwrap_or_default();
            let file = here
                .iter()
                .find(|(_, keys)| {
                    keys.as_ref()
                        .is_some_and(|k| k.iter().any(|k| k.starts_with(&format!("{section}."))))
                })
                .map_or_else(|| "common.json".to_string(), |(name, _)| name.clone());
            let strings_file = crate::diagnostics::display_path(root, &folder_of(lang).join(&file));
            out.push(
                Diagnostic::msg(
                    &u.file,
                    crate::msg!("check-string-used-missing", key = &u.key)
                        .language("lang", lang.code()),
                )
                .at(u.line, u.column)
                .help_msg(crate::msg!(
                    "check-string-used-missing-help",
                    key = &u.key,
                    file = strings_file.display()
                )),
            );
        }
    }
    out
}

/// Every key a language lacks (returned), and every strings file that is missing in a language
/// or cannot be read as JSON, and every key the app uses (`used`) that a language lacks
/// (errors, into `errors`). `own` is the site's strings folder (`[paths] strings`), where a
/// language without strings is told to put them.
pub(crate) fn missing_keys(
    root: &Path,
    dirs: &[(Lang, PathBuf)],
    own: &Path,
    used: &[UsedKey],
    errors: &mut Vec<Diagnostic>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let folder_of = |l: Lang| {
        dirs.iter()
            .find(|(d, _)| *d == l)
            .map(|(_, p)| p.clone())
            .unwrap_or_default()
    };
    // language → file name → the file's keys (None: present but unreadable).
    let mut files: BTreeMap<Lang, BTreeMap<String, Option<BTreeSet<String>>>> = BTreeMap::new();
    for &(lang, ref folder) in dirs {
        let mut here = BTreeMap::new();
        for (name, path) in json_files(folder) {
            here.insert(name, read_keys(root, &path, errors));
        }
        files.insert(lang, here);
    }
    if files.values().all(BTreeMap::is_empty) {
        return out;
    }
    // A language with no strings at all: one error naming the folder to add.
    let mut without: BTreeSet<Lang> = BTreeSet::new();
    for (&lang, here) in &files {
        if !here.is_empty() {
            continue;
        }
        without.insert(lang);
        let folder = crate::diagnostics::display_path(root, &own.join(lang.code()));
        let model = files
            .iter()
            .find(|(_, f)| !f.is_empty())
            .map(|(&l, _)| crate::diagnostics::display_path(root, &folder_of(l)));
        errors.push(
            Diagnostic::msg(
                &folder,
                crate::msg!("check-strings-missing", folder = folder.display())
                    .language("lang", lang.code()),
            )
            .help_msg(crate::msg!(
                "check-strings-missing-help",
                model = model.map_or_else(
                    || crate::msg!("check-strings-another-language").into(),
                    |m| crate::messages::Arg::from(m.display())
                ),
                folder = folder.display()
            )),
        );
    }
    errors.extend(missing_used(root, used, &files, &folder_of));
    let names: BTreeSet<&String> = files.values().flat_map(BTreeMap::keys).collect();
    let langs: Vec<Lang> = dirs
        .iter()
        .map(|(l, _)| *l)
        .filter(|l| !without.contains(l))
        .collect();
    for name in names {
        for &lang in &langs {
            let shown = |l: Lang| crate::diagnostics::display_path(root, &folder_of(l).join(name));
            let Some(mine) = files.get(&lang).and_then(|f| f.get(name)) else {
                let holder = langs
                    .iter()
                    .copied()
                    .find(|l| files.get(l).is_some_and(|f| f.contains_key(name)));
                let Some(holder) = holder else { continue };
                errors.push(
                    Diagnostic::msg(
                        shown(lang),
                        crate::msg!(
                            "check-strings-file-missing",
                            other = shown(holder).display()
                        ),
                    )
                    .help_msg(
                        crate::msg!(
                            "check-strings-file-missing-help",
                            file = shown(lang).display()
                        )
                        .language("lang", lang.code()),
                    ),
                );
                continue;
            };
            let Some(mine) = mine else { continue };
            // Each key another language has and this one lacks, with the first file holding it.
            let mut lacking: BTreeMap<&str, Lang> = BTreeMap::new();
            for other in langs.iter().copied().filter(|&l| l != lang) {
                let Some(Some(theirs)) = files.get(&other).and_then(|f| f.get(name)) else {
                    continue;
                };
                for key in theirs.difference(mine) {
                    lacking.entry(key.as_str()).or_insert(other);
                }
            }
            for (key, holder) in lacking {
                out.push(
                    Diagnostic::msg(
                        shown(lang),
                        crate::msg!("check-string-missing", key = key)
                            .language("other", holder.code()),
                    )
                    .help_msg(
                        crate::msg!(
                            "check-string-missing-help",
                            key = key,
                            file = shown(holder).display()
                        )
                        .language("lang", lang.code())
                        .language("other", holder.code()),
                    ),
                );
            }
        }
    }
    out
}

/// The `.json` files directly in `folder`, by name.
fn json_files(folder: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut files: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_owned();
            name.ends_with(".json").then(|| (name, e.path()))
        })
        .collect();
    files.sort();
    files
}

/// A strings file's keys (dot paths, plural suffixes removed); an error if it is not a JSON
/// object of strings.
fn read_keys(root: &Path, path: &Path, out: &mut Vec<Diagnostic>) -> Option<BTreeSet<String>> {
    let shown = crate::diagnostics::display_path(root, path);
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) => {
            out.push(Diagnostic::msg(
                &shown,
                crate::msg!(
                    "check-strings-cannot-read",
                    file = shown.display(),
                    error = e.to_string()
                ),
            ));
            return None;
        }
    };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(value @ serde_json::Value::Object(_)) => {
            let mut keys = BTreeSet::new();
            collect_keys(&value, "", &mut keys);
            Some(keys)
        }
        Ok(_) => {
            out.push(
                Diagnostic::msg(
                    &shown,
                    crate::msg!("check-strings-not-object", file = shown.display()),
                )
                .help_msg(crate::msg!("check-strings-not-object-help")),
            );
            None
        }
        Err(e) => {
            let (line, column) = (e.line().max(1), e.column().max(1));
            out.push(
                Diagnostic::msg(
                    &shown,
                    crate::msg!(
                        "check-strings-not-json",
                        file = shown.display(),
                        detail = e.to_string()
                    ),
                )
                .at(line, column)
                .with_source(text.as_str())
                .help_msg(crate::msg!("check-strings-not-json-help")),
            );
            None
        }
    }
}

fn collect_keys(value: &serde_json::Value, prefix: &str, keys: &mut BTreeSet<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                collect_keys(v, &path, keys);
            }
        }
        _ => {
            let base = PLURAL_SUFFIXES
                .iter()
                .find_map(|s| prefix.strip_suffix(s))
                .unwrap_or(prefix);
            keys.insert(base.to_owned());
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn plural_forms_are_one_key_and_sections_are_paths() {
        let value: serde_json::Value = serde_json::from_str(
            r#"{"home": {"count_zero": "a", "count_few": "b", "count_other": "c", "title": "t"}, "x_y": "z"}"#,
        )
        .unwrap();
        let mut keys = BTreeSet::new();
        collect_keys(&value, "", &mut keys);
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        assert_eq!(keys, ["home.count", "home.title", "x_y"]);
    }
}
