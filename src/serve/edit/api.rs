//! The editor's HTTP side: its page and bundle, the drafts' previews, and the API. Every API
//! request must carry the run's token (`X-Sahel-Edit-Token`, which only the editor's own page
//! holds) and, when the browser sends one, an `Origin` of this server: another site open in
//! the same browser can neither read the token nor post with it.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{Ctx, Editor, Job};
use crate::serve::watch::Msg;

/// The editor page's policy: its own script and styles only; previews in a frame of its own
/// origin; nothing inline, no `eval`.
pub(crate) const EDITOR_CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'; \
     frame-ancestors 'none'; form-action 'none'; base-uri 'none'; object-src 'none'";

/// The header carrying the token.
const TOKEN_HEADER: &str = "x-sahel-edit-token";

/// A JSON answer.
pub(crate) struct Reply {
    pub(crate) status: StatusCode,
    pub(crate) body: Value,
}

impl Reply {
    pub(crate) fn ok(body: Value) -> Reply {
        Reply {
            status: StatusCode::OK,
            body,
        }
    }

    pub(crate) fn status(status: StatusCode, body: Value) -> Reply {
        Reply { status, body }
    }

    /// A refusal with its reason.
    pub(crate) fn refuse(status: StatusCode, message: impl Into<String>) -> Reply {
        Reply {
            status,
            body: json!({ "message": message.into() }),
        }
    }
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        let body = serde_json::to_vec(&self.body).unwrap_or_default();
        (
            self.status,
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            body,
        )
            .into_response()
    }
}

/// The editor's routes, under `/_edit/`.
pub(crate) fn router(editor: Arc<Editor>) -> Router {
    let api = Router::new()
        .route("/site", get(site))
        .route("/entry", get(entry))
        .route("/template", get(template))
        .route("/changes", get(changes))
        .route("/check", post(check))
        .route("/save", post(save))
        .route("/delete", post(delete))
        .route("/mark", post(mark))
        .route("/media", post(media))
        .route("/commit", post(commit))
        .route("/publish", post(publish))
        .route("/pull", post(pull))
        .layer(middleware::from_fn_with_state(editor.clone(), guard))
        // The server's guard caps bodies (a photo at most); axum's own 2 MB default is lifted.
        .layer(axum::extract::DefaultBodyLimit::max(
            super::MAX_UPLOAD + 64 * 1024,
        ));
    Router::new()
        .route("/_edit/", get(super::page::page))
        .route("/_edit", get(super::page::to_page))
        .route("/_edit/editor.js", get(super::page::script))
        .route("/_edit/editor.css", get(super::page::styles))
        .route("/_edit/fonts.css", get(super::page::fonts))
        .route("/_edit/preview/{*path}", get(super::page::preview))
        .nest("/_edit/api", api)
        .with_state(editor)
}

/// Whether `a` and `b` are equal, in time that does not depend on where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The token and `Origin` checks of every API request.
async fn guard(State(editor): State<Arc<Editor>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let token_ok = headers
        .get(TOKEN_HEADER)
        .is_some_and(|t| same(t.as_bytes(), editor.token.as_bytes()));
    if !token_ok {
        return Reply::refuse(
            StatusCode::FORBIDDEN,
            crate::msg!("edit-no-token").render(&ui_of(request.uri().query())),
        )
        .into_response();
    }
    if let Some(origin) = headers.get(header::ORIGIN) {
        let allowed = origin
            .to_str()
            .is_ok_and(|o| editor.origins.iter().any(|a| a == o));
        if !allowed {
            return Reply::refuse(
                StatusCode::FORBIDDEN,
                crate::msg!("edit-bad-origin").render(&ui_of(request.uri().query())),
            )
            .into_response();
        }
    }
    if headers
        .get("sec-fetch-site")
        .is_some_and(|s| s != HeaderValue::from_static("same-origin"))
    {
        return Reply::refuse(
            StatusCode::FORBIDDEN,
            crate::msg!("edit-bad-origin").render(&ui_of(request.uri().query())),
        )
        .into_response();
    }
    next.run(request).await
}

/// The editor's language from a query string's `ui=`.
fn ui_of(query: Option<&str>) -> String {
    ui_code(
        query
            .into_iter()
            .flat_map(|q| q.split('&'))
            .find_map(|kv| kv.strip_prefix("ui=")),
    )
}

/// The editor's language: Arabic or English (anything else: English).
fn ui_code(ui: Option<&str>) -> String {
    ui.filter(|c| matches!(*c, "ar" | "en"))
        .unwrap_or("en")
        .to_string()
}

/// Runs `work` on the session's thread and answers with what it returns.
async fn run(
    editor: &Editor,
    work: impl FnOnce(&mut Ctx<'_>) -> (Reply, Vec<std::path::PathBuf>) + Send + 'static,
) -> Reply {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move |ctx| {
        let (reply, changed) = work(ctx);
        let _ = tx.send(reply);
        changed
    });
    if editor.jobs.send(Msg::Edit(job)).is_err() {
        return Reply::refuse(StatusCode::SERVICE_UNAVAILABLE, "sahel is stopping");
    }
    rx.await
        .unwrap_or_else(|_| Reply::refuse(StatusCode::INTERNAL_SERVER_ERROR, "sahel stopped"))
}

/// What every call says: the editor's language.
#[derive(Deserialize)]
pub(crate) struct Ui {
    #[serde(default)]
    pub(crate) ui: Option<String>,
}

impl Ui {
    pub(crate) fn lang(&self) -> String {
        ui_code(self.ui.as_deref())
    }
}

/// An entry named in a query.
#[derive(Deserialize)]
pub(crate) struct EntryQuery {
    pub(crate) collection: String,
    pub(crate) id: String,
    #[serde(default)]
    pub(crate) ui: Option<String>,
}

impl EntryQuery {
    pub(crate) fn ui(&self) -> String {
        ui_code(self.ui.as_deref())
    }
}

/// A JSON body, or the refusal to give when it is not one.
fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<T, Reply> {
    serde_json::from_slice(bytes)
        .map_err(|e| Reply::refuse(StatusCode::BAD_REQUEST, format!("not a valid request: {e}")))
}

async fn site(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>) -> Reply {
    let ui = q.lang();
    run(&editor, move |ctx| {
        (super::read::site(ctx, &ui), Vec::new())
    })
    .await
}

async fn entry(State(editor): State<Arc<Editor>>, Query(q): Query<EntryQuery>) -> Reply {
    run(&editor, move |ctx| {
        (super::read::entry(ctx, &q), Vec::new())
    })
    .await
}

async fn template(State(editor): State<Arc<Editor>>, Query(q): Query<EntryQuery>) -> Reply {
    run(&editor, move |ctx| {
        (super::read::template(ctx, &q), Vec::new())
    })
    .await
}

async fn check(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>, bytes: Bytes) -> Reply {
    let request = match body::<super::draft::CheckRequest>(&bytes) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let ui = q.lang();
    let preview = editor.preview.clone();
    run(&editor, move |ctx| {
        (
            super::draft::check(ctx, &request, &ui, &preview),
            Vec::new(),
        )
    })
    .await
}

async fn save(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>, bytes: Bytes) -> Reply {
    let request = match body::<super::draft::SaveRequest>(&bytes) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let ui = q.lang();
    run(&editor, move |ctx| super::draft::save(ctx, &request, &ui)).await
}

async fn delete(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>, bytes: Bytes) -> Reply {
    let request = match body::<super::draft::DeleteRequest>(&bytes) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let ui = q.lang();
    run(&editor, move |ctx| super::draft::delete(ctx, &request, &ui)).await
}

async fn mark(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>, bytes: Bytes) -> Reply {
    let request = match body::<super::draft::MarkBody>(&bytes) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let ui = q.lang();
    run(&editor, move |ctx| super::draft::mark(ctx, &request, &ui)).await
}

/// `?name=photo.jpg&ui=ar`.
#[derive(Deserialize)]
struct MediaQuery {
    name: String,
    #[serde(default)]
    ui: Option<String>,
}

async fn media(
    State(editor): State<Arc<Editor>>,
    Query(q): Query<MediaQuery>,
    bytes: Bytes,
) -> Reply {
    let ui = ui_code(q.ui.as_deref());
    run(&editor, move |ctx| {
        super::media::upload(ctx, &q.name, &bytes, &ui)
    })
    .await
}

async fn changes(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>) -> Reply {
    let ui = q.lang();
    run(&editor, move |ctx| {
        (super::publish::changes(ctx, &ui), Vec::new())
    })
    .await
}

async fn commit(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>, bytes: Bytes) -> Reply {
    let request = match body::<super::publish::CommitBody>(&bytes) {
        Ok(r) => r,
        Err(reply) => return reply,
    };
    let ui = q.lang();
    run(&editor, move |ctx| {
        (super::publish::commit(ctx, &request, &ui), Vec::new())
    })
    .await
}

async fn publish(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>) -> Reply {
    let ui = q.lang();
    run(&editor, move |ctx| {
        (super::publish::publish(ctx, &ui), Vec::new())
    })
    .await
}

async fn pull(State(editor): State<Arc<Editor>>, Query(q): Query<Ui>, bytes: Bytes) -> Reply {
    let request = if bytes.is_empty() {
        None
    } else {
        match body::<super::publish::CommitBody>(&bytes) {
            Ok(r) => Some(r),
            Err(reply) => return reply,
        }
    };
    let ui = q.lang();
    run(&editor, move |ctx| {
        super::publish::pull(ctx, request.as_ref(), &ui)
    })
    .await
}
