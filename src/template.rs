//! Rendering many routes of one shape from one React render.
//!
//! Most of a large site is blog posts whose markup differs only in the strings they show
//! (title, author, date, body...). Rendering each through React costs about 1.5 ms; filling
//! strings into a template costs microseconds. So, before rendering, every route's data is
//! *slotted*: each string that is content (not a key the app branches on: `lang`, `dir`,
//! `kind`, `id`, `section`, or anything under `site`) is replaced by a sentinel
//! `U+E000 & <n> U+E001`, and its value is kept aside with the key it came from. Routes whose
//! slotted data is identical have the same *shape*; one of each shape is rendered with the
//! sentinels instead of the strings, and the output is cut at the sentinels into a
//! [`Template`].
//!
//! React escapes `&` in text and attributes (to `&amp;`) but not in `dangerouslySetInnerHTML`,
//! so each sentinel in the output also says how its value must be written: escaped exactly as
//! React escapes, or raw. A template is only as safe as React if:
//!
//! - a value is written raw only when its key is declared to hold HTML ([`HTML_KEYS`], HTML the
//!   Rust side sanitised);
//! - no value lands where React does more than escape it, or where escaping is not enough:
//!   inside `<script>` or `<style>`, in a `style` or event-handler attribute, in a list of URLs
//!   (`srcset`), or at the start of a URL attribute (`href`, `src`, `action`, ...), where
//!   React 19 blocks `javascript:` URLs. A value in a URL after text that fixes its scheme
//!   (`/en/blog/` + slug, `https://wa.me/` + number) is filled exactly as React writes it.
//!
//! A template that breaks either rule is not used. One that follows them is only trusted after
//! it reproduced, byte for byte, the full render of several routes of its shape (see
//! [`CHECK_EVERY`]); a screen that transforms a string (upper-cases it, measures it, looks it
//! up) fails that check, and its routes are rendered one by one.
//!
//! Shapes also bound the cost of a hung screen: once a route times out in the renderer, the
//! routes of its shape not yet rendered fail at once instead of waiting for the timeout each.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use rayon::prelude::*;

use serde_json::Value;

use crate::log::Log;
use crate::ssr::{RenderError, Renderer, run_jobs};

/// Opens a sentinel.
pub const OPEN: char = '\u{E000}';
/// Closes a sentinel.
pub const CLOSE: char = '\u{E001}';

/// Object keys whose string values steer the app (routing, lookups, direction): they stay as
/// they are and are part of the shape.
const STRUCTURAL_KEYS: &[&str] = &["lang", "dir", "kind", "id", "section", "site", "path"];

/// The data keys (as [`Slotted::keys`] names them) whose values are HTML, sanitised by the
/// Rust side, which the app sets with `dangerouslySetInnerHTML`: the only values a template
/// may write unescaped.
pub const HTML_KEYS: &[&str] = &["page.post.html"];

/// Attributes holding one URL: React 19 replaces a `javascript:` URL in some of them, so a
/// value may only land in them after text that fixes the URL's scheme.
const URL_ATTRIBUTES: &[&str] = &[
    "href",
    "src",
    "action",
    "formaction",
    "xlink:href",
    "poster",
    "cite",
    "background",
    "data",
];

/// Attributes holding several URLs, where any value could start one.
const URL_LIST_ATTRIBUTES: &[&str] = &["srcset", "imagesrcset", "ping"];

/// A shape needs at least this many routes to be rendered from a template; below it, rendering
/// each route costs less than rendering and checking a template.
pub const MIN_GROUP: usize = 8;

/// Besides the first route of a shape, every `CHECK_EVERY`-th one is also rendered in full
/// and compared with its filled template.
pub const CHECK_EVERY: usize = 50;

/// One route's data with its content strings replaced by sentinels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slotted {
    /// The slotted data as JSON; routes with the same `json` share a template.
    pub json: String,
    /// The route's URL with each segment that equals a slotted value replaced by its sentinel.
    pub url: String,
    /// The values, by sentinel number.
    pub values: Vec<String>,
    /// Where each value came from, by sentinel number: its keys from the top of the data,
    /// joined with `.` (`page.post.title`, `page.posts[].slug`; `path` for the URL's).
    /// Routes of one shape have the same keys.
    pub keys: Vec<String>,
}

fn sentinel(n: usize) -> String {
    format!("{OPEN}&{n}{CLOSE}")
}

/// The values of one route, by sentinel number.
#[derive(Default)]
struct Values {
    list: Vec<String>,
    keys: Vec<String>,
    /// The first sentinel of each string under `page`, for the route's own path.
    page: HashMap<String, usize>,
    recording: bool,
}

impl Values {
    fn push(&mut self, value: String, key: &str) -> usize {
        let n = self.list.len();
        if self.recording {
            self.page.entry(value.clone()).or_insert(n);
        }
        self.list.push(value);
        self.keys.push(key.to_string());
        n
    }

    /// A site path (`/en/blog/page/3/`) keeps its structure, so the router resolves it as it
    /// would the real one: only its number segments become values.
    fn slot_path(&mut self, path: &str, key: &str) -> String {
        path.split('/')
            .map(|segment| {
                if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
                    sentinel(self.push(segment.to_string(), key))
                } else {
                    segment.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// Slots a route's data. `None` when the route cannot be templated (a value already holds a
/// sentinel character, the data is not a JSON object, or its `path` is not the URL).
pub fn slot(url: &str, data_json: &str) -> Option<Slotted> {
    if data_json.contains([OPEN, CLOSE]) {
        return None;
    }
    let mut data: Value = serde_json::from_str(data_json).ok()?;
    let Value::Object(map) = &mut data else {
        return None;
    };
    let mut values = Values::default();
    let mut key_path = String::new();
    for (key, value) in map.iter_mut() {
        if !STRUCTURAL_KEYS.contains(&key.as_str()) {
            values.recording = key == "page";
            key_path.clear();
            key_path.push_str(key);
            slot_value(value, &mut values, &mut key_path);
        }
    }
    values.recording = false;
    // The app reads the path from the data and the URL from the router: they are one. A
    // segment that is one of the page's strings (a post's slug) takes that string's sentinel,
    // so links built from the slug and the current path stay equal.
    let slotted_url = url
        .split('/')
        .map(|segment| match values.page.get(segment) {
            Some(&n) if !segment.is_empty() => sentinel(n),
            _ => values.slot_path(segment, "path"),
        })
        .collect::<Vec<_>>()
        .join("/");
    match map.get_mut("path") {
        Some(Value::String(path)) if path == url => *path = slotted_url.clone(),
        _ => return None,
    }
    Some(Slotted {
        json: serde_json::to_string(&data).ok()?,
        url: slotted_url,
        values: values.list,
        keys: values.keys,
    })
}

/// Slots the strings of `value`, found under `key_path` (restored before returning).
fn slot_value(value: &mut Value, values: &mut Values, key_path: &mut String) {
    match value {
        Value::String(s) if s.starts_with('/') => *s = values.slot_path(s, key_path),
        Value::String(s) if !s.is_empty() => {
            *s = sentinel(values.push(std::mem::take(s), key_path));
        }
        Value::Array(items) => {
            let len = key_path.len();
            key_path.push_str("[]");
            items
                .iter_mut()
                .for_each(|v| slot_value(v, values, key_path));
            key_path.truncate(len);
        }
        Value::Object(map) => {
            // Equal strings among one object's fields share a sentinel, so a screen comparing
            // two fields of a record (`updated !== date`) sees them equal in the template
            // exactly when they are, and records that differ in that have different shapes.
            // (Equal values in different records, two posts by one author, stay apart: merging
            // them would give nearly every list page a shape of its own.) HTML and text never
            // share one: a value may be written raw only if every key it stands for holds HTML.
            let mut siblings: HashMap<(bool, String), String> = HashMap::new();
            let len = key_path.len();
            for (key, v) in map.iter_mut() {
                if STRUCTURAL_KEYS.contains(&key.as_str()) {
                    continue;
                }
                key_path.push('.');
                key_path.push_str(key);
                match v {
                    Value::String(s) if !s.is_empty() && !s.starts_with('/') => {
                        let html = HTML_KEYS.contains(&key_path.as_str());
                        if let Some(sentinel) = siblings.get(&(html, s.clone())) {
                            *s = sentinel.clone();
                        } else {
                            let original = s.clone();
                            slot_value(v, values, key_path);
                            if let Value::String(slotted) = v {
                                siblings.insert((html, original), slotted.clone());
                            }
                        }
                    }
                    _ => slot_value(v, values, key_path),
                }
                key_path.truncate(len);
            }
        }
        // Empty strings, numbers, booleans and nulls are part of the shape: the screens branch
        // on them.
        _ => {}
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Text(String),
    /// A value, HTML-escaped as React escapes text and attributes.
    Escaped(usize),
    /// A value written as is (it was set with `dangerouslySetInnerHTML`).
    Raw(usize),
}

/// A rendered page cut at its sentinels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pieces: Vec<Piece>,
    text_len: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TemplateError {
    #[error("a sentinel at byte {0} is not followed by a number and its end")]
    Malformed(usize),
    #[error("a sentinel was percent-encoded (a URL was built from a slotted string): {0}")]
    Encoded(String),
    #[error("sentinel {0} has no value ({1} values)")]
    Unknown(usize, usize),
    #[error(
        "the value of `{key}` is written unescaped (dangerouslySetInnerHTML) and only {} may be: {excerpt}",
        HTML_KEYS.join(", ")
    )]
    RawNotHtml { key: String, excerpt: String },
    #[error(
        "the value of `{key}` lands {place}, where filling it in could differ from React or be unsafe: {excerpt}"
    )]
    Unsafe {
        key: String,
        place: String,
        excerpt: String,
    },
}

/// `s` around byte `at`: up to `before` bytes before it and `after` bytes after it, widened to
/// character boundaries, between ellipses.
fn excerpt(s: &str, at: usize, before: usize, after: usize) -> String {
    let mut start = at.saturating_sub(before).min(s.len());
    while start > 0 && !s.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = at.saturating_add(after).min(s.len());
    while end < s.len() && !s.is_char_boundary(end) {
        end += 1;
    }
    format!("…{}…", s.get(start..end).unwrap_or_default())
}

impl Template {
    /// Cuts the output of rendering slotted data. `keys` are the keys of the shape's values
    /// ([`Slotted::keys`]), one per sentinel. Refuses a template whose values would not be
    /// written as React writes them, or not as safely (see the module's documentation).
    pub fn parse(html: &str, keys: &[String]) -> Result<Template, TemplateError> {
        if let Some(at) = html.find("%EE%80%80").or_else(|| html.find("%ee%80%80")) {
            return Err(TemplateError::Encoded(excerpt(html, at, 60, 30)));
        }
        let mut pieces = Vec::new();
        let mut text_len = 0;
        let mut context = Context::default();
        let mut rest = html;
        while let Some((text, after_open)) = rest.split_once(OPEN) {
            let start = html.len() - rest.len() + text.len();
            if !text.is_empty() {
                context.feed(text);
                pieces.push(Piece::Text(text.to_string()));
                text_len += text.len();
            }
            let (escaped, number) = if let Some(r) = after_open.strip_prefix("&amp;") {
                (true, r)
            } else if let Some(r) = after_open.strip_prefix('&') {
                (false, r)
            } else {
                return Err(TemplateError::Malformed(start));
            };
            let (digits, after) = number
                .split_once(CLOSE)
                .ok_or(TemplateError::Malformed(start))?;
            let n: usize = digits
                .parse()
                .map_err(|_| TemplateError::Malformed(start))?;
            let key = keys.get(n).ok_or(TemplateError::Unknown(n, keys.len()))?;
            let place = if escaped {
                context.value_place()
            } else if !HTML_KEYS.contains(&key.as_str()) {
                return Err(TemplateError::RawNotHtml {
                    key: key.clone(),
                    excerpt: excerpt(html, start, 50, 20),
                });
            } else {
                context.html_place()
            };
            if let Some(place) = place {
                return Err(TemplateError::Unsafe {
                    key: key.clone(),
                    place,
                    excerpt: excerpt(html, start, 50, 20),
                });
            }
            pieces.push(if escaped {
                Piece::Escaped(n)
            } else {
                Piece::Raw(n)
            });
            rest = after;
        }
        if let Some(at) = rest.find(CLOSE) {
            return Err(TemplateError::Malformed(html.len() - rest.len() + at));
        }
        if !rest.is_empty() {
            text_len += rest.len();
            pieces.push(Piece::Text(rest.to_string()));
        }
        Ok(Template { pieces, text_len })
    }

    /// The page for one route of this shape.
    pub fn fill(&self, values: &[String]) -> String {
        let extra: usize = self
            .pieces
            .iter()
            .map(|p| match p {
                Piece::Escaped(n) | Piece::Raw(n) => values.get(*n).map_or(0, String::len),
                Piece::Text(_) => 0,
            })
            .sum();
        let mut out = String::with_capacity(self.text_len + extra + extra / 8);
        for piece in &self.pieces {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Raw(n) => out.push_str(values.get(*n).map_or("", String::as_str)),
                Piece::Escaped(n) => {
                    escape_like_react(&mut out, values.get(*n).map_or("", String::as_str))
                }
            }
        }
        out
    }

    /// How many values the page shows.
    pub fn slots_used(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| !matches!(p, Piece::Text(_)))
            .count()
    }
}

/// Where the HTML read so far has left off: enough of the HTML tokenizer to know whether a
/// value that comes next lands in text, in an attribute's value (which one, and whether the
/// text before it fixed a URL's scheme), or somewhere a value must never go.
#[derive(Debug, Default)]
enum Context {
    #[default]
    Text,
    /// After `<`.
    TagOpen,
    /// After `<!`: `-` counts the dashes of a comment's start.
    Declaration(u8),
    /// In `<!-- ... -->`; counts the dashes just read.
    Comment(u8),
    /// In `<!DOCTYPE ...>`, `<?...>` or an end tag, up to `>`.
    Bogus,
    TagName {
        name: String,
        end: bool,
    },
    /// Between attributes.
    InTag {
        tag: String,
    },
    AttrName {
        tag: String,
        name: String,
    },
    AfterAttrName {
        tag: String,
        name: String,
    },
    BeforeValue {
        tag: String,
        name: String,
    },
    Value {
        tag: String,
        name: String,
        quote: Option<char>,
        /// A character before the first value fixed the URL's scheme (or showed there is
        /// none): a `/`, `?`, `#`, `:` or anything else that is not part of a scheme.
        scheme_fixed: bool,
        /// The name of an entity being read (after `&`, before `;`).
        entity: Option<String>,
    },
    /// In `<script>` or `<style>`: `matched` characters of `</script` or `</style` read.
    RawText {
        tag: &'static str,
        matched: usize,
    },
}

impl Context {
    fn feed(&mut self, text: &str) {
        for c in text.chars() {
            self.step(c);
        }
    }

    fn step(&mut self, c: char) {
        let state = std::mem::take(self);
        *self = match state {
            Context::Text => match c {
                '<' => Context::TagOpen,
                _ => Context::Text,
            },
            Context::TagOpen => match c {
                '!' => Context::Declaration(0),
                '/' => Context::TagName {
                    name: String::new(),
                    end: true,
                },
                '?' => Context::Bogus,
                c if c.is_ascii_alphabetic() => Context::TagName {
                    name: c.to_ascii_lowercase().to_string(),
                    end: false,
                },
                '<' => Context::TagOpen,
                _ => Context::Text,
            },
            Context::Declaration(dashes) => match c {
                '-' if dashes == 1 => Context::Comment(0),
                '-' if dashes == 0 => Context::Declaration(1),
                '>' => Context::Text,
                _ => Context::Bogus,
            },
            Context::Comment(dashes) => match c {
                '>' if dashes >= 2 => Context::Text,
                '-' => Context::Comment(dashes.saturating_add(1)),
                _ => Context::Comment(0),
            },
            Context::Bogus => match c {
                '>' => Context::Text,
                _ => Context::Bogus,
            },
            Context::TagName { mut name, end } => match c {
                '>' => Context::tag_end(&name, end),
                c if c.is_whitespace() || c == '/' => {
                    if end {
                        Context::Bogus
                    } else {
                        Context::InTag { tag: name }
                    }
                }
                c => {
                    name.push(c.to_ascii_lowercase());
                    Context::TagName { name, end }
                }
            },
            Context::InTag { tag } => match c {
                '>' => Context::tag_end(&tag, false),
                c if c.is_whitespace() || c == '/' => Context::InTag { tag },
                c => Context::AttrName {
                    tag,
                    name: c.to_ascii_lowercase().to_string(),
                },
            },
            Context::AttrName { tag, mut name } => match c {
                '>' => Context::tag_end(&tag, false),
                '=' => Context::BeforeValue { tag, name },
                '/' => Context::InTag { tag },
                c if c.is_whitespace() => Context::AfterAttrName { tag, name },
                c => {
                    name.push(c.to_ascii_lowercase());
                    Context::AttrName { tag, name }
                }
            },
            Context::AfterAttrName { tag, name } => match c {
                '>' => Context::tag_end(&tag, false),
                '=' => Context::BeforeValue { tag, name },
                '/' => Context::InTag { tag },
                c if c.is_whitespace() => Context::AfterAttrName { tag, name },
                c => Context::AttrName {
                    tag,
                    name: c.to_ascii_lowercase().to_string(),
                },
            },
            Context::BeforeValue { tag, name } => match c {
                '>' => Context::tag_end(&tag, false),
                '"' | '\'' => Context::Value {
                    tag,
                    name,
                    quote: Some(c),
                    scheme_fixed: false,
                    entity: None,
                },
                c if c.is_whitespace() => Context::BeforeValue { tag, name },
                c => {
                    let mut value = Context::Value {
                        tag,
                        name,
                        quote: None,
                        scheme_fixed: false,
                        entity: None,
                    };
                    value.step(c);
                    value
                }
            },
            Context::Value {
                tag,
                name,
                quote,
                mut scheme_fixed,
                mut entity,
            } => {
                let ends = match quote {
                    Some(q) => c == q,
                    None => c.is_whitespace() || c == '>',
                };
                if ends {
                    if c == '>' {
                        Context::tag_end(&tag, false)
                    } else {
                        Context::InTag { tag }
                    }
                } else {
                    // What the character stands for in the URL once entities are decoded;
                    // `None` while an entity is read, or for one React does not write.
                    let decoded = match entity.take() {
                        Some(name) if c == ';' => decode_entity(&name),
                        Some(mut name)
                            if name.len() < 12 && (c.is_ascii_alphanumeric() || c == '#') =>
                        {
                            name.push(c);
                            entity = Some(name);
                            None
                        }
                        Some(_) => Some(c),
                        None if c == '&' => {
                            entity = Some(String::new());
                            None
                        }
                        None => Some(c),
                    };
                    if let Some(d) = decoded {
                        scheme_fixed |= !(d <= ' '
                            || d.is_ascii_alphanumeric()
                            || matches!(d, '+' | '-' | '.'));
                    }
                    Context::Value {
                        tag,
                        name,
                        quote,
                        scheme_fixed,
                        entity,
                    }
                }
            }
            Context::RawText { tag, matched } => {
                let end: &[u8] = if tag == "script" {
                    b"</script"
                } else {
                    b"</style"
                };
                let c = c.to_ascii_lowercase();
                if matched == end.len() {
                    // `</script` ends the element only before a space, `/` or `>`.
                    match c {
                        '>' => Context::Text,
                        c if c.is_whitespace() || c == '/' => Context::Bogus,
                        c => Context::RawText {
                            tag,
                            matched: usize::from(c == '<'),
                        },
                    }
                } else if end.get(matched).is_some_and(|&b| char::from(b) == c) {
                    Context::RawText {
                        tag,
                        matched: matched + 1,
                    }
                } else {
                    Context::RawText {
                        tag,
                        matched: usize::from(c == '<'),
                    }
                }
            }
        };
    }

    /// After the `>` of a tag.
    fn tag_end(tag: &str, end: bool) -> Context {
        match (tag, end) {
            ("script", false) => Context::RawText {
                tag: "script",
                matched: 0,
            },
            ("style", false) => Context::RawText {
                tag: "style",
                matched: 0,
            },
            _ => Context::Text,
        }
    }

    /// `None` if an escaped value may come here; else where it would land.
    fn value_place(&mut self) -> Option<String> {
        match self {
            Context::Text => None,
            Context::RawText { tag, .. } => Some(format!("inside <{tag}>")),
            Context::Declaration(_) | Context::Comment(_) | Context::Bogus => {
                Some("inside a comment or a declaration".into())
            }
            Context::TagOpen
            | Context::TagName { .. }
            | Context::InTag { .. }
            | Context::AttrName { .. }
            | Context::AfterAttrName { .. } => {
                Some("inside a tag, outside any attribute value".into())
            }
            Context::BeforeValue { tag, name } => {
                // An unquoted value that starts with the sentinel (React always quotes).
                let place = attribute_place(tag, name, false);
                *self = Context::Value {
                    tag: std::mem::take(tag),
                    name: std::mem::take(name),
                    quote: None,
                    scheme_fixed: true,
                    entity: None,
                };
                place
            }
            Context::Value {
                tag,
                name,
                scheme_fixed,
                ..
            } => {
                let place = attribute_place(tag, name, *scheme_fixed);
                // The text before the first value decided the scheme: later values in this
                // attribute cannot change it.
                *scheme_fixed = true;
                place
            }
        }
    }

    /// `None` if a raw (HTML) value may come here: only between elements.
    fn html_place(&self) -> Option<String> {
        match self {
            Context::Text => None,
            Context::RawText { tag, .. } => Some(format!("inside <{tag}>")),
            _ => Some("unescaped inside a tag or a comment".into()),
        }
    }
}

/// The character an entity React writes in attributes stands for; `None` for any other.
fn decode_entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "quot" => Some('"'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "#x27" | "#39" => Some('\''),
        _ => None,
    }
}

/// `None` if an escaped value may land in the value of attribute `name` of `<tag>`; else why
/// not. `scheme_fixed`: the text before it fixed the URL's scheme.
fn attribute_place(tag: &str, name: &str, scheme_fixed: bool) -> Option<String> {
    if URL_ATTRIBUTES.contains(&name) && !scheme_fixed {
        Some(format!(
            "at the start of the URL in <{tag} {name}> (React blocks javascript: URLs there)"
        ))
    } else if URL_LIST_ATTRIBUTES.contains(&name) {
        Some(format!("in <{tag} {name}>, a list of URLs"))
    } else if name == "style" {
        Some(format!("in <{tag} style> (CSS)"))
    } else if name.starts_with("on") || name == "srcdoc" {
        Some(format!("in <{tag} {name}> (code or a document)"))
    } else {
        None
    }
}

/// React DOM's escaping of text and attribute values (`escapeTextForBrowser`).
pub fn escape_like_react(out: &mut String, s: &str) {
    let mut last = 0;
    for (i, c) in s.match_indices(['"', '&', '\'', '<', '>']) {
        out.push_str(s.get(last..i).unwrap_or_default());
        out.push_str(match c {
            "\"" => "&quot;",
            "&" => "&amp;",
            "'" => "&#x27;",
            "<" => "&lt;",
            _ => "&gt;",
        });
        last = i + c.len();
    }
    out.push_str(s.get(last..).unwrap_or_default());
}

/// Where a filled template first differs from the full render, for the verbose log.
pub fn first_difference(filled: &str, rendered: &str) -> String {
    let at = filled
        .bytes()
        .zip(rendered.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(filled.len().min(rendered.len()));
    let mut out = String::new();
    let _ = write!(
        out,
        "at byte {at}: template gives {:?}, React gives {:?}",
        excerpt(filled, at, 40, 40),
        excerpt(rendered, at, 40, 40)
    );
    out
}

/// A route whose data has the shape of a template group, with its values.
struct Member {
    route: usize,
    values: Vec<String>,
}

/// Routes of one shape, rendered from one template.
struct Group {
    shape: usize,
    url: String,
    json: String,
    /// The keys of the shape's values.
    keys: Vec<String>,
    members: Vec<Member>,
}

/// How the routes will be made.
struct Plan {
    /// Shapes shared by at least [`MIN_GROUP`] routes, when templates are on.
    groups: Vec<Group>,
    /// Routes rendered one by one.
    direct: Vec<usize>,
    /// Each route's shape, if its data could be slotted.
    shape_of: Vec<Option<usize>>,
    shapes: usize,
}

/// Sorts routes into shapes, and splits them into template groups (with `templates`, a shape
/// shared by at least [`MIN_GROUP`] routes) and the routes rendered one by one.
fn plan(routes: &[(&str, &str)], templates: bool) -> Plan {
    let mut shape_of = vec![None; routes.len()];
    if routes.len() < 2 {
        return Plan {
            groups: Vec::new(),
            direct: (0..routes.len()).collect(),
            shape_of,
            shapes: 0,
        };
    }
    let slotted: Vec<Option<Slotted>> = routes
        .par_iter()
        .map(|(url, json)| slot(url, json))
        .collect();
    let mut by_shape: BTreeMap<String, Group> = Default::default();
    let mut direct = Vec::new();
    for (route, s) in slotted.into_iter().enumerate() {
        match s {
            Some(s) => {
                by_shape
                    .entry(s.json)
                    .or_insert_with_key(|json| Group {
                        shape: 0,
                        url: s.url,
                        json: json.clone(),
                        keys: s.keys,
                        members: Vec::new(),
                    })
                    .members
                    .push(Member {
                        route,
                        values: s.values,
                    });
            }
            None => direct.push(route),
        }
    }
    let shapes = by_shape.len();
    let mut groups = Vec::new();
    for (shape, mut group) in by_shape.into_values().enumerate() {
        for m in &group.members {
            if let Some(s) = shape_of.get_mut(m.route) {
                *s = Some(shape);
            }
        }
        if templates && group.members.len() >= MIN_GROUP {
            group.shape = shape;
            groups.push(group);
        } else {
            direct.extend(group.members.iter().map(|m| m.route));
        }
    }
    direct.sort_unstable();
    Plan {
        groups,
        direct,
        shape_of,
        shapes,
    }
}

/// Members of a group that are also rendered in full, to check its template against.
fn is_checked(position: usize, len: usize) -> bool {
    position.is_multiple_of(CHECK_EVERY) || position + 1 == len
}

/// How [`render_many`] made its pages.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Pages filled from a template instead of rendered by React.
    pub from_templates: usize,
    /// Templates rendered (each checked against full renders of its shape).
    pub templates: usize,
}

/// Renders through `renderer`, except routes of a shape in which a render already timed out:
/// those fail at once, naming the route that timed out.
struct Renders<'a, R: ?Sized> {
    renderer: &'a R,
    /// Per shape: the route whose render timed out.
    stalled: Vec<OnceLock<String>>,
}

impl<R: Renderer + ?Sized> Renders<'_, R> {
    /// Renders `data` at `url` on `worker`; `label` names the route in messages.
    fn render(
        &self,
        worker: usize,
        (url, data): (&str, &str),
        shape: Option<usize>,
        label: &str,
    ) -> Result<String, String> {
        let stalled = shape.and_then(|s| self.stalled.get(s));
        if let Some(first) = stalled.and_then(OnceLock::get) {
            return Err(format!(
                "not rendered: rendering {first}, of the same data shape, timed out, so the rest \
                 of the shape fails without waiting"
            ));
        }
        match self.renderer.render(worker, url, data) {
            Ok(html) => Ok(html),
            Err(RenderError::TimedOut { timeout, .. }) => {
                if let Some(cell) = stalled {
                    let _ = cell.set(label.to_string());
                }
                Err(RenderError::TimedOut {
                    url: label.to_string(),
                    timeout,
                }
                .to_string())
            }
            Err(e) => Err(e.to_string()),
        }
    }
}

/// Renders `routes` (`(url, data)`), calling `finish(index, html or error)` for each as soon
/// as it is made, from any thread. With `templates`, routes of one shape are filled from one
/// template once it reproduced the full render of the routes checked against it; the rest,
/// and the routes of a template that did not, go through `renderer`. After a render times out,
/// the routes of its shape that were not rendered yet fail at once.
pub fn render_many<R, F>(
    renderer: &R,
    routes: &[(&str, &str)],
    templates: bool,
    log: Log,
    finish: F,
) -> Stats
where
    R: Renderer + ?Sized,
    F: Fn(usize, Result<String, String>) + Sync,
{
    let Plan {
        groups,
        direct,
        shape_of,
        shapes,
    } = plan(routes, templates);
    let renders = Renders {
        renderer,
        stalled: (0..shapes).map(|_| OnceLock::new()).collect(),
    };
    let route = |i: usize| routes.get(i).copied().unwrap_or_default();
    let shape = |i: usize| shape_of.get(i).copied().flatten();

    // First pass: each group's template, the routes checked against it, and every route that
    // has no group.
    #[derive(Clone, Copy)]
    enum Job {
        Template(usize),
        Route(usize),
    }
    let mut jobs: Vec<Job> = (0..groups.len()).map(Job::Template).collect();
    let mut checked: HashSet<usize> = Default::default();
    for g in &groups {
        for (pos, m) in g.members.iter().enumerate() {
            if is_checked(pos, g.members.len()) {
                checked.insert(m.route);
                jobs.push(Job::Route(m.route));
            }
        }
    }
    jobs.extend(direct.iter().map(|&i| Job::Route(i)));
    let templates: Vec<Mutex<Option<Result<String, String>>>> =
        groups.iter().map(|_| Mutex::new(None)).collect();
    let full_renders: Mutex<HashMap<usize, String>> = Default::default();
    let t = Instant::now();
    run_jobs(renderer.size(), &jobs, |worker, _, job| match *job {
        Job::Template(g) => {
            let (Some(group), Some(cell)) = (groups.get(g), templates.get(g)) else {
                return;
            };
            let label = format!(
                "the template of {}",
                group.members.first().map_or("", |m| route(m.route).0)
            );
            let result =
                renders.render(worker, (&group.url, &group.json), Some(group.shape), &label);
            *cell.lock().unwrap_or_else(|p| p.into_inner()) = Some(result);
        }
        Job::Route(i) => {
            let result = renders.render(worker, route(i), shape(i), route(i).0);
            if let (true, Ok(html)) = (checked.contains(&i), &result) {
                full_renders
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(i, html.clone());
            }
            finish(i, result);
        }
    });

    log.verbose(&format!(
        "    React      {:>8.1} ms  ({} routes, {} templates)",
        t.elapsed().as_secs_f64() * 1000.0,
        jobs.len() - groups.len(),
        groups.len()
    ));
    let t = Instant::now();

    // Second pass: fill each trusted template; routes of a template that did not match are
    // rendered one by one.
    let full_renders = full_renders.into_inner().unwrap_or_else(|p| p.into_inner());
    let mut from_templates = 0;
    let mut fallback = Vec::new();
    for (group, rendered) in groups.iter().zip(templates) {
        let rendered = rendered.into_inner().unwrap_or_else(|p| p.into_inner());
        let template = match rendered {
            Some(Ok(html)) => Template::parse(&html, &group.keys).map_err(|e| e.to_string()),
            Some(Err(e)) => Err(e),
            None => Err("it was not rendered".into()),
        }
        .and_then(|t| {
            for m in &group.members {
                if let Some(full) = full_renders.get(&m.route) {
                    let filled = t.fill(&m.values);
                    if &filled != full {
                        return Err(format!(
                            "it does not reproduce {} {}",
                            route(m.route).0,
                            first_difference(&filled, full)
                        ));
                    }
                } else if checked.contains(&m.route) {
                    return Err(format!("{} failed to render in full", route(m.route).0));
                }
            }
            Ok(t)
        });
        let rest = group.members.iter().filter(|m| !checked.contains(&m.route));
        match template {
            Ok(t) => {
                let rest: Vec<&Member> = rest.collect();
                rest.par_iter()
                    .for_each(|m| finish(m.route, Ok(t.fill(&m.values))));
                from_templates += rest.len();
            }
            Err(why) => {
                log.verbose(&format!(
                    "  the template for {} ({} routes) is not used, {why}; they are rendered one by one",
                    group.members.first().map_or("", |m| route(m.route).0),
                    group.members.len()
                ));
                fallback.extend(rest.map(|m| m.route));
            }
        }
    }
    if from_templates > 0 {
        log.verbose(&format!(
            "    templates  {:>8.1} ms  ({from_templates} routes filled)",
            t.elapsed().as_secs_f64() * 1000.0
        ));
    }
    if !fallback.is_empty() {
        run_jobs(renderer.size(), &fallback, |worker, _, &i| {
            finish(i, renders.render(worker, route(i), shape(i), route(i).0));
        });
    }

    Stats {
        from_templates,
        templates: groups.len(),
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    fn data(slug: &str, title: &str, html: &str) -> String {
        serde_json::json!({
            "path": format!("/en/blog/{slug}/"),
            "lang": "en",
            "head": {"lang": "en", "dir": "ltr", "title": title},
            "site": {"companyName": "Nahj", "phone": "+971"},
            "page": {"kind": "blogPost", "post": {"slug": slug, "title": title, "excerpt": "", "html": html, "n": 3}}
        })
        .to_string()
    }

    /// Keys for a template of `n` values, none of them HTML.
    fn text_keys(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("page.text{i}")).collect()
    }

    #[test]
    fn routes_that_differ_only_in_strings_share_a_shape() {
        let a = slot("/en/blog/a/", &data("a", "A", "<p>a</p>")).unwrap();
        let b = slot("/en/blog/bee/", &data("bee", "Bee & co", "<p>b</p>")).unwrap();
        assert_eq!(a.json, b.json);
        assert_eq!(a.url, b.url);
        assert_ne!(a.values, b.values);
        assert_eq!(a.keys, b.keys);
        // Structural strings and the site stay; the slug in the path becomes its sentinel.
        assert!(a.json.contains("\"kind\":\"blogPost\""), "{}", a.json);
        assert!(a.json.contains("\"companyName\":\"Nahj\""), "{}", a.json);
        assert!(a.url.starts_with("/en/blog/\u{E000}&"), "{}", a.url);
        assert!(a.url.ends_with("\u{E001}/"), "{}", a.url);
        // Empty strings are part of the shape.
        assert!(a.json.contains("\"excerpt\":\"\""), "{}", a.json);
        let c = slot("/en/blog/c/", &data("c", "", "<p>c</p>")).unwrap();
        assert_ne!(a.json, c.json);
    }

    #[test]
    fn each_value_knows_the_key_it_came_from() {
        let s = slot("/en/blog/a/", &data("a", "A", "<p>a</p>")).unwrap();
        let key_of = |value: &str| {
            let n = s.values.iter().position(|v| v == value).unwrap();
            s.keys[n].as_str()
        };
        assert_eq!(key_of("A"), "head.title");
        assert_eq!(key_of("a"), "page.post.slug");
        assert_eq!(key_of("<p>a</p>"), "page.post.html");
        assert_eq!(s.keys.len(), s.values.len());
        let list = serde_json::json!({
            "path": "/en/blog/page/2/", "lang": "en",
            "page": {"kind": "blog", "posts": [{"slug": "p", "title": "T"}],
                     "pagination": {"label": "Page 2", "next": "/en/blog/page/3/"}}
        });
        let s = slot("/en/blog/page/2/", &list.to_string()).unwrap();
        let pairs: Vec<(&str, &str)> = s
            .values
            .iter()
            .map(String::as_str)
            .zip(s.keys.iter().map(String::as_str))
            .collect();
        assert_eq!(
            pairs,
            vec![
                ("p", "page.posts[].slug"),
                ("T", "page.posts[].title"),
                ("Page 2", "page.pagination.label"),
                ("3", "page.pagination.next"),
                ("2", "path"),
            ]
        );
    }

    #[test]
    fn html_and_text_never_share_a_sentinel() {
        // A body equal to the title: the title may not be written raw through the body's
        // sentinel, nor the body escaped through the title's.
        let s = slot("/en/blog/a/", &data("a", "Same", "Same")).unwrap();
        let html = s.keys.iter().position(|k| k == "page.post.html").unwrap();
        let title = s.keys.iter().position(|k| k == "page.post.title").unwrap();
        assert_ne!(html, title);
        assert_eq!(s.values[html], s.values[title]);
    }

    #[test]
    fn list_pages_share_a_shape_through_their_number() {
        let page = |n: usize| {
            let path = format!("/en/blog/page/{n}/");
            let json = serde_json::json!({
                "path": path, "lang": "en",
                "page": {"kind": "blog", "posts": [{"slug": format!("p{n}")}],
                         "pagination": {"label": format!("Page {n} of 9"), "prev": format!("/en/blog/page/{}/", n - 1), "next": format!("/en/blog/page/{}/", n + 1)}}
            });
            slot(&path, &json.to_string()).unwrap()
        };
        let (two, three) = (page(2), page(3));
        assert_eq!(two.json, three.json);
        assert_eq!(two.url, three.url);
        assert!(two.values.contains(&"2".to_string()), "{:?}", two.values);
        assert!(
            two.json.contains("\"prev\":\"/en/blog/page/\u{E000}&"),
            "{}",
            two.json
        );
        assert!(
            two.url.starts_with("/en/blog/page/\u{E000}&"),
            "{}",
            two.url
        );
        // The data's path and the URL must be one.
        assert_eq!(
            slot(
                "/en/blog/page/4/",
                &serde_json::json!({"path": "/en/x/"}).to_string()
            ),
            None
        );
    }

    #[test]
    fn equal_strings_share_a_sentinel_so_comparisons_keep_their_shape() {
        let route = |author: &str| {
            let json = serde_json::json!({
                "path": "/en/blog/x/", "lang": "en",
                "page": {"kind": "blogPost", "post": {"slug": "x", "title": "Same", "author": author}}
            });
            slot("/en/blog/x/", &json.to_string()).unwrap()
        };
        let (equal, different) = (route("Same"), route("Other"));
        assert_ne!(equal.json, different.json);
        assert_eq!(equal.values, vec!["x", "Same"]);
        // The path's `blog` is the page kind, not a value: it stays.
        assert!(
            equal.url.starts_with("/en/blog/\u{E000}&0"),
            "{}",
            equal.url
        );
    }

    #[test]
    fn a_value_holding_a_sentinel_character_is_not_templated() {
        assert_eq!(slot("/en/blog/a/", &data("a", "x\u{E000}y", "")), None);
    }

    #[test]
    fn fill_escapes_text_like_react_and_keeps_raw_html() {
        let s = slot("/en/blog/a/", &data("a", "T", "<p>x</p>")).unwrap();
        let title = s.values.iter().position(|v| v == "T").unwrap();
        let html = s.values.iter().position(|v| v == "<p>x</p>").unwrap();
        // What React writes for {title} in text and dangerouslySetInnerHTML={{__html: html}}.
        let rendered = format!(
            "<h1 title=\"{o}&amp;{title}{c}\">{o}&amp;{title}{c}</h1><div>{o}&{html}{c}</div>",
            o = OPEN,
            c = CLOSE
        );
        let t = Template::parse(&rendered, &s.keys).unwrap();
        assert_eq!(t.slots_used(), 3);
        let mut values = s.values.clone();
        values[title] = "Visas & \"permits\" <now> 'x'".into();
        values[html] = "<p>raw & kept</p>".into();
        assert_eq!(
            t.fill(&values),
            "<h1 title=\"Visas &amp; &quot;permits&quot; &lt;now&gt; &#x27;x&#x27;\">Visas &amp; &quot;permits&quot; &lt;now&gt; &#x27;x&#x27;</h1><div><p>raw & kept</p></div>"
        );
    }

    #[test]
    fn only_keys_declared_to_hold_html_are_written_raw() {
        let keys = vec!["page.post.title".to_string(), "page.post.html".to_string()];
        // The body raw, the title escaped: as React does.
        assert!(
            Template::parse(
                "<h1>\u{E000}&amp;0\u{E001}</h1><div>\u{E000}&1\u{E001}</div>",
                &keys
            )
            .is_ok()
        );
        // The title raw (a screen that set it with dangerouslySetInnerHTML): refused.
        let err = Template::parse("<h1>\u{E000}&0\u{E001}</h1>", &keys).unwrap_err();
        assert!(
            matches!(&err, TemplateError::RawNotHtml { key, .. } if key == "page.post.title"),
            "{err:?}"
        );
        assert!(err.to_string().contains("`page.post.title`"), "{err}");
        assert!(err.to_string().contains("page.post.html"), "{err}");
        // The body raw anywhere but between elements: refused.
        assert!(Template::parse("<p title=\"\u{E000}&1\u{E001}\">", &keys).is_err());
        assert!(Template::parse("<script>\u{E000}&1\u{E001}</script>", &keys).is_err());
    }

    /// `Ok` or the place named in the error.
    fn place(html: &str) -> Result<(), String> {
        match Template::parse(html, &text_keys(2)) {
            Ok(_) => Ok(()),
            Err(TemplateError::Unsafe { place, .. }) => Err(place),
            Err(e) => panic!("{html}: {e}"),
        }
    }

    #[test]
    fn a_value_at_the_start_of_a_url_attribute_is_refused() {
        let s = "\u{E000}&amp;0\u{E001}";
        for (tag, attribute) in [
            ("a", "href"),
            ("img", "src"),
            ("form", "action"),
            ("button", "formaction"),
            ("video", "poster"),
            ("use", "xlink:href"),
            ("blockquote", "cite"),
        ] {
            for value in [
                s.to_string(),
                format!("  {s}"),
                format!("java{s}"),
                format!("&#106;{s}"),
            ] {
                let html = format!("<p>x</p><{tag} class=\"c\" {attribute}=\"{value}\">y</{tag}>");
                let why = place(&html).expect_err(&html);
                assert!(why.contains(attribute) && why.contains("URL"), "{why}");
            }
            // Upper case is the same attribute.
            let html = format!("<{tag} {}='{s}'>", attribute.to_uppercase());
            assert!(place(&html).is_err(), "{html}");
        }
        for value in [
            format!("{s} 1x"),
            format!("/a.png 1x, {s} 2x"),
            format!("/a/{s}.png"),
        ] {
            let html = format!("<img src=\"/a.png\" srcset=\"{value}\">");
            assert!(place(&html).unwrap_err().contains("list of URLs"), "{html}");
        }
    }

    #[test]
    fn a_value_after_text_that_fixes_the_scheme_is_filled() {
        let s = "\u{E000}&amp;0\u{E001}";
        let t = "\u{E000}&amp;1\u{E001}";
        for value in [
            format!("/en/blog/{s}/"),
            format!("/en/blog/page/{s}/#{t}"),
            format!("https://wa.me/{s}"),
            format!("mailto:{s}?subject={t}"),
            format!("tel:{s}"),
            format!("?q={s}"),
            format!("#{s}"),
            format!("&amp;{s}"),
            format!("&#x27;{s}"),
        ] {
            let html = format!("<a href=\"{value}\" title=\"{t}\">{s}</a><img src=\"{value}\">");
            assert_eq!(place(&html), Ok(()), "{html}");
        }
        // Other attributes and text take any value: React only escapes them.
        assert_eq!(
            place(&format!(
                "<p class=\"{s}\" data-x=\"{s}\" aria-label=\"{t}\">{s}</p>"
            )),
            Ok(())
        );
    }

    #[test]
    fn a_value_inside_script_style_or_code_is_refused() {
        let s = "\u{E000}&amp;0\u{E001}";
        for (html, expected) in [
            (
                format!("<script>var t = \"{s}\";</script>"),
                "inside <script>",
            ),
            (
                format!("<script type=\"application/json\">{{\"a\":\"{s}\"}}</script>"),
                "inside <script>",
            ),
            (
                format!("<STYLE>.a::after {{ content: \"{s}\" }}</STYLE>"),
                "inside <style>",
            ),
            (
                format!("<script>\"</scripts>{s}\"</script>"),
                "inside <script>",
            ),
            (format!("<p style=\"color: {s}\">"), "style"),
            (format!("<p onclick=\"go('{s}')\">"), "onclick"),
            (format!("<iframe srcdoc=\"{s}\">"), "srcdoc"),
            (format!("<!-- {s} -->"), "comment"),
            (format!("<p {s}=\"x\">"), "outside any attribute value"),
            (format!("<{s}>"), "outside any attribute value"),
        ] {
            let why = place(&html).expect_err(&html);
            assert!(why.contains(expected), "{html}: {why}");
        }
        // After the element ends, text is text again.
        for html in [
            format!("<script>var a = 1 < 2;</script><p>{s}</p>"),
            format!("<style>a > b {{}}</style ><p>{s}</p>"),
            format!("<!-- a -- b --><p>{s}</p>"),
            format!("<!DOCTYPE html><p>{s}</p>"),
        ] {
            assert_eq!(place(&html), Ok(()), "{html}");
        }
    }

    #[test]
    fn the_reason_a_template_is_refused_names_the_key_and_the_place() {
        let keys = vec!["page.post.title".to_string()];
        let err = Template::parse(
            "<nav><a class=\"x\" href=\"\u{E000}&amp;0\u{E001}\">عنوان</a></nav>",
            &keys,
        )
        .unwrap_err()
        .to_string();
        assert!(err.contains("`page.post.title`"), "{err}");
        assert!(err.contains("<a href>"), "{err}");
        assert!(err.contains("href=\""), "the excerpt shows where: {err}");
    }

    #[test]
    fn malformed_or_encoded_sentinels_are_refused() {
        let keys = text_keys(2);
        assert_eq!(
            Template::parse("a\u{E000}x1\u{E001}", &keys),
            Err(TemplateError::Malformed(1))
        );
        assert_eq!(
            Template::parse("a\u{E000}&1", &keys),
            Err(TemplateError::Malformed(1))
        );
        assert_eq!(
            Template::parse("<a href=\"/en/blog/%EE%80%80&amp;1%EE%80%81/\">", &keys),
            Err(TemplateError::Encoded(
                "…<a href=\"/en/blog/%EE%80%80&amp;1%EE%80%81/\">…".into()
            ))
        );
        assert_eq!(
            Template::parse("\u{E000}&amp;7\u{E001}", &keys),
            Err(TemplateError::Unknown(7, 2))
        );
        assert_eq!(
            Template::parse("x\u{E001}", &keys),
            Err(TemplateError::Malformed(1))
        );
    }

    #[test]
    fn arabic_text_around_a_sentinel_never_splits_a_character() {
        // Two-byte Arabic letters at every offset around the encoded sentinel and a difference.
        for pad in 0..4 {
            let arabic = "ب".repeat(40);
            let html = format!(
                "{}{arabic}<a href=\"/ar/مدونة/%EE%80%80&amp;1%EE%80%81/\">{arabic}</a>",
                "x".repeat(pad)
            );
            let err = Template::parse(&html, &text_keys(2)).unwrap_err();
            assert!(matches!(err, TemplateError::Encoded(_)), "{err:?}");
            let a = format!("{}{arabic}ا{arabic}", "x".repeat(pad));
            let b = format!("{}{arabic}ي{arabic}", "x".repeat(pad));
            let d = first_difference(&a, &b);
            assert!(d.contains("template gives"), "{d}");
        }
        // "دليل" is 8 bytes; byte 3 is inside its second letter.
        assert_eq!(excerpt("دليل", 3, 1, 1), "…ل…");
        assert_eq!(excerpt("دليل", 3, 2, 2), "…دلي…");
        assert_eq!(excerpt("دليل", 100, 1, 1), "……");
        assert_eq!(excerpt("", 5, 10, 10), "……");
        let mut out = String::new();
        escape_like_react(&mut out, "«دليل» & 'ب' <ت>");
        assert_eq!(out, "«دليل» &amp; &#x27;ب&#x27; &lt;ت&gt;");
    }

    proptest::proptest! {
        #[test]
        fn parsing_any_text_never_panics(
            parts in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::string::string_regex("[a-z<>\"'=/ &;#!-]{0,12}").unwrap(),
                    proptest::string::string_regex("\\PC{0,6}").unwrap(),
                    proptest::strategy::Just("\u{E000}&amp;0\u{E001}".to_string()),
                    proptest::strategy::Just("\u{E000}&1\u{E001}".to_string()),
                    proptest::strategy::Just("\u{E000}".to_string()),
                    proptest::strategy::Just("%EE%80%80".to_string()),
                ],
                0..24,
            ),
        ) {
            let html: String = parts.concat();
            let keys = vec!["page.post.title".to_string(), "page.post.html".to_string()];
            if let Ok(t) = Template::parse(&html, &keys) {
                let _ = t.fill(&["ب & <".to_string(), "<p>ا</p>".to_string()]);
            }
            let _ = first_difference(&html, "ب");
        }
    }

    #[test]
    fn text_without_sentinels_is_one_piece() {
        let t = Template::parse("<p>plain</p>", &[]).unwrap();
        assert_eq!(t.fill(&[]), "<p>plain</p>");
        assert_eq!(t.slots_used(), 0);
    }

    /// How the stand-in for React writes a post's title.
    #[derive(Clone, Copy, PartialEq)]
    enum Title {
        Escaped,
        /// Upper-cased: the template cannot reproduce it.
        Shouted,
        /// Set with dangerouslySetInnerHTML.
        Raw,
        /// As the link's whole URL.
        Href,
    }

    /// A stand-in for React: renders a post's title, its author and its raw HTML, from the
    /// data it is given.
    struct FakeReact {
        title: Title,
    }

    impl Renderer for FakeReact {
        fn render(&self, _worker: usize, url: &str, data: &str) -> Result<String, RenderError> {
            let d: Value = serde_json::from_str(data).unwrap();
            let post = &d["page"]["post"];
            let text = |v: &Value| {
                let mut out = String::new();
                escape_like_react(&mut out, v.as_str().unwrap_or(""));
                out
            };
            let title = match self.title {
                Title::Escaped => text(&post["title"]),
                Title::Shouted => text(&post["title"]).to_uppercase(),
                Title::Raw => post["title"].as_str().unwrap_or("").to_string(),
                Title::Href => format!("<a href=\"{}\">more</a>", text(&post["title"])),
            };
            Ok(format!(
                "<a href=\"{}\">{title}</a><p>By {}</p><div>{}</div>",
                text(&Value::String(url.to_string())),
                text(&post["author"]),
                post["html"].as_str().unwrap_or("")
            ))
        }

        fn size(&self) -> usize {
            2
        }
    }

    fn render_with(
        renderer: &impl Renderer,
        routes: &[(String, String)],
        templates: bool,
    ) -> (Vec<Result<String, String>>, Stats) {
        let jobs: Vec<(&str, &str)> = routes
            .iter()
            .map(|(u, d)| (u.as_str(), d.as_str()))
            .collect();
        let out: Vec<Mutex<Option<Result<String, String>>>> =
            routes.iter().map(|_| Mutex::new(None)).collect();
        let stats = render_many(
            renderer,
            &jobs,
            templates,
            Log(crate::build::Verbosity::Quiet),
            |i, html| {
                let previous = out[i].lock().unwrap().replace(html);
                assert!(previous.is_none(), "route {i} was finished twice");
            },
        );
        (
            out.into_iter()
                .map(|m| m.into_inner().unwrap().expect("every route is finished"))
                .collect(),
            stats,
        )
    }

    fn pages(
        renderer: &FakeReact,
        routes: &[(String, String)],
        templates: bool,
    ) -> (Vec<String>, Stats) {
        let (out, stats) = render_with(renderer, routes, templates);
        (out.into_iter().map(Result::unwrap).collect(), stats)
    }

    fn posts(n: usize) -> Vec<(String, String)> {
        (0..n)
            .map(|i| {
                let slug = format!("post-{i}");
                (
                    format!("/en/blog/{slug}/"),
                    data(
                        &slug,
                        &format!("Title {i} & <\"co\">"),
                        &format!("<p>{i} & raw</p>"),
                    ),
                )
            })
            .collect()
    }

    #[test]
    fn templated_pages_equal_rendered_pages() {
        let routes = posts(60);
        let react = FakeReact {
            title: Title::Escaped,
        };
        let (direct, none) = pages(&react, &routes, false);
        let (templated, stats) = pages(&react, &routes, true);
        assert_eq!(none, Stats::default());
        // Routes 0, 50 and 59 are checked against a full render; the other 57 are filled.
        assert_eq!(
            stats,
            Stats {
                from_templates: 57,
                templates: 1
            }
        );
        assert_eq!(templated, direct);
        assert_eq!(
            direct[3],
            "<a href=\"/en/blog/post-3/\">Title 3 &amp; &lt;&quot;co&quot;&gt;</a><p>By </p><div><p>3 & raw</p></div>"
        );
    }

    #[test]
    fn a_template_that_breaks_a_rule_or_does_not_reproduce_the_render_is_not_used() {
        let routes = posts(20);
        for title in [Title::Shouted, Title::Raw, Title::Href] {
            let react = FakeReact { title };
            let (direct, _) = pages(&react, &routes, false);
            let (templated, stats) = pages(&react, &routes, true);
            assert_eq!(
                stats,
                Stats {
                    from_templates: 0,
                    templates: 1
                }
            );
            assert_eq!(templated, direct);
        }
    }

    #[test]
    fn few_routes_of_a_shape_are_rendered_one_by_one() {
        let routes = posts(MIN_GROUP - 1);
        let (_, stats) = pages(
            &FakeReact {
                title: Title::Escaped,
            },
            &routes,
            true,
        );
        assert_eq!(stats, Stats::default());
    }

    #[test]
    fn the_difference_is_shown_in_context() {
        let d = first_difference("<h1>TITLE</h1>", "<h1>Title</h1>");
        assert!(d.starts_with("at byte 5:"), "{d}");
    }

    /// Times out (after a moment, as a hung worker would) on data with `page.hang`, counting
    /// the renders it was asked for.
    struct Hangs {
        calls: AtomicUsize,
    }

    impl Renderer for Hangs {
        fn render(&self, _worker: usize, url: &str, data: &str) -> Result<String, RenderError> {
            self.calls.fetch_add(1, Ordering::SeqCst);
            let d: Value = serde_json::from_str(data).unwrap();
            if d["page"]["hang"] == true {
                std::thread::sleep(Duration::from_millis(50));
                return Err(RenderError::TimedOut {
                    url: url.into(),
                    timeout: Duration::from_millis(50),
                });
            }
            Ok(format!(
                "<h1>{}</h1>",
                d["page"]["title"].as_str().unwrap_or("")
            ))
        }

        fn size(&self) -> usize {
            2
        }
    }

    /// `n` routes of a shape that hangs and `n` of one that does not.
    fn hanging_routes(n: usize) -> Vec<(String, String)> {
        (0..2 * n)
            .map(|i| {
                let path = format!("/en/x/{i}/");
                let page =
                    serde_json::json!({"kind": "x", "hang": i % 2 == 0, "title": format!("T{i}")});
                let data = serde_json::json!({"path": path, "lang": "en", "page": page});
                (path, data.to_string())
            })
            .collect()
    }

    #[test]
    fn after_a_time_out_the_rest_of_the_shape_fails_at_once() {
        for templates in [true, false] {
            let routes = hanging_routes(20);
            let hangs = Hangs {
                calls: AtomicUsize::new(0),
            };
            let (out, _) = render_with(&hangs, &routes, templates);
            for (i, result) in out.iter().enumerate() {
                if i % 2 == 0 {
                    let err = result.as_ref().unwrap_err();
                    assert!(
                        err.contains("took longer than")
                            || err.contains("same data shape, timed out"),
                        "{err}"
                    );
                } else {
                    assert_eq!(result.as_deref(), Ok(format!("<h1>T{i}</h1>").as_str()));
                }
            }
            // The first render of the hanging shape on each of the 2 workers at most (the
            // template and a checked route, or two routes), then the 20 that do not hang,
            // rendered or checked.
            let hung = hangs.calls.load(Ordering::SeqCst) - 20;
            assert!(
                hung <= 2 + usize::from(templates),
                "{hung} renders of the hanging shape"
            );
        }
    }

    /// The real worker script and pool, on a bundle that loops forever for one shape.
    #[test]
    fn a_hung_shape_costs_one_time_out_not_one_per_route() {
        let project = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let timeout = Duration::from_millis(500);
        let pool = crate::ssr::NodePool::start(
            crate::ssr::WorkerConfig {
                node: crate::assets::node_binary(project),
                script: project.join("site/ssr-worker.mjs"),
                bundle: project.join("tests/fixtures/ssr-bundles/hangs.mjs"),
                timeout,
                compile_cache: None,
            },
            2,
        )
        .unwrap();
        let routes = hanging_routes(30);
        let t = Instant::now();
        let (out, _) = render_with(&pool, &routes, true);
        let elapsed = t.elapsed();
        // One route at a time per worker would take 30 × 0.5 s / 2 = 7.5 s.
        assert!(elapsed < Duration::from_secs(4), "{elapsed:?}");
        let failed = out.iter().filter(|r| r.is_err()).count();
        assert_eq!(failed, 30);
        assert_eq!(out[1].as_deref(), Ok("<h1>T1</h1>"));
    }
}
