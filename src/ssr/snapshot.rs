//! V8 startup snapshots of a render worker.
//!
//! A render worker spends most of a small build starting: Node loads the 2 MB SSR bundle and
//! V8 compiles and warms up the render path over the first few dozen pages. A startup
//! snapshot (`node --build-snapshot`, built by `site/ssr-snapshot.mjs`) holds a worker's heap
//! with the bundle evaluated and warmed up by rendering sample routes, and the protocol
//! (`site/ssr-protocol.cjs`) as its main function; a worker started from it
//! (`node --snapshot-blob <blob> <fd>`) is ready at once and renders its first pages warm.
//!
//! The blob is a cache next to the SSR bundle, keyed by the bundle's stamp, the Node binary
//! and the workers' V8 flags ([`super::WORKER_V8_FLAGS`], with which it is also made), so it is
//! made again when any of them changes (Vite empties the folder when it rebuilds the bundle).
//! A build that rendered with the ordinary worker and finds no blob for its key makes one from
//! a few of its routes, while it writes its pages. The script keeps the blob
//! only if a worker started from it renders every sample byte for byte as the bundle loaded the
//! ordinary way does; a blob that cannot start a worker is removed, and the build starts the
//! ordinary workers instead ([`crate::pipeline::start_pool`]).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::Context;

use crate::assets::Bundles;

/// Bumped when the snapshot's entry or protocol changes in a way the bundle's stamp does not see.
const FORMAT: &str = "2";
/// Sample routes per page kind and language that warm the snapshot up.
const SAMPLES_PER_KIND: usize = 2;

/// Whether worker snapshots are used and made: `SAHEL_WORKER_SNAPSHOT=off` turns them off (to
/// compare, or to rule them out when a render misbehaves).
fn enabled() -> bool {
    std::env::var("SAHEL_WORKER_SNAPSHOT").map_or(true, |v| v != "off" && v != "0")
}

/// Where the snapshot for these bundles and this Node binary is (or would be).
pub(crate) fn snapshot_path(bundles: &Bundles) -> Option<PathBuf> {
    if !enabled() {
        return None;
    }
    let dir = bundles.server_entry.parent()?;
    let node = std::fs::metadata(&bundles.node).ok()?;
    let mtime = crate::fingerprint::modified_nanos(&node);
    let mut key = blake3::Hasher::new();
    for part in [
        FORMAT,
        &bundles.stamp,
        &bundles.node.to_string_lossy(),
        &node.len().to_string(),
        &mtime.to_string(),
        // Made and started with the workers' V8 flags: other flags, another snapshot.
        &super::WORKER_V8_FLAGS.join(" "),
    ] {
        key.update(part.as_bytes());
        key.update(&[0]);
    }
    let hex = key.finalize().to_hex();
    Some(dir.join(format!("worker-{}.blob", hex.get(..16)?)))
}

/// The snapshot for these bundles, if one was made.
/// (None when snapshots are off: then none is made either.)
pub(crate) fn existing(bundles: &Bundles) -> Option<PathBuf> {
    snapshot_path(bundles).filter(|p| p.is_file())
}

/// Removes a snapshot that could not start a worker, so the next build makes a new one.
pub(crate) fn discard(blob: &Path) {
    let _ = std::fs::remove_file(blob);
}

/// Picks the routes to warm a snapshot up with: the first [`SAMPLES_PER_KIND`] of each page
/// kind and language, as `(url, page data JSON)`.
pub(crate) fn pick_samples<'a>(
    routes: impl IntoIterator<Item = (&'a str, &'a str, &'a str, &'a str)>,
) -> Vec<(String, String)> {
    let mut per_kind: HashMap<(&str, &str), usize> = HashMap::new();
    let mut samples = Vec::new();
    for (kind, lang, url, json) in routes {
        let seen = per_kind.entry((kind, lang)).or_default();
        if *seen < SAMPLES_PER_KIND {
            *seen += 1;
            samples.push((url.to_owned(), json.to_owned()));
        }
    }
    samples
}

/// Makes the snapshot for these bundles, warmed up with `samples` (`(url, page data JSON)`).
/// Returns where it is.
pub(crate) fn build(bundles: &Bundles, samples: &[(String, String)]) -> anyhow::Result<PathBuf> {
    let blob = snapshot_path(bundles).context(crate::msg!("output-no-snapshot-place"))?;
    let dir = blob
        .parent()
        .context(crate::msg!("output-no-snapshot-place"))?;
    // The page data is JSON already: the list is written without parsing it again.
    let mut list = String::from("[");
    for (i, (url, json)) in samples.iter().enumerate() {
        if i > 0 {
            list.push(',');
        }
        list.push_str("{\"url\":");
        list.push_str(&serde_json::to_string(url)?);
        list.push_str(",\"data\":");
        list.push_str(json);
        list.push('}');
    }
    list.push(']');
    let samples_file = tempfile::Builder::new()
        .prefix("worker-samples-")
        .suffix(".json")
        .tempfile_in(dir)?;
    std::fs::write(samples_file.path(), list)?;
    let script = bundles.worker_script.with_file_name("ssr-snapshot.mjs");
    // The script passes its own V8 flags on to the snapshot's build and check.
    let output = Command::new(&bundles.node)
        .args(super::WORKER_V8_FLAGS)
        .arg(&script)
        .arg(&bundles.server_entry)
        .arg(samples_file.path())
        .arg(&blob)
        .env("NODE_ENV", "production")
        .output()
        .with_context(|| crate::msg!("output-cannot-run", path = bundles.node.display()))?;
    if !output.status.success() {
        anyhow::bail!(crate::msg!(
            "output-script-failed",
            script = script.display(),
            status = output.status.to_string(),
            detail = String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    // Snapshots made for earlier bundles or another Node binary are of no further use.
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if name.starts_with("worker-") && name.ends_with(".blob") && entry.path() != blob {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    Ok(blob)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_take_the_first_routes_of_each_kind_and_language() {
        let routes = [
            ("blogPost", "ar", "/ar/blog/a", "{}"),
            ("blogPost", "ar", "/ar/blog/b", "{}"),
            ("blogPost", "ar", "/ar/blog/c", "{}"),
            ("blogPost", "en", "/en/blog/a", "{}"),
            ("home", "ar", "/ar", "{\"k\":1}"),
            ("blogPost", "ar", "/ar/blog/d", "{}"),
        ];
        let urls: Vec<String> = pick_samples(routes).into_iter().map(|(u, _)| u).collect();
        assert_eq!(urls, ["/ar/blog/a", "/ar/blog/b", "/en/blog/a", "/ar"]);
    }
}
