//! Builds the fixture sites in tests/fixtures into temporary folders and checks the output:
//! the route list and every page's <head> (insta snapshots), determinism, sanitising, and that
//! a failed build leaves the previous output untouched.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use sahel::build::{BuildError, BuildOptions, Verbosity, build_site};

use crate::common::BUILD_LOCK;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

fn build(name: &str, out: &Path) -> Result<sahel::BuildReport, BuildError> {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut opts = BuildOptions::new(fixture(name));
    opts.out = Some(out.to_path_buf());
    opts.verbosity = Verbosity::Quiet;
    build_site(&opts)
}

/// Hashed asset names change with every change to site/; snapshots should not. Nor does the
/// app's stylesheet, which every page inlines: it stands as `<style>[the app's stylesheet]</style>`.
fn redact_assets(text: &str) -> String {
    let styled;
    let text = match text
        .split_once("<style>")
        .and_then(|(before, rest)| Some((before, rest.split_once("</style>")?.1)))
    {
        Some((before, after)) => {
            styled = format!("{before}<style>[the app's stylesheet]</style>{after}");
            styled.as_str()
        }
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("/assets/") {
        out.push_str(&rest[..i]);
        out.push_str("/assets/[hashed]");
        let tail = &rest[i + "/assets/".len()..];
        let end = tail.find('"').unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn head_of(html: &str) -> &str {
    let start = html.find("<head>").expect("a <head>");
    let end = html.find("</head>").expect("a </head>");
    &html[start..end + "</head>".len()]
}

/// What a page's boot script starts (its entry and how many chunks it preloads), checking that it
/// is the body's last element and that the head starts no script.
fn boot_of(html: &str) -> String {
    let head = head_of(html);
    assert!(
        !head.contains("<script type=\"module\"") && !head.contains("modulepreload"),
        "no script before the first paint: {head}"
    );
    let at = html.find("<script data-entry=\"").expect("a boot script");
    let tag = &html[at..at + html[at..].find('>').expect("the tag ends")];
    let attr = |name: &str| {
        let from = tag.find(&format!("{name}=\"")).expect(name) + name.len() + 2;
        &tag[from..from + tag[from..].find('"').unwrap()]
    };
    let entry = attr("data-entry");
    let preload: Vec<&str> = attr("data-preload").split(' ').collect();
    assert!(
        entry.starts_with("/assets/entry-client-")
            && preload
                .iter()
                .all(|p| p.starts_with("/assets/") && p.ends_with(".js")),
        "{tag}"
    );
    let script_end = html[at..].find("</script>").unwrap() + at + "</script>".len();
    assert_eq!(
        html[script_end..].trim(),
        "</body>\n</html>",
        "the boot script ends the body"
    );
    format!("boot: the entry and {} chunks", preload.len())
}

#[test]
fn fixture_routes_and_heads() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("dist");
    let report = build("basic", &out).expect("the fixture builds");
    let all = common::files_of(&out);

    let pages: Vec<&String> = all.keys().filter(|k| k.ends_with(".html")).collect();
    let listing = pages
        .iter()
        .map(|p| p.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    insta::assert_snapshot!("route_list", listing);
    assert_eq!(
        report.routes,
        2 * (12 + 1 + 2 + 1),
        "12 fixed routes, 1 service, 2 posts and a 404 per language"
    );

    let mut heads = String::new();
    for page in &pages {
        if !page.ends_with("index.html") || page.as_str() == "index.html" {
            continue;
        }
        let html = String::from_utf8(all[*page].clone()).unwrap();
        heads.push_str(&format!(
            "=== {page}\n{}\n{}\n",
            redact_assets(head_of(&html)),
            boot_of(&html)
        ));
    }
    insta::assert_snapshot!("heads", heads);

    // Every route but the 404 pages has a page-data file for client navigation. The document
    // inlines the same data without what it already carries: the head, and a post's body.
    let mut posts = 0;
    for page in pages.iter().filter(|p| p.ends_with("/index.html")) {
        let data_file = page.replace("index.html", "page-data.json");
        let json = String::from_utf8(all[&data_file].clone()).expect("page data is UTF-8");
        let html = String::from_utf8(all[*page].clone()).unwrap();
        let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            value["path"],
            format!("/{}", page.trim_end_matches("index.html"))
        );
        let open = "<script id=\"page-data\" type=\"application/json\">";
        let start = html.find(open).expect("the document inlines its data") + open.len();
        let end = start + html[start..].find("</script>").unwrap();
        let inline: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
        let full = value.as_object_mut().unwrap();
        assert!(full.remove("head").is_some(), "{data_file} has the head");
        if value["page"]["kind"] == "blogPost" {
            let body = value["page"]["post"]
                .as_object_mut()
                .unwrap()
                .remove("html")
                .unwrap();
            // The client reads the body back from the markup, by the id it is rendered with.
            let marker = "<div id=\"post-body\" class=\"rich-text \">";
            let at = html.find(marker).expect("the post body is marked") + marker.len();
            assert!(html[at..].starts_with(body.as_str().unwrap()), "{page}");
            posts += 1;
        }
        assert_eq!(
            inline, value,
            "{page}: inline data = page data - head - post body"
        );
    }
    assert!(posts > 0);
}

#[test]
fn pages_hold_their_content_before_javascript() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("dist");
    build("basic", &out).unwrap();
    let post = std::fs::read_to_string(out.join("en/blog/first-post/index.html")).unwrap();
    assert!(post.contains("<h1"), "the heading is pre-rendered");
    assert!(post.contains("First post"));
    assert!(post.contains("<strong>world</strong>"));
    assert!(
        post.contains("href=\"/en/pricing/\""),
        "internal links use the canonical form"
    );
    assert!(
        !post.contains("alert(\"x\")") && !post.contains("alert(\\\"x\\\")"),
        "raw script is removed"
    );
    let ar = std::fs::read_to_string(out.join("ar/index.html")).unwrap();
    assert!(ar.starts_with("<!DOCTYPE html>\n<html lang=\"ar\" dir=\"rtl\">"));
    assert!(ar.contains("الصفحة الرئيسية للاختبار"));
    let root = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(root.contains("url=/ar/") && root.contains("https://fixture.example/ar/"));
    assert!(
        out.join("404.html").is_file()
            && out.join("ar/404.html").is_file()
            && out.join("en/404.html").is_file()
    );
}

#[test]
fn two_builds_are_byte_identical() {
    let tmp = tempfile::tempdir().unwrap();
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    build("basic", &a).unwrap();
    build("basic", &b).unwrap();
    let (fa, fb) = (common::files_of(&a), common::files_of(&b));
    assert_eq!(fa.keys().collect::<Vec<_>>(), fb.keys().collect::<Vec<_>>());
    for (name, bytes) in &fa {
        assert!(bytes == &fb[name], "{name} differs between two builds");
    }
}

/// The Content-Security-Policy refuses inline style (`style-src 'self'` and the hash of the app's
/// stylesheet that every page inlines in its head, no `'unsafe-inline'`), and nothing else needs
/// it: no page, nor the page data a page renders when the visitor navigates, carries a `style`
/// attribute or another `<style>` element. Not the app's own drawings (the service
/// page's timeline bar), nor a post whose raw HTML has them (tests/fixtures/inline-style).
#[test]
fn no_inline_style_reaches_a_page_and_the_csp_allows_none() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    common::copy_dir(&fixture("inline-style/content"), &root.join("content"));
    let out = tmp.path().join("dist");
    {
        let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
        let mut opts = BuildOptions::new(&root);
        opts.out = Some(out.clone());
        opts.verbosity = Verbosity::Quiet;
        build_site(&opts).expect("the fixture with styled posts builds");
    }
    // The one inline style allowed: the app's stylesheet, which every page inlines in its head,
    // by its hash (the same on every page).
    let home = std::fs::read_to_string(out.join("en/index.html")).unwrap();
    let inlined = home
        .split_once("<style>")
        .and_then(|(_, rest)| rest.split_once("</style>"))
        .map(|(css, _)| css.to_string())
        .expect("the home page inlines the app's stylesheet");
    let hash = {
        use base64::Engine as _;
        use sha2::Digest as _;
        let digest = sha2::Sha256::digest(inlined.as_bytes());
        base64::engine::general_purpose::STANDARD.encode(digest)
    };
    for host_file in ["_headers", "nginx.conf"] {
        let text = std::fs::read_to_string(out.join(host_file)).unwrap();
        assert!(!text.contains("unsafe-inline"), "{host_file}:\n{text}");
        let policies: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("Content-Security-Policy"))
            .collect();
        assert!(!policies.is_empty(), "{host_file} has no CSP");
        for policy in policies {
            assert!(
                policy.contains(&format!("; style-src 'self' 'sha256-{hash}';")),
                "{host_file}: {policy}"
            );
        }
    }
    let head_style = format!("<style>{inlined}</style>").to_ascii_lowercase();
    let mut styled = Vec::new();
    for (name, bytes) in common::files_of(&out) {
        if !(name.ends_with(".html") || name.ends_with(".json")) {
            continue;
        }
        let mut text = String::from_utf8_lossy(&bytes).to_ascii_lowercase();
        if name.ends_with(".html") {
            let head_end = text.find("<body").unwrap_or(text.len());
            if let Some(at) = text[..head_end].find(&head_style) {
                text.replace_range(at..at + head_style.len(), "");
            }
        }
        for (at, _) in text.match_indices("style") {
            let before = text[..at].chars().next_back();
            let after = &text[at + "style".len()..];
            let attribute = before.is_some_and(char::is_whitespace) && after.starts_with('=');
            let element = before == Some('<');
            if attribute || element {
                let (mut start, mut end) = (at.saturating_sub(20), (at + 60).min(text.len()));
                while !text.is_char_boundary(start) {
                    start -= 1;
                }
                while !text.is_char_boundary(end) {
                    end += 1;
                }
                styled.push(format!("{name}: {}", &text[start..end]));
            }
        }
    }
    assert!(styled.is_empty(), "inline style:\n{}", styled.join("\n"));
    // The posts' text is kept; only the style goes.
    let post = std::fs::read_to_string(out.join("en/blog/styled-post/index.html")).unwrap();
    assert!(post.contains("Red and large, pasted from a web page."));
    assert!(post.contains("The end of the post."));
    let service =
        std::fs::read_to_string(out.join("en/services/company-formation/index.html")).unwrap();
    assert!(
        service.contains("data-timeline-fill"),
        "the timeline bar is drawn"
    );
}

/// Raw LINE SEPARATOR (U+2028), PARAGRAPH SEPARATOR (U+2029) and bidi controls, as editors
/// paste them from Word and PDF files, reach the page unchanged (in Arabic, with the Latin words
/// isolated). U+2028 once failed the post's route: the render worker split its input at it
/// ("sent a message that is not JSON"). The embeddings are typography lint findings, so the
/// lint is off here.
#[test]
fn pasted_separators_and_bidi_controls_survive_into_the_page() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    common::copy_dir(&fixture("pasted-text/content"), &root.join("content"));
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    std::fs::write(
        root.join("site.toml"),
        config + "\n[check]\ntypography = false\n",
    )
    .unwrap();
    let out = tmp.path().join("dist");
    {
        let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
        let mut opts = BuildOptions::new(&root);
        opts.out = Some(out.clone());
        opts.verbosity = Verbosity::Quiet;
        build_site(&opts).expect("a post with U+2028 builds");
    }
    for (lang, texts) in [
        (
            "en",
            [
                "Visa\u{2028}renewal\u{2029}guide \u{200F}(\u{202B}دبي\u{202C}) \u{2066}v2\u{2069}",
                "Office\u{2028}team",
                "Pasted from Word:\u{2028}second line of the paragraph\u{2029}and a paragraph separator.",
                "\u{202E}RLO\u{202C}, \u{2066}LRI\u{2069}, \u{2067}RLI\u{2069}, \u{2068}FSI\u{2069}",
            ],
        ),
        (
            "ar",
            [
                "تجديد\u{2028}التأشيرة\u{2029}دليل \u{200E}(\u{202A}\u{2066}Dubai\u{2069}\u{202C}) \u{2067}٢\u{2069}",
                "فريق\u{2028}المكتب",
                "منسوخ من <bdi>Word</bdi>:\u{2028}السطر الثاني من الفقرة\u{2029}ثم فاصل فقرات.",
                "\u{061C}<bdi>ALM</bdi>\u{061C}، \u{2066}LRI\u{2069}",
            ],
        ),
    ] {
        let page =
            std::fs::read_to_string(out.join(format!("{lang}/blog/pasted-from-word/index.html")))
                .unwrap();
        let body =
            &page[page.find("<body").unwrap()..page.find("<script id=\"page-data\"").unwrap()];
        for text in texts {
            assert!(
                body.contains(text),
                "{lang}: the page does not show {text:?}"
            );
        }
        let data: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(
                out.join(format!("{lang}/blog/pasted-from-word/page-data.json")),
            )
            .unwrap(),
        )
        .unwrap();
        assert_eq!(data["page"]["post"]["title"], texts[0]);
        let list = std::fs::read_to_string(out.join(format!("{lang}/blog/index.html"))).unwrap();
        assert!(
            list.contains(texts[0]),
            "{lang}: the blog list shows the title"
        );
    }
}

/// `sahel serve` keeps its render workers running; when it is killed with SIGKILL (it cannot
/// clean up), the workers go with it.
#[cfg(target_os = "linux")]
#[test]
fn render_workers_die_with_sahel_even_on_sigkill() {
    use std::time::{Duration, Instant};
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut serve = sahel()
        .args(["serve", "--quiet", "--port", "0", "--jobs", "2", "--root"])
        .arg(&root)
        .arg("--out")
        .arg(tmp.path().join("out"))
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let t = Instant::now();
    let workers = loop {
        let workers = render_workers_of(serve.id());
        if workers.len() == 2 {
            break workers;
        }
        if let Some(status) = serve.try_wait().unwrap() {
            panic!("serve exited before its workers started: {status}");
        }
        assert!(t.elapsed() < Duration::from_secs(180), "no render workers");
        std::thread::sleep(Duration::from_millis(50));
    };
    serve.kill().unwrap(); // SIGKILL
    serve.wait().unwrap();
    let t = Instant::now();
    loop {
        let alive: Vec<u32> = workers
            .iter()
            .copied()
            .filter(|&pid| running(pid))
            .collect();
        if alive.is_empty() {
            break;
        }
        if t.elapsed() > Duration::from_secs(5) {
            for pid in &alive {
                let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
            }
            panic!("render workers {alive:?} outlived sahel by 5 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The render workers (`node .../ssr-worker.mjs`, or `node --snapshot-blob .../worker-*.blob`
/// when started from a worker snapshot) whose parent is `parent`.
#[cfg(target_os = "linux")]
fn render_workers_of(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            let ppid = stat
                .rsplit_once(") ")
                .and_then(|(_, rest)| rest.split(' ').nth(1)?.parse::<u32>().ok());
            let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
            let cmdline = String::from_utf8_lossy(&cmdline);
            ppid == Some(parent)
                && (cmdline.contains("ssr-worker.mjs") || cmdline.contains("--snapshot-blob"))
        })
        .collect()
}

/// Whether process `pid` exists and is not a zombie.
#[cfg(target_os = "linux")]
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        let state = stat.rsplit_once(") ").map_or("", |(_, rest)| rest);
        !state.starts_with('Z') && !state.starts_with('X')
    })
}

/// The worker snapshots (V8 startup snapshots of a render worker) in the app's bundle cache.
fn worker_snapshots() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(".cache/site/server");
    let mut blobs: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    blobs.retain(|p| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("worker-") && n.ends_with(".blob"))
    });
    blobs
}

/// Workers started from a worker snapshot render exactly as workers that load the bundle; a
/// snapshot that cannot start a worker is discarded and the build goes on without it.
#[test]
fn workers_started_from_a_snapshot_render_as_the_bundle_does() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let build = |out: &str, snapshots: &str| {
        let output = sahel()
            .args(["build", "--verbose", "--root"])
            .arg(&root)
            .arg("--out")
            .arg(tmp.path().join(out))
            .env("SAHEL_WORKER_SNAPSHOT", snapshots)
            .output()
            .unwrap();
        let log = String::from_utf8_lossy(&output.stderr).into_owned();
        assert!(output.status.success(), "build {out} failed:\n{log}");
        (common::files_of(&tmp.path().join(out)), log)
    };
    let (plain, log) = build("plain", "off");
    assert!(!log.contains("from the worker snapshot"), "{log}");
    // This build makes the snapshot if the bundles have none yet; the next one, cold, uses it.
    build("first", "on");
    assert_eq!(
        worker_snapshots().len(),
        1,
        "one snapshot for the current bundles"
    );
    let (snapshot, log) = build("second", "on");
    assert!(
        log.contains("the workers started from the worker snapshot"),
        "{log}"
    );
    assert_eq!(
        plain.keys().collect::<Vec<_>>(),
        snapshot.keys().collect::<Vec<_>>()
    );
    for (name, bytes) in &plain {
        assert!(
            bytes == &snapshot[name],
            "{name} differs with the worker snapshot"
        );
    }
    // A damaged snapshot: the workers start the ordinary way, and the output is the same.
    let blob = worker_snapshots().pop().unwrap();
    std::fs::write(&blob, b"not a V8 snapshot").unwrap();
    let (recovered, log) = build("third", "on");
    assert!(!log.contains("from the worker snapshot"), "{log}");
    assert!(
        plain == recovered,
        "the output differs after a damaged snapshot"
    );
    assert!(
        std::fs::read(&blob).map_or(true, |b| b != b"not a V8 snapshot"),
        "the damaged snapshot was left in place"
    );
}

/// Posts whose strings exercise escaping: quotes, apostrophes, `&`, `<`, Arabic, raw HTML
/// (sanitised), a table, links; one English post has no Arabic counterpart.
fn add_posts(root: &Path, count: usize) {
    for lang in ["ar", "en"] {
        for i in 0..count {
            if lang == "ar" && i == count - 1 {
                continue;
            }
            let (title, author, body) = if lang == "ar" {
                (
                    format!("دليل \"الإقامة\" رقم {i} & ما بعدها"),
                    "فريق <نهج>".to_string(),
                    format!("فقرة **{i}** عن التأشيرات.\n\n| أ | ب |\n|---|---|\n| {i} | ٢ |\n"),
                )
            } else {
                (
                    format!("Visas & 'permits' <part {i}>"),
                    "O'Brien & \"Sons\"".to_string(),
                    format!(
                        "Para {i} with [pricing](/en/pricing) and <em>html</em> <script>x()</script>.\n\n- a\n- b & c\n"
                    ),
                )
            };
            let text = format!(
                "---\ntitle: {}\nauthor: {}\ndate: 2025-05-{:02}\nexcerpt: {}\n---\n\n{body}",
                serde_json::to_string(&title).unwrap(),
                serde_json::to_string(&author).unwrap(),
                1 + i % 28,
                serde_json::to_string(&format!("Excerpt {i} \"quoted\" & <b>")).unwrap(),
            );
            std::fs::write(
                root.join(format!("content/{lang}/blog/post-{i:02}.md")),
                text,
            )
            .unwrap();
        }
    }
}

#[test]
fn pages_filled_from_templates_equal_pages_rendered_by_react() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    add_posts(&root, 20);
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    std::fs::write(
        root.join("site.toml"),
        config + "\n[check]\nparity = false\ntypography = false\n",
    )
    .unwrap();
    let build_with = |templates: bool, out: &Path| {
        let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
        let mut opts = BuildOptions::new(&root);
        opts.out = Some(out.to_path_buf());
        opts.verbosity = Verbosity::Quiet;
        opts.templates = templates;
        build_site(&opts).unwrap()
    };
    let (a, b) = (tmp.path().join("templated"), tmp.path().join("react"));
    let templated = build_with(true, &a);
    let react = build_with(false, &b);
    // 20 English posts and 19 Arabic ones: one template per language, every post but the
    // few checked against a full render filled from it.
    assert_eq!(templated.templates, 2, "{}", templated.summary());
    assert!(templated.from_templates >= 30, "{}", templated.summary());
    assert_eq!(react.from_templates, 0);
    let (fa, fb) = (common::files_of(&a), common::files_of(&b));
    assert_eq!(fa.keys().collect::<Vec<_>>(), fb.keys().collect::<Vec<_>>());
    for (name, bytes) in &fa {
        assert!(
            bytes == &fb[name],
            "{name} differs between the templated and the React build"
        );
    }
    let post = String::from_utf8(fa["en/blog/post-07/index.html"].clone()).unwrap();
    assert!(
        post.contains("Visas &amp; &#x27;permits&#x27; &lt;part 7&gt;"),
        "{post}"
    );
    assert!(
        !post.contains('\u{E000}'),
        "no sentinel is left in the output"
    );
}

#[test]
fn the_blog_list_is_split_into_pages() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    add_posts(&root, 20); // 22 English posts, 21 Arabic ones
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    std::fs::write(
        root.join("site.toml"),
        config + "\n[check]\nparity = false\ntypography = false\n[blog]\nper_page = 7\n",
    )
    .unwrap();
    let out = tmp.path().join("dist");
    {
        let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
        let mut opts = BuildOptions::new(&root);
        opts.out = Some(out.clone());
        opts.verbosity = Verbosity::Quiet;
        build_site(&opts).unwrap();
    }
    let data = |rel: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(out.join(rel)).unwrap()).unwrap()
    };
    // English: 7 + 7 + 7 + 1 posts on /en/blog/ and /en/blog/page/2..4/.
    let first = data("en/blog/page-data.json");
    assert_eq!(first["page"]["posts"].as_array().unwrap().len(), 7);
    assert_eq!(
        first["page"]["pagination"],
        serde_json::json!({"label": "Page 1 of 4", "prev": null, "next": "/en/blog/page/2/"})
    );
    let last = data("en/blog/page/4/page-data.json");
    assert_eq!(last["page"]["posts"].as_array().unwrap().len(), 1);
    assert_eq!(
        last["page"]["pagination"],
        serde_json::json!({"label": "Page 4 of 4", "prev": "/en/blog/page/3/", "next": null})
    );
    assert!(!out.join("en/blog/page/1").exists(), "page 1 is /en/blog/");
    assert!(
        !out.join("ar/blog/page/4").exists(),
        "21 Arabic posts make 3 pages"
    );
    // Every post appears once across the pages, newest first.
    let mut seen = Vec::new();
    for rel in [
        "en/blog/page-data.json",
        "en/blog/page/2/page-data.json",
        "en/blog/page/3/page-data.json",
        "en/blog/page/4/page-data.json",
    ] {
        for p in data(rel)["page"]["posts"].as_array().unwrap() {
            seen.push((
                p["date"].as_str().unwrap().to_string(),
                p["slug"].as_str().unwrap().to_string(),
            ));
        }
    }
    assert_eq!(seen.len(), 22);
    assert!(
        seen.windows(2).all(|w| w[0].0 >= w[1].0),
        "newest first: {seen:?}"
    );
    // Heads: own title and canonical; hreflang only where the other language has that page.
    let page2 = data("en/blog/page/2/page-data.json");
    let tags = |d: &serde_json::Value| d["head"]["tags"].as_array().unwrap().clone();
    let attr = |tag: &serde_json::Value, name: &str| {
        tag["attrs"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a[0] == name)
            .map(|a| a[1].as_str().unwrap().to_string())
    };
    let hreflang_links = |d: &serde_json::Value| -> Vec<String> {
        tags(d)
            .iter()
            .filter(|t| attr(t, "hreflang").is_some())
            .map(|t| attr(t, "href").unwrap())
            .collect()
    };
    let page2_tags = tags(&page2);
    assert_eq!(page2_tags[0]["text"], "Blog – Page 2 of 4 | Fixture Co");
    let canonical = page2_tags
        .iter()
        .find(|t| attr(t, "rel").as_deref() == Some("canonical"))
        .unwrap();
    assert_eq!(
        attr(canonical, "href").unwrap(),
        "https://fixture.example/en/blog/page/2/"
    );
    assert_eq!(
        hreflang_links(&page2)[0],
        "https://fixture.example/ar/blog/page/2/"
    );
    assert_eq!(hreflang_links(&last), Vec::<String>::new());
    // The same rule for a post with no Arabic counterpart, in its head and in the sitemap.
    let lone = data("en/blog/post-19/page-data.json");
    assert_eq!(hreflang_links(&lone), Vec::<String>::new());
    let html = std::fs::read_to_string(out.join("en/blog/page/2/index.html")).unwrap();
    assert!(html.contains("Page 2 of 4"), "the pager is pre-rendered");
    assert!(
        html.contains("href=\"/en/blog/page/3/\""),
        "the older page is linked"
    );
    let sitemap = std::fs::read_to_string(out.join("sitemap.xml")).unwrap();
    let entry = |loc: &str| {
        let at = sitemap.find(&format!("<loc>{loc}</loc>")).unwrap();
        sitemap[at..at + sitemap[at..].find("</url>").unwrap()].to_string()
    };
    let lone_entry = entry("https://fixture.example/en/blog/post-19/");
    assert!(!lone_entry.contains("hreflang"), "{lone_entry}");
    let last_entry = entry("https://fixture.example/en/blog/page/4/");
    assert!(
        !last_entry.contains("hreflang"),
        "no Arabic page 4: {last_entry}"
    );
    let second_entry = entry("https://fixture.example/en/blog/page/2/");
    assert!(
        second_entry.contains("hreflang=\"ar\" href=\"https://fixture.example/ar/blog/page/2/\""),
        "{second_entry}"
    );
}

#[test]
fn unchanged_pages_are_reused_and_identical() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("dist");
    let first = build("basic", &out).unwrap();
    assert_eq!(first.reused, 0);
    let before = common::files_of(&out);
    let second = build("basic", &out).unwrap();
    assert_eq!((second.rendered, second.reused), (0, first.routes));
    assert_eq!(
        common::files_of(&out),
        before,
        "a warm build writes the same bytes"
    );
}

#[test]
fn media_files_are_published_as_they_are_and_shown_by_the_posts() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let media = root.join("content/media");
    std::fs::create_dir_all(media.join("فريق")).unwrap();
    // A photo's bytes (not UTF-8, and with no metadata to strip), an Arabic name saved
    // decomposed (آ as ا + U+0653), and the files a desktop leaves behind.
    let photo: Vec<u8> = JPEG.to_vec();
    std::fs::write(media.join("مكتب.jpg"), &photo).unwrap();
    std::fs::write(media.join("فريق").join("\u{627}\u{653}دم.png"), PNG).unwrap();
    std::fs::write(media.join(".DS_Store"), b"x").unwrap();
    let post = root.join("content/ar/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    std::fs::write(
        &post,
        text + "\n![مكتبنا في دبي](/media/مكتب.jpg)\n\n![آدم](/media/فريق/آدم.png)\n",
    )
    .unwrap();
    let out = tmp.path().join("dist");
    let build = || {
        let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
        let mut opts = BuildOptions::new(&root);
        opts.out = Some(out.clone());
        opts.verbosity = Verbosity::Quiet;
        build_site(&opts).expect("a site with media builds")
    };
    build();
    assert_eq!(std::fs::read(out.join("media/مكتب.jpg")).unwrap(), photo);
    assert_eq!(std::fs::read(out.join("media/فريق/آدم.png")).unwrap(), PNG);
    assert!(!out.join("media/.DS_Store").exists());
    let page = std::fs::read_to_string(out.join("ar/blog/first-post/index.html")).unwrap();
    // The photo shows as its copies (a JPEG at its own width where a browser reads neither
    // AVIF nor WebP), with its size (no layout shift when it arrives), decoded off the main
    // thread; the second image of the body (a PNG: its fallback is a PNG) loads lazily.
    assert!(
        page.contains(
            "-4.jpg\" width=\"4\" height=\"3\" decoding=\"async\" fetchpriority=\"high\""
        ),
        "{page}"
    );
    assert!(
        page.contains("-4.avif 4w"),
        "the post shows the photo: {page}"
    );
    assert!(page.contains("-4.png\" width=\"4\" height=\"3\" decoding=\"async\" loading=\"lazy\""));
    // A warm build keeps them; a file removed from the folder leaves the site.
    std::fs::remove_file(media.join("مكتب.jpg")).unwrap();
    std::fs::write(
        &post,
        std::fs::read_to_string(&post)
            .unwrap()
            .replace("![مكتبنا في دبي](/media/مكتب.jpg)", ""),
    )
    .unwrap();
    build();
    assert!(!out.join("media/مكتب.jpg").exists());
    assert!(out.join("media/فريق/آدم.png").is_file());
}

/// Whole, tiny photos (4 × 3 pixels, no metadata: published as they are), and a whole PDF of
/// no pages (no properties: published as it is).
const JPEG: &[u8] = include_bytes!("../fixtures/media/tiny.jpg");
const PNG: &[u8] = include_bytes!("../fixtures/media/tiny.png");
const PDF: &[u8] = include_bytes!("../fixtures/media/tiny.pdf");

/// A file of tests/fixtures/media-attacks.
fn media_attack(name: &str) -> Vec<u8> {
    std::fs::read(fixture("media-attacks").join(name)).unwrap()
}

/// A copy of the basic site built once into `dist/`: (temporary folder, site, dist, its files).
fn built_basic() -> (
    tempfile::TempDir,
    PathBuf,
    PathBuf,
    std::collections::BTreeMap<String, Vec<u8>>,
) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let out = tmp.path().join("dist");
    build_at(&root, &out).expect("the basic site builds");
    let before = common::files_of(&out);
    (tmp, root, out, before)
}

fn build_at(root: &Path, out: &Path) -> Result<sahel::BuildReport, BuildError> {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut opts = BuildOptions::new(root);
    opts.out = Some(out.to_path_buf());
    opts.verbosity = Verbosity::Quiet;
    build_site(&opts)
}

/// Builds `root` into `out`, which must fail with content errors holding each of `needles`,
/// leaving `out` as it was (`before`); returns the errors' text.
fn refused(
    root: &Path,
    out: &Path,
    before: &std::collections::BTreeMap<String, Vec<u8>>,
    needles: &[&str],
) -> String {
    let err = build_at(root, out).expect_err("the build must fail");
    let BuildError::Content(diags) = err else {
        panic!("expected content errors, got {err}");
    };
    let text = diags.0.iter().map(|d| format!("{d}\n")).collect::<String>();
    for needle in needles {
        assert!(text.contains(needle), "no `{needle}` in:\n{text}");
    }
    assert!(&common::files_of(out) == before, "dist/ changed:\n{text}");
    let leftovers: Vec<_> = std::fs::read_dir(out.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".dist") && !n.ends_with(".sahel-owner"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    text
}

/// Issue 32, finding 1: media linked out of the site (the build machine's environment, its
/// /etc/passwd, a folder elsewhere) fails `build` and `check`, naming each link and where it
/// points, and publishes nothing; a link inside the media folder still publishes.
#[test]
fn media_links_out_of_the_site_fail_the_build_and_publish_nothing() {
    let (tmp, root, out, before) = built_basic();
    let media = root.join("content/media");
    std::fs::create_dir_all(&media).unwrap();
    let outside = tmp.path().join("elsewhere");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("map.png"), PNG).unwrap();
    std::fs::write(media.join("office.png"), PNG).unwrap();
    std::os::unix::fs::symlink("/proc/self/environ", media.join("env.txt")).unwrap();
    std::os::unix::fs::symlink("/etc/passwd", media.join("passwd.txt")).unwrap();
    std::os::unix::fs::symlink(&outside, media.join("shared")).unwrap();
    std::os::unix::fs::symlink("office.png", media.join("same-office.png")).unwrap();
    let text = refused(
        &root,
        &out,
        &before,
        &[
            "content/media/env.txt: this media file is a link to /proc/self/environ",
            "content/media/passwd.txt: this media file is a link to /etc/passwd, outside content/media/",
            "content/media/shared: this media folder is a link to",
            "copy the file into content/media/ instead of linking to it",
        ],
    );
    assert!(!text.contains("same-office.png"), "{text}");
    assert!(!out.join("media").exists());

    // The command line says the same and exits 1; so does `check`.
    for command in ["build", "check"] {
        let output = sahel()
            .args([command, "--root"])
            .arg(&root)
            .args(if command == "build" {
                vec!["--quiet", "--out"]
            } else {
                vec![]
            })
            .args(if command == "build" {
                vec![out.as_os_str()]
            } else {
                vec![]
            })
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{command}: {stderr}");
        assert!(
            stderr.contains("content/media/env.txt") && stderr.contains("/proc/self/environ"),
            "{command}: {stderr}"
        );
        assert!(
            stderr.contains("content/media/passwd.txt"),
            "{command}: {stderr}"
        );
    }
    assert!(common::files_of(&out) == before, "dist/ changed");

    // The media folder itself linked out of the site.
    std::fs::remove_dir_all(&media).unwrap();
    std::os::unix::fs::symlink(&outside, &media).unwrap();
    refused(
        &root,
        &out,
        &before,
        &[
            "content/media: the media folder is a link to",
            "outside the content folder",
        ],
    );

    // Without them the site builds, and a link inside the folder is published as its file.
    std::fs::remove_file(&media).unwrap();
    std::fs::create_dir_all(&media).unwrap();
    std::fs::write(media.join("office.png"), PNG).unwrap();
    std::os::unix::fs::symlink("office.png", media.join("same-office.png")).unwrap();
    build_at(&root, &out).expect("the site builds");
    assert_eq!(
        std::fs::read(out.join("media/same-office.png")).unwrap(),
        PNG
    );
}

/// Issue 32, findings 1 and 2: a page and its script, a file whose bytes lie about its type,
/// SVG with script, handlers, references to other files, HTML or entities, a secret key in a
/// PDF or an SVG, and two names that differ only in case each fail the build, naming the
/// file, and publish nothing. A clean SVG publishes as it is.
#[test]
fn unsafe_media_fails_the_build_naming_the_file_and_publishes_nothing() {
    let (_tmp, root, out, before) = built_basic();
    let media = root.join("content/media");
    let key = common::tokens::jwt(r#"{"role":"service_role"}"#);
    let secret_pdf = [
        PDF,
        format!("2 0 obj\n<< /Author ({key}) >>\nendobj\n").as_bytes(),
    ]
    .concat();
    let clean = media_attack("clean.svg");
    let secret_svg = String::from_utf8(clean.clone())
        .unwrap()
        .replace("</svg>", &format!("<desc>{key}</desc></svg>"));
    type Files<'a> = Vec<(&'a str, Vec<u8>)>;
    let attacks: Vec<(Files, Vec<&str>)> = vec![
        (
            vec![
                ("x.html", media_attack("x.html")),
                ("x.js", media_attack("x.js")),
            ],
            vec![
                "content/media/x.html: .html files are not published",
                "content/media/x.js: .js files are not published",
                "Only these types are published: JPEG (.jpg, .jpeg), PNG, GIF, WebP, AVIF, PDF and SVG",
            ],
        ),
        (
            // An iPhone photo: the bytes of an ISO BMFF `ftyp` box of brand `heic`.
            vec![(
                "IMG_0042.HEIC",
                b"\0\0\0\x18ftypheic\0\0\0\0mif1heic".to_vec(),
            )],
            vec![
                "content/media/IMG_0042.HEIC: .heic files are not published",
                "an iPhone photo (HEIC): export it as JPEG",
            ],
        ),
        (
            vec![("not-a-png.png", media_attack("not-a-png.png"))],
            vec![
                "content/media/not-a-png.png: the file is named .png, but its bytes are text/html",
            ],
        ),
        (
            vec![("script.svg", media_attack("script.svg"))],
            vec!["content/media/script.svg:3:3: a <script> element"],
        ),
        (
            vec![("onload.svg", media_attack("onload.svg"))],
            vec!["content/media/onload.svg:1:61: the event handler `onload` on <svg>"],
        ),
        (
            vec![("external-href.svg", media_attack("external-href.svg"))],
            vec![
                "content/media/external-href.svg:2:8: the reference `https://evil.example/sprite.svg#logo` points outside this file",
            ],
        ),
        (
            vec![("foreign-object.svg", media_attack("foreign-object.svg"))],
            vec!["content/media/foreign-object.svg:2:3: a <foreignObject> element"],
        ),
        (
            vec![("billion-laughs.svg", media_attack("billion-laughs.svg"))],
            vec!["content/media/billion-laughs.svg:2:15: the SVG's <!DOCTYPE> declares entities"],
        ),
        (
            vec![
                ("brochure.pdf", secret_pdf),
                ("logo.svg", secret_svg.into_bytes()),
            ],
            vec![
                "content/media/brochure.pdf: this media file holds a service_role JWT (eyJhbGci…) (line 20)",
                "content/media/logo.svg: this media file holds a service_role JWT (eyJhbGci…) (line 10)",
            ],
        ),
        (
            vec![("Office.jpg", JPEG.to_vec()), ("office.jpg", JPEG.to_vec())],
            vec![
                "content/media/office.jpg: this media file and content/media/Office.jpg have names that differ only in case",
            ],
        ),
    ];
    for (files, needles) in attacks {
        std::fs::create_dir_all(&media).unwrap();
        for (name, bytes) in &files {
            std::fs::write(media.join(name), bytes).unwrap();
        }
        let text = refused(&root, &out, &before, &needles);
        assert!(!text.contains(&key), "the key is printed: {text}");
        std::fs::remove_dir_all(&media).unwrap();
    }

    std::fs::create_dir_all(&media).unwrap();
    std::fs::write(media.join("logo.svg"), &clean).unwrap();
    build_at(&root, &out).expect("a clean SVG builds");
    assert_eq!(std::fs::read(out.join("media/logo.svg")).unwrap(), clean);
}

#[test]
fn a_failed_build_leaves_the_previous_output_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("dist");
    build("basic", &out).unwrap();
    let before = common::files_of(&out);
    let err = build("broken", &out).expect_err("the broken fixture fails");
    let BuildError::Content(diags) = err else {
        panic!("expected content errors, got {err}");
    };
    assert_eq!(common::files_of(&out), before, "dist/ is unchanged");
    let mut leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    leftovers.sort();
    assert_eq!(
        leftovers,
        vec![
            std::ffi::OsString::from(".dist.sahel-owner"),
            std::ffi::OsString::from("dist")
        ],
        "no staging folder is left behind, only the record of whose folder dist/ is"
    );
    insta::assert_snapshot!("broken_fixture_errors", diags.render());
}

fn sahel() -> Command {
    crate::common::sahel_command()
}

#[test]
fn cli_exit_codes() {
    let out = sahel().arg("--version").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("sahel "));

    let out = sahel().args(["build", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(help.contains("--out") && help.contains("--base-url") && help.contains("--quiet"));

    let out = sahel().args(["build", "--no-such-flag"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "usage errors exit with 2");

    let tmp = tempfile::tempdir().unwrap();
    let out = sahel()
        .args(["build", "--quiet", "--root"])
        .arg(fixture("broken"))
        .arg("--out")
        .arg(tmp.path().join("dist"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "content errors exit with 1");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("content/en/faq.yaml:5:"), "{stderr}");
    assert!(
        stderr.contains("content/ar/blog/bad-date.md:4:7"),
        "{stderr}"
    );
    assert!(!tmp.path().join("dist").exists());
}

/// Issue 36, metadata: a phone photo's EXIF (with its GPS position), XMP (its owner, where) and
/// comment (its serial number) are not published; the source in content/media/ is left as it
/// was. A damaged photo and a decompression bomb fail the build, naming the file.
#[test]
fn photos_are_published_without_where_and_by_what_they_were_taken() {
    use img_parts::{Bytes, ImageEXIF};
    let (_tmp, root, out, _) = built_basic();
    let media = root.join("content/media");
    std::fs::create_dir_all(&media).unwrap();
    let mut photo = img_parts::jpeg::Jpeg::from_bytes(Bytes::from_static(JPEG)).unwrap();
    // EXIF: a big-endian TIFF whose IFD0 points at a GPS IFD holding GPSLatitudeRef "N".
    let mut exif = b"MM\0\x2a\0\0\0\x08\0\x01\x88\x25\0\x04\0\0\0\x01\0\0\0\x1a\0\0\0\0".to_vec();
    exif.extend_from_slice(b"\0\x01\0\x01\0\x02\0\0\0\x02N\0\0\0\0\0\0\0");
    photo.set_exif(Some(exif.into()));
    photo.segments_mut().insert(
        1,
        img_parts::jpeg::JpegSegment::new_with_contents(
            0xE1,
            Bytes::from_static(
                b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Mariam, Al Barsha</x:xmpmeta>",
            ),
        ),
    );
    photo.segments_mut().insert(
        1,
        img_parts::jpeg::JpegSegment::new_with_contents(0xFE, Bytes::from_static(b"SN 4417")),
    );
    let source = photo.encoder().bytes().to_vec();
    std::fs::write(media.join("office.jpg"), &source).unwrap();
    build_at(&root, &out).expect("a site with a phone photo builds");
    let published = std::fs::read(out.join("media/office.jpg")).unwrap();
    let has = |bytes: &[u8], what: &[u8]| bytes.windows(what.len()).any(|w| w == what);
    for what in [&b"Al Barsha"[..], b"SN 4417", b"\x88\x25", b"Exif\0\0"] {
        assert!(has(&source, what), "{what:?}");
        assert!(!has(&published, what), "{what:?} was published");
    }
    assert_eq!(
        published, JPEG,
        "what is left is the photo, as the camera encoded it"
    );
    assert_eq!(std::fs::read(media.join("office.jpg")).unwrap(), source);

    // A decompression bomb (a PNG header saying 30,000 × 30,000) and a photo cut short.
    let mut bomb = img_parts::png::Png::from_bytes(Bytes::from_static(PNG)).unwrap();
    bomb.chunks_mut()[0] = img_parts::png::PngChunk::new(
        *b"IHDR",
        Bytes::from_static(b"\0\0\x75\x30\0\0\x75\x30\x08\x02\0\0\0"),
    );
    std::fs::write(media.join("huge.png"), bomb.encoder().bytes()).unwrap();
    std::fs::write(media.join("half.jpg"), &JPEG[..JPEG.len() / 2]).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
    let err = build_at(&root, &out).expect_err("refused");
    let text = format!("{err}");
    assert!(
        text.contains("content/media/huge.png: the image is 30000 × 30000 pixels (900 megapixels)"),
        "{text}"
    );
    assert!(
        text.contains("content/media/half.jpg: the file is damaged or cut short"),
        "{text}"
    );
    assert!(!out.join("media").exists());
}
