//! Where a sentinel may land: a template is refused when filling it in could differ from what
//! React writes, or be less safe. Values are written raw only for keys declared to hold HTML;
//! escaped values are kept out of `<script>` and `<style>`, comments, tags, CSS and event
//! handlers, lists of URLs, and the start of a URL (React 19 blocks `javascript:` URLs there).
//! A small HTML tokenizer ([`Context`]) follows the page up to each sentinel.

use crate::messages::Msg;

/// The data keys (as [`Slotted::keys`] names them) whose values are HTML, sanitised by the
/// Rust side, which the app sets with `dangerouslySetInnerHTML`: the only values a template
/// may write unescaped.
///
/// [`Slotted::keys`]: super::slot::Slotted::keys
pub(super) const HTML_KEYS: &[&str] = &["page.post.html"];

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

/// Where the HTML read so far has left off: enough of the HTML tokenizer to know whether a
/// value that comes next lands in text, in an attribute's value (which one, and whether the
/// text before it fixed a URL's scheme), or somewhere a value must never go.
#[derive(Debug, Default)]
pub(super) enum Context {
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
    pub(super) fn feed(&mut self, text: &str) {
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
    pub(super) fn value_place(&mut self) -> Option<Msg> {
        match self {
            Context::Text => None,
            Context::RawText { tag, .. } => Some(crate::msg!("output-place-inside", tag = *tag)),
            Context::Declaration(_) | Context::Comment(_) | Context::Bogus => {
                Some(crate::msg!("output-place-comment"))
            }
            Context::TagOpen
            | Context::TagName { .. }
            | Context::InTag { .. }
            | Context::AttrName { .. }
            | Context::AfterAttrName { .. } => Some(crate::msg!("output-place-tag")),
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
    pub(super) fn html_place(&self) -> Option<Msg> {
        match self {
            Context::Text => None,
            Context::RawText { tag, .. } => Some(crate::msg!("output-place-inside", tag = *tag)),
            _ => Some(crate::msg!("output-place-unescaped")),
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
fn attribute_place(tag: &str, name: &str, scheme_fixed: bool) -> Option<Msg> {
    if URL_ATTRIBUTES.contains(&name) && !scheme_fixed {
        Some(crate::msg!(
            "output-place-url-start",
            tag = tag,
            name = name
        ))
    } else if URL_LIST_ATTRIBUTES.contains(&name) {
        Some(crate::msg!("output-place-url-list", tag = tag, name = name))
    } else if name == "style" {
        Some(crate::msg!("output-place-style", tag = tag))
    } else if name.starts_with("on") || name == "srcdoc" {
        Some(crate::msg!("output-place-code", tag = tag, name = name))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::super::cut::{Template, TemplateError};
    use crate::template::tests::text_keys;

    /// `Ok` or the place named in the error.
    fn place(html: &str) -> Result<(), String> {
        match Template::parse(html, &text_keys(2)) {
            Ok(_) => Ok(()),
            Err(TemplateError::Unsafe { place, .. }) => Err(place.render("en")),
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
}
