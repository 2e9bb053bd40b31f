//! What `sahel translations` prints: the table, the JSON for CI, a marked pair's line.

use serde::Serialize;
use unicode_width::UnicodeWidthStr;

use super::{Pair, RECORD_FILE, State, Status, comma, list};
use crate::diagnostics::terminal_safe_name;
use crate::lang::Lang;
use crate::messages::Msg;

impl Status {
    /// The table `sahel translations` prints: a row per unit, with its state, key and
    /// languages (source → translations), then, on a site of three languages or more, one
    /// column per language (its translation's state, or `source`), then what to do.
    pub fn table(&self) -> String {
        let columns = self.languages.len() > 2;
        let rows: Vec<Vec<String>> = self
            .pairs
            .iter()
            .map(|p| {
                let notes: Vec<Msg> = p
                    .translations
                    .iter()
                    .filter_map(|&(translation, state)| match state {
                        State::Missing => {
                            let absent = if p.unit(p.source).is_none() {
                                p.source
                            } else {
                                translation
                            };
                            Some(
                                crate::msg!(
                                    "translations-note-missing",
                                    file = self.shown(absent, p.file_part()).display()
                                )
                                .language("lang", absent.code()),
                            )
                        }
                        State::Stale => Some(crate::msg!(
                            "translations-note-stale",
                            source = self.place(p.source, p),
                            translation = self.place(translation, p)
                        )),
                        State::Unrecorded => Some(crate::msg!(
                            "translations-note-unrecorded",
                            target = self.mark_target(p, translation)
                        )),
                        State::Fresh => None,
                    })
                    .collect();
                let mut notes_unique: Vec<Msg> = Vec::new();
                for n in notes {
                    if !notes_unique.contains(&n) {
                        notes_unique.push(n);
                    }
                }
                let notes = list(notes_unique, super::semicolon)
                    .map(|n| n.to_string())
                    .unwrap_or_default();
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
                row.push(terminal_safe_name(&notes).into_owned());
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
        let counts = list(self.counts().iter().map(|&(s, n)| s.count(n)), comma);
        let summary = crate::msg!(
            "translations-table-summary",
            pairs = self.pairs.len(),
            counts = counts.map_or_else(|| crate::messages::Arg::from(""), Into::into),
            record = self.content.join(RECORD_FILE).display()
        );
        out.push_str(&format!("{summary}\n"));
        if self
            .pairs
            .iter()
            .any(|p| matches!(p.state, State::Stale | State::Unrecorded))
        {
            out.push_str(&format!(
                "{}\n",
                crate::msg!("translations-table-mark-hint")
            ));
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
