//! What the top of a screen shows: its title, its lead and the breadcrumb trail above it. The
//! head's title and description and the JSON-LD `BreadcrumbList` are made from these values,
//! and they travel in the page data (`screen`), so the screen and its head cannot disagree.
//! Titles come from the page's own content (a post, a service, a long page) or, for screens
//! without one, from `screens.yaml`.

use serde::Serialize;

use crate::content::{LangContent, ScreenText, Screens, Site};
use crate::routes::{Route, RouteKind, blog_pages, route_path};

/// The top of a screen.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Screen {
    /// The screen's title: the head's, without the company name.
    pub title: String,
    /// Its lead: the head's description.
    pub description: String,
    /// The pages above this one, home first; empty on the home and 404 pages.
    pub crumbs: Vec<Crumb>,
}

/// One page above the current one.
#[derive(Debug, Clone, Serialize)]
pub struct Crumb {
    pub label: String,
    /// Its path (`/en/services/`).
    pub path: String,
}

/// "Page 2 of 9" in the language of `screens`, the numbers in the language's digits.
pub fn blog_page_label(
    screens: &Screens,
    lang: crate::lang::Lang,
    page: usize,
    pages: usize,
) -> String {
    screens
        .blog_page
        .replace("{{pages}}", &lang.number(pages))
        .replace("{{page}}", &lang.number(page))
}

/// The top of a route's screen.
pub fn screen_for(site: &Site, route: &Route) -> Screen {
    let lang = route.lang;
    let c = site.lang(lang);
    let s = c.screens(route.lang);
    let text = |t: &ScreenText| (t.title.clone(), t.description.clone());
    let (title, description) = match &route.kind {
        RouteKind::Home | RouteKind::HomeAlias => (
            s.home.title.clone(),
            c.home
                .as_ref()
                .map(|h| h.hero.subtitle.clone())
                .unwrap_or_else(|| s.home.description.clone()),
        ),
        RouteKind::About => page_text(c, "about").unwrap_or_else(|| text(&s.about)),
        RouteKind::Privacy => page_text(c, "privacy").unwrap_or_else(|| text(&s.privacy)),
        RouteKind::Terms => page_text(c, "terms").unwrap_or_else(|| text(&s.terms)),
        RouteKind::Services => text(&s.services),
        RouteKind::Service(id) => c
            .services
            .iter()
            .find(|x| &x.id == id)
            .map(|x| (x.title.clone(), x.summary.clone()))
            .unwrap_or_else(|| text(&s.services)),
        RouteKind::Pricing => text(&s.pricing),
        RouteKind::Faq => text(&s.faq),
        RouteKind::Blog => text(&s.blog),
        RouteKind::BlogPage(n) => (
            format!(
                "{} – {}",
                s.blog.title,
                blog_page_label(s, lang, *n, blog_pages(site, lang))
            ),
            s.blog.description.clone(),
        ),
        RouteKind::BlogPost(slug) => c
            .post(slug)
            .map(|p| (p.title.clone(), p.excerpt.clone()))
            .unwrap_or_else(|| text(&s.blog)),
        RouteKind::Contact => text(&s.contact),
        RouteKind::AssistantChat => text(&s.assistant_chat),
        RouteKind::Search => text(&s.search),
        RouteKind::NotFound => text(&s.not_found),
        // The loader makes sure every language's screens.yaml has the kind's text.
        RouteKind::Page(p) => s
            .pages
            .get(&p.name)
            .map(|t| (t.title.clone(), t.description.clone()))
            .unwrap_or_else(|| (p.name.clone(), String::new())),
    };
    let crumb = |label: &str, kind: RouteKind| Crumb {
        label: label.to_string(),
        path: route_path(lang, &kind),
    };
    let names = &s.breadcrumbs;
    let crumbs = match &route.kind {
        RouteKind::Home | RouteKind::HomeAlias | RouteKind::NotFound => vec![],
        RouteKind::Service(_) => vec![
            crumb(&names.home, RouteKind::Home),
            crumb(&names.services, RouteKind::Services),
        ],
        RouteKind::BlogPage(_) | RouteKind::BlogPost(_) => vec![
            crumb(&names.home, RouteKind::Home),
            crumb(&names.blog, RouteKind::Blog),
        ],
        _ => vec![crumb(&names.home, RouteKind::Home)],
    };
    Screen {
        title,
        description,
        crumbs,
    }
}

fn page_text(c: &LangContent, name: &str) -> Option<(String, String)> {
    c.pages
        .get(name)
        .map(|p| (p.title.clone(), p.description.clone()))
}
