//! The assistant's content index: compact per-language passages from the site's own content
//! (FAQ, services with their timelines and requirements, pricing and package rules, blog
//! sections), written to `<lang>/assistant-index.json`. The browser ranks them against a
//! question; each passage links to the page it came from. Blog sections come from the newest
//! [`INDEX_POSTS`] posts only, so the index stays small enough for a phone to fetch.

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

/// Plain text of sanitised HTML: tags removed, entities decoded, whitespace collapsed.
pub fn html_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for ch in html.chars() {
        match ch {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    decode_entities(&out)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
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

/// Splits a post's HTML at its `<h2>` headings: (heading, text) sections.
fn sections(html: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = html;
    let mut heading = String::new();
    while let Some((before, after)) = rest.split_once("<h2") {
        let text = html_text(before);
        if !text.is_empty() {
            out.push((heading.clone(), text));
        }
        let (inside, tail) = after.split_once("</h2>").unwrap_or((after, ""));
        heading = html_text(&format!("<h2{inside}"));
        rest = tail;
    }
    let text = html_text(rest);
    if !text.is_empty() {
        out.push((heading, text));
    }
    out
}

/// How many of the newest posts the index draws passages from (about 3 KB of passages each).
const INDEX_POSTS: usize = 60;

pub(crate) fn assistant_index(site: &Site, lang: Lang) -> AssistantIndex {
    let c = site.lang(lang);
    let (timeline, offered, documents, notes) = match lang {
        Lang::Ar => (
            "مدة الإنجاز",
            "الخدمات المقدمة",
            "المستندات المطلوبة",
            "ملاحظات",
        ),
        Lang::En => (
            "timeline",
            "services offered",
            "documents required",
            "notes",
        ),
    };
    let mut p = Vec::new();
    for f in &c.faq {
        p.push(Passage {
            id: format!("faq:{}", f.id),
            kind: "faq",
            title: f.question.clone(),
            text: f.answer.clone(),
            url: format!("{}#{}", route_path(lang, &RouteKind::Faq), f.id),
        });
    }
    for s in &c.services {
        let url = route_path(lang, &RouteKind::Service(s.id.clone()));
        let mut push = |part: &str, title: String, text: String| {
            p.push(Passage {
                id: format!("service:{}:{part}", s.id),
                kind: "service",
                title,
                text,
                url: url.clone(),
            })
        };
        push(
            "about",
            s.title.clone(),
            format!("{} {}", s.summary, s.content.description),
        );
        push(
            "timeline",
            format!("{} — {timeline}", s.title),
            s.content.timeline.clone(),
        );
        push(
            "offered",
            format!("{} — {offered}", s.title),
            s.content.services_offered.join("; "),
        );
        push(
            "requirements",
            format!("{} — {documents}", s.title),
            s.content.requirements.join("; "),
        );
        if !s.content.notes.is_empty() {
            push(
                "notes",
                format!("{} — {notes}", s.title),
                s.content.notes.join(" "),
            );
        }
    }
    if let Some(pricing) = &c.pricing {
        let url = route_path(lang, &RouteKind::Pricing);
        for plan in &pricing.plans {
            p.push(Passage {
                id: format!("plan:{}", plan.id),
                kind: "pricing",
                title: plan.name.clone(),
                text: format!(
                    "{} {} {}. {}",
                    plan.price,
                    plan.period,
                    plan.description,
                    plan.features.join("; ")
                ),
                url: url.clone(),
            });
        }
        if !pricing.rules.is_empty() {
            p.push(Passage {
                id: "pricing:rules".into(),
                kind: "pricing",
                title: match lang {
                    Lang::Ar => "شروط الباقات".into(),
                    Lang::En => "Package rules".into(),
                },
                text: pricing.rules.join(" "),
                url,
            });
        }
    }
    for post in c.posts.iter().take(INDEX_POSTS) {
        let url = route_path(lang, &RouteKind::BlogPost(post.slug.clone()));
        for (i, (heading, text)) in sections(&post.html).into_iter().enumerate() {
            let title = if heading.is_empty() {
                post.title.clone()
            } else {
                format!("{} — {heading}", post.title)
            };
            p.push(Passage {
                id: format!("post:{}:{i}", post.slug),
                kind: "post",
                title,
                text,
                url: url.clone(),
            });
        }
    }
    AssistantIndex { lang, passages: p }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn posts_split_at_h2() {
        let s = sections(
            "<p>Intro</p><h2>Steps</h2><p>One</p><h3>Sub</h3><p>Two</p><h2>End</h2><p>Bye</p>",
        );
        assert_eq!(
            s,
            vec![
                (String::new(), "Intro".to_string()),
                ("Steps".to_string(), "One Sub Two".to_string()),
                ("End".to_string(), "Bye".to_string()),
            ]
        );
    }
}
