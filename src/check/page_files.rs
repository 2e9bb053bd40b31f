//! Parity of the per-language page files (`[check] parity`): `home.yaml`,
//! `service-sections.yaml` and `screens.yaml` hold, in every language, the same items (as many
//! value points, cards and sections, the same sections of `screens.yaml` given or left out),
//! and the same facts; the words differ, as translations do.
//! The one difference the specification sets is declared here and allowed: the home cards'
//! targets (English cards link to a service page, Arabic ones to a section of the services
//! page); and `labels` in `screens.yaml`, which sahel has built in for Arabic and English only.
//! Each file is compared with the translations' source language's.

use serde::Serialize;
use serde_json::Value;

use super::Checker;
use crate::diagnostics::{Diagnostic, line_col};
use crate::lang::Lang;
use crate::messages::Msg;

/// A per-language file: its name, the values that are facts (equal in every language) and
/// those that may differ in any way, as paths (`*` for any item of a list).
struct PageFile {
    name: &'static str,
    facts: &'static [&'static str],
    allowed: &'static [&'static str],
}

const PAGE_FILES: [PageFile; 3] = [
    PageFile {
        name: "home.yaml",
        facts: &[],
        // The specification: English cards → /en/services/{id}, Arabic → /ar/services#anchor.
        allowed: &["cards.*.link"],
    },
    // Its anchors are ids (parity names an item one language lacks) and its icons facts
    // ([`super::facts`]): what is left is which sections are there, and their keys.
    PageFile {
        name: "service-sections.yaml",
        facts: &[],
        allowed: &["*.anchor", "*.icon"],
    },
    PageFile {
        name: "screens.yaml",
        facts: &[],
        // The words sahel writes itself: built in for Arabic and English, required for the rest.
        allowed: &["labels"],
    },
];

/// Whether `path` (`cards.2.link`) is one of `patterns` (`cards.*.link`).
fn matches(patterns: &[&str], path: &[String]) -> bool {
    patterns.iter().any(|p| {
        let parts: Vec<&str> = p.split('.').collect();
        parts.len() == path.len()
            && parts
                .iter()
                .zip(path)
                .all(|(p, s)| *p == s || (*p == "*" && s.parse::<usize>().is_ok()))
    })
}

/// One difference: where (a path), and what, worded for the file that has `b`.
struct Difference {
    path: Vec<String>,
    what: Msg,
}

fn value_of<T: Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// The differences between `a` (the source language's) and `b` that are not words.
fn differences(
    a: &Value,
    b: &Value,
    file: &PageFile,
    path: &mut Vec<String>,
    out: &mut Vec<Difference>,
) {
    if matches(file.allowed, path) {
        return;
    }
    let shown = |v: &Value| match v {
        Value::String(s) => format!("`{s}`"),
        other => format!("`{other}`"),
    };
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: std::collections::BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for key in keys {
                path.push(key.clone());
                differences(
                    x.get(key).unwrap_or(&Value::Null),
                    y.get(key).unwrap_or(&Value::Null),
                    file,
                    path,
                    out,
                );
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() != y.len() => out.push(Difference {
            path: path.clone(),
            what: crate::msg!(
                "check-page-file-count",
                count = y.len(),
                source_count = x.len()
            ),
        }),
        (Value::Array(x), Value::Array(y)) => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                path.push(i.to_string());
                differences(p, q, file, path, out);
                path.pop();
            }
        }
        (Value::Null, Value::Null) => {}
        (Value::Null, _) => out.push(Difference {
            path: path.clone(),
            what: crate::msg!("check-page-file-added"),
        }),
        (_, Value::Null) => out.push(Difference {
            path: path.clone(),
            what: crate::msg!("check-page-file-missing"),
        }),
        (Value::String(x), Value::String(y)) => {
            if matches(file.facts, path) && x != y {
                out.push(Difference {
                    path: path.clone(),
                    what: crate::msg!("check-page-file-value", here = shown(b), source = shown(a)),
                });
            }
        }
        (x, y) if std::mem::discriminant(x) == std::mem::discriminant(y) => {
            if x != y {
                out.push(Difference {
                    path: path.clone(),
                    what: crate::msg!("check-page-file-value", here = shown(b), source = shown(a)),
                });
            }
        }
        _ => out.push(Difference {
            path: path.clone(),
            what: crate::msg!("check-page-file-type"),
        }),
    }
}

/// The path as a reader finds it: `cards[3].link` (items counted from 1), `item 2: icon` for
/// a file that is a list.
fn describe(path: &[String]) -> Msg {
    let mut dotted = String::new();
    let mut item = None;
    for (i, part) in path.iter().enumerate() {
        match part.parse::<usize>() {
            Ok(n) if i == 0 => item = Some(n + 1),
            Ok(n) => dotted.push_str(&format!("[{}]", n + 1)),
            Err(_) if dotted.is_empty() => dotted.push_str(part),
            Err(_) => {
                dotted.push('.');
                dotted.push_str(part);
            }
        }
    }
    match (item, dotted.is_empty()) {
        (Some(n), true) => crate::msg!("check-page-file-item", n = n),
        (Some(n), false) => crate::msg!("check-page-file-item-key", n = n, key = dotted),
        (None, _) => crate::msg!("check-page-file-key", key = dotted),
    }
}

impl Checker<'_> {
    /// The differences of every language's page files from the source language's.
    pub(super) fn page_file_parity(&mut self) {
        let site = self.site;
        let source = site.config.translation_source();
        for file in &PAGE_FILES {
            let value = |lang: Lang| -> Option<Value> {
                let c = site.lang(lang);
                match file.name {
                    "home.yaml" => c.home.as_ref().map(value_of),
                    "service-sections.yaml" => {
                        (!c.sections.is_empty()).then(|| value_of(&c.sections))
                    }
                    _ => c.screens.as_ref().map(value_of),
                }
            };
            let Some(theirs) = value(source) else {
                continue;
            };
            for &lang in site.languages().iter().filter(|&&l| l != source) {
                if site.is_unparsed(lang, file.name) || site.is_unparsed(source, file.name) {
                    continue;
                }
                let Some(mine) = value(lang) else { continue };
                let mut found = Vec::new();
                differences(&theirs, &mine, file, &mut Vec::new(), &mut found);
                let shown = self.file(lang, file.name);
                let source_file = self.file(source, file.name);
                // Placed at the first key of the path the file writes (read again only when a
                // difference is found).
                let text = std::fs::read_to_string(site.root.join(&shown)).unwrap_or_default();
                for d in found {
                    let key = d.path.iter().rev().find(|p| p.parse::<usize>().is_err());
                    let at = key.and_then(|k| text.find(&format!("{k}:")));
                    let mut diag = Diagnostic::msg(
                        &shown,
                        crate::msg!(
                            "check-page-file-differs",
                            place = describe(&d.path),
                            what = d.what,
                            file = source_file.display()
                        )
                        .language("source", source.code()),
                    )
                    .help_msg(
                        crate::msg!("check-page-file-differs-help", file = file.name)
                            .language("source", source.code())
                            .language("lang", lang.code()),
                    );
                    if let Some(at) = at {
                        let (line, column) = line_col(&text, at);
                        diag = diag.at(line, column).with_source(text.as_str());
                    }
                    self.out.push(diag);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn diff(a: &str, b: &str, file: usize) -> Vec<String> {
        let a: Value = serde_json::from_str(a).unwrap_or_default();
        let b: Value = serde_json::from_str(b).unwrap_or_default();
        let mut out = Vec::new();
        differences(&a, &b, &PAGE_FILES[file], &mut Vec::new(), &mut out);
        out.into_iter()
            .map(|d| format!("{} {}", describe(&d.path).render("en"), d.what.render("en")))
            .collect()
    }

    #[test]
    fn items_and_facts_differ_words_and_the_cards_targets_do_not() {
        let home = r#"{"hero":{"title":"A"},"cards":[{"title":"x","link":"/ar/services#a"},{"title":"y","link":"/ar/services#b"}],"valuePoints":[]}"#;
        assert!(
            diff(
                home,
                &home.replace("\"A\"", "\"B\"").replace("#a", "/ignored"),
                0
            )
            .is_empty()
        );
        assert_eq!(
            diff(
                home,
                r#"{"hero":{"title":"A"},"cards":[{"title":"x","link":"/en/x"}],"valuePoints":[]}"#,
                0
            ),
            ["`cards` has 1 items here and 2 in the source"]
        );
        assert_eq!(
            diff(
                home,
                r#"{"hero":{"title":"A","note":"n"},"cards":[{"title":"x","link":"l"},{"title":"y","link":"l"}],"valuePoints":[]}"#,
                0
            ),
            ["`hero.note` is given here and not in the source"]
        );
        // A section's icon is the facts check's (reported once, there); its keys are this one's.
        let sections = r#"[{"anchor":"a","icon":"plane","title":"T"}]"#;
        assert!(
            diff(
                sections,
                r#"[{"anchor":"a","icon":"house","title":"U"}]"#,
                1
            )
            .is_empty()
        );
        assert_eq!(
            diff(
                sections,
                r#"[{"anchor":"a","icon":"plane","title":"U","description":"D"}]"#,
                1
            ),
            ["item 1: `description` is given here and not in the source"]
        );
        let screens = r#"{"labels":{"cardKinds":{"pricing":"P"}},"home":{"title":"H"},"pages":{"team":{"title":"T"}}}"#;
        assert!(
            diff(
                screens,
                r#"{"labels":null,"home":{"title":"X"},"pages":{"team":{"title":"U"}}}"#,
                2
            )
            .is_empty()
        );
        assert_eq!(
            diff(screens, r#"{"home":{"title":"X"},"pages":{}}"#, 2),
            ["`pages.team` is missing here and given in the source"]
        );
    }
}
