//! Facts that Rust and TypeScript share, written by Rust into `tests/contracts/` and read by
//! the app's tests: the path of every kind of route (`paths.test.ts` checks `paths.ts` against
//! it), the icon names content may use (`service-icons.test.ts` checks the app maps each) and
//! the government bodies' ids (`gov-badges.test.tsx` checks each has its names in both
//! languages). A change on the Rust side shows as a diff of the file; run with
//! `SAHEL_UPDATE_CONTRACTS=1` to accept it, then the TypeScript tests say whether the app agrees.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)] // test code

use std::path::Path;

use sahel::content::{GovIcon, Icon};
use sahel::routes::{Route, RouteKind};

fn check_or_update(name: &str, actual: &str) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/contracts")
        .join(name);
    if std::env::var_os("SAHEL_UPDATE_CONTRACTS").is_some() {
        std::fs::write(&file, actual).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        expected == actual,
        "{} is out of date with the Rust side; run `SAHEL_UPDATE_CONTRACTS=1 cargo test --test testsuite contracts::` and check the TypeScript tests.\n--- expected\n{expected}\n--- actual\n{actual}",
        file.display()
    );
}

#[test]
fn paths_of_every_route_kind() {
    let kinds = [
        RouteKind::Home,
        RouteKind::HomeAlias,
        RouteKind::About,
        RouteKind::Services,
        RouteKind::Service("company-formation".into()),
        RouteKind::Pricing,
        RouteKind::Faq,
        RouteKind::Blog,
        RouteKind::BlogPage(2),
        RouteKind::BlogPage(12),
        RouteKind::BlogPost("golden-visa-guide".into()),
        RouteKind::Contact,
        RouteKind::Privacy,
        RouteKind::Terms,
        RouteKind::AssistantChat,
    ];
    let mut entries = Vec::new();
    for &lang in sahel::lang::Languages::builtin().all() {
        for kind in &kinds {
            let route = Route::new(lang, kind.clone());
            let mut entry = serde_json::to_value(kind).unwrap();
            let obj = entry.as_object_mut().unwrap();
            obj.insert("lang".into(), lang.code().into());
            obj.insert("path".into(), route.path.clone().into());
            obj.insert(
                "pageData".into(),
                format!("/{}", route.data_file().unwrap()).into(),
            );
            entries.push(entry);
        }
    }
    let json = serde_json::to_string_pretty(&entries).unwrap() + "\n";
    check_or_update("paths.json", &json);
}

#[test]
fn icon_names() {
    let names = serde_json::to_value(Icon::ALL).unwrap();
    let json = serde_json::to_string_pretty(&names).unwrap() + "\n";
    check_or_update("icons.json", &json);
}

#[test]
fn gov_icon_ids() {
    // Without a wildcard, a new variant fails to compile here until it has a place, and the
    // loop below fails until `GovIcon::ALL` lists it in that place.
    fn place(id: GovIcon) -> usize {
        match id {
            GovIcon::DED => 0,
            GovIcon::MOHRE => 1,
            GovIcon::GDRFA => 2,
            GovIcon::ICP => 3,
            GovIcon::MOFAIC => 4,
            GovIcon::FTA => 5,
            GovIcon::DHA => 6,
            GovIcon::DLD => 7,
            GovIcon::DubaiPolice => 8,
            GovIcon::MOI => 9,
        }
    }
    for (i, id) in GovIcon::ALL.iter().enumerate() {
        assert_eq!(place(*id), i, "GovIcon::ALL[{i}] is {id:?}");
    }
    let ids = serde_json::to_value(GovIcon::ALL).unwrap();
    let json = serde_json::to_string_pretty(&ids).unwrap() + "\n";
    check_or_update("gov-icons.json", &json);
}

/// The assistant's content index of the shipped site, exactly as the build writes it to
/// `dist/<lang>/assistant-index.json` (pretty-printed here, so a content change reads as a diff):
/// the answerer's evaluation (`site/src/shared/site-index/__tests__/eval.test.ts`) runs over it,
/// since Vitest runs before the build.
#[test]
fn assistant_index_of_the_shipped_content() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = sahel::check::load_site(root).unwrap();
    for &lang in sahel::lang::Languages::builtin().all() {
        let json = sahel::assistant::assistant_index_json(&site, lang).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let pretty = serde_json::to_string_pretty(&value).unwrap() + "\n";
        check_or_update(&format!("assistant-index.{}.json", lang.code()), &pretty);
    }
}
