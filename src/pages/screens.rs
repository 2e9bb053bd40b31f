//! The screens' side of the page table: every kind's screen module exists and exports its
//! component, and every component a screen module exports is shown by some kind.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use super::{PAGE_TABLE, PageTable, is_identifier, place};
use crate::diagnostics::Diagnostic;

/// The screens' side: every kind's module exists and exports its component, and every
/// component a screen module exports (`export function XRoute`) is named by a kind.
pub(super) fn check_screens(
    table: &PageTable,
    dir: &Path,
    shown_root: &Path,
    text: &str,
    shown: &Path,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let mut exports: BTreeMap<String, (PathBuf, BTreeSet<String>)> = BTreeMap::new();
    let modules: BTreeSet<&str> = table.kinds.values().map(|k| k.module.as_str()).collect();
    let mut names: BTreeSet<String> = modules.iter().map(|m| m.to_string()).collect();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(".tsx")
                && (stem.ends_with("-screen") || stem.ends_with("-screens"))
            {
                names.insert(stem.to_string());
            }
        }
    }
    for module in names {
        let path = dir.join(format!("{module}.tsx"));
        // A screen is the app's own source: one that is a link (to a file outside the app) is
        // not read.
        let is_file = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file());
        let source = if is_file {
            std::fs::read_to_string(&path).ok()
        } else {
            None
        };
        exports.insert(
            module,
            (
                path,
                source.map(|s| exported_routes(&s)).unwrap_or_default(),
            ),
        );
    }
    for (name, kind) in &table.kinds {
        let (line, col) = place(text, &format!("\"{name}\""));
        let Some((path, found)) = exports.get(&kind.module) else {
            continue; // every kind's module was listed above
        };
        let shown_file = crate::diagnostics::display_path(shown_root, path);
        if !std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file()) {
            problems.push(
                Diagnostic::msg(
                    shown,
                    crate::msg!(
                        "pages-no-screen-file",
                        name = name,
                        file = shown_file.display()
                    ),
                )
                .with_source(text)
                .at(line, col)
                .help_msg(crate::msg!(
                    "pages-no-screen-file-help",
                    export = &kind.export
                )),
            );
        } else if !found.contains(&kind.export) {
            problems.push(
                Diagnostic::msg(
                    shown,
                    crate::msg!(
                        "pages-no-screen-export",
                        name = name,
                        file = shown_file.display(),
                        export = &kind.export
                    ),
                )
                .with_source(text)
                .at(line, col)
                .help_msg(crate::msg!(
                    "pages-no-screen-export-help",
                    export = &kind.export
                )),
            );
        }
    }
    let named: BTreeSet<(&str, &str)> = table
        .kinds
        .values()
        .map(|k| (k.module.as_str(), k.export.as_str()))
        .collect();
    for (module, (path, found)) in &exports {
        for export in found {
            if !named.contains(&(module.as_str(), export.as_str())) {
                let shown_file = crate::diagnostics::display_path(shown_root, path);
                problems.push(
                    Diagnostic::msg(
                        &shown_file,
                        crate::msg!("pages-screen-unused", export = export),
                    )
                    .help_msg(crate::msg!(
                        "pages-screen-unused-help",
                        table = PAGE_TABLE,
                        module = module,
                        export = export
                    )),
                );
            }
        }
    }
    problems
}

/// The components a screen module exports: `export function NameRoute` and
/// `export const NameRoute`.
fn exported_routes(source: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in source.lines() {
        let rest = line.trim_start();
        let Some(rest) = rest.strip_prefix("export ") else {
            continue;
        };
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix("function ")
            .or_else(|| rest.strip_prefix("const "));
        let Some(rest) = rest else { continue };
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if name.ends_with("Route") && is_identifier(&name, true) {
            found.insert(name);
        }
    }
    found
}
