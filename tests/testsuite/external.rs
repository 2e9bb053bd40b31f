//! `sahel check --external` against local servers (no internet): each kind of answer gets its
//! class, a second run asks nothing it found ok, and no request goes where it does not belong.

// Test code: a failed unwrap or index is a failed test, with its message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)]

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::Response;

use crate::common;

type Hits = Arc<Mutex<BTreeMap<String, usize>>>;

/// The pages of the local site the links point to, and the requests each received
/// (`METHOD /path`).
fn answer(method: &Method, uri: &Uri, hits: &Hits, bytes_sent: &Arc<Mutex<usize>>) -> Response {
    let path = uri.path().to_string();
    let seen = {
        let mut h = hits.lock().unwrap();
        let n = h.entry(format!("{method} {path}")).or_insert(0);
        *n += 1;
        h.iter()
            .filter(|(k, _)| k.ends_with(&format!(" {path}")))
            .map(|(_, v)| *v)
            .sum::<usize>()
    };
    let html = |status: StatusCode, body: &str| {
        Response::builder()
            .status(status)
            .header(header::CONTENT_TYPE, "text/html; charset=utf-8")
            .body(Body::from(body.to_string()))
            .unwrap()
    };
    let redirect = |status: StatusCode, to: &str| {
        Response::builder()
            .status(status)
            .header(header::LOCATION, HeaderValue::from_str(to).unwrap())
            .body(Body::empty())
            .unwrap()
    };
    match path.as_str() {
        "/ok" => html(
            StatusCode::OK,
            "<html><body><h2 id=\"fees\">Fees</h2><section id=\"رسوم-التأشيرة\">…</section><a name=\"old\"></a></body></html>",
        ),
        // دليل, as the client writes it on the request line.
        "/%D8%AF%D9%84%D9%8A%D9%84" => html(StatusCode::OK, "<h2 id=\"رسوم\">الرسوم</h2>"),
        "/guide" => html(StatusCode::OK, "<h2 id=\"fees\">Fees</h2>"),
        "/script" => html(
            StatusCode::OK,
            "<html><body><div>made by script</div></body></html>",
        ),
        "/moved" => redirect(StatusCode::MOVED_PERMANENTLY, "/hop"),
        "/hop" => redirect(StatusCode::FOUND, "/ok"),
        "/temporary" => redirect(StatusCode::FOUND, "/ok"),
        "/loop-a" => redirect(StatusCode::FOUND, "/loop-b"),
        "/loop-b" => redirect(StatusCode::FOUND, "/loop-a"),
        "/gone" => html(StatusCode::GONE, "gone"),
        "/missing" => html(StatusCode::NOT_FOUND, "not found"),
        "/no-head" if method == Method::HEAD => html(StatusCode::METHOD_NOT_ALLOWED, ""),
        "/no-head" => html(StatusCode::OK, "<p id=\"x\">ok</p>"),
        "/busy-once" if seen == 1 => Response::builder()
            .status(StatusCode::TOO_MANY_REQUESTS)
            .header(header::RETRY_AFTER, "1")
            .body(Body::empty())
            .unwrap(),
        "/busy-once" => html(StatusCode::OK, "ok"),
        "/busy" => Response::builder()
            .status(StatusCode::TOO_MANY_REQUESTS)
            .header(header::RETRY_AFTER, "1")
            .body(Body::empty())
            .unwrap(),
        "/bot" => html(
            StatusCode::FORBIDDEN,
            "<title>Just a moment...</title><p>Checking your browser</p>",
        ),
        "/to-metadata" => redirect(
            StatusCode::FOUND,
            "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
        ),
        "/huge" => {
            let sent = Arc::clone(bytes_sent);
            let chunks = (0..100).map(move |_| {
                *sent.lock().unwrap() += 1 << 20;
                Ok::<_, std::io::Error>(Bytes::from(vec![b'a'; 1 << 20]))
            });
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, "text/html")
                .body(Body::from_stream(futures_util::stream::iter(chunks)))
                .unwrap()
        }
        _ => html(StatusCode::NOT_FOUND, "no such page"),
    }
}

struct Servers {
    http: SocketAddr,
    tls: SocketAddr,
    hits: Hits,
    bytes_sent: Arc<Mutex<usize>>,
}

impl Servers {
    fn hits(&self, key: &str) -> usize {
        self.hits.lock().unwrap().get(key).copied().unwrap_or(0)
    }
    fn total(&self) -> usize {
        self.hits.lock().unwrap().values().sum()
    }
}

/// The local HTTP server (with a slow page) and an HTTPS server whose certificate nobody signed,
/// on a runtime of their own.
fn start_servers() -> Servers {
    let hits: Hits = Arc::default();
    let bytes_sent: Arc<Mutex<usize>> = Arc::default();
    let (tx, rx) = std::sync::mpsc::channel();
    let (h, b) = (Arc::clone(&hits), Arc::clone(&bytes_sent));
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let app = axum::Router::new().fallback(
                move |method: Method, uri: Uri, headers: HeaderMap| {
                    let (h, b) = (Arc::clone(&h), Arc::clone(&b));
                    async move {
                        // What each request said about itself.
                        {
                            let mut hits = h.lock().unwrap();
                            if headers.contains_key(header::AUTHORIZATION) {
                                *hits.entry("AUTHORIZATION".into()).or_insert(0) += 1;
                            }
                            let agent = headers
                                .get(header::USER_AGENT)
                                .and_then(|a| a.to_str().ok())
                                .unwrap_or("");
                            if !agent.starts_with("sahel/")
                                || !agent.contains("https://fixture.example")
                            {
                                *hits.entry(format!("AGENT {agent}")).or_insert(0) += 1;
                            }
                        }
                        if uri.path() == "/slow" {
                            // Counted as it arrives: the client may leave before the answer.
                            *h.lock()
                                .unwrap()
                                .entry(format!("ARRIVED {method} /slow"))
                                .or_insert(0) += 1;
                            tokio::time::sleep(Duration::from_secs(4)).await;
                        }
                        answer(&method, &uri, &h, &b)
                    }
                },
            );
            let http = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let tls = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send((http.local_addr().unwrap(), tls.local_addr().unwrap()))
                .unwrap();
            let cert = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
            let key = tokio_rustls::rustls::pki_types::PrivateKeyDer::Pkcs8(
                cert.key_pair.serialize_der().into(),
            );
            let config = tokio_rustls::rustls::ServerConfig::builder_with_provider(Arc::new(
                tokio_rustls::rustls::crypto::ring::default_provider(),
            ))
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(vec![cert.cert.der().clone()], key)
            .unwrap();
            let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
            tokio::spawn(async move {
                // Bounded: the check makes a handful of connections.
                for _ in 0..50 {
                    let Ok((stream, _)) = tls.accept().await else {
                        break;
                    };
                    let acceptor = acceptor.clone();
                    tokio::spawn(async move {
                        let _ = acceptor.accept(stream).await;
                    });
                }
            });
            axum::serve(http, app).await.unwrap();
        });
    });
    let (http, tls) = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    Servers {
        http,
        tls,
        hits,
        bytes_sent,
    }
}

/// The basic fixture with the links in an English post, and `[check]` set for quick tests.
fn site_with_links(root: &Path, links: &[String]) {
    common::copy_fixture("basic", root);
    let post = root.join("content/en/blog/first-post.md");
    let mut text = std::fs::read_to_string(&post).unwrap();
    text.push('\n');
    for (i, link) in links.iter().enumerate() {
        text.push_str(&format!("\nSee [source {i}]({link}).\n"));
    }
    std::fs::write(&post, text).unwrap();
    let config = root.join("site.toml");
    let mut toml = std::fs::read_to_string(&config).unwrap();
    toml.push_str(
        "\n[check]\nexternal_timeout = 2\nexternal_pause_ms = 0\nexternal_recheck_secs = 0\n",
    );
    std::fs::write(&config, toml).unwrap();
}

/// `sahel check --external --format json` and its report.
fn check_json(root: &Path, extra: &[&str]) -> (std::process::Output, serde_json::Value) {
    let mut args = vec!["check", "--external", "--format", "json"];
    args.extend_from_slice(extra);
    let out = common::sahel_in(root, &args);
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: stdout {} stderr {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out, report)
}

fn link<'a>(report: &'a serde_json::Value, url: &str) -> &'a serde_json::Value {
    report["links"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["url"] == url)
        .unwrap_or_else(|| panic!("{url} is not in the report: {report:#}"))
}

#[test]
fn every_kind_of_answer_gets_its_class_and_a_second_run_asks_nothing_found_ok() {
    let servers = start_servers();
    let base = format!("http://{}", servers.http);
    let arabic = "%D8%B1%D8%B3%D9%88%D9%85-%D8%A7%D9%84%D8%AA%D8%A3%D8%B4%D9%8A%D8%B1%D8%A9";
    // (link, class, reason, error)
    let cases: Vec<(String, &str, &str, bool)> = vec![
        (format!("{base}/ok"), "ok", "answered", false),
        (format!("{base}/ok#fees"), "ok", "answered", false),
        // Percent-encoded in the link, raw in the page; and raw in the link.
        (format!("{base}/ok#{arabic}"), "ok", "answered", false),
        (format!("{base}/ok#رسوم-التأشيرة"), "ok", "answered", false),
        (format!("{base}/ok#old"), "ok", "answered", false),
        (format!("{base}/guide#fess"), "broken", "no-anchor", true),
        (
            format!("{base}/script#section-2"),
            "unknown",
            "script-anchors",
            false,
        ),
        (format!("{base}/moved"), "ok", "answered", false),
        (format!("{base}/temporary"), "ok", "answered", false),
        (format!("{base}/loop-a"), "broken", "redirect-loop", true),
        (format!("{base}/missing"), "broken", "missing", true),
        (format!("{base}/gone"), "broken", "missing", true),
        (format!("{base}/no-head"), "ok", "answered", false),
        (format!("{base}/busy-once"), "ok", "answered", false),
        (format!("{base}/busy"), "unknown", "rate-limited", false),
        (format!("{base}/bot"), "unknown", "refused", false),
        (format!("{base}/slow"), "unknown", "timeout", false),
        (
            format!("{base}/huge#end"),
            "unknown",
            "anchor-beyond-cap",
            false,
        ),
        (format!("{base}/to-metadata"), "refused", "private", false),
        (
            format!("https://localhost:{}/", servers.tls.port()),
            "broken",
            "tls",
            true,
        ),
        (
            "http://no-such-host.invalid/page".to_string(),
            "broken",
            "no-such-name",
            true,
        ),
    ];
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    let links: Vec<String> = cases.iter().map(|c| c.0.clone()).collect();
    site_with_links(&root, &links);

    let started = std::time::Instant::now();
    let (out, report) = check_json(&root, &["--allow-private"]);
    let first = started.elapsed();
    assert_eq!(out.status.code(), Some(1), "broken links fail the check");
    for (url, class, reason, error) in &cases {
        let l = link(&report, url);
        assert_eq!(l["class"], *class, "{url}: {l:#}");
        assert_eq!(l["reason"], *reason, "{url}: {l:#}");
        assert_eq!(l["error"], *error, "{url}: {l:#}");
        // Each use named at its file, line and column.
        let uses = l["uses"].as_array().unwrap();
        assert_eq!(uses.len(), 1, "{url}");
        assert_eq!(uses[0]["file"], "content/en/blog/first-post.md");
        assert!(uses[0]["line"].as_u64().unwrap() > 5);
        assert_eq!(uses[0]["column"], 5);
    }
    // The permanent redirect names the new address; the temporary one does not.
    assert_eq!(
        link(&report, &format!("{base}/moved"))["moved_to"],
        format!("{base}/ok")
    );
    assert!(
        link(&report, &format!("{base}/temporary"))
            .get("moved_to")
            .is_none()
    );
    // The missing anchor names the closest one.
    assert_eq!(
        link(&report, &format!("{base}/guide#fess"))["closest"],
        "fees"
    );
    // The metadata address is never asked, even with --allow-private.
    assert_eq!(
        link(&report, &format!("{base}/to-metadata"))["metadata"],
        true
    );
    // Each page once, whatever its fragments: /ok is asked by HEAD once (its links without
    // a fragment and the redirects' end) and by GET once (the anchors)... per page URL.
    assert_eq!(
        servers.hits("GET /ok"),
        1,
        "{:?}",
        servers.hits.lock().unwrap()
    );
    // A broken page is asked twice (HEAD, then GET, on each of the two tries).
    assert_eq!(
        servers.hits("HEAD /missing") + servers.hits("GET /missing"),
        4
    );
    // HEAD refused: GET asked.
    assert_eq!(servers.hits("GET /no-head"), 1);
    // The 100 MB page is read up to the cap, not to its end.
    let sent = *servers.bytes_sent.lock().unwrap();
    assert!(sent < 40 << 20, "{sent} bytes sent");
    let summary = &report["summary"];
    assert_eq!(summary["links"], cases.len());
    assert_eq!(summary["cached"], 0);

    // Second run: nothing found ok is asked again.
    let before_ok = [
        "/ok",
        "/moved",
        "/hop",
        "/temporary",
        "/no-head",
        "/busy-once",
    ]
    .map(|p| servers.hits(&format!("HEAD {p}")) + servers.hits(&format!("GET {p}")));
    let (_, again) = check_json(&root, &["--allow-private"]);
    let after_ok = [
        "/ok",
        "/moved",
        "/hop",
        "/temporary",
        "/no-head",
        "/busy-once",
    ]
    .map(|p| servers.hits(&format!("HEAD {p}")) + servers.hits(&format!("GET {p}")));
    assert_eq!(before_ok, after_ok, "ok links asked again");
    let ok = cases.iter().filter(|c| c.1 == "ok").count();
    assert_eq!(again["summary"]["cached"], ok);
    // Failures are never cached: asked again.
    assert_eq!(link(&again, &format!("{base}/missing"))["cached"], false);
    assert!(first < Duration::from_secs(60), "{first:?}");
    let cache = common::read_text(root.join(".cache/sahel/external-links.json"));
    assert!(cache.contains(&format!("{base}/ok#fees")));
    assert!(!cache.contains(&format!("\"{base}/missing\":{{\"checked")));
}

#[test]
fn private_names_and_addresses_are_never_asked_without_allow_private() {
    let servers = start_servers();
    let port = servers.http.port();
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    let links = vec![
        format!("http://localhost:{port}/ok"),
        format!("http://127.0.0.1:{port}/ok"),
        format!("http://[::1]:{port}/ok"),
        format!("http://0x7f000001:{port}/ok"),
        "http://169.254.169.254/latest/meta-data/".to_string(),
        "http://10.0.0.1/admin".to_string(),
    ];
    site_with_links(&root, &links);
    let (out, report) = check_json(&root, &[]);
    for url in &links {
        let l = link(&report, url);
        assert_eq!(l["class"], "refused", "{url}: {l:#}");
        assert_eq!(l["metadata"], url.contains("169.254"), "{url}: {l:#}");
    }
    assert_eq!(servers.total(), 0, "a private address was asked");
    // Not checked is a warning, not an error; --deny-warnings makes it one.
    assert_eq!(out.status.code(), Some(0));
    let (denied, _) = check_json(&root, &["--deny-warnings"]);
    assert_eq!(denied.status.code(), Some(1));
    // The text report names the file, line and column of each, in Arabic with --lang ar.
    let text = common::sahel_in(&root, &["check", "--external", "--lang", "ar"]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(
        stdout.contains("content/en/blog/first-post.md:"),
        "{stdout}"
    );
    assert!(stdout.contains("عنوان خاص"), "{stdout}");
    // The by-file list says each link's state in Arabic too.
    assert!(stdout.contains("لم يُفحص"), "{stdout}");
    assert!(!stdout.contains("  refused  "), "{stdout}");
}

#[test]
fn a_cache_behind_a_symlink_is_neither_read_nor_written() {
    let servers = start_servers();
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    let outside = tmp.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    site_with_links(&root, &[format!("http://{}/ok", servers.http)]);
    std::os::unix::fs::symlink(&outside, root.join(".cache")).unwrap();
    let (out, report) = check_json(&root, &["--allow-private"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        std::fs::read_dir(&outside).unwrap().next().is_none(),
        "the cache was written through the link"
    );
    assert!(report["notes"][0].as_str().unwrap().contains("symlink"));
    // A cache that is not JSON is set aside: every link is asked again.
    std::fs::remove_file(root.join(".cache")).unwrap();
    std::fs::create_dir_all(root.join(".cache/sahel")).unwrap();
    std::fs::write(root.join(".cache/sahel/external-links.json"), "{not json").unwrap();
    let (out, report) = check_json(&root, &["--allow-private"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(report["summary"]["cached"], 0);
    assert_eq!(report["summary"]["ok"], 1);
}

#[test]
fn a_broken_link_fails_only_after_the_runs_in_a_row_the_config_asks() {
    let servers = start_servers();
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    site_with_links(&root, &[format!("http://{}/missing", servers.http)]);
    let config = root.join("site.toml");
    let toml = std::fs::read_to_string(&config).unwrap();
    std::fs::write(&config, format!("{toml}external_broken_runs = 2\n")).unwrap();
    let (out, report) = check_json(&root, &["--allow-private"]);
    assert_eq!(out.status.code(), Some(0), "broken once is a warning");
    assert_eq!(report["links"][0]["broken_runs"], 1);
    let (out, report) = check_json(&root, &["--allow-private"]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "broken twice in a row is an error"
    );
    assert_eq!(report["links"][0]["broken_runs"], 2);
    // A value out of range is an error that names the key.
    std::fs::write(&config, format!("{toml}external_broken_runs = 0\n")).unwrap();
    let out = common::sahel_in(&root, &["check", "--external"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("external_broken_runs"));
}

#[test]
fn arabic_addresses_are_asked_encoded_credentials_never_sent_and_the_cache_lasts_a_week() {
    let servers = start_servers();
    let base = format!("http://{}", servers.http);
    let links = vec![
        format!("{base}/دليل#رسوم"),
        format!("{base}/دليل#الرسوم"),
        format!("http://user:secret@{}/ok", servers.http),
    ];
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    site_with_links(&root, &links);
    let (out, report) = check_json(&root, &["--allow-private"]);
    assert_eq!(link(&report, &links[0])["class"], "ok", "{report:#}");
    let wrong = link(&report, &links[1]);
    assert_eq!(wrong["reason"], "no-anchor");
    assert_eq!(wrong["closest"], "رسوم");
    assert_eq!(link(&report, &links[2])["class"], "ok");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(servers.hits("AUTHORIZATION"), 0, "credentials were sent");
    let agents: Vec<String> = servers
        .hits
        .lock()
        .unwrap()
        .keys()
        .filter(|k| k.starts_with("AGENT"))
        .cloned()
        .collect();
    assert!(
        agents.is_empty(),
        "user agents that do not name sahel and the site: {agents:?}"
    );
    // Within the week, the ok links come from the cache; after it, they are asked again.
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let run_at = |secs: u64| {
        let out = common::sahel_command()
            .args(["check", "--external", "--allow-private", "--format", "json"])
            .current_dir(&root)
            .env("SAHEL_NOW", secs.to_string())
            .output()
            .unwrap();
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    assert_eq!(run_at(now + 6 * 24 * 3600)["summary"]["cached"], 2);
    assert_eq!(run_at(now + 8 * 24 * 3600)["summary"]["cached"], 0);
}

#[test]
fn a_host_that_stops_answering_is_not_asked_for_every_link() {
    let servers = start_servers();
    let links: Vec<String> = (0..6)
        .map(|i| format!("http://{}/slow?page={i}", servers.http))
        .collect();
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    site_with_links(&root, &links);
    let started = std::time::Instant::now();
    let (out, report) = check_json(&root, &["--allow-private"]);
    let took = started.elapsed();
    assert_eq!(out.status.code(), Some(0), "unknown links are warnings");
    let reasons: Vec<&str> = report["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons.iter().filter(|r| **r == "timeout").count(),
        3,
        "{reasons:?}"
    );
    assert_eq!(
        reasons.iter().filter(|r| **r == "host-silent").count(),
        3,
        "{reasons:?}"
    );
    assert_eq!(servers.hits("ARRIVED HEAD /slow"), 3);
    // Three time-outs of 2 s, not six.
    assert!(took < Duration::from_secs(10), "{took:?}");
}
