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
    /// The hash of the source's normalised text when the translations were marked fresh.
    pub(super) hash: String,
    /// A translation marked at another time than the rest: its language's code and the
    /// source's hash then (only on sites of three languages or more).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub(super) translations: BTreeMap<String, String>,
}

impl Entry {
    /// The source's hash the translation into `lang` was marked against.
    pub(super) fn hash_for(&self, lang: Lang) -> &str {
        self.translations
            .get(lang.code())
            .map_or(self.hash.as_str(), String::as_str)
    }
}

const RECORD_HEADER: &str = "\
# What each translation was made from: for each pair (a file, or `file#id` for an item of a
# list), its source language and a hash of the source's text when the translation was last
# marked fresh. Written by `sahel translations mark`; `sahel check` reports a translation whose
# source has changed since. Do not edit by hand (content/README.md, \"Translations\").
";

/// Reads the record: none is an empty record.
pub(super) fn read_record(path: &Path, shown: &Path) -> Result<Record, Diagnostic> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Record::default()),
        Err(e) => {
            return Err(Diagnostic::new(shown, format!("cannot read the file: {e}")));
        }
    };
    let rewrite = "write it again with `sahel translations mark --all` once every translation is up to date (or restore it from version control)";
    let record: Record = toml::from_str(&text).map_err(|e| {
        let mut d = Diagnostic::new(shown, e.message().trim_end().to_string())
            .with_source(text.as_str())
            .help(format!("this file is written by sahel: {rewrite}"));
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
            return Err(Diagnostic::new(
                shown,
                format!("the hash recorded for `{key}` is not one sahel writes"),
            )
            .at(line, col)
            .with_source(text.as_str())
            .help(format!(
                "mark the pair again: sahel translations mark {}",
                shell_word(key)
            )));
        }
    }
    Ok(record)
}

impl Status {
    pub(super) fn write_record(&self) -> Result<(), BuildError> {
        let body = toml::to_string(&self.record).context("cannot write the record")?;
        let text = format!("{RECORD_HEADER}\n{body}");
        let dir = self
            .record_path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let mut file = tempfile::NamedTempFile::new_in(dir)
            .with_context(|| format!("cannot write in {}", dir.display()))?;
        std::io::Write::write_all(&mut file, text.as_bytes())
            .and_then(|()| file.as_file().sync_all())
            .with_context(|| format!("cannot write {}", self.record_path.display()))?;
        file.persist(&self.record_path)
            .with_context(|| format!("cannot write {}", self.record_path.display()))?;
        Ok(())
    }
}
