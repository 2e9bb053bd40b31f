//! A [`Diagnostic`] rendered as a report: miette's graphical handler without colour, the
//! location kept whole on the first line, long lines shown around the position.

use std::fmt;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, SourceSpan};
use unicode_width::UnicodeWidthStr;

use super::{
    Diagnostic, Severity, is_terminal_unsafe, offset_of, terminal_safe, terminal_safe_name,
};

impl Diagnostic {
    /// The full report: location, message, the source line with a marker, and the hint, in the
    /// reader's language ([`crate::messages::reader`]).
    pub fn render(&self) -> String {
        self.render_in(crate::messages::reader())
    }

    /// [`Diagnostic::render`] in `lang`.
    pub fn render_in(&self, lang: &str) -> String {
        let location = self.safe_location();
        let mut report = MietteReport::new(self, lang);
        // miette wraps the first line, and may break it inside the location (a file name such
        // as `<span>` or `a/b` has break opportunities): `file:line:column` must stay whole on
        // the first line, where editors and terminals find it. So the line is wrapped around a
        // placeholder of the location's width, with no break opportunity, replaced afterwards.
        let placeholder = std::iter::repeat_n(LOCATION_PLACEHOLDER, location.width()).collect();
        let texts = [Some(report.message.as_str()), report.help.as_deref()];
        if !texts
            .into_iter()
            .flatten()
            .any(|t| t.contains(LOCATION_PLACEHOLDER))
        {
            report.location = Some(placeholder);
        }
        let mut out = String::new();
        // Long words (a path, a URL) overflow rather than break.
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_break_words(false)
            .with_context_lines(1);
        if handler.render_report(&mut out, &report).is_err() {
            return format!("error: {self}");
        }
        let out = match &report.location {
            Some(placeholder) => out.replacen(placeholder.as_str(), &location, 1),
            None => out,
        };
        // miette's own word for the hint, in the reader's language.
        if lang == crate::messages::REFERENCE {
            out
        } else {
            let help = crate::msg!("label-help").render(lang);
            out.replacen("  help: ", &format!("  {help}: "), 1)
        }
    }
}

/// Stands for each column of the location while miette wraps a report's first line: a
/// private-use character, one column wide, that lets no line break in.
const LOCATION_PLACEHOLDER: char = '\u{F8FF}';

struct MietteReport<'a> {
    diag: &'a Diagnostic,
    /// The message, the hint and the labels in the report's language.
    message: String,
    help: Option<String>,
    label: String,
    here: String,
    snippet: Option<(ReportSource, SourceSpan)>,
    /// What the first line shows in place of the location ([`Diagnostic::render`]).
    location: Option<String>,
}

impl<'a> MietteReport<'a> {
    fn new(diag: &'a Diagnostic, lang: &str) -> Self {
        let snippet = match (&diag.source, diag.position) {
            (Some(src), Some((line, col))) => {
                let text = display_source(src);
                let first_line = usize::try_from(diag.source_line).map_or(1, |l| l.clamp(1, line));
                let offset = offset_of(&text, line + 1 - first_line, col);
                let (text, offset, first_line, skipped) = match window(&text, offset) {
                    Some((window, offset, skipped)) => (window, offset, line, skipped),
                    None => (text, offset, first_line, 0),
                };
                Some((
                    ReportSource {
                        name: terminal_safe_name(&diag.file.display().to_string()).into_owned(),
                        text,
                        first_line,
                        skipped,
                    },
                    SourceSpan::from((offset, 0)),
                ))
            }
            _ => None,
        };
        MietteReport {
            diag,
            message: diag.message_in(lang),
            help: diag.help_in(lang),
            label: diag.label_in(lang),
            here: crate::msg!("label-here").render(lang),
            snippet,
            location: None,
        }
    }
}

/// A line longer than this many characters is shown only around the position.
const LONG_LINE: usize = 1000;
/// Characters shown on each side of the position in a long line.
const WINDOW_SIDE: usize = 60;

/// The part of a long line that a report shows (miette would print the whole line, and panics
/// at a column past 65,535): for the line of byte `offset` in `text`, if it is longer than
/// [`LONG_LINE`] characters, its characters within [`WINDOW_SIDE`] of the position (with `…`
/// where the line goes on), the position's offset in that, and the columns left out before it.
fn window(text: &str, offset: usize) -> Option<(String, usize, usize)> {
    let before = text.get(..offset)?;
    let after = text.get(offset..)?;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line_end = offset + after.find('\n').unwrap_or(after.len());
    let head = text.get(line_start..offset)?;
    let tail = text.get(offset..line_end)?;
    let tail = tail.strip_suffix('\r').unwrap_or(tail);
    let (head_chars, tail_chars) = (head.chars().count(), tail.chars().count());
    if head_chars + tail_chars <= LONG_LINE {
        return None;
    }
    let skipped = head_chars.saturating_sub(WINDOW_SIDE);
    let from = head
        .char_indices()
        .nth(skipped)
        .map_or(head.len(), |(i, _)| i);
    let to = tail
        .char_indices()
        .nth(WINDOW_SIDE)
        .map_or(tail.len(), |(i, _)| i);
    let mut shown = String::new();
    if skipped > 0 {
        shown.push('…');
    }
    shown.push_str(head.get(from..)?);
    let offset = shown.len();
    shown.push_str(tail.get(..to)?);
    if to < tail.len() {
        shown.push('…');
    }
    // The `…` stands in the column of a character left out.
    Some((shown, offset, skipped.saturating_sub(1)))
}

/// `line` (one line of a file, without its end) as a report shows it, with the column of
/// `column` in what is shown: whole, or around the position when longer than [`LONG_LINE`].
pub(crate) fn shown_line(line: &str, column: usize) -> (String, usize) {
    let offset = offset_of(line, 1, column);
    match window(line, offset) {
        Some((shown, at, _)) => {
            let column = shown.get(..at).map_or(0, |s| s.chars().count()) + 1;
            (shown, column)
        }
        None => (line.to_string(), column),
    }
}

/// The file's text as a report shows it: every character [`terminal_safe`] would escape is
/// replaced by one visible character (a control picture such as `␛`, or `�`), so lines and
/// columns stay where they were; a CR not followed by LF is replaced too (miette would start a
/// line at it, and lines here end at LF only).
fn display_source(src: &str) -> String {
    let mut out = String::with_capacity(src.len());
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' && chars.peek() == Some(&'\n') {
            out.push(c);
        } else if is_terminal_unsafe(c) {
            out.push(match u32::from(c) {
                n @ 0..=0x1F => char::from_u32(0x2400 + n).unwrap_or('\u{FFFD}'),
                0x7F => '\u{2421}',
                _ => '\u{FFFD}',
            });
        } else {
            out.push(c);
        }
    }
    out
}

/// A named source whose spans report their column in characters, as every position in this
/// crate does (miette's own count is in bytes, so a line of Arabic showed another column in
/// the snippet's header than in the report's first line).
struct ReportSource {
    name: String,
    text: String,
    /// The file's line at which `text` starts.
    first_line: usize,
    /// Columns of the first line left out of `text` (a long line shown around the position).
    skipped: usize,
}

impl miette::SourceCode for ReportSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        let column = if context_lines_before == 0 {
            let before = self.text.get(..span.offset()).unwrap_or(&self.text);
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            before.get(line_start..).map_or(0, |l| l.chars().count()) + self.skipped
        } else {
            inner.column()
        };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.first_line - 1,
            column,
            inner.line_count(),
        )))
    }
}

impl fmt::Debug for MietteReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diag, f)
    }
}

impl fmt::Display for MietteReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Without a placeholder (the message holds its character), no-break spaces at least.
        let location = match &self.location {
            Some(placeholder) => placeholder.clone(),
            None => self.diag.safe_location().replace(' ', "\u{A0}"),
        };
        write!(
            f,
            "{location}: {}{}",
            self.label,
            terminal_safe(&self.message)
        )
    }
}

impl std::error::Error for MietteReport<'_> {}

impl miette::Diagnostic for MietteReport<'_> {
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.help
            .as_deref()
            .map(|h| Box::new(terminal_safe(h)) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.snippet
            .as_ref()
            .map(|(s, _)| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let (_, span) = self.snippet.as_ref()?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.here.clone()),
            *span,
        ))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_escape_what_would_change_the_terminal() {
        let d = Diagnostic::new("content/\u{202E}x.md", "`a\u{1B}[31m` is wrong")
            .at(1, 3)
            .with_source("ab\u{1B}[31m\u{200F}\n")
            .help("remove \u{2028}");
        let report = d.render();
        assert!(report.contains("content/<U+202E>x.md:1:3: `a<U+001B>[31m` is wrong"));
        assert!(report.contains("ab␛[31m�"), "{report}");
        assert!(report.contains("remove <U+2028>"), "{report}");
        assert!(!report.contains(['\u{1B}', '\u{202E}', '\u{200F}', '\u{2028}']));
    }

    #[test]
    fn the_snippet_header_counts_characters() {
        let d = Diagnostic::new("f.yaml", "bad")
            .at(2, 9)
            .with_source("- id: a\n  q: \"مرحبا\"\n");
        let report = d.render();
        assert!(report.contains("╭─[f.yaml:2:9]"), "{report}");
    }

    #[test]
    fn a_long_line_is_shown_around_the_position() {
        // A 1.1 MB line (a post of nested tags) was printed whole, and a column past 65,535
        // panicked in miette.
        let line = format!("{}<div>x", "نص ".repeat(30_000));
        let text = format!("---\ntitle: t\n---\n{line}\nnext\n");
        let column = 90_001;
        let d = Diagnostic::new("content/ar/blog/deep.md", "too deep")
            .at(4, column)
            .with_source(text.as_str());
        let report = d.render();
        assert!(
            report.contains(&format!("╭─[content/ar/blog/deep.md:4:{column}]")),
            "{report}"
        );
        assert!(report.len() < 4_000, "{} bytes:\n{report}", report.len());
        assert!(
            report.contains("│ …") && report.contains("نص <div>x"),
            "{report}"
        );
        // The marker is under the `<`.
        let shown = report.lines().find(|l| l.contains("<div>x")).unwrap();
        let marker = report.lines().find(|l| l.contains('▲')).unwrap();
        let column_of = |l: &str, c: char| l.chars().position(|x| x == c).unwrap();
        assert_eq!(column_of(shown, '<'), column_of(marker, '▲'), "{report}");
        // Short lines are shown whole, as before.
        let d = Diagnostic::new("f.md", "bad")
            .at(1, 3)
            .with_source("abcdef\n");
        assert!(d.render().contains("1 │ abcdef"), "{}", d.render());
    }

    #[test]
    fn a_long_location_stays_on_one_line() {
        let file = "content/en/blog/A very long file name with spaces, saved from a word processor export.md";
        let d = Diagnostic::new(
            file,
            "the file name is not a valid slug, and this message is long",
        )
        .at(1, 1)
        .with_source("x\n");
        let report = d.render();
        assert!(report.contains(&format!("× {file}:1:1:")), "{report}");
        assert!(!report.contains('\u{A0}'), "{report}");
    }
}

#[cfg(test)]
mod wrap_tests {
    use super::*;

    /// Found by `diagnostics_render_at_any_position`: a file name with markup, bidi controls
    /// and runs of spaces.
    #[test]
    fn a_long_file_name_with_spaces_keeps_its_location_whole() {
        let files = [
            "\u{200e}<span dir=\"rtl\" style=\"color:red\">نص</span>\u{202e}abc\u{202c}a  a aaخدماتمرحبامرحبا",
            "İstanbul <script>alert(1)</script> \u{200e} Straße \u{2068}/en/faq\u{2069} ٠٠٠٠٠٠٠٠ &#x202E;",
        ];
        let messages = [
            "m",
            "مرحبا",
            "a message long enough to wrap the first line of the report, which holds the location",
        ];
        for (file, message, source) in files
            .iter()
            .flat_map(|f| messages.iter().map(move |m| (*f, *m)))
            .flat_map(|(f, m)| ["", "ab\n"].map(|s| (f, m, s)))
        {
            let d = Diagnostic::new(file, message).at(1, 2).with_source(source);
            let rendered = d.render();
            let location = format!("{}:1:2", terminal_safe_name(file));
            assert!(rendered.contains(&location), "no {location} in\n{rendered}");
        }
    }
}
