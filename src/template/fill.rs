//! Filling a [`Template`] with one route's values, each written as React writes it.

use super::cut::{Piece, Template};

impl Template {
    /// The page for one route of this shape.
    pub(super) fn fill(&self, values: &[String]) -> String {
        let extra: usize = self
            .pieces
            .iter()
            .map(|p| match p {
                Piece::Escaped(n) | Piece::Raw(n) | Piece::Isolated(n) => {
                    values.get(*n).map_or(0, String::len) + 6
                }
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
                Piece::Isolated(n) => escape_like_react(
                    &mut out,
                    &isolate(values.get(*n).map_or("", String::as_str)),
                ),
            }
        }
        out
    }

    /// How many values the page shows.
    #[cfg(test)]
    pub(super) fn slots_used(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| !matches!(p, Piece::Text(_)))
            .count()
    }
}

/// The app's `isolate` (`site/src/i18n/isolate.ts`), which every interpolated value of the
/// interface strings goes through, for the values a template fills in: paragraph separators
/// read as spaces, a PDI that closes nothing dropped, an isolate left open closed at the end,
/// and the whole in `FSI … PDI` unless it is one isolate from its first character to its last.
/// Character for character the same function: `valid_sites_build_byte_identically` compares
/// filled pages with React's.
pub(super) fn isolate(value: &str) -> String {
    const INITIATORS: [char; 3] = ['\u{2066}', '\u{2067}', '\u{2068}'];
    const PDI: char = '\u{2069}';
    if value.is_empty() {
        return String::new();
    }
    let spaced = value.replace("\r\n", " ").replace(
        [
            '\n', '\r', '\u{1c}', '\u{1d}', '\u{1e}', '\u{85}', '\u{2029}',
        ],
        " ",
    );
    let mut whole = value.starts_with(INITIATORS);
    let mut open = 0usize;
    let mut out = String::with_capacity(spaced.len() + 6);
    for c in spaced.chars() {
        if open == 0 && !out.is_empty() {
            whole = false;
        }
        if INITIATORS.contains(&c) {
            open += 1;
        } else if c == PDI {
            if open == 0 {
                continue;
            }
            open -= 1;
        }
        out.push(c);
    }
    out.extend(std::iter::repeat_n(PDI, open));
    if whole {
        out
    } else {
        format!("\u{2068}{out}\u{2069}")
    }
}

/// React DOM's escaping of text and attribute values (`escapeTextForBrowser`).
pub(super) fn escape_like_react(out: &mut String, s: &str) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::template::slot::{CLOSE, OPEN, slot};
    use crate::template::tests::post_data as data;

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

    /// The same answers as the app's own tests (`site/src/i18n/__tests__/isolate.test.ts`).
    #[test]
    fn isolate_is_the_apps() {
        let (fsi, pdi, lri, rli) = ('\u{2068}', '\u{2069}', '\u{2066}', '\u{2067}');
        let wrapped = |v: &str| format!("{fsi}{v}{pdi}");
        assert_eq!(isolate(""), "");
        for v in [
            "Sara Ali",
            "😀",
            "visa 😀 تأشيرة",
            "+971 4 555 0100",
            "a\u{2028}ب",
        ] {
            assert_eq!(isolate(v), wrapped(v), "{v:?}");
        }
        assert_eq!(isolate("a\u{2029}ب"), wrapped("a ب"));
        assert_eq!(
            isolate("a\r\nb\nc\rd\u{85}e\u{1c}f"),
            wrapped("a b c d e f")
        );
        assert_eq!(isolate(&format!("abc{pdi} عربي")), wrapped("abc عربي"));
        assert_eq!(isolate(&format!("{rli}abc")), format!("{rli}abc{pdi}"));
        assert_eq!(
            isolate(&format!("ب {lri}abc")),
            format!("{fsi}ب {lri}abc{pdi}{pdi}")
        );
        let phone = format!("{lri}+971 4 555 0100{pdi}");
        assert_eq!(isolate(&phone), phone);
        assert_eq!(isolate(&isolate("Sara Ali")), isolate("Sara Ali"));
        assert_eq!(
            isolate(&format!("{lri}a{pdi}{lri}b{pdi}")),
            format!("{fsi}{lri}a{pdi}{lri}b{pdi}{pdi}")
        );
        assert_eq!(isolate("x\u{202C}\u{200F}y"), wrapped("x\u{202C}\u{200F}y"));
    }
}
