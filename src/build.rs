//! One build: load and validate the content, prepare the bundles, compute every route's data,
//! render through the worker pool, wrap in the document shell, write into a staging folder and
//! swap it in as `dist/`. The stages are [`crate::pipeline`]'s, shared with `serve`.

use std::path::PathBuf;
use std::time::Duration;

pub use crate::error::BuildError;
pub use crate::log::Verbosity;

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
    /// The one-line summary `build` prints, in the reader's language.
    pub fn summary(&self) -> String {
        self.summary_msg().text()
    }

    /// [`BuildReport::summary`] as a message of the catalogues.
    pub fn summary_msg(&self) -> crate::messages::Msg {
        let total: Duration = self.stages.iter().map(|(_, d)| *d).sum();
        let stages = self
            .stages
            .iter()
            .map(|(n, d)| {
                crate::msg!(
                    "build-stage-time",
                    stage = stage_name(n),
                    ms = format!("{:.0}", d.as_secs_f64() * 1000.0)
                )
                .text()
            })
            .collect::<Vec<_>>()
            .join(&crate::msg!("build-list-separator").text());
        let templated: crate::messages::Arg = if self.from_templates > 0 {
            crate::msg!(
                "build-summary-templated",
                count = self.from_templates,
                templates = self.templates
            )
            .into()
        } else {
            "".into()
        };
        crate::msg!(
            "build-summary",
            routes = self.routes,
            rendered = self.rendered,
            templated = templated,
            reused = self.reused,
            files = self.files,
            size = format!("{:.1}", self.bytes as f64 / (1024.0 * 1024.0)),
            out = self.out.display(),
            seconds = format!("{:.2}", total.as_secs_f64()),
            stages = stages
        )
    }
}

/// A stage's name (as [`stages::Build`] records it) in the reader's language.
pub(crate) fn stage_name(name: &str) -> crate::messages::Msg {
    match name {
        "bundles" => crate::msg!("build-stage-bundles"),
        "cards" => crate::msg!("build-stage-cards"),
        "data" => crate::msg!("build-stage-data"),
        "load" => crate::msg!("build-stage-load"),
        "plan" => crate::msg!("build-stage-plan"),
        "render" => crate::msg!("build-stage-render"),
        "reuse" => crate::msg!("build-stage-reuse"),
        "snapshot" => crate::msg!("build-stage-snapshot"),
        "workers" => crate::msg!("build-stage-workers"),
        "write" => crate::msg!("build-stage-write"),
        _ => crate::msg!("build-stage-other", name = name),
    }
}

/// Posts (of every language) from which a build's parallel stages run on [`THREADS_PER_CORE`]
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

/// Builds the site into `dist/` (or `opts.out`), one stage after the other
/// ([`stages::Build`]).
pub fn build_site(opts: &BuildOptions) -> Result<BuildReport, BuildError> {
    let mut build = stages::Build::start(opts)?;
    let bundled = build.bundles()?;
    let mut workers = build.workers(&bundled)?;
    let pipeline = build.load(bundled)?;
    let prepared = build.data(&pipeline);
    let staging = build.target(&pipeline)?;
    let mut sorted = build.reuse(&pipeline, prepared, &workers.cache, &staging)?;
    let secrets = crate::secrets::Scanner::default();
    let mut rendered = build.render(&pipeline, &mut sorted, &mut workers, &staging, &secrets)?;
    let root_files = build.write(&pipeline, &mut rendered, staging, &workers, secrets)?;
    build.snapshot(&mut rendered);
    // The collections' types for the editor and `tsc`, in the source tree: only now that the
    // build succeeded.
    build.write_types(&pipeline);
    let report = build.report(&sorted, &rendered, root_files);
    // The site model and the record's inputs are freed on a thread of their own (on 54k pages
    // that took 0.3-0.5 s): `sahel build` exits next and leaves that memory to the kernel.
    std::thread::spawn(move || drop((pipeline, sorted, workers)));
    Ok(report)
}

mod stages;

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
