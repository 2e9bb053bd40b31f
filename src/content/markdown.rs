//! Markdown to safe HTML: pulldown-cmark renders, ammonia removes anything that could run
//! script (raw `<script>`, `on*` attributes, `javascript:` URLs). Internal links are written in
//! the site's one URL form (trailing slash).
//!
//! pulldown-cmark escapes all text and attribute values it writes, so only raw HTML in the
//! Markdown and link or image URLs can carry script. A body with neither raw HTML nor a URL
//! outside the allowed schemes is safe as rendered and skips ammonia (which parses the whole
//! document again and is most of the cost of loading a large blog).
//!
//! In a body written in Arabic (more Arabic letters than Latin ones), each left-to-right run (a phone number, an e-mail address, a
//! URL, a Latin word, `AED 1,500`: [`super::bidi::ltr_runs`]) is wrapped in `<bdi>`, and so is
//! inline code, so the bidi algorithm cannot reorder its parts. A run that Markdown formatting
//! splits (`**AED** 1,500`) is isolated piece by piece; `check` reports it
//! ([`crate::check`]'s typography lint).

use std::cell::Cell;

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

use super::nesting::{self, TooDeep};

/// A link written in a Markdown body, with its byte offset in the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyLink {
    pub href: String,
    pub offset: usize,
    /// Written as a footnote (`[^1]`, defined by `[^1]: ...`), which this Markdown does not
    /// have: the definition makes it a link.
    pub footnote: bool,
    /// An image's source (`![alt](src)`), not a link.
    pub image: bool,
    /// An image's description (its `alt`), as text; empty for a link.
    pub alt: String,
}

/// Renders a Markdown body to sanitised HTML; a body nested too deep is refused
/// ([`super::nesting`]).
pub fn render_markdown(body: &str) -> Result<String, TooDeep> {
    render_markdown_with_links(body).map(|(html, _)| html)
}

/// The Markdown options of every body: GitHub tables and strikethrough.
fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// A Markdown body parsed once: pulldown-cmark's events with their byte ranges in `body`.
/// The loader parses each body once and hands it both to the renderer ([`render_parsed`]) and
/// to the typography lint ([`crate::check`]), which used to parse it a second time.
pub struct ParsedBody<'a> {
    pub body: &'a str,
    pub events: Vec<(Event<'a>, std::ops::Range<usize>)>,
}

impl<'a> ParsedBody<'a> {
    pub fn parse(body: &'a str) -> Self {
        Self {
            body,
            events: Parser::new_ext(body, options())
                .into_offset_iter()
                .collect(),
        }
    }
}

/// Renders a Markdown body to sanitised HTML and lists the links it contains (as written), so
/// internal links can be checked against the route table.
pub fn render_markdown_with_links(body: &str) -> Result<(String, Vec<BodyLink>), TooDeep> {
    render_parsed(&ParsedBody::parse(body)).map(|r| (r.html, r.links))
}

/// A body rendered: its sanitised HTML, its links, and its headings' anchors in order
/// ([`heading_ids`]).
pub struct Rendered {
    pub html: String,
    pub links: Vec<BodyLink>,
    pub anchors: Vec<String>,
}

/// Where an event came from in the body: its start, and how many of the bytes it renders are
/// the body's own from there (raw HTML written as it is; 0 for the rest).
#[derive(Debug, Clone, Copy)]
struct At {
    offset: usize,
    verbatim: usize,
}

/// [`render_markdown_with_links`] of a body already parsed. A body nested deeper than
/// [`super::nesting::MAX_DEPTH`] is refused before anything whose cost grows with the depth
/// (ammonia's parse) runs.
pub fn render_parsed(parsed: &ParsedBody<'_>) -> Result<Rendered, TooDeep> {
    if let Some(too_deep) = nesting::markdown_too_deep(&parsed.events) {
        return Err(too_deep);
    }
    let body = parsed.body;
    let mut links: Vec<BodyLink> = Vec::new();
    // The image whose description the text events are, while inside one.
    let mut in_image: Option<usize> = None;
    let mut needs_sanitizer = false;
    let mut raw_html = false;
    let parser = parsed.events.iter().map(|(event, range)| {
        let event = event.clone();
        let mut at = At {
            offset: range.start,
            verbatim: 0,
        };
        let event = match event {
            Event::Html(ref text) | Event::InlineHtml(ref text) => {
                needs_sanitizer = true;
                raw_html = true;
                if body
                    .get(range.start..)
                    .is_some_and(|b| b.starts_with(&**text))
                {
                    at.verbatim = text.len();
                }
                event
            }
            Event::Start(Tag::Image { ref dest_url, .. }) => {
                needs_sanitizer |= !is_plain_url(dest_url);
                in_image = Some(links.len());
                links.push(BodyLink {
                    href: dest_url.to_string(),
                    offset: range.start,
                    footnote: false,
                    image: true,
                    alt: String::new(),
                });
                event
            }
            Event::End(TagEnd::Image) => {
                in_image = None;
                event
            }
            Event::Text(ref text) | Event::Code(ref text) if in_image.is_some() => {
                if let Some(link) = in_image.and_then(|i| links.get_mut(i)) {
                    link.alt.push_str(text);
                }
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
                    footnote: id.starts_with('^'),
                    image: false,
                    alt: String::new(),
                });
                Event::Start(Tag::Link {
                    link_type,
                    dest_url: CowStr::from(canonical_internal_href(&dest_url)),
                    title,
                    id,
                })
            }
            other => other,
        };
        (event, at)
    });
    let mut events: Vec<(Event, At)> = parser.collect();
    let anchors = set_heading_ids(&mut events);
    let events = isolate_ltr_runs(events);
    let html = if raw_html {
        // Raw HTML can nest what Markdown does not show: measured on the HTML ammonia parses.
        let (raw, marks) = render_tracked(events, body.len());
        if let Some(too_deep) = nesting::html_too_deep(&raw, |at| body_offset(&marks, at)) {
            return Err(too_deep);
        }
        sanitizer().clean(&raw).to_string()
    } else {
        let mut raw = String::with_capacity(body.len() * 3 / 2);
        html::push_html(&mut raw, events.into_iter().map(|(event, _)| event));
        if needs_sanitizer {
            sanitizer().clean(&raw).to_string()
        } else {
            raw
        }
    };
    Ok(Rendered {
        html: replace_unrenderable(html),
        links,
        anchors,
    })
}

/// The ids the app gives its own elements (`id="..."` in `site/src`, checked by a test): a
/// heading's anchor never takes one.
pub const APP_IDS: &[&str] = &[
    "main",
    "post-body",
    "where",
    "count",
    "state",
    "location",
    "auth",
    "home-title",
    "home-services",
    "home-why",
    "home-testimonials",
    "home-posts",
    "home-cta",
    "search-browse",
    "assistant-title",
    "assistant-suggestions",
    "assistant-input",
    "assistant-input-hint",
    "contact-form-title",
    "contact-website",
    "contact-handoff-title",
];

/// A heading's anchor from its text: letters and digits of every script kept (lower-cased,
/// in NFC), spaces, `-` and `_` as one `-`, marks (harakat), tatweel, format characters and
/// punctuation left out: "الأوراق المطلوبة" → `الأوراق-المطلوبة`, "Fees & timelines" →
/// `fees-timelines`. An empty result is `section`.
pub fn heading_slug(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
    let mut slug = String::with_capacity(text.len());
    let mut gap = false;
    for c in text.nfc().flat_map(char::to_lowercase) {
        let mark = c.general_category_group() == GeneralCategoryGroup::Mark;
        if c.is_alphanumeric() && !mark && c != '\u{640}' {
            if gap && !slug.is_empty() {
                slug.push('-');
            }
            gap = false;
            slug.push(c);
        } else if c.is_whitespace() || c == '-' || c == '_' {
            gap = true;
        }
    }
    if slug.is_empty() {
        slug.push_str("section");
    }
    slug
}

/// Each heading's anchor, in order: [`heading_slug`] of its text, made unique in the body
/// (`-2`, `-3`...) and never one of [`APP_IDS`].
pub fn heading_ids<'a, A>(events: impl IntoIterator<Item = &'a (Event<'a>, A)>) -> Vec<String>
where
    A: 'a,
{
    let mut ids = Vec::new();
    let mut seen: std::collections::HashSet<String> =
        APP_IDS.iter().map(|s| s.to_string()).collect();
    let mut text: Option<String> = None;
    for (event, _) in events {
        match event {
            Event::Start(Tag::Heading { .. }) => text = Some(String::new()),
            Event::Text(t) | Event::Code(t) => {
                if let Some(text) = &mut text {
                    text.push_str(t);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = heading_slug(&text.take().unwrap_or_default());
                let mut id = base.clone();
                let mut n = 1;
                while seen.contains(&id) {
                    n += 1;
                    id = format!("{base}-{n}");
                }
                seen.insert(id.clone());
                ids.push(id);
            }
            _ => {}
        }
    }
    ids
}

/// Gives every heading its anchor ([`heading_ids`]), and returns them.
fn set_heading_ids(events: &mut [(Event<'_>, At)]) -> Vec<String> {
    let ids = heading_ids(events.iter());
    let mut next = ids.iter();
    for (event, _) in events.iter_mut() {
        if let Event::Start(Tag::Heading { id, .. }) = event
            && let Some(anchor) = next.next()
        {
            *id = Some(CowStr::from(anchor.clone()));
        }
    }
    ids
}

/// HTML that counts what it has written, so the renderer can note where each event's HTML
/// starts.
struct Tracked<'c> {
    html: String,
    written: &'c Cell<usize>,
}

impl std::fmt::Write for Tracked<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        self.html.push_str(s);
        self.written.set(self.html.len());
        Ok(())
    }
}

/// The events' HTML, and where each event's HTML starts in it (ascending) with where the
/// event came from.
fn render_tracked(events: Vec<(Event<'_>, At)>, size: usize) -> (String, Vec<(usize, At)>) {
    let written = Cell::new(0);
    let mut marks = Vec::with_capacity(events.len());
    let mut out = Tracked {
        html: String::with_capacity(size * 3 / 2),
        written: &written,
    };
    // pulldown-cmark writes each event's HTML before it takes the next event. Writing to a
    // String cannot fail.
    let _ = html::write_html_fmt(
        &mut out,
        events.into_iter().map(|(event, at)| {
            marks.push((written.get(), at));
            event
        }),
    );
    (out.html, marks)
}

/// The offset in the body of the offset `at` in the HTML rendered from it: inside raw HTML,
/// the same character; elsewhere, the start of the event that wrote it.
fn body_offset(marks: &[(usize, At)], at: usize) -> usize {
    let after = marks.partition_point(|(start, _)| *start <= at);
    match after.checked_sub(1).and_then(|i| marks.get(i)) {
        Some((start, from)) if at - start < from.verbatim => from.offset + (at - start),
        Some((_, from)) => from.offset,
        None => 0,
    }
}

/// Inline elements: what stays inside one block (a paragraph, a heading, a list item's text, a
/// table cell).
pub(crate) fn is_inline(tag: &TagEnd) -> bool {
    matches!(
        tag,
        TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Link
            | TagEnd::Image
            | TagEnd::Superscript
            | TagEnd::Subscript
    )
}

/// Whether the body's text has more Arabic letters than Latin ones: a body written in Arabic,
/// shown right to left.
fn is_mostly_arabic<A>(events: &[(Event<'_>, A)]) -> bool {
    let texts = || {
        events.iter().filter_map(|(e, _)| match e {
            Event::Text(t) => Some(&**t),
            _ => None,
        })
    };
    // Latin letters are ASCII bytes, and each Arabic letter has one lead byte (0xC0 or more):
    // counted from the bytes, without decoding, these settle most bodies.
    let latin: usize = texts()
        .map(|t| t.bytes().filter(u8::is_ascii_alphabetic).count())
        .sum();
    let leads: usize = texts()
        .map(|t| t.bytes().filter(|&b| b >= 0xC0).count())
        .sum();
    if leads <= latin {
        return false;
    }
    let mut arabic = 0usize;
    for c in texts().flat_map(str::chars) {
        if super::bidi::is_arabic_letter(c) {
            arabic += 1;
            if arabic > latin {
                return true;
            }
        }
    }
    false
}

/// The events of a body written in Arabic with each left-to-right run wrapped in `<bdi>`
/// (consecutive text events are one text: pulldown-cmark splits text at some punctuation).
/// Image descriptions (an `alt` attribute, where markup cannot go) and code blocks are left
/// as they are. Each event keeps its `A` (where it came from); the events made here take that
/// of the event they are made from.
fn isolate_ltr_runs<A: Copy>(events: Vec<(Event<'_>, A)>) -> Vec<(Event<'_>, A)> {
    if !is_mostly_arabic(&events) {
        return events;
    }
    let mut out = Vec::with_capacity(events.len() + 8);
    let mut block: Vec<(Event, A)> = Vec::new();
    let mut in_code_block = false;
    for (event, at) in events {
        let boundary = match &event {
            Event::Start(t) => !is_inline(&t.to_end()),
            Event::End(t) => !is_inline(t),
            Event::Html(_) | Event::Rule => true,
            _ => false,
        };
        if boundary {
            flush_block(&mut block, &mut out, in_code_block);
            in_code_block = match &event {
                Event::Start(Tag::CodeBlock(_)) => true,
                Event::End(TagEnd::CodeBlock) => false,
                _ => in_code_block,
            };
            out.push((event, at));
        } else {
            block.push((event, at));
        }
    }
    flush_block(&mut block, &mut out, in_code_block);
    out
}

const BDI_OPEN: &str = "<bdi>";
const BDI_CLOSE: &str = "</bdi>";

/// Writes one block's inline events to `out`, its runs isolated.
fn flush_block<'a, A: Copy>(
    block: &mut Vec<(Event<'a>, A)>,
    out: &mut Vec<(Event<'a>, A)>,
    verbatim: bool,
) {
    if verbatim {
        out.append(block);
        return;
    }
    let mut text = String::new();
    // Where the text being gathered started.
    let mut text_at = None;
    let mut in_image = 0usize;
    let flush_text = |text: &mut String, text_at: &mut Option<A>, out: &mut Vec<(Event<'a>, A)>| {
        let Some(at) = text_at.take() else {
            return;
        };
        if text.is_empty() {
            return;
        }
        let mut last = 0;
        for run in super::bidi::ltr_runs(text) {
            if let (Some(before), Some(inside)) = (text.get(last..run.start), text.get(run.clone()))
            {
                if !before.is_empty() {
                    out.push((Event::Text(CowStr::from(before.to_string())), at));
                }
                out.push((Event::InlineHtml(CowStr::Borrowed(BDI_OPEN)), at));
                out.push((Event::Text(CowStr::from(inside.to_string())), at));
                out.push((Event::InlineHtml(CowStr::Borrowed(BDI_CLOSE)), at));
                last = run.end;
            }
        }
        if let Some(rest) = text.get(last..).filter(|r| !r.is_empty()) {
            out.push((Event::Text(CowStr::from(rest.to_string())), at));
        }
        text.clear();
    };
    for (event, at) in block.drain(..) {
        match event {
            Event::Text(t) if in_image == 0 => {
                text_at.get_or_insert(at);
                text.push_str(&t);
            }
            Event::Code(code) if in_image == 0 => {
                flush_text(&mut text, &mut text_at, out);
                out.push((Event::InlineHtml(CowStr::Borrowed(BDI_OPEN)), at));
                out.push((Event::Code(code), at));
                out.push((Event::InlineHtml(CowStr::Borrowed(BDI_CLOSE)), at));
            }
            other => {
                flush_text(&mut text, &mut text_at, out);
                match &other {
                    Event::Start(Tag::Image { .. }) => in_image += 1,
                    Event::End(TagEnd::Image) => in_image = in_image.saturating_sub(1),
                    _ => {}
                }
                out.push((other, at));
            }
        }
    }
    flush_text(&mut text, &mut text_at, out);
}

/// `html` with every character no page or feed may carry ([`super::is_unrenderable`]: ESC, VT,
/// DEL, noncharacters...) replaced by U+FFFD, as CommonMark does for NUL. (They reached the
/// pages, where HTML's parser rejects them, and the Atom feed, which no XML parser would read.)
fn replace_unrenderable(html: String) -> String {
    if !super::may_hold_unrenderable(&html) || !html.chars().any(super::is_unrenderable) {
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
        // Headings keep their anchors (`id`), unless one would take an id the app's own
        // elements use (the skip link's `main`, a dialog's title): a second element with it
        // would take the app's place.
        for h in ["h1", "h2", "h3", "h4", "h5", "h6"] {
            b.add_tag_attributes(h, ["id"]);
        }
        b.attribute_filter(|element, attribute, value| {
            if attribute == "id" && APP_IDS.contains(&value) {
                let _ = element;
                None
            } else {
                Some(value.into())
            }
        });
        b
    })
}

/// `/en/pricing` → `/en/pricing/`, `/ar/services#x` → `/ar/services/#x`; other hrefs unchanged.
pub fn canonical_internal_href(href: &str) -> String {
    // A site link starts with a language prefix: `/ar`, `/en`, `/fa`, `/zh-Hans`... (the
    // table is not needed to tell: `check` reports a prefix that is not one of the site's).
    let first = href
        .strip_prefix('/')
        .map(|rest| rest.split(['/', '#', '?']).next().unwrap_or_default())
        .unwrap_or_default();
    let mut subtags = first.split('-');
    let primary = subtags.next().unwrap_or_default();
    let is_internal = (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && subtags
            .all(|t| (1..=8).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_alphanumeric()))
        && href
            .get(1 + first.len()..)
            .is_some_and(|rest| !rest.starts_with('?'));
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

    fn render_markdown(body: &str) -> String {
        super::render_markdown(body).unwrap()
    }

    fn render_markdown_with_links(body: &str) -> (String, Vec<BodyLink>) {
        super::render_markdown_with_links(body).unwrap()
    }

    #[test]
    fn headings_get_anchors_from_their_text_unique_and_never_the_apps() {
        let (html, _) = render_markdown_with_links(
            "## الأوراق المطلوبة\n\n## Fees & timelines\n\n## Fees & timelines\n\n## Main\n\n## الرُّسومُ\u{200f} ـالحكومية\n\n## ?!\n",
        );
        for id in [
            "الأوراق-المطلوبة",
            "fees-timelines",
            "fees-timelines-2",
            "main-2",
            "الرسوم-الحكومية",
            "section",
        ] {
            assert!(html.contains(&format!("id=\"{id}\"")), "{id}: {html}");
        }
        assert!(!html.contains("id=\"main\""), "{html}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(512))]

        /// Any heading text gives an anchor of letters, digits and single inner `-`s, the same
        /// for its NFC and NFD forms.
        #[test]
        fn any_heading_text_gives_a_clean_anchor(text in "(\\PC|[\u{64b}-\u{652}\u{640}\u{200f}\u{2066}\u{2028} _-]){0,60}") {
            use unicode_normalization::UnicodeNormalization;
            let slug = heading_slug(&text);
            proptest::prop_assert!(!slug.is_empty());
            proptest::prop_assert!(!slug.starts_with('-') && !slug.ends_with('-') && !slug.contains("--"), "{slug}");
            proptest::prop_assert!(slug.chars().all(|c| c == '-' || c.is_alphanumeric()), "{slug}");
            let nfd: String = text.nfd().collect();
            proptest::prop_assert_eq!(heading_slug(&nfd), slug);
        }
    }

    #[test]
    fn raw_html_keeps_heading_anchors_but_not_the_apps_ids() {
        let html = render_markdown(
            "<h2 id=\"main\">x</h2>\n\n<h3 id=\"mine\">y</h3>\n\n<div id=\"box\">z</div>\n\n## Title\n",
        );
        assert!(!html.contains("id=\"main\""), "{html}");
        assert!(html.contains("id=\"mine\""), "{html}");
        assert!(!html.contains("id=\"box\""), "{html}");
        assert!(html.contains("id=\"title\""), "{html}");
    }

    #[test]
    fn the_app_ids_list_holds_every_literal_id_of_the_app() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("site/src");
        let re = regex::Regex::new(r#"\bid="([^"]+)""#).unwrap();
        let mut missing = Vec::new();
        for entry in walkdir::WalkDir::new(&root) {
            let entry = entry.unwrap();
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "tsx")
                && !path.components().any(|c| c.as_os_str() == "__tests__")
            {
                let text = std::fs::read_to_string(path).unwrap();
                for c in re.captures_iter(&text) {
                    if !APP_IDS.contains(&&c[1]) {
                        missing.push(format!("{}: {}", path.display(), &c[1]));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "add to APP_IDS: {missing:?}");
    }

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
        assert_eq!(canonical_internal_href("/fa/pricing"), "/fa/pricing/");
        assert_eq!(
            canonical_internal_href("/zh-Hans/blog#x"),
            "/zh-Hans/blog/#x"
        );
        assert_eq!(canonical_internal_href("/media/a.png"), "/media/a.png");
        assert_eq!(canonical_internal_href("/en/blog/x/"), "/en/blog/x/");
        assert_eq!(
            canonical_internal_href("https://example.com/a"),
            "https://example.com/a"
        );
        assert_eq!(canonical_internal_href("/sitemap.xml"), "/sitemap.xml");
        let html = render_markdown("[p](/en/pricing)");
        assert!(html.contains("href=\"/en/pricing/\""), "{html}");
    }
    #[test]
    fn left_to_right_runs_in_arabic_blocks_are_isolated() {
        assert_eq!(
            render_markdown(
                "اتصل على 050 123 4567 أو اكتب إلى **info@nahj.ae**، الرسوم AED 1,500 عام 2026."
            ),
            "<p>اتصل على <bdi>050 123 4567</bdi> أو اكتب إلى <strong><bdi>info@nahj.ae</bdi></strong>، الرسوم <bdi>AED 1,500</bdi> عام 2026.</p>\n"
        );
        // Inline code and link text; a heading; a table cell.
        assert_eq!(
            render_markdown(
                "## دليل VAT\n\nشغّل `npm run` ثم [https://u.ae](https://u.ae)\n\n| الرسوم |\n|---|\n| AED 500 |\n"
            ),
            "<h2 id=\"دليل-vat\">دليل <bdi>VAT</bdi></h2>\n<p>شغّل <bdi><code>npm run</code></bdi> ثم <a href=\"https://u.ae\"><bdi>https://u.ae</bdi></a></p>\n<table><thead><tr><th>الرسوم</th></tr></thead><tbody>\n<tr><td><bdi>AED 500</bdi></td></tr>\n</tbody></table>\n"
        );
    }

    #[test]
    fn english_bodies_code_blocks_and_image_text_are_left_as_written() {
        assert_eq!(
            render_markdown(
                "اتصل بالرقم 050 123 4567.\n\n```\nرقم 050 123\n```\n\n![صورة AED 1](/a.png)"
            ),
            "<p>اتصل بالرقم <bdi>050 123 4567</bdi>.</p>\n<pre><code>رقم 050 123\n</code></pre>\n<p><img src=\"/a.png\" alt=\"صورة AED 1\" /></p>\n"
        );
        // A body mostly in English is left alone, Arabic words or not.
        assert_eq!(
            render_markdown("Our name «نهج» means path: call 050 123 4567."),
            "<p>Our name «نهج» means path: call 050 123 4567.</p>\n"
        );
        // Written by hand: isolated once.
        assert_eq!(
            render_markdown("رقم \u{2066}050 123\u{2069}."),
            "<p>رقم \u{2066}050 123\u{2069}.</p>\n"
        );
    }

    /// Runs `f` on a thread of its own and fails if it takes more than a minute (in a debug
    /// build): a quadratic regression on 100,000 elements hangs instead of passing slowly.
    fn within_a_minute<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(f());
        });
        rx.recv_timeout(std::time::Duration::from_secs(60))
            .expect("finished within a minute")
    }

    #[test]
    fn bodies_nested_100000_deep_finish_with_html_or_an_error() {
        use super::super::nesting::MAX_DEPTH;
        const N: usize = 100_000;
        let text = "نص عربي AED 1,500";
        let wrap = |open: &str, close: &str| format!("{}{text}{}", open.repeat(N), close.repeat(N));
        // (what, body, where the first element too deep starts; None: HTML nests none of it).
        let cases: Vec<(&str, String, Option<usize>)> = vec![
            ("div", wrap("<div>", "</div>"), Some(5 * MAX_DEPTH)),
            (
                "blockquote",
                wrap("<blockquote>", "</blockquote>"),
                Some(12 * MAX_DEPTH),
            ),
            // Inline tags start a paragraph, the first level.
            ("span", wrap("<span>", "</span>"), Some(6 * (MAX_DEPTH - 1))),
            ("b", wrap("<b>", "</b>"), Some(3 * (MAX_DEPTH - 1))),
            ("unclosed b", "<b>".repeat(N), Some(3 * (MAX_DEPTH - 1))),
            ("self-closed div", "<div/>".repeat(N), Some(6 * MAX_DEPTH)),
            // table > tbody > tr > td: four levels a row.
            (
                "table",
                wrap("<table><tr><td>", "</td></tr></table>"),
                Some(15 * 25),
            ),
            ("ul li", wrap("<ul><li>", "</li></ul>"), Some(8 * 50)),
            // Markdown: a quote a `>`; a list and its item a `- `.
            (
                "> quotes",
                format!("{} {text}", ">".repeat(N)),
                Some(MAX_DEPTH),
            ),
            ("- lists", format!("{}{text}", "- ".repeat(N)), Some(2 * 50)),
            (
                "1. lists",
                format!("{}{text}", "1. ".repeat(N)),
                Some(3 * 50),
            ),
            (
                "> quotes of divs",
                format!("{}<div>\n", "> ".repeat(N)),
                Some(2 * MAX_DEPTH),
            ),
            // HTML closes these itself: siblings, rendered.
            ("li", wrap("<li>", "</li>"), None),
            ("p", wrap("<p>", "</p>"), None),
            ("a", wrap("<a href=\"/en/\">", "</a>"), None),
        ];
        for (what, body, expected) in cases {
            let outcome = within_a_minute(move || super::render_markdown(&body).map(|h| h.len()));
            match (outcome, expected) {
                (Err(deep), Some(at)) => assert_eq!(deep.offset, at, "{what}"),
                (Ok(len), None) => assert!(len > N, "{what}: {len} bytes"),
                (outcome, _) => panic!("{what}: {outcome:?}, expected {expected:?}"),
            }
        }
        // At the limit, rendered.
        let body = format!(
            "{}{text}{}",
            "<div>".repeat(MAX_DEPTH),
            "</div>".repeat(MAX_DEPTH)
        );
        assert!(super::render_markdown(&body).is_ok());
        let body = format!("{} {text}", ">".repeat(MAX_DEPTH - 1));
        assert!(super::render_markdown(&body).is_ok());
    }

    #[test]
    fn isolating_survives_the_sanitizer() {
        let html = render_markdown("الرسوم AED 1,500 <span onclick=x>نص</span>");
        assert!(html.contains("<bdi>AED 1,500</bdi>"), "{html}");
        assert!(!html.contains("onclick"), "{html}");
    }
}
