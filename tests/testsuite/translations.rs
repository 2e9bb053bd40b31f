//! Translation freshness: `sahel translations` (the table, `--json`, `mark`) and what `sahel
//! check` reports, on copies of the basic fixture, run as the user runs them.

// Test code: a failed unwrap or index is a failed test, with its message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)]

use crate::common::{copy_dir, files_of};
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

/// A copy of tests/fixtures/basic under `tmp/<folder>`.
fn basic_copy(folder: &str) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join(folder);
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/basic"),
        &root,
    );
    (tmp, root)
}

/// Runs `sahel <args>` in the site's folder.
fn sahel(root: &Path, args: &[&str]) -> Output {
    crate::common::sahel_command()
        .args(args)
        .current_dir(root)
        .output()
        .unwrap()
}

/// Runs `sahel <args>`, which must succeed, and returns its standard output.
fn ok(root: &Path, args: &[&str]) -> String {
    let out = sahel(root, args);
    assert!(
        out.status.success(),
        "sahel {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs `sahel <args>`, which must fail with exit code 1, and returns its standard error.
fn fails(root: &Path, args: &[&str]) -> String {
    let out = sahel(root, args);
    assert_eq!(
        out.status.code(),
        Some(1),
        "sahel {args:?} should fail:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stderr).unwrap()
}

fn status_json(root: &Path) -> Value {
    serde_json::from_str(&ok(root, &["translations", "--json"])).unwrap()
}

/// Each pair's key and state.
fn states(root: &Path) -> Vec<(String, String)> {
    status_json(root)["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["key"].as_str().unwrap().to_string(),
                p["state"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// The keys of the pairs not in `state`.
fn not_in(root: &Path, state: &str) -> Vec<(String, String)> {
    states(root)
        .into_iter()
        .filter(|(_, s)| s != state)
        .collect()
}

fn edit(root: &Path, file: &str, from: &str, to: &str) {
    let path = root.join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{file} has no `{from}`");
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// Every pair of the basic fixture, in the order `sahel translations` lists them.
const BASIC_PAIRS: [&str; 13] = [
    "blog/first-post.md",
    "blog/second-post.md",
    "faq.yaml#working-hours",
    "home.yaml",
    "pages/about.md",
    "pages/privacy.md",
    "pages/terms.md",
    "pricing.yaml",
    "pricing.yaml#essential",
    "screens.yaml",
    "service-sections.yaml#business-setup",
    "services/company-formation.yaml",
    "testimonials.yaml#founder",
];

#[test]
fn every_pair_is_unrecorded_until_marked_and_fresh_after() {
    let (_tmp, root) = basic_copy("site");
    let before = states(&root);
    let keys: Vec<&str> = before.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, BASIC_PAIRS);
    assert!(before.iter().all(|(_, s)| s == "unrecorded"), "{before:?}");
    // Nothing recorded: nothing can be stale, and `check` passes as it did before.
    let out = ok(&root, &["check"]);
    assert!(
        out.ends_with(
            ". Translations: English 13 unrecorded. `sahel translations` lists the unrecorded ones.\n"
        ),
        "{out}"
    );

    let out = ok(&root, &["translations", "mark", "--all"]);
    assert!(
        out.ends_with("Marked 13 translation(s) as fresh.\n"),
        "{out}"
    );
    assert!(
        out.contains("fresh  faq.yaml#working-hours (ar → en)\n"),
        "{out}"
    );
    assert_eq!(not_in(&root, "fresh"), vec![]);
    let table = ok(&root, &["translations"]);
    assert!(
        table.ends_with(
            "13 pairs: 13 fresh, 0 stale, 0 missing, 0 unrecorded (record: content/translations.toml).\n"
        ),
        "{table}"
    );
    let out = ok(&root, &["check"]);
    assert!(
        out.ends_with(". Translations: English 13 fresh.\n"),
        "{out}"
    );
}

#[test]
fn marking_writes_the_record_only_and_the_same_bytes_each_time() {
    let (_tmp, root) = basic_copy("site");
    let content_before = files_of(&root.join("content"));
    ok(&root, &["translations", "mark", "--all"]);
    let mut content_after = files_of(&root.join("content"));
    let record = content_after.remove("translations.toml").unwrap();
    assert_eq!(content_after, content_before, "a content file was changed");
    let text = String::from_utf8(record.clone()).unwrap();
    assert!(
        text.starts_with("# What each translation was made from"),
        "{text}"
    );
    assert!(
        text.contains("\n[pairs.\"faq.yaml#working-hours\"]\nsource = \"ar\"\nhash = \""),
        "{text}"
    );
    // Marking again, or one pair alone, writes the same bytes.
    ok(&root, &["translations", "mark", "--all"]);
    ok(&root, &["translations", "mark", "content/en/faq.yaml"]);
    assert_eq!(
        std::fs::read(root.join("content/translations.toml")).unwrap(),
        record
    );
}

#[test]
fn a_source_edit_makes_its_translation_stale_and_check_names_both_files() {
    let (_tmp, root) = basic_copy("site");
    ok(&root, &["translations", "mark", "--all"]);
    edit(
        &root,
        "content/ar/faq.yaml",
        "من 9 صباحاً حتى 8 مساءً",
        "من 8 صباحاً حتى 9 مساءً",
    );
    edit(
        &root,
        "content/ar/blog/first-post.md",
        "مرحباً **بالعالم**.",
        "أهلاً **بالعالم**.",
    );
    // An edit of the translation alone changes nothing.
    edit(&root, "content/en/pages/about.md", "Text of", "The text of");
    assert_eq!(
        not_in(&root, "fresh"),
        vec![
            ("blog/first-post.md".to_string(), "stale".to_string()),
            ("faq.yaml#working-hours".to_string(), "stale".to_string())
        ]
    );
    let report = fails(&root, &["check"]);
    assert_eq!(
        report,
        "  × content/en/blog/first-post.md:1:1: this English blog post may be out of date: its Arabic
  │ source, content/ar/blog/first-post.md, changed after the translation was marked fresh
  help: bring this translation up to date with content/ar/blog/first-post.md, then run `sahel
        translations mark content/en/blog/first-post.md` (run only the command if the change needs
        no translation, such as a typo fix)

  × content/en/faq.yaml:1:7: the English FAQ item `working-hours` may be out of date: its Arabic
  │ source, content/ar/faq.yaml:1:7, changed after the translation was marked fresh
   ╭─[content/en/faq.yaml:1:7]
 1 │ - id: working-hours
   ·       ▲
   ·       ╰── here
 2 │   question: \"When are you open?\"
   ╰────
  help: bring this translation up to date with content/ar/faq.yaml, then run `sahel translations
        mark content/en/faq.yaml#working-hours` (run only the command if the change needs no
        translation, such as a typo fix)

2 errors found; nothing was written.
"
    );
    assert_eq!(
        ok(&root, &["translations"]),
        "\
STATE  PAIR                                  FROM
stale  blog/first-post.md                    ar → en  content/ar/blog/first-post.md changed: update content/en/blog/first-post.md
fresh  blog/second-post.md                   ar → en
stale  faq.yaml#working-hours                ar → en  content/ar/faq.yaml:1:7 changed: update content/en/faq.yaml:1:7
fresh  home.yaml                             ar → en
fresh  pages/about.md                        ar → en
fresh  pages/privacy.md                      ar → en
fresh  pages/terms.md                        ar → en
fresh  pricing.yaml                          ar → en
fresh  pricing.yaml#essential                ar → en
fresh  screens.yaml                          ar → en
fresh  service-sections.yaml#business-setup  ar → en
fresh  services/company-formation.yaml       ar → en
fresh  testimonials.yaml#founder             ar → en
13 pairs: 11 fresh, 2 stale, 0 missing, 0 unrecorded (record: content/translations.toml).
After updating a translation, record it: sahel translations mark <file> (or --all).
"
    );

    // The command the help gives marks that item alone; the source's file marks the post.
    ok(
        &root,
        &["translations", "mark", "content/en/faq.yaml#working-hours"],
    );
    assert_eq!(
        not_in(&root, "fresh"),
        vec![("blog/first-post.md".to_string(), "stale".to_string())]
    );
    let report = fails(&root, &["check"]);
    assert!(
        report.ends_with("1 error found; nothing was written.\n"),
        "{report}"
    );
    ok(
        &root,
        &["translations", "mark", "content/ar/blog/first-post.md"],
    );
    ok(&root, &["check"]);
}

#[test]
fn a_change_of_whitespace_alone_keeps_a_translation_fresh() {
    let (_tmp, root) = basic_copy("site");
    ok(&root, &["translations", "mark", "--all"]);
    let post = "content/ar/blog/first-post.md";
    // A re-wrapped paragraph and a run of spaces.
    edit(&root, post, "**بالعالم**. راجع", "**بالعالم**.\nراجع");
    edit(&root, post, "title: \"المقال", "title:   \"المقال");
    // CRLF line ends and no trailing newline.
    let text = std::fs::read_to_string(root.join(post)).unwrap();
    let crlf = text.trim_end().replace('\n', "\r\n");
    std::fs::write(root.join(post), &crlf).unwrap();
    // YAML: CRLF, a blank line, a re-wrapped quoted value, extra trailing newlines.
    let faq = "content/ar/faq.yaml";
    edit(&root, faq, "حتى 8 مساءً", "حتى\n    8 مساءً");
    let text = std::fs::read_to_string(root.join(faq)).unwrap();
    std::fs::write(
        root.join(faq),
        format!("\n{}\n\n\n", text.replace('\n', "\r\n")),
    )
    .unwrap();
    // A page with a trailing newline added and tabs for spaces.
    edit(&root, "content/ar/pages/about.md", "نص صفحة", "نص\tصفحة");
    std::fs::write(
        root.join("content/ar/pages/about.md"),
        std::fs::read_to_string(root.join("content/ar/pages/about.md")).unwrap() + "\n\n",
    )
    .unwrap();
    assert_eq!(not_in(&root, "fresh"), vec![]);
    ok(&root, &["check"]);

    // Taking a space away joins two words: that is a change.
    std::fs::write(root.join(post), crlf.replacen("مرحباً **", "مرحباً**", 1)).unwrap();
    assert_eq!(
        not_in(&root, "fresh"),
        vec![("blog/first-post.md".to_string(), "stale".to_string())]
    );
}

#[test]
fn a_yaml_comment_quoting_or_key_order_keeps_a_translation_fresh() {
    let (_tmp, root) = basic_copy("site");
    ok(&root, &["translations", "mark", "--all"]);
    std::fs::write(
        root.join("content/ar/faq.yaml"),
        "# ساعات العمل\n- answer: >-\n    من 9 صباحاً حتى 8 مساءً،\n    من الاثنين إلى الأحد.\n  question: ما ساعات العمل؟\n  id: 'working-hours'\n",
    )
    .unwrap();
    edit(
        &root,
        "content/ar/testimonials.yaml",
        "- id: founder",
        "# عميل\n- id: \"founder\"",
    );
    assert_eq!(not_in(&root, "fresh"), vec![]);
    // A changed value in the same file is a change.
    edit(
        &root,
        "content/ar/testimonials.yaml",
        "rating: 5",
        "rating: 4",
    );
    assert_eq!(
        not_in(&root, "fresh"),
        vec![("testimonials.yaml#founder".to_string(), "stale".to_string())]
    );
}

#[test]
fn a_pair_with_one_side_absent_is_missing_and_cannot_be_marked() {
    let (_tmp, root) = basic_copy("site");
    ok(&root, &["translations", "mark", "--all"]);
    std::fs::remove_file(root.join("content/en/blog/second-post.md")).unwrap();
    let json = status_json(&root);
    let pair = json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["key"] == "blog/second-post.md")
        .unwrap();
    assert_eq!(pair["state"], "missing");
    assert_eq!(pair["source"]["exists"], true);
    assert_eq!(pair["translation"]["exists"], false);
    assert_eq!(
        pair["translation"]["file"],
        "content/en/blog/second-post.md"
    );
    assert_eq!(json["counts"]["missing"], 1);
    let table = ok(&root, &["translations"]);
    assert!(
        table.contains(
            "\nmissing  blog/second-post.md                   ar → en  no English version in content/en/blog/second-post.md\n"
        ),
        "{table}"
    );
    // Parity reports it in `check`, in the same run as a stale translation; marking it is
    // refused, and names what is absent.
    edit(&root, "content/ar/blog/first-post.md", "مرحباً", "أهلاً");
    let report = fails(&root, &["check"]);
    assert!(
        report.contains("× content/ar/blog/second-post.md:1:1: the blog post `second-post` has no English version"),
        "{report}"
    );
    assert!(
        report.contains(
            "× content/en/blog/first-post.md:1:1: this English blog post may be out of date"
        ),
        "{report}"
    );
    assert!(
        report.ends_with("\n2 errors found; nothing was written.\n"),
        "{report}"
    );
    ok(
        &root,
        &["translations", "mark", "content/en/blog/first-post.md"],
    );
    let report = fails(
        &root,
        &["translations", "mark", "content/ar/blog/second-post.md"],
    );
    assert!(
        report.contains("× content/en/blog/second-post.md: `blog/second-post.md` has no English version to mark\n"),
        "{report}"
    );
    // `--all` marks what exists and leaves the rest.
    let out = ok(&root, &["translations", "mark", "--all"]);
    assert!(
        out.ends_with("Marked 12 translation(s) as fresh.\n"),
        "{out}"
    );
    // An item only the translation has: its source is missing.
    edit(
        &root,
        "content/en/faq.yaml",
        "- id: working-hours",
        "- id: parking\n  question: \"Is there parking?\"\n  answer: \"Yes.\"\n- id: working-hours",
    );
    let json = status_json(&root);
    let pair = json["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["key"] == "faq.yaml#parking")
        .unwrap();
    assert_eq!(pair["state"], "missing");
    assert_eq!(pair["source"]["exists"], false);
    assert_eq!(pair["translation"]["line"], 1);
    assert_eq!(pair["translation"]["column"], 7);
}

#[test]
fn json_for_ci_has_one_object_per_pair() {
    let (_tmp, root) = basic_copy("site");
    ok(&root, &["translations", "mark", "--all"]);
    edit(
        &root,
        "content/ar/testimonials.yaml",
        "rating: 5",
        "rating: 4",
    );
    let json = status_json(&root);
    let top: Vec<&str> = json
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(top, ["record", "default_source", "counts", "pairs"]);
    assert_eq!(json["record"], "content/translations.toml");
    assert_eq!(json["default_source"], "ar");
    assert_eq!(
        json["counts"],
        serde_json::json!({"fresh": 12, "stale": 1, "missing": 0, "unrecorded": 0})
    );
    let pairs = json["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 13);
    for p in pairs {
        let keys: Vec<&str> = p.as_object().unwrap().keys().map(String::as_str).collect();
        assert_eq!(
            keys,
            [
                "key",
                "kind",
                "state",
                "source",
                "translation",
                "translations",
                "recorded_hash",
                "source_hash"
            ],
            "{p}"
        );
        for (side, lang) in [("source", "ar"), ("translation", "en")] {
            let s = &p[side];
            assert_eq!(s["lang"], lang);
            assert_eq!(s["exists"], true);
            let file = s["file"].as_str().unwrap();
            let key = p["key"].as_str().unwrap();
            let key_file = key.split('#').next().unwrap();
            assert_eq!(file, format!("content/{lang}/{key_file}"));
            // Items carry the line and column of their id; files none.
            assert_eq!(s["line"].is_u64(), key.contains('#'), "{p}");
        }
        let hash = p["source_hash"].as_str().unwrap();
        assert!(hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()));
        let fresh = p["recorded_hash"] == p["source_hash"];
        assert_eq!(fresh, p["state"] == "fresh", "{p}");
    }
    let stale: Vec<&Value> = pairs.iter().filter(|p| p["state"] == "stale").collect();
    assert_eq!(stale.len(), 1);
    assert_eq!(stale[0]["key"], "testimonials.yaml#founder");
    assert_eq!(stale[0]["kind"], "testimonial");
}

#[test]
fn arabic_ids_and_a_folder_with_an_arabic_name() {
    let (_tmp, root) = basic_copy("موقع الاختبار");
    for lang in ["ar", "en"] {
        edit(
            &root,
            &format!("content/{lang}/faq.yaml"),
            "id: working-hours",
            "id: ساعات-العمل",
        );
    }
    ok(&root, &["translations", "mark", "--all"]);
    edit(
        &root,
        "content/ar/faq.yaml",
        "ما ساعات العمل؟",
        "متى تفتحون؟",
    );
    edit(
        &root,
        "content/ar/blog/second-post.md",
        "title: \"",
        "title: \"جديد: ",
    );
    let report = fails(&root, &["check"]);
    assert!(
        report.contains(
            "  × content/en/faq.yaml:1:7: the English FAQ item `ساعات-العمل` may be out of date: its Arabic\n  │ source, content/ar/faq.yaml:1:7, changed after the translation was marked fresh\n"
        ),
        "{report}"
    );
    assert!(
        report.contains("mark content/en/faq.yaml#ساعات-العمل` (run only"),
        "{report}"
    );
    let table = ok(&root, &["translations"]);
    assert!(table.contains("\nstale  faq.yaml#ساعات-العمل "), "{table}");
    // The command the report gives, as a person would paste it.
    ok(
        &root,
        &["translations", "mark", "content/en/faq.yaml#ساعات-العمل"],
    );
    ok(
        &root,
        &["translations", "mark", "content/en/blog/second-post.md"],
    );
    assert_eq!(not_in(&root, "fresh"), vec![]);
    let record = std::fs::read_to_string(root.join("content/translations.toml")).unwrap();
    assert!(
        record.contains("[pairs.\"faq.yaml#ساعات-العمل\"]"),
        "{record}"
    );
    ok(&root, &["check"]);
}

#[test]
fn a_pair_translated_the_other_way_records_its_source() {
    let (_tmp, root) = basic_copy("site");
    ok(&root, &["translations", "mark", "--all"]);
    // This post was written in English and translated into Arabic.
    let out = ok(
        &root,
        &[
            "translations",
            "mark",
            "--source",
            "en",
            "content/ar/blog/second-post.md",
        ],
    );
    assert_eq!(
        out,
        "fresh  blog/second-post.md (en → ar)\nMarked 1 translation(s) as fresh.\n"
    );
    edit(
        &root,
        "content/ar/blog/second-post.md",
        "title: \"",
        "title: \"x",
    );
    assert_eq!(not_in(&root, "fresh"), vec![]);
    edit(
        &root,
        "content/en/blog/second-post.md",
        "title: \"",
        "title: \"x",
    );
    assert_eq!(
        not_in(&root, "fresh"),
        vec![("blog/second-post.md".to_string(), "stale".to_string())]
    );
    let report = fails(&root, &["check"]);
    assert!(
        report.contains("× content/ar/blog/second-post.md:1:1: this Arabic blog post may be out of date: its English"),
        "{report}"
    );
    // `--all` keeps each pair's source.
    ok(&root, &["translations", "mark", "--all"]);
    let record = std::fs::read_to_string(root.join("content/translations.toml")).unwrap();
    assert!(
        record.contains("[pairs.\"blog/second-post.md\"]\nsource = \"en\"\n"),
        "{record}"
    );
    assert!(
        record.contains("[pairs.\"blog/first-post.md\"]\nsource = \"ar\"\n"),
        "{record}"
    );
}

#[test]
fn the_site_wide_source_language_comes_from_site_toml() {
    let (_tmp, root) = basic_copy("site");
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    std::fs::write(
        root.join("site.toml"),
        format!("{config}\n[translations]\nsource = \"en\"\n"),
    )
    .unwrap();
    let json = status_json(&root);
    assert_eq!(json["default_source"], "en");
    assert!(
        json["pairs"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["source"]["lang"] == "en" && p["translation"]["lang"] == "ar")
    );
    std::fs::write(
        root.join("site.toml"),
        format!("{config}\n[translations]\nsource = \"fr\"\n"),
    )
    .unwrap();
    let report = fails(&root, &["translations"]);
    assert!(report.contains("site.toml:"), "{report}");
    assert!(
        report.contains("translations.source `fr` is not a language of the site (ar, en)"),
        "{report}"
    );
}

#[test]
fn a_damaged_record_or_an_unknown_target_is_reported() {
    let (_tmp, root) = basic_copy("site");
    ok(&root, &["translations", "mark", "--all"]);
    let record = root.join("content/translations.toml");
    let text = std::fs::read_to_string(&record).unwrap();
    std::fs::write(
        &record,
        text.replacen("source = \"ar\"", "sourse = \"ar\"", 1),
    )
    .unwrap();
    let report = fails(&root, &["check"]);
    assert!(
        report.contains("× content/translations.toml:8:1: unknown field `sourse`"),
        "{report}"
    );
    assert!(report.contains("sahel translations mark --all"), "{report}");

    let bad_hash = text.replacen("hash = \"", "hash = \"zz", 1);
    std::fs::write(&record, &bad_hash).unwrap();
    let report = fails(&root, &["translations"]);
    assert!(
        report.contains(
            "× content/translations.toml:9:9: the hash recorded for `blog/first-post.md` is not"
        ),
        "{report}"
    );
    assert!(
        report.contains("help: mark the pair again: sahel translations mark blog/first-post.md\n"),
        "{report}"
    );

    std::fs::write(&record, &text).unwrap();
    let report = fails(
        &root,
        &["translations", "mark", "content/en/blog/no-such-post.md"],
    );
    assert!(
        report.contains("content/en/blog/no-such-post.md: no translated file or item by this name"),
        "{report}"
    );
    let out = sahel(&root, &["translations", "mark"]);
    assert_eq!(out.status.code(), Some(2), "a target or --all is required");
    // Nothing was written by the failed commands.
    assert_eq!(std::fs::read_to_string(&record).unwrap(), text);
}

#[test]
fn the_shipped_content_is_all_fresh() {
    let source = sahel::pipeline::Source {
        root: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
        config: None,
        base_url: None,
    };
    let status = source.translations_status().unwrap();
    let not_fresh: Vec<String> = status
        .pairs
        .iter()
        .filter(|p| p.state != sahel::translations::State::Fresh)
        .map(|p| format!("{} is {}", p.key, p.state.name()))
        .collect();
    assert!(
        not_fresh.is_empty(),
        "after updating the translations, run `cargo run -- translations mark <file>` (or --all): {not_fresh:?}"
    );
    assert!(status.pairs.len() >= 50, "{}", status.pairs.len());
}
