//! `new post`: scaffolds a valid post (and its counterpart), and never overwrites one.

// Test code: a failed unwrap or index is a failed test, with its message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)]

use std::path::Path;

fn sahel(root: &Path, args: &[&str]) -> std::process::Output {
    crate::common::sahel_command()
        .args(["new", "post"])
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap()
}

#[test]
fn creates_a_post_and_refuses_to_overwrite_it() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/basic");
    std::fs::copy(fixture.join("site.toml"), root.join("site.toml")).unwrap();

    let out = sahel(
        root,
        &["--lang", "en", "--both", "Golden Visa: the 2026 guide"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let en = root.join("content/en/blog/golden-visa-the-2026-guide.md");
    let ar = root.join("content/ar/blog/golden-visa-the-2026-guide.md");
    let text = std::fs::read_to_string(&en).unwrap();
    assert!(text.contains("title: \"Golden Visa: the 2026 guide\""));
    assert!(text.contains("author: \"Fixture Co\""));
    let post = sahel::content::parse::parse_post("golden-visa-the-2026-guide", &text, &en)
        .expect("the scaffold is a valid post");
    let today = time::OffsetDateTime::now_utc().date();
    assert!((post.date - today).whole_days().abs() <= 1, "dated today");
    assert!(
        std::fs::read_to_string(&ar)
            .unwrap()
            .contains("author: \"شركة الاختبار\"")
    );

    // Again: refused, and the edited file is kept.
    std::fs::write(&en, "edited").unwrap();
    let out = sahel(root, &["--lang", "en", "Golden Visa: the 2026 guide"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&en).unwrap(), "edited");

    // An Arabic title needs a slug.
    let out = sahel(root, &["--lang", "ar", "التأشيرة الذهبية"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--slug"));
    let out = sahel(
        root,
        &[
            "--lang",
            "ar",
            "--slug",
            "golden-visa-ar",
            "التأشيرة الذهبية",
        ],
    );
    assert!(out.status.success());
}

fn run(root: &Path, args: &[&str]) -> std::process::Output {
    crate::common::sahel_command()
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap()
}

/// Issue 49: `new post --both` wrote English placeholders into the Arabic file and titled the
/// English twin "<Arabic title> (en)"; `check` passed and the placeholder became the page's
/// description. A new post is now a draft with placeholders in its own language: `build`
/// leaves it out (a warning names it), and a post published with a placeholder is an error at
/// the placeholder's line.
#[test]
fn a_new_post_is_a_draft_in_its_language_and_never_published_as_a_placeholder() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    crate::common::copy_fixture("basic", &root);
    let out = sahel(
        &root,
        &[
            "--lang",
            "ar",
            "--slug",
            "golden-visa-2027",
            "--both",
            "التأشيرة الذهبية في 2027",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ar_file = root.join("content/ar/blog/golden-visa-2027.md");
    let en_file = root.join("content/en/blog/golden-visa-2027.md");
    let ar = std::fs::read_to_string(&ar_file).unwrap();
    let en = std::fs::read_to_string(&en_file).unwrap();
    assert!(ar.contains("\ndraft: true\n") && en.contains("\ndraft: true\n"));
    assert!(
        ar.contains("اكتب المقال هنا بصيغة Markdown.") && !ar.contains("Write the post"),
        "{ar}"
    );
    assert!(en.contains("Write the post here, in Markdown."), "{en}");
    assert!(en.contains("title: \"التأشيرة الذهبية في 2027\""), "{en}");
    assert!(!en.contains("(en)"), "{en}");

    // `check` passes (drafts are warnings); `build` publishes nothing of the post.
    let checked = run(&root, &["check"]);
    let said = String::from_utf8_lossy(&checked.stderr);
    assert!(checked.status.success(), "{said}");
    assert!(
        said.contains("this post is a draft (`draft: true`)"),
        "{said}"
    );
    let built = run(&root, &["build"]);
    assert!(
        built.status.success(),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let dist = root.join("dist");
    for lang in ["ar", "en"] {
        assert!(!dist.join(format!("{lang}/blog/golden-visa-2027")).exists());
        let list = std::fs::read_to_string(dist.join(format!("{lang}/blog/index.html"))).unwrap();
        assert!(!list.contains("golden-visa-2027"), "{lang}");
    }
    for file in [
        "sitemap.xml",
        "ar/feed.xml",
        "en/feed.xml",
        "ar/assistant-index.json",
    ] {
        if let Ok(text) = std::fs::read_to_string(dist.join(file)) {
            assert!(!text.contains("golden-visa-2027"), "{file}");
        }
    }

    // Published as it was written: the placeholders are errors at their lines.
    std::fs::write(&ar_file, ar.replace("draft: true\n", "")).unwrap();
    std::fs::write(&en_file, en.replace("draft: true\n", "")).unwrap();
    let checked = run(&root, &["check"]);
    let said = String::from_utf8_lossy(&checked.stderr);
    assert_eq!(checked.status.code(), Some(1), "{said}");
    assert!(
        said.contains("content/ar/blog/golden-visa-2027.md:5:")
            && said.contains("the placeholder `جملة أو جملتان"),
        "{said}"
    );
    assert!(
        said.contains("content/en/blog/golden-visa-2027.md:5:"),
        "{said}"
    );
    let built = run(&root, &["build"]);
    assert_eq!(built.status.code(), Some(1));
}
