//! The stages that `build` and `serve` both run, in the spirit of Zola's `Site`: a
//! [`Source`] (site folder, config file, base URL) loads into a [`Pipeline`] (the checked
//! site model, the minijinja shell, the bundles), which prepares route
//! data ([`prepare`]), renders it ([`render`]) and writes the files that are not routes.
//! `build` adds the staging folder and the persistent [`RenderCache`]; `serve` keeps one
//! pipeline alive, replaces parts of it as files change, and adds watching and HTTP.

mod cache;
mod prepare;
mod render;

use std::path::{Path, PathBuf};

pub(crate) use cache::{RenderCache, reuse_pages, shell_fingerprint};
pub use prepare::prepare_routes;
pub(crate) use prepare::{PreparedRoute, build_year, prepare_route};
pub(crate) use render::{
    RenderContext, RoutePlan, Written, plan_routes, render_failures, render_planned, render_routes,
    start_pool, write_extras, write_file, write_root_files, write_site_files,
};

use crate::assets::{self, Bundles};
use crate::check::{LINTS, PostChecks};
use crate::config::{CONFIG_FILE, SiteConfig};
use crate::content::{
    Site,
    load::{load_site_partial, load_site_with_config},
};
use crate::diagnostics::Diagnostic;
use crate::error::BuildError;
use crate::fingerprint::executable_hash;
use crate::log::Log;
use crate::output;
use crate::routes::route_table;
use crate::ssr::NodePool;

/// Where a site comes from: its folder, an optional config file instead of `site.toml`, and
/// an optional base URL that replaces the config's.
#[derive(Debug, Clone)]
pub struct Source {
    pub root: PathBuf,
    pub config: Option<PathBuf>,
    pub base_url: Option<String>,
}

impl Source {
    /// The config file in use.
    pub(crate) fn config_path(&self) -> PathBuf {
        self.config
            .clone()
            .unwrap_or_else(|| self.root.join(CONFIG_FILE))
    }

    /// The config, with `--base-url` applied.
    pub(crate) fn load_config(&self) -> Result<SiteConfig, Diagnostic> {
        let mut config = SiteConfig::load_file(&self.root, self.config.as_deref())?;
        for warning in &config.warnings {
            eprintln!("{}: {warning}", crate::msg!("label-warning"));
        }
        if let Some(url) = &self.base_url {
            config.set_base_url(url)?;
        }
        Ok(config)
    }

    /// The config and the content, checked as a whole (parity, unique ids, links): what
    /// `check` validates.
    pub fn load_site(&self) -> Result<Site, BuildError> {
        self.load_site_with(self.load_config()?)
    }

    /// What `check` validates: [`Source::load_site`]'s checks and translation freshness
    /// ([`crate::translations`], which `build` and `serve` leave out), all reported in one
    /// run. Returns the site (its warnings in [`Site::warnings`]) and `check`'s line on the
    /// translations' states.
    pub fn check(&self) -> Result<(Site, String), BuildError> {
        let (mut site, mut problems) = load_site_partial(&self.root, self.load_config()?, &LINTS)?;
        let loaded = problems.is_empty();
        problems.0.extend(crate::check::check_site_strict(&site).0);
        let untranslated = crate::check::untranslated::count_by_language(&site, &problems);
        // Freshness reads the files again: only once every one of them parsed.
        let translations = if loaded {
            crate::translations::check(&self.root, &site, &untranslated)
                .map_err(|stale| problems.0.extend(stale.0))
                .unwrap_or_default()
        } else {
            String::new()
        };
        if problems.has_errors() {
            return Err(BuildError::Content(problems.sorted()));
        }
        site.warnings = problems.sorted();
        Ok((site, translations))
    }

    /// The state of every translation pair of the site. The content is loaded but not
    /// checked as a whole: a broken link elsewhere does not hide the translations' state.
    pub fn translations_status(&self) -> Result<crate::translations::Status, BuildError> {
        let config = self.load_config()?;
        let site = load_site_with_config(&self.root, config, &LINTS)?;
        Ok(crate::translations::Status::of_site(&self.root, &site)?)
    }

    /// [`Source::load_site`] with the config already loaded. The check's warnings stay in
    /// [`Site::warnings`]; any error fails it (with the warnings in the report).
    pub(crate) fn load_site_with(&self, config: SiteConfig) -> Result<Site, BuildError> {
        self.load_site_checked(config, crate::check::Purpose::Build)
            .map(|(site, _)| site)
    }

    /// [`Source::load_site_with`], also giving each post's findings apart ([`PostChecks`]):
    /// `serve` keeps them, so an edit checks only the posts it changed, and the site's posts
    /// are checked once when it starts, not again for the first edit.
    pub(crate) fn load_site_checked(
        &self,
        config: SiteConfig,
        purpose: crate::check::Purpose,
    ) -> Result<(Site, PostChecks), BuildError> {
        let (mut site, mut problems) = load_site_partial(&self.root, config, &LINTS)?;
        let checks = PostChecks::new(&site);
        problems.0.extend(checks.report(&site, purpose).0);
        let problems = problems.sorted();
        if problems.has_errors() {
            return Err(BuildError::Content(problems));
        }
        site.warnings = problems;
        // What is published: no draft (each one is named among the warnings).
        if purpose == crate::check::Purpose::Build {
            crate::check::drafts::remove(&mut site);
        }
        Ok((site, checks))
    }
}

/// A loaded site with everything needed to render it.
pub(crate) struct Pipeline {
    source: Source,
    pub(crate) site: Site,
    pub(crate) env: minijinja::Environment<'static>,
    pub(crate) bundles: Bundles,
    /// The copyright year ([`build_year`]).
    year: i32,
}

impl Pipeline {
    /// A site already loaded and checked, with its templates read and its bundles prepared
    /// (Vite runs only when the app changed, or with `force_bundles`).
    pub(crate) fn with_site(
        source: Source,
        site: Site,
        force_bundles: bool,
        log: &Log,
    ) -> Result<Pipeline, BuildError> {
        let languages = assets::AppLanguages::of(&source.root, &site.config);
        let bundles = assets::prepare(
            &app_dir(&source.root, &site.config),
            &languages,
            force_bundles,
            log,
        )?;
        Pipeline::with_bundles(source, site, bundles)
    }

    /// [`Pipeline::with_site`] with the bundles already prepared (by [`Source::bundles`]).
    pub(crate) fn with_bundles(
        source: Source,
        site: Site,
        bundles: Bundles,
    ) -> Result<Pipeline, BuildError> {
        let env = output::template_env(&templates_dir(&source.root, &site.config))?;
        Ok(Pipeline {
            source,
            site,
            env,
            bundles,
            year: build_year(),
        })
    }

    /// The folder with `package.json` and `site/`.
    /// Writes the collections' TypeScript types into the app's source tree when they changed
    /// ([`crate::pages::typescript::write`]), once the site built: a failed build changes no
    /// tracked file. A failure to write is a warning, never fatal.
    pub(crate) fn write_types(&self, log: &Log) {
        match crate::pages::typescript::write(&self.app(), &self.site.pages) {
            Ok(true) => log.progress(
                &crate::msg!("output-wrote-types", path = crate::pages::GENERATED_TYPES).text(),
            ),
            Ok(false) => {}
            Err(e) => eprintln!(
                "{}",
                crate::msg!(
                    "output-cannot-write-types",
                    path = crate::pages::GENERATED_TYPES,
                    detail = e.to_string()
                )
            ),
        }
    }

    pub(crate) fn app(&self) -> PathBuf {
        app_dir(&self.source.root, &self.site.config)
    }

    /// The minijinja templates' folder.
    pub(crate) fn templates(&self) -> PathBuf {
        templates_dir(&self.source.root, &self.site.config)
    }

    /// Every route of the site with its data.
    pub(crate) fn prepare_all(&self) -> Vec<PreparedRoute> {
        self.prepare(route_table(&self.site))
    }

    /// These routes with their data.
    pub(crate) fn prepare(&self, routes: Vec<crate::routes::Route>) -> Vec<PreparedRoute> {
        use rayon::prelude::*;
        routes
            .into_par_iter()
            .map(|route| prepare_route(&self.site, self.year, route))
            .collect()
    }

    /// Reads the config and the content again (the config file or the base URL changed).
    pub(crate) fn reload_site(&mut self) -> Result<(), BuildError> {
        self.site = self.source.load_site()?;
        self.reload_templates()?;
        Ok(())
    }

    /// Lists and checks the media folder again (unchanged files are not read again).
    pub(crate) fn reload_media(&mut self) -> Result<(), BuildError> {
        let content = self.source.root.join(&self.site.config.paths.content);
        self.site.media = self.site.media.rescan(&self.source.root, &content)?;
        Ok(())
    }

    /// Reads the templates again.
    pub(crate) fn reload_templates(&mut self) -> Result<(), BuildError> {
        self.env = output::template_env(&self.templates())?;
        Ok(())
    }

    /// Rebuilds the bundles if the app changed. Returns whether they were rebuilt (the render
    /// workers must then restart).
    pub(crate) fn reload_app(&mut self, log: &Log) -> Result<bool, BuildError> {
        let app = self.app();
        // A page kind or collection declared or removed changes which content files there are
        // and which routes: the site is read again with the new table.
        let pages =
            crate::pages::PageTable::load(&app, &self.source.root).map_err(BuildError::Content)?;
        if pages != self.site.pages {
            self.site = self.source.load_site()?;
        }
        (self.site.app_lint, self.site.strings_missing) =
            crate::check::lint::app(&self.source.root, &self.site.config);
        let languages = assets::AppLanguages::of(&self.source.root, &self.site.config);
        let bundles = assets::prepare(&app, &languages, false, log)?;
        let rebuilt = bundles.rebuilt;
        self.bundles = bundles;
        Ok(rebuilt)
    }

    /// Starts the render workers for the current bundles ([`start_pool`]).
    pub(crate) fn start_pool(
        &self,
        jobs: Option<usize>,
        at_once: Option<usize>,
    ) -> anyhow::Result<NodePool> {
        start_pool(&self.bundles, jobs, at_once)
    }

    /// A hash of everything in a page's document that is not its route data.
    pub(crate) fn shell_fingerprint(&self) -> anyhow::Result<String> {
        cache::shell_fingerprint(&self.templates(), &self.bundles)
    }

    /// Draws (or links from the cache) the social cards of `prepared` into `dir/cards/`, for
    /// the output folder `out`. With `prune`, cached cards of `out` that `prepared` does not
    /// show are removed from the cache (`prepared` is then the whole site). A job that owns
    /// what it needs: `build` draws the cards on a thread of its own while the pages render,
    /// and the pages let their routes go as they are written.
    pub(crate) fn cards_job(
        &self,
        prepared: &[PreparedRoute],
        out: &Path,
        dir: &Path,
        prune: bool,
    ) -> impl FnOnce() -> anyhow::Result<crate::cards::CardsWritten> + Send + 'static {
        let specs: Vec<crate::cards::CardSpec> =
            prepared.iter().filter_map(|p| p.card.clone()).collect();
        let (app, out, dir) = (self.app(), out.to_path_buf(), dir.to_path_buf());
        move || {
            if specs.is_empty() {
                return Ok(crate::cards::CardsWritten::default());
            }
            let specs: Vec<&crate::cards::CardSpec> = specs.iter().collect();
            crate::cards::write_cards(&app, &out, &specs, &dir, executable_hash(), prune)
        }
    }

    /// Writes the files that are not routes into `dir`.
    pub(crate) fn write_extras(&self, dir: &Path) -> anyhow::Result<Written> {
        write_extras(&self.env, &self.site, &self.bundles, dir)
    }

    /// Writes the files that are not routes and need no rendered page ([`write_site_files`]).
    pub(crate) fn write_site_files(
        &self,
        dir: &Path,
        scan: &(dyn Fn(&Path, &[u8]) + Sync),
    ) -> anyhow::Result<Written> {
        write_site_files(&self.env, &self.site, &self.bundles, dir, scan)
    }

    /// Writes the root redirect and root 404 page ([`write_root_files`]).
    pub(crate) fn write_root_files(
        &self,
        dir: &Path,
        scan: &(dyn Fn(&Path, &[u8]) + Sync),
    ) -> anyhow::Result<Written> {
        write_root_files(&self.env, &self.site, dir, scan)
    }
}

/// The folder with `package.json` and `site/`.
pub(crate) fn app_dir(root: &Path, config: &SiteConfig) -> PathBuf {
    root.join(&config.paths.app)
}

/// The minijinja templates' folder.
pub(crate) fn templates_dir(root: &Path, config: &SiteConfig) -> PathBuf {
    root.join(&config.paths.templates)
}
