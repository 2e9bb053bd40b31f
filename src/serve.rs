//! `serve`: builds once, serves the output on 127.0.0.1 with the production routing rules,
//! watches the sources and re-renders only what a change affects, with the render workers
//! kept warm. Open pages reload themselves (server-sent events); content errors show in the
//! browser as an overlay and in the terminal while the last good pages stay served.
//!
//! Output goes to `<root>/.cache/serve/`, never to `dist/`: it carries the live-reload script.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use notify::{EventKind, RecursiveMode, Watcher};
use rayon::prelude::*;
use serde::Serialize;

use crate::assets::{self, Bundles};
use crate::build::{
    self, Log, PreparedRoute, RenderContext, Verbosity, prepare_route, render_routes, start_pool,
    write_extras,
};
use crate::check::check_site;
use crate::config::{CONFIG_FILE, SiteConfig};
use crate::content::load::{ContentFile, load_file, load_site_with_config};
use crate::content::{ContentItem, Site};
use crate::diagnostics::{Diagnostic, Diagnostics, display_path};
use crate::lang::Lang;
use crate::output;
use crate::routes::{MetaStrings, RouteKind, route_table};
use crate::ssr::NodePool;

/// Where the dev client script is served; it exists only in `serve` output.
pub const DEV_SCRIPT: &str = "/__sahel/dev.js";
const EVENTS: &str = "/__sahel/events";
const STATE: &str = "/__sahel/state";

#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub root: PathBuf,
    pub port: u16,
    pub out: Option<PathBuf>,
    pub jobs: Option<usize>,
    pub verbosity: Verbosity,
}

/// What the browser is told: the current errors, and which pages changed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DevState {
    pub version: u64,
    pub errors: Vec<ErrorPayload>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ErrorPayload {
    pub file: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
    pub help: Option<String>,
    /// The full report, as the terminal shows it.
    pub rendered: String,
}

impl From<&Diagnostic> for ErrorPayload {
    fn from(d: &Diagnostic) -> Self {
        ErrorPayload {
            file: d.file.display().to_string(),
            line: d.position.map(|p| p.0),
            column: d.position.map(|p| p.1),
            message: d.message.clone(),
            help: d.help.clone(),
            rendered: d.render(),
        }
    }
}

/// The connected browsers.
#[derive(Default)]
struct Hub {
    state: Mutex<DevState>,
    clients: Mutex<Vec<Sender<String>>>,
}

impl Hub {
    fn publish(&self, event: &str, data: &str) {
        let message = format!("event: {event}\ndata: {data}\n\n");
        self.clients
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|c| c.send(message.clone()).is_ok());
    }

    fn set_errors(&self, errors: &Diagnostics) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.version += 1;
        state.errors = errors.0.iter().map(ErrorPayload::from).collect();
        let data = serde_json::to_string(&*state).expect("state serialises");
        drop(state);
        self.publish("content-error", &data);
    }

    fn reloaded(&self, paths: &[String]) {
        let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
        state.version += 1;
        state.errors.clear();
        drop(state);
        self.publish(
            "reload",
            &serde_json::to_string(paths).expect("paths serialise"),
        );
    }
}

enum Msg {
    Changed(Vec<PathBuf>),
    Stop,
}

/// What a changed path means for the build.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChangeKind {
    Content(Lang, PathBuf),
    Templates,
    Config,
    App,
}

/// Everything a rebuild needs, kept between changes.
struct Session {
    root: PathBuf,
    out: PathBuf,
    jobs: Option<usize>,
    log: Log,
    site: Site,
    /// Errors of files that did not parse; the model keeps their last good version.
    file_errors: BTreeMap<PathBuf, Diagnostics>,
    meta: [MetaStrings; 2],
    env: minijinja::Environment<'static>,
    bundles: Bundles,
    pool: NodePool,
    year: i32,
    /// Hash of each route's data as last written.
    written: HashMap<String, blake3::Hash>,
}

impl Session {
    fn start(opts: &ServeOptions, out: &Path, log: Log) -> Result<Session, build::BuildError> {
        let site = build::load(&opts.root, None, None)?;
        let app = opts.root.join(&site.config.paths.app);
        let meta = build::load_meta(&app)?;
        let env = output::template_env(&opts.root.join(&site.config.paths.templates))?;
        let bundles = assets::prepare(&app, false, &log)?;
        let pool = start_pool(&bundles, opts.jobs)?;
        let mut session = Session {
            root: opts.root.clone(),
            out: out.to_path_buf(),
            jobs: opts.jobs,
            log,
            site,
            file_errors: BTreeMap::new(),
            meta,
            env,
            bundles,
            pool,
            year: build::build_year(),
            written: HashMap::new(),
        };
        std::fs::create_dir_all(out).map_err(anyhow::Error::from)?;
        session.render(None)?;
        write_extras(&session.env, &session.site, &session.bundles, out)?;
        Ok(session)
    }

    /// Renders the routes whose data changed; `only` limits the routes considered.
    fn render(
        &mut self,
        only: Option<&dyn Fn(&crate::routes::Route) -> bool>,
    ) -> anyhow::Result<Vec<String>> {
        let routes: Vec<_> = route_table(&self.site)
            .into_iter()
            .filter(|r| only.is_none_or(|f| f(r)))
            .collect();
        let (site, meta, year) = (&self.site, &self.meta, self.year);
        let prepared: Vec<PreparedRoute> = routes
            .into_par_iter()
            .map(|r| prepare_route(site, meta, year, r))
            .filter(|p| self.written.get(&p.route.path) != Some(&blake3::hash(p.json.as_bytes())))
            .collect();
        let ctx = RenderContext {
            env: &self.env,
            entry: &self.bundles.entry,
            pool: &self.pool,
            dev_script: Some(DEV_SCRIPT),
            templates: true,
            log: self.log,
        };
        render_routes(&ctx, &prepared.iter().collect::<Vec<_>>(), &self.out)
            .map_err(|f| build::render_failures(&f))?;
        for p in &prepared {
            self.written
                .insert(p.route.path.clone(), blake3::hash(p.json.as_bytes()));
        }
        Ok(prepared.into_iter().map(|p| p.route.path).collect())
    }

    /// Removes the output of routes that no longer exist.
    fn prune(&mut self) {
        let current: BTreeSet<String> = route_table(&self.site)
            .into_iter()
            .map(|r| r.path)
            .collect();
        let gone: Vec<String> = self
            .written
            .keys()
            .filter(|p| !current.contains(*p))
            .cloned()
            .collect();
        for path in gone {
            let _ = std::fs::remove_dir_all(self.out.join(path.trim_start_matches('/')));
            self.written.remove(&path);
        }
    }

    /// Applies a batch of changes. Returns the paths re-rendered, or the errors to show.
    fn apply(&mut self, changes: &BTreeSet<ChangeKind>) -> Result<Vec<String>, Diagnostics> {
        let other =
            |e: anyhow::Error| Diagnostics::from(Diagnostic::new("(build)", format!("{e:#}")));
        if changes.contains(&ChangeKind::Config) {
            let config = SiteConfig::load(&self.root)?;
            self.site = load_site_with_config(&self.root, config)?;
            self.file_errors.clear();
            let app = self.root.join(&self.site.config.paths.app);
            self.meta = build::load_meta(&app).map_err(build_error)?;
            self.env = output::template_env(&self.root.join(&self.site.config.paths.templates))
                .map_err(other)?;
            self.written.clear();
        }
        if changes.contains(&ChangeKind::App) {
            let app = self.root.join(&self.site.config.paths.app);
            self.meta = build::load_meta(&app).map_err(build_error)?;
            let bundles = assets::prepare(&app, false, &self.log).map_err(other)?;
            if bundles.rebuilt {
                self.pool = start_pool(&bundles, self.jobs).map_err(other)?;
                output::copy_client_assets(&bundles.client_dir, &self.out).map_err(other)?;
            }
            self.bundles = bundles;
            self.written.clear();
        }
        if changes.contains(&ChangeKind::Templates) {
            self.env = output::template_env(&self.root.join(&self.site.config.paths.templates))
                .map_err(other)?;
            self.written.clear();
        }
        let content_dir = self.root.join(&self.site.config.paths.content);
        let mut langs = BTreeSet::new();
        let mut posts_only = true;
        let mut changed_posts: BTreeSet<(Lang, String)> = BTreeSet::new();
        for change in changes {
            let ChangeKind::Content(lang, path) = change else {
                continue;
            };
            langs.insert(*lang);
            let lang_dir = content_dir.join(lang.code());
            let shown = display_path(&self.root, path);
            let rel = path.strip_prefix(&lang_dir).unwrap_or(path);
            let kind = ContentFile::classify(rel);
            match &kind {
                Some(ContentFile::Post(slug)) => {
                    changed_posts.insert((*lang, slug.clone()));
                }
                _ => posts_only = false,
            }
            if path.exists() {
                match load_file(&self.root, &lang_dir, *lang, path) {
                    Ok(item) => {
                        if let ContentItem::Post(p) = &item
                            && !self.site.lang(*lang).posts.iter().any(|x| x.slug == p.slug)
                        {
                            posts_only = false; // a new post changes the route table
                        }
                        self.site.lang_mut(*lang).put(item);
                        self.file_errors.remove(&shown);
                    }
                    Err(e) => {
                        self.file_errors.insert(shown, e);
                    }
                }
            } else {
                if let Some(kind) = &kind {
                    self.site.lang_mut(*lang).remove(kind);
                }
                posts_only = false;
                self.file_errors.remove(&shown);
            }
            self.site.lang_mut(*lang).sort();
        }
        if !self.file_errors.is_empty() {
            let mut all = Diagnostics::default();
            for e in self.file_errors.values() {
                all.0.extend(e.0.iter().cloned());
            }
            return Err(all.sorted());
        }
        let problems = check_site(&self.site);
        if !problems.is_empty() {
            return Err(problems);
        }
        let whole_site = changes
            .iter()
            .any(|c| !matches!(c, ChangeKind::Content(..)));
        let rendered = if whole_site || !posts_only {
            let langs = if whole_site {
                Lang::ALL.into_iter().collect()
            } else {
                langs
            };
            self.render(Some(&|r: &crate::routes::Route| langs.contains(&r.lang)))
        } else {
            // A post edit touches that post, the blog list pages and the home page (latest posts).
            self.render(Some(&|r: &crate::routes::Route| {
                changed_posts.iter().any(|(lang, slug)| {
                    r.lang == *lang
                        && match &r.kind {
                            RouteKind::BlogPost(s) => s == slug,
                            RouteKind::Blog
                            | RouteKind::BlogPage(_)
                            | RouteKind::Home
                            | RouteKind::HomeAlias => true,
                            _ => false,
                        }
                })
            }))
        }
        .map_err(other)?;
        self.prune();
        if whole_site {
            write_extras(&self.env, &self.site, &self.bundles, &self.out).map_err(other)?;
        }
        Ok(rendered)
    }

    fn classify(&self, path: &Path) -> Option<ChangeKind> {
        let name = path.file_name()?.to_str()?;
        if path.is_dir() {
            return None;
        }
        if name.starts_with('.')
            || name.ends_with('~')
            || name.ends_with(".swp")
            || name.ends_with(".tmp")
        {
            return None;
        }
        let root = &self.root;
        let paths = &self.site.config.paths;
        if path == root.join(CONFIG_FILE) {
            return Some(ChangeKind::Config);
        }
        let content = root.join(&paths.content);
        for lang in Lang::ALL {
            let lang_dir = content.join(lang.code());
            if let Ok(rel) = path.strip_prefix(&lang_dir) {
                // A deleted path counts only if it was a content file.
                if path.exists() || ContentFile::classify(rel).is_some() {
                    return Some(ChangeKind::Content(lang, path.to_path_buf()));
                }
                return None;
            }
        }
        if path.starts_with(root.join(&paths.templates)) {
            return Some(ChangeKind::Templates);
        }
        let app = root.join(&paths.app);
        let site_dir = app.join("site");
        if path.starts_with(&site_dir)
            && !path.starts_with(site_dir.join("node_modules"))
            && !path.components().any(|c| c.as_os_str() == "__tests__")
        {
            return Some(ChangeKind::App);
        }
        None
    }
}

fn build_error(e: build::BuildError) -> Diagnostics {
    match e {
        build::BuildError::Content(d) => d,
        build::BuildError::Other(e) => Diagnostic::new("(build)", format!("{e:#}")).into(),
    }
}

/// Runs the dev server until Ctrl-C (or SIGTERM).
pub fn serve(opts: &ServeOptions) -> anyhow::Result<()> {
    let log = Log(opts.verbosity);
    let root = opts
        .root
        .canonicalize()
        .with_context(|| format!("the site folder {} does not exist", opts.root.display()))?;
    let opts = ServeOptions {
        root: root.clone(),
        ..opts.clone()
    };
    let out = opts
        .out
        .clone()
        .unwrap_or_else(|| root.join(".cache/serve"));
    let hub = Arc::new(Hub::default());
    let t = Instant::now();
    let mut session = match Session::start(&opts, &out, log) {
        Ok(s) => Some(s),
        Err(build::BuildError::Content(d)) => {
            eprint!("{}", d.render());
            hub.set_errors(&d);
            None
        }
        Err(e) => return Err(anyhow::anyhow!("{e}")),
    };
    if session.is_some() {
        log.progress(&format!(
            "Built in {:.0} ms",
            t.elapsed().as_secs_f64() * 1000.0
        ));
    }

    let server = Arc::new(
        tiny_http::Server::http(("127.0.0.1", opts.port))
            .map_err(|e| anyhow::anyhow!("cannot listen on 127.0.0.1:{}: {e}", opts.port))?,
    );
    let port = server.server_addr().to_ip().map_or(opts.port, |a| a.port());
    println!("Serving on http://127.0.0.1:{port}/ (Ctrl-C stops)");

    let (tx, rx) = channel::<Msg>();
    let stop = tx.clone();
    ctrlc::set_handler(move || {
        let _ = stop.send(Msg::Stop);
    })
    .context("cannot install the Ctrl-C handler")?;

    let http = {
        let (server, hub, out) = (server.clone(), hub.clone(), out.clone());
        std::thread::spawn(move || {
            for request in server.incoming_requests() {
                let (hub, out) = (hub.clone(), out.clone());
                std::thread::spawn(move || handle(request, &hub, &out));
            }
        })
    };

    // Watch events map to kinds of change; reads (access events) are not changes.
    let watch_tx = tx.clone();
    let mut watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
        if let Ok(event) = res
            && !matches!(event.kind, EventKind::Access(_))
        {
            let _ = watch_tx.send(Msg::Changed(event.paths));
        }
    })
    .context("cannot start the file watcher")?;
    let config = SiteConfig::load(&root).ok();
    let paths = config.map(|c| c.paths).unwrap_or_default();
    watcher.watch(&root, RecursiveMode::NonRecursive)?;
    for dir in [
        root.join(&paths.content),
        root.join(&paths.templates),
        root.join(&paths.app).join("site"),
    ] {
        if dir.is_dir() {
            watcher.watch(&dir, RecursiveMode::Recursive)?;
        }
    }

    let mut extras = ExtrasWriter::start(out.clone());
    while let Ok(msg) = rx.recv() {
        let mut paths = match msg {
            Msg::Stop => break,
            Msg::Changed(p) => p,
        };
        // Debounce: take what else arrives until the files are quiet for 5 ms (at most 200 ms),
        // so an editor's write-then-rename lands in one rebuild.
        let mut stop = false;
        let first = Instant::now();
        while first.elapsed() < Duration::from_millis(200) {
            match rx.recv_timeout(Duration::from_millis(5)) {
                Ok(Msg::Stop) => stop = true,
                Ok(Msg::Changed(p)) => paths.extend(p),
                Err(_) => break,
            }
        }
        if stop {
            break;
        }
        let t = Instant::now();
        let Some(s) = session.as_mut() else {
            // The first build failed: try again from scratch.
            match Session::start(&opts, &out, log) {
                Ok(s) => {
                    session = Some(s);
                    hub.reloaded(&["*".into()]);
                    log.progress(&format!(
                        "Built in {:.0} ms",
                        t.elapsed().as_secs_f64() * 1000.0
                    ));
                }
                Err(build::BuildError::Content(d)) => {
                    eprint!("{}", d.render());
                    hub.set_errors(&d);
                }
                Err(e) => eprintln!("error: {e}"),
            }
            continue;
        };
        let changes: BTreeSet<ChangeKind> = paths.iter().filter_map(|p| s.classify(p)).collect();
        if changes.is_empty() {
            continue;
        }
        match s.apply(&changes) {
            Ok(rendered) => {
                let ms = t.elapsed().as_secs_f64() * 1000.0;
                hub.reloaded(&rendered);
                log.progress(&format!(
                    "Re-rendered {} page{} in {ms:.0} ms",
                    rendered.len(),
                    if rendered.len() == 1 { "" } else { "s" }
                ));
                // Sitemap, feeds and the assistant index follow every content change. They
                // take long on big sites, so another thread writes them and the next edit does
                // not wait behind them.
                extras.submit(&s.env, &s.site);
            }
            Err(errors) => {
                eprint!(
                    "{}",
                    errors.render().replace(
                        "nothing was written",
                        "the last good pages are still served"
                    )
                );
                hub.set_errors(&errors);
            }
        }
    }
    drop(watcher);
    extras.finish(); // the last content change's sitemap, feeds and index are on disk
    drop(session); // stops the render workers
    server.unblock();
    let _ = http.join();
    log.progress("Stopped.");
    Ok(())
}

/// Writes the sitemap, feeds and assistant index on its own thread, from a snapshot of the
/// site. Only the newest snapshot matters: older ones still queued are skipped.
struct ExtrasWriter {
    tx: Option<Sender<(minijinja::Environment<'static>, Site)>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ExtrasWriter {
    fn start(out: PathBuf) -> ExtrasWriter {
        let (tx, rx) = channel::<(minijinja::Environment<'static>, Site)>();
        let thread = std::thread::spawn(move || {
            while let Ok(mut job) = rx.recv() {
                while let Ok(newer) = rx.try_recv() {
                    job = newer;
                }
                let (env, site) = job;
                let written = crate::seo::site_files(&env, &site).and_then(|files| {
                    files
                        .iter()
                        .try_for_each(|(rel, text)| build::write_file(&out, rel, text.as_bytes()))
                });
                if let Err(e) = written {
                    eprintln!("error: {e:#}");
                }
            }
        });
        ExtrasWriter {
            tx: Some(tx),
            thread: Some(thread),
        }
    }

    fn submit(&self, env: &minijinja::Environment<'static>, site: &Site) {
        if let Some(tx) = &self.tx {
            let _ = tx.send((env.clone(), site.clone()));
        }
    }

    /// Waits for the queued writes.
    fn finish(&mut self) {
        self.tx.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        _ => "application/octet-stream",
    }
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

/// The file a URL path maps to, with the production rules: `<path>/index.html` for folders
/// (with or without the trailing slash), nothing outside the output folder.
pub fn resolve(out: &Path, url_path: &str) -> Option<PathBuf> {
    let rel = Path::new(url_path.trim_start_matches('/'));
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    let path = out.join(rel);
    if path.is_file() {
        Some(path)
    } else if path.join("index.html").is_file() {
        Some(path.join("index.html"))
    } else {
        None
    }
}

fn handle(request: tiny_http::Request, hub: &Hub, out: &Path) {
    let url = request.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("/").to_string();
    let no_store = header("Cache-Control", "no-store");
    let respond = |request: tiny_http::Request, status: u16, body: Vec<u8>, ctype: &str| {
        let response = tiny_http::Response::from_data(body)
            .with_status_code(status)
            .with_header(header("Content-Type", ctype))
            .with_header(no_store.clone());
        let _ = request.respond(response);
    };
    match path.as_str() {
        "/" => {
            let response = tiny_http::Response::empty(302)
                .with_header(header("Location", "/ar/"))
                .with_header(no_store.clone());
            let _ = request.respond(response);
        }
        DEV_SCRIPT => respond(
            request,
            200,
            DEV_CLIENT.as_bytes().to_vec(),
            "text/javascript; charset=utf-8",
        ),
        STATE => {
            let state = serde_json::to_vec(&*hub.state.lock().unwrap_or_else(|p| p.into_inner()))
                .expect("state serialises");
            respond(request, 200, state, "application/json");
        }
        EVENTS => {
            let (tx, rx) = channel();
            let state = hub.state.lock().unwrap_or_else(|p| p.into_inner()).clone();
            if !state.errors.is_empty() {
                let _ = tx.send(format!(
                    "event: content-error\ndata: {}\n\n",
                    serde_json::to_string(&state).expect("state serialises")
                ));
            }
            hub.clients
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(tx);
            let response = tiny_http::Response::new(
                tiny_http::StatusCode(200),
                vec![
                    header("Content-Type", "text/event-stream"),
                    no_store.clone(),
                ],
                EventStream {
                    rx,
                    pending: b": connected\n\n".to_vec(),
                },
                None,
                None,
            );
            let _ = request.respond(response);
        }
        _ => {
            let decoded = percent_decode(&path);
            match resolve(out, &decoded) {
                Some(file) => match std::fs::read(&file) {
                    Ok(body) => respond(request, 200, body, content_type(&file)),
                    Err(_) => respond(request, 500, b"cannot read the file".to_vec(), "text/plain"),
                },
                None => {
                    let lang = if decoded.starts_with("/en/") || decoded == "/en" {
                        "en"
                    } else {
                        "ar"
                    };
                    let body = std::fs::read(out.join(lang).join("404.html"))
                        .unwrap_or_else(|_| b"Not found".to_vec());
                    respond(request, 404, body, "text/html; charset=utf-8");
                }
            }
        }
    }
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && i + 2 < bytes.len()
            && let Ok(b) = u8::from_str_radix(
                std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("zz"),
                16,
            )
        {
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A server-sent-event stream: blocks until the next event, with a comment every 15 s.
struct EventStream {
    rx: Receiver<String>,
    pending: Vec<u8>,
}

impl Read for EventStream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pending.is_empty() {
            match self.rx.recv_timeout(Duration::from_secs(15)) {
                Ok(message) => self.pending = message.into_bytes(),
                Err(RecvTimeoutError::Timeout) => self.pending = b": ping\n\n".to_vec(),
                Err(RecvTimeoutError::Disconnected) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The dev client: reloads on `reload`, shows an overlay on `content-error`.
const DEV_CLIENT: &str = r#"// sahel serve: live reload and the content-error overlay (never in build output).
const overlayId = 'sahel-error-overlay';
function showErrors(state) {
  let el = document.getElementById(overlayId);
  if (!el) {
    el = document.createElement('div');
    el.id = overlayId;
    el.setAttribute('role', 'alert');
    el.dir = 'ltr';
    el.style.cssText = 'position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(15,23,42,.94);color:#f8fafc;font:14px/1.5 ui-monospace,Menlo,Consolas,monospace;padding:24px';
    document.body.append(el);
  }
  el.replaceChildren();
  const title = document.createElement('h2');
  title.textContent = state.errors.length + ' content error' + (state.errors.length === 1 ? '' : 's') + ' (the last good page is shown under this overlay)';
  title.style.cssText = 'font:bold 16px system-ui;margin:0 0 16px;color:#fca5a5';
  el.append(title);
  for (const error of state.errors) {
    const pre = document.createElement('pre');
    pre.style.cssText = 'white-space:pre-wrap;margin:0 0 16px;padding:12px;background:#1e293b;border-radius:8px';
    pre.textContent = error.rendered;
    el.append(pre);
  }
}
const events = new EventSource('/__sahel/events');
events.addEventListener('content-error', (e) => showErrors(JSON.parse(e.data)));
events.addEventListener('reload', (e) => {
  const paths = JSON.parse(e.data);
  const here = location.pathname.endsWith('/') ? location.pathname : location.pathname + '/';
  if (document.getElementById(overlayId) || paths.includes('*') || paths.includes(here)) location.reload();
});
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_folders_and_refuses_escapes() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(tmp.path().join("en/about")).unwrap();
        std::fs::write(tmp.path().join("en/about/index.html"), "x").unwrap();
        assert!(resolve(tmp.path(), "/en/about/").is_some());
        assert!(resolve(tmp.path(), "/en/about").is_some());
        assert!(resolve(tmp.path(), "/en/about/index.html").is_some());
        assert!(resolve(tmp.path(), "/en/nope/").is_none());
        assert!(resolve(tmp.path(), "/../etc/passwd").is_none());
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/ar/%D8%A7"), "/ar/ا");
        assert_eq!(percent_decode("/a%2"), "/a%2");
    }
}
