#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)] // test code

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use super::*;

/// Each catalogue's messages, by id, with the variables each uses.
fn catalogues() -> BTreeMap<&'static str, BTreeMap<String, BTreeSet<String>>> {
    fn variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_variables(expression, out);
            }
        }
    }
    fn expression_variables(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Select { selector, variants } => {
                inline_variables(selector, out);
                for v in variants {
                    variables(&v.value, out);
                }
            }
            ast::Expression::Inline(i) => inline_variables(i, out),
        }
    }
    fn inline_variables(i: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
        match i {
            ast::InlineExpression::VariableReference { id } => {
                out.insert(id.name.to_string());
            }
            ast::InlineExpression::Placeable { expression } => {
                expression_variables(expression, out)
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_variables(a, out);
                }
                for a in &arguments.named {
                    inline_variables(&a.value, out);
                }
            }
            _ => {}
        }
    }
    let mut out: BTreeMap<&str, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (lang, file, text) in SOURCES {
        let resource = fluent_syntax::parser::parse(*text)
            .unwrap_or_else(|(_, errors)| panic!("src/messages/{lang}/{file}: {errors:?}"));
        let messages = out.entry(lang).or_default();
        for entry in &resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut vars = BTreeSet::new();
                if let Some(p) = &m.value {
                    variables(p, &mut vars);
                }
                let previous = messages.insert(m.id.name.to_string(), vars);
                assert!(
                    previous.is_none(),
                    "{lang}: `{}` is defined twice",
                    m.id.name
                );
            } else if let ast::Entry::Junk { content } = entry {
                panic!("src/messages/{lang}/{file}: cannot read {content:?}");
            }
        }
    }
    out
}

/// Every catalogue holds every message of the reference, with the same variables, and none of
/// its own.
#[test]
fn every_catalogue_has_every_message_with_its_values() {
    let all = catalogues();
    let reference = &all[REFERENCE];
    assert!(all.contains_key("ar"));
    for (lang, messages) in &all {
        for (id, vars) in reference {
            let Some(theirs) = messages.get(id) else {
                panic!("src/messages/{lang}/ lacks `{id}`");
            };
            assert_eq!(theirs, vars, "{lang}: `{id}` uses other values");
        }
        for id in messages.keys() {
            assert!(
                reference.contains_key(id),
                "{lang}: `{id}` is not in src/messages/{REFERENCE}/"
            );
        }
    }
}

/// Every message the code names is in the reference catalogue.
#[test]
fn every_message_the_code_names_exists() {
    let reference = &catalogues()[REFERENCE];
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let named = regex::Regex::new(r#"(?:msg!\(|Msg::new\()\s*"([a-z0-9-]+)""#).unwrap();
    let mut count = 0;
    for entry in walkdir::WalkDir::new(&src).into_iter().flatten() {
        if entry.path().extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text: String = std::fs::read_to_string(entry.path())
            .unwrap()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        for c in named.captures_iter(&text) {
            count += 1;
            assert!(
                reference.contains_key(&c[1]),
                "{}: the message `{}` is not in src/messages/{REFERENCE}/",
                entry.path().display(),
                &c[1]
            );
        }
    }
    assert!(count > 0);
}

#[test]
fn plurals_follow_each_language() {
    let report = |errors: usize, warnings: usize, lang: &str| {
        msg!("report-errors-found", errors = errors, warnings = warnings).render(lang)
    };
    assert_eq!(report(1, 0, "en"), "1 error found; nothing was written.");
    assert_eq!(
        report(2, 1, "en"),
        "2 errors and 1 warning found; nothing was written."
    );
    assert_eq!(report(1, 0, "ar"), "وُجد خطأ واحد؛ ولم يُكتب شيء.");
    assert_eq!(report(2, 2, "ar"), "وُجد خطآن وتنبيهان؛ ولم يُكتب شيء.");
    assert_eq!(
        report(3, 11, "ar"),
        "وُجدت 3 أخطاء و11 تنبيهاً؛ ولم يُكتب شيء."
    );
    assert_eq!(report(100, 0, "ar"), "وُجد 100 خطأ؛ ولم يُكتب شيء.");
    // A language without a catalogue reads English.
    assert_eq!(report(1, 0, "fr"), "1 error found; nothing was written.");
}

#[test]
fn languages_are_named_in_the_readers_language() {
    assert_eq!(language_name("ur", "ar"), "الأردية");
    assert_eq!(language_name("ur-PK", "en"), "Urdu");
    assert_eq!(language_name("xx", "ar"), "xx");
}

#[test]
fn a_locale_picks_its_catalogue() {
    assert_eq!(catalogue_for("ar_AE.UTF-8"), Some("ar"));
    assert_eq!(catalogue_for("en-GB"), Some("en"));
    assert_eq!(catalogue_for("C.UTF-8"), None);
    assert_eq!(catalogue_for(""), None);
}

/// Issue 49: the plural library read Arabic's `few` and `many` from the whole number, so
/// «103 خطأ» for «103 أخطاء»; the catalogue's selectors go through PLURAL, sahel's own rules.
#[test]
fn arabic_plurals_past_a_hundred() {
    let r = |n: usize| msg!("report-errors-found", errors = n, warnings = 0).render("ar");
    assert_eq!(r(103), "وُجدت 103 أخطاء؛ ولم يُكتب شيء.");
    assert_eq!(r(111), "وُجد 111 خطأً؛ ولم يُكتب شيء.");
    assert_eq!(r(200), "وُجد 200 خطأ؛ ولم يُكتب شيء.");
    assert_eq!(r(1002), "وُجد 1002 خطأ؛ ولم يُكتب شيء.");
    assert_eq!(r(1011), "وُجد 1011 خطأً؛ ولم يُكتب شيء.");
    for (n, category) in [
        (0, "zero"),
        (1, "one"),
        (2, "two"),
        (3, "few"),
        (10, "few"),
        (11, "many"),
        (99, "many"),
        (100, "other"),
        (101, "other"),
        (102, "other"),
        (103, "few"),
        (110, "few"),
        (111, "many"),
        (199, "many"),
        (1000, "other"),
    ] {
        assert_eq!(plural_category("ar", f64::from(n)), Some(category), "{n}");
    }
    assert_eq!(plural_category("ar", 1.5), Some("other"));
    assert_eq!(plural_category("en", 3.0), None);
    // Every selector of the Arabic catalogue on a value goes through PLURAL.
    let raw = regex::Regex::new(r"\{ *\$[a-z_]+ *->").unwrap();
    for (lang, file, text) in SOURCES {
        if *lang == "ar" {
            assert!(!raw.is_match(text), "ar/{file}");
        }
    }
}
