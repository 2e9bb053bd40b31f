//! The route table: every `/ar` and `/en` route, and the URL form. The bottom layer: head
//! data ([`crate::head`]), page data and output are built on it.
//!
//! URL form: every route ends with a slash (`/ar/`, `/en/blog/golden-visa-guide/`), so every
//! static host answers the canonical URL directly from `<path>/index.html` with status 200.

use serde::Serialize;

use crate::content::{BlogPost, Site};
use crate::lang::Lang;

/// What a route shows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "id", rename_all = "camelCase")]
pub enum RouteKind {
    Home,
    /// `/{lang}/home/`: the home page again, canonical to `/{lang}/`.
    HomeAlias,
    About,
    Services,
    Service(String),
    Pricing,
    Faq,
    /// The blog list's first page.
    Blog,
    /// A later page of the blog list (2, 3, ...).
    BlogPage(usize),
    BlogPost(String),
    Contact,
    Privacy,
    Terms,
    AssistantChat,
    /// The site search: its form and, without JavaScript, links to the sections.
    Search,
    /// The language's 404 page (not a route a visitor can reach directly).
    NotFound,
    /// The page of a kind of the site's own (`team`), declared in the page table
    /// ([`crate::pages`]).
    Page(OwnPage),
}

/// A page kind of the site's own: its name and its path after the language prefix.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OwnPage {
    pub name: String,
    pub path: String,
}

impl RouteKind {
    /// The path after the language prefix, without slashes (`""` for home).
    fn suffix(&self) -> String {
        match self {
            RouteKind::Home => String::new(),
            RouteKind::HomeAlias => "home".into(),
            RouteKind::About => "about".into(),
            RouteKind::Services => "services".into(),
            RouteKind::Service(id) => format!("services/{id}"),
            RouteKind::Pricing => "pricing".into(),
            RouteKind::Faq => "faq".into(),
            RouteKind::Blog => "blog".into(),
            RouteKind::BlogPage(n) => format!("blog/page/{n}"),
            RouteKind::BlogPost(slug) => format!("blog/{slug}"),
            RouteKind::Contact => "contact".into(),
            RouteKind::Privacy => "privacy".into(),
            RouteKind::Terms => "terms".into(),
            RouteKind::AssistantChat => "assistant-chat".into(),
            RouteKind::Search => "search".into(),
            RouteKind::NotFound => "404".into(),
            RouteKind::Page(p) => p.path.clone(),
        }
    }

    /// The page data's `kind` (as in `page_data::PageData`).
    pub(crate) fn page_kind(&self) -> &str {
        match self {
            RouteKind::Home | RouteKind::HomeAlias => "home",
            RouteKind::About => "about",
            RouteKind::Services => "services",
            RouteKind::Service(_) => "service",
            RouteKind::Pricing => "pricing",
            RouteKind::Faq => "faq",
            RouteKind::Blog | RouteKind::BlogPage(_) => "blog",
            RouteKind::BlogPost(_) => "blogPost",
            RouteKind::Contact => "contact",
            RouteKind::Privacy => "privacy",
            RouteKind::Terms => "terms",
            RouteKind::AssistantChat => "assistantChat",
            RouteKind::Search => "search",
            RouteKind::NotFound => "notFound",
            RouteKind::Page(p) => &p.name,
        }
    }

    /// The kind whose URL is canonical for this one.
    pub(crate) fn canonical(&self) -> RouteKind {
        match self {
            RouteKind::HomeAlias => RouteKind::Home,
            other => other.clone(),
        }
    }
}

/// `/{lang}/{suffix}/`: the one URL form used in links, canonicals, sitemaps and redirects.
pub(crate) fn route_path(lang: Lang, kind: &RouteKind) -> String {
    let suffix = kind.suffix();
    if suffix.is_empty() {
        format!("/{}/", lang.code())
    } else {
        format!("/{}/{}/", lang.code(), suffix)
    }
}

/// The absolute URL of a route: the site's origin and [`route_path`].
pub(crate) fn route_url(site: &Site, lang: Lang, kind: &RouteKind) -> String {
    format!("{}{}", site.config.origin(), route_path(lang, kind))
}

#[derive(Debug, Clone)]
pub struct Route {
    pub(crate) lang: Lang,
    pub(crate) kind: RouteKind,
    /// URL path, e.g. `/en/blog/golden-visa-guide/`.
    pub path: String,
    /// Output file relative to `dist/`, e.g. `en/blog/golden-visa-guide/index.html`.
    pub(crate) file: String,
}

impl Route {
    pub fn new(lang: Lang, kind: RouteKind) -> Route {
        let path = route_path(lang, &kind);
        let file = if kind == RouteKind::NotFound {
            format!("{}/404.html", lang.code())
        } else {
            format!("{}index.html", path.strip_prefix('/').unwrap_or(&path))
        };
        Route {
            lang,
            kind,
            path,
            file,
        }
    }

    /// The page-data file for client navigation, relative to `dist/`; none for 404 pages.
    pub fn data_file(&self) -> Option<String> {
        (self.kind != RouteKind::NotFound).then(|| {
            let dir = self.path.strip_prefix('/').unwrap_or(&self.path);
            format!("{dir}page-data.json")
        })
    }
}

/// Every route of every language, in a stable order.
pub(crate) fn route_table(site: &Site) -> Vec<Route> {
    let mut routes = Vec::new();
    for &lang in site.languages() {
        let c = site.lang(lang);
        let fixed = [
            RouteKind::Home,
            RouteKind::HomeAlias,
            RouteKind::About,
            RouteKind::Services,
            RouteKind::Pricing,
            RouteKind::Faq,
            RouteKind::Blog,
            RouteKind::Contact,
            RouteKind::Privacy,
            RouteKind::Terms,
            RouteKind::AssistantChat,
            RouteKind::Search,
        ];
        routes.extend(fixed.into_iter().map(|k| Route::new(lang, k)));
        // The page table's kinds of the site's own, one page each per language.
        routes.extend(site.pages.own_kinds().map(|(name, kind, _)| {
            Route::new(
                lang,
                RouteKind::Page(OwnPage {
                    name: name.to_string(),
                    path: kind.paths.first().cloned().unwrap_or_default(),
                }),
            )
        }));
        routes.extend(
            c.services
                .iter()
                .map(|s| Route::new(lang, RouteKind::Service(s.id.clone()))),
        );
        routes
            .extend((2..=blog_pages(site, lang)).map(|n| Route::new(lang, RouteKind::BlogPage(n))));
        routes.extend(
            c.posts
                .iter()
                .map(|p| Route::new(lang, RouteKind::BlogPost(p.slug.clone()))),
        );
        routes.push(Route::new(lang, RouteKind::NotFound));
    }
    routes
}

/// Number of blog list pages of a language (at least one, which may be empty).
pub(crate) fn blog_pages(site: &Site, lang: Lang) -> usize {
    site.lang(lang)
        .posts
        .len()
        .div_ceil(site.config.blog.per_page.max(1))
        .max(1)
}

/// The posts on blog list page `n` (1-based), newest first.
pub(crate) fn blog_page_posts(site: &Site, lang: Lang, n: usize) -> &[std::sync::Arc<BlogPost>] {
    let posts = &site.lang(lang).posts;
    let per_page = site.config.blog.per_page.max(1);
    let start = (n.max(1) - 1).saturating_mul(per_page).min(posts.len());
    posts
        .get(start..(start + per_page).min(posts.len()))
        .unwrap_or_default()
}

/// Whether `kind` has a page in `lang` (a post or service may exist in one language only when
/// `[check] parity` is off, and the languages may have different numbers of list pages).
pub(crate) fn exists(site: &Site, lang: Lang, kind: &RouteKind) -> bool {
    let c = site.lang(lang);
    match kind {
        RouteKind::BlogPage(n) => *n <= blog_pages(site, lang),
        RouteKind::BlogPost(slug) => c.post(slug).is_some(),
        RouteKind::Service(id) => c.services.iter().any(|s| &s.id == id),
        RouteKind::NotFound => false,
        RouteKind::Page(p) => site.pages.own(&p.name).is_some(),
        _ => true,
    }
}

/// The blog list page `n` (1-based).
pub(crate) fn blog_page_kind(n: usize) -> RouteKind {
    if n <= 1 {
        RouteKind::Blog
    } else {
        RouteKind::BlogPage(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_use_one_form() {
        assert_eq!(route_path(Lang::ar(), &RouteKind::Home), "/ar/");
        assert_eq!(route_path(Lang::en(), &RouteKind::HomeAlias), "/en/home/");
        assert_eq!(
            route_path(Lang::en(), &RouteKind::BlogPost("x".into())),
            "/en/blog/x/"
        );
        let r = Route::new(Lang::ar(), RouteKind::Service("company-formation".into()));
        assert_eq!(r.file, "ar/services/company-formation/index.html");
        assert_eq!(
            r.data_file().as_deref(),
            Some("ar/services/company-formation/page-data.json")
        );
        let nf = Route::new(Lang::en(), RouteKind::NotFound);
        assert_eq!(nf.file, "en/404.html");
        assert_eq!(nf.data_file(), None);
    }

    #[test]
    fn home_alias_is_canonical_to_home() {
        assert_eq!(RouteKind::HomeAlias.canonical(), RouteKind::Home);
    }
}
