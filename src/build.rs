//! One build: load and validate the content, prepare the bundles, compute every route's data,
//! render through the worker pool, wrap in the document shell, write into a staging folder and
//! swap it in as `dist/`. The stages are [`crate::pipeline`]'s, shared with `serve`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

pub use crate::error::BuildError;
use crate::log::Log;
pub use crate::log::Verbosity;
use crate::output::{self, Staging};
use crate::pipeline::{
    self, Pipeline, RenderCache, RenderContext, Source, Written, render_failures, render_planned,
    reuse_pages,
};
use crate::ssr::snapshot;

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
    /// Lower the build's own threads below its render workers during a cold build (`--nice`;
    /// off by default: beside other busy processes it slowed a 10k-page build twofold).
    pub nice: bool,
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
            nice: false,
        }
    }
}

#[derive(Debug, Clone)]
pub struct BuildReport {
    pub routes: usize,
    files: usize,
    bytes: u64,
    stages: Vec<(&'static str, Duration)>,
    out: PathBuf,
    /// Routes rendered by React in this build.
    pub rendered: usize,
    /// Routes whose previous document was reused (unchanged data, templates and assets).
    pub reused: usize,
    /// Of the rendered routes, those filled from a template of their shape.
    pub from_templates: usize,
    /// Templates rendered.
    pub templates: usize,
    /// Social cards drawn in this build.
    pub cards_drawn: usize,
    /// Social cards linked from the cache of earlier builds.
    pub cards_reused: usize,
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

/// Posts (both languages) from which a build's parallel stages run on [`THREADS_PER_CORE`]
/// threads per core instead of one.
const MANY_POSTS: usize = 1_000;

/// See [`size_thread_pool`].
const THREADS_PER_CORE: usize = 4;

/// Sizes the pool the build's parallel stages run on (rayon's global pool; `RAYON_NUM_THREADS`
/// overrides), from the number of entries in the blog folders (a listing, no file is read).
///
/// Linux's scheduler shares the cores equally among the threads that want them, so with one
/// thread per core a single other busy program took about a third of a large build's CPU time:
/// at 10,858 pages on 2 cores a cold build ran 1.43 times slower than alone, where Zola, which
/// does much of its work on one thread, ran 1.19 times slower. With two threads per core it ran
/// 1.34 times slower, with four 1.22 times (bench/loaded.sh, one run, 5 rounds); alone, the
/// three took the same time (1.36-1.38 s): the stages split their work into many small pieces
/// that any thread takes. This is no priority: a build beside other work gets the share of a
/// program with that many threads, as `make -j` with more jobs than cores does.
///
/// A small site's build waits on its one render worker instead, and idle pool threads spin
/// before they sleep: at 242 pages four threads per core took 10% longer (0.153 against
/// 0.138 s). So a site with fewer than [`MANY_POSTS`] posts keeps one thread per core. The
/// pool is made once per process; a later build in the same process keeps it.
fn size_thread_pool(content: &std::path::Path) {
    if std::env::var_os("RAYON_NUM_THREADS").is_some() {
        return; // rayon reads it
    }
    let posts: usize = std::fs::read_dir(content)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|lang| std::fs::read_dir(lang.path().join("blog")).ok())
        .map(Iterator::count)
        .sum();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(pool_threads(posts, cores))
        .build_global();
}

/// The build's pool size for a site of `posts` posts on `cores` cores ([`size_thread_pool`]).
fn pool_threads(posts: usize, cores: usize) -> usize {
    let per_core = if posts >= MANY_POSTS {
        THREADS_PER_CORE
    } else {
        1
    };
    cores.max(1).saturating_mul(per_core)
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

    // Builds into one folder take turns, from the start: the render cache, the cards' cache and
    // the previous output are read, and the output replaced, by one build at a time. Staging
    // and backup folders of builds that were killed are removed under the lock.
    let out = opts.out.clone().unwrap_or_else(|| opts.root.join("dist"));
    let _lock = output::lock_output(&out, &log)?;
    output::remove_leftovers(&out, &log);

    let t = Instant::now();
    let source = Source {
        root: opts.root.clone(),
        config: opts.config.clone(),
        base_url: opts.base_url.clone(),
    };
    let config = source.load_config()?;
    size_thread_pool(&opts.root.join(&config.paths.content));
    let app = pipeline::app_dir(&opts.root, &config);
    // Before the bundles, which hold the strings: a strings folder that leads out of the site
    // is refused here, with its own message, rather than as a file Vite cannot find.
    let leaks = crate::check::strings::own_folder_problems(&opts.root, &config);
    if !leaks.is_empty() {
        return Err(BuildError::Content(crate::diagnostics::Diagnostics(leaks)));
    }
    let languages = crate::assets::AppLanguages::of(&opts.root, &config);
    let bundles = crate::assets::prepare(&app, &languages, opts.force_bundles, &log)?;
    stage("bundles", t);

    // On a cold build (no render cache for this output folder) every route is rendered, so the
    // render workers start now, while the content loads and the route data is prepared: Node's
    // start-up and the bundle's import then cost no time of their own on a small site.
    let fingerprint =
        pipeline::shell_fingerprint(&pipeline::templates_dir(&opts.root, &config), &bundles)?;
    let mut cache = RenderCache::open(&app, &out, &fingerprint);
    // Pages are reused only from a build's own output: not from one `serve` wrote (its pages
    // carry the dev client script), nor from a folder whose marker was copied from elsewhere.
    if !output::reusable(&out) {
        cache.forget_all();
    }
    let early_pool = cache.is_empty().then(|| {
        let (bundles, jobs) = (bundles.clone(), opts.jobs);
        std::thread::spawn(move || pipeline::start_pool(&bundles, jobs, Some(1)))
    });

    // With `--nice`, this thread and the ones it starts run at a lower priority than that
    // worker from here on, the build's critical path on an idle machine
    // ([`crate::ssr::yield_to_workers`]).
    if opts.nice && early_pool.is_some() {
        crate::ssr::yield_to_workers();
    }

    let t = Instant::now();
    let site = source.load_site_with(config)?;
    // Warnings inform and stop nothing (`check --deny-warnings` fails on them, for CI).
    if !site.warnings().is_empty() && opts.verbosity > Verbosity::Quiet {
        eprint!("{}", site.warnings().render());
    }
    let pipeline = Pipeline::with_bundles(source, site, bundles)?;
    stage("load", t);

    let t = Instant::now();
    let prepared = pipeline.prepare_all();
    stage("data", t);

    let config = &pipeline.site.config;
    let protected = [
        ("site folder", opts.root.clone()),
        ("content folder", opts.root.join(&config.paths.content)),
        ("templates folder", pipeline.templates()),
        ("app folder", app.clone()),
        ("app's source folder", app.join("site")),
    ]
    .map(|(name, path)| output::Protected { name, path });
    output::check_output_target(&out, &protected, opts.force)?;
    output::check_no_serve(&out)?;
    let staging = Staging::new(&out)?;

    // What is needed of every route after the pages are written is taken now: the pages let
    // each route's data go as soon as they are written.
    let routes = prepared.len();
    let cards_job = pipeline.cards_job(&prepared, &out, &staging.dir, true);
    let hashes: Vec<(String, blake3::Hash)> = prepared
        .iter()
        .map(|p| (p.route.path.clone(), p.data_hash))
        .collect();

    // Pages whose data, template and assets are unchanged since the last build into `out` are
    // linked from it instead of being rendered again.
    let t = Instant::now();
    let (unchanged, to_render) = cache.partition(prepared, &out);
    let reused_pages = unchanged.len();
    let reused = reuse_pages(&unchanged, &out, &staging.dir)?;
    drop(unchanged);
    stage("reuse", t);

    // With no worker snapshot for these bundles yet, one is made after the pages, from a few of
    // the routes rendered: later builds' workers start from it.
    let samples = (!to_render.is_empty()
        && snapshot::snapshot_path(&pipeline.bundles).is_some_and(|p| !p.is_file()))
    .then(|| {
        snapshot::pick_samples(to_render.iter().map(|p| {
            (
                p.route.kind.page_kind(),
                p.route.lang.code(),
                p.route.path.as_str(),
                p.render_json.as_str(),
            )
        }))
    });

    // The social cards are drawn on a thread of their own while the pages render: the render
    // workers leave a core idle whenever the pages come from templates.
    let cards_started = Instant::now();
    let cards_thread = std::thread::spawn(cards_job);
    let join_cards = move || -> Result<(crate::cards::CardsWritten, Duration), BuildError> {
        let written = cards_thread
            .join()
            .map_err(|_| anyhow::anyhow!("the thread drawing the social cards panicked"))??;
        Ok((written, cards_started.elapsed()))
    };

    // Every file is scanned for secret keys as it is written, not read back afterwards.
    let secrets = crate::secrets::Scanner::default();
    let scan = |rel: &std::path::Path, bytes: &[u8]| secrets.file(rel, bytes);
    let t = Instant::now();
    // The files that need no rendered page (client assets, sitemap, feeds, assistant indexes,
    // hosts' files) are made and written on a thread of their own while the pages render: after
    // the pages, they were 30 of a 240-page build's 350 ms.
    let (rendered, site_files, record) = std::thread::scope(|s| {
        let site_files = s.spawn(|| pipeline.write_site_files(&staging.dir, &scan));
        // The render cache's record of this build (a hash of each route's data) is made on a
        // thread of its own too; only writing it waits for the output to be in place.
        let record = s.spawn(|| cache.build_record(&hashes));
        // Every way out of the render stage waits for the cards' thread first, so it never
        // writes into a staging folder that is being removed.
        let rendered: Result<Written, BuildError> = 'render: {
            if to_render.is_empty() {
                break 'render Ok(Written::default());
            }
            // Routes are slotted into shapes while the first worker may still be starting.
            let plan = pipeline::plan_routes(&to_render, opts.templates);
            stage("plan", t);
            let t = Instant::now();
            let pool = match early_pool {
                Some(started) => match started.join() {
                    Ok(Ok(pool)) => pool,
                    Ok(Err(e)) => break 'render Err(e.into()),
                    Err(_) => {
                        break 'render Err(anyhow::anyhow!(
                            "the thread starting the render workers panicked"
                        )
                        .into());
                    }
                },
                None => match pipeline.start_pool(opts.jobs, Some(1)) {
                    Ok(pool) => pool,
                    Err(e) => break 'render Err(e.into()),
                },
            };
            stage("workers", t);
            if pool.started_from_snapshot() {
                log.verbose("  (the workers started from the worker snapshot)");
            }
            let t = Instant::now();
            let ctx = RenderContext {
                env: &pipeline.env,
                entry: &pipeline.bundles.entry,
                pool: &pool,
                dev_script: None,
                templates: opts.templates,
                secrets: Some(&secrets),
                log,
            };
            let pages = render_planned(&ctx, to_render, plan, &staging.dir)
                .map_err(|f| render_failures(&f));
            // The workers exit, and a thread of their own reaps them, while the rest is written.
            // The build does not wait for them (that took 10 of a 240-page build's 250 ms): in
            // `sahel build` the process exits next, and the kernel ends any worker still exiting
            // with it (`PR_SET_PDEATHSIG`); a caller that goes on has them reaped by that thread.
            std::thread::spawn(move || drop(pool));
            stage("render", t);
            pages.map_err(BuildError::from)
        };
        let site_files = site_files.join().unwrap_or_else(|_| {
            Err(anyhow::anyhow!(
                "the thread writing the site's files panicked"
            ))
        });
        // A thread that panicked only leaves the next build without its record.
        let record = record.join().ok().flatten();
        (rendered, site_files, record)
    });
    let t = Instant::now();
    let cards = join_cards();
    let pages = rendered?;
    let (cards, cards_time) = cards?;
    if cards.drawn + cards.reused > 0 {
        stage("cards", t);
        log.verbose(&format!(
            "  {} social cards drawn, {} unchanged cards reused ({:.0} ms, alongside rendering)",
            cards.drawn,
            cards.reused,
            cards_time.as_secs_f64() * 1000.0
        ));
    }
    let snapshot = samples.map(|samples| {
        let bundles = pipeline.bundles.clone();
        std::thread::spawn(move || snapshot::build(&bundles, &samples))
    });

    let t = Instant::now();
    let site_files = site_files?;
    let root_files = pipeline.write_root_files(&staging.dir, &scan)?;
    // Reused pages were scanned again when they were found fresh (`RenderCache::partition`: one
    // holding a key is rendered again); every other file, as it was written.
    let secrets = secrets.findings();
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
    staging.commit(record.as_deref())?;
    cache.save(record);
    stage("write", t);
    if let Some(making) = snapshot {
        let t = Instant::now();
        match making.join() {
            Ok(Ok(blob)) => log.verbose(&format!("  worker snapshot made: {}", blob.display())),
            Ok(Err(e)) => log.verbose(&format!("  no worker snapshot: {e:#}")),
            Err(_) => log.verbose("  no worker snapshot: the thread making it panicked"),
        }
        stage("snapshot", t);
    }
    log.verbose(&format!(
        "  {} pages rendered ({} filled from {} templates), {} unchanged pages reused",
        routes - reused_pages,
        pages.from_templates,
        pages.templates,
        reused_pages
    ));
    // The site model and the record's inputs are freed on a thread of their own (on 54k pages
    // that took 0.3-0.5 s): `sahel build` exits next and leaves that memory to the kernel.
    std::thread::spawn(move || drop((pipeline, hashes, cache)));
    Ok(BuildReport {
        routes,
        files: pages.files
            + reused.files
            + site_files.files
            + root_files.files
            + cards.drawn
            + cards.reused,
        bytes: pages.bytes + reused.bytes + site_files.bytes + root_files.bytes + cards.bytes,
        stages,
        out,
        rendered: routes - reused_pages,
        reused: reused_pages,
        from_templates: pages.from_templates,
        templates: pages.templates,
        cards_drawn: cards.drawn,
        cards_reused: cards.reused,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn large_sites_build_on_four_threads_per_core_small_ones_on_one() {
        use super::pool_threads;
        assert_eq!(pool_threads(240, 2), 2);
        assert_eq!(pool_threads(999, 2), 2);
        assert_eq!(pool_threads(1_000, 2), 8);
        assert_eq!(pool_threads(100_000, 16), 64);
        assert_eq!(pool_threads(100_000, 0), 4, "at least one core");
    }
}
