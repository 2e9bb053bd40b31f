//! One build: load and validate the content, prepare the bundles, compute every route's data,
//! render through the worker pool, wrap in the document shell, write into a staging folder and
//! swap it in as `dist/`.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use rayon::prelude::*;

use crate::assets;
use crate::check::check_site;
use crate::config::SiteConfig;
use crate::content::{Site, load::load_site_with_config};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::Lang;
use crate::output::{self, Staging};
use crate::page_data::{RouteData, SiteInfo, page_data};
use crate::routes::{Head, MetaStrings, Route, head_for, route_table};
use crate::ssr::{NodePool, Renderer, WorkerConfig};
use crate::template;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verbosity {
    Quiet,
    Normal,
    Verbose,
}

/// Progress and timing messages, on stderr.
#[derive(Debug, Clone, Copy)]
pub struct Log(pub Verbosity);

impl Log {
    pub fn progress(&self, msg: &str) {
        if self.0 >= Verbosity::Normal {
            eprintln!("{msg}");
        }
    }
    pub fn verbose(&self, msg: &str) {
        if self.0 >= Verbosity::Verbose && !msg.trim().is_empty() {
            eprintln!("{}", msg.trim_end());
        }
    }
}

#[derive(Debug, Clone)]
pub struct BuildOptions {
    /// The folder holding `site.toml`.
    pub root: PathBuf,
    /// Output folder; default `<root>/dist`.
    pub out: Option<PathBuf>,
    /// A config file to use instead of `<root>/site.toml` (e.g. a staging config).
    pub config: Option<PathBuf>,
    /// Overrides `base_url` from the config.
    pub base_url: Option<String>,
    pub verbosity: Verbosity,
    /// Rebuild the bundles even if their sources did not change.
    pub force_bundles: bool,
    /// Number of render workers; default one per core.
    pub jobs: Option<usize>,
    /// Fill routes of one shape from one checked template (on by default; off renders every
    /// route through React, for comparison).
    pub templates: bool,
    /// Replace the output folder even if it was not written by sahel or holds the site's own
    /// folders (`--force`).
    pub force: bool,
}

impl BuildOptions {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        BuildOptions {
            root: root.into(),
            out: None,
            config: None,
            base_url: None,
            verbosity: Verbosity::Normal,
            force_bundles: false,
            jobs: None,
            templates: true,
            force: false,
        }
    }
}

#[derive(Debug, Clone)]
pub struct BuildReport {
    pub routes: usize,
    pub files: usize,
    pub bytes: u64,
    pub stages: Vec<(&'static str, Duration)>,
    pub bundles_rebuilt: bool,
    pub out: PathBuf,
    /// Routes rendered by React in this build.
    pub rendered: usize,
    /// Routes whose previous document was reused (unchanged data, templates and assets).
    pub reused: usize,
    /// Of the rendered routes, those filled from a template of their shape.
    pub from_templates: usize,
    /// Templates rendered.
    pub templates: usize,
}

impl BuildReport {
    /// The one-line summary `build` prints.
    pub fn summary(&self) -> String {
        let total: Duration = self.stages.iter().map(|(_, d)| *d).sum();
        let stages: Vec<String> = self
            .stages
            .iter()
            .map(|(n, d)| format!("{n} {:.0} ms", d.as_secs_f64() * 1000.0))
            .collect();
        let templated = if self.from_templates > 0 {
            format!(
                ", {} of them from {} template{}",
                self.from_templates,
                self.templates,
                if self.templates == 1 { "" } else { "s" }
            )
        } else {
            String::new()
        };
        format!(
            "Built {} routes ({} rendered{templated}, {} unchanged), {} files, {:.1} MiB into {} in {:.2} s ({})",
            self.routes,
            self.rendered,
            self.reused,
            self.files,
            self.bytes as f64 / (1024.0 * 1024.0),
            self.out.display(),
            total.as_secs_f64(),
            stages.join(", ")
        )
    }
}

/// Why a build failed. Both kinds exit with status 1.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("{0}")]
    Content(Diagnostics),
    #[error("{0:#}")]
    Other(#[from] anyhow::Error),
}

impl From<Diagnostics> for BuildError {
    fn from(d: Diagnostics) -> Self {
        BuildError::Content(d)
    }
}

impl From<Diagnostic> for BuildError {
    fn from(d: Diagnostic) -> Self {
        BuildError::Content(d.into())
    }
}

/// Loads the config (with an optional base URL override) and the content, and checks the
/// whole site (parity, unique ids, links): the same validation `check` runs.
pub fn load(
    root: &Path,
    config_file: Option<&Path>,
    base_url: Option<&str>,
) -> Result<Site, BuildError> {
    let mut config = SiteConfig::load_file(root, config_file)?;
    if let Some(url) = base_url {
        config.base_url = url.to_string();
        let text = toml::to_string(&config).map_err(anyhow::Error::from)?;
        config = SiteConfig::parse(&text, Path::new("--base-url"))?;
    }
    let site = load_site_with_config(root, config)?;
    let problems = check_site(&site);
    if !problems.is_empty() {
        return Err(BuildError::Content(problems));
    }
    Ok(site)
}

/// Reads the `meta` strings of both languages from the app's interface strings.
pub fn load_meta(app: &Path) -> Result<[MetaStrings; 2], BuildError> {
    let read = |lang: Lang| -> Result<MetaStrings, BuildError> {
        let file = app.join(format!("site/src/i18n/{}/common.json", lang.code()));
        let text = std::fs::read_to_string(&file)
            .with_context(|| format!("cannot read {}", file.display()))?;
        #[derive(serde::Deserialize)]
        struct Nav {
            home: String,
            services: String,
            blog: String,
        }
        #[derive(serde::Deserialize)]
        struct Common {
            meta: MetaStrings,
            nav: Nav,
        }
        let common: Common = serde_json::from_str(&text).map_err(|e| {
            Diagnostic::new(&file, format!("the interface strings are not valid: {e}"))
                .at(e.line(), e.column())
                .with_source(text.as_str())
                .help("every screen needs meta.<screen>.title and .description")
        })?;
        let mut meta = common.meta;
        meta.breadcrumbs = [common.nav.home, common.nav.services, common.nav.blog];
        Ok(meta)
    };
    Ok([read(Lang::Ar)?, read(Lang::En)?])
}

/// The copyright year: from `SOURCE_DATE_EPOCH` when set (reproducible builds), else today.
pub fn build_year() -> i32 {
    std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse::<i64>().ok())
        .and_then(|t| time::OffsetDateTime::from_unix_timestamp(t).ok())
        .unwrap_or_else(time::OffsetDateTime::now_utc)
        .year()
}

/// A route with its serialised data, ready to render.
pub struct PreparedRoute {
    pub route: Route,
    pub head: Head,
    pub json: String,
}

/// Every route of the site with its data.
pub fn prepare_routes(site: &Site, meta: &[MetaStrings; 2], year: i32) -> Vec<PreparedRoute> {
    route_table(site)
        .into_par_iter()
        .map(|route| prepare_route(site, meta, year, route))
        .collect()
}

/// One route with its head and serialised data.
pub fn prepare_route(
    site: &Site,
    meta: &[MetaStrings; 2],
    year: i32,
    route: Route,
) -> PreparedRoute {
    let [ar, en] = meta;
    let meta = match route.lang {
        Lang::Ar => ar,
        Lang::En => en,
    };
    let head = head_for(site, meta, &route);
    let data = RouteData {
        path: &route.path,
        lang: route.lang,
        head: head.clone(),
        site: SiteInfo::new(site, route.lang, year),
        page: page_data(site, meta, &route),
    };
    // Invariant: route data is structs, strings, numbers and string-keyed maps, which
    // serde_json always serialises.
    #[allow(clippy::expect_used)]
    let json = serde_json::to_string(&data).expect("route data serialises");
    PreparedRoute { route, head, json }
}

/// Writes `bytes` to `dir/rel`, creating parent folders.
pub fn write_file(dir: &Path, rel: &str, bytes: &[u8]) -> anyhow::Result<()> {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(&path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// What rendering needs besides the routes: the shell, the assets, the workers.
pub struct RenderContext<'a> {
    pub env: &'a minijinja::Environment<'static>,
    pub entry: &'a assets::EntryAssets,
    pub pool: &'a dyn Renderer,
    /// The live-reload script, in `serve` output only.
    pub dev_script: Option<&'a str>,
    /// Render routes of one shape from one template ([`crate::template`]).
    pub templates: bool,
    pub log: Log,
}

/// Files and bytes written by [`render_routes`], and how the pages were made.
#[derive(Debug, Default, Clone, Copy)]
pub struct Written {
    pub files: usize,
    pub bytes: u64,
    /// Pages filled from a template instead of rendered by React.
    pub from_templates: usize,
    /// Templates rendered (each checked against full renders of its shape).
    pub templates: usize,
}

/// Renders routes and writes each document (and its page-data file) under `dir` as soon as it
/// is made. Routes that share a shape are filled from one template when that template
/// reproduces the full render of the routes checked against it; the rest go through the
/// pool. Returns every failing route with the reason.
pub fn render_routes(
    ctx: &RenderContext<'_>,
    routes: &[&PreparedRoute],
    dir: &Path,
) -> Result<Written, Vec<String>> {
    let files = AtomicUsize::new(0);
    let bytes = AtomicU64::new(0);
    let failures: Mutex<Vec<String>> = Mutex::new(Vec::new());
    let finish = |i: usize, result: Result<String, String>| {
        let Some(p) = routes.get(i) else {
            return;
        };
        let written = result.and_then(|html| {
            let doc = output::render_document(
                ctx.env,
                &p.head,
                p.route.kind.page_kind(),
                ctx.entry,
                &html,
                &p.json,
                ctx.dev_script,
            )
            .map_err(|e| format!("{e:#}"))?;
            write_file(dir, &p.route.file, doc.as_bytes()).map_err(|e| format!("{e:#}"))?;
            let mut n = doc.len() as u64;
            let mut f = 1;
            if let Some(data_file) = p.route.data_file() {
                write_file(dir, &data_file, p.json.as_bytes()).map_err(|e| format!("{e:#}"))?;
                n += p.json.len() as u64;
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
                .push(format!("route {}: {e}", p.route.path)),
        }
    };

    let jobs: Vec<(&str, &str)> = routes
        .iter()
        .map(|p| (p.route.path.as_str(), p.json.as_str()))
        .collect();
    let stats = template::render_many(ctx.pool, &jobs, ctx.templates, ctx.log, finish);

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
pub fn render_failures(failures: &[String]) -> anyhow::Error {
    anyhow::anyhow!(
        "{} route{} failed to render; the previous output was left as it was:\n{}",
        failures.len(),
        if failures.len() == 1 { "" } else { "s" },
        failures.join("\n")
    )
}

/// Starts the render workers.
pub fn start_pool(bundles: &assets::Bundles, jobs: Option<usize>) -> anyhow::Result<NodePool> {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()));
    Ok(NodePool::start(
        WorkerConfig {
            node: bundles.node.clone(),
            script: bundles.worker_script.clone(),
            bundle: bundles.server_entry.clone(),
            timeout: Duration::from_secs(30),
            compile_cache: bundles
                .server_entry
                .parent()
                .and_then(Path::parent)
                .map(|site_cache| site_cache.join("node-compile-cache")),
        },
        jobs,
    )?)
}

/// Writes what is not a route: the root redirect, the root 404 page, the client assets, the
/// sitemap, feeds, robots.txt and the hosts' configuration files.
pub fn write_extras(
    env: &minijinja::Environment<'static>,
    site: &Site,
    bundles: &assets::Bundles,
    dir: &Path,
) -> anyhow::Result<Written> {
    let root_redirect = output::render_root_redirect(env, site.config.origin())?;
    write_file(dir, "index.html", root_redirect.as_bytes())?;
    let ar_404 = std::fs::read(dir.join("ar/404.html")).context("ar/404.html missing")?;
    write_file(dir, "404.html", &ar_404)?;
    let (asset_files, asset_bytes) = output::copy_client_assets(&bundles.client_dir, dir)?;
    let mut written = Written {
        files: 2 + asset_files,
        bytes: (root_redirect.len() + ar_404.len()) as u64 + asset_bytes,
        ..Written::default()
    };
    for (rel, text) in crate::seo::site_files(env, site)? {
        write_file(dir, &rel, text.as_bytes())?;
        written.files += 1;
        written.bytes += text.len() as u64;
    }
    Ok(written)
}

/// A hash of everything in a page's document that is not its route data: sahel itself (its
/// version and its executable), the templates and the bundle's entry assets.
fn shell_fingerprint(templates: &Path, bundles: &assets::Bundles) -> anyhow::Result<String> {
    let mut h = blake3::Hasher::new();
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update(executable_hash().as_bytes());
    for entry in walkdir::WalkDir::new(templates).sort_by_file_name() {
        let entry = entry?;
        if entry.file_type().is_file() {
            h.update(entry.path().to_string_lossy().as_bytes());
            h.update(&std::fs::read(entry.path())?);
        }
    }
    h.update(bundles.stamp.as_bytes());
    h.update(serde_json::to_string(&bundles.entry)?.as_bytes());
    Ok(h.finalize().to_hex().to_string())
}

/// A hash of the running sahel executable, computed once: a sahel built from other code (even
/// with the same version number) never reuses pages an older one rendered. When the
/// executable cannot be read, a value of this run only, so nothing is reused.
fn executable_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| {
        // On Linux, /proc/self/exe is the running file even if it was replaced since.
        let exe = if cfg!(target_os = "linux") {
            Ok(PathBuf::from("/proc/self/exe"))
        } else {
            std::env::current_exe()
        };
        let mut h = blake3::Hasher::new();
        match exe
            .and_then(std::fs::File::open)
            .and_then(|f| h.update_reader(f).map(|_| ()))
        {
            Ok(()) => h.finalize().to_hex().to_string(),
            Err(_) => format!(
                "unreadable executable, run {} at {:?}",
                std::process::id(),
                std::time::SystemTime::now()
            ),
        }
    })
}

/// Which document each route's data produced in the last build into an output folder, kept
/// in `.cache/render/<hash of the output path>.json`.
struct RenderCache {
    file: PathBuf,
    fingerprint: String,
    previous: std::collections::HashMap<String, String>,
}

impl RenderCache {
    fn open(app: &Path, out: &Path, fingerprint: &str) -> RenderCache {
        let out_abs = std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf());
        let hash = blake3::hash(out_abs.to_string_lossy().as_bytes());
        let name: String = hash.to_hex().chars().take(16).collect();
        let file = app.join(".cache/render").join(format!("{name}.json"));
        let previous = if out.is_dir() {
            std::fs::read(&file)
                .ok()
                .and_then(|b| serde_json::from_slice(&b).ok())
                .unwrap_or_default()
        } else {
            Default::default()
        };
        RenderCache {
            file,
            fingerprint: fingerprint.to_string(),
            previous,
        }
    }

    fn key(&self, p: &PreparedRoute) -> String {
        let mut h = blake3::Hasher::new();
        h.update(self.fingerprint.as_bytes());
        h.update(p.json.as_bytes());
        h.finalize().to_hex().to_string()
    }

    fn is_fresh(&self, p: &PreparedRoute, out: &Path) -> bool {
        self.previous.get(&p.route.path) == Some(&self.key(p)) && out.join(&p.route.file).is_file()
    }

    /// Records this build; a cache that cannot be written only costs the next build time.
    fn save(&self, routes: &[PreparedRoute]) {
        let index: std::collections::BTreeMap<&str, String> = routes
            .par_iter()
            .map(|p| (p.route.path.as_str(), self.key(p)))
            .collect();
        if let Some(parent) = self.file.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        if let Ok(json) = serde_json::to_vec(&index) {
            let _ = std::fs::write(&self.file, json);
        }
    }
}

/// Links (or copies) unchanged pages and their page-data files from the previous output.
fn reuse_pages(routes: &[&PreparedRoute], out: &Path, dir: &Path) -> anyhow::Result<Written> {
    let results: Vec<anyhow::Result<Written>> = routes
        .par_iter()
        .map(|p| {
            let mut w = Written::default();
            let files = std::iter::once(p.route.file.clone()).chain(p.route.data_file());
            for rel in files {
                let (from, to) = (out.join(&rel), dir.join(&rel));
                if let Some(parent) = to.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                if std::fs::hard_link(&from, &to).is_err() {
                    std::fs::copy(&from, &to)
                        .with_context(|| format!("cannot copy {}", from.display()))?;
                }
                w.files += 1;
                w.bytes += std::fs::metadata(&to)?.len();
            }
            Ok(w)
        })
        .collect();
    let mut total = Written::default();
    for r in results {
        let w = r?;
        total.files += w.files;
        total.bytes += w.bytes;
    }
    Ok(total)
}

/// Builds the site into `dist/` (or `opts.out`).
pub fn build_site(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    let log = Log(opts.verbosity);
    let mut stages = Vec::new();
    let mut stage = |name: &'static str, start: Instant| {
        let d = start.elapsed();
        log.verbose(&format!(
            "  {name:<10} {:>8.1} ms",
            d.as_secs_f64() * 1000.0
        ));
        stages.push((name, d));
    };

    let t = Instant::now();
    let site = load(&opts.root, opts.config.as_deref(), opts.base_url.as_deref())?;
    let app = opts.root.join(&site.config.paths.app);
    let templates = opts.root.join(&site.config.paths.templates);
    let meta = load_meta(&app)?;
    let env = output::template_env(&templates)?;
    stage("load", t);

    let t = Instant::now();
    let bundles = assets::prepare(&app, opts.force_bundles, &log)?;
    stage("bundles", t);

    let t = Instant::now();
    let year = build_year();
    let prepared = prepare_routes(&site, &meta, year);
    stage("data", t);

    let out = opts.out.clone().unwrap_or_else(|| opts.root.join("dist"));
    let protected = [
        ("site folder", opts.root.clone()),
        ("content folder", opts.root.join(&site.config.paths.content)),
        ("templates folder", templates.clone()),
        ("app folder", app.clone()),
        ("app's source folder", app.join("site")),
    ]
    .map(|(name, path)| output::Protected { name, path });
    output::check_output_target(&out, &protected, opts.force)?;
    let staging = Staging::new(&out)?;

    // Pages whose data, template and assets are unchanged since the last build into `out` are
    // linked from it instead of being rendered again.
    let t = Instant::now();
    let fingerprint = shell_fingerprint(&templates, &bundles)?;
    let cache = RenderCache::open(&app, &out, &fingerprint);
    let (unchanged, to_render): (Vec<&PreparedRoute>, Vec<&PreparedRoute>) =
        prepared.iter().partition(|p| cache.is_fresh(p, &out));
    let reused = reuse_pages(&unchanged, &out, &staging.dir)?;
    stage("reuse", t);

    let t = Instant::now();
    let pages = if to_render.is_empty() {
        Written::default()
    } else {
        let pool = start_pool(&bundles, opts.jobs)?;
        stage("workers", t);
        let t = Instant::now();
        let ctx = RenderContext {
            env: &env,
            entry: &bundles.entry,
            pool: &pool,
            dev_script: None,
            templates: opts.templates,
            log,
        };
        let pages =
            render_routes(&ctx, &to_render, &staging.dir).map_err(|f| render_failures(&f))?;
        drop(pool);
        stage("render", t);
        pages
    };

    let t = Instant::now();
    let extras = write_extras(&env, &site, &bundles, &staging.dir)?;
    let secrets = crate::secrets::scan(&staging.dir)?;
    if !secrets.is_empty() {
        let list: Vec<String> = secrets
            .iter()
            .map(|f| format!("  {}/{f}", out.display()))
            .collect();
        return Err(BuildError::Other(anyhow::anyhow!(
            "the built site contains a secret key, so it was not published ({} found):\n{}\n  \
             help: only the public `anon` key may appear in the site: remove the secret from the file it came from (site.toml, content or templates) and revoke it if it was ever deployed",
            secrets.len(),
            list.join("\n")
        )));
    }
    staging.commit()?;
    cache.save(&prepared);
    stage("write", t);
    log.verbose(&format!(
        "  {} pages rendered ({} filled from {} templates), {} unchanged pages reused",
        prepared.len() - unchanged.len(),
        pages.from_templates,
        pages.templates,
        unchanged.len()
    ));
    let (from_templates, templates) = (pages.from_templates, pages.templates);
    let pages = Written {
        files: pages.files + reused.files,
        bytes: pages.bytes + reused.bytes,
        ..Written::default()
    };

    Ok(BuildReport {
        routes: prepared.len(),
        files: pages.files + extras.files,
        bytes: pages.bytes + extras.bytes,
        stages,
        bundles_rebuilt: bundles.rebuilt,
        out,
        rendered: prepared.len() - unchanged.len(),
        reused: unchanged.len(),
        from_templates,
        templates,
    })
}
