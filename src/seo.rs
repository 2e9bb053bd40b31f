//! The files beside the pages: the sitemap (with hreflang alternates, split with an index past
//! 50,000 URLs), the per-language Atom feeds, robots.txt, the Content-Security-Policy and the
//! hosts' configuration. (Each page's own head and JSON-LD are [`crate::head`]'s.)

use serde_json::{Value, json};

use crate::content::Site;
use crate::lang::{Lang, iso_date};
use crate::routes::{Route, RouteKind, blog_page_posts, exists, route_table, route_url};

/// Posts in each language's feed (the newest).
const FEED_ENTRIES: usize = 20;

/// The most URLs one sitemap file may hold.
const SITEMAP_LIMIT: usize = 50_000;

/// `lastmod` of a route, from the content: a post's date; for the blog list and the home page,
/// the newest post's date. Other pages carry no date in their content and get none.
fn lastmod(site: &Site, route: &Route) -> Option<String> {
    let c = site.lang(route.lang);
    match &route.kind {
        RouteKind::BlogPost(slug) => c.post(slug).map(|p| iso_date(p.date)),
        RouteKind::Blog | RouteKind::Home => c.posts.first().map(|p| iso_date(p.date)),
        // A later list page changes when its newest post does.
        RouteKind::BlogPage(n) => blog_page_posts(site, route.lang, *n)
            .first()
            .map(|p| iso_date(p.date)),
        _ => None,
    }
}

#[derive(serde::Serialize)]
struct SitemapUrl {
    loc: String,
    lastmod: Option<String>,
    /// The page in each language, when it exists in both.
    ar: Option<String>,
    en: Option<String>,
}

/// The canonical URLs for the sitemap: every route but the home alias and the 404 pages.
fn sitemap_urls(site: &Site) -> Vec<SitemapUrl> {
    route_table(site)
        .iter()
        .filter(|r| !matches!(r.kind, RouteKind::HomeAlias | RouteKind::NotFound))
        .map(|r| {
            // Alternates only when the page exists in both languages, as in its head.
            let both = exists(site, r.lang.other(), &r.kind);
            SitemapUrl {
                loc: route_url(site, r.lang, &r.kind),
                lastmod: lastmod(site, r),
                ar: both.then(|| route_url(site, Lang::Ar, &r.kind)),
                en: both.then(|| route_url(site, Lang::En, &r.kind)),
            }
        })
        .collect()
}

/// The Content-Security-Policy: scripts and styles from the site only (no inline script runs:
/// the page data and JSON-LD blocks are data; no page carries a `style` attribute or a
/// `<style>` element, so `style-src` needs no `'unsafe-inline'`), and connections to the site
/// and the configured backend.
pub(crate) fn content_security_policy(site: &Site) -> String {
    let backend = site.config.backend.as_ref();
    let connect = backend
        .map(|b| format!(" {}", origin_of(&b.url)))
        .unwrap_or_default();
    let form = backend
        .and_then(|b| b.form_endpoint.as_deref())
        .map(|f| format!(" {}", origin_of(f)))
        .unwrap_or_default();
    format!(
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         font-src 'self'; connect-src 'self'{connect}; form-action 'self'{form}; frame-ancestors 'none'; \
         base-uri 'self'; object-src 'none'; manifest-src 'self'"
    )
}

/// `https://x.supabase.co/rest/v1` → `https://x.supabase.co`.
fn origin_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let host = rest.split('/').next().unwrap_or("");
    let scheme = url.split_once("://").map_or("https", |(s, _)| s);
    format!("{scheme}://{host}")
}

/// Every file of the site that is not a page: sitemap(s), feeds, the assistant's content
/// indexes, robots.txt, and the hosts'
/// configuration (`_redirects`, `_headers`, `nginx.conf`). Returns (path in the output, text).
pub fn site_files(
    env: &minijinja::Environment<'static>,
    site: &Site,
) -> anyhow::Result<Vec<(String, String)>> {
    use minijinja::context;
    let render = |name: &str, ctx: minijinja::Value| -> anyhow::Result<String> {
        env.get_template(name)
            .and_then(|t| t.render(ctx))
            .map_err(|e| anyhow::anyhow!("template {name}: {e:#}"))
    };
    let origin = site.config.origin();
    let mut files = Vec::new();
    let urls = sitemap_urls(site);
    if urls.len() <= SITEMAP_LIMIT {
        files.push((
            "sitemap.xml".to_string(),
            render("sitemap.xml", context! { urls })?,
        ));
    } else {
        let mut names = Vec::new();
        for (i, chunk) in urls.chunks(SITEMAP_LIMIT).enumerate() {
            let name = format!("sitemap-{}.xml", i + 1);
            files.push((
                name.clone(),
                render("sitemap.xml", context! { urls => chunk })?,
            ));
            names.push(format!("{origin}/{name}"));
        }
        files.push((
            "sitemap.xml".to_string(),
            render("sitemap-index.xml", context! { sitemaps => names })?,
        ));
    }
    for lang in Lang::ALL {
        let c = site.lang(lang);
        let posts: Vec<Value> = c
            .posts
            .iter()
            .take(FEED_ENTRIES)
            .map(|p| {
                json!({
                    "title": p.title, "date": iso_date(p.date), "author": p.author, "excerpt": p.excerpt,
                    "html": p.html, "url": route_url(site, lang, &RouteKind::BlogPost(p.slug.clone()))
                })
            })
            .collect();
        let feed = render(
            "feed.xml",
            context! {
                lang => lang.code(),
                title => site.config.company.name.get(lang),
                subtitle => if lang == Lang::Ar { "المدونة" } else { "Blog" },
                blog_url => route_url(site, lang, &RouteKind::Blog),
                self_url => format!("{origin}/{}/feed.xml", lang.code()),
                updated => c.posts.first().map_or("1970-01-01".to_string(), |p| iso_date(p.date)),
                posts,
            },
        )?;
        files.push((format!("{}/feed.xml", lang.code()), feed));
    }
    for lang in Lang::ALL {
        files.push((
            format!("{}/assistant-index.json", lang.code()),
            crate::assistant::assistant_index_json(site, lang)?,
        ));
    }
    files.push((
        "robots.txt".to_string(),
        render("robots.txt", context! { origin })?,
    ));
    let csp = content_security_policy(site);
    files.push(("_redirects".to_string(), render("_redirects", context! {})?));
    files.push((
        "_headers".to_string(),
        render("_headers", context! { csp })?,
    ));
    files.push((
        "nginx.conf".to_string(),
        render("nginx.conf", context! { csp })?,
    ));
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins() {
        assert_eq!(
            origin_of("https://x.supabase.co/rest/v1"),
            "https://x.supabase.co"
        );
        assert_eq!(
            origin_of("http://127.0.0.1:54321"),
            "http://127.0.0.1:54321"
        );
    }
}
