//! A page kind of the site's own, added to a copy of the site and its app as README's "Adding a
//! page" says (`tests/fixtures/team-page/apply.mjs`): the page table's entry and collection,
//! `content/<lang>/team.yaml`, one screen and the strings. Nothing else is edited, and the page
//! is built with its hreflang, sitemap entry, card label and typed data. The browser's side
//! (client navigation to it and back) is `tests/e2e/team-page.spec.ts`.

// Test code: a failed unwrap or index is a failed test, with its message.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

use crate::common::{self, project, read_text as read, sahel_in as sahel};

/// A copy of the shipped site and its app (the files git tracks that a build reads), its
/// `node_modules` a link to this project's.
fn copy_site(to: &Path) {
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(project())
        .output()
        .unwrap();
    assert!(listed.status.success());
    for rel in listed.stdout.split(|b| *b == 0).filter(|r| !r.is_empty()) {
        let rel = std::str::from_utf8(rel).unwrap();
        let wanted = ["content/", "templates/", "site/"]
            .iter()
            .any(|p| rel.starts_with(p))
            || [
                "site.toml",
                "package.json",
                "package-lock.json",
                "tsconfig.json",
            ]
            .contains(&rel);
        if !wanted || !project().join(rel).is_file() {
            continue;
        }
        let dest = to.join(rel);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::copy(project().join(rel), dest).unwrap();
    }
    std::os::unix::fs::symlink(project().join("node_modules"), to.join("node_modules")).unwrap();
}

/// The site's own files (not its dependencies, caches or output), with their bytes.
fn sources(root: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(root)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            !matches!(name.as_ref(), "node_modules" | ".cache" | "dist")
        })
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(root).unwrap();
            (
                rel.to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// What `sahel` printed on stderr, its diagnostics' wrapped lines joined again.
fn stderr_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr)
        .replace("-\n  │ ", "-")
        .replace("/\n  │ ", "/")
        .replace("\n  │ ", " ")
}

fn apply_team_page(root: &Path) {
    let node = project().join("node_modules/.bin/node");
    let out = Command::new(node)
        .arg(project().join("tests/fixtures/team-page/apply.mjs"))
        .arg(root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_team_page_is_its_declaration_its_content_one_screen_and_its_strings() {
    let _lock = common::BUILD_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_site(&root);
    let before = sources(&root);
    apply_team_page(&root);
    let after = sources(&root);
    let mut touched: Vec<&String> = after
        .iter()
        .filter(|(path, bytes)| before.get(*path) != Some(bytes))
        .map(|(path, _)| path)
        .collect();
    touched.sort();
    assert_eq!(
        touched,
        [
            "content/ar/screens.yaml",
            "content/ar/team.yaml",
            "content/en/screens.yaml",
            "content/en/team.yaml",
            "site/src/app/routes/team-screen.tsx",
            "site/src/shared/pages.json",
        ]
    );

    let out = sahel(&root, &["build", "--quiet"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The build wrote the collection's types; the screen reads only declared fields.
    let types = read(root.join("site/src/shared/collections.generated.ts"));
    assert!(types.contains("export interface TeamItem {"), "{types}");
    assert!(
        types.contains("  | { kind: 'team'; items: TeamItem[] }"),
        "{types}"
    );

    let dist = root.join("dist");
    let en = read(dist.join("en/team/index.html"));
    let ar = read(dist.join("ar/team/index.html"));
    assert!(en.contains("<html lang=\"en\" dir=\"ltr\">"));
    assert!(ar.contains("<html lang=\"ar\" dir=\"rtl\">"));
    // The screen rendered the items, on the server.
    assert!(
        en.contains("<h1 class=\"") && en.contains(">Our team</h1>"),
        "{en}"
    );
    assert!(en.contains("Mariam Al Kaabi") && en.contains("Head of PRO services"));
    assert!(ar.contains("مريم الكعبي") && ar.contains(">فريقنا</h1>"));
    // A Latin run in the Arabic text is isolated, as in every other content.
    assert!(ar.contains("\u{2066}FTA\u{2069}"), "{ar}");
    assert!(en.contains("href=\"/en/services/pro-packages/\""));
    for page in [&en, &ar] {
        assert!(page.contains(
            "<link rel=\"alternate\" hreflang=\"ar\" href=\"https://www.nahj-services.ae/ar/team/\">"
        ), "{page}");
        assert!(page.contains(
            "<link rel=\"alternate\" hreflang=\"en\" href=\"https://www.nahj-services.ae/en/team/\">"
        ));
        assert!(page.contains(
            "<link rel=\"alternate\" hreflang=\"x-default\" href=\"https://www.nahj-services.ae/en/team/\">"
        ));
    }
    // The card names the kind with the declared label, not "Page not found".
    assert!(
        en.contains("Nahj Business Services — Team: Our team"),
        "{en}"
    );
    assert!(ar.contains("— الفريق: فريقنا"), "{ar}");
    let data = read(dist.join("en/team/page-data.json"));
    assert!(data.contains("\"kind\":\"team\",\"items\":[{"), "{data}");
    let sitemap = read(dist.join("sitemap.xml"));
    assert!(sitemap.contains("<loc>https://www.nahj-services.ae/en/team/</loc>"));
    assert!(sitemap.contains("<loc>https://www.nahj-services.ae/ar/team/</loc>"));

    // Issue 49: a screen that reads a field the collection does not declare fails `check` and
    // `build` (the native compiler over the screens), at the screen's line, before any bundle;
    // the failed build leaves the generated types as they were.
    let generated = root.join("site/src/shared/collections.generated.ts");
    let types_before = read(generated.clone());
    let screen = root.join("site/src/app/routes/team-screen.tsx");
    let text = read(screen.clone());
    let changed = text.replace("{member.role}", "{member.role} {member.email}");
    std::fs::write(&screen, &changed).unwrap();
    let line = changed[..changed.find("member.email").unwrap()]
        .matches('\n')
        .count()
        + 1;
    for command in ["check", "build"] {
        let out = sahel(&root, &[command]);
        let said = stderr_of(&out);
        assert!(!out.status.success(), "{command}: {said}");
        assert!(
            said.contains(&format!("site/src/app/routes/team-screen.tsx:{line}:"))
                && said.contains("type error: Property 'email' does not exist on type 'TeamItem'"),
            "{command}: {said}"
        );
        assert!(!said.contains("Vite"), "{command}: {said}");
    }
    assert_eq!(read(generated.clone()), types_before);
    std::fs::write(&screen, &text).unwrap();
    // So does one that reads a field sahel's own collections do not declare
    // (src/pages/shipped.json): a service's `content.fees`.
    let service = root.join("site/src/app/routes/service-screen.tsx");
    let service_text = read(service.clone());
    let reading = "  const c = service.content;\n";
    assert!(service_text.contains(reading));
    std::fs::write(
        &service,
        service_text.replace(reading, &format!("{reading}  console.log(c.fees);\n")),
    )
    .unwrap();
    let bad = sahel(&root, &["check"]);
    let said = stderr_of(&bad);
    assert!(!bad.status.success());
    assert!(
        said.contains("site/src/app/routes/service-screen.tsx:")
            && said.contains("Property 'fees' does not exist"),
        "{said}"
    );
    std::fs::write(&service, service_text).unwrap();
    let said = stderr_of(&sahel(&root, &["check"]));
    assert!(!said.contains("type error"), "{said}");

    // Without its screen, the kind is an error naming it; a screen no kind names is one too.
    std::fs::rename(
        &screen,
        root.join("site/src/app/routes/team-screen.tsx.off"),
    )
    .unwrap();
    let out = sahel(&root, &["check"]);
    let said = stderr_of(&out);
    assert!(!out.status.success());
    assert!(said.contains("page kind `team` has no screen"), "{said}");
    std::fs::rename(
        root.join("site/src/app/routes/team-screen.tsx.off"),
        &screen,
    )
    .unwrap();
    std::fs::write(
        root.join("site/src/app/routes/people-screen.tsx"),
        "export function PeopleRoute() {\n  return null;\n}\n",
    )
    .unwrap();
    let out = sahel(&root, &["check"]);
    let said = stderr_of(&out);
    assert!(!out.status.success());
    assert!(
        said.contains("the screen `PeopleRoute` is shown by no page kind"),
        "{said}"
    );
}

#[test]
fn a_collections_bad_item_and_a_missing_file_are_errors_at_their_place() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_site(&root);
    apply_team_page(&root);
    let team = root.join("content/en/team.yaml");
    let text = read(team.clone());
    std::fs::write(
        &team,
        text.replace(
            "  since: 2019-09-15\n",
            "  since: 15/09/2019\n  email: omar@example.com\n  __proto__: {polluted: yes}\n",
        )
        .replace("service: tax-vat-corporate", "service: tax-advice"),
    )
    .unwrap();
    std::fs::remove_file(root.join("content/ar/team.yaml")).unwrap();
    let out = sahel(&root, &["check"]);
    let said = stderr_of(&out);
    assert!(!out.status.success());
    for want in [
        "content/en/team.yaml:8:10",
        "item 2: `since` is `15/09/2019`, not a date written yyyy-mm-dd",
        "item 2 has a field `email` that collection `team` does not declare",
        // Issue 50: a key that reaches an object's prototype is refused like any other.
        "item 2 has a field `__proto__` that collection `team` does not declare",
        "content/ar/team.yaml: the ar content has no team.yaml",
    ] {
        assert!(said.contains(want), "{want}\n{said}");
    }
    // Fixed, the one reference to a service that does not exist is left, at its line.
    std::fs::write(
        &team,
        text.replace("service: tax-vat-corporate", "service: tax-advice"),
    )
    .unwrap();
    std::fs::copy(
        project().join("tests/fixtures/team-page/content/ar/team.yaml"),
        root.join("content/ar/team.yaml"),
    )
    .unwrap();
    let out = sahel(&root, &["check"]);
    let said = stderr_of(&out);
    assert!(!out.status.success());
    assert!(said.contains("content/en/team.yaml:15:3"), "{said}");
    assert!(
        said.contains("`service` is `tax-advice`, which is not a service's id"),
        "{said}"
    );
}

#[test]
fn a_collections_facts_agree_across_languages_and_its_translation_is_tracked() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_site(&root);
    apply_team_page(&root);
    // Freshness: the collection's file is one pair, listed and marked like any other.
    let out = sahel(&root, &["translations"]);
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("team.yaml"), "{table}");
    // Parity: a date that differs, and an item one language lacks.
    let ar = root.join("content/ar/team.yaml");
    let text = read(ar.clone());
    std::fs::write(&ar, text.replace("since: 2019-09-15", "since: 2019-09-16")).unwrap();
    let out = sahel(&root, &["check"]);
    let said = stderr_of(&out);
    assert!(!out.status.success());
    assert!(
        said.contains(
            "item 2: `since` is `2019-09-16` here and `2019-09-15` in content/en/team.yaml"
        ),
        "{said}"
    );
    let cut = text.find("- name: بريا ناير").unwrap();
    std::fs::write(&ar, &text[..cut]).unwrap();
    let out = sahel(&root, &["check"]);
    let said = stderr_of(&out);
    assert!(!out.status.success());
    assert!(
        said.contains("has 2 items and its English counterpart content/en/team.yaml has 3"),
        "{said}"
    );
}

/// A page table that is a link (a pull request pointing it at a file of the build machine) stops
/// the build before anything is bundled, and what it points at is never printed.
#[test]
fn a_page_table_linked_out_of_the_app_stops_the_build_unread() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_site(&root);
    let secret = tmp.path().join("secret.json");
    std::fs::write(&secret, "{ \"pages\": \"DATABASE_PASSWORD=hunter2\" }\n").unwrap();
    let table = root.join("site/src/shared/pages.json");
    std::fs::remove_file(&table).unwrap();
    std::os::unix::fs::symlink(&secret, &table).unwrap();
    for args in [&["build", "--quiet"][..], &["check"][..]] {
        let out = sahel(&root, args);
        let said = format!(
            "{}{}",
            stderr_of(&out),
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(!out.status.success(), "{args:?}");
        assert!(
            said.contains("the page table is a link, so it was not read"),
            "{said}"
        );
        assert!(!said.contains("hunter2"), "{said}");
    }
    assert!(!root.join("dist").exists());
    assert!(
        !root.join(".cache/site/client").exists(),
        "nothing was bundled"
    );
}

/// Issue 49: a contact field whose label is in no language's strings showed its key
/// (`contact.companyName`) to visitors, and the build passed. Every key the app uses is now
/// in every language's strings, or `check` and `build` fail at the place it is used, before
/// any bundle; a missing strings folder is one error naming the folder to add.
#[test]
fn an_interface_string_the_app_uses_is_in_every_language_or_an_error_where_it_is_used() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    copy_site(&root);
    let fields = root.join("site/src/features/contact/fields.ts");
    let text = read(fields.clone());
    let added = text.replace(
        "} as const satisfies FieldList;",
        "  companyName: {\n    column: 'company_name',\n    label: 'companyName',\n    required: false,\n    max: 120,\n    errors: { long: 'companyNameLong' },\n    handoff: 'auto',\n    input: { element: 'input', type: 'text', autoComplete: 'organization' },\n  },\n} as const satisfies FieldList;",
    );
    std::fs::write(&fields, &added).unwrap();
    let line = added[..added.find("label: 'companyName'").unwrap()]
        .matches('\n')
        .count()
        + 1;
    for command in ["check", "build"] {
        let out = sahel(&root, &[command]);
        let said = stderr_of(&out);
        assert!(!out.status.success(), "{command}: {said}");
        for lang in ["Arabic", "English"] {
            assert!(
                said.contains(&format!(
                    "site/src/features/contact/fields.ts:{line}:13: the interface string `contact.companyName` is used here but the {lang} strings do not have it"
                )),
                "{command}: {said}"
            );
        }
        assert!(said.contains("`contact.errors.companyNameLong`"), "{said}");
        assert!(!said.contains("Vite"), "{command}: {said}");
    }
    assert!(!root.join("dist").exists());
    // The strings added in both languages: nothing is missing any more.
    for (lang, label, error) in [
        ("en", "Company", "At most {{count}} characters."),
        ("ar", "اسم الشركة", "بحد أقصى {{count}} حرفاً."),
    ] {
        let file = root.join(format!("site/src/i18n/{lang}/contact.json"));
        let mut json: serde_json::Value = serde_json::from_str(&read(file.clone())).unwrap();
        json["contact"]["companyName"] = label.into();
        json["contact"]["errors"]["companyNameLong"] = error.into();
        std::fs::write(&file, serde_json::to_string_pretty(&json).unwrap()).unwrap();
    }
    let said = stderr_of(&sahel(&root, &["check"]));
    assert!(!said.contains("interface string"), "{said}");

    // A language added without its strings folder: one error naming it, no bundler's trace.
    let config = read(root.join("site.toml"));
    let config = config
        .replace(
            "en = \"Nahj Business Services\" }",
            "en = \"Nahj Business Services\", ur = \"نہج\" }",
        )
        .replace(
            "en = \"Office 1204, Business Bay, Dubai, United Arab Emirates\" }",
            "en = \"Office 1204\", ur = \"دفتر\" }",
        )
        .replace(
            "en = \"Monday to Sunday\" }",
            "en = \"Monday to Sunday\", ur = \"پیر تا اتوار\" }",
        );
    std::fs::write(
        root.join("site.toml"),
        format!("{config}\n[[languages]]\ncode = \"ur\"\nname = \"اردو\"\ndir = \"rtl\"\nlocale = \"ur-PK\"\ndigits = \"arabext\"\ndate_format = \"{{year}}-{{month2}}-{{day2}}\"\nfont = \"vazirmatn\"\ncard_font = \"vazirmatn\"\nog_locale = \"ur_PK\"\nfallback = [\"en\"]\n"),
    )
    .unwrap();
    common::copy_dir(&root.join("content/en"), &root.join("content/ur"));
    for command in ["check", "build"] {
        let out = sahel(&root, &[command]);
        let said = stderr_of(&out);
        assert!(!out.status.success(), "{command}: {said}");
        assert!(
            said.contains(
                "× strings/ur: the Urdu interface strings are missing: strings/ur does not exist"
            ),
            "{command}: {said}"
        );
        assert!(!said.contains("site/src/i18n/ur"), "{command}: {said}");
        assert!(
            !said.contains("UNRESOLVED_IMPORT") && !said.contains("Vite"),
            "{command}: {said}"
        );
    }
}
