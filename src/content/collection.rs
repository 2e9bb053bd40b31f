//! A collection of the site's own (`content/<lang>/team.yaml`): a YAML list whose items the
//! page table declares field by field ([`crate::pages::Collection`]). Every problem of every
//! item is reported at its line, with what the declaration expects; an item comes out with
//! every declared field, null where an optional one is not given, so the page data has the
//! shape the generated TypeScript types say.

use std::path::Path;

use serde_json::{Map, Value};

use super::yaml::parse_yaml;
use crate::diagnostics::{Diagnostic, Diagnostics, line_col};
use crate::pages::{Collection, Field, FieldType};

/// Parses and checks one language's file of collection `name`.
pub fn parse_collection(
    name: &str,
    collection: &Collection,
    text: &str,
    file: &Path,
) -> Result<Vec<Value>, Diagnostics> {
    let items: Vec<Map<String, Value>> = parse_yaml(text, file, 0, text).map_err(|d| {
        Diagnostics::from(d.help(format!(
            "{} is a list of items, one `- ` per item, each with the fields of collection `{name}`: {}",
            collection.file,
            collection.fields.keys().cloned().collect::<Vec<_>>().join(", ")
        )))
    })?;
    let starts = item_starts(text);
    let mut errors = Diagnostics::default();
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.into_iter().enumerate() {
        let start = starts.get(i).copied().unwrap_or(0);
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        let at = |key: Option<&str>| {
            let offset = key
                .and_then(|k| find_key(text.get(start..end).unwrap_or(""), k))
                .map_or(start, |o| start + o);
            line_col(text, offset)
        };
        let mut push = |key: Option<&str>, message: String, help: String| {
            let (line, col) = at(key);
            errors.push(
                Diagnostic::new(file, message)
                    .with_source(text)
                    .at(line, col)
                    .help(help),
            );
        };
        for key in item.keys() {
            if !collection.fields.contains_key(key) {
                push(
                    Some(key),
                    format!(
                        "item {} has a field `{key}` that collection `{name}` does not declare",
                        i + 1
                    ),
                    format!(
                        "its fields are {}; declare `{key}` in the page table or remove it",
                        collection
                            .fields
                            .keys()
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
            }
        }
        let mut clean = Map::new();
        for (field, decl) in &collection.fields {
            let value = item.get(field).cloned().unwrap_or(Value::Null);
            if value.is_null() {
                if decl.required {
                    push(
                        None,
                        format!(
                            "item {} has no `{field}`, which collection `{name}` requires",
                            i + 1
                        ),
                        format!("add `{field}:` ({}) to the item", describe(decl)),
                    );
                }
                clean.insert(field.clone(), Value::Null);
                continue;
            }
            match check_value(decl, &value) {
                Ok(v) => {
                    clean.insert(field.clone(), v);
                }
                Err(problem) => {
                    push(
                        Some(field),
                        format!("item {}: `{field}` {problem}", i + 1),
                        format!("`{field}` is {}", describe(decl)),
                    );
                    clean.insert(field.clone(), Value::Null);
                }
            }
        }
        out.push(Value::Object(clean));
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(errors)
    }
}

/// A field's declaration in words, for the help line.
fn describe(f: &Field) -> String {
    let bounds = |unit: &str| match (f.min, f.max) {
        (Some(a), Some(b)) => format!(", {a} to {b}{unit}"),
        (Some(a), None) => format!(", at least {a}{unit}"),
        (None, Some(b)) => format!(", at most {b}{unit}"),
        (None, None) => String::new(),
    };
    match f.kind {
        FieldType::Text => format!("text{}", bounds(" characters")),
        FieldType::Number => format!("a number{}", bounds("")),
        FieldType::Boolean => "true or false".into(),
        FieldType::Date => "a date, yyyy-mm-dd".into(),
        FieldType::List => format!("a list of texts{}", bounds(" items")),
        FieldType::Enum => format!("one of {}", f.values.join(", ")),
        FieldType::Ref => format!(
            "the id of one of the {}",
            f.to.as_deref().unwrap_or("items")
        ),
    }
}

/// The value as the page data carries it, or what is wrong with it.
fn check_value(f: &Field, value: &Value) -> Result<Value, String> {
    let in_bounds = |n: f64, what: &str| -> Result<(), String> {
        match (f.min, f.max) {
            (Some(min), _) if n < min => Err(format!("{what} {n}, less than {min}")),
            (_, Some(max)) if n > max => Err(format!("{what} {n}, more than {max}")),
            _ => Ok(()),
        }
    };
    let text = |v: &Value| -> Result<String, String> {
        match v {
            Value::String(s) => {
                if let Some(c) = s.chars().find(|c| crate::text::is_unrenderable(*c)) {
                    Err(format!(
                        "holds the character U+{:04X}, which no page can show",
                        u32::from(c)
                    ))
                } else {
                    Ok(s.clone())
                }
            }
            Value::Number(n) => Ok(n.to_string()),
            _ => Err("is not text".into()),
        }
    };
    match f.kind {
        FieldType::Text => {
            let s = text(value)?;
            in_bounds(s.chars().count() as f64, "has a length of")?;
            Ok(Value::String(s))
        }
        FieldType::Number => {
            let n = value.as_f64().ok_or("is not a number")?;
            in_bounds(n, "is")?;
            Ok(value.clone())
        }
        FieldType::Boolean => value
            .as_bool()
            .map(Value::Bool)
            .ok_or_else(|| "is not true or false".into()),
        FieldType::Date => {
            let s = text(value)?;
            if s.trim() != s || super::parse::parse_date(&s).is_none() {
                return Err(format!("is `{s}`, not a date written yyyy-mm-dd"));
            }
            Ok(Value::String(s))
        }
        FieldType::List => {
            let list = value.as_array().ok_or("is not a list")?;
            in_bounds(list.len() as f64, "has a count of")?;
            list.iter()
                .map(|v| text(v).map(Value::String))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::Array)
                .map_err(|e| format!("has an item that {e}"))
        }
        FieldType::Enum => {
            let s = text(value)?;
            if f.values.contains(&s) {
                Ok(Value::String(s))
            } else {
                Err(format!("is `{s}`, which is not one of its values"))
            }
        }
        FieldType::Ref => text(value).map(Value::String),
    }
}

/// Byte offsets where the file's top-level list items start (`- ` at the list's indentation).
fn item_starts(text: &str) -> Vec<usize> {
    let mut starts = Vec::new();
    let mut indent = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start_matches(' ');
        let depth = line.len() - trimmed.len();
        if (trimmed.starts_with("- ") || trimmed.trim_end() == "-")
            && indent.is_none_or(|d| d == depth)
        {
            indent = Some(depth);
            starts.push(offset + depth);
        }
        offset += line.len();
    }
    starts
}

/// Where `key:` starts in an item's text.
fn find_key(item: &str, key: &str) -> Option<usize> {
    let mut offset = 0;
    for line in item.split_inclusive('\n') {
        let trimmed = line.trim_start_matches([' ', '-']);
        if trimmed
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with(':'))
        {
            return Some(offset + line.len() - trimmed.len());
        }
        offset += line.len();
    }
    None
}

/// The text values (text and list fields) of the items, to isolate their left-to-right runs on right-to-left pages.
pub(crate) fn texts_mut<'a>(
    items: &'a mut [Value],
    collection: &Collection,
) -> Vec<&'a mut String> {
    let mut out = Vec::new();
    for item in items.iter_mut() {
        if let Value::Object(map) = item {
            for (field, v) in map.iter_mut() {
                let is_text = collection
                    .fields
                    .get(field)
                    .is_some_and(|f| matches!(f.kind, FieldType::Text | FieldType::List));
                if !is_text {
                    continue;
                }
                match v {
                    Value::String(s) => out.push(s),
                    Value::Array(list) => out.extend(list.iter_mut().filter_map(|v| match v {
                        Value::String(s) => Some(s),
                        _ => None,
                    })),
                    _ => {}
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn team() -> Collection {
        serde_json::from_value(serde_json::json!({
            "file": "team.yaml",
            "fields": {
                "name": { "type": "text", "required": true, "max": 20 },
                "role": { "type": "text" },
                "since": { "type": "date" },
                "level": { "type": "enum", "values": ["lead", "member"] },
                "languages": { "type": "list", "max": 2 },
                "years": { "type": "number", "min": 0 }
            }
        }))
        .unwrap()
    }

    fn parse(text: &str) -> Result<Vec<Value>, String> {
        parse_collection("team", &team(), text, Path::new("content/en/team.yaml"))
            .map_err(|e| e.0.iter().map(|d| format!("{d}\n")).collect())
    }

    #[test]
    fn items_carry_every_declared_field_null_when_not_given() {
        let items = parse(
            "- name: مريم الكعبي\n  role: PRO 🚀\n  since: 2019-04-01\n- name: \"Omar\"\n  languages: [ar, en]\n  years: 7\n",
        )
        .unwrap();
        assert_eq!(
            items,
            vec![
                serde_json::json!({"languages": null, "level": null, "name": "مريم الكعبي", "role": "PRO 🚀", "since": "2019-04-01", "years": null}),
                serde_json::json!({"languages": ["ar", "en"], "level": null, "name": "Omar", "role": null, "since": null, "years": 7}),
            ]
        );
    }

    #[test]
    fn every_problem_of_every_item_is_reported_at_its_line() {
        let e = parse(
            "- name: A\n  level: boss\n- role: x\n- name: B\n  colour: red\n  since: 2019-13-01\n- name: a name far longer than twenty\n  languages: [ar, en, fr]\n  years: -1\n",
        )
        .unwrap_err();
        for want in [
            "team.yaml:2:3",
            "item 1: `level` is `boss`, which is not one of its values",
            "team.yaml:3:1",
            "item 2 has no `name`, which collection `team` requires",
            "team.yaml:5:3",
            "item 3 has a field `colour` that collection `team` does not declare",
            "item 3: `since` is `2019-13-01`, not a date written yyyy-mm-dd",
            "team.yaml:7:3: item 4: `name` has a length of 29, more than 20",
            "item 4: `languages` has a count of 3, more than 2",
            "item 4: `years` is -1, less than 0",
        ] {
            assert!(e.contains(want), "{want}\n{e}");
        }
    }

    #[test]
    fn text_no_page_can_show_and_a_file_that_is_no_list_are_errors() {
        let e = parse("- name: \"A\\u001bB\"\n").unwrap_err();
        assert!(
            e.contains("holds the character U+001B, which no page can show"),
            "{e}"
        );
        // A line separator, bidi controls and emoji are text like any other.
        let items = parse("- name: \"A\\u2028B \\u202eC 🚀\"\n").unwrap();
        assert_eq!(items[0]["name"], "A\u{2028}B \u{202e}C 🚀");
        let e = parse("name: A\n").unwrap_err();
        assert!(e.contains("team.yaml is a list of items"), "{e}");
        let e = parse("- name: [1, 2]\n").unwrap_err();
        assert!(e.contains("`name` is not text"), "{e}");
    }

    #[test]
    fn only_text_and_list_values_are_isolated() {
        let mut items =
            parse("- name: Omar\n  since: 2019-04-01\n  level: lead\n  languages: [ar]\n").unwrap();
        let texts: Vec<String> = texts_mut(&mut items, &team())
            .into_iter()
            .map(|s| s.clone())
            .collect();
        assert_eq!(texts, ["ar", "Omar"]);
    }
}
