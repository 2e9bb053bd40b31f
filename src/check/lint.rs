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

use std::path::Path;

use crate::lang::Lang;

use crate::content::bidi;
use crate::diagnostics::{Diagnostic, Mark};
use crate::messages::Msg;
use crate::text::{FSI, LRI, PDI, RLI};

pub use crate::diagnostics::levels::{self, Level, LintLevels, Rule};

mod app;
mod units;

pub(crate) use app::app;
#[cfg(test)]
pub(crate) use app::app_uncached;
#[cfg(test)]
use app::{classes, css, interface_strings};
use units::{markdown_units, scalar, yaml_units};

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

fn finding(rule: Rule, file: &Path, text: &str, at: usize, message: Msg, help: Msg) -> Diagnostic {
    Diagnostic::msg(file, message)
        .at_mark(&Mark::in_line(text, at))
        .help_msg(help)
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
            '\u{202A}'..='\u{202E}' => {
                let found = finding(
                    Rule::BidiControls,
                    file,
                    text,
                    ch.at,
                    crate::msg!(
                        "check-lint-bidi-control",
                        code = format!("{:04X}", u32::from(ch.c)),
                        name = control_name(ch.c)
                    ),
                    crate::msg!("check-lint-bidi-control-help"),
                );
                // Written raw in the file (not as an escape): the fix removes it.
                let end = ch.at + ch.c.len_utf8();
                out.push(
                    if text.get(ch.at..end).is_some_and(|s| s.starts_with(ch.c)) {
                        found.with_fix(ch.at, end, "")
                    } else {
                        found
                    },
                );
            }
            LRI | RLI | FSI => open.push(ch),
            PDI if open.pop().is_none() => out.push(finding(
                Rule::BidiControls,
                file,
                text,
                ch.at,
                crate::msg!("check-lint-stray-pdi"),
                crate::msg!("check-lint-stray-pdi-help"),
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
            crate::msg!(
                "check-lint-unclosed-isolate",
                code = format!("{:04X}", u32::from(ch.c)),
                name = control_name(ch.c)
            ),
            crate::msg!("check-lint-unclosed-isolate-help"),
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
                crate::msg!(
                    "check-lint-split-autolink-help",
                    url = url,
                    words = visible(words.trim())
                )
            } else {
                crate::msg!("check-lint-split-run-help", text = &shown)
            };
            out.push(finding(
                Rule::SplitLtrRun,
                file,
                text,
                a.at,
                crate::msg!("check-lint-split-run", text = shown),
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
        let mut found = finding(
            Rule::Tatweel,
            file,
            text,
            ch.at,
            crate::msg!("check-lint-tatweel", word = word.as_str()),
            crate::msg!("check-lint-tatweel-help", fixed = fixed.as_str()),
        );
        // The word as written in the file (no escape in it): the fix drops its tatweels.
        if let (Some(first), Some(last)) = (unit.get(start), unit.get(end - 1)) {
            let to = last.at + last.c.len_utf8();
            if text.get(first.at..to) == Some(word.as_str()) {
                found = found.with_fix(first.at, to, fixed);
            }
        }
        out.push(found);
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
        // A pair written as such in the file: the fix makes it «…».
        let fix = close.and_then(|close| {
            let end = unit.get(close)?.at;
            let inner = text.get(at.at + 1..end)?;
            (text.get(end..end + 1) == Some("\"") && text.get(at.at..at.at + 1) == Some("\""))
                .then(|| (at.at, end + 1, format!("«{inner}»")))
        });
        let (message, help) = match close {
            Some(close) => {
                let inner = string_of(unit.get(open + 1..close).unwrap_or_default());
                (
                    crate::msg!("check-lint-straight-quotes", text = visible(&inner)),
                    crate::msg!("check-lint-straight-quotes-help", text = visible(&inner)),
                )
            }
            None => (
                crate::msg!("check-lint-straight-quote"),
                crate::msg!("check-lint-straight-quote-help"),
            ),
        };
        let found = finding(Rule::StraightQuotes, file, text, at.at, message, help);
        out.push(match fix {
            Some((from, to, insert)) => found.with_fix(from, to, insert),
            None => found,
        });
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

/// The name of a digit system ([`digit_system`]).
fn system_name(system: usize) -> Msg {
    match system {
        0 => crate::msg!("check-lint-digits-western"),
        1 => crate::msg!("check-lint-digits-arabic-indic"),
        _ => crate::msg!("check-lint-digits-extended"),
    }
}

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
        out.push(finding(
            Rule::MixedDigits,
            file,
            text,
            at,
            crate::msg!(
                "check-lint-mixed-digits",
                here = system_name(system),
                main = system_name(main),
                line = main_line
            ),
            crate::msg!("check-lint-mixed-digits-help", system = system_name(0)),
        ));
    }
}

#[cfg(test)]
mod tests;
