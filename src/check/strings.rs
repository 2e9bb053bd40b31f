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
                Diagnostic::new(&shown, "this strings folder leads out of the site")
                    .help("keep a language's strings in a folder of the site (`[paths] strings`, strings/<code>/ by default), not a link to another place: its files are published in the app's bundle"),
            );
            continue;
        }
        for entry in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            if entry.file_type().is_ok_and(|t| t.is_symlink()) {
                out.push(
                    Diagnostic::new(
                        crate::diagnostics::display_path(root, &entry.path()),
                        "this strings file is a link",
                    )
                    .help("copy the file into the folder instead: a link's target would be published in the app's bundle"),
                );
            }
        }
    }
    out
}

/// Every key a language lacks (returned), and every strings file that is missing in a language
/// or cannot be read as JSON (errors, into `errors`).
pub(crate) fn missing_keys(
    root: &Path,
    dirs: &[(Lang, PathBuf)],
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
    let names: BTreeSet<&String> = files.values().flat_map(BTreeMap::keys).collect();
    let langs: Vec<Lang> = dirs.iter().map(|(l, _)| *l).collect();
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
                    Diagnostic::new(
                        shown(lang),
                        format!(
                            "this interface strings file is missing ({} has it)",
                            shown(holder).display()
                        ),
                    )
                    .help(format!(
                        "add {} with the same keys, in {}",
                        shown(lang).display(),
                        lang_name(lang)
                    )),
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
                    Diagnostic::new(
                        shown(lang),
                        format!(
                            "the interface string `{key}` is missing (the {} strings have it)",
                            lang_name(holder)
                        ),
                    )
                    .help(format!(
                        "{} pages show the {} string until it is added: add `{key}` here in {}, as in {}, or remove it from every language",
                        lang_name(lang),
                        lang_name(holder),
                        lang_name(lang),
                        shown(holder).display()
                    )),
                );
            }
        }
    }
    out
}

fn lang_name(lang: Lang) -> String {
    crate::lang::english_name(lang)
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
            out.push(Diagnostic::new(
                &shown,
                format!("cannot read {}: {e}", shown.display()),
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
                Diagnostic::new(&shown, format!("{} is not a JSON object", shown.display()))
                    .help("interface strings are an object of sections and strings: {\"nav\": {\"home\": \"Home\"}}"),
            );
            None
        }
        Err(e) => {
            let (line, column) = (e.line().max(1), e.column().max(1));
            out.push(
                Diagnostic::new(
                    &shown,
                    format!("{} is not valid JSON: {e}", shown.display()),
                )
                .at(line, column)
                .with_source(text.as_str())
                .help("fix the JSON at this place (a missing comma or quote, a trailing comma)"),
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
