//! Languages as data: a site of three languages (Arabic, English and Farsi, a second
//! right-to-left language in another script variant: the basic fixture plus
//! `tests/fixtures/third-language/`, which holds exactly what adding a language takes), and a
//! fourth language added by the README's steps ("Adding a language").

// Test code: a failed unwrap or index is a failed test, with its message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)]

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::project;

use crate::common::three_languages;

use crate::common::sahel_in as sahel;

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

/// `sahel <args>`, which must fail: its standard error, with the report's wrapping undone
/// (each run of spaces, line breaks and frame characters read as one space).
fn fails(root: &Path, args: &[&str]) -> String {
    let out = sahel(root, args);
    assert!(
        !out.status.success(),
        "sahel {args:?} succeeded:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stderr)
        .unwrap()
        .replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

use crate::common::read_text as read;

/// Every page kind of a language, by path under its prefix.
const PAGES: [&str; 12] = [
    "",
    "about/",
    "services/",
    "services/company-formation/",
    "pricing/",
    "faq/",
    "blog/",
    "blog/first-post/",
    "contact/",
    "privacy/",
    "terms/",
    "assistant-chat/",
];

/// The `hreflang` values of a page's alternate links, and the `x-default` one's address.
fn hreflangs(html: &str) -> (BTreeSet<String>, String) {
    let mut langs = BTreeSet::new();
    let mut x_default = String::new();
    for tag in html.split("<link ").skip(1) {
        let tag = tag.split('>').next().unwrap();
        if !tag.contains("rel=\"alternate\"") || !tag.contains("hreflang=") {
            continue;
        }
        let value = |name: &str| {
            let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
            tag[start..].split('"').next().unwrap().to_string()
        };
        let lang = value("hreflang");
        if lang == "x-default" {
            x_default = value("href");
        }
        langs.insert(lang);
    }
    (langs, x_default)
}

/// Every interface string's key (`contact.fullName`, `nav.home`), from every strings file of
/// every language: none is shown as text, or in an attribute, on any page of `dist` (issue 49:
/// a contact field's missing label showed `contact.companyName`).
fn no_page_shows_a_strings_key(dist: &Path) {
    fn keys(value: &serde_json::Value, prefix: &str, out: &mut BTreeSet<String>) {
        if let serde_json::Value::Object(map) = value {
            for (k, v) in map {
                let path = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                keys(v, &path, out);
            }
        } else {
            let base = ["_zero", "_one", "_two", "_few", "_many", "_other"]
                .iter()
                .find_map(|s| prefix.strip_suffix(s))
                .unwrap_or(prefix);
            out.insert(base.to_string());
        }
    }
    let mut all = BTreeSet::new();
    for dir in [
        project().join("site/src/i18n/en"),
        project().join("site/src/i18n/ar"),
        project().join("tests/fixtures/third-language/strings/fa"),
    ] {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let value: serde_json::Value =
                serde_json::from_str(&read(entry.unwrap().path())).unwrap();
            keys(&value, "", &mut all);
        }
    }
    assert!(
        all.contains("contact.fullName") && all.len() > 200,
        "{}",
        all.len()
    );
    // A key no language has (what the page shows then) looks like one of a known section.
    let sections: BTreeSet<&str> = all.iter().filter_map(|k| k.split('.').next()).collect();
    let looks_like_a_key =
        regex::Regex::new(r#"[>"]([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+)[<"]"#).unwrap();
    let mut pages = 0;
    for (name, bytes) in common::files_of(dist) {
        if !name.ends_with(".html") {
            continue;
        }
        pages += 1;
        let html = String::from_utf8_lossy(&bytes);
        for key in &all {
            for shown in [
                format!(">{key}<"),
                format!("=\"{key}\""),
                format!(">{key} "),
            ] {
                assert!(!html.contains(&shown), "{name} shows the key `{key}`");
            }
        }
        for found in looks_like_a_key.captures_iter(&html) {
            let text = &found[1];
            let section = text.split('.').next().unwrap_or_default();
            assert!(
                !sections.contains(section),
                "{name} shows `{text}`, a key's form"
            );
        }
    }
    assert!(pages >= 45, "{pages} pages");
}

#[test]
fn a_site_of_three_languages_builds_every_page_in_each_with_its_direction_links_and_dates() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    three_languages(&root);
    let checked = ok(&root, &["check"]);
    assert!(
        checked.contains("Persian: 2 posts, 1 services"),
        "{checked}"
    );
    ok(&root, &["build"]);
    let dist = root.join("dist");
    no_page_shows_a_strings_key(&dist);
    let all: BTreeSet<String> = ["ar", "en", "fa", "x-default"].map(String::from).into();
    for (lang, dir, locale, font) in [
        ("ar", "rtl", "ar_AE", "cairo-arabic-400-"),
        ("en", "ltr", "en_AE", "poppins-latin-400-"),
        ("fa", "rtl", "fa_IR", "vazirmatn-arabic-400-"),
    ] {
        for page in PAGES {
            let html = read(dist.join(lang).join(page).join("index.html"));
            let at = format!("/{lang}/{page}");
            assert!(
                html.contains(&format!("<html lang=\"{lang}\" dir=\"{dir}\">")),
                "{at}: {}",
                html.lines().nth(1).unwrap_or_default()
            );
            let (langs, x_default) = hreflangs(&html);
            assert_eq!(langs, all, "{at}");
            assert_eq!(
                x_default,
                format!("https://fixture.example/en/{page}"),
                "{at}"
            );
            assert!(
                html.contains(&format!(
                    "<meta property=\"og:locale\" content=\"{locale}\">"
                )),
                "{at}"
            );
            let alternates = html.matches("og:locale:alternate").count();
            assert_eq!(alternates, 2, "{at}: one per other language");
            // One font file is preloaded: the page's own font, its script's subset, regular.
            let preloads: Vec<&str> = html
                .split("<link rel=\"preload\" href=\"/assets/")
                .skip(1)
                .map(|t| t.split('"').next().unwrap())
                .collect();
            assert!(
                preloads.len() == 1 && preloads.iter().all(|p| p.starts_with(font)),
                "{at}: {preloads:?}"
            );
        }
    }
    // Dates and numbers in each language's own digits and words.
    let fa_blog = read(dist.join("fa/blog/index.html"));
    assert!(fa_blog.contains("۱۰ مارس ۲۰۲۵"), "Farsi date");
    assert!(fa_blog.contains("صفحهٔ ۱ از ۱"), "Farsi page numbers");
    assert!(read(dist.join("en/blog/index.html")).contains("March 10, 2025"));
    assert!(read(dist.join("ar/blog/index.html")).contains("2025-03-10"));
    // A Farsi post's English product name and phone number are isolated.
    let post = read(dist.join("fa/blog/first-post/index.html"));
    assert!(post.contains("<bdi>Golden Visa</bdi>"), "product name");
    assert!(post.contains("<bdi>+971 4 000 0000</bdi>"), "phone number");

    // The sitemap gives every page its three languages and x-default.
    let sitemap = read(dist.join("sitemap.xml"));
    let urls: Vec<&str> = sitemap.split("<url>").skip(1).collect();
    assert_eq!(urls.len(), 3 * 13, "13 pages in each language");
    for url in &urls {
        for lang in &all {
            assert!(url.contains(&format!("hreflang=\"{lang}\"")), "{url}");
        }
    }
    // The hosts' files and the root page know the third language.
    let redirects = read(dist.join("_redirects"));
    assert!(
        redirects.contains("/fa/home/        /fa/          301!"),
        "{redirects}"
    );
    assert!(
        redirects.contains("/fa/*            /fa/404.html  404"),
        "{redirects}"
    );
    assert!(
        redirects.contains("/                /ar/          301"),
        "{redirects}"
    );
    let nginx = read(dist.join("nginx.conf"));
    assert!(nginx.contains("location ~ ^/(ar|en|fa)/home/?$"), "{nginx}");
    assert!(nginx.contains("error_page 404 /fa/404.html;"), "{nginx}");
    let root_page = read(dist.join("index.html"));
    assert!(
        root_page.contains("<a href=\"/fa/\" lang=\"fa\" dir=\"rtl\">فارسی</a>"),
        "{root_page}"
    );
    assert!(read(dist.join("redirect.js")).contains("'/ar/'"));
    // Feeds, the assistant's index and the cards: one per language.
    for lang in ["ar", "en", "fa"] {
        assert!(dist.join(lang).join("feed.xml").is_file(), "{lang} feed");
        assert!(dist.join(lang).join("assistant-index.json").is_file());
    }
    let fa_home = read(dist.join("fa/index.html"));
    let card = fa_home
        .split("<meta property=\"og:image\" content=\"https://fixture.example/")
        .nth(1)
        .map(|rest| rest.split('"').next().unwrap().to_string())
        .expect("the Farsi home page names its card");
    assert!(dist.join(&card).is_file(), "{card}");
    assert!(
        fa_home.contains("صفحهٔ اصلی"),
        "the card's alt names the page kind in Farsi"
    );
}

#[test]
fn parity_and_freshness_cover_every_language() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    three_languages(&root);
    // A post missing in Farsi only.
    std::fs::remove_file(root.join("content/fa/blog/second-post.md")).unwrap();
    let report = fails(&root, &["check"]);
    assert!(
        report.contains(
            "the blog post `second-post` has no Persian version: content/fa/blog/second-post.md is missing"
        ),
        "{report}"
    );
    common::copy_dir(
        &project().join("tests/fixtures/third-language/content/fa/blog"),
        &root.join("content/fa/blog"),
    );
    ok(&root, &["translations", "mark", "--all"]);
    ok(&root, &["check"]);
    // The Arabic source changes: both translations are stale, each reported at its file.
    let source = root.join("content/ar/blog/first-post.md");
    let text = read(source.clone()).replace("مرحبا", "أهلاً");
    std::fs::write(&source, format!("{text}\nفقرة جديدة.\n")).unwrap();
    let report = fails(&root, &["check"]);
    for lang in ["en", "fa"] {
        assert!(
            report.contains(&format!("content/{lang}/blog/first-post.md")),
            "{lang}: {report}"
        );
    }
    assert_eq!(report.matches("may be out of date").count(), 2, "{report}");
    // The Farsi translation is brought up to date and marked: English alone stays stale.
    ok(
        &root,
        &["translations", "mark", "content/fa/blog/first-post.md"],
    );
    let report = fails(&root, &["check"]);
    assert_eq!(report.matches("may be out of date").count(), 1, "{report}");
    assert!(report.contains("content/en/blog/first-post.md"), "{report}");
    // One column per language.
    let table = ok(&root, &["translations"]);
    let header = table.lines().next().unwrap();
    assert!(
        header
            .split_whitespace()
            .eq(["STATE", "UNIT", "FROM", "AR", "EN", "FA"]),
        "{table}"
    );
    let row = table
        .lines()
        .find(|l| l.contains("blog/first-post.md"))
        .unwrap();
    let cells: Vec<&str> = row.split_whitespace().take(7).collect();
    assert_eq!(
        cells,
        [
            "stale",
            "blog/first-post.md",
            "ar",
            "→",
            "en,",
            "fa",
            "source"
        ],
        "{row}"
    );
    assert!(row.contains("source  stale  fresh"), "{row}");
    // Marking English too: the record holds one hash again, as on a two-language site.
    ok(
        &root,
        &["translations", "mark", "content/en/blog/first-post.md"],
    );
    ok(&root, &["check"]);
    let record = read(root.join("content/translations.toml"));
    assert!(!record.contains("translations ="), "{record}");
}

#[test]
fn a_bad_language_table_is_an_error_at_its_place() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    three_languages(&root);
    let config = read(root.join("site.toml"));
    // Issue 49: each at the line of the third entry's key, or of the per-language value that
    // lacks the language (not the first entry's, nor the section's header).
    for (from, to, expected, line_of) in [
        (
            "code = \"fa\"",
            "code = \"../fa\"",
            "is not a language code sahel can use",
            "code = \"../fa\"",
        ),
        (
            "font = \"vazirmatn\"",
            "font = \"comic-sans\"",
            "asks for the page font `comic-sans`, which the app does not ship",
            "font = \"comic-sans\"",
        ),
        (
            "fallback = [\"en\"]\n",
            "fallback = [\"de\"]\n",
            "the fallback `de` of `ar`",
            "fallback = [\"de\"]",
        ),
        (
            ", fa = \"شرکت آزمایشی\"",
            "",
            "`company.name` has no text in `fa`",
            "name = {",
        ),
        (
            "\"دبی\"",
            "\"دبی\", de = \"Dubai\"",
            "`company.address` has a text in `de`",
            "de = \"Dubai\"",
        ),
    ] {
        assert!(config.contains(from), "{from}");
        let changed = config.replacen(from, to, 1);
        std::fs::write(root.join("site.toml"), &changed).unwrap();
        let report = fails(&root, &["check"]);
        assert!(report.contains(expected), "{report}");
        let offset = changed.find(line_of).unwrap();
        let line = changed[..offset].matches('\n').count() + 1;
        let line_start = changed[..offset].rfind('\n').map_or(0, |i| i + 1);
        let column = changed[line_start..offset].chars().count() + 1;
        assert!(
            report.contains(&format!("site.toml:{line}:{column}: ")),
            "{expected}: at line {line}, column {column}: {report}"
        );
    }
    // A language whose content has no screens' strings (sahel has built-in ones for Arabic and
    // English only).
    std::fs::write(root.join("site.toml"), &config).unwrap();
    std::fs::remove_file(root.join("content/fa/screens.yaml")).unwrap();
    let report = fails(&root, &["check"]);
    assert!(
        report.contains("content/fa/screens.yaml") && report.contains("has no screens.yaml"),
        "{report}"
    );
}

/// Every file under `root` but the build's own output and caches, with its bytes.
fn sources(root: &Path) -> std::collections::BTreeMap<String, Vec<u8>> {
    common::files_of(root)
        .into_iter()
        .filter(|(path, _)| !path.starts_with("dist/") && !path.starts_with(".cache/"))
        .collect()
}

#[test]
fn a_fourth_language_by_the_readme_steps_touches_only_its_own_files() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    three_languages(&root);
    let before = sources(&root);

    // 1. The `site.toml` entry (and its texts in the per-language values).
    let mut config = read(root.join("site.toml"));
    for (key, text) in [
        ("fa = \"شرکت آزمایشی\"", "fr = \"Société Test\""),
        ("fa = \"دبی\"", "fr = \"Dubaï\""),
        ("fa = \"دوشنبه تا یکشنبه\"", "fr = \"Du lundi au dimanche\""),
    ] {
        assert!(config.contains(key), "{key}");
        config = config.replacen(key, &format!("{key}, {text}"), 1);
    }
    config.push_str(
        r#"
[[languages]]
code = "fr"
name = "Français <script>alert(1)</script>"
dir = "ltr"
locale = "fr-FR"
digits = "latn"
date_format = "{day} {month_name} {year}"
months = ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"]
font = "poppins"
card_font = "poppins"
og_locale = "fr_FR"
fallback = ["en"]
"#,
    );
    std::fs::write(root.join("site.toml"), config).unwrap();
    // 2. The content folder: a copy of the English one (translated, here in name only), its
    // links to French pages, and the words sahel writes (`labels`, from the shipped site's
    // English screens' strings).
    common::copy_dir(&root.join("content/en"), &root.join("content/fr"));
    for entry in walkdir::WalkDir::new(root.join("content/fr")) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let text = read(entry.path()).replace("/en/", "/fr/");
            std::fs::write(entry.path(), text).unwrap();
        }
    }
    let labels = read(project().join("content/en/screens.yaml"));
    let labels = &labels[labels.find("\nlabels:").unwrap()..];
    let screens = root.join("content/fr/screens.yaml");
    std::fs::write(&screens, format!("{}{labels}", read(&screens))).unwrap();
    // 3. The strings folder: a copy of the app's English strings (translated, here not).
    common::copy_dir(
        &project().join("site/src/i18n/en"),
        &root.join("strings/fr"),
    );
    // 4. `sahel translations` shows what to translate.
    let table = ok(&root, &["translations"]);
    assert!(table.lines().next().unwrap().ends_with("FR"), "{table}");

    let after = sources(&root);
    let touched: Vec<&String> = after
        .iter()
        .filter(|(path, bytes)| before.get(*path) != Some(bytes))
        .map(|(path, _)| path)
        .collect();
    assert!(
        before.keys().all(|p| after.contains_key(p)),
        "nothing removed"
    );
    for path in &touched {
        assert!(
            *path == "site.toml"
                || path.starts_with("content/fr/")
                || path.starts_with("strings/fr/"),
            "{path} is outside site.toml, content/fr/ and strings/fr/"
        );
    }
    assert!(touched.len() > 10, "{touched:?}");

    // Issue 49: a copy of English is neither fresh nor published. Every French unit is
    // unrecorded (never marked), each is reported untranslated, and `check` and `build`
    // refuse the language until someone decides.
    let states = ok(&root, &["translations", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&states).unwrap();
    for pair in json["pairs"].as_array().unwrap() {
        let fr = pair["translations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t[0]["lang"] == "fr")
            .unwrap();
        assert_eq!(fr[1], "unrecorded", "{pair}");
    }
    let report = fails(&root, &["check"]);
    let units = json["pairs"].as_array().unwrap().len();
    assert!(
        report.contains(&format!(
            "French is not translated yet: its {units} texts are the same as the English ones"
        )),
        "{report}"
    );
    assert_eq!(
        report.matches("warning[untranslated]").count(),
        units,
        "{report}"
    );
    assert!(
        report.contains("the French FAQ item `") && report.contains("this French blog post"),
        "{report}"
    );
    let report = fails(&root, &["build"]);
    assert!(report.contains("French is not translated yet"), "{report}");
    assert!(!root.join("dist").exists(), "nothing was published");
    // The decision: published as it is.
    let config = read(root.join("site.toml"));
    std::fs::write(
        root.join("site.toml"),
        format!("{config}\n[lint]\nuntranslated = \"off\"\n"),
    )
    .unwrap();
    ok(&root, &["check"]);
    ok(&root, &["build"]);
    let dist = root.join("dist");
    let home = read(dist.join("fr/index.html"));
    assert!(home.contains("<html lang=\"fr\" dir=\"ltr\">"));
    let (langs, _) = hreflangs(&home);
    assert_eq!(
        langs,
        ["ar", "en", "fa", "fr", "x-default"]
            .map(String::from)
            .into()
    );
    assert!(read(dist.join("fr/blog/index.html")).contains("10 mars 2025"));
    // The language's name is text wherever it is written (it came from the config, as is).
    let root_page = read(dist.join("index.html"));
    assert!(root_page.contains("Français &lt;script&gt;"), "{root_page}");
    for page in ["index.html", "fr/index.html", "ar/index.html"] {
        assert!(
            !read(dist.join(page)).contains("<script>alert(1)"),
            "{page}"
        );
    }
    assert!(read(dist.join("_redirects")).contains("/fr/*            /fr/404.html  404"));
}

#[test]
fn a_new_post_is_made_in_every_language_of_the_table() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    three_languages(&root);
    ok(
        &root,
        &[
            "new",
            "post",
            "--lang",
            "fa",
            "--both",
            "--slug",
            "visa-guide",
            "راهنمای ویزا",
        ],
    );
    for (lang, author) in [
        ("fa", "شرکت آزمایشی"),
        ("ar", "شركة الاختبار"),
        ("en", "Fixture Co"),
    ] {
        let text = read(root.join(format!("content/{lang}/blog/visa-guide.md")));
        // The counterparts keep the title to translate (issue 49: not "<title> (ar)"), as
        // drafts.
        let title = "راهنمای ویزا".to_string();
        assert!(text.contains("\ndraft: true\n"), "{lang}: {text}");
        assert!(
            text.contains(&format!("title: \"{title}\"")),
            "{lang}: {text}"
        );
        assert!(
            text.contains(&format!("author: \"{author}\"")),
            "{lang}: {text}"
        );
    }
    let report = fails(&root, &["new", "post", "--lang", "de", "Titel"]);
    assert!(
        report.contains("--lang `de` is not a language of the site: use one of ar, en, fa"),
        "{report}"
    );
}

#[test]
fn marking_with_a_source_outside_the_table_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    three_languages(&root);
    let report = fails(&root, &["translations", "mark", "--all", "--source", "de"]);
    assert!(
        report.contains("`de` is not a language of the site: use one of ar, en, fa"),
        "{report}"
    );
    assert!(
        !root.join("content/translations.toml").exists(),
        "nothing written"
    );
    ok(&root, &["translations", "mark", "--all", "--source", "fa"]);
    let record = read(root.join("content/translations.toml"));
    assert!(record.contains("source = \"fa\""), "{record}");
}

#[test]
fn a_copy_of_the_site_elsewhere_reuses_its_bundles() {
    // The bundles of a site's own strings are named by the table and the strings' contents, not
    // their folder: each test's temporary copy (or a colleague's checkout) would otherwise run
    // Vite again (11.8 s against 2.1 s for this file's tests).
    let tmp = tempfile::tempdir().unwrap();
    for name in ["first", "second"] {
        let root = tmp.path().join(name);
        three_languages(&root);
        let out = sahel(&root, &["build"]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let log = String::from_utf8_lossy(&out.stderr).into_owned()
            + &String::from_utf8_lossy(&out.stdout);
        if name == "second" {
            assert!(!log.contains("Building the React bundles"), "{log}");
        }
    }
    // A change of a strings file is a change of the bundles.
    let root = tmp.path().join("second");
    let file = root.join("strings/fa/common.json");
    std::fs::write(&file, read(file.clone()).replace("زبان‌ها", "زبان‌های سایت")).unwrap();
    let out = sahel(&root, &["build"]);
    assert!(out.status.success());
    assert!(read(root.join("dist/fa/index.html")).contains("زبان‌های سایت"));
}

#[test]
fn a_strings_folder_or_file_leading_out_of_the_site_is_refused_and_never_published() {
    // A pull request that links a language's strings to a folder elsewhere (or points `[paths]
    // strings` there) would put the build machine's files in the bundle every visitor loads.
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    three_languages(&root);
    let elsewhere = tmp.path().join("elsewhere/fa");
    common::copy_dir(&root.join("strings/fa"), &elsewhere);
    let secret = "TOP-SECRET-FROM-THE-BUILD-MACHINE";
    let common_json = elsewhere.join("common.json");
    std::fs::write(
        &common_json,
        read(common_json.clone()).replacen("زبان‌ها", secret, 1),
    )
    .unwrap();
    let published = |root: &Path| {
        common::files_of(root)
            .into_iter()
            .filter(|(path, _)| path.starts_with("dist/") || path.starts_with(".cache/"))
            .any(|(_, bytes)| String::from_utf8_lossy(&bytes).contains(secret))
    };

    // A language folder that is a link out of the site.
    std::fs::remove_dir_all(root.join("strings/fa")).unwrap();
    std::os::unix::fs::symlink(&elsewhere, root.join("strings/fa")).unwrap();
    for command in ["check", "build"] {
        let report = fails(&root, &[command]);
        assert!(
            report.contains("strings/fa: this strings folder leads out of the site"),
            "{command}: {report}"
        );
    }
    assert!(!published(&root), "the linked strings were not published");

    // `[paths] strings` outside the site.
    std::fs::remove_file(root.join("strings/fa")).unwrap();
    let config = read(root.join("site.toml"));
    std::fs::write(
        root.join("site.toml"),
        config.replace("[paths]\n", "[paths]\nstrings = \"../elsewhere\"\n"),
    )
    .unwrap();
    let report = fails(&root, &["check"]);
    assert!(report.contains("leads out of the site"), "{report}");
    std::fs::write(root.join("site.toml"), &config).unwrap();

    // One file of a real folder that is a link.
    common::copy_dir(
        &project().join("tests/fixtures/third-language/strings/fa"),
        &root.join("strings/fa"),
    );
    std::fs::remove_file(root.join("strings/fa/common.json")).unwrap();
    std::os::unix::fs::symlink(&common_json, root.join("strings/fa/common.json")).unwrap();
    let report = fails(&root, &["build"]);
    assert!(
        report.contains("strings/fa/common.json: this strings file is a link"),
        "{report}"
    );
    assert!(!published(&root), "the linked file was not published");
    // Copied in instead, it builds.
    std::fs::remove_file(root.join("strings/fa/common.json")).unwrap();
    std::fs::copy(
        project().join("tests/fixtures/third-language/strings/fa/common.json"),
        root.join("strings/fa/common.json"),
    )
    .unwrap();
    ok(&root, &["build"]);
}
