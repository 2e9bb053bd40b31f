//! The incremental session: the site model, the shell, the bundles and warm render workers,
//! kept between changes, so a change re-parses one file and re-renders only the pages whose
//! data changed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Sender, channel};

use super::DEV_SCRIPT;
use super::watch::{ChangeKind, WatchedPaths};
use crate::check::PostChecks;
use crate::config::SiteConfig;
use crate::content::load::{ContentFile, load_file};
use crate::content::{ContentItem, LangContent, Site};
use crate::diagnostics::{Diagnostic, Diagnostics, display_path};
use crate::error::BuildError;
use crate::lang::Lang;
use crate::log::Log;
use crate::output;
use crate::pipeline::{
    Pipeline, RenderCache, RenderContext, Source, render_failures, render_routes, write_file,
};
use crate::routes::{Route, RouteKind, route_table};
use crate::ssr::NodePool;

/// What a session is built from; stays the same for the whole run.
#[derive(Debug, Clone)]
pub(crate) struct Settings {
    /// The site folder, `--config` (absolute) and `--base-url`.
    pub(crate) source: Source,
    /// The output folder, canonical.
    pub(crate) out: PathBuf,
    pub(crate) jobs: Option<usize>,
    pub(crate) log: Log,
}

impl Settings {
    pub(crate) fn config_path(&self) -> PathBuf {
        self.source.config_path()
    }

    /// The folders to watch, from the config when it reads (else the defaults).
    pub(crate) fn watched(&self, config: Option<&SiteConfig>) -> WatchedPaths {
        let loaded = match config {
            Some(_) => None,
            None => self.source.load_config().ok(),
        };
        let config = config.or(loaded.as_ref());
        let paths = config.map(|c| c.paths.clone()).unwrap_or_default();
        let languages = config.map_or_else(
            || crate::lang::Languages::builtin().clone(),
            |c| c.languages.clone(),
        );
        WatchedPaths::new(&self.source.root, &self.config_path(), &paths, &languages)
    }

    /// The site's languages; from the config alone when the content does not load (the
    /// default table when neither does).
    pub(crate) fn languages(&self, site: Option<&Site>) -> crate::lang::Languages {
        if let Some(site) = site {
            return site.language_table().clone();
        }
        self.source.load_config().map_or_else(
            |_| crate::lang::Languages::builtin().clone(),
            |c| c.languages,
        )
    }

    /// The site's Content-Security-Policy, as `build` writes it into `_headers` and
    /// `nginx.conf`; from the config alone when the content does not load.
    pub(crate) fn csp(&self, pipeline: Option<&Pipeline>) -> String {
        if let Some(p) = pipeline {
            return crate::seo::content_security_policy(
                &p.site,
                p.bundles.entry.style_hash.as_deref(),
            );
        }
        match self.source.load_config() {
            Ok(config) => crate::seo::content_security_policy(
                &Site {
                    root: self.source.root.clone(),
                    pages: Default::default(),
                    langs: config
                        .languages
                        .all()
                        .iter()
                        .map(|_| LangContent::empty())
                        .collect(),
                    config,
                    app_lint: Vec::new(),
                    strings_missing: Vec::new(),
                    media: Default::default(),
                    warnings: Default::default(),
                    unparsed: Default::default(),
                },
                None,
            ),
            // No config: only the error overlay is shown, which needs nothing more (its styles
            // are set by script, through the CSSOM, which `style-src 'self'` allows).
            Err(_) => "default-src 'self'; style-src 'self'".to_string(),
        }
    }
}

/// Everything a rebuild needs, kept between changes.
pub(crate) struct Session {
    settings: Settings,
    /// The site model, shell and bundles: the stages `build` runs, kept warm.
    pub(crate) pipeline: Pipeline,
    /// Errors of files that did not parse; the model keeps their last good version.
    file_errors: BTreeMap<PathBuf, Diagnostics>,
    /// Changes not yet rendered because the site had errors; applied with the next change.
    pending: BTreeSet<ChangeKind>,
    pool: NodePool,
    /// Which data each route was last written with.
    written: RenderCache,
    /// The posts' findings as of the last check, which an edit of existing posts updates for
    /// those posts alone; none after a change the check did not see (a batch with a file that
    /// did not parse), until the next check of every post.
    post_checks: Option<PostChecks>,
}

fn other(e: anyhow::Error) -> Diagnostics {
    Diagnostic::new("(build)", format!("{e:#}")).into()
}

pub(crate) fn build_error(e: BuildError) -> Diagnostics {
    match e {
        BuildError::Content(d) => d,
        BuildError::Other(e) => other(e),
    }
}

impl Session {
    /// Loads, checks and renders the whole site into the output folder.
    pub(crate) fn start(settings: &Settings) -> Result<Session, BuildError> {
        // Each post's findings apart, so that the first edit too checks only its posts.
        let source = settings.source.clone();
        let (site, post_checks) =
            source.load_site_checked(source.load_config()?, crate::check::Purpose::Serve)?;
        let pipeline = Pipeline::with_site(source, site, false, &settings.log)?;
        let pool = pipeline.start_pool(settings.jobs, None)?;
        let written = RenderCache::in_memory(&pipeline.shell_fingerprint()?);
        let mut session = Session {
            settings: settings.clone(),
            pipeline,
            file_errors: BTreeMap::new(),
            pending: BTreeSet::new(),
            pool,
            written,
            post_checks: Some(post_checks),
        };
        std::fs::create_dir_all(&settings.out).map_err(anyhow::Error::from)?;
        let all = route_table(&session.pipeline.site);
        session.render(all)?;
        session.pipeline.write_extras(&settings.out)?;
        session.mark()?;
        session.pipeline.write_types(&settings.log);
        Ok(session)
    }

    /// Records in the output's marker what serve has written there: a later `build` into the
    /// folder may replace those entries (and reuses none of its pages).
    fn mark(&self) -> anyhow::Result<()> {
        let out = &self.settings.out;
        output::write_marker(out, out, output::Writer::Serve, None)
    }

    pub(crate) fn watched(&self) -> WatchedPaths {
        self.settings.watched(Some(&self.pipeline.site.config))
    }

    /// Renders those of `routes` whose data changed.
    fn render(&mut self, routes: Vec<Route>) -> anyhow::Result<Vec<String>> {
        let out = &self.settings.out;
        let prepared: Vec<_> = self
            .pipeline
            .prepare(routes)
            .into_iter()
            .filter(|p| !self.written.is_fresh(p, out))
            .collect();
        let ctx = RenderContext {
            env: &self.pipeline.env,
            entry: &self.pipeline.bundles.entry,
            pool: &self.pool,
            dev_script: Some(DEV_SCRIPT),
            templates: true,
            secrets: None,
            log: self.settings.log,
        };
        // The social cards of these pages (others' cards stay; the cache is not pruned).
        let cards = self.pipeline.cards_job(&prepared, out, out, false);
        let written: Vec<(String, blake3::Hash)> = prepared
            .iter()
            .map(|p| (p.route.path.clone(), p.data_hash))
            .collect();
        render_routes(&ctx, prepared, &self.settings.out).map_err(|f| render_failures(&f))?;
        cards()?;
        for (path, hash) in &written {
            self.written.record(path, hash);
        }
        Ok(written.into_iter().map(|(path, _)| path).collect())
    }

    /// Renders `route` of `site` (the model with a draft in it) into `dir`, as `build` would
    /// render it, without the dev client; the session's own model and output stay as they were.
    pub(crate) fn render_draft(
        &mut self,
        site: Site,
        route: Route,
        dir: &Path,
    ) -> anyhow::Result<()> {
        let kept = std::mem::replace(&mut self.pipeline.site, site);
        let prepared = self.pipeline.prepare(vec![route]);
        self.pipeline.site = kept;
        let ctx = RenderContext {
            env: &self.pipeline.env,
            entry: &self.pipeline.bundles.entry,
            pool: &self.pool,
            dev_script: None,
            templates: false,
            secrets: None,
            log: Log(crate::log::Verbosity::Quiet),
        };
        render_routes(&ctx, prepared, dir).map_err(|f| render_failures(&f))?;
        Ok(())
    }

    /// Removes the output of routes that no longer exist.
    fn prune(&mut self) {
        let current: BTreeSet<String> = route_table(&self.pipeline.site)
            .into_iter()
            .map(|r| r.path)
            .collect();
        let gone: Vec<String> = self
            .written
            .paths()
            .filter(|p| !current.contains(*p))
            .cloned()
            .collect();
        for path in gone {
            let dir = self.settings.out.join(path.trim_start_matches('/'));
            // Only a route's own folder: never the output folder itself.
            if dir != self.settings.out {
                let _ = std::fs::remove_dir_all(dir);
            }
            self.written.forget(&path);
        }
    }

    /// Applies a batch of changes (with those held back by earlier errors). Returns the paths
    /// re-rendered, or the errors to show; the pages already written stay as they are.
    pub(crate) fn apply(
        &mut self,
        changes: BTreeSet<ChangeKind>,
    ) -> Result<Vec<String>, Diagnostics> {
        let retry = !self.pending.is_empty();
        self.pending.extend(changes);
        let changes = std::mem::take(&mut self.pending);
        let result = self
            .apply_changes(&changes, retry)
            .and_then(|r| self.mark().map(|()| r).map_err(other));
        if result.is_err() {
            self.pending = changes;
        }
        result
    }

    fn reload_config(&mut self) -> Result<(), Diagnostics> {
        self.pipeline.reload_site().map_err(build_error)?;
        self.file_errors.clear();
        Ok(())
    }

    fn reload_app(&mut self) -> Result<(), Diagnostics> {
        if self
            .pipeline
            .reload_app(&self.settings.log)
            .map_err(build_error)?
        {
            self.pool = self
                .pipeline
                .start_pool(self.settings.jobs, None)
                .map_err(other)?;
            output::copy_client_assets(
                &self.pipeline.bundles.client_dir,
                &self.settings.out,
                &|_, _| {},
            )
            .map_err(other)?;
        }
        self.pipeline.write_types(&self.settings.log);
        Ok(())
    }

    /// The shell may have changed: pages written with another one are stale.
    fn refresh_fingerprint(&mut self) -> Result<(), Diagnostics> {
        let fingerprint = self.pipeline.shell_fingerprint().map_err(other)?;
        self.written.set_fingerprint(&fingerprint);
        Ok(())
    }

    /// Re-reads one content file into the model. Returns whether the model may have changed,
    /// and, when the change is confined to an existing post (the common, fast case), that post
    /// as it was, with its place in the list.
    fn reload_content(&mut self, lang: Lang, path: &Path) -> (bool, Option<EditedPost>) {
        let root = &self.settings.source.root;
        let content_dir = root.join(&self.pipeline.site.config.paths.content);
        let lang_dir = content_dir.join(lang.code());
        let shown = display_path(root, path);
        let kind = ContentFile::classify_with(
            path.strip_prefix(&lang_dir).unwrap_or(path),
            &self.pipeline.site.pages,
        );
        if path.is_dir() {
            return (false, None); // its files bring their own events
        }
        if !path.exists() {
            let had_error = self.file_errors.remove(&shown).is_some();
            let Some(kind) = kind else {
                return (had_error, None); // a scratch file came and went
            };
            let site = &mut self.pipeline.site;
            site.lang_mut(lang).lint.remove(&shown);
            site.lang_mut(lang).remove(&kind);
            site.lang_mut(lang).sort();
            return (true, None);
        }
        match load_file(
            root,
            &lang_dir,
            lang,
            path,
            &crate::check::LINTS,
            &self.pipeline.site.pages,
        ) {
            Ok((item, lint)) => {
                self.file_errors.remove(&shown);
                let existing_post = match &item {
                    ContentItem::Post(p) => {
                        self.pipeline
                            .site
                            .lang(lang)
                            .post_at(&p.slug)
                            .map(|(index, before)| EditedPost {
                                lang,
                                index,
                                before,
                            })
                    }
                    _ => None,
                };
                let c = self.pipeline.site.lang_mut(lang);
                if lint.is_empty() {
                    c.lint.remove(&shown);
                } else {
                    c.lint.insert(shown, lint);
                }
                c.put(item);
                c.sort();
                (true, existing_post)
            }
            Err(e) => {
                self.file_errors.insert(shown, e);
                (true, None)
            }
        }
    }

    fn apply_changes(
        &mut self,
        changes: &BTreeSet<ChangeKind>,
        retry: bool,
    ) -> Result<Vec<String>, Diagnostics> {
        if changes.contains(&ChangeKind::Config) {
            self.reload_config()?;
        }
        if changes.contains(&ChangeKind::App) {
            self.reload_app()?;
        }
        if changes.contains(&ChangeKind::Templates) {
            self.pipeline.reload_templates().map_err(build_error)?;
        }
        if changes.contains(&ChangeKind::Media) {
            // Published with the other site files below (any change but a content file's).
            self.pipeline.reload_media().map_err(build_error)?;
        }
        self.refresh_fingerprint()?;
        let mut changed = false;
        // The posts as they were, while every change is an edit of an existing post.
        let mut posts: Option<Vec<EditedPost>> = Some(Vec::new());
        for change in changes {
            let ChangeKind::Content(lang, path) = change else {
                continue;
            };
            let (model_changed, post) = self.reload_content(*lang, path);
            changed |= model_changed;
            match (post, posts.as_mut()) {
                (Some(edited), Some(list)) => list.push(edited),
                _ => posts = None,
            }
        }
        let whole_site = changes
            .iter()
            .any(|c| !matches!(c, ChangeKind::Content(..)));
        if !changed && !whole_site && !retry {
            return Ok(Vec::new());
        }
        if !self.file_errors.is_empty() {
            // The model changed without a check: the next one checks every post.
            self.post_checks = None;
            let mut all = Diagnostics::default();
            for e in self.file_errors.values() {
                all.0.extend(e.0.iter().cloned());
            }
            return Err(all.sorted());
        }
        let site = &self.pipeline.site;
        let problems = match (self.post_checks.as_mut(), &posts) {
            // Only existing posts changed: only they are checked again.
            (Some(checks), Some(posts)) if !whole_site && !retry => {
                let edited: Vec<(Lang, &str)> = posts
                    .iter()
                    .map(|p| (p.lang, p.before.slug.as_str()))
                    .collect();
                checks.recheck(site, &edited)
            }
            _ => {
                let checks = PostChecks::new(site);
                let problems = checks.report(site, crate::check::Purpose::Serve);
                self.post_checks = Some(checks);
                problems
            }
        };
        if problems.has_errors() {
            return Err(problems);
        }
        self.pipeline.site.warnings = problems;
        let rendered = match posts {
            // An edit of existing posts changes no route: it touches those posts' pages, and
            // the list pages and home page that show them, found from where they stand in the
            // list, without going through the whole site (a 108,000-page site's route table and
            // its 4,500 list pages took 0.3 s of every edit).
            Some(posts) if !whole_site && !retry => {
                let routes = edited_post_routes(&self.pipeline.site, &posts);
                self.render(routes).map_err(other)?
            }
            // Anything else may change any page of either language (a new post or service
            // changes the other language's hreflang links): all are considered, and only those
            // whose data changed are rendered.
            _ => {
                let all = route_table(&self.pipeline.site);
                let rendered = self.render(all).map_err(other)?;
                self.prune();
                rendered
            }
        };
        if whole_site {
            self.pipeline
                .write_extras(&self.settings.out)
                .map_err(other)?;
        }
        Ok(rendered)
    }
}

/// A post as it was before an edit, and its place in its language's list (newest first).
struct EditedPost {
    lang: Lang,
    index: usize,
    before: std::sync::Arc<crate::content::BlogPost>,
}

/// The routes an edit of existing posts may change: each post's own page; and when what a list
/// shows of it (title, author, date, excerpt) or its place changed, the blog list pages from
/// its old place to its new one, and the home page and its alias when either place is among
/// the latest posts the home page shows. A post's page shows only itself, and its links to the
/// other language depend on which posts exist, which an edit does not change.
fn edited_post_routes(site: &Site, posts: &[EditedPost]) -> Vec<Route> {
    let per_page = site.config.blog.per_page.max(1);
    let mut routes: BTreeMap<String, Route> = BTreeMap::new();
    let mut add = |lang: Lang, kind: RouteKind| {
        let route = Route::new(lang, kind);
        routes.entry(route.path.clone()).or_insert(route);
    };
    for edited in posts {
        let slug = &edited.before.slug;
        add(edited.lang, RouteKind::BlogPost(slug.clone()));
        let Some((index, now)) = site.lang(edited.lang).post_at(slug) else {
            continue;
        };
        let b = &edited.before;
        let listed_same = b.title == now.title
            && b.author == now.author
            && b.date == now.date
            && b.excerpt == now.excerpt;
        if listed_same && index == edited.index {
            continue;
        }
        let (first, last) = (index.min(edited.index), index.max(edited.index));
        for page in first / per_page..=last / per_page {
            add(edited.lang, crate::routes::blog_page_kind(page + 1));
        }
        if first < crate::page_data::HOME_POSTS {
            add(edited.lang, RouteKind::Home);
            add(edited.lang, RouteKind::HomeAlias);
        }
    }
    routes.into_values().collect()
}

/// Writes the sitemap, feeds and assistant index on its own thread, from a snapshot of the
/// site. Only the newest snapshot matters: older ones still queued are skipped.
pub(crate) struct ExtrasWriter {
    tx: Option<Sender<(minijinja::Environment<'static>, Site, Option<String>)>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ExtrasWriter {
    pub(crate) fn start(out: PathBuf) -> ExtrasWriter {
        let (tx, rx) = channel::<(minijinja::Environment<'static>, Site, Option<String>)>();
        let thread = std::thread::spawn(move || {
            while let Ok(mut job) = rx.recv() {
                while let Ok(newer) = rx.try_recv() {
                    job = newer;
                }
                let (env, site, style) = job;
                let written =
                    crate::seo::site_files(&env, &site, style.as_deref()).and_then(|files| {
                        files
                            .iter()
                            .try_for_each(|(rel, text)| write_file(&out, rel, text.as_bytes()))
                    });
                if let Err(e) = written {
                    eprintln!("{}", crate::msg!("cmd-error", detail = format!("{e:#}")));
                }
            }
        });
        ExtrasWriter {
            tx: Some(tx),
            thread: Some(thread),
        }
    }

    pub(crate) fn submit(&self, pipeline: &Pipeline) {
        if let Some(tx) = &self.tx {
            let style = pipeline.bundles.entry.style_hash.clone();
            let _ = tx.send((pipeline.env.clone(), pipeline.site.clone(), style));
        }
    }

    /// Waits for the queued writes.
    pub(crate) fn finish(&mut self) {
        self.tx.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    /// The basic fixture with `extra` more English posts, two per list page, one a day apart.
    fn site_with_posts(extra: usize) -> Site {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/basic");
        let mut site = crate::check::load_site(&root).expect("the basic fixture loads");
        site.config.blog.per_page = 2;
        let model = site.lang(Lang::en()).posts[0].as_ref().clone();
        for i in 0..extra {
            let mut p = model.clone();
            p.slug = format!("extra-{i:02}");
            p.title = format!("Extra {i}");
            p.date = time::macros::date!(2020 - 01 - 01) + time::Duration::days(i as i64);
            site.lang_mut(Lang::en()).put(ContentItem::Post(p));
        }
        site.lang_mut(Lang::en()).sort();
        site
    }

    /// Replaces the English post at `index` by `change(post)`, as `reload_content` does, and
    /// returns the routes the edit re-renders.
    fn edit(site: &mut Site, index: usize, change: impl Fn(&mut BlogPost)) -> Vec<RouteKind> {
        let before = Arc::clone(&site.lang(Lang::en()).posts[index]);
        let mut after = before.as_ref().clone();
        change(&mut after);
        let c = site.lang_mut(Lang::en());
        c.put(ContentItem::Post(after));
        c.sort();
        let edited = EditedPost {
            lang: Lang::en(),
            index,
            before,
        };
        let routes = edited_post_routes(site, &[edited]);
        assert!(routes.iter().all(|r| r.lang == Lang::en()));
        routes.into_iter().map(|r| r.kind).collect()
    }

    use crate::content::BlogPost;

    /// The same routes, in any order.
    fn assert_same_routes(mut got: Vec<RouteKind>, mut want: Vec<RouteKind>) {
        got.sort_by_key(|k| format!("{k:?}"));
        want.sort_by_key(|k| format!("{k:?}"));
        assert_eq!(got, want);
    }

    fn slug(site: &Site, index: usize) -> String {
        site.lang(Lang::en()).posts[index].slug.clone()
    }

    #[test]
    fn a_body_edit_re_renders_the_post_alone() {
        let mut site = site_with_posts(10);
        let s = slug(&site, 5);
        let kinds = edit(&mut site, 5, |p| p.html.push_str("<p>more</p>"));
        assert_eq!(kinds, vec![RouteKind::BlogPost(s)]);
    }

    #[test]
    fn a_title_edit_re_renders_the_list_page_that_shows_it() {
        let mut site = site_with_posts(10);
        let s = slug(&site, 5);
        let kinds = edit(&mut site, 5, |p| p.title = "Retitled".into());
        // Index 5 with two posts a page is on page 3; the home page shows the newest 3 only.
        assert_same_routes(kinds, vec![RouteKind::BlogPage(3), RouteKind::BlogPost(s)]);
    }

    #[test]
    fn editing_one_of_the_latest_posts_re_renders_the_home_page() {
        let mut site = site_with_posts(10);
        let s = slug(&site, 0);
        let kinds = edit(&mut site, 0, |p| p.excerpt = "New excerpt".into());
        assert_same_routes(
            kinds,
            vec![
                RouteKind::Blog,
                RouteKind::Home,
                RouteKind::HomeAlias,
                RouteKind::BlogPost(s),
            ],
        );
    }

    #[test]
    fn a_new_date_re_renders_every_list_page_between_its_old_and_new_place() {
        let mut site = site_with_posts(10);
        let s = slug(&site, 9);
        let newest = site.lang(Lang::en()).posts[0].date;
        let kinds = edit(&mut site, 9, |p| p.date = newest + time::Duration::days(1));
        assert_eq!(site.lang(Lang::en()).post_at(&s).map(|(i, _)| i), Some(0));
        // From index 9 (page 5) to index 0 (page 1): pages 1 to 5, and the home page.
        assert_same_routes(
            kinds,
            vec![
                RouteKind::Blog,
                RouteKind::BlogPage(2),
                RouteKind::BlogPage(3),
                RouteKind::BlogPage(4),
                RouteKind::BlogPage(5),
                RouteKind::Home,
                RouteKind::HomeAlias,
                RouteKind::BlogPost(s),
            ],
        );
    }

    #[test]
    fn the_pages_an_edit_re_renders_are_the_pages_whose_data_changed() {
        // Against the slow way: every route of the language, prepared before and after.
        let year = 2026;
        for (index, change) in [(3usize, 0u8), (3, 1), (0, 1), (11, 2), (2, 2)] {
            let mut site = site_with_posts(10);
            let before: BTreeMap<String, blake3::Hash> = route_table(&site)
                .into_iter()
                .map(|r| {
                    let p = crate::pipeline::prepare_route(&site, year, r);
                    (p.route.path.clone(), p.data_hash)
                })
                .collect();
            let newest = site.lang(Lang::en()).posts[0].date;
            let kinds = edit(&mut site, index, |p| match change {
                0 => p.html.push_str("<p>more</p>"),
                1 => p.title.push_str(" (updated)"),
                _ => p.date = newest + time::Duration::days(1),
            });
            let changed: Vec<RouteKind> = route_table(&site)
                .into_iter()
                .filter(|r| {
                    let p = crate::pipeline::prepare_route(&site, year, r.clone());
                    before.get(&p.route.path) != Some(&p.data_hash)
                })
                .map(|r| r.kind)
                .collect();
            for k in &changed {
                assert!(
                    kinds.contains(k),
                    "edit {change} of post {index}: {k:?} changed but is not re-rendered ({kinds:?})"
                );
            }
        }
    }
}
