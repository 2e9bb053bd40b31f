//! Translation freshness: whether each translation still follows the text it was made from.
//!
//! Parity ([`crate::check`]) says both languages hold an item; freshness says the translation
//! was made from the source's current text. The units are those parity pairs: a Markdown file
//! (post, long page), a YAML file (service, `home.yaml`, `screens.yaml`, a pricing file's
//! rules) or an item of a YAML list (FAQ item, plan, testimonial, services-list section), each
//! named by a key, its path under `content/<lang>/` plus `#<id>` for an item.
//!
//! Each pair has a source language: the one recorded for it, else `[translations] source` in
//! `site.toml` (Arabic by default). `sahel translations mark` records, in
//! `content/translations.toml`, a hash of the source's text as it was when the translation was
//! done; `sahel check` reports a pair whose source no longer has that hash. The hash is taken
//! over text normalised so that a change of whitespace alone (spaces, CRLF line ends, a
//! trailing newline, a re-wrapped paragraph, indentation) does not count: every run of
//! whitespace is one space, none at the ends. For a Markdown file it is the whole file (front
//! matter and body) as written, which the model does not keep, so this module reads it; for
//! YAML it is the values as written, parsed again without the model's types (a comment, a
//! change of quoting or of the order of keys does not count either, and neither does a field
//! a later sahel adds to the model). It never hashes rendered HTML, which changes with sahel
//! itself.
//!
//! A recorded hash rather than git history: an editor's copy of the site may not be a git
//! repository, and a hash survives rebases, squashes and copies.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::content::Site;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::Lang;
use crate::messages::Msg;

mod mark;
mod record;
mod table;
pub(crate) mod units;

pub use mark::MarkRequest;
use record::{Record, read_record};
use units::{Unit, units};

/// The record's file name, in the content folder.
pub(crate) const RECORD_FILE: &str = "translations.toml";

/// The state of one pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum State {
    /// The source's text is the one the translation was marked against.
    Fresh,
    /// The source changed since the translation was marked.
    Stale,
    /// One language lacks the file or item (which `check`'s parity reports).
    Missing,
    /// Both exist, and no translation was ever marked for the pair.
    Unrecorded,
}

impl State {
    pub(crate) const ALL: [State; 4] = [
        State::Fresh,
        State::Stale,
        State::Missing,
        State::Unrecorded,
    ];

    pub fn name(self) -> &'static str {
        match self {
            State::Fresh => "fresh",
            State::Stale => "stale",
            State::Missing => "missing",
            State::Unrecorded => "unrecorded",
        }
    }

    /// `n` translations in this state, as the lines under the table and `check`'s line count
    /// them (`3 fresh`).
    fn count(self, n: usize) -> Msg {
        match self {
            State::Fresh => crate::msg!("translations-count-fresh", n = n),
            State::Stale => crate::msg!("translations-count-stale", n = n),
            State::Missing => crate::msg!("translations-count-missing", n = n),
            State::Unrecorded => crate::msg!("translations-count-unrecorded", n = n),
        }
    }
}

/// `items` as one list (`a, b, c`: each item joined to the list before it by `join`, a message
/// with the values `first` and `second`), in the reader's language when shown.
fn list(items: impl IntoIterator<Item = Msg>, join: fn(Msg, Msg) -> Msg) -> Option<Msg> {
    items.into_iter().reduce(join)
}

/// `a, b`: two items of a list of counts.
fn comma(first: Msg, second: Msg) -> Msg {
    crate::msg!("translations-list-comma", first = first, second = second)
}

/// `a; b`: two items of a list whose items hold commas.
fn semicolon(first: Msg, second: Msg) -> Msg {
    crate::msg!(
        "translations-list-semicolon",
        first = first,
        second = second
    )
}

/// One translation unit: the same key in every language (a "pair" when the site has two).
#[derive(Debug, Clone)]
pub struct Pair {
    pub key: String,
    pub what: &'static str,
    /// The language the translations are made from.
    pub source: Lang,
    /// The unit's state: the worst of its translations' (missing, stale, unrecorded, fresh).
    pub state: State,
    /// The unit in each language (`None`: absent), indexed by [`Lang::index`].
    units: Vec<Option<Unit>>,
    /// Every language but the source, in the table's order, with its translation's state.
    translations: Vec<(Lang, State)>,
    /// The hash recorded for the pair (for every translation not recorded on its own), if any.
    recorded: Option<String>,
}

impl Pair {
    fn unit(&self, lang: Lang) -> Option<&Unit> {
        self.units.get(lang.index()).and_then(Option::as_ref)
    }

    /// The translations' languages.
    fn targets(&self) -> impl Iterator<Item = Lang> + '_ {
        self.translations.iter().map(|(l, _)| *l)
    }

    /// The state of the translation into `lang`.
    fn state_of(&self, lang: Lang) -> Option<State> {
        self.translations
            .iter()
            .find(|(l, _)| *l == lang)
            .map(|(_, s)| *s)
    }

    /// The hash recorded for the pair, if any.
    pub(crate) fn recorded_hash(&self) -> Option<&str> {
        self.recorded.as_deref()
    }

    /// Every translation's language and state.
    pub(crate) fn translation_states(&self) -> &[(Lang, State)] {
        &self.translations
    }

    /// The first language the unit is absent from (the source first).
    fn absent(&self) -> Option<Lang> {
        std::iter::once(self.source)
            .chain(self.targets())
            .find(|&l| self.unit(l).is_none())
    }

    pub(crate) fn file_part(&self) -> &str {
        self.key.split_once('#').map_or(&self.key, |(f, _)| f)
    }
}

/// The state of every pair of a site.
#[derive(Debug, Clone)]
pub struct Status {
    /// Sorted by key.
    pub pairs: Vec<Pair>,
    /// The content folder as messages show it (`content`).
    content: PathBuf,
    /// The record file on disk.
    record_path: PathBuf,
    /// The record as read.
    record: Record,
    default_source: Lang,
    /// The site's languages.
    languages: crate::lang::Languages,
}

impl Status {
    /// The state of every pair of a loaded site.
    pub(crate) fn of_site(root: &Path, site: &Site) -> Result<Status, Diagnostics> {
        let content = site.config.paths.content.clone();
        let record_shown = content.join(RECORD_FILE);
        let record_path = root.join(&record_shown);
        let default_source = site.config.translation_source();
        let languages = site.language_table().clone();
        let n = languages.len();
        let mut errors = Diagnostics::default();
        let mut by_key: BTreeMap<String, Vec<Option<Unit>>> = BTreeMap::new();
        for &lang in languages.all() {
            match units(root, &content, lang, site) {
                Ok(units) => {
                    for unit in units {
                        let slots = by_key.entry(unit.key()).or_insert_with(|| vec![None; n]);
                        // A duplicate id (which `check` reports): the first one counts.
                        if let Some(slot) = slots.get_mut(lang.index())
                            && slot.is_none()
                        {
                            *slot = Some(unit);
                        }
                    }
                }
                Err(d) => errors.push(d),
            }
        }
        let record = match read_record(&record_path, &record_shown) {
            Ok(r) => r,
            Err(d) => {
                errors.push(d);
                Record::default()
            }
        };
        if !errors.is_empty() {
            return Err(errors.sorted());
        }
        let pairs = by_key
            .into_iter()
            .map(|(key, units)| {
                let entry = record.pairs.get(&key);
                let source = entry
                    .and_then(|e| languages.get(&e.source))
                    .unwrap_or(default_source);
                let mut pair = Pair {
                    what: units
                        .iter()
                        .flatten()
                        .map(|u| u.what)
                        .next()
                        .unwrap_or("item"),
                    key,
                    source,
                    state: State::Unrecorded,
                    units,
                    translations: Vec::new(),
                    recorded: entry.map(|e| e.hash.clone()),
                };
                pair.translations = languages
                    .others(source)
                    .map(|l| {
                        let marked = entry.and_then(|e| e.hash_for(l, n));
                        let state = match (pair.unit(source), pair.unit(l), marked) {
                            (None, _, _) | (_, None, _) => State::Missing,
                            (Some(_), Some(_), None) => State::Unrecorded,
                            (Some(s), Some(_), Some(h)) if s.hash == h => State::Fresh,
                            _ => State::Stale,
                        };
                        (l, state)
                    })
                    .collect();
                let has = |s: State| pair.translations.iter().any(|(_, t)| *t == s);
                pair.state = [State::Missing, State::Stale, State::Unrecorded]
                    .into_iter()
                    .find(|&s| has(s))
                    .unwrap_or(State::Fresh);
                pair
            })
            .collect();
        Ok(Status {
            pairs,
            content,
            record_path,
            record,
            default_source,
            languages,
        })
    }

    /// The number of pairs in each state, in [`State::ALL`] order.
    pub(crate) fn counts(&self) -> [(State, usize); 4] {
        State::ALL.map(|s| (s, self.pairs.iter().filter(|p| p.state == s).count()))
    }

    /// `content/<lang>/<file>` as messages show it.
    fn shown(&self, lang: Lang, file: &str) -> PathBuf {
        self.content.join(lang.code()).join(file)
    }

    /// A unit's place as messages show it: `file:line:column` for an item, else the file.
    fn place(&self, lang: Lang, pair: &Pair) -> String {
        let file = self.shown(lang, pair.file_part()).display().to_string();
        match pair.unit(lang).and_then(|u| u.mark.as_ref()) {
            Some(m) => format!("{file}:{}:{}", m.line, m.column),
            None => file,
        }
    }

    /// What `sahel translations mark` takes to mark this unit's translation into `lang` (on a
    /// two-language site, the unit).
    fn mark_target(&self, pair: &Pair, lang: Lang) -> String {
        let file = self.shown(lang, pair.file_part());
        let target = match pair.key.split_once('#') {
            Some((_, id)) => format!("{}#{id}", file.display()),
            None => file.display().to_string(),
        };
        shell_word(&target)
    }

    /// One error per stale pair, at the translation, naming its source: what `check` reports.
    pub(crate) fn stale_diagnostics(&self) -> Diagnostics {
        let mut out = Diagnostics::default();
        let stale = self.pairs.iter().flat_map(|p| {
            p.translations
                .iter()
                .filter(|(_, s)| *s == State::Stale)
                .map(move |(l, _)| (p, *l))
        });
        for (pair, translation) in stale {
            let source = pair.source;
            let file = self.shown(translation, pair.file_part());
            let kind = crate::messages::kind(pair.what);
            let place = self.place(source, pair);
            let message = match pair.key.split_once('#') {
                Some((_, id)) => crate::msg!(
                    "translations-stale-item",
                    kind = kind,
                    id = id,
                    place = place
                ),
                None => crate::msg!("translations-stale-file", kind = kind, place = place),
            };
            let mut d = Diagnostic::msg(
                &file,
                message
                    .language("lang", translation.code())
                    .language("source", source.code()),
            )
            .help_msg(crate::msg!(
                "translations-stale-help",
                file = self.shown(source, pair.file_part()).display(),
                target = self.mark_target(pair, translation)
            ));
            d = match pair.unit(translation).and_then(|u| u.mark.as_ref()) {
                Some(m) => d.at_mark(m),
                None => d.at(1, 1),
            };
            out.push(d);
        }
        out.sorted()
    }
}

/// What `check` adds to the whole-site checks: every stale translation (and a record that
/// cannot be read) as errors; else a line saying, per language translated into, how many of
/// its translations are in each state, and how many are `untranslated` (found by
/// [`crate::check`], counted by the caller).
pub(crate) fn check(
    root: &Path,
    site: &Site,
    untranslated: &BTreeMap<Lang, usize>,
) -> Result<String, Diagnostics> {
    let status = Status::of_site(root, site)?;
    let stale = status.stale_diagnostics();
    if !stale.is_empty() {
        return Err(stale);
    }
    let mut parts: Vec<Msg> = Vec::new();
    for &lang in site.languages() {
        let states: Vec<State> = status
            .pairs
            .iter()
            .filter_map(|p| p.state_of(lang))
            .collect();
        if states.is_empty() {
            continue;
        }
        let mut counts: Vec<Msg> = State::ALL
            .iter()
            .map(|&s| (s, states.iter().filter(|&&t| t == s).count()))
            .filter(|(_, n)| *n > 0)
            .map(|(s, n)| s.count(n))
            .collect();
        if let Some(&n) = untranslated.get(&lang).filter(|n| **n > 0) {
            counts.push(crate::msg!("translations-count-untranslated", n = n));
        }
        if let Some(counts) = list(counts, comma) {
            parts.push(
                crate::msg!("translations-check-language", counts = counts)
                    .language("lang", lang.code()),
            );
        }
    }
    let line = match list(parts, semicolon) {
        Some(languages) => crate::msg!("translations-check", languages = languages),
        None => crate::msg!("translations-check-none"),
    };
    let mut line = line.to_string();
    if status.pairs.iter().any(|p| p.state == State::Unrecorded) {
        line.push(' ');
        line.push_str(&crate::msg!("translations-check-unrecorded").to_string());
    }
    Ok(line)
}

/// `s` as one shell word: as it is when it holds only letters, digits and `/._-#:+@=,`
/// (and does not start with `#`), else in single quotes.
fn shell_word(s: &str) -> String {
    let plain = !s.is_empty()
        && !s.starts_with('#')
        && s.chars()
            .all(|c| c.is_alphanumeric() || "/._-#:+@=,".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_are_quoted_when_needed() {
        assert_eq!(
            shell_word("content/en/faq.yaml#a-b"),
            "content/en/faq.yaml#a-b"
        );
        assert_eq!(
            shell_word("content/ar/faq.yaml#ساعات-العمل"),
            "content/ar/faq.yaml#ساعات-العمل"
        );
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
