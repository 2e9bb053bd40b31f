//! `sahel translations mark`: recording translations as fresh.

use std::collections::BTreeMap;

use super::{Pair, State, Status};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::error::BuildError;
use crate::lang::Lang;

impl Status {
    /// The pairs a target names: a file (`content/en/faq.yaml`, or `faq.yaml`), every pair in
    /// it; `<file>#<id>`, that item.
    fn select(&self, target: &str) -> Vec<usize> {
        let (path, id) = match target.split_once('#') {
            Some((p, id)) => (p, Some(id)),
            None => (target, None),
        };
        let rel = relative_to_lang(&self.languages, path).1;
        self.pairs
            .iter()
            .enumerate()
            .filter(|(_, p)| match id {
                Some(id) => p.key == format!("{rel}#{id}"),
                None => p.file_part() == rel,
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// Records the named pairs (or all of them) as fresh, optionally with a new source
    /// language, and writes the record. Returns the pairs marked.
    pub fn mark(&mut self, request: &MarkRequest) -> Result<Vec<Pair>, BuildError> {
        if let Some(code) = &request.source
            && self.languages.get(code).is_none()
        {
            return Err(BuildError::Content(
                Diagnostic::msg(
                    "--source",
                    crate::msg!(
                        "translations-unknown-source",
                        code = code,
                        codes = self.languages.codes()
                    ),
                )
                .into(),
            ));
        }
        for code in &request.langs {
            let target = self.languages.get(code);
            if target.is_none() || request.source.as_deref() == Some(code.as_str()) {
                return Err(BuildError::Content(
                    Diagnostic::msg(
                        "--lang",
                        crate::msg!(
                            "translations-unknown-target",
                            code = code,
                            codes = self.languages.codes()
                        ),
                    )
                    .into(),
                ));
            }
        }
        let mut chosen: Vec<usize> = Vec::new();
        if request.all {
            // Every unit the source holds and a translation to mark holds too.
            chosen.extend(
                self.pairs
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| {
                        p.unit(p.source).is_some()
                            && p.targets().any(|l| {
                                p.unit(l).is_some()
                                    && (request.langs.is_empty()
                                        || request.langs.iter().any(|c| c == l.code()))
                            })
                    })
                    .map(|(i, _)| i),
            );
        }
        let mut errors = Diagnostics::default();
        for target in &request.targets {
            let found = self.select(target);
            if found.is_empty() {
                errors.push(
                    Diagnostic::msg(target, crate::msg!("translations-no-target"))
                        .help_msg(crate::msg!("translations-no-target-help")),
                );
            }
            // A target in a translation's folder needs only that translation and its source.
            let path = target.split_once('#').map_or(target.as_str(), |(p, _)| p);
            let folder = relative_to_lang(&self.languages, path).0;
            for i in found {
                let Some(p) = self.pairs.get(i) else { continue };
                let absent = match folder {
                    Some(l) if self.languages.len() > 2 && l != p.source => {
                        [p.source, l].into_iter().find(|&l| p.unit(l).is_none())
                    }
                    _ => p.absent(),
                };
                if let Some(absent) = absent {
                    errors.push(
                        Diagnostic::msg(
                            self.shown(absent, p.file_part()),
                            crate::msg!("translations-mark-absent", key = &p.key)
                                .language("lang", absent.code()),
                        )
                        .help_msg(crate::msg!("translations-mark-absent-help")),
                    );
                }
                chosen.push(i);
            }
        }
        // A target in a translation's folder marks that translation only, on a site of three
        // languages or more; otherwise every translation of the unit is marked.
        let only: BTreeMap<usize, Lang> = if self.languages.len() > 2 {
            request
                .targets
                .iter()
                .flat_map(|t| {
                    let path = t.split_once('#').map_or(t.as_str(), |(p, _)| p);
                    let lang = relative_to_lang(&self.languages, path).0;
                    self.select(t).into_iter().map(move |i| (i, lang))
                })
                .filter_map(|(i, l)| Some((i, l?)))
                .filter(|(i, l)| self.pairs.get(*i).is_some_and(|p| p.source != *l))
                .collect()
        } else {
            BTreeMap::new()
        };
        if !errors.is_empty() {
            return Err(BuildError::Content(errors));
        }
        chosen.sort_unstable();
        chosen.dedup();
        let mut marked = Vec::new();
        for i in chosen {
            let Some(pair) = self.pairs.get_mut(i) else {
                continue;
            };
            let source = request
                .source
                .as_deref()
                .and_then(|c| self.languages.get(c))
                .unwrap_or(pair.source);
            let Some(hash) = pair.unit(source).map(|u| u.hash.clone()) else {
                continue;
            };
            if source != pair.source {
                // Made the other way: the translations are every language but the new source.
                pair.translations = self
                    .languages
                    .others(source)
                    .map(|l| {
                        let st = if pair.unit(l).is_some() {
                            State::Unrecorded
                        } else {
                            State::Missing
                        };
                        (l, st)
                    })
                    .collect();
            }
            let targets: Vec<Lang> = self.languages.others(source).collect();
            let langs: Vec<Lang> = match only.get(&i) {
                Some(&lang) => vec![lang],
                None => targets
                    .iter()
                    .copied()
                    .filter(|l| pair.unit(*l).is_some())
                    .filter(|l| {
                        request.langs.is_empty() || request.langs.iter().any(|c| c == l.code())
                    })
                    .collect(),
            };
            let entry = super::record::Entry::marked(
                self.record.pairs.get(&pair.key),
                source,
                &targets,
                &langs,
                &hash,
                self.languages.len(),
            );
            for (l, st) in &mut pair.translations {
                if pair.units.get(l.index()).is_some_and(Option::is_some)
                    && entry.hash_for(*l, self.languages.len()) == Some(hash.as_str())
                {
                    *st = State::Fresh;
                }
            }
            self.record.pairs.insert(pair.key.clone(), entry);
            pair.source = source;
            pair.recorded = Some(hash);
            let has = |s: State| pair.translations.iter().any(|(_, t)| *t == s);
            pair.state = [State::Missing, State::Stale, State::Unrecorded]
                .into_iter()
                .find(|&s| has(s))
                .unwrap_or(State::Fresh);
            marked.push(pair.clone());
        }
        // Entries for pairs that exist in neither language any more are dropped.
        let keys: std::collections::BTreeSet<&str> =
            self.pairs.iter().map(|p| p.key.as_str()).collect();
        self.record.pairs.retain(|k, _| keys.contains(k.as_str()));
        self.write_record()?;
        Ok(marked)
    }
}

/// What `sahel translations mark` was asked.
#[derive(Debug, Clone, Default)]
pub struct MarkRequest {
    /// Files (`content/en/blog/x.md`) or items (`content/en/faq.yaml#id`).
    pub targets: Vec<String>,
    /// Every unit present in every language.
    pub all: bool,
    /// Record this language (a code of the table) as the pairs' source (else each keeps its
    /// own).
    pub source: Option<String>,
    /// Mark only the translations into these languages (codes of the table; empty: every
    /// translation the targets name).
    pub langs: Vec<String>,
}

/// A path given on the command line, relative to `content/<lang>/`: the language of its last
/// language folder and what follows it (`content/en/blog/x.md` → `en`, `blog/x.md`), else no
/// language and the path as given.
fn relative_to_lang(languages: &crate::lang::Languages, path: &str) -> (Option<Lang>, String) {
    let parts: Vec<&str> = path
        .split(['/', std::path::MAIN_SEPARATOR])
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    let at = parts.iter().rposition(|p| languages.get(p).is_some());
    let lang = at.and_then(|i| parts.get(i)).and_then(|p| languages.get(p));
    let start = at.map_or(0, |i| i + 1);
    (lang, parts.get(start..).unwrap_or_default().join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_read_relative_to_the_language_folder() {
        let rel = |p: &str| relative_to_lang(crate::lang::Languages::builtin(), p);
        assert_eq!(
            rel("content/en/blog/x.md"),
            (Some(Lang::en()), "blog/x.md".into())
        );
        assert_eq!(
            rel("./content/ar/faq.yaml"),
            (Some(Lang::ar()), "faq.yaml".into())
        );
        assert_eq!(rel("/home/en/site/content/ar/faq.yaml").1, "faq.yaml");
        assert_eq!(rel("blog/x.md"), (None, "blog/x.md".into()));
        assert_eq!(rel("pages/about.md").1, "pages/about.md");
    }
}
