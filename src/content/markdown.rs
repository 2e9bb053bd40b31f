//! Markdown to safe HTML: pulldown-cmark renders, ammonia removes anything that could run
//! script (raw `<script>`, `on*` attributes, `javascript:` URLs). Internal links are written in
//! the site's one URL form (trailing slash).
//!
//! pulldown-cmark escapes all text and attribute values it writes, so only raw HTML in the
//! Markdown and link or image URLs can carry script. A body with neither raw HTML nor a URL
//! outside the allowed schemes is safe as rendered and skips ammonia (which parses the whole
//! document again and is most of the cost of loading a large blog).

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, html};

/// A link written in a Markdown body, with its byte offset in the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLink {
    pub href: String,
    pub offset: usize,
}

/// Renders a Markdown body to sanitised HTML.
pub fn render_markdown(body: &str) -> String {
    render_markdown_with_links(body).0
}

/// Renders a Markdown body to sanitised HTML and lists the links it contains (as written), so
/// internal links can be checked against the route table.
pub fn render_markdown_with_links(body: &str) -> (String, Vec<BodyLink>) {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH;
    let mut links = Vec::new();
    let mut needs_sanitizer = false;
    let parser =
        Parser::new_ext(body, options)
            .into_offset_iter()
            .map(|(event, range)| match event {
                Event::Html(_) | Event::InlineHtml(_) => {
                    needs_sanitizer = true;
                    event
                }
                Event::Start(Tag::Image { ref dest_url, .. }) => {
                    needs_sanitizer |= !is_plain_url(dest_url);
                    event
                }
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }) => {
                    needs_sanitizer |= !is_plain_url(&dest_url);
                    links.push(BodyLink {
                        href: dest_url.to_string(),
                        offset: range.start,
                    });
                    Event::Start(Tag::Link {
                        link_type,
                        dest_url: CowStr::from(canonical_internal_href(&dest_url)),
                        title,
                        id,
                    })
                }
                other => other,
            });
    let mut raw = String::with_capacity(body.len() * 3 / 2);
    html::push_html(&mut raw, parser);
    let html = if needs_sanitizer {
        sanitizer().clean(&raw).to_string()
    } else {
        raw
    };
    (replace_unrenderable(html), links)
}

/// `html` with every character no page or feed may carry ([`super::is_unrenderable`]: ESC, VT,
/// DEL, noncharacters...) replaced by U+FFFD, as CommonMark does for NUL. (They reached the
/// pages, where HTML's parser rejects them, and the Atom feed, which no XML parser would read.)
fn replace_unrenderable(html: String) -> String {
    if !html.chars().any(super::is_unrenderable) {
        return html;
    }
    html.chars()
        .map(|c| {
            if super::is_unrenderable(c) {
                '\u{FFFD}'
            } else {
                c
            }
        })
        .collect()
}

/// A URL that cannot run script: relative, or with a scheme ammonia allows (`http`, `https`,
/// `mailto`, `tel`). Anything else (`javascript:`, `data:`, odd characters before a colon)
/// sends the body through the sanitizer.
fn is_plain_url(url: &str) -> bool {
    // `get` rather than slicing: the URL may start with a multi-byte character (`#قسم`).
    let lower = |prefix: &str| {
        url.get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    };
    if ["http://", "https://", "mailto:", "tel:"]
        .iter()
        .any(|p| lower(p))
    {
        return true;
    }
    // No scheme: no colon before the first `/`, `?` or `#`, and only ordinary characters.
    let head = url.split(['/', '?', '#']).next().unwrap_or("");
    !head.contains(':')
        && url
            .bytes()
            .all(|b| b.is_ascii_graphic() && b != b'\\' && b != b'<' && b != b'>')
}

fn sanitizer() -> &'static ammonia::Builder<'static> {
    static BUILDER: std::sync::OnceLock<ammonia::Builder<'static>> = std::sync::OnceLock::new();
    BUILDER.get_or_init(|| {
        let mut b = ammonia::Builder::default();
        b.link_rel(None);
        b.url_schemes(["http", "https", "mailto", "tel"].into_iter().collect());
        b
    })
}

/// `/en/pricing` → `/en/pricing/`, `/ar/services#x` → `/ar/services/#x`; other hrefs unchanged.
pub fn canonical_internal_href(href: &str) -> String {
    let is_internal = href == "/ar"
        || href == "/en"
        || href.starts_with("/ar/")
        || href.starts_with("/en/")
        || href.starts_with("/ar#")
        || href.starts_with("/en#");
    if !is_internal {
        return href.to_string();
    }
    let split = href.find(['#', '?']).unwrap_or(href.len());
    let (path, rest) = href.split_at(split);
    let last = path.rsplit('/').next().unwrap_or("");
    if path.ends_with('/') || last.contains('.') {
        href.to_string()
    } else {
        format!("{path}/{rest}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_is_removed() {
        let html = render_markdown(
            "Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
    }

    #[test]
    fn unsafe_urls_are_removed_without_raw_html_too() {
        for md in [
            "[x](javascript:alert(1))",
            "[x](JaVaScRiPt:alert(1))",
            "![i](data:text/html;base64,PHNjcmlwdD4=)",
            "[x](vbscript:msgbox)",
        ] {
            let html = render_markdown(md);
            let lower = html.to_ascii_lowercase();
            assert!(
                !lower.contains("javascript:")
                    && !lower.contains("data:")
                    && !lower.contains("vbscript:"),
                "{md} → {html}"
            );
        }
    }

    #[test]
    fn plain_markdown_skips_the_sanitizer_and_stays_escaped() {
        assert!(is_plain_url("/en/pricing/"));
        assert!(is_plain_url("https://example.com/a?b=c#d"));
        assert!(is_plain_url("MAILTO:x@y.z"));
        assert!(is_plain_url("../faq/"));
        assert!(!is_plain_url("javascript:alert(1)"));
        assert!(!is_plain_url("java script:x"));
        assert!(!is_plain_url("data:x"));
        let html = render_markdown(
            "# T & co\n\nA \"quote\" & `<script>` [l](/en/faq \"t\\\"x\")\n\n```js\n<script>\n```\n",
        );
        assert!(!html.contains("<script"), "{html}");
        assert!(
            html.contains("A \"quote\" &amp; <code>&lt;script&gt;</code>"),
            "{html}"
        );
        // pulldown-cmark's own output (ammonia would have dropped the class).
        assert!(
            html.contains("<code class=\"language-js\">&lt;script&gt;"),
            "{html}"
        );
        assert!(
            html.contains("<a href=\"/en/faq/\" title=\"t&quot;x\">l</a>"),
            "{html}"
        );
    }

    #[test]
    fn links_are_listed_with_offsets() {
        let (_, links) = render_markdown_with_links("Hi\n\nSee [a](/en/faq) and [b](https://x.y).");
        assert_eq!(links.len(), 2);
        assert_eq!(links[0].href, "/en/faq");
        assert_eq!(links[0].offset, 8);
    }

    #[test]
    fn characters_no_page_may_carry_become_replacement_characters() {
        let html = render_markdown("a\u{1B}[31m b\u{B} c\u{7F} d\u{FFFE} `e\u{85}` <i>\u{1B}</i>");
        assert!(!html.chars().any(super::super::is_unrenderable), "{html:?}");
        assert_eq!(html.matches('\u{FFFD}').count(), 6, "{html:?}");
    }

    #[test]
    fn tables_render() {
        let html = render_markdown("| a | b |\n|---|---|\n| 1 | 2 |\n");
        assert!(
            html.contains("<table>") && html.contains("<td>1</td>"),
            "{html}"
        );
    }

    #[test]
    fn internal_links_get_the_canonical_form() {
        assert_eq!(canonical_internal_href("/en/pricing"), "/en/pricing/");
        assert_eq!(
            canonical_internal_href("/ar/services#tax-finance"),
            "/ar/services/#tax-finance"
        );
        assert_eq!(canonical_internal_href("/en"), "/en/");
        assert_eq!(canonical_internal_href("/en/blog/x/"), "/en/blog/x/");
        assert_eq!(
            canonical_internal_href("https://example.com/a"),
            "https://example.com/a"
        );
        assert_eq!(canonical_internal_href("/sitemap.xml"), "/sitemap.xml");
        let html = render_markdown("[p](/en/pricing)");
        assert!(html.contains("href=\"/en/pricing/\""), "{html}");
    }
}
