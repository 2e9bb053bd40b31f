//! `serve` end to end: start it on a free port, edit a post and see the change served, break a
//! YAML file and see the overlay payload, fix it and see it cleared, then stop it with Ctrl-C
//! (SIGINT) and check that no render worker is left behind.

mod common;
use common::copy_fixture;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn get(port: u16, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).unwrap();
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// Polls until `ok` holds, for at most `limit`.
fn wait_for(limit: Duration, mut ok: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if ok() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
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

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn serve_rebuilds_shows_errors_and_stops_cleanly() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_fixture("basic", &root);

    let child = Command::new(env!("CARGO_BIN_EXE_sahel"))
        .args(["serve", "--port", "0", "--root"])
        .arg(&root)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let pid = server.0.id();
    let mut lines = BufReader::new(server.0.stdout.take().unwrap()).lines();
    let port: u16 = loop {
        let line = lines.next().expect("serve printed its address").unwrap();
        if let Some(rest) = line.strip_prefix("Serving on http://127.0.0.1:") {
            break rest.split('/').next().unwrap().parse().unwrap();
        }
    };

    let (status, body) = get(port, "/en/blog/first-post/");
    assert_eq!(status, 200);
    assert!(body.contains("First post"));
    assert!(
        body.contains("/__sahel/dev.js"),
        "serve output has the reload script"
    );
    assert_eq!(
        get(port, "/en/blog/first-post").0,
        200,
        "the form without a slash answers too"
    );
    assert_eq!(get(port, "/en/no-such-page/").0, 404);
    let (status, body) = get(port, "/__sahel/dev.js");
    assert_eq!(status, 200);
    assert!(body.contains("EventSource"));

    // Edit a post: the new title is served.
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    std::fs::write(
        &post,
        text.replace("title: \"First post\"", "title: \"Edited post\""),
    )
    .unwrap();
    assert!(
        wait_for(Duration::from_secs(15), || get(
            port,
            "/en/blog/first-post/"
        )
        .1
        .contains("Edited post")),
        "the edit was not served"
    );

    // Break a YAML file: the state carries the error for the overlay; pages stay served.
    let faq = root.join("content/en/faq.yaml");
    let good = std::fs::read_to_string(&faq).unwrap();
    std::fs::write(
        &faq,
        good.replace("question: \"When are you open?\"", "question: [\"When\"]"),
    )
    .unwrap();
    let mut state = String::new();
    assert!(
        wait_for(Duration::from_secs(15), || {
            state = get(port, "/__sahel/state").1;
            state.contains("\"errors\":[{")
        }),
        "no error reported: {state}"
    );
    let value: serde_json::Value = serde_json::from_str(&state).unwrap();
    let error = &value["errors"][0];
    assert_eq!(error["file"], "content/en/faq.yaml");
    assert_eq!(error["line"], 2);
    assert_eq!(error["column"], 13);
    assert!(
        error["rendered"]
            .as_str()
            .unwrap()
            .contains("question: [\"When\"]")
    );
    assert_eq!(
        get(port, "/en/faq/").0,
        200,
        "the last good page is still served"
    );

    // Fix it: the overlay clears.
    std::fs::write(&faq, good).unwrap();
    assert!(
        wait_for(Duration::from_secs(15), || get(port, "/__sahel/state")
            .1
            .contains("\"errors\":[]")),
        "the error did not clear"
    );

    // Ctrl-C: the server and its render workers stop.
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
        if let Some(status) = server.0.try_wait().unwrap() {
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
