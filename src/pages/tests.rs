use std::path::Path;

use super::*;

fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn shipped_text() -> String {
    std::fs::read_to_string(project().join(PAGE_TABLE)).unwrap()
}

/// The shipped table with `edit` applied to its JSON.
fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&shipped_text()).unwrap();
    edit(&mut v);
    serde_json::to_string_pretty(&v).unwrap()
}

/// Each problem on a line of its own, as `Diagnostic` displays it (`file:line:col: message
/// (help: ...)`), not wrapped as the terminal report is.
fn plain(d: &Diagnostics) -> String {
    d.0.iter().map(|d| format!("{d}\n")).collect()
}

fn errors(text: &str) -> String {
    plain(&PageTable::parse(text, Path::new("pages.json")).expect_err("the table is refused"))
}

fn team(v: &mut serde_json::Value) {
    v["pages"]["team"] = serde_json::json!({
        "paths": ["team"], "module": "team-screen", "export": "TeamRoute", "collection": "team"
    });
    v["collections"]["team"] = serde_json::json!({
        "file": "team.yaml",
        "fields": {
            "name": { "type": "text", "required": true, "max": 80 },
            "role": { "type": "text" },
            "since": { "type": "date" },
            "level": { "type": "enum", "values": ["lead", "member"] },
            "languages": { "type": "list", "max": 5 },
            "service": { "type": "ref", "to": "services" },
            "years": { "type": "number", "min": 0 },
            "visible": { "type": "boolean" }
        }
    });
}

#[test]
fn the_shipped_table_declares_sahels_kinds_and_nothing_else() {
    let table = PageTable::parse(&shipped_text(), Path::new("pages.json")).unwrap();
    assert_eq!(table, PageTable::built_in());
    let loaded = PageTable::load(project(), project()).unwrap();
    assert_eq!(loaded, table);
}

#[test]
fn a_kind_of_the_sites_own_with_its_collection_is_accepted() {
    let table = PageTable::parse(&edited(team), Path::new("pages.json")).unwrap();
    let own: Vec<&str> = table.own_kinds().map(|(n, _, _)| n).collect();
    assert_eq!(own, ["team"]);
    assert!(table.own("team").is_some());
    assert!(
        table.own("about").is_none(),
        "sahel's kinds are not the site's own"
    );
}

#[test]
fn a_missing_or_moved_kind_of_sahels_is_an_error_naming_it() {
    let text = edited(|v| {
        v["pages"].as_object_mut().unwrap().remove("faq");
    });
    assert!(errors(&text).contains("sahel's page kind `faq` is not declared"));
    let text = edited(|v| v["pages"]["about"]["paths"] = serde_json::json!(["who-we-are"]));
    let e = errors(&text);
    assert!(
        e.contains("the paths of sahel's page kind `about` are [\"about\"]"),
        "{e}"
    );
}

#[test]
fn a_kind_with_no_collection_or_a_shared_path_is_an_error_at_its_entry() {
    let text = edited(|v| {
        team(v);
        v["pages"]["team"]
            .as_object_mut()
            .unwrap()
            .remove("collection");
    });
    let e = errors(&text);
    assert!(
        e.contains("page kind `team` is not one of sahel's and lists no collection"),
        "{e}"
    );
    assert!(
        e.contains("no page kind lists the collection `team`"),
        "{e}"
    );
    let text = edited(|v| {
        team(v);
        v["pages"]["team"]["paths"] = serde_json::json!(["faq"]);
    });
    assert!(errors(&text).contains("page kinds `faq` and `team` share the path `faq`"));
    // Issue 49: a fixed path another kind's pattern matches hid the service `pro-packages`
    // (and the sitemap listed the URL twice); a post, a later blog list page likewise.
    for (path, other, pattern) in [
        ("services/pro-packages", "service", "services/:id"),
        ("blog/team", "blogPost", "blog/:slug"),
        ("blog/page/2", "blog", "blog/page/:page"),
    ] {
        let text = edited(|v| {
            team(v);
            v["pages"]["team"]["paths"] = serde_json::json!([path]);
        });
        let e = errors(&text);
        assert!(
            e.contains(&format!(
                "the path `{path}` of page kind `team` is also a page of kind `{other}` (`{pattern}`)"
            )),
            "{path}: {e}"
        );
    }
    for fine in ["services-team", "about/team", "our/services/x"] {
        let text = edited(|v| {
            team(v);
            v["pages"]["team"]["paths"] = serde_json::json!([fine]);
        });
        assert!(
            PageTable::parse(&text, Path::new("pages.json")).is_ok(),
            "{fine}"
        );
    }
    for reserved in ["constructor", "class", "prototype"] {
        let text = edited(|v| {
            team(v);
            v["collections"]["team"]["fields"][reserved] = serde_json::json!({"type": "text"});
        });
        assert!(
            errors(&text).contains(&format!("`{reserved}`")),
            "{reserved}"
        );
    }
    let text = edited(|v| {
        team(v);
        v["pages"]["team"]["paths"] = serde_json::json!(["team/:id"]);
    });
    assert!(errors(&text).contains("is not a fixed path"));
    let text = edited(|v| {
        team(v);
        v["pages"]["team"]["collection"] = serde_json::json!("staff");
    });
    assert!(
        errors(&text)
            .contains("lists the collection `staff`, which `collections` does not declare")
    );
}

#[test]
fn a_field_declared_wrong_is_an_error_saying_what_is_wrong() {
    for (field, want) in [
        (
            serde_json::json!({"type": "enum"}),
            "an enum lists its `values`",
        ),
        (
            serde_json::json!({"type": "text", "min": 9, "max": 2}),
            "`min` (9) is more than `max` (2)",
        ),
        (
            serde_json::json!({"type": "ref", "to": "people"}),
            "a reference points at `services`",
        ),
        (
            serde_json::json!({"type": "date", "max": 3}),
            "apply to text, number and list fields only",
        ),
        (
            serde_json::json!({"type": "text", "values": ["a"]}),
            "only an enum has `values`",
        ),
        (
            serde_json::json!({"type": "colour"}),
            "unknown variant `colour`",
        ),
        (
            serde_json::json!({"type": "object"}),
            "an object declares its `fields`",
        ),
        (
            serde_json::json!({"type": "text", "of": {"type": "number"}}),
            "only a list has `of`",
        ),
        (
            serde_json::json!({"type": "list", "of": {"type": "list"}}),
            "a list's items are text, numbers, dates, enums, references or objects",
        ),
        (
            serde_json::json!({"type": "list", "of": {"type": "object", "fields": {"x": {"type": "enum"}}}}),
            "its items: `x`: an enum lists its `values`",
        ),
        (
            serde_json::json!({"type": "text", "onlyOne": true}),
            "only a yes-or-no field has `onlyOne`",
        ),
        (
            serde_json::json!({"type": "markdown"}),
            "only a Markdown collection has a `markdown` field",
        ),
        // Issue 50: a nested name was written raw into collections.generated.ts (`x; }
        // export const leak = 1; interface Y { y` closed the interface), and `__proto__`
        // reached the page data.
        (
            serde_json::json!({"type": "object", "fields": {"x: string; }\nexport const leak = 1;\ninterface Y { y": {"type": "text"}}}),
            "is not a name the app can read",
        ),
        (
            serde_json::json!({"type": "object", "fields": {"__proto__": {"type": "text"}}}),
            "the field name `__proto__` is not a name the app can read",
        ),
        (
            serde_json::json!({"type": "list", "of": {"type": "object", "fields": {"constructor": {"type": "number"}}}}),
            "the field name `constructor` is not a name the app can read",
        ),
        (
            serde_json::json!({"type": "object", "fields": {"2x": {"type": "text"}}}),
            "the field name `2x`",
        ),
    ] {
        let text = edited(|v| {
            team(v);
            v["collections"]["team"]["fields"]["odd"] = field.clone();
        });
        let e = errors(&text);
        assert!(e.contains(want), "{field}: {e}");
    }
    let text = edited(|v| {
        team(v);
        v["collections"]["team"]["file"] = serde_json::json!("faq.yaml");
    });
    assert!(errors(&text).contains("is not a file name of its own"));
}

#[test]
fn a_collection_of_the_sites_own_is_a_list_not_named_as_sahels() {
    let text = edited(|v| {
        team(v);
        v["collections"]["team"]["form"] = serde_json::json!("record");
        v["collections"]["team"]["validators"] = serde_json::json!(["noSuch"]);
    });
    let e = errors(&text);
    assert!(
        e.contains("collection `team` is not a plain YAML list"),
        "{e}"
    );
    assert!(
        e.contains("there is no validator `noSuch`; sahel's are fileSlug, timelineDays"),
        "{e}"
    );
    let text = edited(|v| {
        team(v);
        let c = v["collections"]
            .as_object_mut()
            .unwrap()
            .remove("team")
            .unwrap();
        v["collections"]["faq"] = c;
        v["pages"]["team"]["collection"] = serde_json::json!("faq");
    });
    assert!(
        errors(&text).contains("`faq` is one of sahel's own collections"),
        "{}",
        errors(&text)
    );
}

#[test]
fn sahels_own_declaration_is_well_formed() {
    let shipped = super::shipped();
    assert_eq!(shipped.len(), 6, "src/pages/shipped.json parses");
    for (name, c) in shipped {
        assert_eq!(
            super::collection_problems(c),
            Vec::<crate::messages::Msg>::new(),
            "{name}"
        );
        for (field, f) in &c.fields {
            assert_eq!(super::field_problem(f), None, "{name}.{field}");
        }
    }
}

#[test]
fn a_table_that_is_not_json_is_an_error_at_its_line() {
    let e = errors("{\n  \"pages\": {\n    \"home\": [\n}");
    assert!(e.contains("pages.json:4:"), "{e}");
}

/// A temporary app folder with the shipped table (edited) and screen modules.
fn app_with(table: &str, screens: &[(&str, &str)]) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join(SCREENS_DIR);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::create_dir_all(tmp.path().join("site/src/shared")).unwrap();
    std::fs::write(tmp.path().join(PAGE_TABLE), table).unwrap();
    for entry in std::fs::read_dir(project().join(SCREENS_DIR)).unwrap() {
        let entry = entry.unwrap();
        if entry.path().extension().is_some_and(|e| e == "tsx") {
            std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
        }
    }
    for (name, text) in screens {
        std::fs::write(dir.join(name), text).unwrap();
    }
    tmp
}

const TEAM_SCREEN: &str = "export function TeamRoute() {\n  return null;\n}\n";

#[test]
fn a_kind_whose_screen_is_missing_is_an_error_naming_the_kind() {
    let app = app_with(&edited(team), &[]);
    let e = PageTable::load(app.path(), app.path())
        .map(|_| ())
        .map_err(|e| plain(&e))
        .unwrap_err();
    assert!(
        e.contains(
            "page kind `team` has no screen: site/src/app/routes/team-screen.tsx does not exist"
        ),
        "{e}"
    );
    let app = app_with(
        &edited(team),
        &[("team-screen.tsx", "export function TeamPage() {}\n")],
    );
    let e = PageTable::load(app.path(), app.path())
        .map(|_| ())
        .map_err(|e| plain(&e))
        .unwrap_err();
    assert!(e.contains("does not export `TeamRoute`"), "{e}");
    let app = app_with(&edited(team), &[("team-screen.tsx", TEAM_SCREEN)]);
    PageTable::load(app.path(), app.path()).unwrap();
}

#[test]
fn a_screen_no_kind_names_is_an_error_naming_the_screen() {
    let app = app_with(&shipped_text(), &[("team-screen.tsx", TEAM_SCREEN)]);
    let e = PageTable::load(app.path(), app.path())
        .map(|_| ())
        .map_err(|e| plain(&e))
        .unwrap_err();
    assert!(e.contains("site/src/app/routes/team-screen.tsx"), "{e}");
    assert!(
        e.contains("the screen `TeamRoute` is shown by no page kind"),
        "{e}"
    );
    // One more export in an existing module is found too.
    let app = app_with(
        &shipped_text(),
        &[(
            "faq-screen.tsx",
            &format!(
                "{}\nexport const OldFaqRoute = () => null;\n",
                std::fs::read_to_string(project().join(SCREENS_DIR).join("faq-screen.tsx"))
                    .unwrap()
            ),
        )],
    );
    let e = PageTable::load(app.path(), app.path())
        .map(|_| ())
        .map_err(|e| plain(&e))
        .unwrap_err();
    assert!(
        e.contains("the screen `OldFaqRoute` is shown by no page kind"),
        "{e}"
    );
}

#[cfg(unix)]
#[test]
fn a_screen_that_is_a_link_is_not_read() {
    let outside = tempfile::tempdir().unwrap();
    let target = outside.path().join("team-screen.tsx");
    std::fs::write(&target, TEAM_SCREEN).unwrap();
    let app = app_with(&edited(team), &[]);
    std::os::unix::fs::symlink(
        &target,
        app.path().join(SCREENS_DIR).join("team-screen.tsx"),
    )
    .unwrap();
    let e = PageTable::load(app.path(), app.path())
        .map(|_| ())
        .map_err(|e| plain(&e))
        .unwrap_err();
    assert!(e.contains("page kind `team` has no screen"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_page_table_that_is_a_link_is_not_read() {
    let outside = tempfile::tempdir().unwrap();
    let secret = outside.path().join("secret.json");
    std::fs::write(&secret, "{ \"password\": \"hunter2\" }").unwrap();
    let app = app_with(&shipped_text(), &[]);
    std::fs::write(app.path().join("package.json"), "{}").unwrap();
    std::fs::remove_file(app.path().join(PAGE_TABLE)).unwrap();
    std::os::unix::fs::symlink(&secret, app.path().join(PAGE_TABLE)).unwrap();
    let e = PageTable::load(app.path(), app.path())
        .map(|_| ())
        .map_err(|e| plain(&e))
        .unwrap_err();
    assert!(
        e.contains("the page table is a link, so it was not read"),
        "{e}"
    );
    assert!(!e.contains("hunter2"), "{e}");
}

#[test]
fn the_generated_types_follow_the_declaration() {
    let table = PageTable::parse(&edited(team), Path::new("pages.json")).unwrap();
    let ts = typescript::generate(&table);
    for line in [
        "export interface TeamItem {",
        "  name: string;",
        "  role: string | null;",
        "  level: \"lead\" | \"member\" | null;",
        "  languages: string[] | null;",
        "  years: number | null;",
        "  visible: boolean | null;",
        "export type CollectionPageData =\n  | { kind: 'team'; items: TeamItem[] };",
    ] {
        assert!(ts.contains(line), "{line}\n{ts}");
    }
}

#[test]
fn the_shipped_generated_types_are_current() {
    let table = PageTable::parse(&shipped_text(), Path::new("pages.json")).unwrap();
    let shipped = std::fs::read_to_string(project().join(GENERATED_TYPES)).unwrap();
    assert_eq!(
        shipped,
        typescript::generate(&table),
        "run `sahel build` to write {GENERATED_TYPES} again"
    );
}
