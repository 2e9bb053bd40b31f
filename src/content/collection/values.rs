//! What a single value of a collection must be, in an editor's words, and where a value is.

use serde_json::Value;

use super::super::node::Node;
use crate::pages::{Field, FieldType, Form};

/// Where a value is, in the words of a report: the top-level list item it belongs to and the
/// keys down to it (`content.timelineDays`, `plans[2].isPopular`).
#[derive(Clone)]
pub(super) struct Place {
    pub(super) item: Option<usize>,
    pub(super) path: Vec<String>,
    /// What the top level is called: "the file", "the front matter".
    top: &'static str,
}

impl Place {
    pub(super) fn top(form: Form) -> Place {
        Place {
            item: None,
            path: Vec::new(),
            top: if form == Form::Markdown {
                "the front matter"
            } else {
                "the file"
            },
        }
    }

    pub(super) fn key(&self, key: &str) -> Place {
        let mut p = self.clone();
        p.path.push(key.to_string());
        p
    }

    pub(super) fn index(&self, i: usize) -> Place {
        let mut p = self.clone();
        match p.path.last_mut() {
            Some(last) => last.push_str(&format!("[{}]", i + 1)),
            None => p.item = Some(i + 1),
        }
        p
    }

    /// "item 2: " when the value is inside a top-level list's item.
    pub(super) fn prefix(&self) -> String {
        match (self.item, self.path.is_empty()) {
            (Some(n), false) => format!("item {n}: "),
            _ => String::new(),
        }
    }

    /// The set of keys itself: "item 2", "`content`", "the file".
    pub(super) fn owner(&self) -> String {
        match (self.item, self.path.is_empty()) {
            (_, false) => format!("{}`{}`", self.prefix(), self.path.join(".")),
            (Some(n), true) => format!("item {n}"),
            (None, true) => self.top.to_string(),
        }
    }

    /// A value: "item 2: `rating`", "`content.timeline`".
    pub(super) fn value(&self) -> String {
        format!("{}`{}`", self.prefix(), self.path.join("."))
    }
}

/// A bound a length, count or value passes (`None`) or breaks.
pub(super) fn bounds(f: &Field, n: f64, what: &str) -> Option<String> {
    match (f.min, f.max) {
        (Some(min), _) if n < min => Some(format!("{what} {n}, less than {min}")),
        (_, Some(max)) if n > max => Some(format!("{what} {n}, more than {max}")),
        _ => None,
    }
}

/// A field's declaration in words, for the help line.
pub(super) fn describe(f: &Field) -> String {
    let bounds = |unit: &str| match (f.min, f.max) {
        (Some(a), Some(b)) => format!(", {a} to {b}{unit}"),
        (Some(a), None) => format!(", at least {a}{unit}"),
        (None, Some(b)) => format!(", at most {b}{unit}"),
        (None, None) => String::new(),
    };
    match f.kind {
        FieldType::Text | FieldType::Markdown if f.min == Some(1.0) && f.max.is_none() => {
            "text, not blank".into()
        }
        FieldType::Text | FieldType::Markdown => format!("text{}", bounds(" characters")),
        FieldType::Number => format!("a number{}", bounds("")),
        FieldType::Boolean => "true or false".into(),
        FieldType::Date => "a date, yyyy-mm-dd (2025-03-10)".into(),
        FieldType::List => match f.of.as_deref() {
            None => format!("a list of texts{}", bounds(" items")),
            Some(of) => format!("a list{}, each item {}", bounds(" items"), describe(of)),
        },
        FieldType::Enum => format!("one of {}", f.values.join(", ")),
        FieldType::Ref => format!(
            "the id of one of the {}",
            f.to.as_deref().unwrap_or("items")
        ),
        FieldType::Object => format!(
            "a set of keys: {}",
            f.fields.keys().cloned().collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A single value as the page data carries it, or what is wrong with it.
pub(super) fn scalar(
    f: &Field,
    value: &Node,
    raw: impl Fn() -> Option<String>,
) -> Result<Value, String> {
    let text = |v: &Node| -> Result<String, String> {
        match v {
            Node::Bool(_) | Node::Number(_) if raw().is_some() => Ok(raw().unwrap_or_default()),
            Node::Text(s) => {
                if let Some(c) = s.chars().find(|c| crate::text::is_unrenderable(*c)) {
                    Err(format!(
                        "holds the character U+{:04X}, which no page can show",
                        u32::from(c)
                    ))
                } else {
                    Ok(s.clone())
                }
            }
            Node::Number(n) => Ok(n.to_string()),
            other => Err(format!("is {}, not text", other.describe())),
        }
    };
    match f.kind {
        FieldType::Text | FieldType::Markdown => {
            let s = text(value)?;
            // Only whitespace or invisible characters (a lone RLM) show nothing either.
            if f.min.is_some_and(|m| m >= 1.0) && super::super::parse::is_blank(&s) {
                return Err("is empty".into());
            }
            if let Some(p) = bounds(f, s.chars().count() as f64, "has a length of") {
                return Err(p);
            }
            Ok(Value::String(s))
        }
        FieldType::Number => {
            let Node::Number(n) = value else {
                return Err(format!("is {}, not a number", value.describe()));
            };
            if let Some(p) = n.as_f64().and_then(|x| bounds(f, x, "is")) {
                return Err(p);
            }
            Ok(Value::Number(n.clone()))
        }
        FieldType::Boolean => match value {
            Node::Bool(b) => Ok(Value::Bool(*b)),
            other => Err(format!("is {}, not true or false", other.describe())),
        },
        FieldType::Date => {
            let s = text(value)?;
            if s.trim() != s || super::super::parse::parse_date(&s).is_none() {
                return Err(format!("is `{s}`, not a date written yyyy-mm-dd"));
            }
            Ok(Value::String(s))
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
        FieldType::List | FieldType::Object => Err(format!("is {}", value.describe())),
    }
}
