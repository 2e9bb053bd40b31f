//! Content checked against its collection's declaration ([`crate::pages::Collection`]): a
//! collection of the site's own (`content/<lang>/team.yaml`, a YAML list) and sahel's own
//! (posts, pages, services, pricing, FAQ, testimonials; [`crate::pages::shipped`]). Every
//! problem of every item is reported at the key or value it concerns, however deep, with what
//! the declaration expects; an item of the site's own comes out with every declared field, null
//! where an optional one is not given, so the page data has the shape the generated TypeScript
//! types say.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Map, Value};

use super::node::{At, Node};
use super::yaml::parse_yaml;
use crate::diagnostics::{Diagnostic, Diagnostics, line_col};
use crate::pages::{Collection, Field, FieldType, Form};

mod values;
use crate::messages::Msg;
use values::{Measure, Place, bounds, describe, scalar};

/// Parses and checks one language's file of collection `name` (a YAML list).
pub fn parse_collection(
    name: &str,
    collection: &Collection,
    text: &str,
    file: &Path,
) -> Result<Vec<Value>, Diagnostics> {
    let root: At<Node> = parse_yaml(text, file, 0, text)?;
    let mut check = Check::new(name, collection, text, 0, file);
    let items = check.list(&root);
    check.finish().map(|()| items)
}

/// Checks a file of one of sahel's own collections against its declaration: the YAML file, or
/// the front matter of a Markdown file (`yaml`, at byte `yaml_offset` of the file's `text`).
pub(crate) fn check_shipped(
    name: &str,
    yaml: &str,
    yaml_offset: usize,
    text: &str,
    file: &Path,
) -> Result<(), Diagnostics> {
    let Some(collection) = crate::pages::shipped().get(name) else {
        return Ok(());
    };
    let root: At<Node> = parse_yaml(yaml, file, yaml_offset, text)?;
    let mut check = Check::new(name, collection, text, yaml_offset, file);
    match collection.form {
        Form::List => {
            check.list(&root);
        }
        Form::Record | Form::Files | Form::Markdown => {
            check.fields(&collection.fields, &root, &Place::top(collection.form));
        }
    }
    check.finish()
}

/// Whether sahel's collection `name` declares the validator `validator`.
pub(crate) fn runs(name: &str, validator: &str) -> bool {
    crate::pages::shipped()
        .get(name)
        .is_some_and(|c| c.validators.iter().any(|v| v == validator))
}

struct Check<'a> {
    name: &'a str,
    collection: &'a Collection,
    text: &'a str,
    /// Where the YAML starts in `text`.
    base: usize,
    file: &'a Path,
    errors: Diagnostics,
}

impl<'a> Check<'a> {
    fn new(
        name: &'a str,
        collection: &'a Collection,
        text: &'a str,
        base: usize,
        file: &'a Path,
    ) -> Check<'a> {
        Check {
            name,
            collection,
            text,
            base,
            file,
            errors: Diagnostics::default(),
        }
    }

    fn finish(self) -> Result<(), Diagnostics> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self.errors)
        }
    }

    fn push(&mut self, offset: usize, message: Msg, help: Msg) {
        let (line, col) = line_col(self.text, self.base + offset);
        self.errors.push(
            Diagnostic::msg(self.file, message)
                .with_source(self.text)
                .at(line, col)
                .help_msg(help),
        );
    }

    /// A top-level list of items.
    fn list(&mut self, root: &At<Node>) -> Vec<Value> {
        let Node::List(items) = &root.value else {
            let fields = self.collection.fields.keys().cloned().collect::<Vec<_>>();
            self.push(
                root.offset,
                crate::msg!(
                    "content-not-a-list",
                    file = &self.collection.file,
                    found = root.value.describe()
                ),
                crate::msg!(
                    "content-not-a-list-help",
                    file = &self.collection.file,
                    name = self.name,
                    fields = fields.join(", ")
                ),
            );
            return Vec::new();
        };
        let top = Place::top(Form::List);
        let fields = &self.collection.fields;
        let out = items
            .iter()
            .enumerate()
            .map(|(i, item)| self.fields(fields, item, &top.index(i)))
            .collect();
        self.only_one(fields, items, &top);
        out
    }

    /// A set of keys declared by `fields` (the body of a Markdown file apart).
    fn fields(&mut self, fields: &BTreeMap<String, Field>, node: &At<Node>, at: &Place) -> Value {
        let empty = Vec::new();
        let entries = match &node.value {
            Node::Map(entries) => entries,
            Node::Null => &empty,
            other => {
                self.push(
                    node.offset,
                    crate::msg!(
                        "content-not-keys",
                        owner = at.owner(),
                        found = other.describe()
                    ),
                    crate::msg!(
                        "content-not-keys-help",
                        fields = fields.keys().cloned().collect::<Vec<_>>().join(", ")
                    ),
                );
                return Value::Null;
            }
        };
        let declared = || {
            fields
                .iter()
                .filter(|(_, f)| f.kind != FieldType::Markdown)
                .map(|(k, _)| k.clone())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let own = !crate::pages::shipped().contains_key(self.name);
        // A misspelt key is one error, naming the field it meant, not that one and a missing
        // field.
        let mut meant: Vec<&str> = Vec::new();
        for (key, _) in entries {
            let known = fields
                .get(&key.value)
                .is_some_and(|f| f.kind != FieldType::Markdown);
            if !known {
                let close = fields
                    .iter()
                    .filter(|(name, f)| {
                        f.kind != FieldType::Markdown
                            && !entries.iter().any(|(k, _)| &k.value == *name)
                    })
                    .map(|(name, _)| (strsim::damerau_levenshtein(name, &key.value), name))
                    .filter(|(d, name)| *d <= 2 && *d < name.chars().count())
                    .min()
                    .map(|(_, name)| name.as_str());
                meant.extend(close);
                let message = crate::msg!(
                    "content-unknown-field",
                    owner = at.owner(),
                    key = &key.value,
                    name = self.name
                );
                let help = if let Some(name) = close {
                    crate::msg!("content-unknown-field-meant", name = name)
                } else if own {
                    crate::msg!(
                        "content-unknown-field-own",
                        fields = declared(),
                        key = &key.value
                    )
                } else {
                    crate::msg!("content-unknown-field-shipped", fields = declared())
                };
                self.push(key.offset, message, help);
            }
        }
        let mut clean = Map::new();
        for (field, decl) in fields {
            if decl.kind == FieldType::Markdown {
                continue;
            }
            let written = entries.iter().find(|(k, _)| &k.value == field);
            let given = written.map(|(_, v)| v).filter(|v| v.value != Node::Null);
            let value = match (given, written) {
                // A block scalar (`title: |`) starts on the next line: its problems are shown
                // at its key.
                (Some(v), Some((key, _)))
                    if matches!(v.value, Node::Text(_))
                        && !self.same_line(key.offset, v.offset) =>
                {
                    let at_key = At {
                        value: v.value.clone(),
                        offset: key.offset,
                    };
                    self.value(decl, &at_key, &at.key(field))
                }
                (Some(v), _) => self.value(decl, v, &at.key(field)),
                // `title:` with nothing after it.
                (None, Some((key, _))) if decl.required => {
                    self.push(
                        key.offset,
                        crate::msg!(
                            "content-value-problem",
                            at = at.key(field).value(),
                            problem = crate::msg!("content-problem-empty")
                        ),
                        crate::msg!("content-field-is", field = field, kind = describe(decl)),
                    );
                    Value::Null
                }
                (None, _) => {
                    if decl.required && !meant.contains(&field.as_str()) {
                        self.push(
                            node.offset,
                            crate::msg!(
                                "content-field-missing",
                                owner = at.owner(),
                                field = field,
                                name = self.name
                            ),
                            crate::msg!(
                                "content-field-missing-help",
                                field = field,
                                kind = describe(decl)
                            ),
                        );
                    }
                    Value::Null
                }
            };
            clean.insert(field.clone(), value);
        }
        Value::Object(clean)
    }

    fn same_line(&self, a: usize, b: usize) -> bool {
        let (from, to) = (self.base + a.min(b), self.base + a.max(b));
        self.text
            .get(from..to)
            .is_some_and(|between| !between.contains(['\n', '\r']))
    }

    /// The plain scalar written at `offset` of the YAML, as written: text a field declared as
    /// text takes as it is, where YAML would read `no`, `N` or `1.10` as another type.
    fn raw(&self, offset: usize) -> Option<String> {
        let rest = self.text.get(self.base + offset..)?;
        let end = rest
            .find([',', ']', '}', '#', '\n', '\r'])
            .unwrap_or(rest.len());
        Some(rest.get(..end)?.trim_end().to_string())
    }

    /// A text holding a character no page can show (a control such as ESC, a noncharacter) is an
    /// error at the character, or at its escape (`"\e"`, `"\u000B"`) as YAML writes it.
    fn unrenderable(&mut self, node: &At<Node>, at: &Place) -> bool {
        let Node::Text(s) = &node.value else {
            return false;
        };
        let Some(c) = s.chars().find(|c| crate::text::is_unrenderable(*c)) else {
            return false;
        };
        let yaml = self.text.get(self.base..).unwrap_or_default();
        let offset = super::yaml::find_written_char(yaml, node.offset, c)
            .map_or(node.offset, |(start, _)| start);
        self.push(
            offset,
            crate::msg!(
                "content-value-problem",
                at = at.value(),
                problem = crate::msg!(
                    "content-problem-unrenderable",
                    code = format!("{:04X}", u32::from(c))
                )
            ),
            crate::msg!("content-control-character-help"),
        );
        true
    }

    /// One value, as the page data carries it (null when it is wrong, with the problem reported).
    fn value(&mut self, f: &Field, node: &At<Node>, at: &Place) -> Value {
        match f.kind {
            FieldType::Object => self.fields(&f.fields, node, at),
            FieldType::List => {
                let Node::List(items) = &node.value else {
                    self.problem(
                        node,
                        at,
                        f,
                        crate::msg!(
                            "content-problem-not",
                            found = node.value.describe(),
                            expected = crate::msg!("content-node-list")
                        ),
                    );
                    return Value::Null;
                };
                let text = Field::text();
                let of = f.of.as_deref().unwrap_or(&text);
                if let Some(p) = bounds(f, items.len() as f64, Measure::Count) {
                    self.problem(node, at, f, p);
                }
                let out = items
                    .iter()
                    .enumerate()
                    .map(|(i, item)| self.value(of, item, &at.index(i)))
                    .collect();
                if of.kind == FieldType::Object {
                    self.only_one(&of.fields, items, at);
                }
                Value::Array(out)
            }
            _ if self.unrenderable(node, at) => Value::Null,
            _ => match scalar(f, &node.value, || self.raw(node.offset)) {
                Ok(v) => v,
                Err(p) => {
                    self.problem(node, at, f, p);
                    Value::Null
                }
            },
        }
    }

    fn problem(&mut self, node: &At<Node>, at: &Place, f: &Field, problem: Msg) {
        self.push(
            node.offset,
            crate::msg!("content-value-problem", at = at.value(), problem = problem),
            crate::msg!(
                "content-field-is",
                field = at
                    .path
                    .last()
                    .map_or("", |s| s.split('[').next().unwrap_or(s)),
                kind = describe(f)
            ),
        );
    }

    /// At most one item of a list sets each `onlyOne` field.
    fn only_one(&mut self, fields: &BTreeMap<String, Field>, items: &[At<Node>], at: &Place) {
        for (field, decl) in fields.iter().filter(|(_, f)| f.only_one) {
            let set: Vec<usize> = items
                .iter()
                .filter_map(|item| match &item.value {
                    Node::Map(entries) => entries
                        .iter()
                        .find(|(k, v)| &k.value == field && v.value == Node::Bool(true))
                        .map(|(_, v)| v.offset),
                    _ => None,
                })
                .collect();
            if let [first, second, ..] = set.as_slice() {
                let (first_line, _) = line_col(self.text, self.base + first);
                let message = if at.path.is_empty() {
                    crate::msg!(
                        "content-only-one",
                        count = set.len(),
                        field = field,
                        line = first_line
                    )
                } else {
                    crate::msg!(
                        "content-only-one-key",
                        count = set.len(),
                        path = at.path.join("."),
                        field = field,
                        line = first_line
                    )
                };
                self.push(
                    *second,
                    message,
                    crate::msg!(
                        "content-only-one-help",
                        field = field,
                        kind = describe(decl)
                    ),
                );
            }
        }
    }
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
                let is_text = collection.fields.get(field).is_some_and(|f| {
                    f.kind == FieldType::Text
                        || (f.kind == FieldType::List
                            && f.of.as_ref().is_none_or(|of| of.kind == FieldType::Text))
                });
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
            "team.yaml:2:10: item 1: `level` is `boss`, which is not one of its values",
            "team.yaml:3:3",
            "item 2 has no `name`, which collection `team` requires",
            "team.yaml:5:3",
            "item 3 has a field `colour` that collection `team` does not declare",
            "item 3: `since` is `2019-13-01`, not a date written yyyy-mm-dd",
            "team.yaml:7:9: item 4: `name` has a length of 29, more than 20",
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
        assert!(e.contains("`name` is a list, not text"), "{e}");
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

    fn shipped(name: &str, file: &str, text: &str) -> String {
        let (yaml, offset) = match text.strip_prefix("---\n") {
            Some(rest) => (rest.split("\n---\n").next().unwrap(), 4),
            None => (text, 0),
        };
        match check_shipped(name, yaml, offset, text, Path::new(file)) {
            Ok(()) => String::new(),
            Err(e) => e.0.iter().map(|d| format!("{d}\n")).collect(),
        }
    }

    #[test]
    fn sahels_collections_are_checked_against_their_declaration_however_deep() {
        let service = "title: \"Visas\"\nsummary: \"S\"\nsection: visas\ngovIcons: [GDRFA, XYZ]\nicon: plane\ncontent:\n  description: \"D\"\n  servicesOffered: []\n  requirements: [\"R\"]\n  timeline: \"2-7 days\"\n  timelineDays: { min: 2, max: 700 }\n  note: [\"typo\"]\n";
        let e = shipped("services", "content/en/services/visas.yaml", service);
        for want in [
            "visas.yaml:4:19: `govIcons[2]` is `XYZ`, which is not one of its values (help: `govIcons` is one of DED, MOHRE",
            "visas.yaml:11:32: `content.timelineDays.max` is 700, more than 365",
            "visas.yaml:12:3: `content` has a field `note` that collection `services` does not declare (help: did you mean `notes`?",
        ] {
            assert!(e.contains(want), "{want}\n{e}");
        }
        assert_eq!(e.lines().count(), 3, "{e}");
        let e = shipped(
            "services",
            "content/en/services/visas.yaml",
            "title: \" \u{200f} \"\nsummary: S\n",
        );
        for want in [
            "visas.yaml:1:8: `title` is empty",
            "visas.yaml:1:1: the file has no `content`, which collection `services` requires",
            "the file has no `govIcons`",
        ] {
            assert!(e.contains(want), "{want}\n{e}");
        }
    }

    #[test]
    fn at_most_one_plan_is_popular_and_front_matter_is_placed_in_its_file() {
        let plan = |id: &str, popular: bool| {
            format!(
                "  - id: {id}\n    name: N\n    price: P\n    period: M\n    description: D\n    isPopular: {popular}\n    features: [F]\n"
            )
        };
        let pricing = format!(
            "plans:\n{}{}{}",
            plan("a", true),
            plan("b", false),
            plan("c", true)
        );
        let e = shipped("pricing", "content/en/pricing.yaml", &pricing);
        assert!(
            e.contains("pricing.yaml:21:16: 2 items of `plans` set `isPopular` (the first on line 7); at most one may"),
            "{e}"
        );
        assert_eq!(
            shipped("pricing", "p.yaml", &format!("plans:\n{}", plan("a", true))),
            ""
        );
        let post = "---\ntitle: \"T\"\nauthor: A\ndate: 2025-02-30\nexcerpt: E\nreview_by:\n  - passage: fees\n---\n\nBody.\n";
        let e = shipped("posts", "content/en/blog/x.md", post);
        for want in [
            "x.md:4:7: `date` is `2025-02-30`, not a date written yyyy-mm-dd",
            "x.md:7:5: `review_by[1]` has no `date`, which collection `posts` requires",
        ] {
            assert!(e.contains(want), "{want}\n{e}");
        }
        // The body is no front-matter key.
        let e = shipped(
            "posts",
            "content/en/blog/x.md",
            "---\ntitle: T\nauthor: A\ndate: 2025-02-03\nexcerpt: E\nbody: x\n---\n",
        );
        assert!(
            e.contains("has a field `body` that collection `posts` does not declare"),
            "{e}"
        );
    }

    #[test]
    fn sahels_declaration_says_what_its_model_knows() {
        let shipped = crate::pages::shipped();
        assert_eq!(
            shipped.keys().collect::<Vec<_>>(),
            [
                "faq",
                "pages",
                "posts",
                "pricing",
                "services",
                "testimonials"
            ]
        );
        let services = &shipped["services"].fields;
        let values = |f: &Field| f.values.clone();
        let gov: Vec<String> = crate::content::GovIcon::ALL
            .iter()
            .map(|g| {
                serde_json::to_value(g)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(values(services["govIcons"].of.as_deref().unwrap()), gov);
        let icons: Vec<String> = crate::content::Icon::ALL
            .iter()
            .map(|g| {
                serde_json::to_value(g)
                    .unwrap()
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        assert_eq!(values(&services["icon"]), icons);
    }
}
