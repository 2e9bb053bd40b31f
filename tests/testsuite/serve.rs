//! `serve` end to end, over raw TCP (as a browser or curl would talk to it):
//!
//! - live reload: the event stream delivers `reload` within seconds of a post edit, and
//!   `content-error` (file, line, column, source line) for a broken YAML file, then clears;
//! - the HTTP rules: Host check, body cap, methods, path escapes (`..`, symlinks), the hosts'
//!   redirects and 404 pages, the security headers;
//! - capacity: with 200 event streams open, 32 are served, the rest refused with 503, and a
//!   page is still answered within a second;
//! - exit codes: 0 on Ctrl-C (with no render worker left), 1 on a startup error.
//!
//! Servers are started one at a time (they share the app's bundle cache).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use crate::common;
use crate::common::copy_fixture;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub(crate) static SERVE_LOCK: Mutex<()> = Mutex::new(());

/// A raw HTTP/1.1 exchange: `head` is the request line and headers (without the blank line).
pub(crate) fn exchange(port: u16, head: &str, body: &[u8]) -> (u16, String, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(stream, "{head}\r\nConnection: close\r\n\r\n").unwrap();
    let _ = stream.write_all(body);
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let (headers, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (status, headers.to_ascii_lowercase(), body.to_string())
}

pub(crate) fn get(port: u16, path: &str) -> (u16, String) {
    let (status, _, body) = exchange(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}"),
        b"",
    );
    (status, body)
}

/// Reads a server-sent-event stream from a raw socket.
struct Events {
    stream: TcpStream,
    seen: String,
}

impl Events {
    fn open(port: u16) -> Events {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            stream,
            "GET /__sahel/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        Events {
            stream,
            seen: String::new(),
        }
    }

    /// Waits up to `limit` for `text` in the raw stream (e.g. a comment).
    fn wait_text(&mut self, text: &str, limit: Duration) -> bool {
        let start = Instant::now();
        let mut buf = [0u8; 8192];
        while !self.seen.contains(text) {
            if start.elapsed() > limit {
                return false;
            }
            if let Ok(n) = self.stream.read(&mut buf) {
                if n == 0 {
                    return false;
                }
                self.seen.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        }
        true
    }

    /// [`Events::wait`] for up to 5 s, failing the test with what the stream said otherwise.
    fn expect(&mut self, name: &str, needle: &str) -> String {
        match self.wait(name, needle, Duration::from_secs(5)) {
            Some(data) => data,
            None => panic!("no `{name}` event with {needle:?}: {:?}", self.seen),
        }
    }

    /// Waits up to `limit` for a complete event named `name` whose data contains `needle`,
    /// and returns its data line; events before it are consumed.
    fn wait(&mut self, name: &str, needle: &str, limit: Duration) -> Option<String> {
        let start = Instant::now();
        let mut buf = [0u8; 8192];
        loop {
            while let Some(end) = self.seen.find("\n\n") {
                let event: String = self.seen.drain(..end + 2).collect();
                let is_it = event.lines().any(|l| l == format!("event: {name}"));
                if let Some(data) = event.lines().find_map(|l| l.strip_prefix("data: "))
                    && is_it
                    && data.contains(needle)
                {
                    return Some(data.to_string());
                }
            }
            if start.elapsed() > limit {
                return None;
            }
            match self.stream.read(&mut buf) {
                Ok(0) => return None,
                Ok(n) => {
                    // Chunked framing: chunk-size lines are harmless between events.
                    self.seen.push_str(&String::from_utf8_lossy(&buf[..n]));
                    self.seen = self.seen.replace("\r\n", "\n");
                }
                Err(_) => {} // read timeout: look again
            }
        }
    }
}

fn children_of(pid: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{child}/stat")) else {
            continue;
        };
        // Fields after the command name (which is in parentheses): state, ppid, ...
        let after = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
        if after
            .split_whitespace()
            .nth(1)
            .and_then(|p| p.parse::<u32>().ok())
            == Some(pid)
        {
            out.push(child);
        }
    }
    out
}

pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn start(root: &Path, extra: &[&str]) -> Server {
    let mut child = crate::common::sahel_command()
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let port: u16 = loop {
        let line = lines.next().expect("serve printed its address").unwrap();
        if let Some(rest) = line.strip_prefix("Serving on http://127.0.0.1:") {
            break rest.split('/').next().unwrap().parse().unwrap();
        }
    };
    Server { child, port }
}

/// Ctrl-C: the server and its render workers stop, with status 0.
fn interrupt(mut server: Server) {
    let pid = server.child.id();
    let workers = children_of(pid);
    assert!(
        !workers.is_empty(),
        "the render workers run as children of serve"
    );
    Command::new("kill")
        .args(["-INT", &pid.to_string()])
        .status()
        .unwrap();
    let start = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "serve did not stop"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status}");
    for w in workers {
        assert!(
            !Path::new(&format!("/proc/{w}")).exists(),
            "worker {w} was left behind"
        );
    }
}

/// A copy of the basic fixture served by `sahel serve`, with an event stream that has heard
/// its greeting and the current (no) errors.
fn serving_basic() -> (tempfile::TempDir, std::path::PathBuf, Server, Events) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_fixture("basic", &root);
    let server = start(&root, &[]);
    let mut events = Events::open(server.port);
    assert!(
        events
            .wait("hello", "\"run\"", Duration::from_secs(2))
            .is_some(),
        "no hello: {:?}",
        events.seen
    );
    assert!(
        events
            .wait("content-error", "\"errors\":[]", Duration::from_secs(2))
            .is_some()
    );
    (tmp, root, server, events)
}

/// Pages are served with the dev client, with or without their slash; a new listener hears at
/// once who it talks to and the current (no) errors; Ctrl-C stops serve and its workers.
#[test]
fn serve_answers_pages_with_the_dev_client() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, _root, server, _events) = serving_basic();
    let port = server.port;
    let (status, body) = get(port, "/en/blog/first-post/");
    assert_eq!(status, 200);
    assert!(body.contains("First post"));
    assert!(
        body.contains("/__sahel/dev.js"),
        "serve output has the dev client"
    );
    assert_eq!(
        get(port, "/en/blog/first-post").0,
        200,
        "the form without a slash answers too"
    );
    let (status, body) = get(port, "/__sahel/dev.js");
    assert_eq!(status, 200);
    assert!(body.contains("EventSource"));
    interrupt(server);
}

/// An edited post: the stream says so within seconds, and the new title is served.
#[test]
fn serve_reloads_an_edited_post() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root, server, mut events) = serving_basic();
    let port = server.port;
    // Edit a post: the stream says so within seconds, and the new title is served.
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    let edited = Instant::now();
    std::fs::write(
        &post,
        text.replace("title: \"First post\"", "title: \"Edited post\""),
    )
    .unwrap();
    let reload = events.wait("reload", "/en/blog/first-post/", Duration::from_secs(5));
    assert!(reload.is_some(), "no reload event: {:?}", events.seen);
    eprintln!(
        "reload event {} ms after the edit",
        edited.elapsed().as_millis()
    );
    assert!(get(port, "/en/blog/first-post/").1.contains("Edited post"));
    interrupt(server);
}

/// A broken YAML file: the stream and the state carry the error; pages stay served; a page
/// opened now is told at once; fixed, the errors clear.
#[test]
fn serve_shows_a_content_error_at_its_place_and_clears_it() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root, server, mut events) = serving_basic();
    let port = server.port;
    // Break a YAML file: the stream and the state carry the error; pages stay served.
    let faq = root.join("content/en/faq.yaml");
    let good = std::fs::read_to_string(&faq).unwrap();
    std::fs::write(
        &faq,
        good.replace("question: \"When are you open?\"", "question: [\"When\"]"),
    )
    .unwrap();
    let data = events
        .wait(
            "content-error",
            "content/en/faq.yaml",
            Duration::from_secs(5),
        )
        .expect("no content-error event");
    let value: serde_json::Value = serde_json::from_str(&data).unwrap();
    let error = &value["errors"][0];
    assert_eq!(error["file"], "content/en/faq.yaml");
    assert_eq!(error["line"], 2);
    assert_eq!(error["column"], 13);
    assert_eq!(error["source_line"], "  question: [\"When\"]");
    assert!(
        error["help"]
            .as_str()
            .unwrap()
            .contains("`question` is text")
    );
    let state = get(port, "/__sahel/state").1;
    assert!(state.contains("content/en/faq.yaml"), "{state}");
    assert_eq!(
        get(port, "/en/faq/").0,
        200,
        "the last good page is still served"
    );
    // A page opened now is told about the error straight away.
    let mut late = Events::open(port);
    assert!(
        late.wait(
            "content-error",
            "content/en/faq.yaml",
            Duration::from_secs(2)
        )
        .is_some()
    );

    // Fix it: the errors clear.
    std::fs::write(&faq, good).unwrap();
    assert!(
        events
            .wait("reload", "\"paths\"", Duration::from_secs(5))
            .is_some()
    );
    assert!(get(port, "/__sahel/state").1.contains("\"errors\":[]"));
    interrupt(server);
}

/// Every kind of content error is shown and cleared the same way; serve never stops.
#[test]
fn serve_shows_every_kind_of_content_error_and_keeps_serving() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root, server, mut events) = serving_basic();
    // Every kind of content error is shown and cleared the same way; serve never stops.
    let second = root.join("content/en/blog/second-post.md");
    let stray = root.join("content/en/notes.txt");
    let post_text = std::fs::read_to_string(&second).unwrap();
    let second_ar = root.join("content/ar/blog/second-post.md");
    let ar_text = std::fs::read_to_string(&second_ar).unwrap();
    let breakages: [(&Path, String, &str); 5] = [
        // Front matter that never ends.
        (
            &second,
            post_text.replacen("---\n\n", "\n\n", 1),
            "second-post.md",
        ),
        // A required key missing.
        (
            &second,
            post_text.replace("date:", "dated:"),
            "second-post.md",
        ),
        // Markdown linking to a page that does not exist.
        (
            &second,
            format!("{post_text}\n[gone](/en/no-such-page/)\n"),
            "no-such-page",
        ),
        // A file that belongs to no content type.
        (&stray, "notes".to_string(), "notes.txt"),
        // A lint finding that is an error: a bidi override leaking into the text after it.
        (
            &second_ar,
            format!("{ar_text}\nنص \u{202E}مقلوب\n"),
            "RIGHT-TO-LEFT OVERRIDE",
        ),
    ];
    for (file, text, needle) in breakages {
        let before = std::fs::read_to_string(file).ok();
        std::fs::write(file, text).unwrap();
        assert!(
            events
                .wait("content-error", needle, Duration::from_secs(5))
                .is_some(),
            "no error for {needle}: {:?}",
            events.seen
        );
        match before {
            Some(text) => std::fs::write(file, text).unwrap(),
            None => std::fs::remove_file(file).unwrap(),
        }
        assert!(
            events
                .wait("reload", "\"paths\"", Duration::from_secs(5))
                .is_some(),
            "{needle} did not clear"
        );
    }
    interrupt(server);
}

/// A lint finding that is a warning: the page is re-rendered and the warning shown.
#[test]
fn serve_shows_a_lint_warning_and_still_renders() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root, server, mut events) = serving_basic();
    let port = server.port;
    let second_ar = root.join("content/ar/blog/second-post.md");
    let ar_text = std::fs::read_to_string(&second_ar).unwrap();
    // A lint finding that is a warning (tatweel stretching a word): the page is re-rendered,
    // the warning is shown (and printed) with its rule and place; fixed, it goes.
    std::fs::write(&second_ar, format!("{ar_text}\nنص كـبير\n")).unwrap();
    let data = events
        .wait(
            "content-warning",
            "stretches the word",
            Duration::from_secs(5),
        )
        .expect("no content-warning event");
    let value: serde_json::Value = serde_json::from_str(&data).unwrap();
    let warning = &value["warnings"][0];
    assert_eq!(warning["file"], "content/ar/blog/second-post.md");
    assert_eq!(warning["severity"], "warning");
    assert_eq!(warning["rule"], "tatweel");
    assert!(get(port, "/__sahel/state").1.contains("\"errors\":[]"));
    std::fs::write(&second_ar, &ar_text).unwrap();
    events.expect("content-warning", "\"warnings\":[]");
    interrupt(server);
}

/// A post's own finding (an image described in the other script) stays reported while other
/// posts are edited, which serve checks again alone; fixed, it goes.
#[test]
fn serve_keeps_a_posts_warning_while_another_post_is_edited() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root, server, mut events) = serving_basic();
    let port = server.port;
    let second_ar = root.join("content/ar/blog/second-post.md");
    let ar_text = std::fs::read_to_string(&second_ar).unwrap();
    std::fs::write(
        &second_ar,
        format!("{ar_text}\n![Our office](https://cdn.example/office.jpg)\n"),
    )
    .unwrap();
    let warned = "is not written in Arabic";
    events.expect("content-warning", warned);
    // Edit the other Arabic post, then an English one: each is re-rendered, and the warning
    // of the post left alone is still there.
    for (file, from, to, path) in [
        (
            "content/ar/blog/first-post.md",
            "\n---\n",
            "\n---\n\nفقرة جديدة.\n",
            "/ar/blog/first-post/",
        ),
        (
            "content/en/blog/first-post.md",
            "title: \"First post\"",
            "title: \"Edited post\"",
            "/en/blog/first-post/",
        ),
    ] {
        let post = root.join(file);
        let text = std::fs::read_to_string(&post).unwrap();
        assert!(text.contains(from), "{file}");
        std::fs::write(&post, text.replacen(from, to, 1)).unwrap();
        events.expect("reload", path);
        let state = get(port, "/__sahel/state").1;
        assert!(state.contains(warned), "{file}: {state}");
        assert!(state.contains("content/ar/blog/second-post.md"), "{state}");
    }
    assert!(get(port, "/ar/blog/first-post/").1.contains("فقرة جديدة"));
    std::fs::write(&second_ar, &ar_text).unwrap();
    events.expect("content-warning", "\"warnings\":[]");
    interrupt(server);
}

/// A new post (in both languages: parity) is served; deleted, it is gone.
#[test]
fn serve_adds_and_removes_a_post() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root, server, mut events) = serving_basic();
    let port = server.port;
    let second = root.join("content/en/blog/second-post.md");
    let post_text = std::fs::read_to_string(&second).unwrap();
    // A new post (in both languages: parity) is served; deleted, it is gone.
    let new_post = |lang: &str| root.join(format!("content/{lang}/blog/third-post.md"));
    for lang in ["en", "ar"] {
        std::fs::write(
            new_post(lang),
            post_text.replace("title: \"Second post\"", "title: \"Third post\""),
        )
        .unwrap();
    }
    assert!(
        events
            .wait("reload", "/en/blog/third-post/", Duration::from_secs(5))
            .is_some(),
        "{:?}",
        events.seen
    );
    assert_eq!(get(port, "/en/blog/third-post/").0, 200);
    for lang in ["en", "ar"] {
        std::fs::remove_file(new_post(lang)).unwrap();
    }
    assert!(
        events
            .wait("reload", "\"paths\"", Duration::from_secs(5))
            .is_some()
    );
    assert_eq!(get(port, "/en/blog/third-post/").0, 404);
    assert!(get(port, "/__sahel/state").1.contains("\"errors\":[]"));
    interrupt(server);
}

/// A file dropped into content/media/ is served under its Arabic name; a misspelt name is
/// an error naming the nearest; a removed file is no longer served.
#[test]
fn serve_publishes_media_as_the_folder_changes() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root, server, mut events) = serving_basic();
    let port = server.port;
    let second_ar = root.join("content/ar/blog/second-post.md");
    let ar_text = std::fs::read_to_string(&second_ar).unwrap();
    // A file dropped into content/media/ is served at /media/, under its Arabic name; a post
    // naming a file that is not there is an error that says which one it may mean; a file
    // removed from the folder is no longer served.
    let photo = root.join("content/media/مكتب.jpg");
    let photo_url = "/media/%D9%85%D9%83%D8%AA%D8%A8.jpg";
    std::fs::create_dir_all(photo.parent().unwrap()).unwrap();
    let jpeg: &[u8] = include_bytes!("../fixtures/media/tiny.jpg");
    std::fs::write(&photo, jpeg).unwrap();
    let served = |status: u16| {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let (got, body) = get(port, photo_url);
            if got == status || Instant::now() > deadline {
                return (got, body);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    };
    assert_eq!(
        served(200),
        (200, String::from_utf8_lossy(jpeg).into_owned())
    );
    std::fs::write(
        &second_ar,
        format!("{ar_text}\n![المكتب](/media/مكتبة.jpg)\n"),
    )
    .unwrap();
    assert!(
        events
            .wait(
                "content-error",
                "did you mean /media/مكتب.jpg",
                Duration::from_secs(5)
            )
            .is_some(),
        "{:?}",
        events.seen
    );
    // Fixed, the error clears (the reload follows the new state); then the file goes.
    std::fs::write(&second_ar, &ar_text).unwrap();
    assert!(
        events
            .wait("reload", "\"paths\"", Duration::from_secs(5))
            .is_some(),
        "the media error did not clear: {:?}",
        events.seen
    );
    assert!(get(port, "/__sahel/state").1.contains("\"errors\":[]"));
    std::fs::remove_file(&photo).unwrap();
    assert_eq!(served(404).0, 404, "a removed media file is still served");
    interrupt(server);
}

/// Issue 32, findings 1 and 2: `serve` applies the media rules as the folder changes. A link
/// out of the site, a page and an SVG with script each show an error naming the file and are
/// never served; an SVG that turns unsafe keeps its last good version; each error clears when
/// the file goes.
#[test]
fn serve_refuses_unsafe_media_as_the_folder_changes() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_fixture("basic", &root);
    let media = root.join("content/media");
    std::fs::create_dir_all(&media).unwrap();
    let attacks = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/media-attacks");
    let clean = std::fs::read_to_string(attacks.join("clean.svg")).unwrap();
    std::fs::write(media.join("logo.svg"), &clean).unwrap();
    let server = start(&root, &[]);
    let port = server.port;
    let mut events = Events::open(port);
    assert!(
        events
            .wait("content-error", "\"errors\":[]", Duration::from_secs(2))
            .is_some(),
        "{:?}",
        events.seen
    );
    assert_eq!(get(port, "/media/logo.svg"), (200, clean.clone()));

    let cleared = |events: &mut Events, what: &str| {
        assert!(
            events
                .wait("reload", "\"paths\"", Duration::from_secs(5))
                .is_some(),
            "the error for {what} did not clear: {:?}",
            events.seen
        );
        assert!(get(port, "/__sahel/state").1.contains("\"errors\":[]"));
    };

    // A link to the machine's environment.
    std::os::unix::fs::symlink("/proc/self/environ", media.join("env.txt")).unwrap();
    let data = events
        .wait(
            "content-error",
            "content/media/env.txt",
            Duration::from_secs(5),
        )
        .unwrap_or_else(|| panic!("no error for env.txt: {:?}", events.seen));
    assert!(data.contains("/proc/self/environ"), "{data}");
    assert_eq!(get(port, "/media/env.txt").0, 404);
    std::fs::remove_file(media.join("env.txt")).unwrap();
    cleared(&mut events, "env.txt");

    // A page and its script.
    std::fs::copy(attacks.join("x.js"), media.join("x.js")).unwrap();
    std::fs::copy(attacks.join("x.html"), media.join("x.html")).unwrap();
    assert!(
        events
            .wait(
                "content-error",
                "content/media/x.html",
                Duration::from_secs(5)
            )
            .is_some(),
        "no error for x.html: {:?}",
        events.seen
    );
    assert_eq!(get(port, "/media/x.html").0, 404);
    assert_eq!(get(port, "/media/x.js").0, 404);
    std::fs::remove_file(media.join("x.html")).unwrap();
    std::fs::remove_file(media.join("x.js")).unwrap();
    cleared(&mut events, "x.html");

    // The published SVG edited to hold a script: the error, and the last good file served.
    let script = std::fs::read_to_string(attacks.join("script.svg")).unwrap();
    std::fs::write(media.join("logo.svg"), &script).unwrap();
    assert!(
        events
            .wait(
                "content-error",
                "content/media/logo.svg",
                Duration::from_secs(5)
            )
            .is_some(),
        "no error for logo.svg: {:?}",
        events.seen
    );
    assert_eq!(get(port, "/media/logo.svg"), (200, clean.clone()));
    // Another change meanwhile (a post) keeps the error and the last good file.
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    std::fs::write(&post, format!("{text}\nOne more line.\n")).unwrap();
    assert!(
        events
            .wait(
                "content-error",
                "content/media/logo.svg",
                Duration::from_secs(5)
            )
            .is_some(),
        "the error for logo.svg went: {:?}",
        events.seen
    );
    assert_eq!(get(port, "/media/logo.svg"), (200, clean.clone()));
    std::fs::write(media.join("logo.svg"), &clean).unwrap();
    cleared(&mut events, "logo.svg");
    assert_eq!(get(port, "/media/logo.svg"), (200, clean));

    interrupt(server);
}

/// A copy of the basic fixture served by `sahel serve` with a staging config outside the site
/// folder (with a backend) and a base URL override, into `out`.
struct Staging {
    /// Kept until the test ends: the site, its output and its config live there.
    tmp: tempfile::TempDir,
    out: std::path::PathBuf,
    staging: std::path::PathBuf,
    config: String,
    server: Server,
}

fn serving_staging() -> Staging {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_fixture("basic", &root);
    let out = tmp.path().join("out");
    let staging = tmp.path().join("staging.toml");
    let backend = "\n[backend]\nurl = \"http://127.0.0.1:4190\"\nanon_key = \"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzYWhlbC10ZXN0cyIsInJvbGUiOiJhbm9uIn0.bm90LWEtcmVhbC1zaWduYXR1cmU\"\n";
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap() + backend;
    std::fs::write(&staging, &config).unwrap();
    let server = start(
        &root,
        &[
            "--out",
            out.to_str().unwrap(),
            "--config",
            staging.to_str().unwrap(),
            "--base-url",
            "https://staging.example",
        ],
    );
    Staging {
        tmp,
        out,
        staging,
        config,
        server,
    }
}

/// A request's first lines.
fn req(method: &str, path: &str, host: &str) -> String {
    format!("{method} {path} HTTP/1.1\r\nHost: {host}")
}

/// Only this server's own names (DNS rebinding); bodies over 64 KiB are 413, other methods
/// 405, huge headers 431.
#[test]
fn serve_answers_its_own_names_only_and_refuses_oversized_requests() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let Staging {
        tmp: _tmp, server, ..
    } = serving_staging();
    let port = server.port;
    let here = format!("127.0.0.1:{port}");
    // Only this server's own names (DNS rebinding).
    assert_eq!(exchange(port, &req("GET", "/en/", &here), b"").0, 200);
    let local = format!("localhost:{port}");
    assert_eq!(exchange(port, &req("GET", "/en/", &local), b"").0, 200);
    for host in [
        "evil.example".to_string(),
        format!("evil.example:{port}"),
        "127.0.0.1".to_string(),
    ] {
        assert_eq!(
            exchange(port, &req("GET", "/en/", &host), b"").0,
            403,
            "{host}"
        );
    }
    assert_eq!(exchange(port, "GET /en/ HTTP/1.0", b"").0, 403, "no Host");

    // Bodies over 64 KiB: 413 from the declared length, without waiting for the body.
    let big = format!("{}\r\nContent-Length: 70000", req("POST", "/en/", &here));
    assert_eq!(exchange(port, &big, b"").0, 413);
    let chunked = format!(
        "{}\r\nTransfer-Encoding: chunked",
        req("POST", "/en/", &here)
    );
    let mut body = format!("{:x}\r\n", 70_000).into_bytes();
    body.extend(std::iter::repeat_n(b'x', 70_000));
    body.extend(b"\r\n0\r\n\r\n");
    assert_eq!(exchange(port, &chunked, &body).0, 413);
    // Other methods: 405.
    let small = format!("{}\r\nContent-Length: 2", req("POST", "/en/", &here));
    let (status, headers, _) = exchange(port, &small, b"hi");
    assert_eq!(status, 405);
    assert!(headers.contains("allow: get, head"), "{headers}");
    let (status, _, body) = exchange(port, &req("HEAD", "/en/", &here), b"");
    assert_eq!((status, body.as_str()), (200, ""));
    // Huge headers: 431.
    let huge = format!(
        "{}\r\nX-Big: {}",
        req("GET", "/en/", &here),
        "a".repeat(20_000)
    );
    assert_eq!(exchange(port, &huge, b"").0, 431);
    interrupt(server);
}

/// Nothing outside the output folder: `..` (plain or encoded) and symlinks.
#[test]
fn serve_serves_nothing_outside_its_output_folder() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let Staging {
        tmp, out, server, ..
    } = serving_staging();
    let port = server.port;
    // Nothing outside the output folder: `..` (plain or encoded) and symlinks.
    let secret = tmp.path().join("secret.txt");
    std::fs::write(&secret, "top secret").unwrap();
    std::os::unix::fs::symlink(&secret, out.join("leak.txt")).unwrap();
    std::os::unix::fs::symlink(tmp.path(), out.join("up")).unwrap();
    for path in [
        "/../secret.txt",
        "/en/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/en/%2E%2E/%2E%2E/secret.txt",
        "/leak.txt",
        "/up/secret.txt",
        "/../../../../etc/passwd",
    ] {
        let (status, body) = get(port, path);
        assert_eq!(status, 404, "{path}");
        assert!(
            !body.contains("top secret") && !body.contains("root:"),
            "{path}"
        );
    }
    interrupt(server);
}

/// The hosts' rules (redirects, 404 pages per language, host config files hidden) and the
/// production security headers, on pages and on refusals alike.
#[test]
fn serve_answers_the_hosts_rules_with_their_headers() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let Staging {
        tmp: _tmp,
        out,
        server,
        ..
    } = serving_staging();
    let port = server.port;
    let here = format!("127.0.0.1:{port}");
    // The hosts' rules: redirects, 404 pages per language, host config files hidden.
    for (from, to) in [
        ("/", "/ar/"),
        ("/en/home/", "/en/"),
        ("/en/home", "/en/"),
        ("/ar/home/", "/ar/"),
    ] {
        let (status, headers, _) = exchange(port, &req("GET", from, &here), b"");
        assert_eq!(status, 301, "{from}");
        assert!(
            headers.contains(&format!("location: {to}\r\n")),
            "{from}: {headers}"
        );
    }
    let (status, body) = get(port, "/en/no-such-page/");
    assert_eq!(status, 404);
    assert!(body.contains("lang=\"en\""), "the English 404 page");
    let (status, body) = get(port, "/no-such-page/");
    assert_eq!(status, 404);
    assert!(body.contains("lang=\"ar\""), "the Arabic 404 page");
    assert!(out.join("nginx.conf").is_file());
    assert_eq!(get(port, "/nginx.conf").0, 404);
    assert_eq!(get(port, "/_headers").0, 404);

    // The production security headers, on pages and on refusals alike.
    for (path, host) in [("/en/", here.as_str()), ("/en/", "evil.example")] {
        let (_, headers, _) = exchange(port, &req("GET", path, host), b"");
        let csp = headers
            .lines()
            .find_map(|l| l.strip_prefix("content-security-policy: "))
            .unwrap_or_else(|| panic!("no CSP: {headers}"));
        assert!(csp.contains("script-src 'self'"), "{csp}");
        // No inline style but the app's stylesheet each page inlines, by its hash.
        assert!(
            csp.contains("style-src 'self' 'sha256-") && !csp.contains("unsafe-inline"),
            "no inline style but the page's own stylesheet: {csp}"
        );
        assert!(
            csp.contains("connect-src 'self'"),
            "the event stream: {csp}"
        );
        assert!(headers.contains("x-content-type-options: nosniff"));
        assert!(headers.contains("cache-control: no-store"));
    }
    let headers_file = std::fs::read_to_string(out.join("_headers")).unwrap();
    let (_, headers, body) = exchange(port, &req("GET", "/en/", &here), b"");
    let inlined = body
        .split_once("<style>")
        .and_then(|(_, rest)| rest.split_once("</style>"))
        .map(|(css, _)| css)
        .expect("the page inlines the app's stylesheet");
    let hash = {
        use base64::Engine as _;
        use sha2::Digest as _;
        base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(inlined.as_bytes()))
    };
    let served = headers
        .lines()
        .find_map(|l| l.strip_prefix("content-security-policy: "))
        .unwrap();
    assert!(
        headers_file.to_ascii_lowercase().contains(served),
        "the CSP is the one _headers carries"
    );
    // (The test's reader gives headers in lower case.)
    let hash = format!("'sha256-{hash}'").to_ascii_lowercase();
    assert!(served.contains(&hash), "{served}");
    interrupt(server);
}

/// --config and --base-url: the backend is in the CSP, the base URL in canonical links; an
/// edit of the config file is followed.
#[test]
fn serve_follows_its_config_file_and_base_url() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let Staging {
        tmp: _tmp,
        staging,
        config,
        server,
        ..
    } = serving_staging();
    let port = server.port;
    let here = format!("127.0.0.1:{port}");
    // --config and --base-url: the backend is in the CSP, the base URL in canonical links; an
    // edit of the config file is followed.
    let csp_of = |path: &str| {
        let (_, headers, _) = exchange(port, &req("GET", path, &here), b"");
        headers
            .lines()
            .find_map(|l| l.strip_prefix("content-security-policy: "))
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        csp_of("/en/").contains("connect-src 'self' http://127.0.0.1:4190"),
        "{}",
        csp_of("/en/")
    );
    assert!(
        get(port, "/en/about/")
            .1
            .contains("href=\"https://staging.example/en/about/\"")
    );
    std::fs::write(&staging, config.replace(":4190", ":4191")).unwrap();
    let start_edit = Instant::now();
    while !csp_of("/en/").contains("http://127.0.0.1:4191") {
        assert!(
            start_edit.elapsed() < Duration::from_secs(15),
            "the config edit was not followed"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    interrupt(server);
}

/// Bounded connections that never keep a page waiting: with a thousand idle connections held
/// open (issue 50: 300 slowed pages to about 8 s), a page is answered within a second, and
/// the server keeps at most [`sahel::serve::MAX_CONNECTIONS`] of them open (it closes the
/// oldest idle ones); slow headers are cut off after the timeout while an idle event stream
/// gets its keep-alive comment.
#[test]
fn serve_bounds_its_connections_and_closes_slow_ones() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let Staging {
        tmp: _tmp, server, ..
    } = serving_staging();
    let port = server.port;
    let here = format!("127.0.0.1:{port}");
    let mut idle: Vec<TcpStream> = Vec::new();
    for _ in 0..1000 {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => idle.push(s),
            Err(_) => break, // out of file descriptors: what we have is enough
        }
    }
    assert!(idle.len() >= 500, "{} idle connections", idle.len());
    std::thread::sleep(Duration::from_millis(300));
    let started = Instant::now();
    let mut page = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        page,
        "GET /en/ HTTP/1.1\r\nHost: {here}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    page.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut first = [0u8; 12];
    page.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(1), "answered after {waited:?}");
    // The server closed the oldest idle ones: at most MAX_CONNECTIONS are still open.
    let mut still_open = 0;
    for s in &mut idle {
        s.set_read_timeout(Some(Duration::from_millis(2))).unwrap();
        let mut b = [0u8; 1];
        match s.read(&mut b) {
            Ok(0) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                still_open += 1
            }
            _ => {}
        }
    }
    assert!(
        still_open <= sahel::serve::MAX_CONNECTIONS,
        "{still_open} still open"
    );
    drop(idle);

    // Slow headers: the connection is closed after the header timeout (5 s). Meanwhile an
    // idle event stream gets its keep-alive comment (every 10 s).
    let mut events = Events::open(port);
    let mut slow = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(slow, "GET /en/ HTTP/1.1\r\nHost: {here}\r\n").unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let started = Instant::now();
    let mut rest = Vec::new();
    let _ = slow.read_to_end(&mut rest);
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_secs(4) && waited < Duration::from_secs(12),
        "closed after {waited:?}"
    );
    assert!(!String::from_utf8_lossy(&rest).contains("200 OK"));
    assert!(
        events.wait_text(": ping", Duration::from_secs(9)),
        "no keep-alive comment: {:?}",
        events.seen
    );
    interrupt(server);
}

/// The status line a raw socket receives before `deadline`, if any.
fn status_line(stream: &mut TcpStream, deadline: Instant) -> Option<String> {
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !seen.ends_with(b"\r\n") {
        let left = deadline.saturating_duration_since(Instant::now());
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(50))))
            .unwrap();
        match stream.read(&mut byte) {
            Ok(1) => seen.push(byte[0]),
            _ => return None,
        }
        if Instant::now() > deadline && !seen.ends_with(b"\r\n") {
            return None;
        }
    }
    Some(String::from_utf8_lossy(&seen).trim_end().to_string())
}

#[test]
fn pages_are_answered_while_200_event_streams_are_open() {
    // Issue 32, finding 7: 130 open `/__sahel/events` streams took every connection, and
    // page requests waited forever. Event streams now have a cap of their own.
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    copy_fixture("basic", tmp.path());
    let server = start(tmp.path(), &[]);
    let port = server.port;
    let addr = std::net::SocketAddr::from(([127, 0, 0, 1], port));
    let mut streams: Vec<TcpStream> = (0..200)
        .filter_map(|_| {
            let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(2)).ok()?;
            write!(
                s,
                "GET /__sahel/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: text/event-stream\r\n\r\n"
            )
            .ok()?;
            Some(s)
        })
        .collect();
    assert_eq!(streams.len(), 200, "every stream connected");
    // Each stream's answer, within 10 s for all of them.
    let deadline = Instant::now() + Duration::from_secs(10);
    let statuses: Vec<Option<String>> = streams
        .iter_mut()
        .map(|s| status_line(s, deadline))
        .collect();

    // A page still answers, within a second.
    let started = Instant::now();
    let mut page = TcpStream::connect_timeout(&addr, Duration::from_secs(1)).unwrap();
    page.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    write!(
        page,
        "GET /en/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut first = [0u8; 12];
    let answered = page.read_exact(&mut first).is_ok();
    let waited = started.elapsed();
    assert!(
        answered && &first == b"HTTP/1.1 200" && waited < Duration::from_secs(1),
        "the page was not answered within a second ({waited:?}, {:?})",
        String::from_utf8_lossy(&first)
    );

    // 32 streams are served; the rest are refused at once, told when to try again, or, beyond
    // MAX_CONNECTIONS open at once, closed before their request was read (on a busy machine the
    // oldest connections not yet answered give way to new ones; an EventSource reconnects).
    let served = statuses
        .iter()
        .filter(|s| s.as_deref() == Some("HTTP/1.1 200 OK"))
        .count();
    let refused_or_closed = statuses
        .iter()
        .filter(|s| s.is_none() || s.as_deref() == Some("HTTP/1.1 503 Service Unavailable"))
        .count();
    assert_eq!(
        (served, refused_or_closed),
        (
            sahel::serve::MAX_EVENT_STREAMS,
            200 - sahel::serve::MAX_EVENT_STREAMS
        ),
        "{statuses:?}"
    );
    let closed = statuses.iter().filter(|s| s.is_none()).count();
    assert!(
        closed <= 200 - sahel::serve::MAX_CONNECTIONS,
        "{closed} closed unanswered, more than the connections beyond the cap: {statuses:?}"
    );
    let (status, headers, body) = exchange(
        port,
        &format!("GET /__sahel/events HTTP/1.1\r\nHost: 127.0.0.1:{port}"),
        b"",
    );
    assert_eq!(status, 503);
    assert!(headers.contains("retry-after: 5"), "{headers}");
    assert!(body.contains("tries again later"), "{body}");

    // Closed streams give their place back: a new page gets its stream.
    drop(streams);
    let mut events = None;
    let retry_until = Instant::now() + Duration::from_secs(10);
    while events.is_none() && Instant::now() < retry_until {
        let mut stream = Events::open(port);
        if stream.wait("hello", "", Duration::from_secs(1)).is_some() {
            events = Some(stream);
        } else {
            std::thread::sleep(Duration::from_millis(100));
        }
    }
    assert!(events.is_some(), "no event stream after the others closed");
    drop(server);
}

#[test]
fn serve_exits_1_on_startup_errors() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let tmp = tempfile::tempdir().unwrap();
    copy_fixture("basic", tmp.path());
    let output = crate::common::sahel_command()
        .args(["serve", "--port", &port, "--root"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot listen"));

    let output = crate::common::sahel_command()
        .args(["serve", "--port", "0", "--root", "/nonexistent/site"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));

    // --out follows build's rule: not the site's own folders, not a folder sahel did not make.
    let mine = tmp.path().join("mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("keep.txt"), "x").unwrap();
    for (out, says) in [
        (tmp.path().join("content"), "is the content folder"),
        (mine.clone(), "not written by sahel"),
    ] {
        let output = crate::common::sahel_command()
            .args(["serve", "--port", "0", "--root"])
            .arg(tmp.path())
            .arg("--out")
            .arg(&out)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(says), "{stderr}");
    }
    assert_eq!(std::fs::read_dir(&mine).unwrap().count(), 1);
}

/// `serve` answers every rule of the `_redirects` it writes as the hosts do: each 301 to its
/// target, each 404 with its language's page; on a site of three languages.
#[test]
fn serve_follows_the_redirects_file_it_writes() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::three_languages(&root);
    let out = tmp.path().join("out");
    let server = start(&root, &["--out", out.to_str().unwrap()]);
    let rules = std::fs::read_to_string(out.join("_redirects")).unwrap();
    let mut checked = 0;
    for line in rules
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let [from, to, status] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            panic!("a rule of three fields: {line}");
        };
        let path = from.replace('*', "no-such-page/");
        let (code, headers, body) = exchange(
            server.port,
            &format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}", server.port),
            b"",
        );
        match status {
            "301" | "301!" => {
                assert_eq!(code, 301, "{line}");
                assert!(
                    headers.contains(&format!("\r\nlocation: {to}\r\n")),
                    "{line}: {headers}"
                );
            }
            "404" | "404!" => {
                assert_eq!(code, 404, "{line}");
                let page = std::fs::read_to_string(out.join(to.trim_start_matches('/'))).unwrap();
                assert_eq!(body, page, "{line}: the 404 page of {to}");
            }
            other => panic!("{line}: status {other}"),
        }
        checked += 1;
    }
    assert!(checked >= 12, "{rules}");
}
