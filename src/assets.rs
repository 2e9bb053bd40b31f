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
    /// Per screen module (`home-screen`, ...): the chunks the browser loads before it
    /// hydrates a page of that screen (the screen's chunk and its imports not already preloaded).
    pub screens: BTreeMap<String, Vec<String>>,
    /// Per language (`ar`, `en`): the chunk of its interface strings, which a page of that
    /// language loads before it hydrates.
    pub strings: BTreeMap<String, Vec<String>>,
}

/// The screen module (`site/src/features/screens/<name>.tsx`) the client loads for a page kind;
/// the same table as `site/src/features/screens/client-screens.ts` (a test keeps them in step).
pub fn screen_module(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "home" => "home-screen",
        "about" | "privacy" | "terms" => "long-page-screen",
        "services" => "services-screen",
        "service" => "service-screen",
        "pricing" => "pricing-screen",
        "faq" => "faq-screen",
        "blog" | "blogPost" => "blog-screens",
        "contact" => "contact-screen",
        "assistantChat" => "assistant-chat-screen",
        _ => return None,
    })
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
pub fn entry_assets(manifest_json: &str, entry: &str) -> anyhow::Result<EntryAssets> {
    let manifest: BTreeMap<String, ManifestChunk> =
        serde_json::from_str(manifest_json).context("Vite's manifest.json is not valid")?;
    let root = manifest
        .get(entry)
        .with_context(|| format!("Vite's manifest has no entry `{entry}`"))?;
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
    let mut screens = BTreeMap::new();
    let mut strings = BTreeMap::new();
    for key in &root.dynamic_imports {
        let screen = key
            .strip_prefix("src/features/screens/")
            .and_then(|k| k.strip_suffix(".tsx"));
        let lang = key
            .strip_prefix("src/i18n/")
            .and_then(|k| k.strip_suffix("/common.json"));
        let (map, name) = match (screen, lang) {
            (Some(name), _) => (&mut screens, name),
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
    Ok(EntryAssets {
        script: format!("/{}", root.file),
        css: css.into_iter().map(|c| format!("/{c}")).collect(),
        modulepreload: preload,
        fonts,
        screens,
        strings,
    })
}

/// The Node binary: the project's pinned one (`node_modules/.bin/node`, from the `node`
/// package) when installed, else `node` on PATH.
pub fn node_binary(app: &Path) -> PathBuf {
    let pinned = app.join("node_modules/.bin/node");
    if pinned.exists() {
        pinned
    } else {
        PathBuf::from("node")
    }
}

/// Makes sure the bundles exist and match the sources; builds them if not.
pub fn prepare(app: &Path, force: bool, log: &Log) -> anyhow::Result<Bundles> {
    let app = app
        .canonicalize()
        .with_context(|| format!("the app folder {} does not exist", app.display()))?;
    if !app.join("package.json").is_file() || !app.join("site").is_dir() {
        bail!(
            "{} has no package.json and site/ (the React app); set [paths] app in site.toml",
            app.display()
        );
    }
    ensure_npm_dependencies(&app, log)?;
    let cache = app.join(".cache/site");
    let client_dir = cache.join("client");
    let server_dir = cache.join("server");
    let stamp = source_stamp(&app)?;
    let stamp_file = cache.join("stamp");
    let up_to_date = !force
        && std::fs::read_to_string(&stamp_file).is_ok_and(|s| s == stamp)
        && client_dir.join(".vite/manifest.json").is_file()
        && server_dir.join("entry-server.js").is_file();
    let node = node_binary(&app);
    if !up_to_date {
        log.progress("Building the React bundles with Vite (site/ changed)...");
        let _ = std::fs::remove_file(&stamp_file);
        let vite = app.join("node_modules/vite/bin/vite.js");
        let run = |args: &[&str], out: &Path| -> anyhow::Result<()> {
            let output = Command::new(&node)
                .arg(&vite)
                .arg("build")
                .args(["--config", "site/vite.config.ts", "--logLevel", "warn"])
                .args(args)
                .arg("--outDir")
                .arg(out)
                .arg("--emptyOutDir")
                .current_dir(&app)
                .output()
                .with_context(|| format!("cannot run {}", node.display()))?;
            if !output.status.success() {
                bail!(
                    "Vite failed ({}):\n{}{}",
                    output.status,
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
        let panicked = |_| anyhow::anyhow!("the thread running Vite panicked");
        client
            .map_err(panicked)?
            .context("the client build failed")?;
        server
            .map_err(panicked)?
            .context("the server build failed")?;
        std::fs::write(&stamp_file, &stamp)?;
    }
    let manifest = std::fs::read_to_string(client_dir.join(".vite/manifest.json"))
        .context("Vite wrote no manifest")?;
    Ok(Bundles {
        entry: entry_assets(&manifest, CLIENT_ENTRY)?,
        client_dir,
        server_entry: server_dir.join("entry-server.js"),
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
    log.progress("Installing npm dependencies (first run only)...");
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--loglevel", "error"])
        .current_dir(app)
        .status()
        .context("cannot run npm; install Node.js 20.19 or newer with npm")?;
    if !status.success() {
        bail!("npm could not install the dependencies ({status}); see its messages above");
    }
    Ok(())
}

/// A hash over every file the bundles are built from.
pub fn source_stamp(app: &Path) -> anyhow::Result<String> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(app.join("site"))
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter(|e| !e.path().components().any(|c| c.as_os_str() == "__tests__"))
        .map(|e| e.into_path())
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
        hasher.update(&std::fs::read(&f).with_context(|| format!("cannot read {}", f.display()))?);
        hasher.update(&[0]);
    }
    Ok(hasher.finalize().to_hex().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolves_entry_css_and_imports() {
        let manifest = r#"{
          "src/entry-client.tsx": {"file": "assets/entry-abc.js", "css": ["assets/entry-abc.css"],
             "imports": ["_vendor.js"], "assets": ["assets/cairo-1.woff2", "assets/logo.svg"]},
          "_vendor.js": {"file": "assets/vendor-123.js", "imports": ["_small.js"]},
          "_small.js": {"file": "assets/small-9.js", "css": ["assets/small.css"]}
        }"#;
        let a = entry_assets(manifest, CLIENT_ENTRY).unwrap();
        assert_eq!(a.script, "/assets/entry-abc.js");
        assert_eq!(a.css, vec!["/assets/entry-abc.css", "/assets/small.css"]);
        assert_eq!(
            a.modulepreload,
            vec!["/assets/small-9.js", "/assets/vendor-123.js"]
        );
        assert_eq!(a.fonts, vec!["/assets/cairo-1.woff2"]);
    }

    /// The browser's loaders (`client-screens.ts`) and this table must name the same module for
    /// every kind, or a page would preload one screen's chunk and load another's.
    #[test]
    fn screen_table_matches_the_client_loaders() {
        let file = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("site/src/features/screens/client-screens.ts");
        let source = std::fs::read_to_string(&file).unwrap();
        let loaders: Vec<(&str, &str)> = source
            .lines()
            .filter_map(|line| {
                let (kind, rest) = line.trim().split_once(": () => import('./")?;
                Some((kind, rest.split_once('\'')?.0))
            })
            .collect();
        assert_eq!(loaders.len(), 12, "{loaders:?}");
        for (kind, module) in loaders {
            assert_eq!(screen_module(kind), Some(module), "kind {kind}");
        }
        assert_eq!(screen_module("notFound"), None);
    }

    #[test]
    fn missing_entry_is_an_error() {
        assert!(entry_assets("{}", CLIENT_ENTRY).is_err());
    }
}
