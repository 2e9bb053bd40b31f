//! The render cache: which document each route's data produced in the last build into an
//! output folder, so unchanged pages are linked from it instead of rendered again.

use std::path::{Path, PathBuf};

use anyhow::Context;
use rayon::prelude::*;

use super::prepare::PreparedRoute;
use super::render::Written;
use crate::assets;
use crate::fingerprint::{
    executable_hash, orphaned_caches, output_cache_name, write_cache_file, write_output_note,
};

/// A hash of everything in a page's document that is not its route data: sahel itself (its
/// version and its executable), the templates and the bundle's entry assets.
pub(crate) fn shell_fingerprint(
    templates: &Path,
    bundles: &assets::Bundles,
) -> anyhow::Result<String> {
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

/// Which document each route's data produced when it was last written into an output
/// folder. `build` keeps it between runs in `.cache/render/<hash of the output path>.json`,
/// beside `<hash>.output`, which names the folder so that a later build can remove the cache
/// once the folder is gone ([`orphaned_caches`]); `serve` keeps one in memory for its session. A route is fresh when its data and the shell
/// ([`shell_fingerprint`]) are those recorded and its file is still there.
pub(crate) struct RenderCache {
    /// Where `build` keeps it; `None` for `serve`'s.
    file: Option<PathBuf>,
    /// The output folder (`build`'s).
    output: PathBuf,
    fingerprint: String,
    previous: std::collections::HashMap<String, String>,
}

impl RenderCache {
    /// The cache of the last build into `out`.
    pub(crate) fn open(app: &Path, out: &Path, fingerprint: &str) -> RenderCache {
        let name = output_cache_name(out);
        let file = app.join(".cache/render").join(format!("{name}.json"));
        // Only a record the output's marker names describes its pages.
        let previous = if out.is_dir() {
            std::fs::read(&file)
                .ok()
                .filter(|b| crate::output::describes(out, b))
                .and_then(|b| serde_json::from_slice(&b).ok())
                .unwrap_or_default()
        } else {
            Default::default()
        };
        RenderCache {
            file: Some(file),
            output: out.to_path_buf(),
            fingerprint: fingerprint.to_string(),
            previous,
        }
    }

    /// Forgets every recorded route: nothing in the output folder is reused.
    pub(crate) fn forget_all(&mut self) {
        self.previous.clear();
    }

    /// Whether no route is recorded (a first build into the folder): every route will render.
    pub(crate) fn is_empty(&self) -> bool {
        self.previous.is_empty()
    }

    /// An empty cache that is never saved (`serve`).
    pub(crate) fn in_memory(fingerprint: &str) -> RenderCache {
        RenderCache {
            file: None,
            output: PathBuf::new(),
            fingerprint: fingerprint.to_string(),
            previous: Default::default(),
        }
    }

    /// The shell changed (templates, bundles): every recorded route becomes stale.
    pub(crate) fn set_fingerprint(&mut self, fingerprint: &str) {
        self.fingerprint = fingerprint.to_string();
    }

    /// A route's key: its data's hash ([`PreparedRoute::data_hash`]) under this shell.
    fn key(&self, data_hash: &blake3::Hash) -> String {
        let mut h = blake3::Hasher::new();
        h.update(self.fingerprint.as_bytes());
        h.update(data_hash.as_bytes());
        h.finalize().to_hex().to_string()
    }

    pub(crate) fn is_fresh(&self, p: &PreparedRoute, out: &Path) -> bool {
        self.previous
            .get(&p.route.path)
            .is_some_and(|key| *key == self.key(&p.data_hash))
            && out.join(&p.route.file).is_file()
    }

    /// Splits routes into those whose page in `out` is fresh and the rest, in parallel, keeping
    /// their order. (On a cold build there is nothing to compare with.) A fresh page whose files
    /// hold a secret key ([`crate::secrets`]) is rendered again instead: a key cannot come from
    /// the unchanged data of a build that scanned its output, so it was written into `out` by
    /// hand (or by another program) since, and must not be published again.
    pub fn partition(
        &self,
        routes: Vec<PreparedRoute>,
        out: &Path,
    ) -> (Vec<PreparedRoute>, Vec<PreparedRoute>) {
        if self.previous.is_empty() {
            return (Vec::new(), routes);
        }
        routes
            .into_par_iter()
            .partition(|p| self.is_fresh(p, out) && holds_no_secret(p, out))
    }

    /// Records that the route at `path` was written with the data of this `data_hash`.
    pub(crate) fn record(&mut self, path: &str, data_hash: &blake3::Hash) {
        let key = self.key(data_hash);
        self.previous.insert(path.to_string(), key);
    }

    /// Forgets a route that no longer exists.
    pub(crate) fn forget(&mut self, path: &str) {
        self.previous.remove(path);
    }

    /// The paths of the routes recorded.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &String> {
        self.previous.keys()
    }

    /// This build's record: each route's key, from its path and data hash, as the JSON
    /// [`RenderCache::save`] writes (None when the cache has no file). A build makes it while the
    /// pages render, and only writing it waits for the output to be in place.
    pub(crate) fn build_record(&self, routes: &[(String, blake3::Hash)]) -> Option<Vec<u8>> {
        self.file.as_ref()?;
        let index: std::collections::BTreeMap<&str, String> = routes
            .par_iter()
            .map(|(path, hash)| (path.as_str(), self.key(hash)))
            .collect();
        serde_json::to_vec(&index).ok()
    }

    /// Writes this build's `record` (from [`RenderCache::build_record`]), and removes the caches of
    /// output folders that are gone; a cache that cannot be written only costs the next build
    /// time.
    pub(crate) fn save(&self, record: Option<Vec<u8>>) {
        let (Some(file), Some(json)) = (&self.file, record) else {
            return;
        };
        if let Some(parent) = file.parent() {
            let _ = std::fs::create_dir_all(parent);
        }
        let _ = write_cache_file(file, &json);
        // The records of output folders that are gone go, with their notes.
        let note = file.with_extension("output");
        write_output_note(&note, &self.output);
        let Some(dir) = note.parent() else {
            return;
        };
        let notes = |p: &Path| {
            p.extension()
                .is_some_and(|e| e == "output")
                .then(|| p.to_path_buf())
        };
        for orphan in orphaned_caches(dir, &note, notes) {
            let _ = std::fs::remove_file(orphan.with_extension("json"));
            let _ = std::fs::remove_file(&orphan);
        }
    }
}

/// Whether the files of a route's page in `out` (its document and its page-data file) can be
/// read and hold no secret key. Reading them back costs the build the scan of its reused pages
/// (see ARCHITECTURE.md, "Secret keys").
fn holds_no_secret(p: &PreparedRoute, out: &Path) -> bool {
    std::iter::once(p.route.file.clone())
        .chain(p.route.data_file())
        .all(|rel| {
            std::fs::read(out.join(&rel))
                .is_ok_and(|bytes| crate::secrets::scan_bytes(&bytes).is_empty())
        })
}

/// Links (or copies) unchanged pages and their page-data files from the previous output.
pub(crate) fn reuse_pages(
    routes: &[PreparedRoute],
    out: &Path,
    dir: &Path,
) -> anyhow::Result<Written> {
    let results: Vec<anyhow::Result<Written>> = routes
        .par_iter()
        .map(|p| {
            let mut w = Written::default();
            let files = std::iter::once(p.route.file.clone()).chain(p.route.data_file());
            for rel in files {
                let (from, to) = (out.join(&rel), dir.join(&rel));
                if let Some(parent) = to.parent() {
                    crate::fingerprint::output_dir(parent)?;
                }
                if std::fs::hard_link(&from, &to).is_err() {
                    std::fs::copy(&from, &to).with_context(|| {
                        crate::msg!("output-cannot-copy-one", path = from.display())
                    })?;
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
