//! What `build` may replace and what it must not: the output marker (and a marker copied into
//! another folder), the site's own folders, `--force`, unique staging names, builds at once
//! (the lock) and killed builds' leftovers, Ctrl-C, `serve`'s output, and secret keys that
//! must never be published.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::BUILD_LOCK;

fn sahel_build(root: &Path, out: &Path, extra: &[&str]) -> Output {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    crate::common::sahel_command()
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

/// Names in `dir` other than `keep` (staging or backup folders left behind), the outputs'
/// owner records aside (`.NAME.sahel-owner`: which folder a marker was written for).
fn leftovers(dir: &Path, keep: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !keep.contains(&n.as_str()) && !n.ends_with(".sahel-owner"))
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

/// Every file of a folder, its marker included (`common::files_of` leaves it aside).
fn every_file(dir: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    let mut files = common::files_of(dir);
    if let Ok(marker) = std::fs::read(dir.join(".sahel-output")) {
        files.insert(".sahel-output".into(), marker);
    }
    files
}

/// A `sahel build` of `root` into `out`, started and not waited for.
fn spawn_build(root: &Path, out: &Path, extra: &[&str]) -> std::process::Child {
    crate::common::sahel_command()
        .args(["build", "--jobs", "1", "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .args(extra)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn three_builds_at_once_into_one_folder_all_succeed_and_agree() {
    // Finding 8 of issue 32: one of two builds at once failed in 2 of 3 rounds (`cannot write
    // ./.cache/cards/...png`, or the previous output moved away under it). Builds into one
    // folder now take turns: every build succeeds, and the output is a single build's.
    let tmp = tempfile::tempdir().unwrap();
    let root = site(tmp.path());
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    // Another title gives the post another social card, so every round draws one.
    let edited = format!("{text}\n\nA paragraph added between rounds.\n")
        .replace("title: \"First post\"", "title: \"First post, revised\"");
    assert_ne!(
        edited,
        format!("{text}\n\nA paragraph added between rounds.\n")
    );
    // What a single build of each version of the post gives.
    let mut expected = Vec::new();
    for (n, version) in [&text, &edited].into_iter().enumerate() {
        std::fs::write(&post, version).unwrap();
        let single = tmp.path().join(format!("single-{n}"));
        let o = sahel_build(&root, &single, &[]);
        assert!(o.status.success(), "{}", stderr(&o));
        expected.push(common::files_of(&single));
        std::fs::remove_dir_all(&single).unwrap();
    }
    assert_ne!(expected[0], expected[1]);
    let out = tmp.path().join("dist");
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    for round in 0..10 {
        // The post changes every round, so the builds render and draw, not only reuse.
        std::fs::write(&post, [&text, &edited][round % 2]).unwrap();
        let builds: Vec<_> = (0..3)
            .map(|_| spawn_build(&root, &out, &["--quiet"]))
            .collect();
        for b in builds {
            let o = b.wait_with_output().unwrap();
            assert!(o.status.success(), "round {round}: {}", stderr(&o));
        }
        assert!(
            common::files_of(&out) == expected[round % 2],
            "round {round}: the output is not a single build's"
        );
        assert_eq!(
            leftovers(tmp.path(), &["site", "dist"]),
            Vec::<String>::new(),
            "round {round}"
        );
    }
}

/// A build waits while another holds the lock, and leaves that build's staging folder alone;
/// once the lock is free, a staging folder left behind is no live build's, and goes.
#[test]
fn a_build_waits_for_the_lock_and_removes_only_the_leftovers_of_dead_builds() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = every_file(&out);
    // A live build (this test, holding the lock) with its staging folder.
    let live = tmp.path().join(".dist.tmp-L1ve00");
    std::fs::create_dir_all(live.join("en")).unwrap();
    std::fs::write(live.join("en/index.html"), "half written").unwrap();
    let lock = std::fs::File::open(tmp.path()).unwrap();
    lock.lock().unwrap();
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut waiting = spawn_build(&root, &out, &[]);
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(
        waiting.try_wait().unwrap().is_none(),
        "the build waits for the lock"
    );
    assert!(
        live.join("en/index.html").is_file(),
        "a live build's staging folder is left alone"
    );
    assert_eq!(
        every_file(&out),
        before,
        "the output is untouched meanwhile"
    );
    drop(lock);
    let o = waiting.wait_with_output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("Waiting for another build"),
        "it said why it waited: {}",
        stderr(&o)
    );
    assert_eq!(every_file(&out), before);
    assert_eq!(
        leftovers(tmp.path(), &["site", "dist"]),
        Vec::<String>::new(),
        "the staging folder of a build no longer running is removed"
    );
}

/// The render cache's record of the build into `out` (in the app's `.cache/render/`, named by
/// a hash of the output's absolute path), found through the note that names the output.
fn render_record(out: &Path) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(".cache/render");
    let out = std::path::absolute(out).unwrap();
    std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.extension().is_some_and(|e| e == "output")
                && std::fs::read(p).is_ok_and(|b| b == out.to_string_lossy().as_bytes())
        })
        .map(|note| note.with_extension("json"))
        .expect("the build recorded what it rendered")
}

#[test]
fn a_record_left_by_a_build_killed_after_its_swap_reuses_nothing() {
    // A build killed between swapping its output in and writing its render record leaves the
    // previous build's record beside pages it does not describe: the next build reused them,
    // so a post edited back to its old text stayed published with the killed build's text.
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let expected = common::files_of(&out);
    let record = render_record(&out);
    let before = std::fs::read(&record).unwrap();
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    std::fs::write(&post, format!("{text}\n\nThe killed build's paragraph.\n")).unwrap();
    let o = sahel_build(&root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    // What the kill leaves: the new pages, and the record of the build before.
    std::fs::write(&record, &before).unwrap();
    std::fs::write(&post, &text).unwrap();
    let o = sahel_build(&root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = common::files_of(&out);
    let differing: std::collections::BTreeSet<&String> = got
        .keys()
        .chain(expected.keys())
        .filter(|k| got.get(*k) != expected.get(*k))
        .collect();
    assert!(
        differing.is_empty(),
        "pages the record does not describe were reused: {differing:?}"
    );
}

#[cfg(unix)]
#[test]
fn the_folders_a_killed_build_leaves_are_removed_by_the_next_build() {
    // Finding 8 of issue 32: a `kill -9` left a 152 MB `.NAME.old-*` folder that later builds
    // never removed.
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let expected = common::files_of(&out);
    // What a build killed between its two renames leaves: the previous output moved aside
    // and the new one complete in its staging folder; and one killed while writing.
    let old = tmp.path().join(".dist.old-k9Old1");
    common::copy_dir(&out, &old);
    let staged = tmp.path().join(".dist.tmp-k9Old1");
    common::copy_dir(&out, &staged);
    let partial = tmp.path().join(".dist.tmp-k9Tmp2");
    std::fs::create_dir_all(partial.join("en/blog")).unwrap();
    std::fs::write(partial.join("en/blog/index.html"), "<html>half").unwrap();
    // Folders that merely look alike are someone else's.
    let others = [".dist.tmp-notours", "dist.old-k9Old1", ".dist2.old-k9Old1"];
    for name in others {
        std::fs::create_dir_all(tmp.path().join(name)).unwrap();
    }
    // And a real one: a build killed with SIGKILL while it renders.
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    std::fs::write(&post, format!("{text}\n\nKilled.\n")).unwrap();
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut killed = spawn_build(&root, &out, &["--quiet"]);
    std::thread::sleep(std::time::Duration::from_millis(400));
    let _ = killed.kill();
    let _ = killed.wait();
    std::fs::write(&post, &text).unwrap();
    drop(_guard);

    let o = sahel_build(&root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    let got = common::files_of(&out);
    let differing: std::collections::BTreeSet<&String> = got
        .keys()
        .chain(expected.keys())
        .filter(|k| got.get(*k) != expected.get(*k))
        .collect();
    assert!(
        differing.is_empty(),
        "the output is a full build; these files differ: {differing:?}"
    );
    let mut keep = vec!["site", "dist"];
    keep.extend(others);
    assert_eq!(leftovers(tmp.path(), &keep), Vec::<String>::new());
    for name in others {
        assert!(tmp.path().join(name).is_dir(), "{name} is kept");
    }
}

#[test]
fn a_copied_marker_does_not_make_a_web_root_replaceable() {
    // Finding 5 of issue 32: `rsync -a dist/ www/` into a web root that also holds uploads/ and
    // .well-known/, then `build --out www`, deleted both without --force.
    let tmp = tempfile::tempdir().unwrap();
    let (root, dist) = built_site(tmp.path());
    let www = tmp.path().join("www");
    std::fs::create_dir_all(www.join("uploads/2026")).unwrap();
    std::fs::write(www.join("uploads/2026/contract.pdf"), "%PDF-1.7").unwrap();
    std::fs::create_dir_all(www.join(".well-known/acme-challenge")).unwrap();
    std::fs::write(www.join(".well-known/acme-challenge/token"), "t").unwrap();
    // `cp -a dist/. www/` is what `rsync -a dist/ www/` does here.
    let copied = Command::new("cp")
        .arg("-a")
        .arg(dist.join("."))
        .arg(&www)
        .status()
        .unwrap();
    assert!(copied.success());
    assert!(www.join(".sahel-output").is_file() && www.join("en/index.html").is_file());
    let before = every_file(&www);

    let o = sahel_build(&root, &www, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    for says in [
        "refusing to replace",
        "www",
        "uploads/",
        ".well-known/",
        "written for another folder",
        "--force",
    ] {
        assert!(err.contains(says), "the error says {says:?}: {err}");
    }
    assert!(
        !err.contains("en/") && !err.contains("assets/"),
        "only the entries sahel did not write are named: {err}"
    );
    assert!(every_file(&www) == before, "nothing in www changed");
    assert_eq!(
        leftovers(tmp.path(), &["site", "dist", "www"]),
        Vec::<String>::new()
    );

    // A copy holding nothing else is not sahel's either: the marker was written for dist.
    let copy = tmp.path().join("copy");
    let copied = Command::new("cp")
        .arg("-a")
        .arg(&dist)
        .arg(&copy)
        .status()
        .unwrap();
    assert!(copied.success());
    let o = sahel_build(&root, &copy, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("written for another folder"),
        "{}",
        stderr(&o)
    );

    // In its own folder, a build's marker counts; an entry added by hand does not.
    std::fs::create_dir_all(dist.join("uploads")).unwrap();
    std::fs::write(dist.join("uploads/photo.jpg"), "jpg").unwrap();
    let o = sahel_build(&root, &dist, &[]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("uploads/") && stderr(&o).contains("did not write"),
        "{}",
        stderr(&o)
    );
    assert!(dist.join("uploads/photo.jpg").is_file());
    std::fs::remove_dir_all(dist.join("uploads")).unwrap();
    let o = sahel_build(&root, &dist, &[]);
    assert!(o.status.success(), "{}", stderr(&o));

    // --force replaces it.
    let o = sahel_build(&root, &www, &["--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!www.join("uploads").exists() && !www.join(".well-known").exists());
    assert!(common::files_of(&www) == common::files_of(&dist));
}

#[test]
fn the_marker_publishes_no_path_and_the_hosts_do_not_serve_it() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, out) = built_site(tmp.path());
    // Hosts that publish dotfiles (an S3 or CDN upload of dist/) publish the marker: it holds
    // no path of the machine that built the site.
    let marker = std::fs::read_to_string(out.join(".sahel-output")).unwrap();
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    for path in [tmp.path().to_string_lossy().into_owned(), home] {
        assert!(!marker.contains(&path), "{path} in {marker}");
    }
    assert!(
        !marker.contains(std::env!("CARGO_MANIFEST_DIR")),
        "{marker}"
    );
    assert!(marker.contains("\"written_by\": \"build\""), "{marker}");
    // nginx and Netlify / Cloudflare Pages answer 404 for it.
    let nginx = std::fs::read_to_string(out.join("nginx.conf")).unwrap();
    assert!(
        nginx.contains(
            "location ~ ^/(nginx\\.conf|_headers|_redirects|\\.sahel-output)$ {\n      return 404;"
        ),
        "{nginx}"
    );
    let redirects = std::fs::read_to_string(out.join("_redirects")).unwrap();
    assert!(
        redirects
            .lines()
            .any(|l| l.split_whitespace().collect::<Vec<_>>()
                == ["/.sahel-output", "/ar/404.html", "404!"]),
        "{redirects}"
    );
}

#[cfg(unix)]
#[test]
fn a_build_never_reuses_the_pages_serve_wrote() {
    // Finding 3 of issue 32: `serve --out dist` followed by `build` kept 59 pages that carry
    // the dev client script.
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let dev = "/__sahel/dev.js";
    let with_dev = |out: &Path| -> Vec<String> {
        common::files_of(out)
            .into_iter()
            .filter(|(_, bytes)| String::from_utf8_lossy(bytes).contains(dev))
            .map(|(name, _)| name)
            .collect()
    };
    assert_eq!(with_dev(&out), Vec::<String>::new());

    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut serve = crate::common::sahel_command()
        .args(["serve", "--quiet", "--port", "0", "--root"])
        .arg(&root)
        .arg("--out")
        .arg(&out)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::BufRead;
        let mut lines = std::io::BufReader::new(serve.stdout.take().unwrap()).lines();
        let served = lines.any(|l| l.is_ok_and(|l| l.starts_with("Serving on")));
        assert!(served, "serve started");
    }
    let marker = std::fs::read_to_string(out.join(".sahel-output")).unwrap();
    assert!(marker.contains("\"written_by\": \"serve\""), "{marker}");
    let served_pages = with_dev(&out);
    assert!(
        served_pages.len() > 10,
        "serve wrote its pages: {served_pages:?}"
    );
    // While serve writes into it, the folder is not replaced (serve would go on writing its
    // pages into the new output), even with --force; nor does a second serve write into it.
    let before = every_file(&out);
    for extra in [&[][..], &["--force"][..]] {
        let o = crate::common::sahel_command()
            .args(["build", "--quiet", "--root"])
            .arg(&root)
            .arg("--out")
            .arg(&out)
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(
            stderr(&o).contains("`sahel serve` is writing into it"),
            "{}",
            stderr(&o)
        );
    }
    let o = crate::common::sahel_command()
        .args(["serve", "--quiet", "--port", "0", "--root"])
        .arg(&root)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("another `sahel serve` is writing into"),
        "{}",
        stderr(&o)
    );
    assert!(
        every_file(&out) == before,
        "the folder is as serve wrote it"
    );
    assert_eq!(
        leftovers(tmp.path(), &["site", "dist"]),
        Vec::<String>::new()
    );
    Command::new("kill")
        .args(["-INT", &serve.id().to_string()])
        .status()
        .unwrap();
    let stopped = serve.wait_with_output().unwrap();
    assert!(stopped.status.success(), "{}", stderr(&stopped));
    drop(_guard);

    // The folder serve wrote is sahel's: replaced without --force, and rendered again.
    let o = sahel_build(&root, &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(with_dev(&out), Vec::<String>::new());
    let marker = std::fs::read_to_string(out.join(".sahel-output")).unwrap();
    assert!(marker.contains("\"written_by\": \"build\""), "{marker}");
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
        let child = crate::common::sahel_command()
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

#[test]
fn a_secret_key_in_the_config_is_refused_with_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let root = site(tmp.path());
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    let secret = common::tokens::jwt(r#"{"iss":"supabase","role":"service_role"}"#);
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
    let key = common::tokens::jwt(r#"{"role":"service_role"}"#);
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
    let before = every_file(&out);
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    // The key's first dot escaped as Markdown lets one escape punctuation (`\.`): the scan of
    // the content files (which names the post at its line) does not see the key, the page the
    // post becomes holds it, and the scan of what the build writes stops it.
    let key = common::tokens::jwt(r#"{"role":"service_role"}"#);
    let escaped = key.replacen('.', "\\.", 1);
    std::fs::write(&post, format!("{text}\n\nOur key: {escaped}\n")).unwrap();
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
    assert_eq!(every_file(&out), before, "the previous output is unchanged");
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
    // Written so that only the built page holds the key (see above): the pages render first.
    let key = common::tokens::jwt(r#"{"role":"service_role"}"#);
    std::fs::write(&keyed, format!("{clean}\n\nOur key: &#101;{}\n", &key[1..])).unwrap();
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
