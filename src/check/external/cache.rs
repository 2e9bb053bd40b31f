//! What earlier runs found, in `.cache/sahel/external-links.json` in the site's folder: a link
//! found ok (moved or not) is not asked again for 7 days; failures are never reused, only
//! counted (a link broken on consecutive runs, for `[check] external_broken_runs`).
//!
//! The file is the site's, and a pull request can write it: a cache that does not parse, is
//! over 16 MiB, or sits behind a link (symlink) is not read, and the run does not write
//! through a link either (it would write wherever the link leads).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::fetch::{Class, Outcome};

/// How long an ok link is trusted.
pub const FRESH_SECS: u64 = 7 * 24 * 3600;
const MAX_CACHE: u64 = 16 << 20;
const VERSION: u32 = 1;

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Cache {
    version: u32,
    /// Links found ok, with when.
    #[serde(default)]
    ok: BTreeMap<String, Entry>,
    /// Links found broken on the latest runs: since when, and on how many runs in a row.
    #[serde(default)]
    broken: BTreeMap<String, Streak>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Entry {
    checked: u64,
    outcome: Outcome,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Streak {
    pub since: u64,
    pub runs: u32,
}

/// The cache's place in a site.
pub fn path(root: &Path) -> PathBuf {
    root.join(".cache")
        .join("sahel")
        .join("external-links.json")
}

/// Whether a part of the cache's path is a link (a symlink), from the site down.
fn behind_link(root: &Path) -> bool {
    let mut at = root.to_path_buf();
    for part in [".cache", "sahel", "external-links.json"] {
        at.push(part);
        if std::fs::symlink_metadata(&at).is_ok_and(|m| m.file_type().is_symlink()) {
            return true;
        }
    }
    false
}

/// Why the cache was not used, if it was not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unused {
    Link,
    Unreadable,
}

impl Cache {
    /// The site's cache: empty when there is none, or it cannot be trusted (with why).
    pub fn load(root: &Path) -> (Cache, Option<Unused>) {
        if behind_link(root) {
            return (Cache::default(), Some(Unused::Link));
        }
        let file = path(root);
        let Ok(meta) = std::fs::metadata(&file) else {
            return (Cache::default(), None);
        };
        if meta.len() > MAX_CACHE {
            return (Cache::default(), Some(Unused::Unreadable));
        }
        match std::fs::read(&file)
            .ok()
            .and_then(|b| serde_json::from_slice::<Cache>(&b).ok())
        {
            Some(c) if c.version == VERSION => (c, None),
            _ => (Cache::default(), Some(Unused::Unreadable)),
        }
    }

    /// A link's outcome, if it was found ok less than 7 days before `now`.
    pub fn fresh(&self, link: &str, now: u64) -> Option<Outcome> {
        self.ok
            .get(link)
            .filter(|e| e.checked <= now && now - e.checked < FRESH_SECS)
            .map(|e| e.outcome.clone())
    }

    /// The runs in a row, this one included, on which the link was broken.
    pub fn streak(&self, link: &str) -> Option<Streak> {
        self.broken.get(link).copied()
    }

    /// Records this run's outcomes: ok ones for reuse, broken ones' streaks (a link checked
    /// and not broken ends its streak; links not in the site any more are forgotten).
    pub fn record(&mut self, outcomes: &BTreeMap<String, Outcome>, fetched: &[String], now: u64) {
        self.version = VERSION;
        self.ok
            .retain(|k, e| outcomes.contains_key(k) && now.saturating_sub(e.checked) < FRESH_SECS);
        self.broken.retain(|k, _| outcomes.contains_key(k));
        for link in fetched {
            let Some(outcome) = outcomes.get(link) else {
                continue;
            };
            match outcome.class {
                Class::Ok => {
                    self.ok.insert(
                        link.clone(),
                        Entry {
                            checked: now,
                            outcome: outcome.clone(),
                        },
                    );
                    self.broken.remove(link);
                }
                Class::Broken => {
                    let streak = self.broken.entry(link.clone()).or_insert(Streak {
                        since: now,
                        runs: 0,
                    });
                    streak.runs += 1;
                }
                Class::Unknown | Class::Refused => {}
            }
        }
    }

    /// Writes the cache (atomically), unless a part of its path is a link; a failure to write
    /// costs only the next run's time.
    pub fn save(&self, root: &Path) -> Result<(), Unused> {
        if behind_link(root) {
            return Err(Unused::Link);
        }
        let file = path(root);
        let dir = file.parent().unwrap_or(root);
        let write = || -> std::io::Result<()> {
            std::fs::create_dir_all(dir)?;
            let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
            serde_json::to_writer(&mut tmp, self)?;
            tmp.persist(&file).map_err(|e| e.error)?;
            Ok(())
        };
        write().map_err(|_| Unused::Unreadable)
    }
}
