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
