//! What `build` may replace and what it must not: the output marker, the site's own folders,
//! `--force`, unique staging names, Ctrl-C, and secret keys that must never be published.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

/// Builds share the app's bundle cache; run them one at a time.
static BUILD_LOCK: Mutex<()> = Mutex::new(());

fn sahel_build(root: &Path, out: &Path, extra: &[&str]) -> Output {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    Command::new(env!("CARGO_BIN_EXE_sahel"))
        .args(["build", "--quiet", "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .args(extra)
        .output()
        .unwrap()
}

fn site(tmp: &Path) -> PathBuf {
    let root = tmp.join("site");
    common::copy_fixture("basic", &root);
    root
}

/// The fixture site copied into `tmp` and built once into `tmp/dist`: (site, output).
fn built_site(tmp: &Path) -> (PathBuf, PathBuf) {
    let root = site(tmp);
    let out = tmp.join("dist");
    let o = sahel_build(&root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    (root, out)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Names in `dir` other than `keep` (staging or backup folders left behind).
fn leftovers(dir: &Path, keep: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !keep.contains(&n.as_str()))
        .collect()
}

#[test]
fn a_folder_sahel_did_not_write_is_not_replaced_without_force() {
    let tmp = tempfile::tempdir().unwrap();
    let root = site(tmp.path());
    let out = tmp.path().join("mine");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("keep.txt"), "my notes").unwrap();

    let o = sahel_build(&root, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("refusing to replace") && err.contains("mine"),
        "{err}"
    );
    assert!(
        err.contains("--force"),
        "the error says how to override: {err}"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("keep.txt")).unwrap(),
        "my notes"
    );
    assert_eq!(
        leftovers(tmp.path(), &["site", "mine"]),
        Vec::<String>::new()
    );

    let o = sahel_build(&root, &out, &["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!out.join("keep.txt").exists());
    assert!(out.join(".sahel-output").is_file() && out.join("en/index.html").is_file());

    // Its own output (marked) is replaced without --force; an empty folder too.
    let o = sahel_build(&root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let empty = tmp.path().join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let o = sahel_build(&root, &empty, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        leftovers(tmp.path(), &["site", "mine", "empty"]),
        Vec::<String>::new(),
        "no staging or backup folder is left behind"
    );
}

#[test]
fn the_site_and_its_folders_are_never_the_output() {
    let tmp = tempfile::tempdir().unwrap();
    let root = site(tmp.path());
    let before = common::files_of(&root);
    for (out, what) in [
        (root.join("content"), "is the content folder"),
        (root.clone(), "is the site folder"),
        (tmp.path().to_path_buf(), "contains the site folder"),
        (root.join("content/../content/"), "is the content folder"),
        (root.join("content/en/.."), "is the content folder"),
    ] {
        // A marker does not make the site's own folders replaceable.
        let _ = std::fs::write(out.join(".sahel-output"), "");
        let o = sahel_build(&root, &out, &[]);
        let _ = std::fs::remove_file(out.join(".sahel-output"));
        assert_eq!(
            o.status.code(),
            Some(1),
            "{}: {}",
            out.display(),
            stderr(&o)
        );
        let err = stderr(&o);
        assert!(err.contains(what), "{}: {err}", out.display());
    }
    assert_eq!(
        common::files_of(&root),
        before,
        "nothing in the site changed"
    );
    // A file is not a folder to replace.
    let file = tmp.path().join("notes.txt");
    std::fs::write(&file, "x").unwrap();
    let o = sahel_build(&root, &file, &[]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("is a file"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}

#[test]
fn two_builds_at_once_into_one_folder_both_finish_cleanly() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let spawn = || {
        Command::new(env!("CARGO_BIN_EXE_sahel"))
            .args(["build", "--quiet", "--jobs", "1", "--root"])
            .arg(&root)
            .arg("--out")
            .arg(&out)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (spawn(), spawn());
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    // Each either succeeds or says another build replaced the folder; neither leaves a mess.
    for o in [&a, &b] {
        assert!(
            o.status.success() || stderr(o).contains("another build"),
            "{}",
            stderr(o)
        );
    }
    assert!(a.status.success() || b.status.success());
    assert!(out.join("en/index.html").is_file() && out.join(".sahel-output").is_file());
    assert_eq!(
        leftovers(tmp.path(), &["site", "dist"]),
        Vec::<String>::new()
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_leaves_the_previous_output_and_no_staging_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();

    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    // Interrupt at several moments: whenever it lands, the output is the old one or the new
    // one, complete, and nothing is left beside it.
    for delay_ms in [150u64, 300, 400, 500, 600, 800, 1000] {
        let before = common::files_of(&out);
        // A changed post, so the build renders rather than reuses everything.
        std::fs::write(&post, format!("{text}\n\nRound {delay_ms}.\n")).unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_sahel"))
            .args(["build", "--quiet", "--root"])
            .arg(&root)
            .arg("--out")
            .arg(&out)
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let status = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let o = child.wait_with_output().unwrap();
        // On a loaded machine the signal may arrive before sahel installed its handler (it has
        // written nothing yet then): killed by SIGINT is fine too.
        use std::os::unix::process::ExitStatusExt;
        assert!(
            o.status.code() == Some(130) || o.status.success() || o.status.signal() == Some(2),
            "{:?} {}",
            o.status,
            stderr(&o)
        );
        if o.status.code() == Some(130) {
            assert!(stderr(&o).contains("interrupted"), "{}", stderr(&o));
            let now = common::files_of(&out);
            assert!(
                now == before || now.contains_key("en/blog/first-post/index.html"),
                "after an interrupt at {delay_ms} ms: {} files in {} (before: {}), beside it: {:?}",
                now.len(),
                out.display(),
                before.len(),
                leftovers(tmp.path(), &["site"])
            );
        }
        assert!(
            out.join("en/blog/first-post/index.html").is_file(),
            "after an interrupt at {delay_ms} ms ({:?}): {} files in the output, beside it: {:?}\n{}",
            o.status,
            common::files_of(&out).len(),
            leftovers(tmp.path(), &["site"]),
            stderr(&o)
        );
        assert_eq!(
            leftovers(tmp.path(), &["site", "dist"]),
            Vec::<String>::new(),
            "after an interrupt at {delay_ms} ms"
        );
    }
}

fn jwt(payload: &str) -> String {
    use base64::Engine;
    let e = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    format!(
        "{}.{}.c2lnbmF0dXJl",
        e.encode(r#"{"alg":"HS256","typ":"JWT"}"#),
        e.encode(payload)
    )
}

#[test]
fn a_secret_key_in_the_config_is_refused_with_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let root = site(tmp.path());
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    let secret = jwt(r#"{"iss":"supabase","role":"service_role"}"#);
    std::fs::write(
        root.join("site.toml"),
        format!("{config}\n[backend]\nurl = \"https://x.supabase.co\"\nanon_key = \"{secret}\"\n"),
    )
    .unwrap();
    let line = std::fs::read_to_string(root.join("site.toml"))
        .unwrap()
        .lines()
        .position(|l| l.starts_with("anon_key"))
        .unwrap()
        + 1;
    let out = tmp.path().join("dist");
    let o = sahel_build(&root, &out, &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains(&format!("site.toml:{line}:1")), "{err}");
    assert!(
        err.contains("secret key") && err.contains("sb_publishable_"),
        "{err}"
    );
    assert!(!out.exists());
    assert!(
        !err.contains(&secret[40..]),
        "the error does not repeat the key's claims"
    );
}

#[test]
fn a_secret_key_in_a_template_of_the_hosts_files_stops_the_build() {
    let tmp = tempfile::tempdir().unwrap();
    let root = site(tmp.path());
    let templates = root.join("templates");
    common::copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("templates"),
        &templates,
    );
    let robots = std::fs::read_to_string(templates.join("robots.txt")).unwrap();
    let key = jwt(r#"{"role":"service_role"}"#);
    std::fs::write(templates.join("robots.txt"), format!("{robots}\n# {key}\n")).unwrap();
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    let config = config
        .lines()
        .map(|l| {
            if l.starts_with("templates = ") {
                "templates = \"templates\""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(root.join("site.toml"), config).unwrap();
    let out = tmp.path().join("dist");
    let o = sahel_build(&root, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    let line = robots.lines().count() + 2;
    assert!(
        err.contains(&format!("robots.txt:{line}: a service_role JWT")),
        "the file written from the template is named, at the key's line: {err}"
    );
    assert!(!out.exists(), "nothing is published");
    assert_eq!(
        leftovers(tmp.path(), &["site"]),
        Vec::<String>::new(),
        "no staging folder is left behind"
    );
}

#[test]
fn a_secret_key_in_content_stops_the_build_before_it_is_published() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    std::fs::write(
        &post,
        format!(
            "{text}\n\nOur key: `{}`\n",
            jwt(r#"{"role":"service_role"}"#)
        ),
    )
    .unwrap();
    let o = sahel_build(&root, &out, &[]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("secret key"), "{err}");
    assert!(
        err.contains("en/blog/first-post/index.html:") && err.contains("service_role JWT"),
        "the error names the page and what was found: {err}"
    );
    // Pages are scanned in memory while they are written: the page's data file, one line of
    // JSON, is named as well, at its line.
    assert!(
        err.contains("en/blog/first-post/page-data.json:1: a service_role JWT"),
        "{err}"
    );
    // So are the files made beside the pages (the feed and the assistant's index carry the
    // post's text), while the pages render.
    for file in ["en/feed.xml", "en/assistant-index.json"] {
        assert!(err.contains(&format!("{file}:")), "{file} is named: {err}");
    }
    assert_eq!(
        common::files_of(&out),
        before,
        "the previous output is unchanged"
    );
    assert_eq!(
        leftovers(tmp.path(), &["site", "dist"]),
        Vec::<String>::new()
    );
}

#[test]
fn a_build_stopped_after_its_pages_rendered_does_not_record_them_as_published() {
    // The render cache's record of a build is made while its pages render; it must be written
    // only once the output is in place, or the next build would take the previous output's
    // pages for this build's.
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let retitled = root.join("content/ar/blog/second-post.md");
    let text = std::fs::read_to_string(&retitled).unwrap();
    let new_title = "المقال الثاني: دليل «التأشيرة الذهبية» ٢٠٢٦";
    std::fs::write(
        &retitled,
        text.replace(
            "title: \"المقال الثاني\"",
            &format!("title: \"{new_title}\""),
        ),
    )
    .unwrap();
    let keyed = root.join("content/en/blog/first-post.md");
    let clean = std::fs::read_to_string(&keyed).unwrap();
    let key = jwt(r#"{"role":"service_role"}"#);
    std::fs::write(&keyed, format!("{clean}\n\nOur key: `{key}`\n")).unwrap();
    let o = sahel_build(&root, &out, &[]);
    assert_eq!(o.status.code(), Some(1), "the secret stops the build");
    let page =
        |out: &Path| std::fs::read_to_string(out.join("ar/blog/second-post/index.html")).unwrap();
    assert!(!page(&out).contains(new_title), "nothing was published");
    // The key goes; the new title stays, so the page must be rendered again.
    std::fs::write(&keyed, clean).unwrap();
    let o = sahel_build(&root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        page(&out).contains(new_title),
        "the retitled post is published with its new title"
    );
}
