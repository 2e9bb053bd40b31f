//! Markdown to safe HTML: pulldown-cmark renders, ammonia removes anything that could run
//! script (raw `<script>`, `on*` attributes, `javascript:` URLs). Internal links are written in
//! the site's one URL form (trailing slash).

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
    let parser =
        Parser::new_ext(body, options)
            .into_offset_iter()
            .map(|(event, range)| match event {
                Event::Start(Tag::Link {
                    link_type,
                    dest_url,
                    title,
                    id,
                }) => {
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
    (sanitizer().clean(&raw).to_string(), links)
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
    fn links_are_listed_with_offsets() {
        let (_, links) = render_markdown_with_links("Hi\n\nSee [a](/en/faq) and [b](https://x.y).");
        assert_eq!(links.len(), 2);
        assert_eq!(links[0].href, "/en/faq");
        assert_eq!(links[0].offset, 8);
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
