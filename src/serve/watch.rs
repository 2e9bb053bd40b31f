//! The file watcher: `notify` events, batched until the files are quiet, and what a changed
//! path means for the build ([`classify`], a pure function of the paths).

use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender};
use std::time::{Duration, Instant};

use anyhow::Context;
use notify::{EventKind, RecommendedWatcher, RecursiveMode, Watcher};

use crate::config::Paths;
use crate::lang::Lang;

/// What a changed path means for the build.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum ChangeKind {
    /// A file under `content/<lang>/` (written, created or deleted).
    Content(Lang, PathBuf),
    /// A file under `content/media/`.
    Media,
    Templates,
    Config,
    App,
}

/// Where the sources are, as absolute paths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct WatchedPaths {
    /// The config file (`<root>/site.toml` or `--config`).
    config: PathBuf,
    content: PathBuf,
    templates: PathBuf,
    /// The app's `site/` folder.
    app_site: PathBuf,
    /// The site's own strings folder (`[paths] strings`), when it exists.
    strings: Option<PathBuf>,
    /// The site's languages (each a folder of `content`).
    langs: Vec<Lang>,
}

impl WatchedPaths {
    /// `paths` are relative to `root`; existing folders are canonicalised, so they compare
    /// equal to the paths the watcher reports.
    pub(crate) fn new(
        root: &Path,
        config: &Path,
        paths: &Paths,
        languages: &crate::lang::Languages,
    ) -> WatchedPaths {
        let real = |p: PathBuf| p.canonicalize().unwrap_or(p);
        let strings = root.join(&paths.strings);
        WatchedPaths {
            config: config.to_path_buf(),
            content: real(root.join(&paths.content)),
            templates: real(root.join(&paths.templates)),
            app_site: real(root.join(&paths.app).join("site")),
            strings: strings.is_dir().then(|| real(strings)),
            langs: languages.all().to_vec(),
        }
    }

    /// The folders to watch: the config file's folder (not recursively: it is often the site
    /// root, which holds `dist/` and `.cache/`) and the source folders.
    fn folders(&self) -> Vec<(PathBuf, RecursiveMode)> {
        let mut folders = Vec::new();
        if let Some(parent) = self.config.parent() {
            folders.push((parent.to_path_buf(), RecursiveMode::NonRecursive));
        }
        for dir in [&self.content, &self.templates, &self.app_site]
            .into_iter()
            .chain(self.strings.as_ref())
        {
            folders.push((dir.clone(), RecursiveMode::Recursive));
        }
        folders
    }
}

/// What a changed `path` means, or `None` when it does not matter. Pure: it looks at the
/// path only. Everything under `content/<lang>/` counts, as `build` reads every file there
/// (a file that belongs to no content type is an error); a folder or a file that was never
/// content is sorted out when the change is applied.
pub(crate) fn classify(paths: &WatchedPaths, path: &Path) -> Option<ChangeKind> {
    let name = path.file_name()?.to_str()?;
    if crate::media::is_scratch(name) {
        return None;
    }
    if path == paths.config {
        return Some(ChangeKind::Config);
    }
    for &lang in &paths.langs {
        let lang_dir = paths.content.join(lang.code());
        if path.starts_with(&lang_dir) && path != lang_dir {
            return Some(ChangeKind::Content(lang, path.to_path_buf()));
        }
    }
    // The folder itself too: files written into a folder created a moment before may come
    // before the watch on it, and listing the folder again finds them.
    if path.starts_with(paths.content.join(crate::media::FOLDER)) {
        return Some(ChangeKind::Media);
    }
    if path.starts_with(&paths.content) {
        return None; // e.g. content/README.md: not read by the build
    }
    if path.starts_with(&paths.templates) {
        return Some(ChangeKind::Templates);
    }
    if paths.strings.as_ref().is_some_and(|s| path.starts_with(s)) {
        return Some(ChangeKind::App);
    }
    if path.starts_with(&paths.app_site)
        && !path.starts_with(paths.app_site.join("node_modules"))
        && !path.components().any(|c| c.as_os_str() == "__tests__")
    {
        return Some(ChangeKind::App);
    }
    None
}

/// What the watch loop receives.
pub(crate) enum Msg {
    Changed(Vec<PathBuf>),
    /// A request of the browser editor, run on the thread that holds the session.
    Edit(super::edit::Job),
    Stop,
}

/// The `notify` watcher and the folders it watches.
pub(crate) struct Watch {
    watcher: RecommendedWatcher,
    watching: Vec<(PathBuf, RecursiveMode)>,
}

impl Watch {
    /// Starts watching; changes (not reads) go to `tx`.
    pub(crate) fn start(tx: Sender<Msg>, paths: &WatchedPaths) -> anyhow::Result<Watch> {
        let watcher = notify::recommended_watcher(move |res: notify::Result<notify::Event>| {
            if let Ok(event) = res
                && !matches!(event.kind, EventKind::Access(_))
            {
                let _ = tx.send(Msg::Changed(event.paths));
            }
        })
        .context(crate::msg!("serve-cannot-watch-start"))?;
        let mut watch = Watch {
            watcher,
            watching: Vec::new(),
        };
        watch.set(paths)?;
        Ok(watch)
    }

    /// Watches the folders of `paths` (after a config change: the new ones).
    pub(crate) fn set(&mut self, paths: &WatchedPaths) -> anyhow::Result<()> {
        let wanted: Vec<_> = paths
            .folders()
            .into_iter()
            .filter(|(dir, _)| dir.is_dir())
            .collect();
        if wanted == self.watching {
            return Ok(());
        }
        for (dir, _) in std::mem::take(&mut self.watching) {
            let _ = self.watcher.unwatch(&dir);
        }
        for (dir, mode) in wanted {
            self.watcher
                .watch(&dir, mode)
                .with_context(|| crate::msg!("serve-cannot-watch", path = dir.display()))?;
            self.watching.push((dir, mode));
        }
        Ok(())
    }
}

/// Waits for the next change and takes what else arrives until the files are quiet for 5 ms
/// (at most 200 ms), so an editor's write-then-rename lands in one rebuild. `None`: stop.
pub(crate) fn next_batch(
    rx: &Receiver<Msg>,
    jobs: &mut Vec<super::edit::Job>,
) -> Option<Vec<PathBuf>> {
    let mut paths = match rx.recv() {
        Ok(Msg::Changed(p)) => p,
        // An editor's request is answered at once, with no batch of changes to wait for.
        Ok(Msg::Edit(job)) => {
            jobs.push(job);
            return Some(Vec::new());
        }
        Ok(Msg::Stop) | Err(_) => return None,
    };
    let first = Instant::now();
    while first.elapsed() < Duration::from_millis(200) {
        match rx.recv_timeout(Duration::from_millis(5)) {
            Ok(Msg::Changed(p)) => paths.extend(p),
            Ok(Msg::Edit(job)) => jobs.push(job),
            Ok(Msg::Stop) => return None,
            Err(_) => break,
        }
    }
    Some(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_paths() {
        let paths = WatchedPaths {
            config: "/s/site.toml".into(),
            content: "/s/content".into(),
            templates: "/t/templates".into(),
            app_site: "/app/site".into(),
            strings: Some("/s/strings".into()),
            langs: crate::lang::Languages::builtin().all().to_vec(),
        };
        let en = |p: &str| Some(ChangeKind::Content(Lang::en(), p.into()));
        let table: &[(&str, Option<ChangeKind>)] = &[
            ("/s/site.toml", Some(ChangeKind::Config)),
            ("/s/other.toml", None),
            ("/s/dist/en/index.html", None),
            ("/s/content/en/blog/a.md", en("/s/content/en/blog/a.md")),
            ("/s/content/en/faq.yaml", en("/s/content/en/faq.yaml")),
            ("/s/content/en/stray.txt", en("/s/content/en/stray.txt")),
            (
                "/s/content/ar/services/x.yaml",
                Some(ChangeKind::Content(
                    Lang::ar(),
                    "/s/content/ar/services/x.yaml".into(),
                )),
            ),
            ("/s/content/en", None),
            ("/s/content/README.md", None),
            ("/s/content/media/مكتب.jpg", Some(ChangeKind::Media)),
            ("/s/content/media/فريق/آدم.jpg", Some(ChangeKind::Media)),
            ("/s/content/media/.DS_Store", None),
            ("/s/content/media", Some(ChangeKind::Media)),
            ("/s/content/en/blog/.a.md.swp", None),
            ("/s/content/en/blog/a.md~", None),
            ("/s/content/en/blog/4913", None),
            ("/s/content/en/faq.yaml.tmp", None),
            ("/t/templates/page.html", Some(ChangeKind::Templates)),
            ("/app/site/src/app.tsx", Some(ChangeKind::App)),
            ("/app/site/src/i18n/en/common.json", Some(ChangeKind::App)),
            ("/app/site/src/x/__tests__/a.test.ts", None),
            ("/app/site/node_modules/react/index.js", None),
            ("/app/package.json", None),
            ("/", None),
        ];
        for (path, want) in table {
            assert_eq!(&classify(&paths, Path::new(path)), want, "{path}");
        }
    }
}
