//! YAML, as the content files use it: deserialising a YAML file or a Markdown file's front
//! matter with errors that point at the line and column of the whole file, messages written for
//! editors, the position of a key, and text values holding characters no page can carry.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::diagnostics::{Diagnostic, Diagnostics, Mark, line_col};
use crate::messages::Msg;

/// Deserialises YAML that starts at byte `yaml_offset` of `whole_text` (the front matter of a
/// Markdown file, or the whole of a YAML file). Errors carry the file, the line and column in
/// `whole_text`, and `whole_text` for the snippet.
pub(super) fn parse_yaml<T: DeserializeOwned>(
    yaml: &str,
    file: &Path,
    yaml_offset: usize,
    whole_text: &str,
) -> Result<T, Diagnostic> {
    serde_saphyr::from_str::<T>(yaml).map_err(|e| {
        let (msg, pos) = yaml_error_parts(&e);
        let offset = pos.map_or(0, |(line, col)| yaml_position_offset(yaml, line, col));
        // A quote opened and never closed: the parser notices lines later (at the next key,
        // or the end); the problem starts at the quote.
        if let Some((quote_at, quote)) = open_quote_at(yaml, offset)
            && (msg.contains("quote") || msg.contains("end of stream"))
        {
            let (line, col) = line_col(whole_text, yaml_offset + quote_at);
            let escape = if quote == '"' { "\\\"" } else { "''" };
            let quote = quote.to_string();
            return Diagnostic::msg(file, crate::msg!("content-quote-unclosed", quote = &quote))
                .with_source(whole_text)
                .help_msg(crate::msg!(
                    "content-quote-unclosed-help",
                    quote = &quote,
                    escape = escape
                ))
                .at(line, col);
        }
        let (line, col) = line_col(whole_text, yaml_offset + offset);
        let help = yaml_help(&msg);
        // The parser's own words stay as they are, in a frame of the reader's language.
        Diagnostic::msg(file, crate::msg!("content-yaml", detail = msg))
            .with_source(whole_text)
            .help_msg(help)
            .at(line, col)
    })
}

/// The quote (`"` or `'`) that opens a quoted text still open at byte `at` of `yaml` (or opened there), and its
/// offset: a quote counts where a value may start (after `key: `, `- `, `[`, `{` or `,`, or at
/// the start of a line), so the apostrophe of `title: Don't` opens nothing. Comments are
/// skipped; `\"` inside double quotes and `''` inside single quotes are escapes.
fn open_quote_at(yaml: &str, at: usize) -> Option<(usize, char)> {
    let mut open: Option<(usize, char)> = None;
    let mut chars = yaml.char_indices().peekable();
    // What precedes, outside quotes: whether a value may start here.
    let mut value_may_start = true;
    let mut previous = '\n';
    while let Some((i, c)) = chars.next() {
        // The parser may point at the quote itself.
        if i > at {
            break;
        }
        match open {
            Some((_, '"')) => match c {
                '\\' => {
                    chars.next();
                }
                '"' => open = None,
                _ => {}
            },
            Some((_, _)) => {
                if c == '\'' {
                    if chars.peek().is_some_and(|&(_, n)| n == '\'') {
                        chars.next();
                    } else {
                        open = None;
                    }
                }
            }
            None => {
                match c {
                    '"' | '\'' if value_may_start => open = Some((i, c)),
                    '#' if previous.is_whitespace() => {
                        // A comment: to the end of the line.
                        while chars.peek().is_some_and(|&(_, n)| n != '\n') {
                            chars.next();
                        }
                    }
                    _ => {}
                }
                value_may_start = match c {
                    '\n' | '[' | '{' | ',' => true,
                    ' ' | '\t' => value_may_start || matches!(previous, ':' | '-' | '?'),
                    _ => false,
                };
            }
        }
        previous = c;
    }
    open
}

/// Byte offset of a position the YAML parser reports (1-based line and column, in
/// characters). The parser starts a line at LF, CR and CRLF and does not count a leading BOM;
/// positions in reports start lines at LF only and count every character, so a file with a
/// lone CR or a BOM had its errors reported on the wrong line or column.
fn yaml_position_offset(yaml: &str, line: usize, column: usize) -> usize {
    let mut current_line = 1;
    let mut current_col = 1;
    let mut chars = yaml.char_indices().peekable();
    if let Some((_, '\u{feff}')) = chars.peek() {
        chars.next();
    }
    while let Some((i, c)) = chars.next() {
        if current_line == line && current_col >= column {
            return i;
        }
        match c {
            '\n' => {
                if current_line == line {
                    return i;
                }
                current_line += 1;
                current_col = 1;
            }
            '\r' => {
                if current_line == line {
                    return i;
                }
                if let Some((_, '\n')) = chars.peek() {
                    chars.next();
                }
                current_line += 1;
                current_col = 1;
            }
            _ => current_col += 1,
        }
    }
    yaml.len()
}

fn yaml_error_parts(e: &serde_saphyr::Error) -> (String, Option<(usize, usize)>) {
    use serde_saphyr::MessageFormatter;
    let pos = e
        .location()
        .filter(|l| l.line() > 0)
        .map(|l| (l.line() as usize, l.column() as usize));
    // The message alone, worded for the file's author: the report shows the position itself,
    // with the file name. (Taken from the rendered error, it kept "at line 2, column 14" when
    // the library could not render a snippet, and told editors to "set DuplicateKeyPolicy".)
    let msg = serde_saphyr::UserMessageFormatter
        .format_message(e.without_snippet())
        .trim()
        .to_string();
    (msg, pos)
}

/// How to fix what the YAML parser's `message` (English, the library's) says.
fn yaml_help(message: &str) -> Msg {
    if message.contains("duplicate mapping key") {
        crate::msg!("content-yaml-help-duplicate")
    } else if message.contains("unknown field") {
        crate::msg!("content-yaml-help-unknown-field")
    } else if message.contains("missing field") {
        crate::msg!("content-yaml-help-missing-field")
    } else if message.contains("unknown variant") {
        crate::msg!("content-yaml-help-unknown-variant")
    } else if message.contains("expected string") {
        crate::msg!("content-yaml-help-expected-string")
    } else if is_number_error(message) {
        crate::msg!("content-yaml-help-number")
    } else if is_syntax_error(message) {
        crate::msg!("content-yaml-help-syntax")
    } else if message.contains("invalid type") || message.contains("expected") {
        crate::msg!("content-yaml-help-type")
    } else {
        crate::msg!("content-yaml-help-syntax")
    }
}

/// Whether serde's message says a whole number was expected (`expected u8`, `expected i64`).
fn is_number_error(message: &str) -> bool {
    [
        "u8", "u16", "u32", "u64", "usize", "i8", "i16", "i32", "i64", "isize",
    ]
    .iter()
    .any(|t| {
        message.contains(&format!("expected {t}")) || message.contains(&format!("invalid {t}"))
    })
}

/// Whether the parser's message is about the text's syntax rather than a value's type.
fn is_syntax_error(message: &str) -> bool {
    [
        "indentation",
        "while scanning",
        "while parsing",
        "did not find expected",
        "mapping values are not allowed",
        "end of stream",
        "unexpected character",
    ]
    .iter()
    .any(|m| message.contains(m))
}

/// Byte offset of the value of a top-level `key:` in YAML text.
pub(super) fn key_offset(yaml: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in yaml.split_inclusive('\n') {
        let (bom, line_text) = match line.strip_prefix('\u{feff}') {
            Some(rest) => ('\u{feff}'.len_utf8(), rest),
            None => (0, line),
        };
        if let Some(value) = line_text
            .strip_prefix(key)
            .and_then(|rest| rest.strip_prefix(':'))
        {
            let value = value.trim_end_matches(['\n', '\r']);
            let blank = value.len() - value.trim_start().len();
            return Some(offset + bom + key.len() + 1 + blank);
        }
        offset += line.len();
    }
    None
}

/// Errors for text values holding a character pages and feeds cannot carry (controls such as
/// ESC or VT, noncharacters; see [`super::is_unrenderable`]). YAML writes them only as escapes
/// (`"\e"`, `"\u000B"`) or, for NEL, raw; each error points at the escape (or the character),
/// else at the key. `item` is what `yaml` (at byte `yaml_offset` of `text`) parsed to.
pub(super) fn unrenderable_texts<T: serde::Serialize>(
    item: &T,
    yaml: &str,
    yaml_offset: usize,
    text: &str,
    file: &Path,
) -> Diagnostics {
    let mut found = Vec::new();
    if let Ok(value) = serde_json::to_value(item) {
        collect_unrenderable(&value, "", &mut found);
    }
    let mut errors = Diagnostics::default();
    let mut cursor = 0;
    for (key, c) in found {
        let offset = match find_written_char(yaml, cursor, c) {
            Some((start, end)) => {
                cursor = end;
                start
            }
            None => key_offset(yaml, &key).unwrap_or(0),
        };
        let (line, column) = line_col(text, yaml_offset + offset);
        errors.push(
            Diagnostic::msg(
                file,
                crate::msg!(
                    "content-control-character",
                    key = &key,
                    code = format!("{:04X}", u32::from(c))
                ),
            )
            .at(line, column)
            .with_source(text)
            .help_msg(crate::msg!("content-control-character-help")),
        );
    }
    errors
}

/// Every string in `value` holding an unrenderable character: (its key, the first such character).
fn collect_unrenderable(value: &serde_json::Value, key: &str, out: &mut Vec<(String, char)>) {
    match value {
        serde_json::Value::String(s) => {
            if let Some(c) = s.chars().find(|&c| super::is_unrenderable(c)) {
                out.push((key.to_string(), c));
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                collect_unrenderable(item, key, out);
            }
        }
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                collect_unrenderable(v, k, out);
            }
        }
        _ => {}
    }
}

/// The first place at or after `from` where YAML source writes `c`: raw, or as one of its
/// escapes. (start, end) byte offsets.
pub(super) fn find_written_char(yaml: &str, from: usize, c: char) -> Option<(usize, usize)> {
    let n = u32::from(c);
    let mut forms = vec![
        c.to_string(),
        format!("\\x{n:02x}"),
        format!("\\x{n:02X}"),
        format!("\\u{n:04x}"),
        format!("\\u{n:04X}"),
        format!("\\U{n:08x}"),
        format!("\\U{n:08X}"),
    ];
    let named = match c {
        '\0' => Some("\\0"),
        '\u{7}' => Some("\\a"),
        '\u{8}' => Some("\\b"),
        '\u{B}' => Some("\\v"),
        '\u{C}' => Some("\\f"),
        '\u{1B}' => Some("\\e"),
        '\u{85}' => Some("\\N"),
        _ => None,
    };
    forms.extend(named.map(String::from));
    let rest = yaml.get(from..)?;
    forms
        .iter()
        .filter_map(|f| {
            rest.find(f.as_str())
                .map(|i| (from + i, from + i + f.len()))
        })
        .min()
}

/// A YAML value with the place it was written, recorded while parsing so that the whole-site
/// checks ([`crate::check`]) point at it without reading the file again. Serialises as the
/// value; compares, orders and dereferences as the value.
#[derive(Debug, Clone)]
pub struct Located<T> {
    pub value: T,
    /// Byte offset of the value in the YAML text, as the parser reports it.
    offset: usize,
    /// Set by [`Located::locate`] once the file's text is known.
    mark: Option<Mark>,
}

impl<T> Located<T> {
    /// Records the line, column and excerpt of the value in `text`, the YAML file it came from.
    pub(super) fn locate(&mut self, text: &Arc<str>) {
        self.mark = Some(Mark::in_file(text, self.offset));
    }

    /// [`Located::locate`] for a value parsed from a slice that starts `base` bytes into
    /// `text`, a Markdown file (a post's front matter).
    pub(super) fn locate_in_line(&mut self, text: &str, base: usize) {
        self.mark = Some(Mark::in_line(text, base + self.offset));
    }

    /// Where the value is written: its file's first line until [`Located::locate`] ran.
    pub fn mark(&self) -> Mark {
        self.mark.clone().unwrap_or_else(|| Mark::in_line("", 0))
    }
}

impl<T> std::ops::Deref for Located<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: PartialEq> PartialEq for Located<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Located<T> {}

impl<T: serde::Serialize> serde::Serialize for Located<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.value.serialize(s)
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Located<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let at = super::node::At::<T>::deserialize(d)?;
        Ok(Located {
            value: at.value,
            offset: at.offset,
            mark: None,
        })
    }
}

impl<T: std::fmt::Display> std::fmt::Display for Located<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.value.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // test code

    use super::*;

    fn error(yaml: &str) -> String {
        parse_yaml::<serde_json::Value>(yaml, Path::new("f.yaml"), 0, yaml)
            .unwrap_err()
            .to_string()
    }

    /// Issue 49: an unclosed quote is reported where it opens, with help about quotes, not at
    /// the next key with a type's hint.
    #[test]
    fn an_unclosed_quote_is_reported_where_it_opens() {
        for (yaml, at, quote) in [
            (
                "title: \"Unclosed title\nauthor: \"A\"\n",
                "f.yaml:1:8",
                '"',
            ),
            ("title: 'Unclosed\nauthor: \"A\"\n", "f.yaml:1:8", '\''),
            (
                "- id: a\n  question: \"When are you open?\n  answer: \"9 AM.\"\n",
                "f.yaml:2:13",
                '"',
            ),
            (
                "a: \"ok \\\" still\"\nb: \"الساعة التاسعة\nc: 1\n",
                "f.yaml:2:4",
                '"',
            ),
            (
                "a: Don't worry # it's fine\nb: 'it''s \u{2028} open\nc: 1\n",
                "f.yaml:2:4",
                '\'',
            ),
            ("a: [\"x\", \"y]\n", "f.yaml:1:10", '"'),
        ] {
            let e = error(yaml);
            assert!(
                e.starts_with(&format!(
                    "{at}: this text opens a quote ({quote}) that is never closed"
                )),
                "{yaml:?}: {e}"
            );
            assert!(!e.contains("whole number"), "{e}");
        }
    }

    #[test]
    fn quotes_that_open_nothing() {
        assert_eq!(open_quote_at("a: Don't\nb: x\n", 12), None);
        assert_eq!(open_quote_at("a: \"x\" # don't\nb: y", 18), None);
        assert_eq!(open_quote_at("a: 'it''s'\nb: y", 14), None);
        assert_eq!(open_quote_at("a: \"q\\\"\"\nb: y", 12), None);
        assert_eq!(open_quote_at("a: \"open\nb: y", 11), Some((3, '"')));
    }

    #[test]
    fn a_number_is_hinted_only_for_numbers() {
        assert_eq!(
            yaml_help("invalid indentation in multiline quoted scalar").render("en"),
            "fix the YAML syntax: indent with spaces, quote text that contains `:` or `#`"
        );
        assert_eq!(
            yaml_help("invalid type: string \"x\", expected u8").render("en"),
            "this key takes a whole number"
        );
    }
}
