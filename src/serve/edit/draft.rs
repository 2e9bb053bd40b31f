//! A draft checked as `check` would check it saved (its files parsed, linted and checked with
//! the whole site), rendered for the preview by the build's own pipeline, and saved: only when
//! the checks pass and no file changed on disk since it was opened, every file of the entry
//! written to a temporary file first, then renamed into place.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{Value, json};

use super::Ctx;
use super::api::Reply;
use super::entries::{self, Kind};
use super::read::Scope;
use crate::content::Site;
use crate::content::load::{ContentFile, load_text};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::Lang;
use crate::routes::{Route, RouteKind};

/// The largest file a draft may hold.
const MAX_TEXT: usize = 2 * 1024 * 1024;

#[derive(Deserialize)]
pub(crate) struct CheckRequest {
    collection: String,
    id: String,
    /// Per language code: the draft's text.
    files: BTreeMap<String, String>,
    #[serde(default)]
    preview: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct SaveFile {
    text: String,
    version: Option<String>,
}

#[derive(Deserialize)]
pub(crate) struct SaveRequest {
    collection: String,
    id: String,
    files: BTreeMap<String, SaveFile>,
}

/// The site's scope and the collection a request names.
fn opened<'a>(ctx: &'a Ctx<'_>, collection: &str, ui: &str) -> Result<(Scope<'a>, Kind), Reply> {
    let scope = Scope::of(ctx)?;
    let kind = scope.kind(collection, ui)?.clone();
    Ok((scope, kind))
}

/// A draft's files: language, path, text.
struct Draft {
    files: Vec<(Lang, PathBuf, String)>,
}

/// The draft's languages' files, from a request's texts by language code.
fn draft_of(
    scope: &Scope<'_>,
    kind: &Kind,
    id: &str,
    texts: impl Iterator<Item = (String, String)>,
    ui: &str,
) -> Result<Draft, Reply> {
    let files = scope.files(kind, id, ui)?;
    let mut out = Vec::new();
    for (code, text) in texts {
        let Some((lang, path)) = files.iter().find(|(l, _)| l.code() == code) else {
            return Err(Reply::refuse(
                StatusCode::BAD_REQUEST,
                crate::msg!("edit-no-language", code = code.as_str()).render(ui),
            ));
        };
        if text.len() > MAX_TEXT {
            return Err(Reply::refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                crate::msg!("edit-too-large", path = scope.shown(path)).render(ui),
            ));
        }
        out.push((*lang, path.clone(), text));
    }
    Ok(Draft { files: out })
}

/// The draft's findings, and the site with the draft in it (when the site loaded and every
/// file of the draft parsed).
fn findings(scope: &Scope<'_>, draft: &Draft) -> (Diagnostics, Option<Site>) {
    let mut problems = Diagnostics::default();
    let mut site = scope.site.cloned();
    let pages = scope.site.map(|s| s.pages.clone()).unwrap_or_default();
    let mut parsed = true;
    for (lang, path, text) in &draft.files {
        let shown = PathBuf::from(scope.shown(path));
        let Some(rel) = entries::content_rel(&scope.folders, *lang, path) else {
            // An interface strings file: JSON.
            if let Err(e) = serde_json::from_str::<Value>(text) {
                problems.push(Diagnostic::new(&shown, e.to_string()).at(e.line(), e.column()));
            }
            continue;
        };
        let Some(kind) = ContentFile::classify_with(Path::new(&rel), &pages) else {
            continue;
        };
        match load_text(*lang, text, &shown, kind, &crate::check::LINTS, &pages) {
            Ok((item, lint)) => {
                if let Some(site) = site.as_mut() {
                    let c = site.lang_mut(*lang);
                    if lint.is_empty() {
                        c.lint.remove(&shown);
                    } else {
                        c.lint.insert(shown.clone(), lint);
                    }
                    c.put(item);
                    c.sort();
                    if let Some(unparsed) = site.unparsed.get_mut(lang) {
                        unparsed.remove(&rel);
                    }
                } else {
                    problems.0.extend(lint);
                }
            }
            Err(e) => {
                parsed = false;
                problems.0.extend(e.0);
            }
        }
    }
    let site = site.filter(|_| parsed);
    if let Some(site) = &site {
        let shown: Vec<PathBuf> = draft
            .files
            .iter()
            .map(|(_, p, _)| PathBuf::from(scope.shown(p)))
            .collect();
        let report = crate::check::PostChecks::new(site).report(site, crate::check::Purpose::Serve);
        problems
            .0
            .extend(report.0.into_iter().filter(|d| shown.contains(&d.file)));
    }
    (problems, site)
}

/// A finding as the API gives it, in the editor's language.
fn diagnostic_json(scope: &Scope<'_>, d: &Diagnostic, draft: &Draft, ui: &str) -> Value {
    let file = draft
        .files
        .iter()
        .find(|(_, p, _)| Path::new(&scope.shown(p)) == d.file);
    let lang = file.map(|(l, _, _)| l.code());
    // The lint's fix, in characters (code points) of the draft's text, as the editor counts.
    let chars = |text: &str, at: usize| text.get(..at).map(|s| s.chars().count());
    let fix = match (d.fix(), file) {
        (Some(fix), Some((_, _, text))) => match (chars(text, fix.from), chars(text, fix.to)) {
            (Some(from), Some(to)) => json!({ "from": from, "to": to, "insert": fix.insert }),
            _ => Value::Null,
        },
        _ => Value::Null,
    };
    json!({
        "lang": lang,
        "path": d.file.to_string_lossy(),
        "line": d.position.map(|p| p.0),
        "column": d.position.map(|p| p.1),
        "severity": if d.is_warning() { "warning" } else { "error" },
        "message": d.message_in(ui),
        "help": d.help_in(ui),
        "rule": d.rule.map(|r| r.name()),
        "fix": fix,
    })
}

fn diagnostics_json(scope: &Scope<'_>, problems: &Diagnostics, draft: &Draft, ui: &str) -> Value {
    Value::Array(
        problems
            .0
            .iter()
            .map(|d| diagnostic_json(scope, d, draft, ui))
            .collect(),
    )
}

/// The page that shows an entry, in `lang`.
fn route_of(kind: &Kind, id: &str, site: &Site, lang: Lang) -> Option<Route> {
    let route = match kind.name.as_str() {
        "posts" => {
            let slug = site
                .lang(lang)
                .posts
                .iter()
                .find(|p| p.slug == id)
                .map_or_else(|| id.to_string(), |p| p.slug.clone());
            RouteKind::BlogPost(slug)
        }
        "pages" => match id {
            "about" => RouteKind::About,
            "privacy" => RouteKind::Privacy,
            "terms" => RouteKind::Terms,
            _ => return None,
        },
        "services" => RouteKind::Service(id.to_string()),
        "pricing" => RouteKind::Pricing,
        "faq" => RouteKind::Faq,
        "testimonials" => RouteKind::Home,
        "files" => match id {
            "service-sections" => RouteKind::Services,
            _ => RouteKind::Home,
        },
        _ => return None,
    };
    Some(Route::new(lang, route))
}

/// POST /check.
pub(crate) fn check(
    ctx: &mut Ctx<'_>,
    request: &CheckRequest,
    ui: &str,
    preview_dir: &Path,
) -> Reply {
    let (problems, site, draft, kind) = {
        let (scope, kind) = match opened(ctx, &request.collection, ui) {
            Ok(opened) => opened,
            Err(reply) => return reply,
        };
        let texts = request.files.iter().map(|(k, v)| (k.clone(), v.clone()));
        let draft = match draft_of(&scope, &kind, &request.id, texts, ui) {
            Ok(d) => d,
            Err(reply) => return reply,
        };
        let (problems, site) = findings(&scope, &draft);
        let json = diagnostics_json(&scope, &problems, &draft, ui);
        (json, site, draft, kind)
    };
    let mut url = Value::Null;
    let preview_lang = request
        .preview
        .as_deref()
        .and_then(|code| draft.files.iter().find(|(l, _, _)| l.code() == code));
    // A draft with an error anywhere keeps the last good preview (the editor shows the error).
    let has_errors = problems
        .as_array()
        .is_some_and(|a| a.iter().any(|d| d["severity"] == "error"));
    if let (Some((lang, _, _)), Some(site), Some(session)) =
        (preview_lang, site, ctx.session.as_mut())
        && !has_errors
        && let Some(route) = route_of(&kind, &request.id, &site, *lang)
    {
        let path = route.path.clone();
        if session.render_draft(site, route, preview_dir).is_ok() {
            url = json!(format!(
                "/_edit/preview{path}?v={}",
                time::OffsetDateTime::now_utc().unix_timestamp_nanos()
            ));
        }
    }
    Reply::ok(json!({ "diagnostics": problems, "preview": url }))
}

/// POST /save.
pub(crate) fn save(ctx: &mut Ctx<'_>, request: &SaveRequest, ui: &str) -> (Reply, Vec<PathBuf>) {
    let (scope, kind) = match opened(ctx, &request.collection, ui) {
        Ok(opened) => opened,
        Err(reply) => return (reply, Vec::new()),
    };
    let texts = request
        .files
        .iter()
        .map(|(k, v)| (k.clone(), v.text.clone()));
    let draft = match draft_of(&scope, &kind, &request.id, texts, ui) {
        Ok(d) => d,
        Err(reply) => return (reply, Vec::new()),
    };
    // A file changed on disk since it was opened is never overwritten.
    let mut conflicts = BTreeMap::new();
    for (lang, path, _) in &draft.files {
        let now = std::fs::read(path).ok().map(|b| entries::version(&b));
        let opened = request
            .files
            .get(lang.code())
            .and_then(|f| f.version.clone());
        if now != opened {
            conflicts.insert(lang.code(), super::read::file_json(&scope, path));
        }
    }
    if !conflicts.is_empty() {
        return (
            Reply::status(StatusCode::CONFLICT, json!({ "conflicts": conflicts })),
            Vec::new(),
        );
    }
    let (problems, _) = findings(&scope, &draft);
    if problems.has_errors() {
        let json = diagnostics_json(&scope, &problems, &draft, ui);
        return (
            Reply::status(
                StatusCode::UNPROCESSABLE_ENTITY,
                json!({ "diagnostics": json }),
            ),
            Vec::new(),
        );
    }
    let changed: Vec<(&PathBuf, &String)> = draft
        .files
        .iter()
        .filter(|(_, path, text)| std::fs::read(path).ok().as_deref() != Some(text.as_bytes()))
        .map(|(_, p, t)| (p, t))
        .collect();
    if let Err(e) = write_all(&scope.folders.root, &changed) {
        return (
            Reply::refuse(
                StatusCode::INTERNAL_SERVER_ERROR,
                crate::msg!("edit-cannot-write", error = e.to_string()).render(ui),
            ),
            Vec::new(),
        );
    }
    let files: BTreeMap<&str, Value> = draft
        .files
        .iter()
        .map(|(lang, path, _)| (lang.code(), super::read::file_json(&scope, path)))
        .collect();
    let written = changed.into_iter().map(|(p, _)| p.clone()).collect();
    (Reply::ok(json!({ "files": files })), written)
}

/// Writes every file to a temporary file beside it, then renames them all into place: a
/// failure before the renames leaves every file as it was.
fn write_all(root: &Path, files: &[(&PathBuf, &String)]) -> std::io::Result<()> {
    let mut staged = Vec::new();
    for (path, text) in files {
        let dir = path
            .parent()
            .ok_or_else(|| std::io::Error::other("a file without a folder"))?;
        std::fs::create_dir_all(dir)?;
        entries::confined(root, dir).map_err(std::io::Error::other)?;
        let mut tmp = tempfile::Builder::new()
            .prefix(".sahel-edit-")
            .tempfile_in(dir)?;
        tmp.write_all(text.as_bytes())?;
        tmp.as_file().sync_all()?;
        staged.push((tmp, *path));
    }
    for (tmp, path) in staged {
        tmp.persist(path).map_err(|e| e.error)?;
    }
    Ok(())
}

#[derive(Deserialize)]
pub(crate) struct DeleteRequest {
    collection: String,
    id: String,
    versions: BTreeMap<String, Option<String>>,
}

/// POST /delete: refused while another page links to the entry (the site checked without it
/// finds errors it did not have).
pub(crate) fn delete(
    ctx: &mut Ctx<'_>,
    request: &DeleteRequest,
    ui: &str,
) -> (Reply, Vec<PathBuf>) {
    let (scope, kind) = match opened(ctx, &request.collection, ui) {
        Ok(opened) => opened,
        Err(reply) => return (reply, Vec::new()),
    };
    if !kind.entries_can_change() || kind.name == "pages" {
        return (
            Reply::refuse(
                StatusCode::BAD_REQUEST,
                crate::msg!("edit-cannot-delete").render(ui),
            ),
            Vec::new(),
        );
    }
    let files = match scope.files(&kind, &request.id, ui) {
        Ok(f) => f,
        Err(reply) => return (reply, Vec::new()),
    };
    for (lang, path) in &files {
        let now = std::fs::read(path).ok().map(|b| entries::version(&b));
        if now != request.versions.get(lang.code()).cloned().flatten() {
            let json = super::read::file_json(&scope, path);
            return (
                Reply::status(
                    StatusCode::CONFLICT,
                    json!({ "conflicts": { lang.code(): json } }),
                ),
                Vec::new(),
            );
        }
    }
    if let Some(site) = scope.site {
        let before = crate::check::PostChecks::new(site).report(site, crate::check::Purpose::Serve);
        let mut without = site.clone();
        for (lang, path) in &files {
            if let Some(rel) = entries::content_rel(&scope.folders, *lang, path)
                && let Some(file) = ContentFile::classify_with(Path::new(&rel), &site.pages)
            {
                let c = without.lang_mut(*lang);
                c.remove(&file);
                c.sort();
            }
        }
        let after =
            crate::check::PostChecks::new(&without).report(&without, crate::check::Purpose::Serve);
        let key = |d: &Diagnostic| (d.file.clone(), d.position, d.message.clone());
        let old: std::collections::BTreeSet<_> = before.0.iter().map(key).collect();
        let linked: Vec<Value> = after
            .0
            .iter()
            .filter(|d| !d.is_warning() && !old.contains(&key(d)))
            .map(|d| json!({ "path": d.file.to_string_lossy(), "line": d.position.map(|p| p.0), "message": d.message_in(ui) }))
            .collect();
        if !linked.is_empty() {
            return (
                Reply::status(StatusCode::CONFLICT, json!({ "linked_from": linked })),
                Vec::new(),
            );
        }
    }
    let mut deleted = Vec::new();
    for (_, path) in &files {
        if path.is_file() {
            if let Err(e) = std::fs::remove_file(path) {
                return (
                    Reply::refuse(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        crate::msg!("edit-cannot-write", error = e.to_string()).render(ui),
                    ),
                    deleted,
                );
            }
            deleted.push(path.clone());
        }
    }
    let shown: Vec<String> = deleted.iter().map(|p| scope.shown(p)).collect();
    (Reply::ok(json!({ "deleted": shown })), deleted)
}

#[derive(Deserialize)]
pub(crate) struct MarkBody {
    collection: String,
    id: String,
    lang: String,
}

/// POST /mark: the entry's units recorded as translated into `lang`.
pub(crate) fn mark(ctx: &mut Ctx<'_>, request: &MarkBody, ui: &str) -> (Reply, Vec<PathBuf>) {
    let (scope, kind) = match opened(ctx, &request.collection, ui) {
        Ok(opened) => opened,
        Err(reply) => return (reply, Vec::new()),
    };
    let files = match scope.files(&kind, &request.id, ui) {
        Ok(f) => f,
        Err(reply) => return (reply, Vec::new()),
    };
    let Some((_, target)) = files.iter().find(|(l, _)| l.code() == request.lang) else {
        return (
            Reply::refuse(
                StatusCode::BAD_REQUEST,
                crate::msg!("edit-no-language", code = request.lang.as_str()).render(ui),
            ),
            Vec::new(),
        );
    };
    let Some(mut status) = scope.status() else {
        return (
            Reply::refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                crate::msg!("edit-site-not-loaded").render(ui),
            ),
            Vec::new(),
        );
    };
    let mark = crate::translations::MarkRequest {
        targets: vec![scope.shown(target)],
        all: false,
        source: None,
        langs: vec![request.lang.clone()],
    };
    if let Err(e) = status.mark(&mark) {
        let message = match e {
            crate::error::BuildError::Content(d) => {
                d.0.iter()
                    .map(|d| d.message_in(ui))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            crate::error::BuildError::Other(e) => e.to_string(),
        };
        return (
            Reply::refuse(StatusCode::UNPROCESSABLE_ENTITY, message),
            Vec::new(),
        );
    }
    let record = scope.folders.content.join(crate::translations::RECORD_FILE);
    match super::read::entry_json(&scope, &request.collection, &request.id, ui) {
        Ok(v) => (Reply::ok(v), vec![record]),
        Err(reply) => (reply, vec![record]),
    }
}
