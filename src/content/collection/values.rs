//! What a single value of a collection must be, in an editor's words, and where a value is.

use serde_json::Value;

use super::super::node::Node;
use crate::messages::Msg;
use crate::pages::{Field, FieldType, Form};

/// Where a value is, in the words of a report: the top-level list item it belongs to and the
/// keys down to it (`content.timelineDays`, `plans[2].isPopular`).
#[derive(Clone)]
pub(super) struct Place {
    pub(super) item: Option<usize>,
    pub(super) path: Vec<String>,
    /// Whether the top level is a Markdown file's front matter (else: the file).
    front_matter: bool,
}

impl Place {
    pub(super) fn top(form: Form) -> Place {
        Place {
            item: None,
            path: Vec::new(),
            front_matter: form == Form::Markdown,
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

    /// The set of keys itself: "item 2", "`content`", "the file".
    pub(super) fn owner(&self) -> Msg {
        match (self.item, self.path.is_empty()) {
            (_, false) => self.value(),
            (Some(n), true) => crate::msg!("content-place-item", n = n),
            (None, true) if self.front_matter => crate::msg!("content-place-front-matter"),
            (None, true) => crate::msg!("content-place-file"),
        }
    }

    /// A value: "item 2: `rating`", "`content.timeline`".
    pub(super) fn value(&self) -> Msg {
        let path = self.path.join(".");
        match (self.item, self.path.is_empty()) {
            (Some(n), false) => crate::msg!("content-place-item-key", n = n, path = path),
            _ => crate::msg!("content-place-key", path = path),
        }
    }
}

/// What a bound limits: a list's count, a text's length or a number's value.
#[derive(Clone, Copy)]
pub(super) enum Measure {
    Count,
    Length,
    Value,
}

/// A bound a length, count or value passes (`None`) or breaks.
pub(super) fn bounds(f: &Field, n: f64, measure: Measure) -> Option<Msg> {
    match (f.min, f.max) {
        (Some(min), _) if n < min => Some(match measure {
            Measure::Count => crate::msg!("content-problem-count-below", n = n, min = min),
            Measure::Length => crate::msg!("content-problem-length-below", n = n, min = min),
            Measure::Value => crate::msg!("content-problem-value-below", n = n, min = min),
        }),
        (_, Some(max)) if n > max => Some(match measure {
            Measure::Count => crate::msg!("content-problem-count-above", n = n, max = max),
            Measure::Length => crate::msg!("content-problem-length-above", n = n, max = max),
            Measure::Value => crate::msg!("content-problem-value-above", n = n, max = max),
        }),
        _ => None,
    }
}

/// What a field's bounds count, in its declaration's words.
#[derive(Clone, Copy)]
enum Unit {
    Plain,
    Characters,
    Items,
}

/// A field's declaration in words, for the help line.
pub(super) fn describe(f: &Field) -> Msg {
    let bounds = |unit: Unit| match (f.min, f.max, unit) {
        (Some(a), Some(b), Unit::Plain) => crate::msg!("content-bounds-range", min = a, max = b),
        (Some(a), Some(b), Unit::Characters) => {
            crate::msg!("content-bounds-chars-range", min = a, max = b)
        }
        (Some(a), Some(b), Unit::Items) => {
            crate::msg!("content-bounds-items-range", min = a, max = b)
        }
        (Some(a), None, Unit::Plain) => crate::msg!("content-bounds-min", min = a),
        (Some(a), None, Unit::Characters) => crate::msg!("content-bounds-chars-min", min = a),
        (Some(a), None, Unit::Items) => crate::msg!("content-bounds-items-min", min = a),
        (None, Some(b), Unit::Plain) => crate::msg!("content-bounds-max", max = b),
        (None, Some(b), Unit::Characters) => crate::msg!("content-bounds-chars-max", max = b),
        (None, Some(b), Unit::Items) => crate::msg!("content-bounds-items-max", max = b),
        (None, None, _) => crate::msg!("content-bounds-none"),
    };
    match f.kind {
        FieldType::Text | FieldType::Markdown if f.min == Some(1.0) && f.max.is_none() => {
            crate::msg!("content-kind-text-not-blank")
        }
        FieldType::Text | FieldType::Markdown => {
            crate::msg!("content-kind-text", bounds = bounds(Unit::Characters))
        }
        FieldType::Number => crate::msg!("content-kind-number", bounds = bounds(Unit::Plain)),
        FieldType::Boolean => crate::msg!("content-kind-boolean"),
        FieldType::Date => crate::msg!("content-kind-date"),
        FieldType::List => match f.of.as_deref() {
            None => crate::msg!("content-kind-texts", bounds = bounds(Unit::Items)),
            Some(of) => crate::msg!(
                "content-kind-list",
                bounds = bounds(Unit::Items),
                item = describe(of)
            ),
        },
        FieldType::Enum => crate::msg!("content-kind-enum", values = f.values.join(", ")),
        FieldType::Ref => match f.to.as_deref() {
            Some(to) => crate::msg!("content-kind-ref", to = to),
            None => crate::msg!("content-kind-ref-items"),
        },
        FieldType::Object => crate::msg!(
            "content-kind-object",
            keys = f.fields.keys().cloned().collect::<Vec<_>>().join(", ")
        ),
    }
}

/// A single value as the page data carries it, or what is wrong with it.
pub(super) fn scalar(
    f: &Field,
    value: &Node,
    raw: impl Fn() -> Option<String>,
) -> Result<Value, Msg> {
    let not = |found: &Node, expected: Msg| {
        crate::msg!(
            "content-problem-not",
            found = found.describe(),
            expected = expected
        )
    };
    let text = |v: &Node| -> Result<String, Msg> {
        match v {
            Node::Bool(_) | Node::Number(_) if raw().is_some() => Ok(raw().unwrap_or_default()),
            Node::Text(s) => {
                if let Some(c) = s.chars().find(|c| crate::text::is_unrenderable(*c)) {
                    Err(crate::msg!(
                        "content-problem-unrenderable",
                        code = format!("{:04X}", u32::from(c))
                    ))
                } else {
                    Ok(s.clone())
                }
            }
            Node::Number(n) => Ok(n.to_string()),
            other => Err(not(other, crate::msg!("content-node-text"))),
        }
    };
    match f.kind {
        FieldType::Text | FieldType::Markdown => {
            let s = text(value)?;
            // Only whitespace or invisible characters (a lone RLM) show nothing either.
            if f.min.is_some_and(|m| m >= 1.0) && super::super::parse::is_blank(&s) {
                return Err(crate::msg!("content-problem-empty"));
            }
            if let Some(p) = bounds(f, s.chars().count() as f64, Measure::Length) {
                return Err(p);
            }
            Ok(Value::String(s))
        }
        FieldType::Number => {
            let Node::Number(n) = value else {
                return Err(not(value, crate::msg!("content-node-number")));
            };
            if let Some(p) = n.as_f64().and_then(|x| bounds(f, x, Measure::Value)) {
                return Err(p);
            }
            Ok(Value::Number(n.clone()))
        }
        FieldType::Boolean => match value {
            Node::Bool(b) => Ok(Value::Bool(*b)),
            other => Err(not(other, crate::msg!("content-node-bool"))),
        },
        FieldType::Date => {
            let s = text(value)?;
            if s.trim() != s || super::super::parse::parse_date(&s).is_none() {
                return Err(crate::msg!("content-problem-date", value = s));
            }
            Ok(Value::String(s))
        }
        FieldType::Enum => {
            let s = text(value)?;
            if f.values.contains(&s) {
                Ok(Value::String(s))
            } else {
                Err(crate::msg!("content-problem-enum", value = s))
            }
        }
        FieldType::Ref => text(value).map(Value::String),
        FieldType::List | FieldType::Object => {
            Err(crate::msg!("content-problem-is", found = value.describe()))
        }
    }
}
