//! Errors a content editor or maintainer can act on.
//!
//! A [`Diagnostic`] names the file, the line and column, says what is wrong and how to fix it,
//! and carries the source so the offending line can be shown with a marker. Rendering uses
//! miette's graphical handler without colour, so the text is stable for snapshots.

use std::borrow::Cow;
use std::fmt;
use std::path::{Path, PathBuf};

pub mod levels;
mod render;

pub(crate) use render::shown_line;

/// One problem in one file.
#[derive(Debug, Clone)]
pub struct Diagnostic {
    /// The file, as the user should read it (relative to the site root when possible).
    pub file: PathBuf,
    /// 1-based line and column, when the problem has a position.
    pub position: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub(crate) help: Option<String>,
    /// The file's text, used to show the offending line; or a part of it (see `source_line`).
    pub source: Option<std::sync::Arc<str>>,
    /// The line of the file at which `source` starts (1 when it is the whole file).
    source_line: u32,
    /// Whether it stops `build` and `check` (an error) or only informs (a warning).
    pub severity: Severity,
    /// The lint rule that found it (`mixed-digits`), whose level `[lint]` in `site.toml` sets.
    pub rule: Option<levels::Rule>,
    /// `message` and `help` as messages of the catalogues ([`crate::messages`]), for readers of
    /// other languages: `message` and `help` hold their English. (Boxed: a diagnostic travels
    /// in many `Result`s.)
    texts: Option<Box<Texts>>,
}

/// A diagnostic's message and hint as messages of the catalogues.
#[derive(Debug, Clone, Default)]
struct Texts {
    message: Option<crate::messages::Msg>,
    help: Option<crate::messages::Msg>,
    /// A replacement that fixes it (the browser editor offers it).
    fix: Option<Fix>,
}

/// A replacement of the file's bytes `from..to` by `insert` that fixes a finding (a tatweel
/// removed, straight quotes made «»).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fix {
    pub from: usize,
    pub to: usize,
    pub insert: String,
}

/// How much a [`Diagnostic`] matters: an error stops `build`, `check` and `serve`'s render; a
/// warning is printed (and shown in `serve`'s overlay) and stops nothing, but `check
/// --deny-warnings` fails on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Severity {
    #[default]
    Error,
    Warning,
}

/// A place in a file, recorded while the file is parsed, with what a report shows of it: later
/// whole-site checks ([`crate::check`]) point at it without reading the file again.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mark {
    pub line: usize,
    pub column: usize,
    excerpt: Excerpt,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Excerpt {
    /// The whole text of a YAML data file: small, one copy shared by every mark in it.
    File(std::sync::Arc<str>),
    /// Only the marked line, of a Markdown file (whose text the model does not keep).
    Line(std::sync::Arc<str>),
}

impl Mark {
    /// The place of byte `offset` in a file's `text`, showing the whole text in reports.
    pub(crate) fn in_file(text: &std::sync::Arc<str>, offset: usize) -> Mark {
        let (line, column) = line_col(text, offset);
        Mark {
            line,
            column,
            excerpt: Excerpt::File(text.clone()),
        }
    }

    /// The place of byte `offset` in a file's `text`, keeping only that line for reports.
    pub(crate) fn in_line(text: &str, offset: usize) -> Mark {
        let (line, column) = line_col(text, offset);
        Mark::line_mark(text, offset_of(text, line, 1), line, column)
    }

    /// A mark at `line`, `column`, whose line starts at byte `start` of `text`.
    fn line_mark(text: &str, start: usize, line: usize, column: usize) -> Mark {
        let rest = text.get(start..).unwrap_or_default();
        let end = rest.find('\n').map_or(rest.len(), |i| i + 1);
        Mark {
            line,
            column,
            excerpt: Excerpt::Line(rest.get(..end).unwrap_or(rest).into()),
        }
    }
}

/// Where a text's lines start, to place many offsets in it without reading it from the start
/// for each ([`line_col`] and [`Mark::in_line`] do: a 2,000-post site spent 2% of its build
/// placing the posts' links one by one).
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    /// The byte offset of each line's start: 0, then one after each `\n`.
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        let starts = std::iter::once(0)
            .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// The 1-based line and column of byte `offset`, as [`line_col`] gives them, and where
    /// that line starts.
    pub(crate) fn place(&self, offset: usize) -> (usize, usize, usize) {
        let mut end = offset.min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= end).max(1);
        let start = self.starts.get(line - 1).copied().unwrap_or(0);
        let column = self.text.get(start..end).map_or(0, |l| l.chars().count()) + 1;
        (line, column, start)
    }

    /// [`Mark::in_line`] for byte `offset` of the indexed text.
    pub(crate) fn mark(&self, offset: usize) -> Mark {
        let (line, column, start) = self.place(offset);
        Mark::line_mark(self.text, start, line, column)
    }
}

impl Diagnostic {
    pub fn new(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Diagnostic {
            file: file.into(),
            position: None,
            message: message.into(),
            help: None,
            source: None,
            source_line: 1,
            severity: Severity::Error,
            rule: None,
            texts: None,
        }
    }

    /// A problem in `file` whose message is `text` ([`crate::msg!`]), shown in the reader's
    /// language.
    pub fn msg(file: impl Into<PathBuf>, text: crate::messages::Msg) -> Self {
        let mut d = Diagnostic::new(file, text.render(crate::messages::REFERENCE));
        d.texts.get_or_insert_default().message = Some(text);
        d
    }

    /// A replacement of the file's bytes `from..to` that fixes it.
    pub(crate) fn with_fix(mut self, from: usize, to: usize, insert: impl Into<String>) -> Self {
        self.texts.get_or_insert_default().fix = Some(Fix {
            from,
            to,
            insert: insert.into(),
        });
        self
    }

    /// The replacement that fixes it, if there is one.
    pub fn fix(&self) -> Option<&Fix> {
        self.texts.as_ref().and_then(|t| t.fix.as_ref())
    }

    /// How to fix it, as a message of the catalogues.
    pub fn help_msg(mut self, text: crate::messages::Msg) -> Self {
        self.help = Some(text.render(crate::messages::REFERENCE));
        self.texts.get_or_insert_default().help = Some(text);
        self
    }

    /// What is wrong, in `lang` (English where the message has no text in the catalogues).
    pub fn message_in(&self, lang: &str) -> String {
        match self.texts.as_ref().and_then(|t| t.message.as_ref()) {
            Some(t) if lang != crate::messages::REFERENCE => t.render(lang),
            _ => self.message.clone(),
        }
    }

    /// How to fix it, in `lang`.
    pub fn help_in(&self, lang: &str) -> Option<String> {
        match self.texts.as_ref().and_then(|t| t.help.as_ref()) {
            Some(t) if lang != crate::messages::REFERENCE => Some(t.render(lang)),
            _ => self.help.clone(),
        }
    }

    /// Names the lint rule that found the problem.
    pub(crate) fn rule(mut self, rule: levels::Rule) -> Self {
        self.rule = Some(rule);
        self
    }

    /// Makes the problem a warning (or an error again).
    pub(crate) fn severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    pub fn is_warning(&self) -> bool {
        self.severity == Severity::Warning
    }

    /// What the first line says before the message: `warning[mixed-digits]: ` for a warning,
    /// nothing for an error (the report's `×` says it).
    fn label(&self) -> String {
        self.label_in(crate::messages::REFERENCE)
    }

    /// [`Diagnostic::label`] in `lang` (the rule's name stays as `[lint]` spells it).
    pub(crate) fn label_in(&self, lang: &str) -> String {
        let warning = crate::msg!("label-warning").render(lang);
        match (self.severity, self.rule) {
            (Severity::Error, _) => String::new(),
            (Severity::Warning, Some(rule)) => format!("{warning}[{}]: ", rule.name()),
            (Severity::Warning, None) => format!("{warning}: "),
        }
    }

    /// Puts the problem at a place recorded while parsing, with the text the report shows.
    pub(crate) fn at_mark(mut self, mark: &Mark) -> Self {
        self = self.at(mark.line, mark.column);
        match &mark.excerpt {
            Excerpt::File(text) => {
                self.source = Some(text.clone());
                self.source_line = 1;
            }
            Excerpt::Line(text) => {
                self.source = Some(text.clone());
                self.source_line = u32::try_from(mark.line).unwrap_or(u32::MAX);
            }
        }
        self
    }

    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.position = Some((line.max(1), column.max(1)));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        if let Some(t) = &mut self.texts {
            t.help = None;
        }
        self
    }

    pub fn with_source(mut self, source: impl Into<std::sync::Arc<str>>) -> Self {
        self.source = Some(source.into());
        self.source_line = 1;
        self
    }

    /// Where the problem is: `file:line:column` or just `file`, with the file name made
    /// [`terminal_safe_name`].
    fn safe_location(&self) -> String {
        let file = self.file.display().to_string();
        let file = terminal_safe_name(&file);
        match self.position {
            Some((l, c)) => format!("{file}:{l}:{c}"),
            None => file.into_owned(),
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}{}",
            self.safe_location(),
            self.label(),
            terminal_safe(&self.message)
        )?;
        if let Some(help) = &self.help {
            write!(f, " (help: {})", terminal_safe(help))?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// 1-based line and column (in characters) of a byte offset in `text`. Lines end at LF; an
/// offset inside a character counts from that character's start; past the end, the end.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut end = offset.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let before = text.get(..end).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before
        .rsplit_once('\n')
        .map_or(before, |(_, l)| l)
        .chars()
        .count()
        + 1;
    (line, col)
}

/// Byte offset of a 1-based line and (character) column in `text`.
pub(crate) fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            let col_bytes: usize = l
                .chars()
                .take(column.saturating_sub(1))
                .map(char::len_utf8)
                .sum();
            let max = l.trim_end_matches(['\n', '\r']).len();
            return offset + col_bytes.min(max);
        }
        offset += l.len();
    }
    text.len()
}

/// Every problem found in one run, so an editor fixes them all at once.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub(crate) fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Sorted by file and position so the report is stable.
    pub(crate) fn sorted(mut self) -> Self {
        self.0
            .sort_by(|a, b| (&a.file, a.position).cmp(&(&b.file, b.position)));
        self
    }
    /// Whether any of them is an error (and not only warnings).
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(|d| !d.is_warning())
    }
    /// The warnings among them.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.0.iter().filter(|d| d.is_warning())
    }
    /// Splits them into errors and warnings.
    pub fn split(self) -> (Diagnostics, Diagnostics) {
        let (warnings, errors) = self.0.into_iter().partition(Diagnostic::is_warning);
        (Diagnostics(errors), Diagnostics(warnings))
    }
    /// Every report, then the count: `2 errors found; nothing was written.` when any is an
    /// error, else (only warnings) what warnings mean; in the reader's language.
    pub fn render(&self) -> String {
        self.render_in(crate::messages::reader())
    }

    /// [`Diagnostics::render`] in `lang`.
    pub fn render_in(&self, lang: &str) -> String {
        let mut out = String::new();
        for d in &self.0 {
            out.push_str(&d.render_in(lang));
            out.push('\n');
        }
        let warnings = self.warnings().count();
        let errors = self.0.len() - warnings;
        if errors > 0 {
            out.push_str(
                &crate::msg!("report-errors-found", errors = errors, warnings = warnings)
                    .render(lang),
            );
            out.push('\n');
        } else if warnings > 0 {
            out.push_str(&crate::msg!("report-warnings-only", warnings = warnings).render(lang));
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for Diagnostics {}

impl From<Diagnostic> for Diagnostics {
    fn from(d: Diagnostic) -> Self {
        Diagnostics(vec![d])
    }
}

/// `s` with every character that could change what a terminal shows escaped as `<U+XXXX>`:
/// controls other than newline and tab (ESC starts a terminal escape sequence), bidi controls
/// (RLO reverses the rest of the line), and the line and paragraph separators. Reports show
/// messages and help through it: they quote the editor's text.
fn terminal_safe(s: &str) -> Cow<'_, str> {
    escape_where(s, is_terminal_unsafe)
}

/// [`terminal_safe`] for a file name, which is one line: newlines and tabs are escaped too.
pub fn terminal_safe_name(s: &str) -> Cow<'_, str> {
    escape_where(s, |c| c.is_control() || is_terminal_unsafe(c))
}

fn escape_where(s: &str, escape: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !s.chars().any(&escape) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if escape(c) {
            out.push_str(&format!("<U+{:04X}>", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn is_terminal_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(
            c,
            '\u{200E}'
                | '\u{200F}'
                | '\u{061C}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// The path relative to `root`, for messages.
pub(crate) fn display_path(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_index_places_every_offset_as_line_col_and_in_line_do() {
        for text in [
            "",
            "\n",
            "a\n",
            "مرحبا\nab",
            "سطر\r\nثاني\u{2028}ثالث\n\n🙂 end",
            "no newline at all",
            "\n\n\u{202B}عربي\u{202C}\n",
        ] {
            let index = LineIndex::new(text);
            for offset in 0..=text.len() + 2 {
                let mark = index.mark(offset);
                assert_eq!(mark, Mark::in_line(text, offset), "{text:?} at {offset}");
                assert_eq!((mark.line, mark.column), line_col(text, offset));
            }
        }
    }

    #[test]
    fn line_col_counts_characters_and_survives_any_offset() {
        let text = "مرحبا\nab";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 2), (1, 2));
        assert_eq!(line_col(text, 3), (1, 2), "inside a character: its start");
        assert_eq!(line_col(text, 11), (2, 1));
        assert_eq!(line_col(text, 100), (2, 3));
    }
}
