//! The stages of one build, one method each, in the order [`super::build_site`] runs them:
//! bundles, workers, load, data, target, reuse, render (the cards and the site's own files
//! beside it), write and snapshot. Each takes what the stage before it handed on and times
//! itself for the summary `build` prints.

use std::path::PathBuf;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::{BuildError, BuildOptions, BuildReport, size_thread_pool};
use crate::assets::Bundles;
use crate::cards::CardsWritten;
use crate::config::SiteConfig;
use crate::log::{Log, Verbosity};
use crate::output::{self, OutputLock, Staging};
use crate::pipeline::{
    self, Pipeline, PreparedRoute, RenderCache, RenderContext, Source, Written, render_failures,
    render_planned, reuse_pages,
};
use crate::secrets::Scanner;
use crate::ssr::{NodePool, snapshot};

/// One build into one output folder, held locked from its start to its end.
pub(super) struct Build<'o> {
    opts: &'o BuildOptions,
    log: Log,
    stages: Vec<(&'static str, Duration)>,
    out: PathBuf,
    _lock: OutputLock,
}

/// The bundle stage's result: the site's source and configuration, its app and its bundles;
/// and the site, already loaded and checked when the bundles had to be made again.
pub(super) struct Bundled {
    source: Source,
    config: SiteConfig,
    app: PathBuf,
    bundles: Bundles,
    site: Option<crate::content::Site>,
}

/// The render cache of the output folder, and the first render worker when no page can be
/// reused (started while the content loads).
pub(super) struct Workers {
    pub(super) cache: RenderCache,
    early_pool: Option<JoinHandle<anyhow::Result<NodePool>>>,
}

type CardsJob = Box<dyn FnOnce() -> anyhow::Result<CardsWritten> + Send>;

/// The routes sorted by the render cache: those to render, and what the others gave.
pub(super) struct Sorted {
    routes: usize,
    to_render: Vec<PreparedRoute>,
    reused_pages: usize,
    reused: Written,
    /// Routes for a new worker snapshot, when the bundles have none.
    samples: Option<Vec<(String, String)>>,
    /// Each route's data hash, for the render cache's record.
    hashes: Vec<(String, blake3::Hash)>,
    cards_job: CardsJob,
}

/// What the render stage wrote.
pub(super) struct Rendered {
    pages: Written,
    site_files: Written,
    cards: CardsWritten,
    record: Option<Vec<u8>>,
    snapshot: Option<JoinHandle<anyhow::Result<PathBuf>>>,
}

impl<'o> Build<'o> {
    /// Takes the output folder's lock: builds into one folder take turns, from the start (the
    /// render cache, the cards' cache and the previous output are read, and the output
    /// replaced, by one build at a time). Staging and backup folders of builds that were killed
    /// are removed under the lock.
    pub(super) fn start(opts: &'o BuildOptions) -> Result<Build<'o>, BuildError> {
        let log = Log(opts.verbosity);
        let out = opts.out.clone().unwrap_or_else(|| opts.root.join("dist"));
        let lock = output::lock_output(&out, &log)?;
        output::remove_leftovers(&out, &log);
        Ok(Build {
            opts,
            log,
            stages: Vec::new(),
            out,
            _lock: lock,
        })
    }

    fn stage(&mut self, name: &'static str, start: Instant) {
        let d = start.elapsed();
        self.log.verbose(&format!(
            "  {:<10} {}",
            super::stage_name(name).text(),
            crate::msg!(
                "build-milliseconds",
                ms = format!("{:>8.1}", d.as_secs_f64() * 1000.0)
            )
        ));
        self.stages.push((name, d));
    }

    /// Reads the configuration and prepares the React bundles (built by Vite when the app
    /// changed).
    pub(super) fn bundles(&mut self) -> Result<Bundled, BuildError> {
        let t = Instant::now();
        let opts = self.opts;
        let source = Source {
            root: opts.root.clone(),
            config: opts.config.clone(),
            base_url: opts.base_url.clone(),
        };
        let config = source.load_config()?;
        size_thread_pool(&opts.root.join(&config.paths.content));
        let app = pipeline::app_dir(&opts.root, &config);
        // Before the bundles, which hold the strings: a strings folder that leads out of the
        // site is refused here, with its own message, rather than as a file Vite cannot find.
        let leaks = crate::check::strings::own_folder_problems(&opts.root, &config);
        if !leaks.is_empty() {
            return Err(BuildError::Content(crate::diagnostics::Diagnostics(leaks)));
        }
        let languages = crate::assets::AppLanguages::of(&opts.root, &config);
        // When Vite is to run (the app, the strings or the languages changed), everything it
        // would read and everything it would not is checked first: a content or strings
        // problem is reported at its line at once, never after (or as) a bundler's trace.
        // Otherwise the content loads after the bundles, beside the first render worker.
        let site = if crate::assets::stale(&app, &languages, opts.force_bundles) {
            let checked = Instant::now();
            let site = self.checked_site(&source, config.clone())?;
            self.stage("load", checked);
            Some(site)
        } else {
            None
        };
        let bundles = crate::assets::prepare(&app, &languages, opts.force_bundles, &self.log)?;
        self.stage("bundles", t);
        Ok(Bundled {
            source,
            config,
            app,
            bundles,
            site,
        })
    }

    /// Writes the collections' TypeScript types into the app when they changed
    /// ([`Pipeline::write_types`]).
    pub(super) fn write_types(&self, pipeline: &Pipeline) {
        pipeline.write_types(&self.log);
    }

    /// Loads and checks the content; prints the warnings.
    fn checked_site(
        &self,
        source: &Source,
        config: SiteConfig,
    ) -> Result<crate::content::Site, BuildError> {
        let site = source.load_site_with(config)?;
        if !site.warnings().is_empty() && self.opts.verbosity > Verbosity::Quiet {
            eprint!("{}", site.warnings().render());
        }
        Ok(site)
    }

    /// Opens the render cache. On a cold build (no cache for this output folder) every route is
    /// rendered, so the first render worker starts now, while the content loads and the route
    /// data is prepared: Node's start-up and the bundle's import then cost no time of their own
    /// on a small site.
    pub(super) fn workers(&mut self, b: &Bundled) -> Result<Workers, BuildError> {
        let fingerprint = pipeline::shell_fingerprint(
            &pipeline::templates_dir(&self.opts.root, &b.config),
            &b.bundles,
        )?;
        let mut cache = RenderCache::open(&b.app, &self.out, &fingerprint);
        // Pages are reused only from a build's own output: not from one `serve` wrote (its
        // pages carry the dev client script), nor from a folder whose marker was copied from
        // elsewhere.
        if !output::reusable(&self.out) {
            cache.forget_all();
        }
        let early_pool = cache.is_empty().then(|| {
            let (bundles, jobs) = (b.bundles.clone(), self.opts.jobs);
            std::thread::spawn(move || pipeline::start_pool(&bundles, jobs, Some(1)))
        });
        // With `--nice`, this thread and the ones it starts run at a lower priority than that
        // worker from here on, the build's critical path on an idle machine
        // ([`crate::ssr::yield_to_workers`]).
        if self.opts.nice && early_pool.is_some() {
            crate::ssr::yield_to_workers();
        }
        Ok(Workers { cache, early_pool })
    }

    /// Loads and checks the content. Warnings inform and stop nothing (`check
    /// --deny-warnings` fails on them, for CI).
    pub(super) fn load(&mut self, b: Bundled) -> Result<Pipeline, BuildError> {
        let t = Instant::now();
        let checked_before = b.site.is_some();
        let site = match b.site {
            Some(site) => site,
            None => self.checked_site(&b.source, b.config)?,
        };
        let pipeline = Pipeline::with_bundles(b.source, site, b.bundles)?;
        if !checked_before {
            self.stage("load", t);
        }
        Ok(pipeline)
    }

    /// Every route's data, head and card.
    pub(super) fn data(&mut self, pipeline: &Pipeline) -> Vec<PreparedRoute> {
        let t = Instant::now();
        let prepared = pipeline.prepare_all();
        self.stage("data", t);
        prepared
    }

    /// Refuses an output folder that is the site's own or that sahel did not write, and opens
    /// the staging folder the build writes into.
    pub(super) fn target(&self, pipeline: &Pipeline) -> Result<Staging, BuildError> {
        let root = &self.opts.root;
        let app = pipeline.app();
        let protected = [
            (crate::msg!("output-folder-site"), root.clone()),
            (
                crate::msg!("output-folder-content"),
                root.join(&pipeline.site.config.paths.content),
            ),
            (crate::msg!("output-folder-templates"), pipeline.templates()),
            (crate::msg!("output-folder-app"), app.clone()),
            (crate::msg!("output-folder-app-source"), app.join("site")),
        ]
        .map(|(name, path)| output::Protected { name, path });
        output::check_output_target(&self.out, &protected, self.opts.force)?;
        output::check_no_serve(&self.out)?;
        Ok(Staging::new(&self.out)?)
    }

    /// Links the pages whose data, template and assets are unchanged since the last build into
    /// the output folder, and takes what is needed of every route after the pages are written
    /// (the pages let each route's data go as soon as they are written).
    pub(super) fn reuse(
        &mut self,
        pipeline: &Pipeline,
        prepared: Vec<PreparedRoute>,
        cache: &RenderCache,
        staging: &Staging,
    ) -> Result<Sorted, BuildError> {
        let routes = prepared.len();
        let cards_job = Box::new(pipeline.cards_job(&prepared, &self.out, &staging.dir, true));
        let hashes = prepared
            .iter()
            .map(|p| (p.route.path.clone(), p.data_hash))
            .collect();
        let t = Instant::now();
        let (unchanged, to_render) = cache.partition(prepared, &self.out);
        let reused_pages = unchanged.len();
        let reused = reuse_pages(&unchanged, &self.out, &staging.dir)?;
        drop(unchanged);
        self.stage("reuse", t);
        // With no worker snapshot for these bundles yet, one is made after the pages, from a
        // few of the routes rendered: later builds' workers start from it.
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
        Ok(Sorted {
            routes,
            to_render,
            reused_pages,
            reused,
            samples,
            hashes,
            cards_job,
        })
    }

    /// Renders the pages through the workers. The social cards are drawn on a thread of their
    /// own meanwhile (the workers leave a core idle whenever pages come from templates), and so
    /// are the files that need no rendered page (client assets, sitemap, feeds, assistant
    /// indexes, hosts' files: after the pages, they were 30 of a 240-page build's 350 ms) and
    /// the render cache's record. Every file is scanned for secret keys as it is written.
    pub(super) fn render(
        &mut self,
        pipeline: &Pipeline,
        sorted: &mut Sorted,
        workers: &mut Workers,
        staging: &Staging,
        secrets: &Scanner,
    ) -> Result<Rendered, BuildError> {
        // The plan first, alone: the render worker waits for it, and the threads below would
        // take the cores from it.
        let t = Instant::now();
        let plan = (!sorted.to_render.is_empty())
            .then(|| pipeline::plan_routes(&sorted.to_render, self.opts.templates));
        self.stage("plan", t);
        let cards_started = Instant::now();
        let cards_job = std::mem::replace(
            &mut sorted.cards_job,
            Box::new(|| Ok(CardsWritten::default())),
        );
        let cards_thread = std::thread::spawn(cards_job);
        let scan = |rel: &std::path::Path, bytes: &[u8]| secrets.file(rel, bytes);
        let to_render = std::mem::take(&mut sorted.to_render);
        let early_pool = workers.early_pool.take();
        let (cache, hashes) = (&workers.cache, &sorted.hashes);
        let (rendered, site_files, record) = std::thread::scope(|s| {
            let site_files = s.spawn(|| pipeline.write_site_files(&staging.dir, &scan));
            // Only writing the record waits for the output to be in place.
            let record = s.spawn(|| cache.build_record(hashes));
            // Every way out of the render stage waits for the cards' thread first, so it never
            // writes into a staging folder that is being removed.
            let rendered =
                self.render_pages(pipeline, to_render, plan, early_pool, staging, secrets);
            let site_files = site_files
                .join()
                .unwrap_or_else(|_| Err(anyhow::anyhow!(crate::msg!("build-site-files-panicked"))));
            // A thread that panicked only leaves the next build without its record.
            let record = record.join().ok().flatten();
            (rendered, site_files, record)
        });
        let t = Instant::now();
        let cards = cards_thread
            .join()
            .map_err(|_| anyhow::anyhow!(crate::msg!("build-cards-panicked")));
        let pages = rendered?;
        let cards = cards??;
        if cards.drawn + cards.reused > 0 {
            self.stage("cards", t);
            self.log.verbose(&format!(
                "  {}",
                crate::msg!(
                    "build-cards-drawn",
                    drawn = cards.drawn,
                    reused = cards.reused,
                    ms = format!("{:.0}", cards_started.elapsed().as_secs_f64() * 1000.0)
                )
            ));
        }
        let snapshot = sorted.samples.take().map(|samples| {
            let bundles = pipeline.bundles.clone();
            std::thread::spawn(move || snapshot::build(&bundles, &samples))
        });
        Ok(Rendered {
            pages,
            site_files: site_files?,
            cards,
            record,
            snapshot,
        })
    }

    /// The pages themselves: routes slotted into shapes (while the first worker may still be
    /// starting), the workers, then React.
    fn render_pages(
        &mut self,
        pipeline: &Pipeline,
        to_render: Vec<PreparedRoute>,
        plan: Option<pipeline::RoutePlan>,
        early_pool: Option<JoinHandle<anyhow::Result<NodePool>>>,
        staging: &Staging,
        secrets: &Scanner,
    ) -> Result<Written, BuildError> {
        // No plan: nothing to render.
        let Some(plan) = plan else {
            return Ok(Written::default());
        };
        let t = Instant::now();
        let pool = match early_pool {
            Some(started) => started
                .join()
                .map_err(|_| anyhow::anyhow!(crate::msg!("build-workers-panicked")))??,
            None => pipeline.start_pool(self.opts.jobs, Some(1))?,
        };
        self.stage("workers", t);
        if pool.started_from_snapshot() {
            self.log
                .verbose(&format!("  {}", crate::msg!("build-workers-from-snapshot")));
        }
        let t = Instant::now();
        let ctx = RenderContext {
            env: &pipeline.env,
            entry: &pipeline.bundles.entry,
            pool: &pool,
            dev_script: None,
            templates: self.opts.templates,
            secrets: Some(secrets),
            log: self.log,
        };
        let pages =
            render_planned(&ctx, to_render, plan, &staging.dir).map_err(|f| render_failures(&f));
        // The workers exit, and a thread of their own reaps them, while the rest is written.
        // The build does not wait for them (that took 10 of a 240-page build's 250 ms): in
        // `sahel build` the process exits next, and the kernel ends any worker still exiting
        // with it (`PR_SET_PDEATHSIG`); a caller that goes on has them reaped by that thread.
        std::thread::spawn(move || drop(pool));
        self.stage("render", t);
        Ok(pages?)
    }

    /// Writes the root files, refuses a site holding a secret key, swaps the staging folder in
    /// as the output and saves the render cache's record. Returns the root files written.
    pub(super) fn write(
        &mut self,
        pipeline: &Pipeline,
        rendered: &mut Rendered,
        staging: Staging,
        workers: &Workers,
        secrets: Scanner,
    ) -> Result<Written, BuildError> {
        let t = Instant::now();
        let scan = |rel: &std::path::Path, bytes: &[u8]| secrets.file(rel, bytes);
        let root_files = pipeline.write_root_files(&staging.dir, &scan)?;
        // Reused pages were scanned again when they were found fresh (`RenderCache::partition`:
        // one holding a key is rendered again); every other file, as it was written.
        let found = secrets.findings();
        if !found.is_empty() {
            let list: Vec<String> = found
                .iter()
                .map(|f| format!("  {}/{f}", self.out.display()))
                .collect();
            return Err(BuildError::Other(anyhow::anyhow!(output::with_help(
                crate::msg!(
                    "build-secret-in-site",
                    count = found.len(),
                    list = list.join("\n")
                ),
                crate::msg!("build-secret-in-site-help"),
            ))));
        }
        let record = rendered.record.take();
        staging.commit(record.as_deref())?;
        workers.cache.save(record);
        self.stage("write", t);
        Ok(root_files)
    }

    /// Waits for the worker snapshot, when one is being made.
    pub(super) fn snapshot(&mut self, rendered: &mut Rendered) {
        let Some(making) = rendered.snapshot.take() else {
            return;
        };
        let t = Instant::now();
        match making.join() {
            Ok(Ok(blob)) => self.log.verbose(&format!(
                "  {}",
                crate::msg!("build-snapshot-made", path = blob.display())
            )),
            Ok(Err(e)) => self.log.verbose(&format!(
                "  {}",
                crate::msg!("build-no-snapshot", detail = format!("{e:#}"))
            )),
            Err(_) => self
                .log
                .verbose(&format!("  {}", crate::msg!("build-snapshot-panicked"))),
        }
        self.stage("snapshot", t);
    }

    /// The build's report.
    pub(super) fn report(self, sorted: &Sorted, rendered: &Rendered, root: Written) -> BuildReport {
        let (pages, site, cards) = (&rendered.pages, &rendered.site_files, &rendered.cards);
        self.log.verbose(&format!(
            "  {}",
            crate::msg!(
                "build-pages-rendered",
                rendered = sorted.routes - sorted.reused_pages,
                filled = pages.from_templates,
                templates = pages.templates,
                reused = sorted.reused_pages
            )
        ));
        BuildReport {
            routes: sorted.routes,
            files: pages.files
                + sorted.reused.files
                + site.files
                + root.files
                + cards.drawn
                + cards.reused,
            bytes: pages.bytes + sorted.reused.bytes + site.bytes + root.bytes + cards.bytes,
            stages: self.stages,
            out: self.out,
            rendered: sorted.routes - sorted.reused_pages,
            reused: sorted.reused_pages,
            from_templates: pages.from_templates,
            templates: pages.templates,
            cards_drawn: cards.drawn,
            cards_reused: cards.reused,
        }
    }
}
