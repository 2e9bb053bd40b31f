//! The assistant's content index: short per-language passages from the site's own content,
//! each holding one fact where the content allows it, written to `<lang>/assistant-index.json`.
//! FAQ answers are kept whole (each is already one question's answer); a service gives its
//! summary, each paragraph of its description, its timeline, its lists (joined with «؛» in
//! Arabic, "; " in English) and each note; a plan, and each package rule; a blog post gives
//! each paragraph, each list item and each table row (as "Column: value" pairs), titled with the
//! post's title and the nearest heading. The browser ranks them against a question; each passage
//! links to the page it came from. Blog passages come from the newest [`INDEX_POSTS`] posts only,
//! so the index stays small enough for a phone to fetch.

use serde::Serialize;

use crate::content::Site;
use crate::lang::Lang;
use crate::routes::{RouteKind, route_path};

#[derive(Debug, Serialize)]
struct Passage {
    /// Stable id, e.g. `faq:working-hours`, `service:company-formation:timeline`.
    id: String,
    kind: &'static str,
    title: String,
    text: String,
    /// The page (and anchor) the passage comes from.
    url: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct AssistantIndex {
    lang: Lang,
    passages: Vec<Passage>,
}

/// One block of text of a rendered page, in reading order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// `<h1>`…`<h6>`: level and text.
    Heading(u8, String),
    Paragraph(String),
    /// A list item (its own text, without the text of a list nested in it).
    Item(String),
    /// A table row: whether it is a header row (`<th>` cells), and its cells' text.
    Row {
        header: bool,
        cells: Vec<String>,
    },
}

/// Inline elements: their edges are not word boundaries, so flattening them adds no space
/// (`<a>خدمة</a>، و<strong>الهوية</strong>` reads «خدمة، والهوية»).
const INLINE: [&str; 18] = [
    "a", "abbr", "b", "bdi", "bdo", "cite", "code", "del", "em", "i", "ins", "kbd", "mark", "q",
    "s", "small", "span", "strong",
];
const INLINE_MORE: [&str; 3] = ["sub", "sup", "u"];

/// Collects the blocks of sanitised HTML (see [`html_blocks`]).
#[derive(Default)]
struct Flattener {
    blocks: Vec<Block>,
    /// Raw text (entities not yet decoded) since the last block edge.
    text: String,
    list_depth: usize,
    /// The cells of the row being read, and whether one was a `<th>`.
    row: Option<(bool, Vec<String>)>,
    in_cell: bool,
}

impl Flattener {
    fn take_text(&mut self) -> String {
        let raw = std::mem::take(&mut self.text);
        decode_entities(&raw)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Ends the current paragraph or list item at a block edge.
    fn flush(&mut self) {
        if self.in_cell {
            return;
        }
        let text = self.take_text();
        if text.is_empty() {
            return;
        }
        self.blocks.push(if self.list_depth > 0 {
            Block::Item(text)
        } else {
            Block::Paragraph(text)
        });
    }

    fn tag(&mut self, tag: &str) {
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let name = name.as_str();
        if INLINE.contains(&name) || INLINE_MORE.contains(&name) {
            return;
        }
        match name {
            "br" => self.text.push(' '),
            "td" | "th" => {
                if closing {
                    self.in_cell = false;
                    let cell = self.take_text();
                    if let Some((header, cells)) = &mut self.row {
                        *header |= name == "th";
                        cells.push(cell);
                    }
                } else {
                    self.flush();
                    self.text.clear();
                    self.in_cell = true;
                }
            }
            "tr" => {
                self.in_cell = false;
                self.flush();
                if let Some((header, cells)) = self.row.take()
                    && cells.iter().any(|c| !c.is_empty())
                {
                    self.blocks.push(Block::Row { header, cells });
                }
                if !closing {
                    self.row = Some((false, Vec::new()));
                }
            }
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                if closing {
                    let text = self.take_text();
                    let level = name.as_bytes().get(1).map_or(2, |b| b - b'0');
                    if !text.is_empty() {
                        self.blocks.push(Block::Heading(level, text));
                    }
                } else {
                    self.flush();
                }
            }
            "ul" | "ol" => {
                self.flush();
                self.list_depth = if closing {
                    self.list_depth.saturating_sub(1)
                } else {
                    self.list_depth + 1
                };
            }
            _ => self.flush(),
        }
    }
}

/// The blocks of sanitised HTML, in order: inline elements (links, bold, code…) flattened
/// without adding spaces at their edges, entities decoded, whitespace collapsed.
pub fn html_blocks(html: &str) -> Vec<Block> {
    let mut f = Flattener::default();
    let mut rest = html;
    while let Some((before, after)) = rest.split_once('<') {
        f.text.push_str(before);
        let (tag, tail) = after.split_once('>').unwrap_or((after, ""));
        f.tag(tag);
        rest = tail;
    }
    f.text.push_str(rest);
    f.in_cell = false;
    f.flush();
    f.blocks
}

/// Plain text of sanitised HTML: its blocks' text joined with spaces (see [`html_blocks`]).
pub fn html_text(html: &str) -> String {
    html_blocks(html)
        .into_iter()
        .map(|b| match b {
            Block::Heading(_, t) | Block::Paragraph(t) | Block::Item(t) => t,
            Block::Row { cells, .. } => cells.join(" "),
        })
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Punctuation that ends a sentence (or introduces what follows): no full stop is added after it.
const TERMINAL: [char; 7] = ['.', '!', '?', '؟', '…', ':', '۔'];

/// Sentences joined with spaces, each ending with a full stop unless it has its own terminal
/// punctuation, so no ".." is written.
/// A plan's price with its period ("AED 1,500 per month", «1,500 درهم شهرياً»), in any
/// language: the period only after an amount. A price with no figure ("Pricing on Request",
/// «السعر عند الطلب») stands alone: "Pricing on Request per month" says nothing true.
pub fn price_sentence(price: &str, period: &str) -> String {
    let (price, period) = (price.trim(), period.trim());
    let amount = price.chars().any(|c| c.is_numeric());
    if amount && !period.is_empty() {
        format!("{price} {period}")
    } else {
        price.to_string()
    }
}

pub fn sentences<S: AsRef<str>>(parts: &[S]) -> String {
    parts
        .iter()
        .map(|p| p.as_ref().trim())
        .filter(|p| !p.is_empty())
        .map(|p| {
            if p.ends_with(TERMINAL) {
                p.to_string()
            } else {
                format!("{p}.")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A list as one line: items joined with «؛ » in an Arabic-script language and "; " in
/// others, without the items' own final full stops or semicolons.
pub fn join_list<S: AsRef<str>>(lang: Lang, items: &[S]) -> String {
    let separator = if lang.is_arabic_script() { "؛ " } else { "; " };
    items
        .iter()
        .map(|i| {
            i.as_ref()
                .trim()
                .trim_end_matches(['.', ';', '؛'])
                .trim_end()
        })
        .filter(|i| !i.is_empty())
        .collect::<Vec<_>>()
        .join(separator)
}

/// A table row as a readable line: "Column: value, Column: value." («، » between the pairs in
/// Arabic). A cell without a header (or with an empty one) is written alone; empty cells are left
/// out.
pub fn row_text(lang: Lang, header: Option<&[String]>, cells: &[String]) -> String {
    let separator = if lang.is_arabic_script() { "، " } else { ", " };
    let pairs: Vec<String> = cells
        .iter()
        .enumerate()
        .filter(|(_, c)| !c.is_empty())
        .map(|(i, c)| {
            let column = header
                .and_then(|h| h.get(i))
                .map(|h| h.trim_end_matches(':').trim())
                .filter(|h| !h.is_empty());
            match column {
                Some(h) => format!("{h}: {c}"),
                None => c.clone(),
            }
        })
        .collect();
    sentences(&[pairs.join(separator)])
}

/// The entities the Markdown renderer and the sanitiser write, decoded in one pass: decoding
/// `&amp;` first turned the text `&lt;` (written `&amp;lt;`) into `<`.
fn decode_entities(s: &str) -> String {
    const ENTITIES: [(&str, &str); 7] = [
        ("&amp;", "&"),
        ("&lt;", "<"),
        ("&gt;", ">"),
        ("&quot;", "\""),
        ("&#39;", "'"),
        ("&#x27;", "'"),
        ("&nbsp;", "\u{A0}"),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        let (before, from_amp) = rest.split_at(i);
        out.push_str(before);
        match ENTITIES.iter().find(|(e, _)| from_amp.starts_with(e)) {
            Some((e, text)) => {
                out.push_str(text);
                rest = from_amp.get(e.len()..).unwrap_or_default();
            }
            None => {
                out.push('&');
                rest = from_amp.get(1..).unwrap_or_default();
            }
        }
    }
    out.push_str(rest);
    out
}

/// How many of the newest posts the index draws passages from.
const INDEX_POSTS: usize = 60;

/// "Title — part", the form the answerer shows and cuts at " — " for the page's name.
fn titled(title: &str, part: Option<&str>) -> String {
    match part {
        Some(part) => format!("{title} — {part}"),
        None => title.to_string(),
    }
}

/// A post's passages: each paragraph, list item and table row, titled with the post's title and
/// the nearest heading above it (a row with its first cell too, e.g. "Post — Comparison —
/// Licensing authority").
fn post_passages(lang: Lang, title: &str, slug: &str, url: &str, html: &str, p: &mut Vec<Passage>) {
    let mut heading: Option<String> = None;
    let mut header: Option<Vec<String>> = None;
    let mut n = 0usize;
    let mut push = |title: String, text: String| {
        p.push(Passage {
            id: format!("post:{slug}:{n}"),
            kind: "post",
            title,
            text,
            url: url.to_string(),
        });
        n += 1;
    };
    for block in html_blocks(html) {
        match block {
            Block::Heading(_, text) => {
                heading = Some(text);
                header = None;
            }
            Block::Paragraph(text) | Block::Item(text) => {
                push(titled(title, heading.as_deref()), text);
            }
            Block::Row {
                header: true,
                cells,
            } => header = Some(cells),
            Block::Row { cells, .. } => {
                let section = titled(title, heading.as_deref());
                let row_title = match cells.first().filter(|c| !c.is_empty()) {
                    Some(first) => format!("{section} — {first}"),
                    None => section,
                };
                push(row_title, row_text(lang, header.as_deref(), &cells));
            }
        }
    }
}

pub(crate) fn assistant_index(site: &Site, lang: Lang) -> AssistantIndex {
    let c = site.lang(lang);
    let labels = &c.labels(lang).assistant;
    let (timeline, offered, documents, notes, rules, includes) = (
        labels.timeline.as_str(),
        labels.services_offered.as_str(),
        labels.documents_required.as_str(),
        labels.notes.as_str(),
        labels.package_rules.as_str(),
        labels.includes.as_str(),
    );
    let mut p = Vec::new();
    for f in &c.faq {
        p.push(Passage {
            id: format!("faq:{}", f.id),
            kind: "faq",
            title: f.question.clone(),
            text: f.answer.trim().to_string(),
            url: format!("{}#{}", route_path(lang, &RouteKind::Faq), f.id),
        });
    }
    for s in &c.services {
        let url = route_path(lang, &RouteKind::Service(s.id.clone()));
        let mut push = |part: String, title: String, text: String| {
            if !text.is_empty() {
                p.push(Passage {
                    id: format!("service:{}:{part}", s.id),
                    kind: "service",
                    title,
                    text,
                    url: url.clone(),
                })
            }
        };
        push("summary".into(), s.title.clone(), sentences(&[&s.summary]));
        let paragraphs = s
            .content
            .description
            .split("\n\n")
            .map(str::trim)
            .filter(|t| !t.is_empty());
        for (i, paragraph) in paragraphs.enumerate() {
            push(
                format!("description:{i}"),
                s.title.clone(),
                sentences(&[paragraph.split_whitespace().collect::<Vec<_>>().join(" ")]),
            );
        }
        push(
            "timeline".into(),
            titled(&s.title, Some(timeline)),
            s.content.timeline.trim().to_string(),
        );
        push(
            "offered".into(),
            titled(&s.title, Some(offered)),
            join_list(lang, &s.content.services_offered),
        );
        push(
            "requirements".into(),
            titled(&s.title, Some(documents)),
            join_list(lang, &s.content.requirements),
        );
        for (i, note) in s.content.notes.iter().enumerate() {
            push(
                format!("notes:{i}"),
                titled(&s.title, Some(notes)),
                sentences(&[note]),
            );
        }
    }
    if let Some(pricing) = &c.pricing {
        let url = route_path(lang, &RouteKind::Pricing);
        // "PRO packages and pricing — Growth": the plan's name alone says not what it names.
        let page = c.screens(lang).pricing.title.trim();
        let page = (!page.is_empty()).then_some(page);
        for plan in &pricing.plans {
            p.push(Passage {
                id: format!("plan:{}", plan.id),
                kind: "pricing",
                title: match page {
                    Some(page) => titled(page, Some(&plan.name)),
                    None => plan.name.clone(),
                },
                text: sentences(&[
                    price_sentence(&plan.price, &plan.period),
                    plan.description.clone(),
                    format!("{includes}: {}", join_list(lang, &plan.features)),
                ]),
                url: url.clone(),
            });
        }
        for (i, rule) in pricing.rules.iter().enumerate() {
            p.push(Passage {
                id: format!("pricing:rules:{i}"),
                kind: "pricing",
                title: match page {
                    Some(page) => titled(page, Some(rules)),
                    None => rules.to_string(),
                },
                text: sentences(&[rule]),
                url: url.clone(),
            });
        }
    }
    for post in c.posts.iter().take(INDEX_POSTS) {
        let url = route_path(lang, &RouteKind::BlogPost(post.slug.clone()));
        post_passages(lang, &post.title, &post.slug, &url, &post.html, &mut p);
    }
    // Where and when to reach the company: «وين مكتبكم؟», "what's your email?" are answered
    // from the contact page's own words and the company's details (the about, privacy and terms
    // pages are not in the index: their passages would take the search's first query over its
    // 40 KB budget).
    let company = &site.config.company;
    let contact = &c.screens(lang).contact;
    // A number starts left to right in right-to-left text (a mark before its «+»).
    let number = |n: &str| {
        if lang.is_rtl() && n.starts_with('+') {
            format!("\u{200E}{n}")
        } else {
            n.to_string()
        }
    };
    p.push(Passage {
        id: "contact".into(),
        kind: "contact",
        title: contact.title.clone(),
        text: sentences(&[
            contact.description.trim(),
            company.address.get(lang),
            &join_list(
                lang,
                &[
                    number(&company.phone),
                    number(&company.whatsapp),
                    company.email.clone(),
                ],
            ),
        ]),
        url: route_path(lang, &RouteKind::Contact),
    });
    // The isolates around left-to-right runs in Arabic text (`content::bidi`) are for display:
    // the answerer searches passages word by word.
    for passage in &mut p {
        for text in [&mut passage.title, &mut passage.text] {
            if let std::borrow::Cow::Owned(s) = crate::content::bidi::strip_isolates(text) {
                *text = s;
            }
        }
    }
    AssistantIndex { lang, passages: p }
}

/// The language's index as the build writes it (`<lang>/assistant-index.json`).
pub fn assistant_index_json(site: &Site, lang: Lang) -> serde_json::Result<String> {
    serde_json::to_string(&assistant_index(site, lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn para(s: &str) -> Block {
        Block::Paragraph(s.to_string())
    }

    #[test]
    fn html_to_text() {
        assert_eq!(
            html_text("<p>Hello <strong>world</strong> &amp; co</p>\n<ul><li>a</li></ul>"),
            "Hello world & co a"
        );
    }

    #[test]
    fn entities_are_decoded_once() {
        assert_eq!(
            html_text("<p>&amp;lt;b&amp;gt; &lt;i&gt; AT&amp;T &amp;amp;</p>"),
            "&lt;b&gt; <i> AT&T &amp;"
        );
    }

    #[test]
    fn no_space_at_link_and_bold_edges_in_arabic() {
        // «و» stays on its word, and no space comes before the comma after a link.
        let html = "<p>تعرّف على <a href=\"/ar/services/company-formation\">خدمة تأسيس الشركات</a>، \
                    و<a href=\"/ar/pricing\">باقات المندوب</a>، و<strong>الهوية الإماراتية</strong>.</p>";
        assert_eq!(
            html_text(html),
            "تعرّف على خدمة تأسيس الشركات، وباقات المندوب، والهوية الإماراتية."
        );
        assert_eq!(
            html_text("<p><em>ال</em><code>هوية</code> (<a href=\"/x\">انظر</a>)</p>"),
            "الهوية (انظر)"
        );
    }

    #[test]
    fn blocks_keep_paragraphs_items_and_headings_apart() {
        let blocks = html_blocks(
            "<p>مقدمة</p><h2>الخطوات</h2><ol><li><strong>أولاً:</strong> التسجيل</li>\
             <li><p>الدفع</p></li></ol><h3>فرعي</h3><p>سطر<br>ثانٍ</p>",
        );
        assert_eq!(
            blocks,
            vec![
                para("مقدمة"),
                Block::Heading(2, "الخطوات".into()),
                Block::Item("أولاً: التسجيل".into()),
                Block::Item("الدفع".into()),
                Block::Heading(3, "فرعي".into()),
                para("سطر ثانٍ"),
            ]
        );
    }

    #[test]
    fn a_nested_list_gives_its_parent_item_its_own_text() {
        assert_eq!(
            html_blocks("<ul><li>أ<ul><li>ب</li></ul></li><li>ج</li></ul><p>د</p>"),
            vec![
                Block::Item("أ".into()),
                Block::Item("ب".into()),
                Block::Item("ج".into()),
                para("د"),
            ]
        );
    }

    #[test]
    fn tables_become_rows_of_cells() {
        let html = "<table><thead><tr><th>وجه المقارنة</th><th>البر الرئيسي</th><th>المنطقة الحرة</th></tr></thead>\
                    <tbody><tr><td>جهة الترخيص</td><td>دائرة <strong>الاقتصاد</strong> والسياحة</td><td>سلطة المنطقة، غالباً</td></tr></tbody></table>";
        let blocks = html_blocks(html);
        let header = vec![
            "وجه المقارنة".to_string(),
            "البر الرئيسي".to_string(),
            "المنطقة الحرة".to_string(),
        ];
        let cells = vec![
            "جهة الترخيص".to_string(),
            "دائرة الاقتصاد والسياحة".to_string(),
            "سلطة المنطقة، غالباً".to_string(),
        ];
        assert_eq!(
            blocks,
            vec![
                Block::Row {
                    header: true,
                    cells: header.clone()
                },
                Block::Row {
                    header: false,
                    cells: cells.clone()
                },
            ]
        );
        assert_eq!(
            row_text(Lang::ar(), Some(&header), &cells),
            "وجه المقارنة: جهة الترخيص، البر الرئيسي: دائرة الاقتصاد والسياحة، المنطقة الحرة: سلطة المنطقة، غالباً."
        );
        assert_eq!(
            row_text(
                Lang::en(),
                Some(&["".to_string(), "Mainland".to_string()]),
                &["Licensing".to_string(), "DET.".to_string(), "".to_string()]
            ),
            "Licensing, Mainland: DET."
        );
        assert_eq!(
            row_text(Lang::en(), None, &["a".into(), "b".into()]),
            "a, b."
        );
    }

    #[test]
    fn arabic_lists_are_joined_with_the_arabic_semicolon() {
        let items = ["صورة جواز السفر.", " صورة شخصية حديثة ", "", "عقد الإيجار؛"];
        assert_eq!(
            join_list(Lang::ar(), &items),
            "صورة جواز السفر؛ صورة شخصية حديثة؛ عقد الإيجار"
        );
        assert_eq!(
            join_list(Lang::en(), &["Passport copy.", "Photo"]),
            "Passport copy; Photo"
        );
    }

    #[test]
    fn a_price_on_request_has_no_period() {
        assert_eq!(
            price_sentence("Pricing on Request", "per month"),
            "Pricing on Request"
        );
        assert_eq!(
            price_sentence("السعر عند الطلب", "شهرياً"),
            "السعر عند الطلب"
        );
        assert_eq!(
            price_sentence("AED 1,500", "per month"),
            "AED 1,500 per month"
        );
        assert_eq!(price_sentence("1,500 درهم", "شهرياً"), "1,500 درهم شهرياً");
        assert_eq!(price_sentence("۱٬۵۰۰ درهم", "ماهانه"), "۱٬۵۰۰ درهم ماهانه");
        assert_eq!(price_sentence(" AED 900 ", "  "), "AED 900");
        let shipped = include_str!("../content/en/pricing.yaml");
        assert!(shipped.contains("Pricing on Request"));
    }

    #[test]
    fn sentences_never_end_with_two_full_stops() {
        assert_eq!(
            sentences(&[
                "حسب الطلب شهرياً",
                "للشركات الصغيرة.",
                "حتى 5 معاملات شهرياً",
                " "
            ]),
            "حسب الطلب شهرياً. للشركات الصغيرة. حتى 5 معاملات شهرياً."
        );
        assert_eq!(
            sentences(&["Really?", "هل هو إلزامي؟", "Note:"]),
            "Really? هل هو إلزامي؟ Note:"
        );
        assert!(!sentences(&["a.", "b"]).contains(".."));
    }

    #[test]
    fn a_post_gives_one_passage_per_paragraph_item_and_row() {
        let html = "<p>مقدمة</p><h2>الأساسيات</h2><ul><li>النسبة <strong>9%</strong>.</li><li>الحد 375,000 درهم.</li></ul>\
                    <h2>مقارنة</h2><table><tr><th>البند</th><th>القيمة</th></tr><tr><td>المدة</td><td>يوم واحد</td></tr></table>";
        let mut p = Vec::new();
        post_passages(
            Lang::ar(),
            "دليل الضريبة",
            "tax",
            "/ar/blog/tax/",
            html,
            &mut p,
        );
        let got: Vec<(&str, &str, &str)> = p
            .iter()
            .map(|x| (x.id.as_str(), x.title.as_str(), x.text.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("post:tax:0", "دليل الضريبة", "مقدمة"),
                ("post:tax:1", "دليل الضريبة — الأساسيات", "النسبة 9%."),
                (
                    "post:tax:2",
                    "دليل الضريبة — الأساسيات",
                    "الحد 375,000 درهم."
                ),
                (
                    "post:tax:3",
                    "دليل الضريبة — مقارنة — المدة",
                    "البند: المدة، القيمة: يوم واحد."
                ),
            ]
        );
    }
}
