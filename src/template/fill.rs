//! Filling a [`Template`] with one route's values, each written as React writes it.

use super::cut::{Piece, Template};

impl Template {
    /// The page for one route of this shape.
    pub(super) fn fill(&self, values: &[String]) -> String {
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
    #[cfg(test)]
    pub(super) fn slots_used(&self) -> usize {
        self.pieces
            .iter()
            .filter(|p| !matches!(p, Piece::Text(_)))
            .count()
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
}
