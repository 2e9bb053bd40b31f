//! The record, `content/translations.toml`: what each translation was made from, read and
//! written.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

use super::{Status, shell_word};
use crate::diagnostics::{Diagnostic, line_col};
use crate::error::BuildError;
use crate::lang::Lang;

/// `content/translations.toml`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Record {
    #[serde(default)]
    pub(super) pairs: BTreeMap<String, Entry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Entry {
    /// The language the translations were made from (its code).
    pub(super) source: String,
    /// The hash of the source's normalised text when the translations of [`Entry::languages`]
    /// were marked fresh.
    pub(super) hash: String,
    /// The translations `hash` was marked for (their codes). `None` in a record written
    /// before sahel recorded them: the hash then counts only on a site of two languages,
    /// where it can have meant one translation alone (a third language's files, copied or
    /// written since, were never marked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(super) languages: Option<Vec<String>>,
    /// A translation marked at another time than the rest: its language's code and the
    /// source's hash then.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) translations: BTreeMap<String, String>,
}

impl Entry {
    /// The source's hash the translation into `lang` was marked against, if it was marked;
    /// `site_languages` is the number of languages of the site (see [`Entry::languages`]).
    pub(super) fn hash_for(&self, lang: Lang, site_languages: usize) -> Option<&str> {
        if let Some(h) = self.translations.get(lang.code()) {
            return Some(h);
        }
        let shared = match &self.languages {
            Some(codes) => codes.iter().any(|c| c == lang.code()),
            None => site_languages == 2,
        };
        shared.then_some(self.hash.as_str())
    }

    /// The entry once the translations into `langs` are marked against `hash`, the others
    /// keeping what they were marked against (`targets`: every translation's language, in
    /// the table's order). The hash most translations share is written once.
    pub(super) fn marked(
        previous: Option<&Entry>,
        source: Lang,
        targets: &[Lang],
        langs: &[Lang],
        hash: &str,
        site_languages: usize,
    ) -> Entry {
        let previous = previous.filter(|e| e.source == source.code());
        let per_lang: Vec<(Lang, String)> = targets
            .iter()
            .filter_map(|&l| {
                if langs.contains(&l) {
                    Some((l, hash.to_string()))
                } else {
                    previous
                        .and_then(|e| e.hash_for(l, site_languages))
                        .map(|h| (l, h.to_string()))
                }
            })
            .collect();
        let mut entry = Entry {
            source: source.code().to_string(),
            hash: hash.to_string(),
            languages: Some(Vec::new()),
            translations: BTreeMap::new(),
        };
        for (l, h) in per_lang {
            if h == hash {
                entry
                    .languages
                    .get_or_insert_with(Vec::new)
                    .push(l.code().to_string());
            } else {
                entry.translations.insert(l.code().to_string(), h);
            }
        }
        entry
    }
}

const RECORD_HEADER: &str = "\
# What each translation was made from: for each unit (a file, or `file#id` for an item of a
# list), its source language, a hash of the source's text when translations were last marked
# fresh and the languages marked then (`translations`: one marked at another time). Written by
# `sahel translations mark`; `sahel check` reports a translation whose source has changed
# since. Do not edit by hand (content/README.md, \"Translations\").
";

/// Reads the record: none is an empty record.
pub(super) fn read_record(path: &Path, shown: &Path) -> Result<Record, Diagnostic> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Record::default()),
        Err(e) => {
            return Err(Diagnostic::msg(
                shown,
                crate::msg!("translations-cannot-read", error = e.to_string()),
            ));
        }
    };
    let record: Record = toml::from_str(&text).map_err(|e| {
        let mut d = Diagnostic::msg(
            shown,
            crate::msg!("translations-record-toml", detail = e.message().trim_end()),
        )
        .with_source(text.as_str())
        .help_msg(crate::msg!("translations-record-toml-help"));
        if let Some(span) = e.span() {
            let (line, col) = line_col(&text, span.start);
            d = d.at(line, col);
        }
        d
    })?;
    for (key, entry) in &record.pairs {
        let bad = std::iter::once(&entry.hash)
            .chain(entry.translations.values())
            .find(|hash| {
                hash.len() != 64
                    || !hash
                        .bytes()
                        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            });
        if let Some(hash) = bad {
            let offset = text.find(hash.as_str()).unwrap_or(0);
            let (line, col) = line_col(&text, offset);
            return Err(
                Diagnostic::msg(shown, crate::msg!("translations-record-hash", key = key))
                    .at(line, col)
                    .with_source(text.as_str())
                    .help_msg(crate::msg!(
                        "translations-record-hash-help",
                        target = shell_word(key)
                    )),
            );
        }
    }
    Ok(record)
}

impl Status {
    pub(super) fn write_record(&self) -> Result<(), BuildError> {
        // An entry written before the languages were recorded says, on a site of two
        // languages, which one it meant: written now, it says so.
        let mut record = self.record.clone();
        if self.languages.len() == 2 {
            for entry in record.pairs.values_mut() {
                if entry.languages.is_none() {
                    let codes = self
                        .languages
                        .all()
                        .iter()
                        .map(|l| l.code().to_string())
                        .filter(|c| *c != entry.source && !entry.translations.contains_key(c))
                        .collect();
                    entry.languages = Some(codes);
                }
            }
        }
        let body = toml::to_string(&record)
            .context(crate::msg!("translations-record-cannot-serialize"))?;
        let text = format!("{RECORD_HEADER}\n{body}");
        let dir = self
            .record_path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let mut file = tempfile::NamedTempFile::new_in(dir)
            .with_context(|| crate::msg!("translations-cannot-write-in", dir = dir.display()))?;
        std::io::Write::write_all(&mut file, text.as_bytes())
            .and_then(|()| file.as_file().sync_all())
            .with_context(|| {
                crate::msg!(
                    "translations-cannot-write",
                    file = self.record_path.display()
                )
            })?;
        file.persist(&self.record_path).with_context(|| {
            crate::msg!(
                "translations-cannot-write",
                file = self.record_path.display()
            )
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code

    use super::*;

    fn langs() -> crate::lang::Languages {
        let mut specs: Vec<crate::lang::LangSpec> =
            serde_json::from_str(crate::lang::DEFAULT_TABLE).unwrap();
        let mut ur = specs[0].clone();
        ur.code = "ur".into();
        ur.default = false;
        specs.push(ur);
        crate::lang::Languages::new(&specs).unwrap()
    }

    /// Issue 49: a record written before the languages were recorded counts on a site of two
    /// languages only; a language added since is never fresh without being marked.
    #[test]
    fn a_hash_counts_for_the_languages_it_was_marked_for() {
        let table = langs();
        let [ar, en, ur] = [0, 1, 2].map(|i| table.all()[i]);
        let legacy = Entry {
            source: "ar".into(),
            hash: "h".into(),
            languages: None,
            translations: BTreeMap::new(),
        };
        assert_eq!(legacy.hash_for(en, 2), Some("h"));
        assert_eq!(legacy.hash_for(en, 3), None);
        assert_eq!(legacy.hash_for(ur, 3), None);
        let marked = Entry::marked(Some(&legacy), ar, &[en, ur], &[ur], "new", 2);
        assert_eq!(marked.hash_for(ur, 3), Some("new"));
        assert_eq!(marked.hash_for(en, 3), Some("h"), "English keeps its mark");
        assert_eq!(marked.languages, Some(vec!["ur".to_string()]));
        let both = Entry::marked(Some(&marked), ar, &[en, ur], &[en], "new", 3);
        assert_eq!(both.languages, Some(vec!["en".into(), "ur".into()]));
        assert!(both.translations.is_empty(), "one hash, written once");
        // Another source: the old marks are not this source's.
        let other = Entry::marked(Some(&both), en, &[ar, ur], &[ar], "x", 3);
        assert_eq!(other.hash_for(ur, 3), None);
    }
}
