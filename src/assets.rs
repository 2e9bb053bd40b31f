//! The React app's bundles: installs npm dependencies when they are missing, runs Vite's
//! client and server builds when `site/`, the package files or the lockfile changed (a stamp
//! of their contents is kept in `.cache/site/stamp`), and reads Vite's manifest to know which
//! files a page must load and preload.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, bail};
use serde::Deserialize;

use crate::log::Log;

/// The client entry, as Vite names it in the manifest (relative to `site/`).
pub const CLIENT_ENTRY: &str = "src/entry-client.tsx";

/// Where the app's bundles are, and what a page loads.
#[derive(Debug, Clone)]
pub struct Bundles {
    /// Vite's client output: copied into `dist/`.
    pub client_dir: PathBuf,
    /// The SSR bundle the workers import.
    pub server_entry: PathBuf,
    pub worker_script: PathBuf,
    pub node: PathBuf,
    pub entry: EntryAssets,
    /// A hash of everything the bundles were built from.
    pub stamp: String,
    /// Whether Vite ran in this build.
    pub rebuilt: bool,
}

/// What the document shell links: the entry script, its CSS, the chunks to preload.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct EntryAssets {
    pub script: String,
    pub css: Vec<String>,
    pub modulepreload: Vec<String>,
    pub fonts: Vec<String>,
    /// Per page kind (`home`, `blogPost`, ...): the chunks the browser loads before it
    /// hydrates a page of that kind (its screen's chunk and the imports not already preloaded).
    pub screens: BTreeMap<String, Vec<String>>,
    /// Per language (`ar`, `en`): the chunk of its interface strings, which a page of that
    /// language loads before it hydrates.
    pub strings: BTreeMap<String, Vec<String>>,
    /// The entry's stylesheets' text, inlined in every page's head in place of the `<link>`s
    /// (empty: linked instead). See [`inline_styles`].
    pub inline_css: String,
    /// The CSP source that allows the inlined `<style>` (`'sha256-…'`), when there is one.
    pub style_hash: Option<String>,
}

/// The most CSS inlined in a page; a bigger stylesheet is linked instead.
const INLINE_CSS_MAX: usize = 192 * 1024;

/// Inlines the entry's stylesheets: a page then paints without waiting for a second request,
/// which on a phone network is a round trip and more before anything shows (issue 52). The
/// whole stylesheet, not each page's critical part: the policy allows the `<style>` by its hash
/// in one header for every page (`_headers`, `nginx.conf`, `serve`), which a per-page extract
/// would need one header per page for; the app's CSS is 11.5 KB gzip, of which a page's first
/// screen uses 6 and the union of all pages 8.3, and the rest would be downloaded again
/// after the paint. Stylesheets the app's later chunks import are still linked by them.
/// Left linked when the text is too big or holds what would end the element (`</style`).
pub fn inline_styles(entry: &mut EntryAssets, client_dir: &Path) -> anyhow::Result<()> {
    let mut text = String::new();
    for href in &entry.css {
        let path = client_dir.join(href.trim_start_matches('/'));
        let css = std::fs::read_to_string(&path)
            .with_context(|| crate::msg!("output-cannot-read", path = path.display()))?;
        text.push_str(css.trim_end());
        text.push('\n');
    }
    let closes = text.to_ascii_lowercase().contains("</style");
    if text.is_empty() || closes || text.len() > INLINE_CSS_MAX {
        return Ok(());
    }
    entry.style_hash = Some(crate::seo::csp_hash(&text));
    entry.inline_css = text;
    Ok(())
}

/// The screen table, shared with the app: which screen module and export render each page
/// kind, from the page table ([`crate::pages::PAGE_TABLE`]). The client builds its lazy loaders
/// from it, the server its screen table, and Rust the chunks each page preloads.
/// Where the screen modules are, relative to the app's `site/` (as Vite's manifest names them).
const SCREEN_DIR: &str = "src/app/routes/";

/// One entry of the screen table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Screen {
    /// The module's file name without `.tsx`, e.g. `blog-screens`.
    pub module: String,
    /// The component it exports, e.g. `BlogPostRoute`.
    pub export: String,
}

/// Page kind → screen.
pub type ScreenTable = BTreeMap<String, Screen>;

/// The screen of each page kind of the page table.
pub fn screen_table(table: &crate::pages::PageTable) -> ScreenTable {
    table
        .kinds
        .iter()
        .map(|(kind, k)| {
            (
                kind.clone(),
                Screen {
                    module: k.module.clone(),
                    export: k.export.clone(),
                },
            )
        })
        .collect()
}

#[derive(Debug, Deserialize)]
struct ManifestChunk {
    file: String,
    #[serde(default)]
    css: Vec<String>,
    #[serde(default)]
    imports: Vec<String>,
    #[serde(default)]
    assets: Vec<String>,
    #[serde(default, rename = "dynamicImports")]
    dynamic_imports: Vec<String>,
}

/// Reads Vite's `manifest.json` and resolves the entry's CSS and static imports.
pub fn entry_assets(
    manifest_json: &str,
    entry: &str,
    table: &ScreenTable,
) -> anyhow::Result<EntryAssets> {
    let manifest: BTreeMap<String, ManifestChunk> =
        serde_json::from_str(manifest_json).context(crate::msg!("output-vite-manifest-invalid"))?;
    let root = manifest
        .get(entry)
        .with_context(|| crate::msg!("output-vite-manifest-no-entry", entry = entry))?;
    let mut css = BTreeSet::new();
    let mut preload = Vec::new();
    let mut seen = BTreeSet::new();
    let mut stack: Vec<&str> = root.imports.iter().map(String::as_str).collect();
    css.extend(root.css.iter().cloned());
    while let Some(key) = stack.pop() {
        if !seen.insert(key) {
            continue;
        }
        if let Some(chunk) = manifest.get(key) {
            preload.push(format!("/{}", chunk.file));
            css.extend(chunk.css.iter().cloned());
            stack.extend(chunk.imports.iter().map(String::as_str));
        }
    }
    preload.sort();
    let fonts = root
        .assets
        .iter()
        .filter(|a| a.ends_with(".woff2"))
        .map(|a| format!("/{a}"))
        .collect();
    let mut modules = BTreeMap::new();
    let mut strings = BTreeMap::new();
    for key in &root.dynamic_imports {
        let screen = key
            .strip_prefix(SCREEN_DIR)
            .and_then(|k| k.strip_suffix(".tsx"));
        // A language's catalogue, `<strings folder>/<code>/common.json`: the app's
        // (`src/i18n/ar/common.json`) or a site's own, outside `site/` (the key is then relative
        // to `site/`: `../../strings/fa/common.json`). Its folder is named by its code.
        let lang = key
            .strip_suffix("/common.json")
            .map(|k| k.rsplit('/').next().unwrap_or(k))
            .filter(|code| !code.is_empty() && !code.starts_with('.'));
        let (map, name) = match (screen, lang) {
            (Some(name), _) => (&mut modules, name),
            (None, Some(lang)) => (&mut strings, lang),
            _ => continue,
        };
        let mut files = Vec::new();
        let mut stack = vec![key.as_str()];
        let mut visited = BTreeSet::new();
        while let Some(k) = stack.pop() {
            if !visited.insert(k) {
                continue;
            }
            if let Some(chunk) = manifest.get(k) {
                let file = format!("/{}", chunk.file);
                if !preload.contains(&file) && file != format!("/{}", root.file) {
                    files.push(file);
                }
                stack.extend(chunk.imports.iter().map(String::as_str));
            }
        }
        files.sort();
        map.insert(name.to_string(), files);
    }
    let screens = table
        .iter()
        .filter_map(|(kind, screen)| Some((kind.clone(), modules.get(&screen.module)?.clone())))
        .collect();
    Ok(EntryAssets {
        script: format!("/{}", root.file),
        css: css.into_iter().map(|c| format!("/{c}")).collect(),
        modulepreload: preload,
        fonts,
        screens,
        strings,
        inline_css: String::new(),
        style_hash: None,
    })
}

pub use crate::node::node_binary;

/// The languages a bundle is built for: the table (`SAHEL_LANGUAGES`) and each language's
/// strings folder (`SAHEL_STRINGS_DIRS`), as Vite reads them (`site/vite.config.ts`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppLanguages {
    /// The language table as JSON.
    table: String,
    /// Each language's code and strings.
    strings: Vec<(String, Strings)>,
}

/// A language's strings, as the bundles see them.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Strings {
    /// A folder of the app (`site/src/i18n/<code>/`), canonical.
    App(PathBuf),
    /// A site's own folder (`strings/<code>/`): its JSON files, read once.
    Own(Vec<(String, Vec<u8>)>),
}

impl AppLanguages {
    /// The languages of a site's config (`root` is the site's folder).
    pub fn of(root: &Path, config: &crate::config::SiteConfig) -> AppLanguages {
        let app_site = root.join(&config.paths.app).join("site");
        let app_site = app_site.canonicalize().unwrap_or(app_site);
        AppLanguages {
            table: config.languages.to_json(),
            strings: crate::check::strings::strings_dirs(root, config)
                .into_iter()
                .map(|(l, d)| {
                    let d = d.canonicalize().unwrap_or(d);
                    let strings = if d.starts_with(&app_site) {
                        Strings::App(d)
                    } else {
                        Strings::Own(strings_files(&d))
                    };
                    (l.code().to_string(), strings)
                })
                .collect(),
        }
    }

    /// The table and each language's strings, into `h`: the app's folders by their place, a
    /// site's own by their contents (not their paths: a site copied elsewhere, such as a test's
    /// temporary copy, reuses its bundles).
    fn hash_into(&self, h: &mut blake3::Hasher, app: &Path) {
        h.update(self.table.as_bytes());
        let own = app.join("site");
        for (code, strings) in &self.strings {
            h.update(code.as_bytes());
            h.update(&[0]);
            match strings {
                Strings::App(dir) => {
                    let rel = dir.strip_prefix(&own).unwrap_or(dir);
                    h.update(rel.as_os_str().as_encoded_bytes());
                }
                Strings::Own(files) => {
                    for (name, bytes) in files {
                        h.update(name.as_bytes());
                        h.update(&[0]);
                        h.update(bytes);
                        h.update(&[0]);
                    }
                }
            }
            h.update(&[0]);
        }
    }

    /// Whether these are the app's own: the default table, every strings folder in the app.
    /// Those bundles live in `.cache/site`; any other languages' in a folder named by
    /// [`Self::hash_into`], so two sites sharing an app (the shipped site and a test fixture)
    /// never rebuild each other's bundles.
    fn cache_name(&self, app: &Path) -> String {
        let default = crate::lang::Languages::builtin().to_json();
        if self.table == default
            && self
                .strings
                .iter()
                .all(|(_, s)| matches!(s, Strings::App(_)))
        {
            return "site".into();
        }
        let mut h = blake3::Hasher::new();
        self.hash_into(&mut h, app);
        let hex: String = h.finalize().to_hex().chars().take(16).collect();
        format!("site-{hex}")
    }

    /// The strings folders Vite reads, as `SAHEL_STRINGS_DIRS` gives them (`{"ar":
    /// "/abs/…/i18n/ar", …}`): the app's own where they are, a copy in `cache` (the bundles'
    /// folder) of a site's own, so the bundles never depend on where the site is.
    fn vite_strings(&self, cache: &Path) -> anyhow::Result<String> {
        let mut map = serde_json::Map::new();
        for (code, strings) in &self.strings {
            let folder = match strings {
                Strings::App(dir) => dir.clone(),
                Strings::Own(files) => {
                    let copy = cache.join("strings").join(code);
                    if copy.is_dir() {
                        std::fs::remove_dir_all(&copy).with_context(|| {
                            crate::msg!("output-cannot-empty", path = copy.display())
                        })?;
                    }
                    std::fs::create_dir_all(&copy).with_context(|| {
                        crate::msg!("output-cannot-create", path = copy.display())
                    })?;
                    for (name, bytes) in files {
                        std::fs::write(copy.join(name), bytes).with_context(|| {
                            crate::msg!("output-cannot-write", path = copy.join(name).display())
                        })?;
                    }
                    copy
                }
            };
            map.insert(code.clone(), folder.to_string_lossy().into_owned().into());
        }
        Ok(serde_json::Value::Object(map).to_string())
    }
}

/// The JSON files of a strings folder (not its subfolders), by name, sorted; a folder that
/// cannot be read has none (the strings check reports it).
fn strings_files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            name.ends_with(".json")
                .then(|| Some((name, std::fs::read(e.path()).ok()?)))
                .flatten()
        })
        .collect();
    files.sort();
    files
}

/// Makes sure the bundles exist and match the sources; builds them if not.
/// Whether [`prepare`] would run Vite: the bundles are missing, or built from other sources or
/// languages (read-only; an app that cannot be read counts as stale).
pub(crate) fn stale(app: &Path, languages: &AppLanguages, force: bool) -> bool {
    if force {
        return true;
    }
    let Ok(app) = app.canonicalize() else {
        return true;
    };
    let cache = app.join(".cache").join(languages.cache_name(&app));
    let fresh = source_stamp(&app, languages)
        .is_ok_and(|stamp| std::fs::read_to_string(cache.join("stamp")).is_ok_and(|s| s == stamp))
        && cache.join("client/.vite/manifest.json").is_file()
        && cache.join("server/entry-server.cjs").is_file();
    !fresh
}

pub fn prepare(
    app: &Path,
    languages: &AppLanguages,
    force: bool,
    log: &Log,
) -> anyhow::Result<Bundles> {
    let app = app
        .canonicalize()
        .with_context(|| crate::msg!("output-no-app-folder", path = app.display()))?;
    if !app.join("package.json").is_file() || !app.join("site").is_dir() {
        bail!(crate::msg!("output-not-an-app", path = app.display()));
    }
    ensure_npm_dependencies(&app, log)?;
    let cache = app.join(".cache").join(languages.cache_name(&app));
    // Two builds or serves of one app (parallel test binaries, a build beside a serve) must not
    // run Vite into the same folders at once: the second waits, then finds the bundles fresh.
    std::fs::create_dir_all(&cache)
        .with_context(|| crate::msg!("output-cannot-create", path = cache.display()))?;
    let lock_file = std::fs::File::create(cache.join("lock")).with_context(|| {
        crate::msg!("output-cannot-create", path = cache.join("lock").display())
    })?;
    lock_file
        .lock()
        .with_context(|| crate::msg!("output-cannot-lock", path = cache.join("lock").display()))?;
    let client_dir = cache.join("client");
    let server_dir = cache.join("server");
    // Read once, here, before Vite runs (a table that is refused stops the build at once): its
    // screens name the chunks each page preloads, below. The collections' TypeScript types
    // (types only: they change no bundle) are written once a build succeeded
    // ([`crate::pages::typescript::write`]).
    let (table, _) = crate::pages::PageTable::read(&app, &app)
        .map_err(|d| anyhow::anyhow!("{}", d.render().trim_end()))?;
    let stamp = source_stamp(&app, languages)?;
    let stamp_file = cache.join("stamp");
    let up_to_date = !force
        && std::fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp)
        && client_dir.join(".vite/manifest.json").is_file()
        && server_dir.join("entry-server.cjs").is_file();
    let node = node_binary(&app);
    if !up_to_date {
        log.progress(&crate::msg!("output-building-bundles").text());
        let _ = std::fs::remove_file(&stamp_file);
        let vite = app.join("node_modules/vite/bin/vite.js");
        let strings_dirs = languages.vite_strings(&cache)?;
        let run = |args: &[&str], out: &Path| -> anyhow::Result<()> {
            let output = Command::new(&node)
                .arg(&vite)
                .arg("build")
                .args(["--config", "site/vite.config.ts", "--logLevel", "warn"])
                .args(args)
                .arg("--outDir")
                .arg(out)
                .arg("--emptyOutDir")
                .env("SAHEL_LANGUAGES", &languages.table)
                .env("SAHEL_STRINGS_DIRS", &strings_dirs)
                .current_dir(&app)
                .output()
                .with_context(|| crate::msg!("output-cannot-run", path = node.display()))?;
            if !output.status.success() {
                bail!(
                    "{}\n{}{}",
                    crate::msg!("output-vite-failed", status = output.status.to_string()),
                    String::from_utf8_lossy(&output.stdout),
                    String::from_utf8_lossy(&output.stderr)
                );
            }
            log.verbose(&String::from_utf8_lossy(&output.stderr));
            Ok(())
        };
        let (client, server) = std::thread::scope(|s| {
            let c = s.spawn(|| run(&[], &client_dir));
            let sv = s.spawn(|| run(&["--ssr", "src/entry-server.tsx"], &server_dir));
            (c.join(), sv.join())
        });
        let panicked = |_| anyhow::anyhow!(crate::msg!("output-vite-panicked"));
        client
            .map_err(panicked)?
            .context(crate::msg!("output-client-build-failed"))?;
        server
            .map_err(panicked)?
            .context(crate::msg!("output-server-build-failed"))?;
        crate::fingerprint::write_cache_file(&stamp_file, stamp.as_bytes())
            .with_context(|| crate::msg!("output-cannot-write", path = stamp_file.display()))?;
    }
    let manifest = std::fs::read_to_string(client_dir.join(".vite/manifest.json"))
        .context(crate::msg!("output-vite-no-manifest"))?;
    let mut entry = entry_assets(&manifest, CLIENT_ENTRY, &screen_table(&table))?;
    inline_styles(&mut entry, &client_dir)?;
    Ok(Bundles {
        entry,
        client_dir,
        server_entry: server_dir.join("entry-server.cjs"),
        worker_script: app.join("site/ssr-worker.mjs"),
        node,
        stamp,
        rebuilt: !up_to_date,
    })
}

fn ensure_npm_dependencies(app: &Path, log: &Log) -> anyhow::Result<()> {
    if app.join("node_modules/vite/bin/vite.js").is_file()
        && app.join("node_modules/react-dom").is_dir()
    {
        return Ok(());
    }
    // `npm install` (not `npm ci`): it installs the versions in package-lock.json too, and it
    // tolerates npm's habit of leaving other platforms' optional packages out of the lockfile.
    log.progress(&crate::msg!("output-installing-npm").text());
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--loglevel", "error"])
        .current_dir(app)
        .status()
        .context(crate::msg!("output-cannot-run-npm"))?;
    if !status.success() {
        bail!(crate::msg!(
            "output-npm-failed",
            status = status.to_string()
        ));
    }
    Ok(())
}

/// A hash over every file the bundles are built from, and the languages they are built for
/// (the strings folders outside the app included).
pub fn source_stamp(app: &Path, languages: &AppLanguages) -> anyhow::Result<String> {
    let site = app.join("site");
    let modules = site.join("node_modules");
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(&site)
        .sort_by_file_name()
        .into_iter()
        // Not `site/node_modules`: Vite and Vitest write there as they run (the bundled config
        // in `.vite-temp`, Vitest's results in `.vite`), so a Vitest run or another site's Vite
        // run beside a build changed the stamp and made the next build run Vite again.
        .filter_entry(|e| e.path() != modules)
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| !e.path().components().any(|c| c.as_os_str() == "__tests__"))
        .map(|e| e.into_path())
        // Types only, written after a build: a new declaration changes no bundle.
        .filter(|p| !p.ends_with(crate::pages::GENERATED_TYPES))
        .collect();
    for extra in ["package.json", "package-lock.json", "tsconfig.json"] {
        let p = app.join(extra);
        if p.is_file() {
            files.push(p);
        }
    }
    let mut hasher = blake3::Hasher::new();
    for f in files {
        let rel = f.strip_prefix(app).unwrap_or(&f);
        hasher.update(rel.to_string_lossy().as_bytes());
        hasher.update(&[0]);
        hasher.update(
            &std::fs::read(&f)
                .with_context(|| crate::msg!("output-cannot-read", path = f.display()))?,
        );
        hasher.update(&[0]);
    }
    languages.hash_into(&mut hasher, app);
    Ok(hasher.finalize().to_hex().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Vite and Vitest write under `site/node_modules` while they run is not a source.
    #[test]
    fn the_stamp_ignores_what_vite_writes_under_site_node_modules() {
        let tmp = tempfile::tempdir().unwrap();
        let app = tmp.path();
        std::fs::create_dir_all(app.join("site/src")).unwrap();
        std::fs::write(app.join("site/src/main.tsx"), "export {};").unwrap();
        std::fs::write(app.join("package.json"), "{}").unwrap();
        let languages = AppLanguages {
            table: "[]".into(),
            strings: Vec::new(),
        };
        let before = source_stamp(app, &languages).unwrap();
        let temp = app.join("site/node_modules/.vite-temp");
        std::fs::create_dir_all(&temp).unwrap();
        std::fs::write(temp.join("vite.config.ts.timestamp-1-2.mjs"), "x").unwrap();
        std::fs::create_dir_all(app.join("site/node_modules/.vite/vitest")).unwrap();
        std::fs::write(
            app.join("site/node_modules/.vite/vitest/results.json"),
            "{}",
        )
        .unwrap();
        assert_eq!(source_stamp(app, &languages).unwrap(), before);
        std::fs::write(app.join("site/src/main.tsx"), "export const a = 1;").unwrap();
        assert_ne!(
            source_stamp(app, &languages).unwrap(),
            before,
            "a source still counts"
        );
    }

    #[test]
    fn resolves_entry_css_and_imports() {
        let manifest = r#"{
          "src/entry-client.tsx": {"file": "assets/entry-abc.js", "css": ["assets/entry-abc.css"],
             "imports": ["_vendor.js"], "assets": ["assets/cairo-1.woff2", "assets/logo.svg"]},
          "_vendor.js": {"file": "assets/vendor-123.js", "imports": ["_small.js"]},
          "_small.js": {"file": "assets/small-9.js", "css": ["assets/small.css"]}
        }"#;
        let a = entry_assets(manifest, CLIENT_ENTRY, &ScreenTable::new()).unwrap();
        assert_eq!(a.script, "/assets/entry-abc.js");
        assert_eq!(a.css, vec!["/assets/entry-abc.css", "/assets/small.css"]);
        assert_eq!(
            a.modulepreload,
            vec!["/assets/small-9.js", "/assets/vendor-123.js"]
        );
        assert_eq!(a.fonts, vec!["/assets/cairo-1.woff2"]);
    }

    /// The app's screen table names a screen for every page kind the Rust side produces, and
    /// each page preloads its own screen's chunk.
    #[test]
    fn screen_table_covers_every_page_kind() {
        let app = Path::new(env!("CARGO_MANIFEST_DIR"));
        let table = screen_table(&crate::pages::PageTable::read(app, app).unwrap().0);
        let kinds = [
            "home",
            "about",
            "services",
            "service",
            "pricing",
            "faq",
            "blog",
            "blogPost",
            "contact",
            "privacy",
            "terms",
            "assistantChat",
            "search",
        ];
        assert_eq!(
            table.keys().map(String::as_str).collect::<BTreeSet<_>>(),
            kinds.into_iter().collect::<BTreeSet<_>>()
        );
        let manifest = r#"{
          "src/entry-client.tsx": {"file": "assets/entry.js", "imports": ["_vendor.js"],
             "dynamicImports": ["src/app/routes/blog-screens.tsx", "src/i18n/ar/common.json"]},
          "_vendor.js": {"file": "assets/vendor.js"},
          "src/app/routes/blog-screens.tsx": {"file": "assets/blog.js", "imports": ["_vendor.js", "_date.js"]},
          "_date.js": {"file": "assets/date.js"},
          "src/i18n/ar/common.json": {"file": "assets/ar.js"}
        }"#;
        let a = entry_assets(manifest, CLIENT_ENTRY, &table).unwrap();
        let blog = vec!["/assets/blog.js".to_string(), "/assets/date.js".to_string()];
        assert_eq!(a.screens.get("blog"), Some(&blog));
        assert_eq!(a.screens.get("blogPost"), Some(&blog));
        assert_eq!(a.screens.get("home"), None, "no chunk in this manifest");
        assert_eq!(
            a.strings.get("ar"),
            Some(&vec!["/assets/ar.js".to_string()])
        );
    }

    #[test]
    fn missing_entry_is_an_error() {
        assert!(entry_assets("{}", CLIENT_ENTRY, &ScreenTable::new()).is_err());
    }

    #[test]
    fn stylesheets_are_inlined_with_their_hash_unless_they_cannot_be() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("assets")).unwrap();
        let write = |name: &str, css: &str| std::fs::write(dir.path().join(name), css).unwrap();
        let entry = |css: &[&str]| EntryAssets {
            css: css.iter().map(|c| format!("/{c}")).collect(),
            ..EntryAssets::default()
        };
        write("assets/a.css", "a{color:red}\n");
        write("assets/b.css", "[dir=\"rtl\"] b{margin:0}");
        let mut e = entry(&["assets/a.css", "assets/b.css"]);
        inline_styles(&mut e, dir.path()).unwrap();
        assert_eq!(e.inline_css, "a{color:red}\n[dir=\"rtl\"] b{margin:0}\n");
        // printf 'a{color:red}\n[dir="rtl"] b{margin:0}\n' | openssl dgst -sha256 -binary | base64
        assert_eq!(
            e.style_hash.as_deref(),
            Some("'sha256-EqAGxF4gXL1v9AZagEe+VGT3nM71nKDDdd+Ht2o4jNk='")
        );
        // Text that would end the element, or too much of it: linked, not inlined.
        write("assets/c.css", "i::after{content:\"</STYLE><script>\"}");
        write("assets/d.css", &"p{}".repeat(INLINE_CSS_MAX));
        for css in ["assets/c.css", "assets/d.css"] {
            let mut e = entry(&[css]);
            inline_styles(&mut e, dir.path()).unwrap();
            assert!(e.inline_css.is_empty() && e.style_hash.is_none(), "{css}");
        }
        // A stylesheet the manifest names but that is missing is an error that names it.
        let err = inline_styles(&mut entry(&["assets/gone.css"]), dir.path()).unwrap_err();
        assert!(format!("{err:#}").contains("gone.css"), "{err:#}");
    }
}
