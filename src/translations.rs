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

use anyhow::Context;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use unicode_width::UnicodeWidthStr;

use crate::content::{LangContent, Site};
use crate::diagnostics::{Diagnostic, Diagnostics, Mark, line_col, terminal_safe_name};
use crate::error::BuildError;
use crate::lang::{Lang, english_name};

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
}

/// One translated unit in one language.
#[derive(Debug, Clone)]
struct Unit {
    /// The file, relative to `content/<lang>/` (`/`-separated).
    file: String,
    /// The item's id, for an item of a list.
    id: Option<String>,
    /// What it is, for messages ("FAQ item").
    what: &'static str,
    /// Where the item's id is written.
    mark: Option<Mark>,
    /// The hash of its normalised text.
    hash: String,
}

impl Unit {
    fn key(&self) -> String {
        match &self.id {
            Some(id) => format!("{}#{id}", self.file),
            None => self.file.clone(),
        }
    }
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

    /// The first language the unit is absent from (the source first).
    fn absent(&self) -> Option<Lang> {
        std::iter::once(self.source)
            .chain(self.targets())
            .find(|&l| self.unit(l).is_none())
    }

    fn file_part(&self) -> &str {
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

/// `content/translations.toml`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Record {
    #[serde(default)]
    pairs: BTreeMap<String, Entry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    /// The language the translations were made from (its code).
    source: String,
    /// The hash of the source's normalised text when the translations were marked fresh.
    hash: String,
    /// A translation marked at another time than the rest: its language's code and the
    /// source's hash then (only on sites of three languages or more).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    translations: BTreeMap<String, String>,
}

impl Entry {
    /// The source's hash the translation into `lang` was marked against.
    fn hash_for(&self, lang: Lang) -> &str {
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

/// A hash of `text` with every run of whitespace read as one space and none at the ends (and
/// no byte-order mark): a change of whitespace alone gives the same hash.
fn text_hash(text: &str) -> String {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    // Joined first and hashed once: two `update` calls a word made hashing most of `check`'s
    // time on a 10,000-post site.
    let mut joined = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(word);
    }
    blake3::hash(joined.as_bytes()).to_hex().to_string()
}

/// A hash of a YAML value as written, read without the model's types (so a field sahel adds
/// to a kind of content later does not change every hash of that kind): map keys sorted,
/// strings normalised as [`text_hash`] normalises text.
fn value_hash(value: Option<&Value>) -> String {
    fn canonical(v: &Value) -> Value {
        match v {
            Value::String(s) => Value::String(s.split_whitespace().collect::<Vec<_>>().join(" ")),
            Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
            Value::Object(map) => {
                let sorted: BTreeMap<&String, Value> =
                    map.iter().map(|(k, v)| (k, canonical(v))).collect();
                Value::Object(sorted.into_iter().map(|(k, v)| (k.clone(), v)).collect())
            }
            other => other.clone(),
        }
    }
    let v = value.map_or(Value::Null, canonical);
    text_hash(&v.to_string())
}

/// The element of a YAML list whose `key` is `id` (the first, as `check` reports a duplicate).
fn list_item<'a>(list: Option<&'a Value>, key: &str, id: &str) -> Option<&'a Value> {
    list?.as_array()?.iter().find(|item| match item.get(key) {
        Some(Value::String(s)) => s == id,
        Some(Value::Number(n)) => n.to_string() == id,
        _ => false,
    })
}

/// Every translated unit of one language, in the order `check`'s id table lists kinds. The
/// model says which units there are and where their ids are written; the hashes come from
/// the files' text.
fn units(
    root: &Path,
    content: &Path,
    lang: Lang,
    c: &LangContent,
) -> Result<Vec<Unit>, Diagnostic> {
    let dir = root.join(content).join(lang.code());
    let shown = |file: &str| content.join(lang.code()).join(file);
    let read = |file: &str| -> Result<String, Diagnostic> {
        std::fs::read_to_string(dir.join(file))
            .map_err(|e| Diagnostic::new(shown(file), format!("cannot read the file: {e}")))
    };
    // The file parsed already, into the model: an error here means it changed since.
    let yaml = |file: &str| -> Result<Value, Diagnostic> {
        serde_saphyr::from_str::<Value>(&read(file)?).map_err(|e| {
            Diagnostic::new(shown(file), format!("cannot read the file as YAML: {e}"))
                .help("run the command again; `sahel check` shows what is wrong with the file")
        })
    };
    let file = |file: String, what, hash| Unit {
        file,
        id: None,
        what,
        mark: None,
        hash,
    };
    let item =
        |file: &str, what, id: &crate::content::Located<String>, list: Option<&Value>, key| Unit {
            file: file.into(),
            id: Some(id.value.clone()),
            what,
            mark: Some(id.mark()),
            hash: value_hash(list_item(list, key, id)),
        };
    let mut out = Vec::new();
    for post in &c.posts {
        let name = format!("blog/{}.md", post.slug);
        let hash = text_hash(&crate::check::review::without_marks(&read(&name)?));
        out.push(file(name, "blog post", hash));
    }
    for s in &c.services {
        let name = format!("services/{}.yaml", s.id);
        let mut value = yaml(&name)?;
        // `review_by` marks when to check a passage, not what to translate.
        if let Some(map) = value.as_object_mut() {
            map.remove("review_by");
        }
        let hash = value_hash(Some(&value));
        out.push(file(name, "service", hash));
    }
    for name in c.pages.keys() {
        let name = format!("pages/{name}.md");
        let hash = text_hash(&crate::check::review::without_marks(&read(&name)?));
        out.push(file(name, "page", hash));
    }
    if !c.faq.is_empty() {
        let list = yaml("faq.yaml")?;
        for f in &c.faq {
            out.push(item("faq.yaml", "FAQ item", &f.id, Some(&list), "id"));
        }
    }
    if !c.testimonials.is_empty() {
        let list = yaml("testimonials.yaml")?;
        for t in &c.testimonials {
            out.push(item(
                "testimonials.yaml",
                "testimonial",
                &t.id,
                Some(&list),
                "id",
            ));
        }
    }
    if let Some(p) = &c.pricing {
        let pricing = yaml("pricing.yaml")?;
        for plan in &p.plans {
            out.push(item(
                "pricing.yaml",
                "plan",
                &plan.id,
                pricing.get("plans"),
                "id",
            ));
        }
        out.push(file(
            "pricing.yaml".into(),
            "list of package rules",
            value_hash(pricing.get("rules")),
        ));
    }
    if !c.sections.is_empty() {
        let list = yaml("service-sections.yaml")?;
        for s in &c.sections {
            out.push(item(
                "service-sections.yaml",
                "services section",
                &s.anchor,
                Some(&list),
                "anchor",
            ));
        }
    }
    for (name, what, present) in [
        ("home.yaml", "home page file", c.home.is_some()),
        ("screens.yaml", "screens file", c.screens.is_some()),
    ] {
        if present {
            out.push(file(name.into(), what, value_hash(Some(&yaml(name)?))));
        }
    }
    Ok(out)
}

/// Reads the record: none is an empty record.
fn read_record(path: &Path, shown: &Path) -> Result<Record, Diagnostic> {
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
            match units(root, &content, lang, site.lang(lang)) {
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
                        let state = match (pair.unit(source), pair.unit(l), entry) {
                            (None, _, _) | (_, None, _) => State::Missing,
                            (Some(_), Some(_), None) => State::Unrecorded,
                            (Some(s), Some(_), Some(e)) if s.hash == e.hash_for(l) => State::Fresh,
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
            let name = match pair.key.split_once('#') {
                Some((_, id)) => format!("the {} {} `{id}`", english_name(translation), pair.what),
                None => format!("this {} {}", english_name(translation), pair.what),
            };
            let mut d = Diagnostic::new(
                &file,
                format!(
                    "{name} may be out of date: its {} source, {}, changed after the translation was marked fresh",
                    english_name(source),
                    self.place(source, pair)
                ),
            )
            .help(format!(
                "bring this translation up to date with {}, then run `sahel translations mark {}` (run only the command if the change needs no translation, such as a typo fix)",
                self.shown(source, pair.file_part()).display(),
                self.mark_target(pair, translation)
            ));
            d = match pair.unit(translation).and_then(|u| u.mark.as_ref()) {
                Some(m) => d.at_mark(m),
                None => d.at(1, 1),
            };
            out.push(d);
        }
        out.sorted()
    }

    /// The table `sahel translations` prints: a row per unit, with its state, key and
    /// languages (source → translations), then, on a site of three languages or more, one
    /// column per language (its translation's state, or `source`), then what to do.
    pub fn table(&self) -> String {
        let columns = self.languages.len() > 2;
        let rows: Vec<Vec<String>> = self
            .pairs
            .iter()
            .map(|p| {
                let notes: Vec<String> = p
                    .translations
                    .iter()
                    .filter_map(|&(translation, state)| match state {
                        State::Missing => {
                            let absent = if p.unit(p.source).is_none() {
                                p.source
                            } else {
                                translation
                            };
                            Some(format!(
                                "no {} version in {}",
                                english_name(absent),
                                self.shown(absent, p.file_part()).display()
                            ))
                        }
                        State::Stale => Some(format!(
                            "{} changed: update {}",
                            self.place(p.source, p),
                            self.place(translation, p)
                        )),
                        State::Unrecorded => Some(format!(
                            "never marked: sahel translations mark {}",
                            self.mark_target(p, translation)
                        )),
                        State::Fresh => None,
                    })
                    .collect();
                let mut notes_unique: Vec<String> = Vec::new();
                for n in notes {
                    if !notes_unique.contains(&n) {
                        notes_unique.push(n);
                    }
                }
                let targets: Vec<&str> = p.targets().map(|l| l.code()).collect();
                let mut row = vec![
                    p.state.name().to_string(),
                    terminal_safe_name(&p.key).into_owned(),
                    format!("{} → {}", p.source.code(), targets.join(", ")),
                ];
                if columns {
                    row.extend(self.languages.all().iter().map(|&l| {
                        if l == p.source {
                            "source".to_string()
                        } else {
                            p.state_of(l).map_or("", |s| s.name()).to_string()
                        }
                    }));
                }
                row.push(terminal_safe_name(&notes_unique.join("; ")).into_owned());
                row
            })
            .collect();
        let unit = if columns { "UNIT" } else { "PAIR" };
        let mut header: Vec<String> = ["STATE", unit, "FROM"].map(String::from).to_vec();
        if columns {
            header.extend(self.languages.all().iter().map(|l| l.code().to_uppercase()));
        }
        header.push(String::new());
        let last = header.len() - 1;
        let widths: Vec<usize> = (0..last)
            .map(|i| {
                std::iter::once(&header)
                    .chain(&rows)
                    .map(|r| r.get(i).map_or(0, |c| c.width()))
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut out = String::new();
        for row in std::iter::once(&header).chain(&rows) {
            let mut line = String::new();
            for (i, cell) in row.iter().enumerate() {
                line.push_str(cell);
                if let Some(w) = widths.get(i) {
                    line.push_str(&" ".repeat(w.saturating_sub(cell.width()) + 2));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        let counts: Vec<String> = self
            .counts()
            .iter()
            .map(|(s, n)| format!("{n} {}", s.name()))
            .collect();
        out.push_str(&format!(
            "{} pairs: {} (record: {}).\n",
            self.pairs.len(),
            counts.join(", "),
            self.content.join(RECORD_FILE).display()
        ));
        if self
            .pairs
            .iter()
            .any(|p| matches!(p.state, State::Stale | State::Unrecorded))
        {
            out.push_str("After updating a translation, record it: sahel translations mark <file> (or --all).\n");
        }
        out
    }

    /// The state of every pair as JSON, for CI.
    pub fn json(&self) -> String {
        #[derive(Serialize)]
        struct Side {
            lang: Lang,
            file: String,
            exists: bool,
            line: Option<usize>,
            column: Option<usize>,
        }
        #[derive(Serialize)]
        struct JsonPair<'a> {
            key: &'a str,
            kind: &'a str,
            state: State,
            source: Side,
            /// The first translation (on a two-language site, the only one).
            translation: Side,
            /// Every translation, with its state.
            translations: Vec<(Side, State)>,
            recorded_hash: Option<&'a str>,
            source_hash: Option<&'a str>,
        }
        #[derive(Serialize)]
        struct Json<'a> {
            record: String,
            default_source: Lang,
            counts: serde_json::Map<String, serde_json::Value>,
            pairs: Vec<JsonPair<'a>>,
        }
        let side = |p: &Pair, lang: Lang| {
            let unit = p.unit(lang);
            let mark = unit.and_then(|u| u.mark.as_ref());
            Side {
                lang,
                file: self.shown(lang, p.file_part()).display().to_string(),
                exists: unit.is_some(),
                line: mark.map(|m| m.line),
                column: mark.map(|m| m.column),
            }
        };
        let json = Json {
            record: self.content.join(RECORD_FILE).display().to_string(),
            default_source: self.default_source,
            counts: self
                .counts()
                .iter()
                .map(|(s, n)| (s.name().to_string(), (*n).into()))
                .collect(),
            pairs: self
                .pairs
                .iter()
                .map(|p| JsonPair {
                    key: &p.key,
                    kind: p.what,
                    state: p.state,
                    source: side(p, p.source),
                    translation: side(p, p.targets().next().unwrap_or(p.source)),
                    translations: p
                        .translations
                        .iter()
                        .map(|&(l, st)| (side(p, l), st))
                        .collect(),
                    recorded_hash: p.recorded.as_deref(),
                    source_hash: p.unit(p.source).map(|u| u.hash.as_str()),
                })
                .collect(),
        };
        let mut text = serde_json::to_string_pretty(&json).unwrap_or_default();
        text.push('\n');
        text
    }

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
                Diagnostic::new(
                    "--source",
                    format!(
                        "`{code}` is not a language of the site: use one of {}",
                        self.languages.codes()
                    ),
                )
                .into(),
            ));
        }
        let mut chosen: Vec<usize> = Vec::new();
        if request.all {
            chosen.extend(
                self.pairs
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.state != State::Missing)
                    .map(|(i, _)| i),
            );
        }
        let mut errors = Diagnostics::default();
        for target in &request.targets {
            let found = self.select(target);
            if found.is_empty() {
                errors.push(
                    Diagnostic::new(
                        target,
                        "no translated file or item by this name",
                    )
                    .help("name a content file (content/en/blog/<slug>.md, content/ar/faq.yaml) or an item (content/en/faq.yaml#<id>); `sahel translations` lists every pair"),
                );
            }
            for i in found {
                let Some(p) = self.pairs.get(i) else { continue };
                if p.state == State::Missing {
                    let absent = p.absent().unwrap_or(p.source);
                    errors.push(
                        Diagnostic::new(
                            self.shown(absent, p.file_part()),
                            format!(
                                "`{}` has no {} version to mark",
                                p.key,
                                english_name(absent)
                            ),
                        )
                        .help("add the missing file or item first, then mark the pair"),
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
            let previous = self.record.pairs.get(&pair.key).cloned();
            let entry = match (only.get(&i), previous) {
                // One translation, the others keeping what they were marked against.
                (Some(&lang), Some(mut e)) if e.source == source.code() => {
                    let others: Vec<Lang> = self.languages.others(source).collect();
                    for &l in &others {
                        if l != lang && !e.translations.contains_key(l.code()) {
                            let h = e.hash.clone();
                            e.translations.insert(l.code().to_string(), h);
                        }
                    }
                    e.translations.insert(lang.code().to_string(), hash.clone());
                    // All marked against one hash again: written as one.
                    let first = e.translations.values().next().cloned();
                    if let Some(first) = first
                        && e.translations.len() == others.len()
                        && e.translations.values().all(|h| *h == first)
                    {
                        e.hash = first;
                        e.translations.clear();
                    }
                    e
                }
                _ => Entry {
                    source: source.code().to_string(),
                    hash: hash.clone(),
                    translations: BTreeMap::new(),
                },
            };
            for (l, st) in &mut pair.translations {
                if pair.units.get(l.index()).is_some_and(Option::is_some)
                    && entry.hash_for(*l) == hash
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

    fn write_record(&self) -> Result<(), BuildError> {
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

    /// The pair's description after marking: `blog/x.md (ar → en)`.
    pub fn describe(pair: &Pair) -> String {
        let targets: Vec<&str> = pair.targets().map(|l| l.code()).collect();
        format!(
            "{} ({} → {})",
            terminal_safe_name(&pair.key),
            pair.source.code(),
            targets.join(", ")
        )
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
}

/// What `check` adds to the whole-site checks: every stale translation (and a record that
/// cannot be read) as errors; else a line saying how many pairs are in each state.
pub(crate) fn check(root: &Path, site: &Site) -> Result<String, Diagnostics> {
    let status = Status::of_site(root, site)?;
    let stale = status.stale_diagnostics();
    if !stale.is_empty() {
        return Err(stale);
    }
    let counts: Vec<String> = status
        .counts()
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(s, n)| format!("{n} {}", s.name()))
        .collect();
    let mut line = format!("Translations: {}.", counts.join(", "));
    if status.pairs.iter().any(|p| p.state == State::Unrecorded) {
        line.push_str(" `sahel translations` lists the unrecorded ones.");
    }
    Ok(line)
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
    fn whitespace_alone_does_not_change_a_hash() {
        let a = text_hash("---\ntitle: \"A\"\n---\n\nOne two\nthree.\n\nFour.\n");
        for same in [
            "---\r\ntitle: \"A\"\r\n---\r\n\r\nOne two\r\nthree.\r\n\r\nFour.\r\n",
            "---\ntitle: \"A\"\n---\n\nOne two three.\n\nFour.",
            "\u{FEFF}---\ntitle:  \"A\"\n---\n\n  One\ttwo\n three.\n\n\n\nFour.\n\n",
        ] {
            assert_eq!(text_hash(same), a, "{same:?}");
        }
        for different in [
            "---\ntitle: \"A\"\n---\n\nOne two\nthree!\n\nFour.\n",
            "---\ntitle: \"A\"\n---\n\nOnetwo\nthree.\n\nFour.\n",
        ] {
            assert_ne!(text_hash(different), a, "{different:?}");
        }
    }

    const SPACES: [&str; 8] = [" ", "  ", "\t", "\n", "\r\n", "\n\n", "\u{A0}", "\u{2028}"];

    proptest::proptest! {
        /// Words (Arabic, Latin, digits, punctuation, bidi controls, emoji) joined by any
        /// whitespace, with any at the ends: one hash. Two words joined without it: another.
        #[test]
        fn only_the_words_count(
            words in proptest::collection::vec(
                proptest::string::string_regex("[a-zء-ي٠-٩«»:#\\-\u{200F}\u{2066}\u{1F600}]{1,8}").unwrap(),
                2..12,
            ),
            gaps in proptest::collection::vec(proptest::sample::select(&SPACES[..]), 13),
            join_at in 0usize..11,
        ) {
            let plain = words.join(" ");
            let mut spaced = gaps.first().copied().unwrap_or_default().to_string();
            for (i, w) in words.iter().enumerate() {
                spaced.push_str(w);
                spaced.push_str(gaps.get(i + 1).copied().unwrap_or(" "));
            }
            proptest::prop_assert_eq!(text_hash(&spaced), text_hash(&plain));
            let at = join_at % (words.len() - 1);
            let joined = format!(
                "{}{}",
                words[..=at].join(" "),
                words[at + 1..].join(" ")
            );
            proptest::prop_assert_ne!(text_hash(&joined), text_hash(&plain));
        }
    }

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
