//! Rendering many routes of one shape from one React render.
//!
//! Most of a large site is blog posts whose markup differs only in the strings they show
//! (title, author, date, body...). Rendering each through React costs about 1.5 ms; filling
//! strings into a template costs microseconds. So, before rendering, every route's data is
//! *slotted*: each string that is content (not a key the app branches on: `lang`, `dir`,
//! `kind`, `id`, `section`, or anything under `site`) is replaced by a sentinel
//! `U+E000 & <n> U+E001`, and its value is kept aside. Routes whose slotted data is identical
//! have the same *shape*; one of each shape is rendered with the sentinels instead of the
//! strings, and the output is cut at the sentinels into a [`Template`].
//!
//! React escapes `&` in text and attributes (to `&amp;`) but not in `dangerouslySetInnerHTML`,
//! so each sentinel in the output also says how its value must be written: escaped exactly as
//! React escapes, or raw.
//!
//! A template is only trusted after it reproduced, byte for byte, the full render of several
//! routes of its shape (see [`CHECK_EVERY`]); a screen that transforms a string (upper-cases
//! it, measures it, looks it up) fails that check, and its routes are rendered one by one.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Write as _;
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use serde_json::Value;

use crate::build::Log;
use crate::ssr::{Renderer, render_all};

/// Opens a sentinel.
pub const OPEN: char = '\u{E000}';
/// Closes a sentinel.
pub const CLOSE: char = '\u{E001}';

/// Object keys whose string values steer the app (routing, lookups, direction): they stay as
/// they are and are part of the shape.
const STRUCTURAL_KEYS: &[&str] = &["lang", "dir", "kind", "id", "section", "site", "path"];

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
}

fn sentinel(n: usize) -> String {
    format!("{OPEN}&{n}{CLOSE}")
}

/// The values of one route, by sentinel number.
#[derive(Default)]
struct Values {
    list: Vec<String>,
    /// The first sentinel of each string under `page`, for the route's own path.
    page: HashMap<String, usize>,
    recording: bool,
}

impl Values {
    fn push(&mut self, value: String) -> usize {
        let n = self.list.len();
        if self.recording {
            self.page.entry(value.clone()).or_insert(n);
        }
        self.list.push(value);
        n
    }

    /// A site path (`/en/blog/page/3/`) keeps its structure, so the router resolves it as it
    /// would the real one: only its number segments become values.
    fn slot_path(&mut self, path: &str) -> String {
        path.split('/')
            .map(|segment| {
                if !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_digit()) {
                    sentinel(self.push(segment.to_string()))
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
    for (key, value) in map.iter_mut() {
        if !STRUCTURAL_KEYS.contains(&key.as_str()) {
            values.recording = key == "page";
            slot_value(value, &mut values);
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
            _ => values.slot_path(segment),
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
    })
}

fn slot_value(value: &mut Value, values: &mut Values) {
    match value {
        Value::String(s) if s.starts_with('/') => *s = values.slot_path(s),
        Value::String(s) if !s.is_empty() => *s = sentinel(values.push(std::mem::take(s))),
        Value::Array(items) => items.iter_mut().for_each(|v| slot_value(v, values)),
        Value::Object(map) => {
            // Equal strings among one object's fields share a sentinel, so a screen comparing
            // two fields of a record (`updated !== date`) sees them equal in the template
            // exactly when they are, and records that differ in that have different shapes.
            // (Equal values in different records, two posts by one author, stay apart: merging
            // them would give nearly every list page a shape of its own.)
            let mut siblings: HashMap<String, String> = HashMap::new();
            for (key, v) in map.iter_mut() {
                if STRUCTURAL_KEYS.contains(&key.as_str()) {
                    continue;
                }
                match v {
                    Value::String(s) if !s.is_empty() && !s.starts_with('/') => {
                        if let Some(sentinel) = siblings.get(s.as_str()) {
                            *s = sentinel.clone();
                        } else {
                            let original = s.clone();
                            slot_value(v, values);
                            if let Value::String(slotted) = v {
                                siblings.insert(original, slotted.clone());
                            }
                        }
                    }
                    _ => slot_value(v, values),
                }
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
}

impl Template {
    /// Cuts the output of rendering slotted data. `slots` is the number of values of the shape.
    pub fn parse(html: &str, slots: usize) -> Result<Template, TemplateError> {
        if let Some(at) = html.find("%EE%80%80").or_else(|| html.find("%ee%80%80")) {
            let mut start = at.saturating_sub(60);
            while !html.is_char_boundary(start) {
                start -= 1;
            }
            let end = (at + 30).min(html.len());
            return Err(TemplateError::Encoded(format!("…{}…", &html[start..end])));
        }
        let mut pieces = Vec::new();
        let mut text_len = 0;
        let mut pos = 0;
        while let Some(found) = html[pos..].find(OPEN) {
            let start = pos + found;
            if start > pos {
                pieces.push(Piece::Text(html[pos..start].to_string()));
                text_len += start - pos;
            }
            let after = start + OPEN.len_utf8();
            let (escaped, digits) = if html[after..].starts_with("&amp;") {
                (true, after + "&amp;".len())
            } else if html[after..].starts_with('&') {
                (false, after + 1)
            } else {
                return Err(TemplateError::Malformed(start));
            };
            let len = html[digits..]
                .find(CLOSE)
                .ok_or(TemplateError::Malformed(start))?;
            let n: usize = html[digits..digits + len]
                .parse()
                .map_err(|_| TemplateError::Malformed(start))?;
            if n >= slots {
                return Err(TemplateError::Unknown(n, slots));
            }
            pieces.push(if escaped {
                Piece::Escaped(n)
            } else {
                Piece::Raw(n)
            });
            pos = digits + len + CLOSE.len_utf8();
        }
        let rest = &html[pos..];
        if rest.contains(CLOSE) {
            return Err(TemplateError::Malformed(
                pos + rest.find(CLOSE).unwrap_or(0),
            ));
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

/// React DOM's escaping of text and attribute values (`escapeTextForBrowser`).
pub fn escape_like_react(out: &mut String, s: &str) {
    let mut last = 0;
    for (i, b) in s.bytes().enumerate() {
        let rep = match b {
            b'"' => "&quot;",
            b'&' => "&amp;",
            b'\'' => "&#x27;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            _ => continue,
        };
        out.push_str(&s[last..i]);
        out.push_str(rep);
        last = i + 1;
    }
    out.push_str(&s[last..]);
}

/// Where a filled template first differs from the full render, for the verbose log.
pub fn first_difference(filled: &str, rendered: &str) -> String {
    let at = filled
        .bytes()
        .zip(rendered.bytes())
        .position(|(a, b)| a != b)
        .unwrap_or(filled.len().min(rendered.len()));
    let context = |s: &str| {
        let mut start = at.saturating_sub(40);
        while !s.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (at + 40).min(s.len());
        while !s.is_char_boundary(end) {
            end += 1;
        }
        s[start..end].to_string()
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "at byte {at}: template gives {:?}, React gives {:?}",
        context(filled),
        context(rendered)
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
    url: String,
    json: String,
    members: Vec<Member>,
}

/// Splits routes into template groups (a shape shared by at least
/// [`MIN_GROUP`] routes) and the routes rendered one by one.
fn plan(routes: &[(&str, &str)]) -> (Vec<Group>, Vec<usize>) {
    if routes.len() < MIN_GROUP {
        return (Vec::new(), (0..routes.len()).collect());
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
                        url: s.url,
                        json: json.clone(),
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
    let mut groups = Vec::new();
    for group in by_shape.into_values() {
        if group.members.len() >= MIN_GROUP {
            groups.push(group);
        } else {
            direct.extend(group.members.iter().map(|m| m.route));
        }
    }
    direct.sort_unstable();
    (groups, direct)
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

/// Renders `routes` (`(url, data)`), calling `finish(index, html or error)` for each as soon
/// as it is made, from any thread. With `templates`, routes of one shape are filled from one
/// template once it reproduced the full render of the routes checked against it; the rest,
/// and the routes of a template that did not, go through `renderer`.
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
    let (groups, direct) = if templates {
        plan(routes)
    } else {
        (Vec::new(), (0..routes.len()).collect())
    };

    // First pass: each group's template, the routes checked against it, and every route that
    // has no group.
    #[derive(Clone, Copy)]
    enum Job {
        Template(usize),
        Route(usize),
    }
    // (what, url, data)
    let mut jobs: Vec<(Job, &str, &str)> = groups
        .iter()
        .enumerate()
        .map(|(g, group)| (Job::Template(g), group.url.as_str(), group.json.as_str()))
        .collect();
    let route_job = |i: usize| (Job::Route(i), routes[i].0, routes[i].1);
    let mut checked: HashSet<usize> = Default::default();
    for g in &groups {
        for (pos, m) in g.members.iter().enumerate() {
            if is_checked(pos, g.members.len()) {
                checked.insert(m.route);
                jobs.push(route_job(m.route));
            }
        }
    }
    jobs.extend(direct.iter().map(|&i| route_job(i)));
    let templates: Vec<Mutex<Option<Result<String, String>>>> =
        groups.iter().map(|_| Mutex::new(None)).collect();
    let full_renders: Mutex<HashMap<usize, String>> = Default::default();
    let t = Instant::now();
    render_all(
        renderer,
        &jobs,
        |&(_, url, data)| (url, data),
        |j, result| match jobs[j].0 {
            Job::Template(g) => {
                *templates[g].lock().unwrap_or_else(|p| p.into_inner()) =
                    Some(result.map_err(|e| e.to_string()));
            }
            Job::Route(i) => {
                if let (true, Ok(html)) = (checked.contains(&i), &result) {
                    full_renders
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .insert(i, html.clone());
                }
                finish(i, result.map_err(|e| e.to_string()));
            }
        },
    );

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
    for (g, group) in groups.iter().enumerate() {
        let rendered = templates[g]
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        let slots = group.members[0].values.len();
        let template = match rendered {
            Some(Ok(html)) => Template::parse(&html, slots).map_err(|e| e.to_string()),
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
                            routes[m.route].0,
                            first_difference(&filled, full)
                        ));
                    }
                } else if checked.contains(&m.route) {
                    return Err(format!("{} failed to render in full", routes[m.route].0));
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
                    routes[group.members[0].route].0,
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
        let again: Vec<(&str, &str)> = fallback.iter().map(|&i| routes[i]).collect();
        render_all(
            renderer,
            &again,
            |&(url, data)| (url, data),
            |j, result| finish(fallback[j], result.map_err(|e| e.to_string())),
        );
    }

    Stats {
        from_templates,
        templates: groups.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn routes_that_differ_only_in_strings_share_a_shape() {
        let a = slot("/en/blog/a/", &data("a", "A", "<p>a</p>")).unwrap();
        let b = slot("/en/blog/bee/", &data("bee", "Bee & co", "<p>b</p>")).unwrap();
        assert_eq!(a.json, b.json);
        assert_eq!(a.url, b.url);
        assert_ne!(a.values, b.values);
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
        let t = Template::parse(&rendered, s.values.len()).unwrap();
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
    fn malformed_or_encoded_sentinels_are_refused() {
        assert_eq!(
            Template::parse("a\u{E000}x1\u{E001}", 2),
            Err(TemplateError::Malformed(1))
        );
        assert_eq!(
            Template::parse("a\u{E000}&1", 2),
            Err(TemplateError::Malformed(1))
        );
        assert_eq!(
            Template::parse("<a href=\"/en/blog/%EE%80%80&amp;1%EE%80%81/\">", 2),
            Err(TemplateError::Encoded(
                "…<a href=\"/en/blog/%EE%80%80&amp;1%EE%80%81/\">…".into()
            ))
        );
        assert_eq!(
            Template::parse("\u{E000}&amp;7\u{E001}", 2),
            Err(TemplateError::Unknown(7, 2))
        );
        assert_eq!(
            Template::parse("x\u{E001}", 2),
            Err(TemplateError::Malformed(1))
        );
    }

    #[test]
    fn text_without_sentinels_is_one_piece() {
        let t = Template::parse("<p>plain</p>", 0).unwrap();
        assert_eq!(t.fill(&[]), "<p>plain</p>");
        assert_eq!(t.slots_used(), 0);
    }

    /// A stand-in for React: renders a post's title (escaped, optionally upper-cased), its
    /// author and its raw HTML, from the data it is given.
    struct FakeReact {
        shout: bool,
    }

    impl Renderer for FakeReact {
        fn render(
            &self,
            _worker: usize,
            url: &str,
            data: &str,
        ) -> Result<String, crate::ssr::RenderError> {
            let d: Value = serde_json::from_str(data).unwrap();
            let post = &d["page"]["post"];
            let text = |v: &Value| {
                let mut out = String::new();
                escape_like_react(&mut out, v.as_str().unwrap_or(""));
                out
            };
            let mut title = text(&post["title"]);
            if self.shout {
                title = title.to_uppercase();
            }
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
        renderer: &FakeReact,
        routes: &[(String, String)],
        templates: bool,
    ) -> (Vec<String>, Stats) {
        let jobs: Vec<(&str, &str)> = routes
            .iter()
            .map(|(u, d)| (u.as_str(), d.as_str()))
            .collect();
        let out: Vec<Mutex<String>> = routes.iter().map(|_| Mutex::new(String::new())).collect();
        let stats = render_many(
            renderer,
            &jobs,
            templates,
            Log(crate::build::Verbosity::Quiet),
            |i, html| {
                *out[i].lock().unwrap() = html.unwrap();
            },
        );
        (
            out.into_iter().map(|m| m.into_inner().unwrap()).collect(),
            stats,
        )
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
        let react = FakeReact { shout: false };
        let (direct, none) = render_with(&react, &routes, false);
        let (templated, stats) = render_with(&react, &routes, true);
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
    fn a_template_that_does_not_reproduce_the_render_is_not_used() {
        let routes = posts(20);
        let react = FakeReact { shout: true };
        let (direct, _) = render_with(&react, &routes, false);
        let (templated, stats) = render_with(&react, &routes, true);
        assert_eq!(
            stats,
            Stats {
                from_templates: 0,
                templates: 1
            }
        );
        assert_eq!(templated, direct);
        assert!(direct[3].contains("TITLE 3"), "{}", direct[3]);
    }

    #[test]
    fn few_routes_of_a_shape_are_rendered_one_by_one() {
        let routes = posts(MIN_GROUP - 1);
        let (_, stats) = render_with(&FakeReact { shout: false }, &routes, true);
        assert_eq!(stats, Stats::default());
    }

    #[test]
    fn the_difference_is_shown_in_context() {
        let d = first_difference("<h1>TITLE</h1>", "<h1>Title</h1>");
        assert!(d.starts_with("at byte 5:"), "{d}");
    }
}
