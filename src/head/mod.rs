//! The document head of every route, computed once from the top of its screen ([`Screen`]:
//! title, lead, breadcrumbs): its title, the tags the document shell writes (description,
//! canonical, hreflang alternates, Open Graph, Twitter, the feed link) and the JSON-LD blocks. The same list travels in the page data, and the app applies it on
//! client navigation (`site/src/shared/page-data/apply-head.ts`), so the head a visitor gets
//! after navigating is the head a direct load gives.
//!
//! Layering: [`crate::routes`] (the route table and URL form) sits below this module; page data
//! and output sit above it.

mod json_ld;

use serde::Serialize;

use crate::cards::{CardSpec, HEIGHT, WIDTH};
use crate::content::Site;
use crate::lang::Lang;
use crate::routes::{Route, RouteKind, route_path};

pub use crate::screen::{Crumb, Screen, blog_page_label, screen_for};

/// One element of the head: `<title>text</title>` or a void element (`meta`, `link`) with its
/// attributes in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct HeadTag {
    pub(crate) tag: &'static str,
    /// Attribute names and values, written in this order.
    pub(crate) attrs: Vec<(&'static str, String)>,
    /// The text of a `<title>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) text: Option<String>,
}

impl HeadTag {
    fn title(text: &str) -> HeadTag {
        HeadTag {
            tag: "title",
            attrs: Vec::new(),
            text: Some(text.to_string()),
        }
    }

    fn meta(key_attr: &'static str, key: &str, content: &str) -> HeadTag {
        HeadTag {
            tag: "meta",
            attrs: vec![
                (key_attr, key.to_string()),
                ("content", content.to_string()),
            ],
            text: None,
        }
    }

    fn link(attrs: &[(&'static str, &str)]) -> HeadTag {
        HeadTag {
            tag: "link",
            attrs: attrs.iter().map(|(k, v)| (*k, v.to_string())).collect(),
            text: None,
        }
    }
}

/// Everything the document head needs; written by the shell and applied again by the app on
/// client navigation.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Head {
    pub(crate) lang: Lang,
    pub(crate) dir: &'static str,
    /// The page's tags, in document order.
    pub(crate) tags: Vec<HeadTag>,
    /// schema.org blocks written as `<script type="application/ld+json">`.
    pub(crate) json_ld: Vec<serde_json::Value>,
}

/// The social card of a route, when the site draws them (`[cards]` in `site.toml`).
pub(crate) fn card_for(site: &Site, screen: &Screen, route: &Route) -> Option<CardSpec> {
    site.config
        .cards
        .enabled
        .then(|| CardSpec::for_route(site, screen, route))
}

/// Head data of a route, from the top of its screen ([`screen_for`]).
pub(crate) fn head_for(site: &Site, screen: &Screen, route: &Route) -> Head {
    let lang = route.lang;
    let company = site.config.company.name.get(lang);
    let origin = site.config.origin();
    let (title, description) = (&screen.title, &screen.description);
    let json_ld = json_ld::json_ld(site, route, screen);
    let title = if matches!(route.kind, RouteKind::Home | RouteKind::HomeAlias) {
        format!("{company} | {title}")
    } else {
        format!("{title} | {company}")
    };
    let canonical_kind = route.kind.canonical();
    let url = |l: Lang| format!("{origin}{}", route_path(l, &canonical_kind));
    // hreflang links to every language the page exists in, when it exists in more than its
    // own; x-default names the table's `x_default` language (else the first that has it).
    let table = site.language_table();
    let alternates: Vec<(&str, String)> =
        crate::seo::alternates(site, route).map_or_else(Vec::new, |(present, x_default)| {
            present
                .iter()
                .map(|&l| (l.code(), url(l)))
                .chain(std::iter::once(("x-default", url(x_default))))
                .collect()
        });
    let canonical = url(lang);
    let mut tags = vec![
        HeadTag::title(&title),
        HeadTag::meta("name", "description", description),
    ];
    if route.kind == RouteKind::NotFound {
        tags.push(HeadTag::meta("name", "robots", "noindex"));
    }
    tags.push(HeadTag::link(&[("rel", "canonical"), ("href", &canonical)]));
    for (hreflang, href) in alternates {
        tags.push(HeadTag::link(&[
            ("rel", "alternate"),
            ("hreflang", hreflang),
            ("href", &href),
        ]));
    }
    let company = company.to_string();
    let card = card_for(site, screen, route);
    tags.extend([
        HeadTag::meta("property", "og:type", "website"),
        HeadTag::meta("property", "og:title", &title),
        HeadTag::meta("property", "og:description", description),
        HeadTag::meta("property", "og:url", &canonical),
        HeadTag::meta("property", "og:locale", lang.og_locale()),
    ]);
    tags.extend(
        table
            .others(lang)
            .map(|l| HeadTag::meta("property", "og:locale:alternate", l.og_locale())),
    );
    tags.push(HeadTag::meta("property", "og:site_name", &company));
    if let Some(card) = &card {
        let image = format!("{origin}{}", card.path());
        tags.extend([
            HeadTag::meta("property", "og:image", &image),
            HeadTag::meta("property", "og:image:width", &WIDTH.to_string()),
            HeadTag::meta("property", "og:image:height", &HEIGHT.to_string()),
            HeadTag::meta("property", "og:image:alt", &card.alt()),
        ]);
    }
    let twitter_card = if card.is_some() {
        "summary_large_image"
    } else {
        "summary"
    };
    tags.extend([
        HeadTag::meta("name", "twitter:card", twitter_card),
        HeadTag::meta("name", "twitter:title", &title),
        HeadTag::meta("name", "twitter:description", description),
    ]);
    if let Some(card) = &card {
        tags.push(HeadTag::meta(
            "name",
            "twitter:image",
            &format!("{origin}{}", card.path()),
        ));
    }
    tags.extend([HeadTag::link(&[
        ("rel", "alternate"),
        ("type", "application/atom+xml"),
        ("href", &format!("/{}/feed.xml", lang.code())),
        ("title", &company),
    ])]);
    Head {
        lang,
        dir: lang.dir(),
        tags,
        json_ld,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_written_as_the_shell_writes_them() {
        let head = Head {
            lang: Lang::en(),
            dir: "ltr",
            tags: vec![
                HeadTag::title("T & co"),
                HeadTag::meta("name", "description", "d"),
            ],
            json_ld: vec![],
        };
        // What the document shell writes for these tags.
        let out = crate::output::head_tags_html(&head);
        assert_eq!(
            out,
            "<title>T &amp; co</title>\n<meta name=\"description\" content=\"d\">\n"
        );
    }
}
