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

use crate::build::BuildError;
use crate::content::{LangContent, Site, load::load_site_with_config};
use crate::diagnostics::{Diagnostic, Diagnostics, Mark, line_col, terminal_safe_name};
use crate::lang::Lang;
use crate::pipeline::Source;

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

/// One pair: the same key in both languages.
#[derive(Debug, Clone)]
pub struct Pair {
    pub key: String,
    pub what: &'static str,
    /// The language the translation is made from.
    pub source: Lang,
    pub state: State,
    /// The unit in each language (`None`: absent), indexed by [`Lang`] order (ar, en).
    units: [Option<Unit>; 2],
    /// The hash recorded for the pair, if any.
    recorded: Option<String>,
}

impl Pair {
    fn unit(&self, lang: Lang) -> Option<&Unit> {
        let [ar, en] = &self.units;
        match lang {
            Lang::Ar => ar.as_ref(),
            Lang::En => en.as_ref(),
        }
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
    /// The language the translation was made from.
    source: Lang,
    /// The hash of the source's normalised text when the translation was marked fresh.
    hash: String,
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
        let is_hash = entry.hash.len() == 64
            && entry
                .hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !is_hash {
            let offset = text.find(&entry.hash).unwrap_or(0);
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
        let default_source = site.config.translations.source;
        let mut errors = Diagnostics::default();
        let mut by_key: BTreeMap<String, [Option<Unit>; 2]> = BTreeMap::new();
        for lang in Lang::ALL {
            match units(root, &content, lang, site.lang(lang)) {
                Ok(units) => {
                    for unit in units {
                        let slots = by_key.entry(unit.key()).or_default();
                        let [ar, en] = slots;
                        let slot = match lang {
                            Lang::Ar => ar,
                            Lang::En => en,
                        };
                        // A duplicate id (which `check` reports): the first one counts.
                        if slot.is_none() {
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
                let source = entry.map_or(default_source, |e| e.source);
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
                    recorded: entry.map(|e| e.hash.clone()),
                };
                pair.state = match (pair.unit(source), pair.unit(source.other()), entry) {
                    (None, _, _) | (_, None, _) => State::Missing,
                    (Some(_), Some(_), None) => State::Unrecorded,
                    (Some(s), Some(_), Some(e)) if s.hash == e.hash => State::Fresh,
                    _ => State::Stale,
                };
                pair
            })
            .collect();
        Ok(Status {
            pairs,
            content,
            record_path,
            record,
            default_source,
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

    /// What `sahel translations mark` takes to mark this pair.
    fn mark_target(&self, pair: &Pair) -> String {
        let file = self.shown(pair.source.other(), pair.file_part());
        let target = match pair.key.split_once('#') {
            Some((_, id)) => format!("{}#{id}", file.display()),
            None => file.display().to_string(),
        };
        shell_word(&target)
    }

    /// One error per stale pair, at the translation, naming its source: what `check` reports.
    pub(crate) fn stale_diagnostics(&self) -> Diagnostics {
        let mut out = Diagnostics::default();
        for pair in self.pairs.iter().filter(|p| p.state == State::Stale) {
            let (source, translation) = (pair.source, pair.source.other());
            let file = self.shown(translation, pair.file_part());
            let name = match pair.key.split_once('#') {
                Some((_, id)) => format!("the {} {} `{id}`", lang_name(translation), pair.what),
                None => format!("this {} {}", lang_name(translation), pair.what),
            };
            let mut d = Diagnostic::new(
                &file,
                format!(
                    "{name} may be out of date: its {} source, {}, changed after the translation was marked fresh",
                    lang_name(source),
                    self.place(source, pair)
                ),
            )
            .help(format!(
                "bring this translation up to date with {}, then run `sahel translations mark {}` (run only the command if the change needs no translation, such as a typo fix)",
                self.shown(source, pair.file_part()).display(),
                self.mark_target(pair)
            ));
            d = match pair.unit(translation).and_then(|u| u.mark.as_ref()) {
                Some(m) => d.at_mark(m),
                None => d.at(1, 1),
            };
            out.push(d);
        }
        out.sorted()
    }

    /// The table `sahel translations` prints.
    pub fn table(&self) -> String {
        let rows: Vec<[String; 4]> = self
            .pairs
            .iter()
            .map(|p| {
                let translation = p.source.other();
                let note = match p.state {
                    State::Missing => {
                        let absent = if p.unit(p.source).is_none() {
                            p.source
                        } else {
                            translation
                        };
                        format!(
                            "no {} version in {}",
                            lang_name(absent),
                            self.shown(absent, p.file_part()).display()
                        )
                    }
                    State::Stale => format!(
                        "{} changed: update {}",
                        self.place(p.source, p),
                        self.place(translation, p)
                    ),
                    State::Unrecorded => format!(
                        "never marked: sahel translations mark {}",
                        self.mark_target(p)
                    ),
                    State::Fresh => String::new(),
                };
                [
                    p.state.name().to_string(),
                    terminal_safe_name(&p.key).into_owned(),
                    format!("{} → {}", p.source.code(), translation.code()),
                    terminal_safe_name(&note).into_owned(),
                ]
            })
            .collect();
        let header = ["STATE", "PAIR", "FROM", ""].map(String::from);
        let widths: Vec<usize> = (0..3)
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
            translation: Side,
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
                    translation: side(p, p.source.other()),
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
        let rel = relative_to_lang(path);
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
                    let absent = Lang::ALL
                        .into_iter()
                        .find(|l| p.unit(*l).is_none())
                        .unwrap_or(p.source);
                    errors.push(
                        Diagnostic::new(
                            self.shown(absent, p.file_part()),
                            format!("`{}` has no {} version to mark", p.key, lang_name(absent)),
                        )
                        .help("add the missing file or item first, then mark the pair"),
                    );
                }
                chosen.push(i);
            }
        }
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
            let source = request.source.unwrap_or(pair.source);
            let Some(hash) = pair.unit(source).map(|u| u.hash.clone()) else {
                continue;
            };
            self.record.pairs.insert(
                pair.key.clone(),
                Entry {
                    source,
                    hash: hash.clone(),
                },
            );
            pair.source = source;
            pair.recorded = Some(hash);
            pair.state = State::Fresh;
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
        format!(
            "{} ({} → {})",
            terminal_safe_name(&pair.key),
            pair.source.code(),
            pair.source.other().code()
        )
    }
}

/// What `sahel translations mark` was asked.
#[derive(Debug, Clone, Default)]
pub struct MarkRequest {
    /// Files (`content/en/blog/x.md`) or items (`content/en/faq.yaml#id`).
    pub targets: Vec<String>,
    /// Every pair present in both languages.
    pub all: bool,
    /// Record this language as the pairs' source (else each keeps its own).
    pub source: Option<Lang>,
}

/// The state of every pair of the site a [`Source`] names. The content is loaded but not
/// checked as a whole: a broken link elsewhere does not hide the translations' state.
pub fn status(source: &Source) -> Result<Status, BuildError> {
    let config = source.load_config()?;
    let site = load_site_with_config(&source.root, config)?;
    Ok(Status::of_site(&source.root, &site)?)
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

/// A path given on the command line, relative to `content/<lang>/`: what follows its last
/// `ar` or `en` folder (`content/en/blog/x.md` → `blog/x.md`), else the path as given.
fn relative_to_lang(path: &str) -> String {
    let parts: Vec<&str> = path
        .split(['/', std::path::MAIN_SEPARATOR])
        .filter(|p| !p.is_empty() && *p != ".")
        .collect();
    let start = parts
        .iter()
        .rposition(|p| Lang::from_code(p).is_some())
        .map_or(0, |i| i + 1);
    parts.get(start..).unwrap_or_default().join("/")
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Ar => "Arabic",
        Lang::En => "English",
    }
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
        assert_eq!(relative_to_lang("content/en/blog/x.md"), "blog/x.md");
        assert_eq!(relative_to_lang("./content/ar/faq.yaml"), "faq.yaml");
        assert_eq!(
            relative_to_lang("/home/en/site/content/ar/faq.yaml"),
            "faq.yaml"
        );
        assert_eq!(relative_to_lang("blog/x.md"), "blog/x.md");
        assert_eq!(relative_to_lang("pages/about.md"), "pages/about.md");
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
