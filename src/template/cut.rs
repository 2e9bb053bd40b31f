//! Cutting a page rendered from slotted data at its sentinels into a [`Template`], refusing
//! one whose values would not be written as React writes them, or not as safely.

use super::safety::{Context, HTML_KEYS};
use super::slot::{CLOSE, OPEN};

#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Piece {
    Text(String),
    /// A value, HTML-escaped as React escapes text and attributes.
    Escaped(usize),
    /// An escaped value the app's interface strings put in an isolate (`FSI value PDI`,
    /// `site/src/i18n/isolate.ts`), which balances the value's own isolates first and leaves a
    /// value that is one isolate as it is: filled in as that function writes it
    /// ([`super::fill::isolate`]).
    Isolated(usize),
    /// A value written as is (it was set with `dangerouslySetInnerHTML`).
    Raw(usize),
}

/// A rendered page cut at its sentinels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Template {
    pub(super) pieces: Vec<Piece>,
    pub(super) text_len: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub(super) enum TemplateError {
    Malformed(usize),
    Encoded(String),
    Unknown(usize, usize),
    RawNotHtml {
        key: String,
        excerpt: String,
    },
    Unsafe {
        key: String,
        /// Where the value lands ([`Context::value_place`]).
        place: crate::messages::Msg,
        excerpt: String,
    },
}

impl std::fmt::Display for TemplateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = match self {
            TemplateError::Malformed(at) => crate::msg!("output-template-malformed", at = *at),
            TemplateError::Encoded(excerpt) => {
                crate::msg!("output-template-encoded", excerpt = excerpt)
            }
            TemplateError::Unknown(n, values) => {
                crate::msg!("output-template-unknown", n = *n, values = *values)
            }
            TemplateError::RawNotHtml { key, excerpt } => crate::msg!(
                "output-template-raw",
                key = key,
                keys = HTML_KEYS.join(", "),
                excerpt = excerpt
            ),
            TemplateError::Unsafe {
                key,
                place,
                excerpt,
            } => crate::msg!(
                "output-template-unsafe",
                key = key,
                place = place.clone(),
                excerpt = excerpt
            ),
        };
        write!(f, "{text}")
    }
}

impl std::error::Error for TemplateError {}

/// `s` around byte `at`: up to `before` bytes before it and `after` bytes after it, widened to
/// character boundaries, between ellipses.
pub(super) fn excerpt(s: &str, at: usize, before: usize, after: usize) -> String {
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
    /// written as React writes them, or not as safely (see the `template` module's
    /// documentation and [`super::safety`]).
    ///
    /// [`Slotted::keys`]: super::slot::Slotted::keys
    pub(super) fn parse(html: &str, keys: &[String]) -> Result<Template, TemplateError> {
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
        isolated(&mut pieces);
        if let Some(at) = rest.find(CLOSE) {
            return Err(TemplateError::Malformed(html.len() - rest.len() + at));
        }
        if !rest.is_empty() {
            text_len += rest.len();
            pieces.push(Piece::Text(rest.to_string()));
        }
        Ok(Template { pieces, text_len })
    }
}

/// Marks each escaped value the app wrapped in `FSI … PDI` (the wrapper taken out of the text
/// around it): its text may change with the value ([`Piece::Isolated`]). The characters can
/// only come from the app's `isolate`: the strings of the data are all sentinels.
fn isolated(pieces: &mut [Piece]) {
    const FSI: char = '\u{2068}';
    const PDI: char = '\u{2069}';
    for i in 1..pieces.len().saturating_sub(1) {
        let wrapped = matches!(pieces.get(i), Some(Piece::Escaped(_)))
            && matches!(pieces.get(i - 1), Some(Piece::Text(t)) if t.ends_with(FSI))
            && matches!(pieces.get(i + 1), Some(Piece::Text(t)) if t.starts_with(PDI));
        if !wrapped {
            continue;
        }
        if let Some(Piece::Text(t)) = pieces.get_mut(i - 1) {
            t.pop();
        }
        if let Some(Piece::Text(t)) = pieces.get_mut(i + 1) {
            t.remove(0);
        }
        if let Some(piece @ Piece::Escaped(_)) = pieces.get_mut(i)
            && let Piece::Escaped(n) = *piece
        {
            *piece = Piece::Isolated(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::fill::escape_like_react;
    use crate::template::shapes::first_difference;
    use crate::template::tests::text_keys;

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
}
