//! The declaration of a collection and its fields: what the page table's `collections` and
//! sahel's own (`shipped.json`) say, and what is wrong with a declaration.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::messages::Msg;

/// A collection: its files in each language's content folder and the fields of its items.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Collection {
    /// The file in `content/<lang>/` (`team.yaml`), or the folder of a collection of one file
    /// per item (`blog`).
    pub file: String,
    /// How the items are written (default: a YAML list).
    #[serde(default, skip_serializing_if = "Form::is_list")]
    pub form: Form,
    pub fields: BTreeMap<String, Field>,
    /// Rules no field can say, run by name after the fields are checked
    /// ([`crate::content::collection::VALIDATORS`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validators: Vec<String>,
}

/// How a collection's items are written.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Form {
    /// A YAML list in `file`, one `- ` per item.
    #[default]
    List,
    /// One YAML set of keys in `file`: a single item (the pricing).
    Record,
    /// One YAML file per item in the folder `file`, its id the file's name (`services/visa.yaml`).
    Files,
    /// One Markdown file per item in the folder `file`: the fields in its front matter, the
    /// `markdown` field its body (`blog/golden-visa.md`).
    Markdown,
}

impl Form {
    fn is_list(&self) -> bool {
        *self == Form::List
    }
}

/// A field of a collection's items.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Field {
    #[serde(rename = "type")]
    pub kind: FieldType,
    #[serde(default)]
    pub required: bool,
    /// Least length (text, in characters), value (number) or count (list).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    /// Greatest length, value or count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// An enum's values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
    /// What a reference points at: `services` (a service's id) or `posts` (a post's slug).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// A list's items (default: text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<Box<Field>>,
    /// An object's fields.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, Field>,
    /// A yes-or-no field of a list's items that at most one item may set (the popular plan).
    #[serde(default, rename = "onlyOne", skip_serializing_if = "is_false")]
    pub only_one: bool,
}

impl Field {
    /// An optional text field: what a list's items are when it says nothing else.
    pub fn text() -> Field {
        Field {
            kind: FieldType::Text,
            required: false,
            min: None,
            max: None,
            values: Vec::new(),
            to: None,
            of: None,
            fields: BTreeMap::new(),
            only_one: false,
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// The types a field may have.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum FieldType {
    /// One line or paragraph of plain text.
    Text,
    Number,
    Boolean,
    /// `yyyy-mm-dd`.
    Date,
    /// A list of texts, or of the items `of` declares.
    List,
    /// One of `values`.
    Enum,
    /// The id of a service or the slug of a post (`to`).
    Ref,
    /// A set of keys, declared by `fields`.
    Object,
    /// The Markdown body of a `markdown` collection's files.
    Markdown,
}

/// sahel's own collections (posts, long pages, services, pricing, FAQ, testimonials), declared
/// in `src/pages/shipped.json` with the language the page table uses: their files are checked
/// against it before the model reads them, and their TypeScript types are generated from it.
pub fn shipped() -> &'static BTreeMap<String, Collection> {
    static SHIPPED: std::sync::LazyLock<BTreeMap<String, Collection>> =
        std::sync::LazyLock::new(|| {
            // invariant: the file is sahel's own; a unit test parses and checks it.
            serde_json::from_str(include_str!("shipped.json")).unwrap_or_default()
        });
    &SHIPPED
}

/// The rules a collection may name in `validators`, which no field declaration can say: each
/// runs after the fields are checked.
pub const VALIDATORS: &[(&str, &str)] = &[
    (
        "fileSlug",
        "the file's name is a slug: lowercase ASCII words joined by `-`",
    ),
    (
        "timelineDays",
        "`content.timelineDays` is a range whose ends the `content.timeline` text writes",
    ),
];

/// What is wrong with a collection's form and validators (its fields are checked one by one).
pub(super) fn collection_problems(c: &Collection) -> Vec<Msg> {
    let mut out = Vec::new();
    let bodies = c
        .fields
        .iter()
        .filter(|(_, f)| f.kind == FieldType::Markdown)
        .count();
    match (c.form, bodies) {
        (Form::Markdown, 1) => {}
        (Form::Markdown, _) => out.push(crate::msg!("pages-markdown-one")),
        (_, 0) => {}
        (_, _) => out.push(crate::msg!("pages-markdown-only")),
    }
    for v in &c.validators {
        if !VALIDATORS.iter().any(|(name, _)| name == v) {
            out.push(crate::msg!(
                "pages-no-validator",
                name = v,
                list = VALIDATORS
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
    }
    out
}

/// Names no field may have at any depth: JavaScript's and TypeScript's reserved words, and the
/// keys that reach an object's prototype (`__proto__`, `constructor`, `prototype`). A field's
/// name is written into `collections.generated.ts` and read as a key of the page data.
const RESERVED: &[&str] = &[
    "__proto__",
    "constructor",
    "prototype",
    "await",
    "break",
    "case",
    "catch",
    "class",
    "const",
    "continue",
    "debugger",
    "default",
    "delete",
    "do",
    "else",
    "enum",
    "export",
    "extends",
    "false",
    "finally",
    "for",
    "function",
    "if",
    "implements",
    "import",
    "in",
    "instanceof",
    "interface",
    "let",
    "new",
    "null",
    "package",
    "private",
    "protected",
    "public",
    "return",
    "static",
    "super",
    "switch",
    "this",
    "throw",
    "true",
    "try",
    "typeof",
    "var",
    "void",
    "while",
    "with",
    "yield",
];

/// Whether `name` may name a field, at any depth of a declaration: `[A-Za-z_][A-Za-z0-9_]*`
/// and not [`RESERVED`]. (What the generated TypeScript writes as a property name, unquoted.)
pub(crate) fn is_field_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !RESERVED.contains(&name)
}

/// What is wrong with a field's declaration, if anything.
pub(super) fn field_problem(f: &Field) -> Option<Msg> {
    if let Some(of) = &f.of {
        if f.kind != FieldType::List {
            return Some(crate::msg!("pages-field-of-not-list"));
        }
        if matches!(of.kind, FieldType::List | FieldType::Markdown) {
            return Some(crate::msg!("pages-field-of-kind"));
        }
        if of.required || of.only_one {
            return Some(crate::msg!("pages-field-of-flags"));
        }
        if let Some(p) = field_problem(of) {
            return Some(crate::msg!("pages-field-items", problem = p));
        }
    }
    if f.kind == FieldType::Object && f.fields.is_empty() {
        return Some(crate::msg!("pages-field-object-fields"));
    }
    if f.kind != FieldType::Object && !f.fields.is_empty() {
        return Some(crate::msg!("pages-field-fields-not-object"));
    }
    for (name, field) in &f.fields {
        if !is_field_name(name) {
            return Some(crate::msg!("pages-field-nested-name", name = name));
        }
        if field.kind == FieldType::Markdown {
            return Some(crate::msg!("pages-field-markdown-nested", name = name));
        }
        if let Some(p) = field_problem(field) {
            return Some(crate::msg!("pages-field-nested", name = name, problem = p));
        }
    }
    if f.only_one && f.kind != FieldType::Boolean {
        return Some(crate::msg!("pages-field-only-one"));
    }
    let bounded = matches!(
        f.kind,
        FieldType::Text | FieldType::Number | FieldType::List
    );
    if !bounded && (f.min.is_some() || f.max.is_some()) {
        return Some(crate::msg!("pages-field-bounds-kind"));
    }
    if let (Some(min), Some(max)) = (f.min, f.max)
        && min > max
    {
        return Some(crate::msg!("pages-field-min-max", min = min, max = max));
    }
    if matches!(f.kind, FieldType::Text | FieldType::List)
        && [f.min, f.max]
            .into_iter()
            .flatten()
            .any(|n| n < 0.0 || n.fract() != 0.0)
    {
        return Some(crate::msg!("pages-field-whole"));
    }
    match (f.kind, f.values.is_empty(), &f.to) {
        (FieldType::Enum, true, _) => Some(crate::msg!("pages-field-enum-values")),
        (FieldType::Enum, false, _) if f.values.iter().any(String::is_empty) => {
            Some(crate::msg!("pages-field-enum-empty"))
        }
        (k, false, _) if k != FieldType::Enum => Some(crate::msg!("pages-field-values")),
        (FieldType::Ref, _, None) => Some(crate::msg!("pages-field-ref-to")),
        (FieldType::Ref, _, Some(to)) if to != "services" && to != "posts" => {
            Some(crate::msg!("pages-field-ref-target", to = to))
        }
        (k, _, Some(_)) if k != FieldType::Ref => Some(crate::msg!("pages-field-to")),
        _ => None,
    }
}
