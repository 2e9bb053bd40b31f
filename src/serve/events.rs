//! What the browser is told, and the hub that tells every connected page at once.
//!
//! Events (server-sent, `/__sahel/events`), each with a JSON `data` line:
//!
//! - `hello` `{ "run", "version" }`: first on every connection. `run` names this run of
//!   `serve`; a page that reconnects to another run, or that missed events while it was
//!   disconnected (`version` moved on), reloads.
//! - `content-error` `{ "version", "errors": [ErrorPayload] }`: the current errors; sent on
//!   connection too. An empty list means they are cleared.
//! - `reload` `{ "version", "paths": [...] }`: the pages re-rendered (`"*"`: all of them); the
//!   errors are cleared.
//! - `content-warning` `{ "version", "warnings": [ErrorPayload] }`: the current warnings (lint
//!   findings that stop nothing), when they change; sent on connection too. The page shows them
//!   in a panel the editor can dismiss.

use std::sync::{Mutex, RwLock};

use serde::Serialize;
use tokio::sync::broadcast;

use crate::diagnostics::{Diagnostic, Diagnostics};

/// The current errors, as `/__sahel/state` returns them and `content-error` carries them.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct DevState {
    /// Counts every event published in this run.
    version: u64,
    pub(crate) errors: Vec<ErrorPayload>,
    pub(crate) warnings: Vec<ErrorPayload>,
}

/// One error, with what the overlay shows.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ErrorPayload {
    file: String,
    line: Option<usize>,
    column: Option<usize>,
    message: String,
    help: Option<String>,
    /// The text of the line the error is on (around the position when the line is long).
    source_line: Option<String>,
    /// The error's column in `source_line`.
    source_column: Option<usize>,
    /// The full report, as the terminal shows it.
    rendered: String,
    /// `error` or `warning`.
    severity: &'static str,
    /// The lint rule that found it, whose level `[lint]` sets.
    rule: Option<&'static str>,
    /// The message, hint and label in each language of sahel's messages: the overlay shows the
    /// page's language's (English where it has none).
    texts: std::collections::BTreeMap<&'static str, Texts>,
}

/// What the overlay shows of one report in one language.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Texts {
    message: String,
    help: Option<String>,
    /// `warning[rule]: ` for a warning, nothing for an error.
    label: String,
}

/// The overlay's own words in each language of sahel's messages, for `count` reports.
fn overlay_words(errors: bool, count: usize) -> serde_json::Value {
    let mut by_lang = serde_json::Map::new();
    for lang in crate::messages::languages() {
        let words = if errors {
            serde_json::json!({
                "heading": crate::msg!("overlay-errors", count = count).render(lang),
                "lead": crate::msg!("overlay-errors-lead").render(lang),
                "label": crate::msg!("overlay-errors-label").render(lang),
                "help": crate::msg!("label-help").render(lang),
            })
        } else {
            serde_json::json!({
                "heading": crate::msg!("overlay-warnings", count = count).render(lang),
                "label": crate::msg!("overlay-warnings-label").render(lang),
                "dismiss": crate::msg!("overlay-dismiss").render(lang),
                "help": crate::msg!("label-help").render(lang),
            })
        };
        by_lang.insert(lang.to_string(), words);
    }
    serde_json::Value::Object(by_lang)
}

impl From<&Diagnostic> for ErrorPayload {
    fn from(d: &Diagnostic) -> Self {
        let line = d.position.map(|p| p.0);
        let column = d.position.map(|p| p.1);
        // A 1.1 MB line (a post of nested tags) is sent and shown around the position.
        let (source_line, source_column) = d
            .source
            .as_deref()
            .zip(line)
            .and_then(|(text, n)| text.lines().nth(n.saturating_sub(1)))
            .map(|l| crate::diagnostics::shown_line(l, column.unwrap_or(1)))
            .unzip();
        ErrorPayload {
            file: d.file.display().to_string(),
            line,
            column,
            message: d.message.clone(),
            help: d.help.clone(),
            source_line,
            source_column,
            rendered: d.render(),
            severity: if d.is_warning() { "warning" } else { "error" },
            rule: d.rule.map(crate::check::lint::Rule::name),
            texts: crate::messages::languages()
                .into_iter()
                .map(|lang| {
                    let texts = Texts {
                        message: d.message_in(lang),
                        help: d.help_in(lang),
                        label: d.label_in(lang),
                    };
                    (lang, texts)
                })
                .collect(),
        }
    }
}

/// One server-sent event, ready to send.
#[derive(Debug, Clone)]
pub(crate) struct DevEvent {
    pub(crate) name: &'static str,
    pub(crate) data: String,
}

/// Events published while no page listens are dropped; a page that falls this far behind
/// gets a full reload instead.
const BACKLOG: usize = 64;

/// The connected pages and the state they are told about.
pub(crate) struct Hub {
    state: Mutex<DevState>,
    events: broadcast::Sender<DevEvent>,
    csp: RwLock<String>,
    /// The site's languages: the server's redirects and 404 pages follow them.
    languages: RwLock<crate::lang::Languages>,
    /// Names this run of `serve`.
    run: String,
}

fn json<T: Serialize>(value: &T) -> String {
    // Plain structs of strings and numbers always serialise.
    serde_json::to_string(value).unwrap_or_else(|_| "{}".to_string())
}

/// The `content-error` event's data.
fn errors_json(state: &DevState) -> String {
    let shown = state
        .errors
        .iter()
        .filter(|e| e.severity != "warning")
        .count();
    json(&serde_json::json!({
        "version": state.version,
        "errors": state.errors,
        "words": overlay_words(true, shown),
    }))
}

/// The `content-warning` event's data.
fn warnings_json(state: &DevState) -> String {
    json(&serde_json::json!({
        "version": state.version,
        "warnings": state.warnings,
        "words": overlay_words(false, state.warnings.len()),
    }))
}

impl Hub {
    pub(crate) fn new(csp: String) -> Hub {
        let run = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        Hub {
            state: Mutex::new(DevState::default()),
            events: broadcast::channel(BACKLOG).0,
            csp: RwLock::new(csp),
            languages: RwLock::new(crate::lang::Languages::builtin().clone()),
            run: format!("{run:x}-{}", std::process::id()),
        }
    }

    pub(crate) fn set_languages(&self, languages: crate::lang::Languages) {
        *self.languages.write().unwrap_or_else(|p| p.into_inner()) = languages;
    }

    pub(crate) fn languages(&self) -> crate::lang::Languages {
        self.languages
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    pub(crate) fn state(&self) -> DevState {
        self.state.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// A new listener, and the events it starts with (`hello` and the current errors).
    /// Subscribing first means no event falls between the two.
    pub(crate) fn subscribe(&self) -> (broadcast::Receiver<DevEvent>, Vec<DevEvent>) {
        let rx = self.events.subscribe();
        let state = self.state();
        let hello = serde_json::json!({ "run": self.run, "version": state.version });
        let first = vec![
            DevEvent {
                name: "hello",
                data: hello.to_string(),
            },
            DevEvent {
                name: "content-error",
                data: errors_json(&state),
            },
            DevEvent {
                name: "content-warning",
                data: warnings_json(&state),
            },
        ];
        (rx, first)
    }

    pub(crate) fn csp(&self) -> String {
        self.csp.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub(crate) fn set_csp(&self, csp: String) {
        *self.csp.write().unwrap_or_else(|p| p.into_inner()) = csp;
    }

    fn publish(&self, name: &'static str, data: String) {
        // An error only means that no page is connected.
        let _ = self.events.send(DevEvent { name, data });
    }

    /// Shows `errors` in every page (replacing what was shown).
    pub(crate) fn set_errors(&self, errors: &Diagnostics) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.version += 1;
        state.errors = errors.0.iter().map(ErrorPayload::from).collect();
        let data = errors_json(&state);
        // Published under the lock, so events go out in version order.
        self.publish("content-error", data);
    }

    /// Shows `warnings` in every page when they differ from those shown. Returns whether they
    /// did (the terminal prints them then).
    pub(crate) fn set_warnings(&self, warnings: &Diagnostics) -> bool {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let now: Vec<ErrorPayload> = warnings.warnings().map(ErrorPayload::from).collect();
        let same = now.len() == state.warnings.len()
            && now
                .iter()
                .zip(&state.warnings)
                .all(|(a, b)| a.rendered == b.rendered);
        if same {
            return false;
        }
        state.version += 1;
        state.warnings = now;
        let data = warnings_json(&state);
        self.publish("content-warning", data);
        true
    }

    /// Clears the errors and tells pages which paths were re-rendered.
    pub(crate) fn reloaded(&self, paths: &[String]) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.version += 1;
        state.errors.clear();
        let data = serde_json::json!({ "version": state.version, "paths": paths }).to_string();
        self.publish("reload", data);
    }

    /// What a page that fell behind gets: reload everything.
    pub(crate) fn reload_all(&self) -> DevEvent {
        let version = self.state().version;
        DevEvent {
            name: "reload",
            data: serde_json::json!({ "version": version, "paths": ["*"] }).to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_carries_the_line_and_help() {
        let d = Diagnostic::new("content/en/faq.yaml", "expected string scalar")
            .at(2, 13)
            .help("write it in quotes")
            .with_source("- id: a\n  question: [\"x\"]\n");
        let p = ErrorPayload::from(&d);
        assert_eq!(p.source_line.as_deref(), Some("  question: [\"x\"]"));
        assert_eq!((p.line, p.column), (Some(2), Some(13)));
        assert_eq!(p.help.as_deref(), Some("write it in quotes"));
    }

    /// Issue 49: the overlay follows the page's language: each report and the overlay's own
    /// words come in every language of sahel's messages.
    #[test]
    fn payload_carries_every_language() {
        let d = Diagnostic::msg("content/ar/blog/x.md", crate::msg!("check-draft"))
            .help_msg(crate::msg!("check-draft-help"))
            .severity(crate::diagnostics::Severity::Warning);
        let p = ErrorPayload::from(&d);
        assert!(p.texts["en"].message.starts_with("this post is a draft"));
        assert!(
            p.texts["ar"].message.starts_with("هذا المقال مسودة"),
            "{}",
            p.texts["ar"].message
        );
        assert_eq!(p.texts["ar"].label, "تنبيه: ");
        let words = overlay_words(true, 2);
        assert_eq!(words["ar"]["heading"], "خطآن في المحتوى");
        assert_eq!(words["en"]["heading"], "2 content errors");
        assert_eq!(overlay_words(false, 1)["ar"]["dismiss"], "إخفاء");
    }

    #[test]
    fn a_long_line_is_sent_around_the_position() {
        let line = format!("{}<div>x", "<div>".repeat(200_000));
        let d = Diagnostic::new("content/en/blog/deep.md", "too deep")
            .at(2, 1_000_001)
            .with_source(format!("intro\n{line}\n"));
        let p = ErrorPayload::from(&d);
        let shown = p.source_line.unwrap();
        assert!(shown.chars().count() < 200, "{} characters", shown.len());
        let at = p.source_column.unwrap();
        assert_eq!(shown.chars().nth(at - 1), Some('<'));
        assert!(shown.ends_with("<div>x"), "{shown}");
        assert_eq!(p.column, Some(1_000_001));
    }

    #[test]
    fn new_listeners_get_the_current_errors() {
        let hub = Hub::new(String::new());
        hub.set_errors(&Diagnostic::new("a.yaml", "bad").into());
        let (_, first) = hub.subscribe();
        assert_eq!(first[0].name, "hello");
        assert!(first[1].data.contains("\"file\":\"a.yaml\""));
        hub.reloaded(&["/en/".into()]);
        let (_, first) = hub.subscribe();
        assert!(first[1].data.contains("\"errors\":[]"));
        assert!(first[0].data.contains("\"version\":2"));
    }
}
