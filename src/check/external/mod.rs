//! `sahel check --external`: every outbound `http(s)` link of the site's content, data and
//! strings, asked once each, politely, and only where it belongs.
//!
//! - [`collect`]: the links and where each is written (file, line, column).
//! - [`fetch`]: the requests (reqwest, rustls): one at a time per host with a pause, `HEAD`
//!   then `GET`, `Retry-After`, redirects followed by hand, bodies capped, anchors compared
//!   percent-decoded and in NFC ([`anchors`]).
//! - [`guard`]: no request to loopback, private, link-local or metadata addresses, after DNS
//!   and after every redirect.
//! - [`cache`]: ok links are not asked again for 7 days; broken ones' streaks.
//!
//! Only a broken link (404, 410, a name that does not resolve, a TLS error, a redirect loop, a
//! missing anchor) is an error, and only once two answers agree: a second request after a
//! pause in the same run, and, with `[check] external_broken_runs = n`, `n` runs in a row.

pub mod anchors;
pub mod cache;
pub mod collect;
pub mod fetch;
pub mod guard;
pub mod outcome;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Serialize;

use crate::messages::Msg;
use fetch::{Class, Outcome, Why};

/// The report's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// How `check --external` was asked to run (the flags; the rest is `[check]` in site.toml).
#[derive(Debug, Clone)]
pub struct Request {
    pub allow_private: bool,
    pub format: Format,
}

/// The `[check]` settings of the external check, in range.
fn settings(config: &crate::config::SiteConfig, request: &Request) -> Result<fetch::Settings, Msg> {
    let c = &config.check;
    let range = |key: &'static str, value: u64, min: u64, max: u64| {
        if (min..=max).contains(&value) {
            Ok(value)
        } else {
            Err(crate::msg!(
                "ext-config-range",
                key = key,
                min = min,
                max = max,
                value = value
            ))
        }
    };
    let timeout = range("external_timeout", c.external_timeout, 1, 120)?;
    let pause = range("external_pause_ms", c.external_pause_ms, 0, 10_000)?;
    let recheck = range("external_recheck_secs", c.external_recheck_secs, 0, 600)?;
    range(
        "external_broken_runs",
        u64::from(c.external_broken_runs),
        1,
        10,
    )?;
    let mut s = fetch::Settings::new(format!(
        "sahel/{} (link check; +{})",
        env!("CARGO_PKG_VERSION"),
        config.origin()
    ));
    s.allow_private = request.allow_private;
    s.timeout = Duration::from_secs(timeout);
    s.host_pause = Duration::from_millis(pause);
    s.recheck_pause = Duration::from_secs(recheck);
    Ok(s)
}

/// One link in the report.
#[derive(Debug, Serialize)]
pub struct LinkReport {
    pub url: String,
    pub class: Class,
    /// Whether it fails the check (broken, confirmed).
    pub error: bool,
    #[serde(flatten)]
    pub why: Why,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved_to: Option<String>,
    /// Runs in a row on which it was broken (this one included).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub broken_runs: Option<u32>,
    /// Whether the answer came from the cache.
    pub cached: bool,
    /// What is wrong, in the reader's language.
    pub message: String,
    pub uses: Vec<collect::Use>,
}

/// The whole report.
#[derive(Debug, Serialize)]
pub struct Report {
    pub summary: Summary,
    pub links: Vec<LinkReport>,
    /// Each file's links that are not simply ok: (url, class, line, column).
    pub files: BTreeMap<PathBuf, Vec<FileEntry>>,
    /// Notes on the run (the cache not used, and why).
    pub notes: Vec<String>,
}

#[derive(Debug, Default, Serialize)]
pub struct Summary {
    pub links: usize,
    pub hosts: usize,
    pub ok: usize,
    pub broken: usize,
    pub moved: usize,
    pub unknown: usize,
    pub refused: usize,
    pub cached: usize,
    pub requests: usize,
    pub errors: usize,
    pub warnings: usize,
}

/// A link's state in the report: its class, with a moved ok link apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Ok,
    Moved,
    Broken,
    Unknown,
    Refused,
}

impl Status {
    fn of(outcome: &Outcome) -> Status {
        match outcome.class {
            Class::Ok if outcome.moved_to.is_some() => Status::Moved,
            Class::Ok => Status::Ok,
            Class::Broken => Status::Broken,
            Class::Unknown => Status::Unknown,
            Class::Refused => Status::Refused,
        }
    }

    /// The state in the reader's language (the JSON keeps the English word).
    fn label(self) -> Msg {
        match self {
            Status::Ok => crate::msg!("ext-why-answered"),
            Status::Moved => crate::msg!("ext-class-moved"),
            Status::Broken => crate::msg!("ext-class-broken"),
            Status::Unknown => crate::msg!("ext-class-unknown"),
            Status::Refused => crate::msg!("ext-class-refused"),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct FileEntry {
    pub url: String,
    pub status: Status,
    pub line: usize,
    pub column: usize,
}

/// The seconds since the epoch (the cache's clock); `SAHEL_NOW` sets it for tests.
fn now() -> u64 {
    if let Some(now) = std::env::var("SAHEL_NOW")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
    {
        return now;
    }
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// Whether the site's `[check] external` asks for the external check on every `check`.
pub fn enabled(site: &crate::content::Site) -> bool {
    site.config.check.external
}

/// Checks the site's outbound links ([`run`]) and gives the report as text or JSON, and
/// whether the check fails (an error; with `deny_warnings`, a warning too).
pub fn check_site(
    site: &crate::content::Site,
    request: &Request,
    deny_warnings: bool,
) -> Result<(String, bool), Msg> {
    let report = run(&site.root, &site.config, request)?;
    let failed = report.summary.errors > 0 || (deny_warnings && report.summary.warnings > 0);
    let text = match request.format {
        Format::Text => report.text(site.config.check.external_broken_runs),
        Format::Json => {
            let mut json = serde_json::to_string_pretty(&report).unwrap_or_default();
            json.push('\n');
            json
        }
    };
    Ok((text, failed))
}

/// Checks the site's outbound links (progress on stderr) and reports them.
pub fn run(
    root: &Path,
    config: &crate::config::SiteConfig,
    request: &Request,
) -> Result<Report, Msg> {
    let settings = settings(config, request)?;
    let uses = collect::links(root, config, &config.check.external_skip);
    let now = now();
    let (mut cache, unused) = cache::Cache::load(root);
    let cache_file = cache::path(root)
        .strip_prefix(root)
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut notes = Vec::new();
    let note_for = |u: &cache::Unused| match u {
        cache::Unused::Link => {
            crate::msg!("ext-cache-link", file = cache_file.display().to_string())
        }
        cache::Unused::Unreadable => {
            crate::msg!(
                "ext-cache-unreadable",
                file = cache_file.display().to_string()
            )
        }
    };
    if let Some(u) = &unused {
        notes.push(note_for(u).text());
    }

    let mut outcomes: BTreeMap<String, Outcome> = BTreeMap::new();
    let mut cached: BTreeSet<String> = BTreeSet::new();
    let mut wanted: BTreeSet<String> = BTreeSet::new();
    for link in uses.keys() {
        match cache.fresh(link, now) {
            Some(o) => {
                cached.insert(link.clone());
                outcomes.insert(link.clone(), o);
            }
            None => {
                wanted.insert(link.clone());
            }
        }
    }
    let hosts: BTreeSet<String> = uses
        .keys()
        .filter_map(|l| url::Url::parse(l).ok())
        .filter_map(|u| u.host_str().map(str::to_string))
        .collect();
    eprintln!(
        "{}",
        crate::msg!(
            "ext-checking",
            links = uses.len(),
            hosts = hosts.len(),
            cached = cached.len()
        )
    );
    let mut requests = 0;
    if !wanted.is_empty() {
        let results = fetch::check(&wanted, &settings)
            .map_err(|e| crate::msg!("ext-client", detail = e.to_string()))?;
        requests = results.requests;
        outcomes.extend(results.outcomes);
    }
    let fetched: Vec<String> = wanted.iter().cloned().collect();
    cache.record(&outcomes, &fetched, now);
    if unused != Some(cache::Unused::Link)
        && let Err(u) = cache.save(root)
    {
        notes.push(note_for(&u).text());
    }

    let needed = config.check.external_broken_runs;
    let mut summary = Summary {
        links: uses.len(),
        hosts: hosts.len(),
        cached: cached.len(),
        requests,
        ..Summary::default()
    };
    let mut links = Vec::new();
    let mut files: BTreeMap<PathBuf, Vec<FileEntry>> = BTreeMap::new();
    for (url, used) in uses {
        let Some(outcome) = outcomes.get(&url).cloned() else {
            continue;
        };
        let streak =
            (outcome.class == Class::Broken).then(|| cache.streak(&url).map_or(1, |s| s.runs));
        let error = streak.is_some_and(|runs| runs >= needed);
        let status = Status::of(&outcome);
        match status {
            Status::Moved => summary.moved += 1,
            Status::Ok => summary.ok += 1,
            Status::Broken => summary.broken += 1,
            Status::Unknown => summary.unknown += 1,
            Status::Refused => summary.refused += 1,
        }
        if error {
            summary.errors += 1;
        } else if status != Status::Ok {
            summary.warnings += 1;
        }
        if status != Status::Ok {
            for u in &used {
                files.entry(u.file.clone()).or_default().push(FileEntry {
                    url: url.clone(),
                    status,
                    line: u.line,
                    column: u.column,
                });
            }
        }
        let mut message = why_message(&outcome.why, &settings).text();
        if let Some(to) = &outcome.moved_to {
            message = crate::msg!("ext-moved-to", to = to.as_str()).text();
        }
        links.push(LinkReport {
            cached: cached.contains(&url),
            url,
            class: outcome.class,
            error,
            why: outcome.why,
            moved_to: outcome.moved_to,
            broken_runs: streak,
            message,
            uses: used,
        });
    }
    for entries in files.values_mut() {
        entries.sort_by_key(|a| (a.line, a.column));
    }
    Ok(Report {
        summary,
        links,
        files,
        notes,
    })
}

/// Why a link has its class, in the reader's language.
fn why_message(why: &Why, settings: &fetch::Settings) -> Msg {
    match why {
        Why::Answered => crate::msg!("ext-why-answered"),
        Why::Missing { status } => crate::msg!("ext-why-missing", status = *status),
        Why::NoSuchName => crate::msg!("ext-why-no-such-name"),
        Why::Tls { detail } => crate::msg!("ext-why-tls", detail = detail.as_str()),
        Why::RedirectLoop => crate::msg!("ext-why-redirect-loop"),
        Why::TooManyRedirects => {
            crate::msg!("ext-why-too-many-redirects", max = settings.max_redirects)
        }
        Why::BadUrl => crate::msg!("ext-why-bad-url"),
        Why::RateLimited => crate::msg!("ext-why-rate-limited"),
        Why::Refused { status } => crate::msg!("ext-why-refused", status = *status),
        Why::ServerError { status } => crate::msg!("ext-why-server-error", status = *status),
        Why::Status { status } => crate::msg!("ext-why-status", status = *status),
        Why::Timeout => crate::msg!("ext-why-timeout", secs = settings.timeout.as_secs()),
        Why::HostSilent { tries } => crate::msg!("ext-why-host-silent", tries = *tries),
        Why::Connection { detail } => crate::msg!("ext-why-connection", detail = detail.as_str()),
        Why::NotWeb { to } => crate::msg!("ext-why-not-web", to = to.as_str()),
        Why::Private {
            address,
            metadata: false,
        } => crate::msg!("ext-why-private", address = address.as_str()),
        Why::Private {
            address,
            metadata: true,
        } => crate::msg!("ext-why-metadata", address = address.as_str()),
        Why::NoAnchor {
            fragment,
            closest: None,
        } => crate::msg!("ext-why-no-anchor", fragment = fragment.as_str()),
        Why::NoAnchor {
            fragment,
            closest: Some(closest),
        } => crate::msg!(
            "ext-why-no-anchor-closest",
            fragment = fragment.as_str(),
            closest = closest.as_str()
        ),
        Why::ScriptAnchors { fragment } => {
            crate::msg!("ext-why-script-anchors", fragment = fragment.as_str())
        }
        Why::AnchorBeyondCap { fragment } => crate::msg!(
            "ext-why-anchor-beyond-cap",
            fragment = fragment.as_str(),
            mib = settings.body_cap >> 20
        ),
    }
}

impl Report {
    /// The report as text: links that are not ok, grouped by link with each use, then by file,
    /// then the counts.
    pub fn text(&self, needed: u32) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        let safe = |s: &str| crate::diagnostics::terminal_safe_name(s).into_owned();
        let problems: Vec<&LinkReport> = self
            .links
            .iter()
            .filter(|l| l.class != Class::Ok || l.moved_to.is_some())
            .collect();
        if !problems.is_empty() {
            let _ = writeln!(out, "{}", crate::msg!("ext-by-link"));
            for l in &problems {
                let label = match (l.class, l.error, l.broken_runs) {
                    (Class::Broken, true, _) => crate::msg!("ext-class-broken"),
                    (Class::Broken, false, runs) => crate::msg!(
                        "ext-class-broken-once",
                        runs = runs.unwrap_or(1),
                        needed = needed
                    ),
                    (Class::Unknown, ..) => crate::msg!("ext-class-unknown"),
                    (Class::Refused, ..) => crate::msg!("ext-class-refused"),
                    (Class::Ok, ..) => crate::msg!("ext-class-moved"),
                };
                let mark = if l.error { "✗" } else { "⚠" };
                let _ = writeln!(out, "  {mark} {}: {}", label, safe(&l.url));
                let _ = writeln!(out, "    {}", safe(&l.message));
                for u in &l.uses {
                    let _ = writeln!(
                        out,
                        "      {}:{}:{}",
                        safe(&u.file.display().to_string()),
                        u.line,
                        u.column
                    );
                }
            }
            let _ = writeln!(out, "\n{}", crate::msg!("ext-by-file"));
            for (file, entries) in &self.files {
                let _ = writeln!(out, "  {}", safe(&file.display().to_string()));
                for e in entries {
                    let _ = writeln!(
                        out,
                        "    {}:{}  {}  {}",
                        e.line,
                        e.column,
                        e.status.label(),
                        safe(&e.url)
                    );
                }
            }
            out.push('\n');
        }
        for note in &self.notes {
            let _ = writeln!(out, "{note}");
        }
        let s = &self.summary;
        let _ = writeln!(
            out,
            "{}",
            crate::msg!(
                "ext-summary",
                links = s.links,
                ok = s.ok,
                broken = s.broken,
                moved = s.moved,
                unknown = s.unknown,
                refused = s.refused,
                cached = s.cached,
                requests = s.requests
            )
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_has_words() {
        let s = fetch::Settings::new(String::new());
        let whys = [
            Why::Answered,
            Why::Missing { status: 404 },
            Why::NoSuchName,
            Why::Tls { detail: "x".into() },
            Why::RedirectLoop,
            Why::TooManyRedirects,
            Why::BadUrl,
            Why::RateLimited,
            Why::Refused { status: 403 },
            Why::ServerError { status: 503 },
            Why::Status { status: 400 },
            Why::Timeout,
            Why::HostSilent { tries: 3 },
            Why::Connection { detail: "x".into() },
            Why::NotWeb {
                to: "ftp://x".into(),
            },
            Why::Private {
                address: "127.0.0.1".into(),
                metadata: false,
            },
            Why::Private {
                address: "169.254.169.254".into(),
                metadata: true,
            },
            Why::NoAnchor {
                fragment: "a".into(),
                closest: Some("b".into()),
            },
            Why::NoAnchor {
                fragment: "a".into(),
                closest: None,
            },
            Why::ScriptAnchors {
                fragment: "a".into(),
            },
            Why::AnchorBeyondCap {
                fragment: "a".into(),
            },
        ];
        for why in &whys {
            for lang in ["en", "ar"] {
                let text = why_message(why, &s).render(lang);
                assert!(
                    !text.is_empty() && !text.contains("ext-why"),
                    "{why:?} in {lang}: {text}"
                );
            }
        }
    }
}
