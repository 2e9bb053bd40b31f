//! The editor's "Changes" view: what changed in the site's content and strings since the last
//! commit, a commit with the editor's message, publishing (a push, never forced) and bringing
//! others' changes in first.

use std::path::PathBuf;

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::json;

use super::Ctx;
use super::api::Reply;
use super::git;
use super::read::Scope;

/// The folders the editor writes, relative to the site folder: only their changes are listed
/// and committed.
fn scope_paths(scope: &Scope<'_>) -> Vec<PathBuf> {
    let root = &scope.folders.root;
    let mut paths: Vec<PathBuf> = std::iter::once(&scope.folders.content)
        .chain(scope.folders.strings.iter().map(|(_, p)| p))
        .filter_map(|p| p.strip_prefix(root).ok().map(PathBuf::from))
        .collect();
    paths.sort();
    paths.dedup();
    paths
}

/// GET /changes.
pub(crate) fn changes(ctx: &mut Ctx<'_>, ui: &str) -> Reply {
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    let root = &scope.folders.root;
    let info = git::info(root);
    if !info.available {
        return Reply::ok(json!({ "git": info.to_json(ui), "files": [], "diff": "" }));
    }
    match git::changes(root, &scope_paths(&scope)) {
        Ok(changes) => Reply::ok(changes.to_json(&info, ui)),
        Err(m) => Reply::refuse(StatusCode::UNPROCESSABLE_ENTITY, m.render(ui)),
    }
}

#[derive(Deserialize)]
pub(crate) struct AuthorBody {
    name: String,
    email: String,
}

#[derive(Deserialize)]
pub(crate) struct CommitBody {
    #[serde(default)]
    message: String,
    #[serde(default)]
    author: Option<AuthorBody>,
}

/// POST /commit.
pub(crate) fn commit(ctx: &mut Ctx<'_>, body: &CommitBody, ui: &str) -> Reply {
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    let author = body
        .author
        .as_ref()
        .map(|a| (a.name.as_str(), a.email.as_str()));
    match git::commit(
        &scope.folders.root,
        &scope_paths(&scope),
        &body.message,
        author,
    ) {
        Ok(id) => Reply::ok(json!({ "commit": id })),
        Err(m) => Reply::refuse(StatusCode::UNPROCESSABLE_ENTITY, m.render(ui)),
    }
}

/// POST /publish.
pub(crate) fn publish(ctx: &mut Ctx<'_>, ui: &str) -> Reply {
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    match git::publish(&scope.folders.root) {
        Ok(()) => Reply::ok(json!({ "pushed": true })),
        Err(git::PublishError::Refused(m)) => Reply::status(
            StatusCode::CONFLICT,
            json!({ "refused": true, "message": m.render(ui) }),
        ),
        Err(git::PublishError::Failed(m)) => {
            Reply::refuse(StatusCode::UNPROCESSABLE_ENTITY, m.render(ui))
        }
    }
}

/// POST /pull: the files it brought in are applied to the session at once.
pub(crate) fn pull(
    ctx: &mut Ctx<'_>,
    body: Option<&CommitBody>,
    ui: &str,
) -> (Reply, Vec<PathBuf>) {
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return (reply, Vec::new()),
    };
    let author = body
        .and_then(|b| b.author.as_ref())
        .map(|a| (a.name.as_str(), a.email.as_str()));
    match git::pull(&scope.folders.root, &scope_paths(&scope), author) {
        // The watcher sees the merged files; every content file is looked at again.
        Ok(()) => (
            Reply::ok(json!({ "ok": true })),
            vec![scope.folders.content.clone()],
        ),
        Err(m) => (
            Reply::status(StatusCode::CONFLICT, json!({ "message": m.render(ui) })),
            Vec::new(),
        ),
    }
}
