//! `serve`: builds once, serves the output on 127.0.0.1 with the production routing rules and
//! headers, watches the sources and re-renders only what a change affects, with the render
//! workers kept warm. Open pages reload themselves (server-sent events); content errors show
//! in the browser as an overlay and in the terminal while the last good pages stay served.
//!
//! - [`session`]: the site model and warm workers, and how a change is applied;
//! - [`watch`]: file events, batched, and what a changed path means ([`classify`]);
//! - [`http`]: the axum server, its limits and the event stream;
//! - [`events`]: what the browser is told; `dev-client.js`: what it does with it.
//!
//! Output goes to `<root>/.cache/serve/`, never to `dist/`: it carries the dev client.

mod edit;
mod events;
mod http;
mod session;
mod watch;

use std::collections::BTreeSet;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::channel;
use std::time::Instant;

use anyhow::Context;

pub use http::{MAX_CONNECTIONS, MAX_EVENT_STREAMS};
use watch::{ChangeKind, WatchedPaths, classify};

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::error::BuildError;
use crate::log::{Log, Verbosity};
use events::Hub;
use session::{ExtrasWriter, Session, Settings, build_error};
use watch::{Msg, Watch, next_batch};

/// Where the dev client script is served; it exists only in `serve` output.
const DEV_SCRIPT: &str = "/__sahel/dev.js";
/// The server-sent event stream the dev client listens to.
const EVENTS: &str = "/__sahel/events";
/// The current errors as JSON (for tools and tests).
const STATE: &str = "/__sahel/state";

#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub root: PathBuf,
    /// 0 picks a free port.
    pub port: u16,
    pub out: Option<PathBuf>,
    /// A config file to use instead of `<root>/site.toml`.
    pub config: Option<PathBuf>,
    /// Overrides `base_url` of the config.
    pub base_url: Option<String>,
    pub jobs: Option<usize>,
    pub verbosity: Verbosity,
    /// Serve the browser editor at `/_edit/`.
    pub edit: bool,
    /// The address staff open the editor at through a reverse proxy (`https://cms.example`):
    /// requests from it are accepted besides this machine's.
    pub public_url: Option<String>,
}

/// Runs the dev server until Ctrl-C (or SIGTERM). Errors are startup errors (no site folder,
/// port taken, the first build failing for a reason other than content); content errors,
/// at startup or later, are shown and the server keeps running.
pub fn serve(opts: &ServeOptions) -> anyhow::Result<()> {
    let log = Log(opts.verbosity);
    let root = opts
        .root
        .canonicalize()
        .with_context(|| crate::msg!("serve-no-site-folder", path = opts.root.display()))?;
    let config = match &opts.config {
        Some(file) => Some(
            file.canonicalize()
                .with_context(|| crate::msg!("serve-no-config-file", path = file.display()))?,
        ),
        None => None,
    };
    let out = opts
        .out
        .clone()
        .unwrap_or_else(|| root.join(".cache/serve"));
    // The same rule as `build` for a chosen folder: never write into the site's own folders,
    // nor into a folder sahel did not make (the default, under .cache/, is sahel's own).
    let protected = [
        (crate::msg!("output-folder-site"), root.clone()),
        (crate::msg!("output-folder-content"), root.join("content")),
        (
            crate::msg!("output-folder-templates"),
            root.join("templates"),
        ),
        (crate::msg!("output-folder-app-source"), root.join("site")),
    ]
    .map(|(name, path)| crate::output::Protected { name, path });
    if opts.out.is_some() {
        crate::output::check_output_target(&out, &protected, false)?;
    }
    std::fs::create_dir_all(&out)
        .with_context(|| crate::msg!("serve-cannot-create-output", path = out.display()))?;
    let out = out.canonicalize()?;
    // Held until serve exits: a build refuses to replace the folder meanwhile.
    let _writing = crate::output::lock_for_serve(&out)?;
    // Marked as serve's before any page is written: `build` never reuses a page from it (they
    // carry the dev client script). The marker is written again as the session writes.
    crate::output::write_marker(&out, &out, crate::output::Writer::Serve, None)
        .with_context(|| crate::msg!("serve-cannot-write-output", path = out.display()))?;
    let listener = std::net::TcpListener::bind(("127.0.0.1", opts.port))
        .with_context(|| crate::msg!("serve-cannot-listen", port = opts.port.to_string()))?;
    let port = listener.local_addr()?.port();

    let (tx, rx) = channel::<Msg>();
    let stop = tx.clone();
    let tx_edit = tx.clone();
    ctrlc::set_handler(move || {
        let _ = stop.send(Msg::Stop);
    })
    .context(crate::msg!("serve-cannot-handle-ctrl-c"))?;

    let settings = Settings {
        source: crate::pipeline::Source {
            root,
            config,
            base_url: opts.base_url.clone(),
        },
        out: out.clone(),
        jobs: opts.jobs,
        log,
    };
    let hub = Arc::new(Hub::new(settings.csp(None)));
    // Watching starts before the first build, so an edit made meanwhile is not missed.
    let mut watched = watched_paths(&settings, None);
    let mut watch = Watch::start(tx, &watched)?;
    let t = Instant::now();
    let mut session = match std::panic::catch_unwind(AssertUnwindSafe(|| Session::start(&settings)))
    {
        Ok(Ok(s)) => {
            show_warnings(&hub, &s, log);
            log.progress(&built_in(t));
            Some(s)
        }
        Ok(Err(BuildError::Content(d))) => {
            show(&hub, &d);
            None
        }
        Ok(Err(e)) => return Err(anyhow::anyhow!("{e}")),
        Err(panic) => anyhow::bail!(panic_message(panic.as_ref())),
    };
    hub.set_csp(settings.csp(session.as_ref().map(|s| &s.pipeline)));
    hub.set_languages(settings.languages(session.as_ref().map(|s| &s.pipeline.site)));
    follow(
        &mut watch,
        &mut watched,
        watched_paths(&settings, session.as_ref()),
    );

    let editor = if opts.edit {
        let default_lang = settings.languages(session.as_ref().map(|s| &s.pipeline.site));
        let editor = edit::Editor::new(
            port,
            opts.public_url.as_deref(),
            tx_edit,
            (
                settings.source.root.join(".cache/edit-preview"),
                out.clone(),
            ),
            default_lang.default_lang().code().to_string(),
        )?;
        Some(Arc::new(editor))
    } else {
        None
    };
    let server = http::Server::start(listener, out.clone(), hub.clone(), editor.clone())?;
    // The editor's address first: tools (and tests) read stdout up to the "Serving on" line.
    if editor.is_some() {
        let url = format!("http://127.0.0.1:{port}/_edit/");
        match &opts.public_url {
            Some(public) => println!(
                "{}",
                crate::msg!("serve-editing-public", url = url, public = public.as_str())
            ),
            None => println!("{}", crate::msg!("serve-editing", url = url)),
        }
    }
    println!(
        "{}",
        crate::msg!("serve-serving", url = format!("http://127.0.0.1:{port}/"))
    );

    let mut extras = ExtrasWriter::start(out);
    let mut jobs: Vec<edit::Job> = Vec::new();
    while let Some(mut paths) = next_batch(&rx, &mut jobs) {
        // The editor's requests, answered between batches; the files they wrote are applied
        // at once, as the watcher would a moment later.
        for job in std::mem::take(&mut jobs) {
            let mut ctx = edit::Ctx {
                session: &mut session,
                settings: &settings,
            };
            let run = std::panic::catch_unwind(AssertUnwindSafe(|| job(&mut ctx)));
            match run {
                Ok(changed) => paths.extend(expand(changed)),
                Err(panic) => panicked(&hub, panic.as_ref()),
            }
        }
        let changes: BTreeSet<ChangeKind> =
            paths.iter().filter_map(|p| classify(&watched, p)).collect();
        if changes.is_empty() {
            continue;
        }
        let config_changed = changes.contains(&ChangeKind::Config) || session.is_none();
        session = step(session, changes, &settings, &hub, &extras);
        // The policy names the inlined stylesheet's hash, which an app change changes too.
        hub.set_csp(settings.csp(session.as_ref().map(|s| &s.pipeline)));
        if config_changed {
            hub.set_languages(settings.languages(session.as_ref().map(|s| &s.pipeline.site)));
            follow(
                &mut watch,
                &mut watched,
                watched_paths(&settings, session.as_ref()),
            );
        }
    }
    drop(watch);
    extras.finish(); // the last content change's sitemap, feeds and index are on disk
    drop(session); // stops the render workers
    server.stop();
    log.progress(&crate::msg!("serve-stopped").text());
    Ok(())
}

/// The files a job changed; a folder (after `git pull`) stands for every file in it.
fn expand(changed: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in changed {
        if path.is_dir() {
            out.extend(
                walkdir::WalkDir::new(&path)
                    .into_iter()
                    .flatten()
                    .filter(|e| e.file_type().is_file())
                    .map(|e| e.into_path()),
            );
        } else {
            out.push(path);
        }
    }
    out
}

fn watched_paths(settings: &Settings, session: Option<&Session>) -> WatchedPaths {
    session.map_or_else(|| settings.watched(None), Session::watched)
}

/// Watches the folders of `now` when they differ from `watched` (after a config change).
fn follow(watch: &mut Watch, watched: &mut WatchedPaths, now: WatchedPaths) {
    if now != *watched {
        if let Err(e) = watch.set(&now) {
            eprintln!("{}", crate::msg!("cmd-error", detail = format!("{e:#}")));
        }
        *watched = now;
    }
}

fn ms(since: Instant) -> String {
    format!("{:.0}", since.elapsed().as_secs_f64() * 1000.0)
}

/// `Built in 120 ms`.
fn built_in(t: Instant) -> String {
    crate::msg!("serve-built", ms = ms(t)).text()
}

/// Prints errors in the terminal and shows them in the browsers. The count that ends the report
/// says the last good pages are still served, where a build says nothing was written.
fn show(hub: &Hub, errors: &Diagnostics) {
    let lang = crate::messages::reader();
    let warnings = errors.warnings().count();
    let count = errors.len() - warnings;
    let written = crate::msg!("report-errors-found", errors = count, warnings = warnings);
    let served = crate::msg!("serve-errors-found", errors = count, warnings = warnings);
    eprint!(
        "{}",
        errors
            .render_in(lang)
            .replace(&written.render(lang), &served.render(lang))
    );
    hub.set_errors(errors);
}

/// Shows the site's warnings in the browsers and prints them in the terminal (but with
/// `--quiet`), when they changed.
fn show_warnings(hub: &Hub, session: &Session, log: Log) {
    let warnings = session.pipeline.site.warnings();
    if hub.set_warnings(warnings) && !warnings.is_empty() && log.0 > Verbosity::Quiet {
        eprint!("{}", warnings.render());
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> crate::messages::Msg {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    crate::msg!("serve-internal-error", what = what)
}

/// A panic shown like any error; the next change starts the session from scratch.
fn panicked(hub: &Hub, panic: &(dyn std::any::Any + Send)) {
    let d = Diagnostic::msg("(sahel)", panic_message(panic))
        .help_msg(crate::msg!("serve-internal-error-help"));
    show(hub, &d.into());
}

/// Applies one batch of changes; without a session (the first build failed, or a panic
/// ended it) builds from scratch. Never panics: a panic is caught and shown.
fn step(
    session: Option<Session>,
    changes: BTreeSet<ChangeKind>,
    settings: &Settings,
    hub: &Hub,
    extras: &ExtrasWriter,
) -> Option<Session> {
    let t = Instant::now();
    let log = settings.log;
    let Some(mut s) = session else {
        return match std::panic::catch_unwind(AssertUnwindSafe(|| Session::start(settings))) {
            Ok(Ok(s)) => {
                hub.reloaded(&["*".into()]);
                show_warnings(hub, &s, log);
                log.progress(&built_in(t));
                Some(s)
            }
            Ok(Err(e)) => {
                show(hub, &build_error(e));
                None
            }
            Err(panic) => {
                panicked(hub, panic.as_ref());
                None
            }
        };
    };
    match std::panic::catch_unwind(AssertUnwindSafe(|| s.apply(changes))) {
        Ok(Ok(rendered)) => {
            if rendered.is_empty() && hub.state().errors.is_empty() {
                return Some(s); // nothing changed (an editor's scratch file, a folder)
            }
            hub.reloaded(&rendered);
            show_warnings(hub, &s, log);
            log.progress(
                &crate::msg!("serve-rerendered", count = rendered.len(), ms = ms(t)).text(),
            );
            // Sitemap, feeds and the assistant index follow every content change. They take
            // long on big sites, so another thread writes them and the next edit does not
            // wait behind them.
            extras.submit(&s.pipeline);
            Some(s)
        }
        Ok(Err(errors)) => {
            show(hub, &errors);
            Some(s)
        }
        Err(panic) => {
            panicked(hub, panic.as_ref());
            None // dropping the session stops its render workers
        }
    }
}
