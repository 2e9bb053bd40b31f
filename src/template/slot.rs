//! Slotting: a route's data with every content string replaced by a sentinel, its value kept
//! aside with the key it came from. Routes whose slotted data is identical share a shape.

use serde_json::Value;

use super::safety::HTML_KEYS;

/// Opens a sentinel.
pub(super) const OPEN: char = '\u{E000}';
/// Closes a sentinel.
pub(super) const CLOSE: char = '\u{E001}';

/// Object keys whose string values steer the app (routing, lookups such as an icon by its name,
/// direction): they stay as they are and are part of the shape.
const STRUCTURAL_KEYS: &[&str] = &[
    "lang", "dir", "kind", "id", "section", "icon", "site", "path",
];

/// One route's data with its content strings replaced by sentinels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Slotted {
    /// The slotted data as JSON; routes with the same `json` share a template.
    pub(super) json: String,
    /// The route's URL with each segment that equals a slotted value replaced by its sentinel.
    pub(super) url: String,
    /// The values, by sentinel number.
    pub(super) values: Vec<String>,
    /// Where each value came from, by sentinel number: its keys from the top of the data,
    /// joined with `.` (`page.post.title`, `page.posts[].slug`; `path` for the URL's).
    /// Routes of one shape have the same keys.
    pub(super) keys: Vec<String>,
}

/// `U+E000 & n U+E001`. (Written without `format!`: a large site makes a few million.)
fn sentinel(n: usize) -> String {
    let mut s = String::with_capacity(12);
    s.push(OPEN);
    s.push('&');
    s.push_str(itoa::Buffer::new().format(n));
    s.push(CLOSE);
    s
}

/// Whether `text` holds a sentinel character (searched as bytes: each is three in UTF-8).
fn holds_sentinel_char(text: &str) -> bool {
    let mut open = [0; 3];
    let mut close = [0; 3];
    let (open, close) = (OPEN.encode_utf8(&mut open), CLOSE.encode_utf8(&mut close));
    memchr::memmem::find(text.as_bytes(), open.as_bytes()).is_some()
        || memchr::memmem::find(text.as_bytes(), close.as_bytes()).is_some()
}

/// The values of one route, by sentinel number.
#[derive(Default)]
struct Values {
    list: Vec<String>,
    keys: Vec<String>,
    /// The segments of the route's URL, each with the first sentinel of an equal string under
    /// `page` (filled while `recording`), for the route's own path. Only these strings are
    /// looked for: recording every string of the page cloned and hashed a post's whole body.
    segments: Vec<(String, Option<usize>)>,
    recording: bool,
}

impl Values {
    fn push(&mut self, value: String, key: &str) -> usize {
        let n = self.list.len();
        if self.recording {
            for (segment, first) in &mut self.segments {
                if first.is_none() && *segment == value {
                    *first = Some(n);
                }
            }
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
pub(super) fn slot(url: &str, data_json: &str) -> Option<Slotted> {
    if holds_sentinel_char(data_json) {
        return None;
    }
    let mut data: Value = serde_json::from_str(data_json).ok()?;
    let Value::Object(map) = &mut data else {
        return None;
    };
    let mut values = Values {
        segments: url
            .split('/')
            .filter(|segment| !segment.is_empty())
            .map(|segment| (segment.to_string(), None))
            .collect(),
        ..Values::default()
    };
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
    let page_sentinel = |values: &Values, segment: &str| {
        values
            .segments
            .iter()
            .find(|(s, _)| s == segment)
            .and_then(|(_, first)| *first)
    };
    let slotted_url = url
        .split('/')
        .map(|segment| match page_sentinel(&values, segment) {
            Some(n) if !segment.is_empty() => sentinel(n),
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
            // (html, sentinel number) of the fields slotted so far; equality is checked
            // against the value list, so no field is copied to compare (a post's body was).
            let mut siblings: Vec<(bool, usize)> = Vec::new();
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
                        let same = siblings.iter().find(|&&(h, n)| {
                            h == html && values.list.get(n).is_some_and(|x| x == s)
                        });
                        if let Some(&(_, n)) = same {
                            *s = sentinel(n);
                        } else {
                            let n = values.push(std::mem::take(s), key_path);
                            *s = sentinel(n);
                            siblings.push((html, n));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::tests::post_data as data;

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
        assert_eq!(slot("/en/blog/a/", &data("a", "عربي\u{E001}", "")), None);
        // Neighbours in UTF-8 (U+DFFF is not a char; U+E002, U+D7FF) are ordinary text.
        assert!(slot("/en/blog/a/", &data("a", "x\u{E002}\u{D7FF}\u{F000}y", "")).is_some());
    }

    #[test]
    fn sentinels_are_numbered_as_written() {
        assert_eq!(sentinel(0), "\u{E000}&0\u{E001}");
        assert_eq!(sentinel(12_345), "\u{E000}&12345\u{E001}");
    }
}
