//! Rendering: routes through the worker pool (or filled from a checked template of their
//! shape), each page wrapped in the document shell and written as soon as it is made; and the
//! files that are not routes.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::Context;

use super::prepare::PreparedRoute;
use crate::assets;
use crate::content::Site;
use crate::log::Log;
use crate::output;
use crate::ssr::{NodePool, Renderer, WorkerConfig, snapshot};
use crate::template;

/// Writes `bytes` to `dir/rel`, creating parent folders.
pub(crate) fn write_file(dir: &Path, rel: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        crate::fingerprint::output_dir(parent)?;
    }
    std::fs::write(&path, bytes)
        .with_context(|| crate::msg!("output-cannot-write", path = path.display()))
}

/// What rendering needs besides the routes: the shell, the assets, the workers.
pub(crate) struct RenderContext<'a> {
    pub(crate) env: &'a minijinja::Environment<'static>,
    pub(crate) entry: &'a assets::EntryAssets,
    pub(crate) pool: &'a dyn Renderer,
    /// The live-reload script, in `serve` output only.
    pub(crate) dev_script: Option<&'a str>,
    /// Render routes of one shape from one template ([`crate::template`]).
    pub(crate) templates: bool,
    /// When set, each page and page-data file is scanned for secret keys ([`crate::secrets`])
    /// from memory as it is written.
    pub(crate) secrets: Option<&'a crate::secrets::Scanner>,
    pub(crate) log: Log,
}

/// Files and bytes written by [`render_routes`], and how the pages were made.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct Written {
    pub(crate) files: usize,
    pub(crate) bytes: u64,
    /// Pages filled from a template instead of rendered by React.
    pub(crate) from_templates: usize,
    /// Templates rendered (each checked against full renders of its shape).
    pub(crate) templates: usize,
}

/// Renders routes and writes each document (and its page-data file) under `dir` as soon as it
/// is made. Routes that share a shape are filled from one template when that template
/// reproduces the full render of the routes checked against it; the rest go through the
/// pool. Returns every failing route with the reason.
pub(crate) fn render_routes(
    ctx: &RenderContext<'_>,
    routes: Vec<PreparedRoute>,
    dir: &Path,
) -> Result<Written, Vec<String>> {
    let plan = plan_routes(&routes, ctx.templates);
    render_planned(ctx, routes, plan, dir)
}

/// Routes sorted into shapes and template groups before any worker is needed: a cold build plans
/// while its first worker starts, so the worker gets its first route as soon as it is ready.
pub(crate) struct RoutePlan {
    planned: template::Planned,
}

/// Plans the render of `routes` (with `templates`, routes of one shape share a template).
pub(crate) fn plan_routes(routes: &[PreparedRoute], templates: bool) -> RoutePlan {
    let jobs: Vec<(&str, &str)> = routes
        .iter()
        .map(|p| (p.route.path.as_str(), p.render_json.as_str()))
        .collect();
    RoutePlan {
        planned: template::plan_routes(&jobs, templates),
    }
}

/// The routes being rendered: each one's data is held until its page is written, then let go,
/// so the pages written later reuse its memory instead of touching new memory (mimalloc keeps
/// what is freed, so the resident size hardly falls).
struct Held {
    urls: Vec<String>,
    routes: Vec<Mutex<Option<PreparedRoute>>>,
}

impl Held {
    /// Route `i`, taken: its page is being written.
    fn take(&self, i: usize) -> Option<PreparedRoute> {
        self.routes
            .get(i)?
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }
}

impl template::Routes for Held {
    fn url(&self, i: usize) -> &str {
        self.urls.get(i).map_or("", String::as_str)
    }

    fn with_data(
        &self,
        i: usize,
        render: &mut dyn FnMut(&str) -> Result<String, String>,
    ) -> Result<String, String> {
        let route = self
            .routes
            .get(i)
            .map(|r| r.lock().unwrap_or_else(|p| p.into_inner()));
        match route.as_deref() {
            Some(Some(p)) => render(&p.render_json),
            _ => Err(crate::msg!("output-page-written-already").text()),
        }
    }
}

/// [`render_routes`] with the routes already planned by [`plan_routes`] (from these `routes`, in
/// this order; the plan, not `ctx`, says whether templates are used). Each route is dropped as
/// soon as its page is written.
pub(crate) fn render_planned(
    ctx: &RenderContext<'_>,
    routes: Vec<PreparedRoute>,
    plan: RoutePlan,
    dir: &Path,
) -> Result<Written, Vec<String>> {
    let files = AtomicUsize::new(0);
    let bytes = AtomicU64::new(0);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let documents = output::Documents::new(ctx.env, ctx.entry, ctx.dev_script);
    let scan = |rel: &str, bytes: &[u8]| {
        if let Some(scanner) = ctx.secrets {
            scanner.file(Path::new(rel), bytes);
        }
    };
    let held = Held {
        urls: routes.iter().map(|p| p.route.path.clone()).collect(),
        routes: routes.into_iter().map(|p| Mutex::new(Some(p))).collect(),
    };
    let finish = |i: usize, result: Result<String, String>| {
        let Some(p) = held.take(i) else {
            return;
        };
        let written = result.and_then(|html| {
            let doc = documents
                .render(&p.head, p.route.kind.page_kind(), &html, &p.inline)
                .map_err(|e| format!("{e:#}"))?;
            write_file(dir, &p.route.file, doc.as_bytes()).map_err(|e| format!("{e:#}"))?;
            scan(&p.route.file, doc.as_bytes());
            let mut n = doc.len() as u64;
            let mut f = 1;
            if let Some(data_file) = p.route.data_file() {
                let json = p.page_data_json();
                write_file(dir, &data_file, json.as_bytes()).map_err(|e| format!("{e:#}"))?;
                scan(&data_file, json.as_bytes());
                n += json.len() as u64;
                f += 1;
            }
            Ok((f, n))
        });
        match written {
            Ok((f, n)) => {
                files.fetch_add(f, Ordering::Relaxed);
                bytes.fetch_add(n, Ordering::Relaxed);
            }
            Err(e) => failures
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(crate::msg!("output-route-failed", route = &p.route.path, detail = e).text()),
        }
    };

    let stats = template::render_planned(ctx.pool, &held, plan.planned, ctx.log, finish);

    let mut failures = failures.into_inner().unwrap_or_else(|p| p.into_inner());
    if failures.is_empty() {
        Ok(Written {
            files: files.into_inner(),
            bytes: bytes.into_inner(),
            from_templates: stats.from_templates,
            templates: stats.templates,
        })
    } else {
        failures.sort();
        Err(failures)
    }
}

/// The error for routes that failed to render.
pub(crate) fn render_failures(failures: &[String]) -> anyhow::Error {
    anyhow::anyhow!(crate::msg!(
        "output-routes-failed",
        count = failures.len(),
        failures = failures.join("\n")
    ))
}

/// Starts the render workers: from the worker snapshot made for these bundles when there is
/// one ([`crate::ssr::snapshot`]), else by loading the bundle. A snapshot that cannot start a
/// worker is removed and the ordinary workers start instead. `jobs` workers (default: one per
/// core) can render at once; `at_once` of them (default: all) start now, and the others when
/// they are first given a page ([`crate::template::render_planned`] gives the second one pages
/// only when there are enough to render).
pub(crate) fn start_pool(
    bundles: &assets::Bundles,
    jobs: Option<usize>,
    at_once: Option<usize>,
) -> anyhow::Result<NodePool> {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    let at_once = at_once.unwrap_or(jobs);
    let cfg = WorkerConfig {
        node: bundles.node.clone(),
        script: bundles.worker_script.clone(),
        bundle: bundles.server_entry.clone(),
        timeout: Duration::from_secs(30),
        compile_cache: bundles
            .server_entry
            .parent()
            .and_then(Path::parent)
            .map(|site_cache| site_cache.join("node-compile-cache")),
        snapshot: snapshot::existing(bundles),
    };
    if let Some(blob) = cfg.snapshot.clone() {
        match NodePool::start_some(cfg.clone(), jobs, at_once) {
            Ok(pool) => return Ok(pool),
            Err(_) => snapshot::discard(&blob),
        }
    }
    Ok(NodePool::start_some(
        WorkerConfig {
            snapshot: None,
            ..cfg
        },
        jobs,
        at_once,
    )?)
}

/// Writes what is not a route: the root redirect, the root 404 page, the client assets, the
/// sitemap, feeds, robots.txt and the hosts' configuration files.
pub(crate) fn write_extras(
    env: &minijinja::Environment<'static>,
    site: &Site,
    bundles: &assets::Bundles,
    dir: &Path,
) -> anyhow::Result<Written> {
    let ignore = |_: &Path, _: &[u8]| {};
    let site_files = write_site_files(env, site, bundles, dir, &ignore)?;
    let root = write_root_files(env, site, dir, &ignore)?;
    Ok(Written {
        files: site_files.files + root.files,
        bytes: site_files.bytes + root.bytes,
        ..Written::default()
    })
}

/// Writes the files that are not routes and do not need any page rendered first: the client
/// assets, the media files (`content/media/`), the sitemap, feeds, assistant indexes, robots.txt and the hosts' configuration files
/// (a build writes them while the pages render). `scan` sees each file's path (relative to
/// `dir`) and contents as it is written.
pub(crate) fn write_site_files(
    env: &minijinja::Environment<'static>,
    site: &Site,
    bundles: &assets::Bundles,
    dir: &Path,
    scan: &(dyn Fn(&Path, &[u8]) + Sync),
) -> anyhow::Result<Written> {
    let (files, bytes) = output::copy_client_assets(&bundles.client_dir, dir, scan)?;
    // Media files were checked (type, SVG content, links, secret keys) when the folder was
    // listed (`Media::scan`); only the bytes checked are published.
    let (media_files, media_bytes) = site.media.publish(dir)?;
    let mut written = Written {
        files: files + media_files,
        bytes: bytes + media_bytes,
        ..Written::default()
    };
    for (rel, text) in crate::seo::site_files(env, site, bundles.entry.style_hash.as_deref())? {
        write_file(dir, &rel, text.as_bytes())?;
        scan(Path::new(&rel), text.as_bytes());
        written.files += 1;
        written.bytes += text.len() as u64;
    }
    Ok(written)
}

/// Writes the files made from rendered pages: the root redirect and the root 404 page (a copy
/// of the default language's `404.html`, which must be written already).
pub(crate) fn write_root_files(
    env: &minijinja::Environment<'static>,
    site: &Site,
    dir: &Path,
    scan: &(dyn Fn(&Path, &[u8]) + Sync),
) -> anyhow::Result<Written> {
    let root_redirect = output::render_root_redirect(env, site)?;
    write_file(dir, "index.html", root_redirect.as_bytes())?;
    scan(Path::new("index.html"), root_redirect.as_bytes());
    let default_404 = format!("{}/404.html", site.language_table().default_lang().code());
    let ar_404 = std::fs::read(dir.join(&default_404))
        .with_context(|| crate::msg!("output-missing", path = &default_404))?;
    write_file(dir, "404.html", &ar_404)?;
    scan(Path::new("404.html"), &ar_404);
    Ok(Written {
        files: 2,
        bytes: (root_redirect.len() + ar_404.len()) as u64,
        ..Written::default()
    })
}
