//! The document head of every route, computed once: its title, the tags the document shell
//! writes (description, canonical, hreflang alternates, Open Graph, Twitter, the feed link)
//! and the JSON-LD blocks. The same list travels in the page data, and the app applies it on
//! client navigation (`site/src/shared/page-data/apply-head.ts`), so the head a visitor gets
//! after navigating is the head a direct load gives.
//!
//! Layering: [`crate::routes`] (the route table and URL form) sits below this module; page data
//! and output sit above it.

mod json_ld;

use serde::Serialize;

use crate::content::{LangContent, Site};
use crate::lang::Lang;
use crate::routes::{Route, RouteKind, blog_pages, exists, route_path};

/// One element of the head: `<title>text</title>` or a void element (`meta`, `link`) with its
/// attributes in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
struct HeadTag {
    tag: &'static str,
    /// Attribute names and values, written in this order.
    attrs: Vec<(&'static str, String)>,
    /// The text of a `<title>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    text: Option<String>,
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
    dir: &'static str,
    /// The page's tags, in document order.
    tags: Vec<HeadTag>,
    /// schema.org blocks written as `<script type="application/ld+json">`.
    json_ld: Vec<serde_json::Value>,
}

/// "Page 2 of 9" in the language of `meta`.
pub(crate) fn blog_page_label(meta: &MetaStrings, page: usize, pages: usize) -> String {
    meta.blog_page
        .replace("{{page}}", &page.to_string())
        .replace("{{pages}}", &pages.to_string())
}
/// Titles and descriptions of screens that have no content file of their own, from the
/// interface strings (`site/src/i18n/<lang>/common.json`, key `meta`).
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct ScreenMeta {
    title: String,
    description: String,
}

#[derive(Debug, Clone, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MetaStrings {
    home: ScreenMeta,
    about: ScreenMeta,
    services: ScreenMeta,
    pricing: ScreenMeta,
    faq: ScreenMeta,
    blog: ScreenMeta,
    contact: ScreenMeta,
    privacy: ScreenMeta,
    terms: ScreenMeta,
    assistant_chat: ScreenMeta,
    not_found: ScreenMeta,
    /// "Page {{page}} of {{pages}}", for later blog list pages.
    blog_page: String,
    /// Names of the home page, the services list and the blog, for breadcrumbs (from `nav`).
    #[serde(skip)]
    pub(crate) breadcrumbs: [String; 3],
}

/// Head data of a route.
pub(crate) fn head_for(site: &Site, meta: &MetaStrings, route: &Route) -> Head {
    let lang = route.lang;
    let c = site.lang(lang);
    let company = site.config.company.name.get(lang);
    let origin = site.config.origin();
    let screen = |m: &ScreenMeta| (m.title.clone(), m.description.clone());
    let (title, description) = match &route.kind {
        RouteKind::Home | RouteKind::HomeAlias => {
            let desc = c
                .home
                .as_ref()
                .map(|h| h.hero.subtitle.clone())
                .unwrap_or_else(|| meta.home.description.clone());
            (meta.home.title.clone(), desc)
        }
        RouteKind::About => page_meta(c, "about").unwrap_or_else(|| screen(&meta.about)),
        RouteKind::Privacy => page_meta(c, "privacy").unwrap_or_else(|| screen(&meta.privacy)),
        RouteKind::Terms => page_meta(c, "terms").unwrap_or_else(|| screen(&meta.terms)),
        RouteKind::Services => screen(&meta.services),
        RouteKind::Service(id) => c
            .services
            .iter()
            .find(|s| &s.id == id)
            .map(|s| (s.title.clone(), s.summary.clone()))
            .unwrap_or_else(|| screen(&meta.services)),
        RouteKind::Pricing => screen(&meta.pricing),
        RouteKind::Faq => screen(&meta.faq),
        RouteKind::Blog => screen(&meta.blog),
        RouteKind::BlogPage(n) => (
            format!(
                "{} – {}",
                meta.blog.title,
                blog_page_label(meta, *n, blog_pages(site, lang))
            ),
            meta.blog.description.clone(),
        ),
        RouteKind::BlogPost(slug) => c
            .post(slug)
            .map(|p| (p.title.clone(), p.excerpt.clone()))
            .unwrap_or_else(|| screen(&meta.blog)),
        RouteKind::Contact => screen(&meta.contact),
        RouteKind::AssistantChat => screen(&meta.assistant_chat),
        RouteKind::NotFound => screen(&meta.not_found),
    };
    let json_ld = json_ld::json_ld(
        site,
        route,
        &title,
        [
            meta.breadcrumbs[0].as_str(),
            meta.breadcrumbs[1].as_str(),
            meta.breadcrumbs[2].as_str(),
        ],
    );
    let title = if matches!(route.kind, RouteKind::Home | RouteKind::HomeAlias) {
        format!("{company} | {title}")
    } else {
        format!("{title} | {company}")
    };
    let canonical_kind = route.kind.canonical();
    let url = |l: Lang| format!("{origin}{}", route_path(l, &canonical_kind));
    // hreflang links only when the page exists in both languages.
    let alternates: Vec<(&str, String)> = if exists(site, lang.other(), &route.kind) {
        vec![
            ("ar", url(Lang::Ar)),
            ("en", url(Lang::En)),
            ("x-default", url(Lang::En)),
        ]
    } else {
        vec![]
    };
    let canonical = url(lang);
    let mut tags = vec![
        HeadTag::title(&title),
        HeadTag::meta("name", "description", &description),
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
    tags.extend([
        HeadTag::meta("property", "og:type", "website"),
        HeadTag::meta("property", "og:title", &title),
        HeadTag::meta("property", "og:description", &description),
        HeadTag::meta("property", "og:url", &canonical),
        HeadTag::meta("property", "og:locale", lang.locale()),
        HeadTag::meta("property", "og:locale:alternate", lang.other().locale()),
        HeadTag::meta("property", "og:site_name", &company),
        HeadTag::meta("name", "twitter:card", "summary"),
        HeadTag::meta("name", "twitter:title", &title),
        HeadTag::meta("name", "twitter:description", &description),
        HeadTag::link(&[
            ("rel", "alternate"),
            ("type", "application/atom+xml"),
            ("href", &format!("/{}/feed.xml", lang.code())),
            ("title", &company),
        ]),
    ]);
    Head {
        lang,
        dir: lang.dir(),
        tags,
        json_ld,
    }
}

fn page_meta(c: &LangContent, name: &str) -> Option<(String, String)> {
    c.pages
        .get(name)
        .map(|p| (p.title.clone(), p.description.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_render_in_the_shell_template() {
        let head = Head {
            lang: Lang::En,
            dir: "ltr",
            tags: vec![
                HeadTag::title("T & co"),
                HeadTag::meta("name", "description", "d"),
            ],
            json_ld: vec![],
        };
        let mut env = minijinja::Environment::new();
        env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
        env.add_template("t.html", "{% for t in head.tags %}{% if t.tag == \"title\" %}<title>{{ t.text }}</title>{% else %}<{{ t.tag }}{% for a in t.attrs %} {{ a[0] }}=\"{{ a[1] }}\"{% endfor %}>{% endif %}\n{% endfor %}").unwrap();
        let out = env
            .get_template("t.html")
            .unwrap()
            .render(minijinja::context! { head => &head })
            .unwrap();
        assert_eq!(
            out,
            "<title>T &amp; co</title>\n<meta name=\"description\" content=\"d\">\n"
        );
    }
}
