//! Errors a content editor or maintainer can act on.
//!
//! A [`Diagnostic`] names the file, the line and column, says what is wrong and how to fix it,
//! and carries the source so the offending line can be shown with a marker. Rendering uses
//! miette's graphical handler without colour, so the text is stable for snapshots.

use std::fmt;
use std::path::{Path, PathBuf};

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};

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
    pub help: Option<String>,
    /// The file's text, used to show the offending line.
    pub source: Option<std::sync::Arc<str>>,
}

impl Diagnostic {
    pub fn new(file: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Diagnostic {
            file: file.into(),
            position: None,
            message: message.into(),
            help: None,
            source: None,
        }
    }

    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.position = Some((line.max(1), column.max(1)));
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn with_source(mut self, source: impl Into<std::sync::Arc<str>>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// Where the problem is: `file:line:column` or just `file`.
    pub fn location(&self) -> String {
        match self.position {
            Some((l, c)) => format!("{}:{}:{}", self.file.display(), l, c),
            None => self.file.display().to_string(),
        }
    }

    /// The full report: location, message, the source line with a marker, and the hint.
    pub fn render(&self) -> String {
        let report = MietteReport::new(self);
        let mut out = String::new();
        let handler = GraphicalReportHandler::new_themed(GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_context_lines(1);
        if handler.render_report(&mut out, &report).is_err() {
            return format!("error: {}: {}", self.location(), self.message);
        }
        out
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.location(), self.message)?;
        if let Some(help) = &self.help {
            write!(f, " (help: {help})")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostic {}

/// Byte offset of a 1-based line and (character) column in `text`.
pub fn offset_of(text: &str, line: usize, column: usize) -> usize {
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

struct MietteReport<'a> {
    diag: &'a Diagnostic,
    snippet: Option<(NamedSource<String>, SourceSpan)>,
}

impl<'a> MietteReport<'a> {
    fn new(diag: &'a Diagnostic) -> Self {
        let snippet = match (&diag.source, diag.position) {
            (Some(src), Some((line, col))) => Some((
                NamedSource::new(diag.file.display().to_string(), src.to_string()),
                SourceSpan::from((offset_of(src, line, col), 0)),
            )),
            _ => None,
        };
        MietteReport { diag, snippet }
    }
}

impl fmt::Debug for MietteReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.diag, f)
    }
}

impl fmt::Display for MietteReport<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.diag.location(), self.diag.message)
    }
}

impl std::error::Error for MietteReport<'_> {}

impl miette::Diagnostic for MietteReport<'_> {
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.snippet
            .as_ref()
            .map(|(s, _)| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let (_, span) = self.snippet.as_ref()?;
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some("here".into()),
            *span,
        ))))
    }
}

/// Every problem found in one run, so an editor fixes them all at once.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    /// Sorted by file and position so the report is stable.
    pub fn sorted(mut self) -> Self {
        self.0
            .sort_by(|a, b| (&a.file, a.position).cmp(&(&b.file, b.position)));
        self
    }
    pub fn render(&self) -> String {
        let mut out = String::new();
        for d in &self.0 {
            out.push_str(&d.render());
            out.push('\n');
        }
        out.push_str(&format!(
            "{} error{} found; nothing was written.\n",
            self.0.len(),
            if self.0.len() == 1 { "" } else { "s" }
        ));
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

/// The path relative to `root`, for messages.
pub fn display_path(root: &Path, path: &Path) -> PathBuf {
    path.strip_prefix(root).unwrap_or(path).to_path_buf()
}
