//! The HTTP side of `serve`: axum on a small tokio runtime of its own, on 127.0.0.1 only.
//!
//! It answers as the production hosts do (`templates/nginx.conf`, `_redirects`): files and
//! `<path>/index.html`, 301 from `/` and the `/home` aliases, the language's `404.html` with
//! status 404, the site's Content-Security-Policy and security headers (plus `no-store`).
//! And it refuses what a dev server on a laptop should not answer: a `Host` other than
//! `127.0.0.1:PORT` or `localhost:PORT` (DNS rebinding), bodies over 64 KiB, methods other
//! than GET and HEAD, paths outside the output folder (also through symlinks), slow or huge
//! request headers, and more than [`MAX_CONNECTIONS`] connections at once: a new connection
//! beyond them closes the oldest one that is not an event stream (at once when it is idle,
//! after its answer when it is answering), so idle connections — a script's thousand, or a
//! browser's kept-alive ones — never keep a page waiting. Event streams (one per open page)
//! may hold [`MAX_EVENT_STREAMS`] connections; more are refused with 503.

use std::convert::Infallible;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Uri, header};
use axum::middleware::{self, Next};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::{self, StreamExt};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::sync::{Semaphore, broadcast, oneshot};

use super::events::{DevEvent, Hub};
use super::{DEV_SCRIPT, EVENTS, STATE};

/// Connections open at once (each open page holds one for its event stream); a new one beyond
/// them closes the oldest that is not an event stream.
pub const MAX_CONNECTIONS: usize = 128;
/// Event streams open at once. Each holds its connection for as long as its page is open, so
/// without a cap of their own 128 streams (130 open tabs, or a script) left no connection for
/// any page request, which then waited forever. Beyond the cap: 503 with `Retry-After`, and the
/// dev client tries again later; the other 96 connections stay for pages and files.
pub const MAX_EVENT_STREAMS: usize = 32;
/// What a refused event stream is told to wait, in seconds.
const STREAM_RETRY_AFTER: &str = "5";
/// The largest request body accepted (the site has no forms to post here).
const MAX_BODY: usize = 64 * 1024;
/// The largest body of an editor's request (a photo dropped in a post).
const MAX_EDIT_BODY: usize = super::edit::MAX_UPLOAD + 64 * 1024;
/// Request line and headers together.
const MAX_HEADER_BYTES: usize = 16 * 1024;
const MAX_HEADERS: usize = 64;
/// Time to send the request headers (also how long an idle connection is kept).
const HEADER_TIMEOUT: Duration = Duration::from_secs(5);
const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// A comment on the event stream this often keeps proxies and browsers from closing it.
const KEEP_ALIVE: Duration = Duration::from_secs(10);

/// The browser's dev client (live reload and the error overlay).
const DEV_CLIENT: &str = include_str!("dev-client.js");

#[derive(Clone)]
struct App {
    /// The browser editor, with `--edit`.
    edit: Option<Arc<super::edit::Editor>>,
    out: Arc<PathBuf>,
    hub: Arc<Hub>,
    port: u16,
    /// One permit per open event stream ([`MAX_EVENT_STREAMS`]).
    streams: Arc<Semaphore>,
}

/// The running server; [`Server::stop`] (or drop) ends it and every connection.
pub(crate) struct Server {
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Serves `out` (canonical) on `listener` from a thread of its own.
    pub(crate) fn start(
        listener: std::net::TcpListener,
        out: PathBuf,
        hub: Arc<Hub>,
        edit: Option<Arc<super::edit::Editor>>,
    ) -> anyhow::Result<Server> {
        let port = listener.local_addr()?.port();
        listener.set_nonblocking(true)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("sahel-http")
            .enable_all()
            .build()?;
        let listener = {
            let _context = runtime.enter();
            tokio::net::TcpListener::from_std(listener)?
        };
        let app = router(App {
            edit,
            out: Arc::new(out),
            hub,
            port,
            streams: Arc::new(Semaphore::new(MAX_EVENT_STREAMS)),
        });
        let (stop, stopped) = oneshot::channel();
        let thread = std::thread::Builder::new()
            .name("sahel-http".into())
            .spawn(move || {
                runtime.block_on(accept(listener, app, stopped));
                // Open event streams never end by themselves: drop them.
                runtime.shutdown_timeout(Duration::from_millis(200));
            })?;
        Ok(Server {
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    pub(crate) fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// One open connection, oldest first in [`accept`]'s list: it can be asked to close (once its
/// answer is sent: at once when idle), unless it carries an event stream.
struct Open {
    id: u64,
    close: oneshot::Sender<()>,
    streaming: Arc<AtomicBool>,
}

/// Set on a connection whose request is an event stream (it stays open as long as its page):
/// never closed to make room.
#[derive(Clone)]
struct Streaming(Arc<AtomicBool>);

/// Accepts connections until `stop`. Beyond [`MAX_CONNECTIONS`] open, each new one first asks
/// the oldest that is not an event stream to close: with a thousand idle connections held open
/// (issue 50: 300 kept pages waiting 8 s for a slot), a page is answered at once.
async fn accept(listener: tokio::net::TcpListener, app: Router, mut stop: oneshot::Receiver<()>) {
    let open: Arc<std::sync::Mutex<std::collections::VecDeque<Open>>> = Arc::default();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_header_size(MAX_HEADER_BYTES)
        .max_headers(MAX_HEADERS);
    let mut next = 0u64;
    loop {
        let stream = tokio::select! {
            _ = &mut stop => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(_) => {
                    // Out of file descriptors or the like: wait instead of spinning.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let (id, closing) = {
            let mut list = open.lock().unwrap_or_else(|p| p.into_inner());
            while list.len() >= MAX_CONNECTIONS {
                let Some(at) = list
                    .iter()
                    .position(|c| !c.streaming.load(Ordering::Relaxed))
                else {
                    break;
                };
                if let Some(oldest) = list.remove(at) {
                    let _ = oldest.close.send(());
                }
            }
            next += 1;
            let (close, closing) = oneshot::channel();
            let streaming = Arc::new(AtomicBool::new(false));
            list.push_back(Open {
                id: next,
                close,
                streaming: streaming.clone(),
            });
            (next, (closing, streaming))
        };
        let (closing, streaming) = closing;
        let service = app.clone().layer(axum::Extension(Streaming(streaming)));
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let open = open.clone();
        tokio::spawn(async move {
            let mut connection = std::pin::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                asked = closing => {
                    if asked.is_ok() {
                        connection.as_mut().graceful_shutdown();
                        let _ = connection.await;
                    }
                }
            }
            open.lock()
                .unwrap_or_else(|p| p.into_inner())
                .retain(|c| c.id != id);
        });
    }
}

fn router(app: App) -> Router {
    let site = Router::new()
        .route(DEV_SCRIPT, get(dev_script))
        .route(EVENTS, get(events))
        .route(STATE, get(state))
        .fallback(files)
        .with_state(app.clone());
    // The editor's routes exist only with `--edit`; without it `/_edit/` is a missing page.
    let site = match &app.edit {
        Some(editor) => super::edit::router(editor.clone()).merge(site),
        None => site,
    };
    site.layer(middleware::from_fn_with_state(app, guard))
}

/// Whether a request is one of the editor's (which may post, with larger bodies).
fn is_edit(app: &App, path: &str) -> bool {
    app.edit.is_some() && path.starts_with("/_edit/")
}

/// Whether `host` (a `Host` header) names this server: `127.0.0.1:PORT` or `localhost:PORT`.
/// A page on another name that resolves here (DNS rebinding) is refused.
fn host_allowed(host: Option<&str>, port: u16) -> bool {
    let Some(host) = host else {
        return false;
    };
    let host = host.to_ascii_lowercase();
    let (name, port_given) = match host.rsplit_once(':') {
        Some((name, p)) => (name, p.parse::<u16>().ok()),
        None => (host.as_str(), (port == 80).then_some(80)),
    };
    port_given == Some(port) && matches!(name, "127.0.0.1" | "localhost")
}

fn declared_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// Runs before every handler: the host check, the body cap, the method check; adds the
/// security headers to every answer.
async fn guard(State(app): State<App>, request: Request, next: Next) -> Response {
    let mut response = check(&app, request, next).await;
    let headers = response.headers_mut();
    // The editor's answers carry their own policy.
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        let csp = HeaderValue::from_str(&app.hub.csp())
            .unwrap_or_else(|_| HeaderValue::from_static("default-src 'self'"));
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The headers of `templates/_headers` besides the CSP, except HSTS (browsers ignore it
/// over plain HTTP).
const SECURITY_HEADERS: [(HeaderName, &str); 4] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (
        HeaderName::from_static("permissions-policy"),
        "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    ),
    (
        HeaderName::from_static("cross-origin-opener-policy"),
        "same-origin",
    ),
];

/// A plain-text answer: `text` in the reader's language, on a line.
fn plain(status: StatusCode, text: crate::messages::Msg) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        format!("{text}\n"),
    )
        .into_response()
}

async fn check(app: &App, request: Request, next: Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok());
    if !host_allowed(host, app.port) {
        return plain(StatusCode::FORBIDDEN, crate::msg!("serve-http-host"));
    }
    let too_large = || {
        plain(
            StatusCode::PAYLOAD_TOO_LARGE,
            crate::msg!("serve-http-too-large"),
        )
    };
    let edit = is_edit(app, request.uri().path());
    let max_body = if edit { MAX_EDIT_BODY } else { MAX_BODY };
    let declared = declared_length(request.headers());
    if declared.is_some_and(|n| n > max_body as u64) {
        return too_large();
    }
    let has_body = declared.is_some_and(|n| n > 0)
        || request.headers().contains_key(header::TRANSFER_ENCODING);
    let request = if has_body {
        let (parts, body) = request.into_parts();
        match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, max_body)).await {
            Err(_) => {
                return plain(
                    StatusCode::REQUEST_TIMEOUT,
                    crate::msg!("serve-http-too-slow"),
                );
            }
            Ok(Err(_)) => return too_large(),
            // Only the editor reads a body; the site's routes get none.
            Ok(Ok(bytes)) if edit => Request::from_parts(parts, Body::from(bytes)),
            Ok(Ok(_)) => Request::from_parts(parts, Body::empty()),
        }
    } else {
        request
    };
    let posts = edit && *request.method() == Method::POST;
    if !posts && !matches!(*request.method(), Method::GET | Method::HEAD) {
        let mut response = plain(
            StatusCode::METHOD_NOT_ALLOWED,
            crate::msg!("serve-http-method"),
        );
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    next.run(request).await
}

async fn dev_script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        DEV_CLIENT,
    )
        .into_response()
}

async fn state(State(app): State<App>) -> Response {
    let state = serde_json::to_string(&app.hub.state()).unwrap_or_default();
    ([(header::CONTENT_TYPE, "application/json")], state).into_response()
}

fn sse_event(event: DevEvent) -> Result<Event, Infallible> {
    Ok(Event::default().event(event.name).data(event.data))
}

/// The event stream: `hello` and the current errors first, then every event as it is
/// published (each written to the socket at once), and a comment every 10 s. It holds one of
/// [`MAX_EVENT_STREAMS`] permits until the page goes; with none left, 503 and the connection
/// is closed (not kept alive for another request), so it goes back to pages at once.
async fn events(State(app): State<App>, streaming: Option<axum::Extension<Streaming>>) -> Response {
    let Ok(permit) = app.streams.clone().try_acquire_owned() else {
        let mut refused = plain(
            StatusCode::SERVICE_UNAVAILABLE,
            crate::msg!("serve-http-too-many-streams"),
        );
        let headers = refused.headers_mut();
        headers.insert(
            header::RETRY_AFTER,
            HeaderValue::from_static(STREAM_RETRY_AFTER),
        );
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        return refused;
    };
    // Its connection stays open for the page: never closed to make room for another.
    if let Some(axum::Extension(Streaming(flag))) = streaming {
        flag.store(true, Ordering::Relaxed);
    }
    let (rx, first) = app.hub.subscribe();
    let hub = app.hub.clone();
    // The permit lives in the stream's state: it is released when the stream is dropped (the
    // page closed its connection).
    let later = stream::unfold((rx, hub, permit), |(mut rx, hub, permit)| async move {
        let event = match rx.recv().await {
            Ok(event) => event,
            Err(broadcast::error::RecvError::Lagged(_)) => hub.reload_all(),
            Err(broadcast::error::RecvError::Closed) => return None,
        };
        Some((event, (rx, hub, permit)))
    });
    Sse::new(stream::iter(first).chain(later).map(sse_event))
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE).text("ping"))
        .into_response()
}

/// Redirects of the hosts' rules: `/` to the default language's root, and each language's
/// `/home` alias to its root.
fn redirect(path: &str, languages: &crate::lang::Languages) -> Option<String> {
    if path == "/" {
        return Some(format!("/{}/", languages.default_lang().code()));
    }
    let rest = path.strip_prefix('/')?;
    let (code, alias) = rest.split_once('/')?;
    (matches!(alias, "home" | "home/") && languages.get(code).is_some())
        .then(|| format!("/{code}/"))
}

async fn files(State(app): State<App>, uri: Uri) -> Response {
    let path = percent_decode(uri.path());
    let languages = app.hub.languages();
    if let Some(to) = redirect(&path, &languages)
        && let Ok(location) = HeaderValue::from_str(&to)
    {
        return (
            StatusCode::MOVED_PERMANENTLY,
            [(header::LOCATION, location)],
        )
            .into_response();
    }
    let out = app.out.clone();
    let found = tokio::task::spawn_blocking(move || lookup(&out, &path, &languages)).await;
    match found {
        Ok((status, content_type, body)) => {
            (status, [(header::CONTENT_TYPE, content_type)], body).into_response()
        }
        Err(_) => plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            crate::msg!("serve-http-lookup-failed"),
        ),
    }
}

/// Shown for unknown paths while the site has no 404 page (the first build failed): the dev
/// client on it shows the errors, and reloads when they are fixed. In the reader's language.
fn no_pages() -> String {
    let lang = crate::messages::reader();
    let dir = if crate::msg!("serve-direction").render(lang) == "rtl" {
        " dir=\"rtl\""
    } else {
        ""
    };
    let text = crate::msg!("serve-no-pages").render(lang);
    let text = text
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    format!(
        "<!doctype html><html lang=\"{lang}\"{dir}><meta charset=\"utf-8\">\
<title>sahel serve</title><p>{text}</p>\
<script type=\"module\" src=\"/__sahel/dev.js\"></script></html>\n"
    )
}

/// Status, content type and body for a path, as nginx's `try_files $uri $uri/index.html`
/// with `error_page 404 /<lang>/404.html` answers it.
fn lookup(
    out: &Path,
    path: &str,
    languages: &crate::lang::Languages,
) -> (StatusCode, &'static str, Vec<u8>) {
    // The hosts' files and the output's marker are not pages (nginx.conf and _redirects
    // answer 404 for them too), however the path is spelled.
    let hidden = |file: &Path| {
        ["nginx.conf", "_headers", "_redirects", ".sahel-output"]
            .iter()
            .any(|name| file == out.join(name))
    };
    if let Some(file) = resolve(out, path).filter(|f| !hidden(f)) {
        return match std::fs::read(&file) {
            Ok(body) => (StatusCode::OK, content_type(&file), body),
            Err(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "text/plain; charset=utf-8",
                format!("{}\n", crate::msg!("serve-http-cannot-read")).into_bytes(),
            ),
        };
    }
    let first = path
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or_default();
    let lang = languages
        .get(first)
        .filter(|_| path.len() > first.len() + 1)
        .unwrap_or_else(|| languages.default_lang())
        .code();
    let body = resolve(out, &format!("/{lang}/404.html"))
        .and_then(|f| std::fs::read(f).ok())
        .unwrap_or_else(|| no_pages().into_bytes());
    (StatusCode::NOT_FOUND, "text/html; charset=utf-8", body)
}

/// The file a URL path (decoded) maps to: the file, or `<path>/index.html` for a folder
/// (with or without the trailing slash). Nothing outside `out` (canonical): no `..`, and no
/// file whose real path (symlinks resolved) is elsewhere.
fn resolve(out: &Path, url_path: &str) -> Option<PathBuf> {
    let rel = Path::new(url_path.trim_start_matches('/'));
    if url_path.contains('\0') || rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    let path = out.join(rel);
    let file = if path.is_file() {
        path
    } else {
        let index = path.join("index.html");
        index.is_file().then_some(index)?
    };
    let real = file.canonicalize().ok()?;
    real.starts_with(out).then_some(real)
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).and_then(|d| u8::try_from(d).ok())
}

/// `%XX` escapes decoded (invalid UTF-8 replaced); a stray `%` stays as it is.
fn percent_decode(s: &str) -> String {
    let mut out = Vec::with_capacity(s.len());
    let mut rest = s.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%'
            && let [hi, lo, after @ ..] = tail
            && let (Some(hi), Some(lo)) = (hex(*hi), hex(*lo))
        {
            out.push(hi * 16 + lo);
            rest = after;
        } else {
            out.push(b);
            rest = tail;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "gif" => "image/gif",
        "pdf" => "application/pdf",
        "ico" => "image/x-icon",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_folders_and_refuses_escapes() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("out");
        std::fs::create_dir_all(out.join("en/about")).unwrap();
        std::fs::write(out.join("en/about/index.html"), "x").unwrap();
        std::fs::write(tmp.path().join("secret.txt"), "s").unwrap();
        std::os::unix::fs::symlink(tmp.path().join("secret.txt"), out.join("link.txt")).unwrap();
        std::os::unix::fs::symlink(tmp.path(), out.join("up")).unwrap();
        let out = out.canonicalize().unwrap();
        assert!(resolve(&out, "/en/about/").is_some());
        assert!(resolve(&out, "/en/about").is_some());
        assert!(resolve(&out, "/en/about/index.html").is_some());
        assert!(resolve(&out, "/en/nope/").is_none());
        assert!(resolve(&out, "/../secret.txt").is_none());
        assert!(resolve(&out, "/en/../../secret.txt").is_none());
        assert!(
            resolve(&out, "/link.txt").is_none(),
            "symlink out of the folder"
        );
        assert!(
            resolve(&out, "/up/secret.txt").is_none(),
            "symlinked folder"
        );
        assert!(resolve(&out, "/en/about\0/").is_none());
    }

    #[test]
    fn the_hosts_files_and_the_output_marker_are_not_served() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().canonicalize().unwrap();
        std::fs::create_dir_all(out.join("ar")).unwrap();
        std::fs::write(out.join("ar/404.html"), "not found").unwrap();
        for name in ["nginx.conf", "_headers", "_redirects", ".sahel-output"] {
            std::fs::write(out.join(name), "/home/someone/site/dist").unwrap();
        }
        std::fs::write(out.join("robots.txt"), "User-agent: *").unwrap();
        assert_eq!(
            lookup(&out, "/robots.txt", crate::lang::Languages::builtin()).0,
            StatusCode::OK
        );
        for path in [
            "/.sahel-output",
            "//.sahel-output",
            "/ar/../.sahel-output",
            "/./.sahel-output",
            "/nginx.conf",
            "/ar/../_headers",
            "/_redirects",
        ] {
            let (status, _, body) = lookup(&out, path, crate::lang::Languages::builtin());
            assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
            assert_eq!(body, b"not found", "{path}");
        }
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/ar/%D8%A7"), "/ar/ا");
        assert_eq!(percent_decode("/a%2"), "/a%2");
        assert_eq!(percent_decode("/a%zz%"), "/a%zz%");
        assert_eq!(percent_decode("/%2e%2E/x"), "/../x");
    }

    #[test]
    fn hosts() {
        assert!(host_allowed(Some("127.0.0.1:8000"), 8000));
        assert!(host_allowed(Some("LocalHost:8000"), 8000));
        assert!(!host_allowed(Some("127.0.0.1:8001"), 8000));
        assert!(!host_allowed(Some("127.0.0.1"), 8000));
        assert!(host_allowed(Some("127.0.0.1"), 80));
        assert!(!host_allowed(Some("evil.example:8000"), 8000));
        assert!(!host_allowed(Some("localhost.evil.example:8000"), 8000));
        assert!(!host_allowed(Some("[::1]:8000"), 8000));
        assert!(!host_allowed(None, 8000));
    }

    #[test]
    fn redirects_like_the_hosts() {
        let two = crate::lang::Languages::builtin();
        let redirect = |p: &str| super::redirect(p, two);
        assert_eq!(redirect("/").as_deref(), Some("/ar/"));
        assert_eq!(redirect("/en/home/").as_deref(), Some("/en/"));
        assert_eq!(redirect("/ar/home").as_deref(), Some("/ar/"));
        assert_eq!(redirect("/en/"), None);
        assert_eq!(redirect("/en/homes/"), None);
        assert_eq!(redirect("/fa/home/"), None, "not a language of the site");
        assert_eq!(redirect("/x/y/home/"), None);
        // A table of three, Farsi the default.
        let mut specs: Vec<crate::lang::LangSpec> =
            serde_json::from_str(crate::lang::DEFAULT_TABLE).unwrap();
        let mut fa = specs[0].clone();
        fa.code = "fa".into();
        specs[0].default = false;
        specs.push(fa);
        let three = crate::lang::Languages::new(&specs).unwrap();
        assert_eq!(super::redirect("/", &three).as_deref(), Some("/fa/"));
        assert_eq!(super::redirect("/fa/home", &three).as_deref(), Some("/fa/"));
        assert_eq!(
            super::redirect("/ar/home/", &three).as_deref(),
            Some("/ar/")
        );
    }
}
