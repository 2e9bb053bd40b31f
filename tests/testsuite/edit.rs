//! The browser editor's server side (`sahel edit`), end to end over raw HTTP:
//!
//! - it exists only with `--edit`, and a build ships none of it;
//! - every API call needs the run's token and a same-origin request;
//! - paths stay in the site's folders: no `..`, no symlink followed, no oversized body, no
//!   upload that is not what its name says;
//! - an entry opened and saved unchanged leaves every file byte-identical (every entry of the
//!   shipped site); an edit is checked, previewed by the build's renderer, saved atomically and
//!   re-rendered; a blank required title or a file changed on disk is refused with nothing
//!   written; a new post is a draft; a linked post cannot be deleted;
//! - commit and publish to a bare repository, and a refused push.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::{copy_dir, copy_fixture, project, sahel_in};
use crate::serve::{SERVE_LOCK, Server, exchange, get, start};

/// `sahel edit` on `root`, and the token its page holds.
fn editing(root: &Path) -> (Server, String) {
    let server = start(root, &["--edit"]);
    let (status, page) = get(server.port, "/_edit/");
    assert_eq!(status, 200, "{page}");
    let token = page
        .split("name=\"sahel-edit-token\" content=\"")
        .nth(1)
        .and_then(|r| r.split('"').next())
        .expect("the page holds the token")
        .to_string();
    assert_eq!(token.len(), 64);
    (server, token)
}

/// An API call as the editor's page makes it (token, same origin), plus `extra` headers.
fn call(server: &Server, token: &str, method: &str, path: &str, body: &Value) -> (u16, Value) {
    call_with(server, Some(token), method, path, body, "")
}

fn call_with(
    server: &Server,
    token: Option<&str>,
    method: &str,
    path: &str,
    body: &Value,
    extra: &str,
) -> (u16, Value) {
    let port = server.port;
    let bytes = if body.is_null() {
        Vec::new()
    } else {
        serde_json::to_vec(body).unwrap()
    };
    let token = token.map_or(String::new(), |t| format!("\r\nX-Sahel-Edit-Token: {t}"));
    let origin = if extra.contains("Origin:") {
        String::new()
    } else {
        format!("\r\nOrigin: http://127.0.0.1:{port}")
    };
    let head = format!(
        "{method} /_edit/api/{path} HTTP/1.1\r\nHost: 127.0.0.1:{port}{token}{origin}\r\nContent-Type: application/json\r\nContent-Length: {}{extra}",
        bytes.len()
    );
    let (status, _, text) = exchange(port, &head, &bytes);
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

fn basic_site() -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_fixture("basic", &root);
    (tmp, root)
}

fn git(root: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(["-c", "user.name=Test", "-c", "user.email=test@example.com"])
        .args(args)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Waits up to 10 s for `path` to hold `needle`.
fn page_shows(server: &Server, path: &str, needle: &str) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if get(server.port, path).1.contains(needle) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    false
}

#[test]
fn the_editor_exists_only_with_edit_and_every_call_needs_its_token_and_origin() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root) = basic_site();
    {
        let plain = start(&root, &[]);
        assert_eq!(
            get(plain.port, "/_edit/").0,
            404,
            "no editor without --edit"
        );
        let (status, _) = call(&plain, "x", "GET", "site", &Value::Null);
        assert_eq!(status, 404);
        let (status, _) = call(&plain, "x", "POST", "save", &json!({}));
        assert_eq!(status, 405, "serve alone takes no POST");
    }
    let (server, token) = editing(&root);
    let (_, headers, _) = exchange(
        server.port,
        &format!("GET /_edit/ HTTP/1.1\r\nHost: 127.0.0.1:{}", server.port),
        b"",
    );
    let csp = headers
        .lines()
        .find_map(|l| l.strip_prefix("content-security-policy: "))
        .unwrap();
    assert!(
        !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
        "{csp}"
    );
    assert!(csp.contains("script-src 'self'"), "{csp}");

    // The panes use the site's own fonts, from its built stylesheet.
    let (status, fonts) = get(server.port, "/_edit/fonts.css");
    assert_eq!(status, 200);
    assert!(
        fonts.contains("font-family:Cairo") && fonts.contains("/assets/"),
        "{fonts}"
    );

    let (status, site) = call(&server, &token, "GET", "site?ui=en", &Value::Null);
    assert_eq!(status, 200);
    let names: Vec<&str> = site["collections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    for name in [
        "posts",
        "pages",
        "services",
        "pricing",
        "faq",
        "testimonials",
        "files",
    ] {
        assert!(names.contains(&name), "{names:?}");
    }
    let body = json!({"collection": "posts", "id": "first-post", "files": {}});
    // No token, a wrong one, another site's page, a cross-site fetch: refused, in the
    // editor's language.
    let (status, reply) = call_with(&server, None, "POST", "save?ui=ar", &body, "");
    assert_eq!(status, 403);
    assert!(
        reply["message"].as_str().unwrap().contains("رمز"),
        "{reply}"
    );
    let wrong = "0".repeat(64);
    assert_eq!(call(&server, &wrong, "POST", "save", &body).0, 403);
    let evil = "\r\nOrigin: https://evil.example";
    assert_eq!(
        call_with(&server, Some(&token), "POST", "save", &body, evil).0,
        403
    );
    let cross = "\r\nSec-Fetch-Site: cross-site";
    assert_eq!(
        call_with(&server, Some(&token), "POST", "save", &body, cross).0,
        403
    );
    // The token alone (a tool without Origin) is enough.
    assert_eq!(
        call_with(
            &server,
            Some(&token),
            "GET",
            "site",
            &Value::Null,
            "\r\nX: y"
        )
        .0,
        200
    );
    // A Host other than this machine's (DNS rebinding) is refused before anything else.
    let (status, _, _) = exchange(
        server.port,
        &format!("GET /_edit/ HTTP/1.1\r\nHost: evil.example:{}", server.port),
        b"",
    );
    assert_eq!(status, 403);
}

#[test]
fn paths_stay_in_the_site_and_bodies_and_uploads_are_checked() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (tmp, root) = basic_site();
    let secret = tmp.path().join("secret.md");
    std::fs::write(&secret, "---\ntitle: secret\n---\nTOP SECRET\n").unwrap();
    std::os::unix::fs::symlink(&secret, root.join("content/en/blog/linked.md")).unwrap();
    std::os::unix::fs::symlink(tmp.path(), root.join("content/ar/blog/escape")).unwrap();
    let (server, token) = editing(&root);
    for id in [
        "../../secret",
        "..",
        "a/b",
        "%2e%2e%2fsecret",
        "/etc/passwd",
    ] {
        let (status, reply) = call(
            &server,
            &token,
            "GET",
            &format!("entry?collection=posts&id={id}"),
            &Value::Null,
        );
        assert!(matches!(status, 400 | 403 | 404), "{id}: {status} {reply}");
        assert!(!reply.to_string().contains("TOP SECRET"));
    }
    // A post that is a symlink is neither listed, opened nor written through.
    let (_, site) = call(&server, &token, "GET", "site", &Value::Null);
    assert!(
        !site.to_string().contains("linked"),
        "a symlink is not an entry"
    );
    let (status, reply) = call(
        &server,
        &token,
        "GET",
        "entry?collection=posts&id=linked",
        &Value::Null,
    );
    assert_eq!(status, 403, "{reply}");
    assert!(!reply.to_string().contains("TOP SECRET"));
    let save = json!({"collection": "posts", "id": "linked",
        "files": {"en": {"text": "---\ntitle: x\n---\nowned\n", "version": null}}});
    assert_eq!(call(&server, &token, "POST", "save", &save).0, 403);
    assert!(
        std::fs::read_to_string(&secret)
            .unwrap()
            .contains("TOP SECRET")
    );
    // An unknown collection.
    let (status, _) = call(
        &server,
        &token,
        "GET",
        "entry?collection=../x&id=a",
        &Value::Null,
    );
    assert_eq!(status, 404);
    // A body over the cap is refused before it is read.
    let head = format!(
        "POST /_edit/api/save HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Sahel-Edit-Token: {token}\r\nContent-Length: {}",
        server.port,
        64 * 1024 * 1024
    );
    assert_eq!(exchange(server.port, &head, b"{").0, 413);
    // An HTML page named .jpg is refused and not stored; a real JPEG is, under a safe name.
    let media = root.join("content/media");
    let before = crate::common::files_of(&media);
    let html = b"<!doctype html><script>alert(1)</script>";
    let upload = |name: &str, bytes: &[u8]| {
        let head = format!(
            "POST /_edit/api/media?name={name}&ui=en HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nX-Sahel-Edit-Token: {token}\r\nOrigin: http://127.0.0.1:{}\r\nContent-Type: application/octet-stream\r\nContent-Length: {}",
            server.port,
            server.port,
            bytes.len()
        );
        let (status, _, text) = exchange(server.port, &head, bytes);
        (
            status,
            serde_json::from_str::<Value>(&text).unwrap_or(Value::Null),
        )
    };
    let (status, reply) = upload("photo.jpg", html);
    assert_eq!(status, 422, "{reply}");
    assert!(
        reply["message"].as_str().unwrap().contains("JPEG"),
        "{reply}"
    );
    assert_eq!(crate::common::files_of(&media), before, "nothing stored");
    let jpeg = std::fs::read(project().join("tests/fixtures/media/tiny.jpg")).unwrap();
    let (status, reply) = upload("..%2F..%2FMy%20Photo!.JPG", &jpeg);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(reply["src"], "/media/my-photo.jpg");
    assert_eq!(std::fs::read(media.join("my-photo.jpg")).unwrap(), jpeg);
}

#[test]
fn an_edit_is_checked_previewed_saved_atomically_and_re_rendered() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root) = basic_site();
    let (server, token) = editing(&root);
    let (status, entry) = call(
        &server,
        &token,
        "GET",
        "entry?collection=posts&id=first-post",
        &Value::Null,
    );
    assert_eq!(status, 200, "{entry}");
    let en = entry["files"]["en"]["text"].as_str().unwrap().to_string();
    let version = entry["files"]["en"]["version"].clone();
    let ar_file = root.join("content/ar/blog/first-post.md");
    let ar_before = std::fs::read(&ar_file).unwrap();

    // The draft, previewed by the build's renderer before anything is saved.
    let draft = en.replace("Hello **world**", "Hello **editor** from the browser");
    let body =
        json!({"collection": "posts", "id": "first-post", "files": {"en": draft}, "preview": "en"});
    let (status, reply) = call(&server, &token, "POST", "check?ui=en", &body);
    assert_eq!(status, 200);
    assert_eq!(reply["diagnostics"], json!([]), "{reply}");
    let preview = reply["preview"].as_str().unwrap();
    assert!(
        preview.starts_with("/_edit/preview/en/blog/first-post/"),
        "{preview}"
    );
    let (status, html) = get(server.port, preview);
    assert_eq!(status, 200);
    assert!(
        html.contains("Hello <strong>editor</strong> from the browser"),
        "{html}"
    );
    assert!(html.contains("<html lang=\"en\""));
    assert!(
        !get(server.port, "/en/blog/first-post/")
            .1
            .contains("editor"),
        "not saved yet"
    );

    // A blank required title: an error at its line, in the editor's language; no preview.
    let blank = en.replace("title: \"First post\"", "title: \"\"");
    let body =
        json!({"collection": "posts", "id": "first-post", "files": {"en": blank}, "preview": "en"});
    let (_, reply) = call(&server, &token, "POST", "check?ui=ar", &body);
    let d = &reply["diagnostics"][0];
    assert_eq!(d["line"], 2, "{reply}");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["lang"], "en");
    assert!(d["message"].as_str().unwrap().contains("فارغة"), "{d}");
    assert_eq!(reply["preview"], Value::Null);
    let save_blank = json!({"collection": "posts", "id": "first-post", "files": {"en": {"text": blank, "version": version}}});
    let (status, reply) = call(&server, &token, "POST", "save?ui=en", &save_blank);
    assert_eq!(status, 422, "{reply}");
    assert_eq!(
        std::fs::read_to_string(root.join("content/en/blog/first-post.md")).unwrap(),
        en
    );

    // The lint as you type: a stretched word in the Arabic draft, with the fix the editor
    // applies, in characters of the draft.
    let ar = String::from_utf8(ar_before.clone()).unwrap();
    let stretched = format!("{ar}\nخدمة كـــبيرة\n");
    let body = json!({"collection": "posts", "id": "first-post", "files": {"ar": stretched}, "preview": null});
    let (_, reply) = call(&server, &token, "POST", "check?ui=ar", &body);
    let d = reply["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["rule"] == "tatweel")
        .unwrap_or_else(|| panic!("{reply}"));
    assert_eq!(d["severity"], "warning");
    let (from, to) = (
        d["fix"]["from"].as_u64().unwrap() as usize,
        d["fix"]["to"].as_u64().unwrap() as usize,
    );
    let chars: Vec<char> = stretched.chars().collect();
    let applied: String = chars[..from].iter().collect::<String>()
        + d["fix"]["insert"].as_str().unwrap()
        + &chars[to..].iter().collect::<String>();
    assert_eq!(applied, format!("{ar}\nخدمة كبيرة\n"));

    // Saved: the file is exactly the draft, the other language untouched, no temporary file
    // left, and the page re-rendered.
    let save = json!({"collection": "posts", "id": "first-post", "files": {"en": {"text": draft, "version": version}}});
    let (status, reply) = call(&server, &token, "POST", "save?ui=en", &save);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(
        std::fs::read_to_string(root.join("content/en/blog/first-post.md")).unwrap(),
        draft
    );
    assert_eq!(std::fs::read(&ar_file).unwrap(), ar_before);
    let leftovers: Vec<_> = std::fs::read_dir(root.join("content/en/blog"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    assert!(page_shows(
        &server,
        "/en/blog/first-post/",
        "from the browser"
    ));

    // Saving again from the version opened before: the file changed since, so nothing is
    // written and the file as it is now comes back.
    let again = json!({"collection": "posts", "id": "first-post", "files": {"en": {"text": en, "version": version}}});
    let (status, reply) = call(&server, &token, "POST", "save", &again);
    assert_eq!(status, 409);
    assert_eq!(reply["conflicts"]["en"]["text"], json!(draft));
    assert_eq!(
        std::fs::read_to_string(root.join("content/en/blog/first-post.md")).unwrap(),
        draft
    );
}

#[test]
fn a_new_post_is_a_draft_in_every_language_and_a_linked_post_cannot_be_deleted() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (_tmp, root) = basic_site();
    std::fs::write(
        root.join("content/en/pages/about.md"),
        std::fs::read_to_string(root.join("content/en/pages/about.md")).unwrap()
            + "\nSee [the second post](/en/blog/second-post/).\n",
    )
    .unwrap();
    let (server, token) = editing(&root);
    let (status, _) = call(
        &server,
        &token,
        "GET",
        "template?collection=posts&id=Bad_Id",
        &Value::Null,
    );
    assert_eq!(status, 400);
    let (status, _) = call(
        &server,
        &token,
        "GET",
        "template?collection=posts&id=first-post",
        &Value::Null,
    );
    assert_eq!(status, 409, "the address is taken");
    let (status, t) = call(
        &server,
        &token,
        "GET",
        "template?collection=posts&id=visa-news&ui=ar",
        &Value::Null,
    );
    assert_eq!(status, 200, "{t}");
    let mut files = serde_json::Map::new();
    for lang in ["ar", "en"] {
        let text = t["files"][lang]["text"].as_str().unwrap();
        assert!(text.contains("draft: true"), "{text}");
        let text = text
            .replacen("title: \"\"", "title: \"Visa news\"", 1)
            .replacen("author: \"\"", "author: \"Nahj\"", 1);
        files.insert(lang.into(), json!({"text": text, "version": null}));
    }
    let (status, reply) = call(
        &server,
        &token,
        "POST",
        "save",
        &json!({"collection": "posts", "id": "visa-news", "files": files}),
    );
    assert_eq!(status, 200, "{reply}");
    for lang in ["ar", "en"] {
        let written =
            std::fs::read_to_string(root.join(format!("content/{lang}/blog/visa-news.md")))
                .unwrap();
        assert_eq!(written, files[lang]["text"].as_str().unwrap());
    }
    // A published page links to the second post: deleting it is refused, naming the page.
    let (_, entry) = call(
        &server,
        &token,
        "GET",
        "entry?collection=posts&id=second-post",
        &Value::Null,
    );
    let versions =
        json!({"ar": entry["files"]["ar"]["version"], "en": entry["files"]["en"]["version"]});
    let delete = json!({"collection": "posts", "id": "second-post", "versions": versions});
    let (status, reply) = call(&server, &token, "POST", "delete", &delete);
    assert_eq!(status, 409, "{reply}");
    assert!(
        reply["linked_from"]
            .to_string()
            .contains("content/en/pages/about.md"),
        "{reply}"
    );
    assert!(root.join("content/en/blog/second-post.md").is_file());
    // The new post links to nothing: deleted in both languages.
    let (_, entry) = call(
        &server,
        &token,
        "GET",
        "entry?collection=posts&id=visa-news",
        &Value::Null,
    );
    let versions =
        json!({"ar": entry["files"]["ar"]["version"], "en": entry["files"]["en"]["version"]});
    let (status, reply) = call(
        &server,
        &token,
        "POST",
        "delete",
        &json!({"collection": "posts", "id": "visa-news", "versions": versions}),
    );
    assert_eq!(status, 200, "{reply}");
    assert!(!root.join("content/ar/blog/visa-news.md").exists());
    assert!(!root.join("content/en/blog/visa-news.md").exists());
}

/// The issue's own test: every entry of the shipped site opened and saved unchanged leaves
/// `git status` clean.
#[test]
fn opening_and_saving_every_shipped_entry_unchanged_leaves_git_status_clean() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_dir(&project().join("content"), &root.join("content"));
    let config = std::fs::read_to_string(project().join("site.toml")).unwrap();
    std::fs::write(
        root.join("site.toml"),
        format!(
            "{config}\n[paths]\napp = {:?}\ntemplates = {:?}\n",
            project().display().to_string(),
            project().join("templates").display().to_string()
        ),
    )
    .unwrap();
    std::fs::copy(project().join(".gitignore"), root.join(".gitignore")).unwrap();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "the shipped content"]);
    let (server, token) = editing(&root);
    let (_, site) = call(&server, &token, "GET", "site", &Value::Null);
    let mut saved = 0;
    for collection in site["collections"].as_array().unwrap() {
        let name = collection["name"].as_str().unwrap();
        for entry in collection["entries"].as_array().unwrap() {
            let id = entry["id"].as_str().unwrap();
            let (status, e) = call(
                &server,
                &token,
                "GET",
                &format!("entry?collection={name}&id={id}"),
                &Value::Null,
            );
            assert_eq!(status, 200, "{name}/{id}: {e}");
            let mut files = serde_json::Map::new();
            for (lang, f) in e["files"].as_object().unwrap() {
                if !f["text"].is_null() {
                    files.insert(
                        lang.clone(),
                        json!({"text": f["text"], "version": f["version"]}),
                    );
                }
            }
            let body = json!({"collection": name, "id": id, "files": files});
            let (status, reply) = call(&server, &token, "POST", "save", &body);
            assert_eq!(status, 200, "{name}/{id}: {reply}");
            saved += 1;
        }
    }
    assert!(saved >= 20, "{saved} entries");
    assert_eq!(
        git(&root, &["status", "--porcelain"]),
        "",
        "every file as it was"
    );
}

#[test]
fn changes_are_committed_and_published_and_a_refused_push_is_never_forced() {
    let _lock = SERVE_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let (tmp, root) = basic_site();
    let remote = tmp.path().join("remote.git");
    git(
        tmp.path(),
        &[
            "init",
            "-q",
            "--bare",
            "-b",
            "main",
            remote.to_str().unwrap(),
        ],
    );
    git(&root, &["init", "-q", "-b", "main"]);
    git(&root, &["add", "-A"]);
    git(&root, &["commit", "-qm", "start"]);
    git(
        &root,
        &["remote", "add", "origin", remote.to_str().unwrap()],
    );
    git(&root, &["push", "-q", "-u", "origin", "main"]);
    let (server, token) = editing(&root);
    let (_, entry) = call(
        &server,
        &token,
        "GET",
        "entry?collection=faq&id=faq",
        &Value::Null,
    );
    let ar = entry["files"]["ar"]["text"].as_str().unwrap().to_string();
    let changed = ar.replacen("- id:", "# راجعه فريق المحتوى\n- id:", 1);
    let save = json!({"collection": "faq", "id": "faq", "files": {"ar": {"text": changed, "version": entry["files"]["ar"]["version"]}}});
    assert_eq!(call(&server, &token, "POST", "save", &save).0, 200);
    let (status, changes) = call(&server, &token, "GET", "changes", &Value::Null);
    assert_eq!(status, 200, "{changes}");
    assert_eq!(
        changes["files"][0]["path"], "content/ar/faq.yaml",
        "{changes}"
    );
    assert!(
        changes["diff"]
            .as_str()
            .unwrap()
            .contains("+# راجعه فريق المحتوى")
    );
    let commit = json!({"message": "FAQ: a note for the content team", "author": {"name": "Mariam", "email": "mariam@example.com"}});
    let (status, reply) = call(&server, &token, "POST", "commit", &commit);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(
        call(&server, &token, "POST", "publish", &Value::Null).0,
        200
    );
    let log = git(&remote, &["log", "-1", "--format=%an %s"]);
    assert_eq!(log.trim(), "Mariam FAQ: a note for the content team");

    // Someone else pushes first: the push is refused, nothing is forced, and bringing their
    // change in lets it through.
    let other = tmp.path().join("other");
    git(
        tmp.path(),
        &[
            "clone",
            "-q",
            remote.to_str().unwrap(),
            other.to_str().unwrap(),
        ],
    );
    std::fs::write(
        other.join("content/en/faq.yaml"),
        std::fs::read_to_string(other.join("content/en/faq.yaml")).unwrap() + "# theirs\n",
    )
    .unwrap();
    git(&other, &["commit", "-qam", "theirs"]);
    git(&other, &["push", "-q"]);
    let theirs = git(&remote, &["rev-parse", "HEAD"]);
    let (_, entry) = call(
        &server,
        &token,
        "GET",
        "entry?collection=faq&id=faq",
        &Value::Null,
    );
    let en = entry["files"]["en"]["text"].as_str().unwrap().to_string();
    let save = json!({"collection": "faq", "id": "faq", "files": {"en": {"text": format!("# ours\n{en}"), "version": entry["files"]["en"]["version"]}}});
    assert_eq!(call(&server, &token, "POST", "save", &save).0, 200);
    assert_eq!(
        call(
            &server,
            &token,
            "POST",
            "commit",
            &json!({"message": "ours", "author": {"name": "Mariam", "email": "mariam@example.com"}})
        )
        .0,
        200
    );
    let (status, reply) = call(&server, &token, "POST", "publish", &Value::Null);
    assert_eq!(status, 409, "{reply}");
    assert_eq!(reply["refused"], true);
    assert_eq!(git(&remote, &["rev-parse", "HEAD"]), theirs, "never forced");
    let pull = json!({"author": {"name": "Mariam", "email": "mariam@example.com"}});
    let (status, reply) = call(&server, &token, "POST", "pull", &pull);
    assert_eq!(status, 200, "{reply}");
    assert_eq!(
        call(&server, &token, "POST", "publish", &Value::Null).0,
        200
    );
    let both = std::fs::read_to_string(root.join("content/en/faq.yaml")).unwrap();
    assert!(
        both.starts_with("# ours\n") && both.ends_with("# theirs\n"),
        "{both}"
    );
}

/// `build` ships nothing of the editor: no page, route, script or string of it in `dist/`.
#[test]
fn a_build_ships_nothing_of_the_editor() {
    let (_tmp, root) = basic_site();
    let out = sahel_in(&root, &["build", "--quiet"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (path, bytes) in crate::common::files_of(&root.join("dist")) {
        assert!(!path.contains("_edit"), "{path}");
        let text = String::from_utf8_lossy(&bytes);
        for needle in ["/_edit/", "sahel-edit-token", "X-Sahel-Edit-Token"] {
            assert!(!text.contains(needle), "{path} holds {needle}");
        }
    }
}
