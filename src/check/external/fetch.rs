//! The requests: each page once, one request at a time per host with a pause between them,
//! `HEAD` first (`GET` where the page's anchors are needed or `HEAD` is refused), redirects
//! followed by hand so every hop is checked against the address policy ([`super::guard`]),
//! `Retry-After` honoured, bodies read up to a cap.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reqwest::{Method, StatusCode, Url};
use tokio::sync::Semaphore;
use tokio::time::Instant;
use unicode_normalization::UnicodeNormalization;

use super::guard;
pub use super::outcome::{Class, Outcome, Why};
use super::outcome::{class_of, error_outcome, private, why_of};

/// How the check runs.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Requests to loopback and private addresses are made (never to link-local or metadata
    /// addresses).
    pub allow_private: bool,
    /// One request's time limit, connection included.
    pub timeout: Duration,
    /// The pause between two requests to one host.
    pub host_pause: Duration,
    /// How long a broken page is left before it is asked again (a page is broken only when
    /// both tries say so).
    pub recheck_pause: Duration,
    /// Redirects followed, at most.
    pub max_redirects: usize,
    /// The bytes of a page read, at most (to find its anchors).
    pub body_cap: usize,
    /// The longest `Retry-After` waited for; a longer one leaves the link unknown.
    pub retry_after_cap: Duration,
    /// Requests in flight at once, over all hosts.
    pub concurrency: usize,
    /// The `User-Agent` header: names sahel and the site.
    pub user_agent: String,
}

impl Settings {
    pub fn new(user_agent: String) -> Self {
        Settings {
            allow_private: false,
            timeout: Duration::from_secs(15),
            host_pause: Duration::from_millis(250),
            recheck_pause: Duration::from_secs(5),
            max_redirects: 10,
            body_cap: 8 << 20,
            retry_after_cap: Duration::from_secs(30),
            concurrency: 16,
            user_agent,
        }
    }
}

/// A page's anchors (ids and `<a name>`s), percent-decoded and in NFC.
#[derive(Debug, Clone)]
enum Anchors {
    /// Not HTML (a PDF, an image): its fragments are not ids.
    NotHtml,
    Html {
        ids: HashSet<String>,
        truncated: bool,
    },
}

/// A page fetched: its outcome and, for a GET, its anchors.
#[derive(Debug, Clone)]
struct Page {
    outcome: Outcome,
    anchors: Option<Anchors>,
    /// The page's host after redirects (its anchors may be made by script).
    host: String,
}

/// The shared state of one run.
struct Run {
    client: reqwest::Client,
    settings: Settings,
    global: Semaphore,
    /// Per host (and port): when its next request may start and how many requests in a row
    /// it let time out, behind a lock held while a request to it is in flight.
    hosts: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Host>>>>,
    /// Requests made (the tests and the summary count them).
    requests: std::sync::atomic::AtomicUsize,
}

/// One host's turn.
struct Host {
    next: Instant,
    /// Requests in a row that timed out or could not connect.
    silent: u32,
}

/// A host that let this many requests in a row fail is not asked again in the run: a site that
/// is down would otherwise cost a time-out per link.
const SILENT_AFTER: u32 = 3;

/// What a run found: each link's outcome, and the number of requests made.
pub struct Results {
    pub outcomes: BTreeMap<String, Outcome>,
    pub requests: usize,
}

/// Checks `links` (distinct URLs as written): each page once, whatever its fragments.
pub fn check(links: &BTreeSet<String>, settings: &Settings) -> anyhow::Result<Results> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(check_async(links, settings))
}

async fn check_async(links: &BTreeSet<String>, settings: &Settings) -> anyhow::Result<Results> {
    let client = reqwest::Client::builder()
        .user_agent(settings.user_agent.clone())
        .redirect(reqwest::redirect::Policy::none())
        // A proxy from the environment would resolve names itself, past the address policy.
        .no_proxy()
        .dns_resolver(guard::resolver(settings.allow_private))
        .timeout(settings.timeout)
        .connect_timeout(settings.timeout)
        .pool_max_idle_per_host(1)
        .build()?;
    let run = Arc::new(Run {
        client,
        settings: settings.clone(),
        global: Semaphore::new(settings.concurrency.max(1)),
        hosts: Mutex::new(HashMap::new()),
        requests: std::sync::atomic::AtomicUsize::new(0),
    });

    // Each page (the URL without its fragment) with the fragments its links ask for.
    let mut outcomes = BTreeMap::new();
    let mut pages: BTreeMap<String, (Url, BTreeSet<String>)> = BTreeMap::new();
    let mut page_of: BTreeMap<String, (String, Option<String>)> = BTreeMap::new();
    for link in links {
        match Url::parse(link) {
            Ok(mut url) if matches!(url.scheme(), "http" | "https") && url.has_host() => {
                let fragment = url.fragment().map(str::to_string);
                url.set_fragment(None);
                // A user name and password in a link are never sent.
                let _ = url.set_username("");
                let _ = url.set_password(None);
                let key = url.to_string();
                let entry = pages
                    .entry(key.clone())
                    .or_insert_with(|| (url, BTreeSet::new()));
                if let Some(f) = &fragment
                    && needs_body(f)
                {
                    entry.1.insert(f.clone());
                }
                page_of.insert(link.clone(), (key, fragment));
            }
            _ => {
                outcomes.insert(link.clone(), Outcome::new(Class::Broken, Why::BadUrl));
            }
        }
    }

    let mut fetched = fetch_all(&run, &pages).await;
    // A broken page is asked again after a pause: only two answers make it broken.
    let broken: BTreeMap<String, (Url, BTreeSet<String>)> = pages
        .iter()
        .filter(|(k, _)| {
            fetched
                .get(*k)
                .is_some_and(|p| p.outcome.class == Class::Broken)
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if !broken.is_empty() {
        tokio::time::sleep(run.settings.recheck_pause).await;
        fetched.extend(fetch_all(&run, &broken).await);
    }

    for (link, (key, fragment)) in page_of {
        let Some(page) = fetched.get(&key) else {
            continue;
        };
        outcomes.insert(link, link_outcome(page, fragment.as_deref()));
    }
    Ok(Results {
        outcomes,
        requests: run.requests.load(std::sync::atomic::Ordering::Relaxed),
    })
}

/// Every page at once (the host locks and the global limit pace them).
async fn fetch_all(
    run: &Arc<Run>,
    pages: &BTreeMap<String, (Url, BTreeSet<String>)>,
) -> BTreeMap<String, Page> {
    let mut tasks = tokio::task::JoinSet::new();
    for (key, (url, fragments)) in pages {
        let run = Arc::clone(run);
        let key = key.clone();
        let url = url.clone();
        let body = !fragments.is_empty();
        tasks.spawn(async move {
            let page = fetch_page(&run, url, body).await;
            (key, page)
        });
    }
    let mut out = BTreeMap::new();
    while let Some(done) = tasks.join_next().await {
        if let Ok((key, page)) = done {
            out.insert(key, page);
        }
    }
    out
}

/// Whether the fragment is checked against the page's ids: not empty, not `top` (browsers
/// scroll to the top for it), not a text fragment (`:~:text=`).
fn needs_body(fragment: &str) -> bool {
    !(fragment.is_empty()
        || fragment.eq_ignore_ascii_case("top")
        || fragment.starts_with(":~:")
        || fragment.starts_with("page=")
        // A line of a file shown by a code host (`#L10`, `#L10-L12`).
        || fragment.strip_prefix('L').is_some_and(|rest| {
            rest.starts_with(|c: char| c.is_ascii_digit())
                && rest.chars().all(|c| c.is_ascii_digit() || c == '-' || c == 'L')
        }))
}

/// Hosts whose pages make their anchors with script: a fragment there cannot be checked.
const SCRIPT_ANCHOR_HOSTS: [&str; 10] = [
    "github.com",
    "gitlab.com",
    "docs.google.com",
    "drive.google.com",
    "www.google.com",
    "maps.google.com",
    "x.com",
    "twitter.com",
    "www.youtube.com",
    "youtu.be",
];

/// A fragment (or an id) as compared: percent-decoded, then NFC.
pub fn normalize_anchor(s: &str) -> String {
    percent_encoding::percent_decode_str(s)
        .decode_utf8_lossy()
        .nfc()
        .collect()
}

/// The outcome of one link from its page's.
fn link_outcome(page: &Page, fragment: Option<&str>) -> Outcome {
    let Some(fragment) = fragment.filter(|f| needs_body(f)) else {
        return page.outcome.clone();
    };
    if page.outcome.class != Class::Ok {
        return page.outcome.clone();
    }
    let shown = normalize_anchor(fragment);
    let mut outcome = page.outcome.clone();
    let script = |fragment: String| Why::ScriptAnchors { fragment };
    match &page.anchors {
        None | Some(Anchors::NotHtml) => {}
        Some(Anchors::Html { ids, truncated }) => {
            if fragment.starts_with('!') || SCRIPT_ANCHOR_HOSTS.contains(&page.host.as_str()) {
                if !ids.contains(&shown) {
                    outcome.class = Class::Unknown;
                    outcome.why = script(shown);
                }
            } else if !ids.contains(&shown) {
                if *truncated {
                    outcome.class = Class::Unknown;
                    outcome.why = Why::AnchorBeyondCap { fragment: shown };
                } else if ids.is_empty() {
                    outcome.class = Class::Unknown;
                    outcome.why = script(shown);
                } else {
                    let closest = closest(&shown, ids);
                    outcome.class = Class::Broken;
                    outcome.why = Why::NoAnchor {
                        fragment: shown,
                        closest,
                    };
                }
            }
        }
    }
    outcome
}

/// The id closest to `wanted`, if one is close enough to be what was meant (the internal
/// links' "did you mean" too, `check/links.rs`).
pub fn closest<'a>(wanted: &str, ids: impl IntoIterator<Item = &'a String>) -> Option<String> {
    ids.into_iter()
        .map(|id| (strsim::normalized_damerau_levenshtein(wanted, id), id))
        .filter(|(score, _)| *score >= 0.5)
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, id)| id.clone())
}

/// A page and its redirects.
async fn fetch_page(run: &Run, start: Url, body: bool) -> Page {
    let mut url = start;
    let mut seen: HashSet<String> = HashSet::new();
    let mut moved: Option<bool> = None;
    let mut hops = 0usize;
    loop {
        let host = url.host_str().unwrap_or_default().to_string();
        let done = |outcome: Outcome| Page {
            outcome,
            anchors: None,
            host: host.clone(),
        };
        if !seen.insert(url.to_string()) {
            return done(Outcome::new(Class::Broken, Why::RedirectLoop));
        }
        if let Some(refused) = literal_refusal(&url, run.settings.allow_private) {
            return done(refused);
        }
        let response = match request(run, &url, body).await {
            Ok(r) => r,
            Err(outcome) => return done(outcome),
        };
        let status = response.status();
        if status.is_redirection()
            && let Some(location) = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|l| l.to_str().ok())
        {
            let permanent = matches!(
                status,
                StatusCode::MOVED_PERMANENTLY | StatusCode::PERMANENT_REDIRECT
            );
            // The link should change when its first redirect is permanent.
            moved.get_or_insert(permanent);
            let Ok(next) = url.join(location) else {
                return done(Outcome::new(Class::Broken, Why::BadUrl));
            };
            if !matches!(next.scheme(), "http" | "https") {
                return done(Outcome::new(
                    Class::Unknown,
                    Why::NotWeb {
                        to: next.to_string(),
                    },
                ));
            }
            hops += 1;
            if hops > run.settings.max_redirects {
                return done(Outcome::new(Class::Broken, Why::TooManyRedirects));
            }
            url = next;
            continue;
        }
        let mut outcome = Outcome::new(class_of(status), why_of(status));
        if moved == Some(true) && outcome.class == Class::Ok {
            outcome.moved_to = Some(url.to_string());
        }
        let anchors = if body && outcome.class == Class::Ok {
            Some(read_anchors(run, response).await)
        } else {
            None
        };
        return Page {
            outcome,
            anchors,
            host,
        };
    }
}

/// An address written in the URL (no name to resolve) that the policy refuses.
fn literal_refusal(url: &Url, allow_private: bool) -> Option<Outcome> {
    let ip: IpAddr = match url.host()? {
        url::Host::Ipv4(v4) => v4.into(),
        url::Host::Ipv6(v6) => v6.into(),
        url::Host::Domain(_) => return None,
    };
    guard::allowed(ip, allow_private)
        .err()
        .map(|why| private(ip, why))
}

/// One hop: `HEAD` (or `GET` when the body is wanted), then `GET` where `HEAD` is refused;
/// `Retry-After` waited for (at most twice).
async fn request(run: &Run, url: &Url, body: bool) -> Result<reqwest::Response, Outcome> {
    let mut method = if body { Method::GET } else { Method::HEAD };
    let mut waits = 0;
    loop {
        let response = send(run, url, method.clone()).await?;
        let status = response.status();
        if status == StatusCode::TOO_MANY_REQUESTS
            || (status == StatusCode::SERVICE_UNAVAILABLE
                && response
                    .headers()
                    .contains_key(reqwest::header::RETRY_AFTER))
        {
            let wait = retry_after(&response);
            match wait {
                Some(wait) if waits < 2 && wait <= run.settings.retry_after_cap => {
                    waits += 1;
                    hold_host(run, url, wait).await;
                    continue;
                }
                _ => return Ok(response),
            }
        }
        if method == Method::HEAD && (status.is_client_error() || status.is_server_error()) {
            // Many servers refuse HEAD (405, 501, 403, even 404): ask with GET.
            method = Method::GET;
            continue;
        }
        return Ok(response);
    }
}

/// How long `Retry-After` asks to wait: seconds, or an HTTP date.
fn retry_after(response: &reqwest::Response) -> Option<Duration> {
    let value = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)?
        .to_str()
        .ok()?
        .trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let when =
        time::OffsetDateTime::parse(value, &time::format_description::well_known::Rfc2822).ok()?;
    let wait = when - time::OffsetDateTime::now_utc();
    Some(Duration::from_secs(
        wait.whole_seconds().max(0).unsigned_abs(),
    ))
}

/// The host key of a URL: its name and port.
fn host_key(url: &Url) -> String {
    format!(
        "{}:{}",
        url.host_str().unwrap_or_default(),
        url.port_or_known_default().unwrap_or(0)
    )
}

fn host_lock(run: &Run, url: &Url) -> Arc<tokio::sync::Mutex<Host>> {
    let mut hosts = run
        .hosts
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    Arc::clone(hosts.entry(host_key(url)).or_insert_with(|| {
        Arc::new(tokio::sync::Mutex::new(Host {
            next: Instant::now(),
            silent: 0,
        }))
    }))
}

/// No request to the host before `wait` from now (`Retry-After`).
async fn hold_host(run: &Run, url: &Url, wait: Duration) {
    let lock = host_lock(run, url);
    let mut host = lock.lock().await;
    host.next = host.next.max(Instant::now() + wait);
}

/// One request, when the host's turn comes; none to a host that stopped answering.
async fn send(run: &Run, url: &Url, method: Method) -> Result<reqwest::Response, Outcome> {
    let lock = host_lock(run, url);
    let mut host = lock.lock().await;
    if host.silent >= SILENT_AFTER {
        return Err(Outcome::new(
            Class::Unknown,
            Why::HostSilent {
                tries: SILENT_AFTER,
            },
        ));
    }
    tokio::time::sleep_until(host.next).await;
    let _permit = run.global.acquire().await;
    run.requests
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let result = run.client.request(method, url.clone()).send().await;
    host.next = Instant::now() + run.settings.host_pause;
    let result = result.map_err(|e| error_outcome(&e));
    match &result {
        Err(Outcome {
            why: Why::Timeout | Why::Connection { .. },
            ..
        }) => host.silent += 1,
        _ => host.silent = 0,
    }
    result
}

/// Reads the page's anchors from at most `body_cap` bytes of it.
async fn read_anchors(run: &Run, mut response: reqwest::Response) -> Anchors {
    let html = response
        .headers()
        .get(reqwest::header::CONTENT_TYPE)
        .and_then(|c| c.to_str().ok())
        .is_none_or(|c| {
            let c = c.to_ascii_lowercase();
            c.contains("html") || c.contains("xml")
        });
    if !html {
        return Anchors::NotHtml;
    }
    let mut bytes: Vec<u8> = Vec::new();
    let mut truncated = false;
    loop {
        match tokio::time::timeout(run.settings.timeout, response.chunk()).await {
            Ok(Ok(Some(chunk))) => {
                let room = run.settings.body_cap.saturating_sub(bytes.len());
                if chunk.len() > room {
                    bytes.extend_from_slice(chunk.get(..room).unwrap_or_default());
                    truncated = true;
                    break;
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(Ok(None)) => break,
            // A body cut off or too slow: what arrived is read.
            _ => {
                truncated = true;
                break;
            }
        }
    }
    drop(response);
    let text = String::from_utf8_lossy(&bytes);
    Anchors::Html {
        ids: super::anchors::ids(&text),
        truncated,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_compare_decoded_and_composed() {
        // "خدمات" percent-encoded, and "é" decomposed (e + U+0301) against composed.
        assert_eq!(
            normalize_anchor("%D8%AE%D8%AF%D9%85%D8%A7%D8%AA"),
            "خدمات".to_string()
        );
        assert_eq!(normalize_anchor("cafe\u{301}"), "caf\u{e9}");
        assert_eq!(normalize_anchor("caf%C3%A9"), "caf\u{e9}");
    }

    #[test]
    fn the_closest_id_is_named_when_it_is_close() {
        let ids: Vec<String> = ["documents-required", "fees", "تأشيرة-العائلة"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            closest("documents-requird", &ids).as_deref(),
            Some("documents-required")
        );
        assert_eq!(
            closest("تاشيرة-العائلة", &ids).as_deref(),
            Some("تأشيرة-العائلة")
        );
        assert_eq!(closest("contact", &ids), None);
    }

    #[test]
    fn only_fragments_that_name_an_element_are_looked_for() {
        for f in ["section-2", "تأشيرة", "%D8%AE"] {
            assert!(needs_body(f), "{f}");
        }
        for f in ["", "top", ":~:text=visa", "page=3", "L10", "L10-L12"] {
            assert!(!needs_body(f), "{f}");
        }
    }
}
