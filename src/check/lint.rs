//! The bidi and typography lint: what the Arabic text of the content and the app should not
//! hold, each finding with its file, line and column, the offending text and the fix.
//!
//! Content files are linted when they are read (`content::load`, which keeps the findings in
//! the model, so `check` still reads no file); the app's styles and Arabic interface strings
//! when the site loads ([`app`]). Each finding names its rule ([`Rule`]), whose level `[lint]`
//! sets ([`levels`]): `check_site` makes it an error (only `bidi-controls` by default), a
//! warning, or leaves it out. The shipped site has none.
//!
//! Rules, over text values (YAML scalars, Markdown text; not ids, links, code or URLs):
//! - **bidi controls**: embeddings and overrides (U+202A–U+202E), and an isolate (U+2066–U+2068)
//!   without its U+2069 or the reverse, in the same text value or paragraph;
//! - **split left-to-right runs**: a run such as `AED 1,500` that Markdown formatting cuts in
//!   two (`**AED** 1,500`), which cannot be isolated as one piece (whole runs are isolated
//!   automatically, [`crate::content::bidi`]);
//! - **tatweel** (U+0640) between letters, stretching a word;
//! - **mixed digits**: Western (0-9), Arabic-Indic (٠-٩) and Extended Arabic-Indic (۰-۹) in one
//!   file;
//! - **straight quotes** `"` in Arabic text, where «» belong;
//! - in the app ([`app`]): letter-spacing or justification applied to Arabic (`letter-spacing`,
//!   `text-align: justify` in CSS; `tracking-*`, `text-justify` classes) unless scoped to
//!   left-to-right or English, and a left-to-right run in an Arabic interface string that is not
//!   isolated (the translator does not isolate).

use std::path::{Path, PathBuf};

use crate::lang::Lang;

use crate::content::bidi;
use crate::diagnostics::{Diagnostic, Mark};
use crate::text::{FSI, LRI, PDI, RLI};

pub use crate::diagnostics::levels::{self, Level, LintLevels, Rule};

/// One character of a text value, with its byte offset in the file and the piece of Markdown
/// (text between two formatting marks) it belongs to.
#[derive(Clone, Copy)]
struct Ch {
    at: usize,
    c: char,
    piece: u32,
}

/// Set in the piece of the text of an autolink (`<https://...>`), which no formatting can
/// reach into.
const AUTOLINK: u32 = 1 << 31;

/// A text value or a Markdown block, as the lint reads it.
type Unit = Vec<Ch>;

/// Keys whose values are not text: ids, paths, icons, dates, numbers.
const NOT_TEXT: [&str; 12] = [
    "id",
    "anchor",
    "link",
    "section",
    "icon",
    "date",
    "slug",
    "govIcons",
    "rating",
    "footer",
    "isPackage",
    "isPopular",
];

/// The findings in one content file (`text`, shown as `file`): a Markdown file
/// (front matter and body) or a YAML file.
#[cfg(test)]
pub(crate) fn content_file(text: &str, file: &Path) -> Vec<Diagnostic> {
    content_file_with(text, file, None)
}

/// [`content_file`], the Markdown body already parsed (`body`) by the loader.
pub(crate) fn content_file_with(
    text: &str,
    file: &Path,
    body: Option<&crate::content::markdown::ParsedBody<'_>>,
) -> Vec<Diagnostic> {
    // Text without Arabic letters, Arabic digits or bidi controls (raw, or as YAML escapes
    // `\u2066`) has nothing to report: most English files, which need no parsing.
    let relevant = |c: char| {
        bidi::is_arabic_letter(c)
            || digit_system(c).is_some_and(|s| s > 0)
            || matches!(c, '\u{202A}'..='\u{202E}' | LRI | RLI | FSI | PDI)
    };
    if !text.chars().any(relevant) && !text.contains("\\u20") && !text.contains("\\U000020") {
        return Vec::new();
    }
    let is_markdown = file.extension().is_some_and(|e| e == "md");
    // The characters some rules look for: a file without them is not searched for them. A
    // YAML escape (`\u0640`, `\x22`) or a Markdown character reference (`&quot;`) may write
    // any of them.
    let escapes = text.contains("\\u")
        || text.contains("\\U")
        || text.contains("\\x")
        || (is_markdown && text.contains('&'));
    let controls = escapes
        || text
            .as_bytes()
            .windows(3)
            .any(|w| matches!(w, [0xE2, 0x80, 0xAA..=0xAE] | [0xE2, 0x81, 0xA6..=0xA9]));
    let stretched = escapes || text.contains('\u{0640}');
    let quoted = escapes || text.contains('"');
    // Digits of more than one system (Western, Arabic-Indic U+0660–, Extended U+06F0–: bytes
    // D9 A0–A9 and DB B0–B9), without which no file mixes them.
    let systems = [
        text.bytes().any(|b| b.is_ascii_digit()),
        text.as_bytes()
            .windows(2)
            .any(|w| matches!(w, [0xD9, 0xA0..=0xA9])),
        text.as_bytes()
            .windows(2)
            .any(|w| matches!(w, [0xDB, 0xB0..=0xB9])),
    ];
    let mixed = escapes || systems.iter().filter(|&&s| s).count() > 1;
    // Only the split-run rule reads a Markdown block whole when no other rule can fire, and
    // only a block with formatting in it can have a split run.
    let every_block = controls || stretched || quoted || mixed;
    let mut units = Vec::new();
    if is_markdown {
        let Ok(split) = crate::content::parse::split_front_matter(text, file) else {
            return Vec::new();
        };
        let body_start = text.len().saturating_sub(split.body.len());
        let fm_end = body_start;
        yaml_units(text, 0, fm_end, &mut units);
        match body.filter(|b| std::ptr::eq(b.body, split.body)) {
            Some(parsed) => markdown_units(parsed, body_start, every_block, &mut units),
            None => markdown_units(
                &crate::content::markdown::ParsedBody::parse(split.body),
                body_start,
                every_block,
                &mut units,
            ),
        }
    } else {
        yaml_units(text, 0, text.len(), &mut units);
    }
    let mut out = Vec::new();
    for unit in &units {
        if controls {
            bidi_controls(unit, text, file, &mut out);
        }
        if unit.iter().any(|c| bidi::is_arabic_letter(c.c)) {
            if is_markdown {
                split_runs(unit, text, file, &mut out);
            }
            if stretched {
                tatweel(unit, text, file, &mut out);
            }
            if quoted {
                straight_quotes(unit, text, file, &mut out);
            }
        }
    }
    if mixed {
        mixed_digits(&units, text, file, &mut out);
    }
    out.sort_by_key(|d| d.position);
    out
}

fn string_of(unit: &[Ch]) -> String {
    unit.iter().map(|c| c.c).collect()
}

fn finding(
    rule: Rule,
    file: &Path,
    text: &str,
    at: usize,
    message: String,
    help: String,
) -> Diagnostic {
    Diagnostic::new(file, message)
        .at_mark(&Mark::in_line(text, at))
        .help(help)
        .rule(rule)
}

/// Shows invisible characters in an excerpt (`<U+2066>`).
fn visible(s: &str) -> String {
    s.chars()
        .map(|c| {
            if matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
            {
                format!("<U+{:04X}>", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn control_name(c: char) -> &'static str {
    match c {
        '\u{202A}' => "LEFT-TO-RIGHT EMBEDDING",
        '\u{202B}' => "RIGHT-TO-LEFT EMBEDDING",
        '\u{202C}' => "POP DIRECTIONAL FORMATTING",
        '\u{202D}' => "LEFT-TO-RIGHT OVERRIDE",
        '\u{202E}' => "RIGHT-TO-LEFT OVERRIDE",
        LRI => "LEFT-TO-RIGHT ISOLATE",
        RLI => "RIGHT-TO-LEFT ISOLATE",
        FSI => "FIRST STRONG ISOLATE",
        _ => "POP DIRECTIONAL ISOLATE",
    }
}

fn bidi_controls(unit: &[Ch], text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let mut open: Vec<&Ch> = Vec::new();
    for ch in unit {
        match ch.c {
            '\u{202A}'..='\u{202E}' => out.push(finding(
                Rule::BidiControls,
                file,
                text,
                ch.at,
                format!(
                    "the bidi control U+{:04X} ({}) changes the direction of the text after it",
                    u32::from(ch.c),
                    control_name(ch.c)
                ),
                "delete it: sahel isolates Latin words and numbers in Arabic text itself; to isolate by hand, write U+2066 before the text and U+2069 after it".into(),
            )),
            LRI | RLI | FSI => open.push(ch),
            PDI if open.pop().is_none() => out.push(finding(
                Rule::BidiControls,
                file,
                text,
                ch.at,
                "U+2069 (POP DIRECTIONAL ISOLATE) closes no isolate".into(),
                "delete it, or write U+2066 where the left-to-right text starts".into(),
            )),
            _ => {}
        }
    }
    for ch in open {
        out.push(finding(
            Rule::BidiControls,
            file,
            text,
            ch.at,
            format!(
                "U+{:04X} ({}) is never closed: the rest of the text is isolated with it",
                u32::from(ch.c),
                control_name(ch.c)
            ),
            "write U+2069 (POP DIRECTIONAL ISOLATE) where the isolated text ends, in the same paragraph or value".into(),
        ));
    }
}

fn split_runs(unit: &[Ch], text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    // A block without formatting is one piece: nothing in it can be split.
    let (Some(head), Some(tail)) = (unit.first(), unit.last()) else {
        return;
    };
    if head.piece == tail.piece {
        return;
    }
    let s = string_of(unit);
    // Byte offset in `s` of each character of `unit`, in order: a run's first and last
    // characters are found by binary search.
    let starts: Vec<usize> = s.char_indices().map(|(o, _)| o).collect();
    let index = |offset: usize| starts.binary_search(&offset).ok();
    // A list (`GDRFA, ICP`) is items, each isolated on its own: what matters is that no item
    // is split.
    let items = bidi::ltr_runs(&s).into_iter().flat_map(|run| {
        let mut parts = Vec::new();
        let mut start = run.start;
        let inside = s.get(run.clone()).unwrap_or_default();
        for (i, _) in inside.match_indices(", ") {
            parts.push(start..run.start + i);
            start = run.start + i + 2;
        }
        parts.push(start..run.end);
        parts
    });
    for run in items {
        let (Some(first), Some(last)) = (
            index(run.start),
            s.get(..run.end)
                .and_then(|h| h.char_indices().next_back())
                .and_then(|(o, _)| index(o)),
        ) else {
            continue;
        };
        let (Some(a), Some(b)) = (unit.get(first), unit.get(last)) else {
            continue;
        };
        if a.piece != b.piece {
            let shown = visible(s.get(run.clone()).unwrap_or_default());
            let in_autolink = unit
                .get(first..=last)
                .unwrap_or_default()
                .iter()
                .any(|c| c.piece & AUTOLINK != 0);
            // An autolink is a piece of its own: no formatting can take it together with the
            // text beside it, so the fix is to make the text the link, or to part them.
            let help = if in_autolink {
                // The whole link, Arabic path included (the run stops where the Arabic starts).
                let link_piece = unit
                    .get(first..=last)
                    .unwrap_or_default()
                    .iter()
                    .find(|c| c.piece & AUTOLINK != 0)
                    .map(|c| c.piece);
                let url = unit
                    .iter()
                    .filter(|c| Some(c.piece) == link_piece)
                    .map(|c| c.c)
                    .collect::<String>();
                let words = unit
                    .get(first..=last)
                    .unwrap_or_default()
                    .iter()
                    .filter(|c| c.piece & AUTOLINK == 0)
                    .map(|c| c.c)
                    .collect::<String>();
                format!(
                    "a link written as <{url}> is a piece of its own, which no formatting can join to the text beside it: make the words the link, e.g. [{}]({url}), or put an Arabic word between them",
                    visible(words.trim())
                )
            } else {
                format!(
                    "format the whole of it or none of it (e.g. **{shown}**), so its parts keep their order in Arabic text"
                )
            };
            out.push(finding(
                Rule::SplitLtrRun,
                file,
                text,
                a.at,
                format!(
                    "the left-to-right text `{shown}` is split by Markdown formatting, so it cannot be isolated as one piece"
                ),
                help,
            ));
        }
    }
}

fn tatweel(unit: &[Ch], text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let is_letter_or_tatweel =
        |c: Option<&Ch>| c.is_some_and(|c| c.c == '\u{0640}' || bidi::is_arabic_letter(c.c));
    let mut i = 0;
    while let Some(ch) = unit.get(i) {
        let stretching = ch.c == '\u{0640}'
            && i > 0
            && unit.get(i - 1).is_some_and(|p| bidi::is_arabic_letter(p.c))
            && is_letter_or_tatweel(unit.get(i + 1));
        if !stretching {
            i += 1;
            continue;
        }
        // The whole word, for the message.
        let is_word = |c: &Ch| c.c == '\u{0640}' || bidi::is_arabic_letter(c.c) || is_mark(c.c);
        let start = (0..i)
            .rev()
            .take_while(|&j| unit.get(j).is_some_and(is_word))
            .last()
            .unwrap_or(i);
        let end = (i..unit.len())
            .take_while(|&j| unit.get(j).is_some_and(is_word))
            .last()
            .map_or(i + 1, |j| j + 1);
        let word = string_of(unit.get(start..end).unwrap_or_default());
        let fixed: String = word.chars().filter(|&c| c != '\u{0640}').collect();
        out.push(finding(
            Rule::Tatweel,
            file,
            text,
            ch.at,
            format!("tatweel (U+0640 ـ) stretches the word `{word}`"),
            format!(
                "write `{fixed}`: stretched letters are not how Arabic is emphasised or justified (use bold for emphasis)"
            ),
        ));
        i = end.max(i + 1);
    }
}

/// Arabic diacritics (harakat, shadda, superscript alef...), part of a word.
fn is_mark(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}' | '\u{06D6}'..='\u{06ED}')
}

fn straight_quotes(unit: &[Ch], text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let quotes: Vec<usize> = (0..unit.len())
        .filter(|&i| unit.get(i).is_some_and(|c| c.c == '"'))
        .collect();
    for pair in quotes.chunks(2) {
        let (Some(&open), close) = (pair.first(), pair.get(1).copied()) else {
            continue;
        };
        let Some(at) = unit.get(open) else { continue };
        let (message, help) = match close {
            Some(close) => {
                let inner = string_of(unit.get(open + 1..close).unwrap_or_default());
                (
                    format!(
                        "straight quotes around `\"{}\"` in Arabic text",
                        visible(&inner)
                    ),
                    format!("write Arabic quotes: «{}»", visible(&inner)),
                )
            }
            None => (
                "a straight quote `\"` in Arabic text".to_string(),
                "write Arabic quotes «…» (or delete the stray quote)".to_string(),
            ),
        };
        out.push(finding(
            Rule::StraightQuotes,
            file,
            text,
            at.at,
            message,
            help,
        ));
    }
}

/// Digit systems: Western, Arabic-Indic, Extended Arabic-Indic.
fn digit_system(c: char) -> Option<usize> {
    match c {
        '0'..='9' => Some(0),
        '\u{0660}'..='\u{0669}' => Some(1),
        '\u{06F0}'..='\u{06F9}' => Some(2),
        _ => None,
    }
}

const SYSTEMS: [&str; 3] = [
    "Western digits (0-9)",
    "Arabic-Indic digits (٠-٩)",
    "Extended Arabic-Indic digits (۰-۹)",
];

fn mixed_digits(units: &[Unit], text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let mut first: [Option<usize>; 3] = [None; 3];
    // The digits of an address written in the text (`https://example.ae/ar/خدمات?id=5`) are
    // not numbers a reader reads: they do not count.
    let not_in_urls = units.iter().flat_map(|unit| {
        let mut in_url = vec![false; unit.len()];
        let mut start = 0;
        for end in 0..=unit.len() {
            if unit.get(end).is_some_and(|c| !c.c.is_whitespace()) {
                continue;
            }
            let word: String = unit
                .get(start..end)
                .unwrap_or_default()
                .iter()
                .map(|c| c.c)
                .collect();
            if word.contains("://") || word.starts_with("www.") {
                for flag in in_url.get_mut(start..end).unwrap_or_default() {
                    *flag = true;
                }
            }
            start = end + 1;
        }
        unit.iter().zip(in_url).filter(|(_, u)| !u).map(|(c, _)| c)
    });
    for ch in not_in_urls {
        if let Some(slot) = digit_system(ch.c).and_then(|s| first.get_mut(s)) {
            let earlier = slot.is_none_or(|a| ch.at < a);
            if earlier {
                *slot = Some(ch.at);
            }
        }
    }
    let Some((main, main_at)) = first
        .iter()
        .enumerate()
        .filter_map(|(s, a)| a.map(|a| (s, a)))
        .min_by_key(|&(_, a)| a)
    else {
        return;
    };
    let main_line = crate::diagnostics::line_col(text, main_at).0;
    for (system, at) in first.iter().enumerate() {
        let Some(at) = *at else { continue };
        if system == main {
            continue;
        }
        let (Some(name), Some(main_name)) = (SYSTEMS.get(system), SYSTEMS.get(main)) else {
            continue;
        };
        out.push(finding(
            Rule::MixedDigits,
            file,
            text,
            at,
            format!(
                "this file mixes digit systems: {name} here, {main_name} from line {main_line}"
            ),
            format!(
                "write every number of the file in one system; the site's content uses {}",
                SYSTEMS[0]
            ),
        ));
    }
}

/// The text values of YAML between bytes `start` and `end` of `text`: quoted and plain scalars
/// of `key: value` and `- value` lines, and block scalars (`|`, `>`), except the values of
/// [`NOT_TEXT`] keys and flow collections (`[A, B]`).
fn yaml_units(text: &str, start: usize, end: usize, units: &mut Vec<Unit>) {
    let region = text.get(start..end).unwrap_or_default();
    let mut offset = start;
    // The key (and its indentation) whose value the following, deeper lines hold.
    let mut keys: Vec<(usize, String)> = Vec::new();
    let mut block: Option<(usize, Unit)> = None;
    // The end of the last quoted scalar, which may reach past its first line.
    let mut resume_at = start;
    for line in region.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        if line_start < resume_at {
            continue;
        }
        let content = line.trim_end_matches(['\n', '\r']);
        let indent = content.len() - content.trim_start_matches(' ').len();
        let body = content.trim_start_matches(' ');
        if let Some((block_indent, unit)) = &mut block {
            if body.is_empty() || indent > *block_indent {
                if !unit.is_empty() {
                    unit.push(Ch {
                        at: line_start,
                        c: '\n',
                        piece: 0,
                    });
                }
                let skip = line_start + indent.min(content.len());
                unit.extend(chars_at(body, skip));
                continue;
            }
            if let Some((_, unit)) = block.take() {
                units.push(unit);
            }
        }
        if body.is_empty() || body.starts_with('#') || body == "---" {
            continue;
        }
        let mut value_at = line_start + indent;
        let mut value = body;
        let item = value.strip_prefix("- ");
        if let Some(rest) = item {
            value_at += 2;
            value = rest;
        }
        let column = value_at - line_start;
        if let Some((key, rest)) = split_key(value) {
            while keys.last().is_some_and(|(i, _)| *i >= column) {
                keys.pop();
            }
            keys.push((column, key.to_string()));
            let trimmed = rest.trim_start_matches(' ');
            value_at += value.len() - trimmed.len();
            value = trimmed;
            if NOT_TEXT.contains(&key) {
                continue;
            }
        } else {
            while keys.last().is_some_and(|(i, _)| *i > indent) {
                keys.pop();
            }
            if keys
                .last()
                .is_some_and(|(_, k)| NOT_TEXT.contains(&k.as_str()))
            {
                continue;
            }
        }
        if value.is_empty() || value.starts_with(['[', '{', '&', '*', '!']) {
            continue;
        }
        if value.starts_with(['|', '>']) {
            block = Some((indent, Unit::new()));
            continue;
        }
        // A quoted scalar may go on over the following lines: it is read from the rest of the
        // region, and the lines it takes are not read again as values of their own.
        let value = if value.starts_with(['"', '\'']) {
            text.get(value_at..end).unwrap_or(value)
        } else {
            value
        };
        if let Some((unit, taken)) = scalar(value, value_at) {
            units.push(unit);
            resume_at = value_at + taken;
        }
    }
    if let Some((_, unit)) = block {
        units.push(unit);
    }
}

/// `key: rest` (a plain key of letters, digits, `_` and `-`), or `key:` alone.
fn split_key(line: &str) -> Option<(&str, &str)> {
    let (key, rest) = line.split_once(':')?;
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    (plain && (rest.is_empty() || rest.starts_with(' '))).then_some((key, rest))
}

fn chars_at(s: &str, at: usize) -> impl Iterator<Item = Ch> + '_ {
    s.char_indices().map(move |(i, c)| Ch {
        at: at + i,
        c,
        piece: 0,
    })
}

/// One scalar written at byte `at`: double-quoted (with its escapes), single-quoted or plain,
/// and the bytes of `value` it takes (a quoted scalar may go on over several lines).
fn scalar(value: &str, at: usize) -> Option<(Unit, usize)> {
    if let Some(inner) = value.strip_prefix('"') {
        let mut unit = Unit::new();
        let mut taken = value.len();
        let mut chars = inner.char_indices();
        while let Some((i, c)) = chars.next() {
            let here = at + 1 + i;
            match c {
                '"' => {
                    taken = 1 + i + 1;
                    break;
                }
                '\\' => {
                    let Some((_, e)) = chars.next() else { break };
                    let hex = |n: usize, chars: &mut std::str::CharIndices| {
                        let digits: String = chars.by_ref().take(n).map(|(_, d)| d).collect();
                        u32::from_str_radix(&digits, 16)
                            .ok()
                            .and_then(char::from_u32)
                    };
                    let decoded = match e {
                        'n' => Some('\n'),
                        't' => Some('\t'),
                        '"' => Some('"'),
                        '\\' => Some('\\'),
                        '/' => Some('/'),
                        ' ' => Some(' '),
                        '_' => Some('\u{A0}'),
                        'N' => Some('\u{85}'),
                        'L' => Some('\u{2028}'),
                        'P' => Some('\u{2029}'),
                        'x' => hex(2, &mut chars),
                        'u' => hex(4, &mut chars),
                        'U' => hex(8, &mut chars),
                        _ => None,
                    };
                    if let Some(c) = decoded {
                        unit.push(Ch {
                            at: here,
                            c,
                            piece: 0,
                        });
                    }
                }
                _ => unit.push(Ch {
                    at: here,
                    c,
                    piece: 0,
                }),
            }
        }
        return Some((unit, taken));
    }
    if let Some(inner) = value.strip_prefix('\'') {
        let mut unit = Unit::new();
        let mut taken = value.len();
        let mut chars = inner.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c == '\'' {
                if chars.peek().is_some_and(|&(_, n)| n == '\'') {
                    chars.next();
                } else {
                    taken = 1 + i + 1;
                    break;
                }
            }
            unit.push(Ch {
                at: at + 1 + i,
                c,
                piece: 0,
            });
        }
        return Some((unit, taken));
    }
    let plain = value.split(" #").next().unwrap_or(value).trim_end();
    Some((chars_at(plain, at).collect(), value.len()))
}

/// The blocks of a Markdown body starting at byte `body_start` of the file: the text of each
/// paragraph, heading, list item or table cell, with the formatting marks between pieces.
/// Code and URLs are not text.
fn markdown_units(
    parsed: &crate::content::markdown::ParsedBody<'_>,
    body_start: usize,
    every_block: bool,
    units: &mut Vec<Unit>,
) {
    use pulldown_cmark::{Event, Tag, TagEnd};
    /// A text of a block: where it starts in the file, whether it is written there as it is
    /// (else its characters all point at its start: an entity, an escape), and its piece.
    struct Text<'t> {
        text: &'t str,
        at: usize,
        exact: bool,
        piece: u32,
    }
    // A block's texts become characters only when a rule reads it: every block, or only
    // those whose texts are in more than one piece.
    let flush = |block: &mut Vec<Text<'_>>, units: &mut Vec<Unit>| {
        let pieces_differ = block
            .first()
            .is_some_and(|first| block.iter().any(|t| t.piece != first.piece));
        if every_block || pieces_differ {
            let mut unit = Unit::new();
            for t in block.iter() {
                if t.exact {
                    unit.extend(t.text.char_indices().map(|(i, c)| Ch {
                        at: t.at + i,
                        c,
                        piece: t.piece,
                    }));
                } else {
                    unit.extend(t.text.chars().map(|c| Ch {
                        at: t.at,
                        c,
                        piece: t.piece,
                    }));
                }
            }
            if !unit.is_empty() {
                units.push(unit);
            }
        }
        block.clear();
    };
    let body = parsed.body;
    let mut block: Vec<Text<'_>> = Vec::new();
    let mut piece = 0u32;
    let mut in_code = false;
    let mut in_image = 0usize;
    // The text of an autolink (`<https://...>`) is marked as such in its piece.
    let mut autolink = 0u32;
    for (event, range) in &parsed.events {
        match event {
            Event::Text(t) if !in_code && in_image == 0 => {
                let source = body.get(range.clone()).unwrap_or_default();
                block.push(Text {
                    text: t,
                    at: body_start + range.start,
                    exact: source == &**t,
                    piece: piece | autolink,
                });
            }
            Event::Start(Tag::Link {
                link_type: pulldown_cmark::LinkType::Autolink | pulldown_cmark::LinkType::Email,
                ..
            }) => {
                piece += 1;
                autolink = AUTOLINK;
            }
            Event::End(TagEnd::Link) => {
                piece += 1;
                autolink = 0;
            }
            Event::SoftBreak | Event::HardBreak => block.push(Text {
                text: "\n",
                at: body_start + range.start,
                exact: false,
                piece,
            }),
            Event::Start(Tag::Image { .. }) => in_image += 1,
            Event::End(TagEnd::Image) => in_image = in_image.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(t) if crate::content::markdown::is_inline(&t.to_end()) => piece += 1,
            Event::End(t) if crate::content::markdown::is_inline(t) => piece += 1,
            Event::Code(_) | Event::InlineHtml(_) => piece += 1,
            Event::Start(_) | Event::End(_) | Event::Html(_) | Event::Rule => {
                flush(&mut block, units);
                piece += 1;
            }
            _ => {}
        }
    }
    flush(&mut block, units);
}

/// The findings in the app (`<paths.app>/site/src`): letter-spacing and justification applied
/// to Arabic in `styles.css` and in the Tailwind classes of the `.ts`/`.tsx` files (tests
/// aside), and left-to-right runs that are not isolated in the Arabic interface strings
/// (`i18n/ar/*.json`), with the interface strings files missing in a language or not JSON;
/// and, apart (the second list), every interface string a language lacks
/// ([`crate::check::strings`]: an error in `check`, a warning in `build` and `serve`). A site
/// without the app folder has none.
///
/// An app found clean is not linted again while its files keep their names, sizes and
/// modification times and sahel is the same executable (a stamp of those in
/// `<app>/.cache/app-lint-clean`): the app is the same for every build of a site, and reading and
/// linting its sources was 13 ms of a 240-page build. Findings are never cached: an app with some
/// is linted on every build, and a changed file is linted again.
pub(crate) fn app(
    root: &Path,
    config: &crate::config::SiteConfig,
) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
    let app_dir = root.join(&config.paths.app);
    let mut files = app_files(&app_dir);
    if files.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let dirs = crate::check::strings::strings_dirs(root, config);
    files.extend(own_strings_files(&app_dir, &dirs));
    let marker = app_dir.join(".cache").join("app-lint-clean");
    let stamp = app_stamp(&files);
    if std::fs::read_to_string(&marker).is_ok_and(|s| s == stamp) {
        return (Vec::new(), Vec::new());
    }
    let mut out = lint_app_files(root, &files, &rtl_folders(&dirs));
    let missing = crate::check::strings::missing_keys(root, &dirs, &mut out);
    if out.is_empty()
        && missing.is_empty()
        && let Some(dir) = marker.parent()
    {
        // Best effort: without the marker the next build lints again.
        let _ = std::fs::create_dir_all(dir)
            .and_then(|()| crate::fingerprint::write_cache_file(&marker, stamp.as_bytes()));
    }
    (out, missing)
}

/// The app's lint findings, read from its files (no stamp consulted or written).
#[cfg(test)]
pub(crate) fn app_uncached(root: &Path, config: &crate::config::SiteConfig) -> Vec<Diagnostic> {
    let app_dir = root.join(&config.paths.app);
    let dirs = crate::check::strings::strings_dirs(root, config);
    let mut files = app_files(&app_dir);
    files.extend(own_strings_files(&app_dir, &dirs));
    let mut out = lint_app_files(root, &files, &rtl_folders(&dirs));
    let missing = crate::check::strings::missing_keys(root, &dirs, &mut out);
    out.extend(missing);
    out
}

/// The files [`app`] lints: `site/src` of the app, tests aside, sorted.
fn app_files(app_dir: &Path) -> Vec<walkdir::DirEntry> {
    let src = app_dir.join("site").join("src");
    if !src.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(&src)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| !e.path().components().any(|c| c.as_os_str() == "__tests__"))
        .collect()
}

/// The files of the strings folders outside the app (a site's own `strings/<code>/`), sorted.
fn own_strings_files(app_dir: &Path, dirs: &[(Lang, PathBuf)]) -> Vec<walkdir::DirEntry> {
    let src = app_dir.join("site").join("src");
    dirs.iter()
        .filter(|(_, d)| !d.starts_with(&src))
        .flat_map(|(_, d)| {
            walkdir::WalkDir::new(d)
                .max_depth(1)
                .sort_by_file_name()
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_file())
        })
        .collect()
}

/// The strings folders of the right-to-left languages, whose left-to-right runs the lint
/// checks.
fn rtl_folders(dirs: &[(Lang, PathBuf)]) -> Vec<PathBuf> {
    dirs.iter()
        .filter(|(l, _)| l.is_rtl())
        .map(|(_, d)| d.clone())
        .collect()
}

/// Each file's path, size and modification time, and the running executable.
fn app_stamp(files: &[walkdir::DirEntry]) -> String {
    let mut h = blake3::Hasher::new();
    h.update(crate::fingerprint::executable_hash().as_bytes());
    for entry in files {
        h.update(entry.path().as_os_str().as_encoded_bytes());
        h.update(&[0]);
        if let Ok(m) = entry.metadata() {
            crate::fingerprint::stamp_size_and_time(&mut h, &m);
        }
    }
    h.finalize().to_hex().to_string()
}

fn lint_app_files(root: &Path, files: &[walkdir::DirEntry], rtl: &[PathBuf]) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for entry in files {
        let path = entry.path();
        let shown = crate::diagnostics::display_path(root, path);
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let in_arabic_strings = path.parent().is_some_and(|p| rtl.iter().any(|d| d == p));
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        if name.ends_with(".css") {
            css(&text, &shown, &mut out);
        } else if name.ends_with(".tsx") || name.ends_with(".ts") {
            classes(&text, &shown, &mut out);
        } else if in_arabic_strings && name.ends_with(".json") {
            interface_strings(&text, &shown, &mut out);
        }
    }
    out
}

/// Whether a selector (or a Tailwind variant) applies only to left-to-right or English text.
fn scoped_to_ltr(selector: &str) -> bool {
    let s: String = selector
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
        .collect::<String>()
        .to_ascii_lowercase();
    [
        "ltr:",
        ":lang(en",
        "[lang=en",
        "[lang|=en",
        "[dir=ltr",
        ":dir(ltr",
    ]
    .iter()
    .any(|p| s.contains(p))
}

/// `letter-spacing` (other than `0` or `normal`) and `text-align: justify` in CSS, outside
/// rules scoped to left-to-right or English text.
fn css(text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    // The selectors of the rules the cursor is in.
    let mut stack: Vec<String> = Vec::new();
    let mut since = 0;
    let mut in_comment = false;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while let Some(&(at, c)) = bytes.get(i) {
        let next = bytes.get(i + 1).map(|&(_, n)| n);
        if in_comment {
            if c == '*' && next == Some('/') {
                in_comment = false;
                i += 1;
                since = at + 2;
            }
            i += 1;
            continue;
        }
        match c {
            '/' if next == Some('*') => {
                in_comment = true;
                i += 1;
            }
            '{' => {
                stack.push(text.get(since..at).unwrap_or_default().trim().to_string());
                since = at + 1;
            }
            '}' | ';' => {
                let declaration = text.get(since..at).unwrap_or_default();
                css_declaration(declaration, since, &stack, text, file, out);
                if c == '}' {
                    stack.pop();
                }
                since = at + 1;
            }
            _ => {}
        }
        i += 1;
    }
}

fn css_declaration(
    declaration: &str,
    at: usize,
    selectors: &[String],
    text: &str,
    file: &Path,
    out: &mut Vec<Diagnostic>,
) {
    let Some((property, value)) = declaration.split_once(':') else {
        return;
    };
    let (property, value) = (property.trim().to_ascii_lowercase(), value.trim());
    let spacing = property == "letter-spacing" && !matches!(value, "0" | "normal" | "0px" | "0em");
    let justify = property == "text-align" && value.starts_with("justify");
    if !(spacing || justify) || selectors.iter().any(|s| scoped_to_ltr(s)) {
        return;
    }
    let lead = declaration.len() - declaration.trim_start().len();
    let shown = declaration.trim();
    let what = if spacing {
        "letter-spacing"
    } else {
        "justification"
    };
    out.push(finding(
        if spacing { Rule::ArabicLetterSpacing } else { Rule::ArabicJustify },
        file,
        text,
        at + lead,
        format!("`{shown}` applies {what} to Arabic text too, which breaks the joins between its letters"),
        format!(
            "scope it to left-to-right text: put it under `:lang(en)` or `[dir=\"ltr\"]` (selector `{}`)",
            selectors.last().map_or("", String::as_str)
        ),
    ));
}

/// Tailwind's `tracking-*` (but `tracking-normal`) and `text-justify` classes in the app's
/// code, unless behind the `ltr:` variant or on a line that applies them only to English
/// (`lang === 'en' && ...`).
fn classes(text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let english_only = line.contains("lang === 'en'") || line.contains("lang === \"en\"");
        let mut from = 0;
        for token in line.split(|c: char| {
            c.is_whitespace() || matches!(c, '"' | '\'' | '`' | ',' | '(' | ')' | '{' | '}')
        }) {
            let at = line
                .get(from..)
                .and_then(|rest| rest.find(token))
                .map_or(from, |i| from + i);
            from = at + token.len();
            let utility = token.rsplit(':').next().unwrap_or(token);
            let utility = utility.trim_start_matches('!');
            let bad = (utility.starts_with("tracking-") && utility != "tracking-normal")
                || utility == "text-justify";
            if !bad || english_only || scoped_to_ltr(token) {
                continue;
            }
            out.push(finding(
                if utility == "text-justify" { Rule::ArabicJustify } else { Rule::ArabicLetterSpacing },
                file,
                text,
                offset + at,
                format!("the class `{token}` applies {} to Arabic text too, which breaks the joins between its letters",
                    if utility == "text-justify" { "justification" } else { "letter-spacing" }),
                format!("write `ltr:{utility}` so it applies only to left-to-right (English) pages"),
            ));
        }
        offset += line.len();
    }
}

/// Left-to-right runs in the Arabic interface strings that are not isolated: the translator
/// does not isolate, so each must be written between `\u2066` and `\u2069`. Placeholders
/// (`{{count}}`) are not text.
fn interface_strings(text: &str, file: &Path, out: &mut Vec<Diagnostic>) {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let here = offset;
        offset += line.len();
        let Some((_, value)) = line.split_once("\": ") else {
            continue;
        };
        let value_at = here + line.len() - value.len();
        let Some((unit, _)) = scalar(value.trim_end(), value_at) else {
            continue;
        };
        // Placeholders become a neutral character of the same length in `unit`'s text.
        let mut s = string_of(&unit);
        while let Some(open) = s.find("{{") {
            let Some(len) = s.get(open..).and_then(|r| r.find("}}")) else {
                break;
            };
            let blank: String = std::iter::repeat_n(
                '\u{FFFC}',
                s.get(open..open + len + 2).map_or(0, |p| p.chars().count()),
            )
            .collect();
            s.replace_range(open..open + len + 2, &blank);
        }
        if !bidi::has_arabic(&s) {
            continue;
        }
        let starts: std::collections::HashMap<usize, usize> = s
            .char_indices()
            .enumerate()
            .map(|(i, (o, _))| (o, i))
            .collect();
        for run in bidi::ltr_runs(&s) {
            let shown = s.get(run.clone()).unwrap_or_default();
            // Only a run that starts with a number reorders (`050 123 4567`, `1,500 AED`): after
            // a Latin letter its numbers and separators take the letter's direction.
            let starts_with_number = shown.starts_with(|c: char| c.is_ascii_digit() || c == '+');
            if !starts_with_number || shown.chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let at = starts
                .get(&run.start)
                .and_then(|&i| unit.get(i))
                .map_or(value_at, |c| c.at);
            out.push(finding(
                Rule::UnisolatedInterfaceRun,
                file,
                text,
                at,
                format!("the left-to-right text `{shown}` in an Arabic interface string is not isolated, so its parts can show in reverse order"),
                format!("write it as \\u2066{shown}\\u2069 (interface strings are not isolated automatically)"),
            ));
        }
    }
}

#[cfg(test)]
mod tests;
