//! The translated units of one language, and the hashes of their normalised text.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::diagnostics::{Diagnostic, Mark};
use crate::lang::Lang;

/// One translated unit in one language.
#[derive(Debug, Clone)]
pub(super) struct Unit {
    /// The file, relative to `content/<lang>/` (`/`-separated).
    pub(super) file: String,
    /// The item's id, for an item of a list.
    pub(super) id: Option<String>,
    /// What it is, for messages ("FAQ item").
    pub(super) what: &'static str,
    /// Where the item's id is written.
    pub(super) mark: Option<Mark>,
    /// The hash of its normalised text.
    pub(super) hash: String,
}

impl Unit {
    pub(super) fn key(&self) -> String {
        match &self.id {
            Some(id) => format!("{}#{id}", self.file),
            None => self.file.clone(),
        }
    }
}

/// A hash of `text` with every run of whitespace read as one space and none at the ends (and
/// no byte-order mark): a change of whitespace alone gives the same hash.
fn text_hash(text: &str) -> String {
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    // Joined first and hashed once: two `update` calls a word made hashing most of `check`'s
    // time on a 10,000-post site.
    let mut joined = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !joined.is_empty() {
            joined.push(' ');
        }
        joined.push_str(word);
    }
    blake3::hash(joined.as_bytes()).to_hex().to_string()
}

/// A hash of a YAML value as written, read without the model's types (so a field sahel adds
/// to a kind of content later does not change every hash of that kind): map keys sorted,
/// strings normalised as [`text_hash`] normalises text, `review_by` lists left out at any
/// depth.
fn value_hash(value: Option<&Value>) -> String {
    fn canonical(v: &Value) -> Value {
        match v {
            Value::String(s) => Value::String(s.split_whitespace().collect::<Vec<_>>().join(" ")),
            Value::Array(items) => Value::Array(items.iter().map(canonical).collect()),
            Value::Object(map) => {
                // `review_by` marks when to check a passage, not what to translate.
                let sorted: BTreeMap<&String, Value> = map
                    .iter()
                    .filter(|(k, _)| *k != "review_by")
                    .map(|(k, v)| (k, canonical(v)))
                    .collect();
                Value::Object(sorted.into_iter().map(|(k, v)| (k.clone(), v)).collect())
            }
            other => other.clone(),
        }
    }
    let v = value.map_or(Value::Null, canonical);
    text_hash(&v.to_string())
}

/// The element of a YAML list whose `key` is `id` (the first, as `check` reports a duplicate).
fn list_item<'a>(list: Option<&'a Value>, key: &str, id: &str) -> Option<&'a Value> {
    list?.as_array()?.iter().find(|item| match item.get(key) {
        Some(Value::String(s)) => s == id,
        Some(Value::Number(n)) => n.to_string() == id,
        _ => false,
    })
}

/// Every translated unit of one language, in the order `check`'s id table lists kinds. The
/// model says which units there are and where their ids are written; the hashes come from
/// the files' text.
pub(super) fn units(
    root: &Path,
    content: &Path,
    lang: Lang,
    site: &crate::content::Site,
) -> Result<Vec<Unit>, Diagnostic> {
    let c = site.lang(lang);
    let dir = root.join(content).join(lang.code());
    let shown = |file: &str| content.join(lang.code()).join(file);
    let read = |file: &str| -> Result<String, Diagnostic> {
        std::fs::read_to_string(dir.join(file)).map_err(|e| {
            Diagnostic::msg(
                shown(file),
                crate::msg!("translations-cannot-read", error = e.to_string()),
            )
        })
    };
    // The file parsed already, into the model: an error here means it changed since.
    let yaml = |file: &str| -> Result<Value, Diagnostic> {
        serde_saphyr::from_str::<Value>(&read(file)?).map_err(|e| {
            Diagnostic::msg(
                shown(file),
                crate::msg!("translations-cannot-read-yaml", error = e.to_string()),
            )
            .help_msg(crate::msg!("translations-cannot-read-yaml-help"))
        })
    };
    let file = |file: String, what, hash| Unit {
        file,
        id: None,
        what,
        mark: None,
        hash,
    };
    let item =
        |file: &str, what, id: &crate::content::Located<String>, list: Option<&Value>, key| Unit {
            file: file.into(),
            id: Some(id.value.clone()),
            what,
            mark: Some(id.mark()),
            hash: value_hash(list_item(list, key, id)),
        };
    let mut out = Vec::new();
    for post in &c.posts {
        let name = format!("blog/{}.md", post.slug);
        let hash = text_hash(&crate::check::review::without_marks(&read(&name)?));
        out.push(file(name, "blog post", hash));
    }
    for s in &c.services {
        let name = format!("services/{}.yaml", s.id);
        let hash = value_hash(Some(&yaml(&name)?));
        out.push(file(name, "service", hash));
    }
    for name in c.pages.keys() {
        let name = format!("pages/{name}.md");
        let hash = text_hash(&crate::check::review::without_marks(&read(&name)?));
        out.push(file(name, "page", hash));
    }
    if !c.faq.is_empty() {
        let list = yaml("faq.yaml")?;
        for f in &c.faq {
            out.push(item("faq.yaml", "FAQ item", &f.id, Some(&list), "id"));
        }
    }
    if !c.testimonials.is_empty() {
        let list = yaml("testimonials.yaml")?;
        for t in &c.testimonials {
            out.push(item(
                "testimonials.yaml",
                "testimonial",
                &t.id,
                Some(&list),
                "id",
            ));
        }
    }
    if let Some(p) = &c.pricing {
        let pricing = yaml("pricing.yaml")?;
        for plan in &p.plans {
            out.push(item(
                "pricing.yaml",
                "plan",
                &plan.id,
                pricing.get("plans"),
                "id",
            ));
        }
        out.push(file(
            "pricing.yaml".into(),
            "list of package rules",
            value_hash(pricing.get("rules")),
        ));
    }
    if !c.sections.is_empty() {
        let list = yaml("service-sections.yaml")?;
        for s in &c.sections {
            out.push(item(
                "service-sections.yaml",
                "services section",
                &s.anchor,
                Some(&list),
                "anchor",
            ));
        }
    }
    // A collection of the site's own is translated as one file.
    for (name, collection) in &site.pages.collections {
        if c.collections.contains_key(name) {
            let hash = value_hash(Some(&yaml(&collection.file)?));
            out.push(file(collection.file.clone(), "collection", hash));
        }
    }
    for (name, what, present) in [
        ("home.yaml", "home page file", c.home.is_some()),
        ("screens.yaml", "screens file", c.screens.is_some()),
    ] {
        if present {
            out.push(file(name.into(), what, value_hash(Some(&yaml(name)?))));
        }
    }
    Ok(out)
}

/// The hash the unit `key` (`blog/x.md`, `faq.yaml#id`) has in `text`, a version of its file
/// (for the browser editor: which version of the source a translation was marked against).
pub(crate) fn hash_in_text(key: &str, text: &str) -> Option<String> {
    let (file, id) = match key.split_once('#') {
        Some((f, id)) => (f, Some(id)),
        None => (key, None),
    };
    if file.ends_with(".md") {
        return Some(text_hash(&crate::check::review::without_marks(text)));
    }
    let value: Value = serde_saphyr::from_str(text).ok()?;
    Some(match (file, id) {
        ("pricing.yaml", Some(id)) => value_hash(list_item(value.get("plans"), "id", id)),
        ("pricing.yaml", None) => value_hash(value.get("rules")),
        ("service-sections.yaml", Some(id)) => value_hash(list_item(Some(&value), "anchor", id)),
        (_, Some(id)) => value_hash(list_item(Some(&value), "id", id)),
        (_, None) => value_hash(Some(&value)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_alone_does_not_change_a_hash() {
        let a = text_hash("---\ntitle: \"A\"\n---\n\nOne two\nthree.\n\nFour.\n");
        for same in [
            "---\r\ntitle: \"A\"\r\n---\r\n\r\nOne two\r\nthree.\r\n\r\nFour.\r\n",
            "---\ntitle: \"A\"\n---\n\nOne two three.\n\nFour.",
            "\u{FEFF}---\ntitle:  \"A\"\n---\n\n  One\ttwo\n three.\n\n\n\nFour.\n\n",
        ] {
            assert_eq!(text_hash(same), a, "{same:?}");
        }
        for different in [
            "---\ntitle: \"A\"\n---\n\nOne two\nthree!\n\nFour.\n",
            "---\ntitle: \"A\"\n---\n\nOnetwo\nthree.\n\nFour.\n",
        ] {
            assert_ne!(text_hash(different), a, "{different:?}");
        }
    }

    const SPACES: [&str; 8] = [" ", "  ", "\t", "\n", "\r\n", "\n\n", "\u{A0}", "\u{2028}"];

    proptest::proptest! {
        /// Words (Arabic, Latin, digits, punctuation, bidi controls, emoji) joined by any
        /// whitespace, with any at the ends: one hash. Two words joined without it: another.
        #[test]
        fn only_the_words_count(
            words in proptest::collection::vec(
                proptest::string::string_regex("[a-zء-ي٠-٩«»:#\\-\u{200F}\u{2066}\u{1F600}]{1,8}").unwrap(),
                2..12,
            ),
            gaps in proptest::collection::vec(proptest::sample::select(&SPACES[..]), 13),
            join_at in 0usize..11,
        ) {
            let plain = words.join(" ");
            let mut spaced = gaps.first().copied().unwrap_or_default().to_string();
            for (i, w) in words.iter().enumerate() {
                spaced.push_str(w);
                spaced.push_str(gaps.get(i + 1).copied().unwrap_or(" "));
            }
            proptest::prop_assert_eq!(text_hash(&spaced), text_hash(&plain));
            let at = join_at % (words.len() - 1);
            let joined = format!(
                "{}{}",
                words[..=at].join(" "),
                words[at + 1..].join(" ")
            );
            proptest::prop_assert_ne!(text_hash(&joined), text_hash(&plain));
        }
    }
}
