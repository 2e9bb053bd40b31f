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
    /// The page in each language it exists in, then `x-default`, when it exists in more than
    /// one (as in its head).
    alternates: Vec<Alternate>,
}

#[derive(serde::Serialize)]
struct Alternate {
    lang: &'static str,
    href: String,
}

/// The languages a route's page exists in (its own included), in the table's order, and the
/// one `x-default` names: the table's `x_default` language if the page exists in it, else the
/// first. `None` when the page exists in its own language only (no alternates).
pub(crate) fn alternates(site: &Site, route: &Route) -> Option<(Vec<Lang>, Lang)> {
    let table = site.language_table();
    let present: Vec<Lang> = table
        .all()
        .iter()
        .copied()
        .filter(|&l| l == route.lang || exists(site, l, &route.kind))
        .collect();
    if present.len() < 2 {
        return None;
    }
    let x_default = if present.contains(&table.x_default()) {
        table.x_default()
    } else {
        *present.first()?
    };
    Some((present, x_default))
}

/// What every host template is given about the languages: `languages` (each with `code`,
/// `dir`, `name`), `default_lang` and `others` (every language but the default).
pub(crate) fn language_context(site: &Site) -> minijinja::Value {
    let table = site.language_table();
    let entry = |l: Lang| json!({ "code": l.code(), "dir": l.dir(), "name": l.name() });
    minijinja::Value::from_serialize(json!({
        "languages": table.all().iter().map(|&l| entry(l)).collect::<Vec<_>>(),
        "default_lang": entry(table.default_lang()),
        "others": table.others(table.default_lang()).map(entry).collect::<Vec<_>>(),
    }))
}

/// The canonical URLs for the sitemap: every route but the home alias and the 404 pages.
fn sitemap_urls(site: &Site) -> Vec<SitemapUrl> {
    route_table(site)
        .iter()
        .filter(|r| !matches!(r.kind, RouteKind::HomeAlias | RouteKind::NotFound))
        // A kind the page table keeps out of the sitemap.
        .filter(|r| {
            site.pages
                .kinds
                .get(r.kind.page_kind())
                .is_none_or(|k| k.sitemap)
        })
        .map(|r| {
            let alternates = alternates(site, r).map_or_else(Vec::new, |(present, x_default)| {
                present
                    .iter()
                    .map(|&l| (l.code(), l))
                    .chain(std::iter::once(("x-default", x_default)))
                    .map(|(lang, l)| Alternate {
                        lang,
                        href: route_url(site, l, &r.kind),
                    })
                    .collect()
            });
            SitemapUrl {
                loc: route_url(site, r.lang, &r.kind),
                lastmod: lastmod(site, r),
                alternates,
            }
        })
        .collect()
}

/// The script at the end of every page that starts the app once the page has painted (issue 52): it
/// adds the entry's `<script type="module">` and the page's `modulepreload`s (named by its
/// `data-entry` and `data-preload`) once the browser reports the first contentful paint (a `paint`
/// PerformanceObserver; without one, after the first frame), so no byte of JavaScript is fetched or
/// run before the first paint. After the first frame alone was not enough: a first frame without
/// content left the entry before the paint in one load of three. On a phone's network the entry
/// (about 95 KB gzip) otherwise shares the first round trips with the document and the font, and
/// its run delays the first frame; Lighthouse's simulated phone painted at 2.1-2.4 s with it,
/// 1.3-1.5 s without. A hidden tab (no paint) starts after two seconds. Inline, allowed by its hash
/// ([`boot_hash`]).
pub const BOOT_SCRIPT: &str = include_str!("boot.js");

/// The boot script as the page carries it.
pub fn boot_script() -> &'static str {
    BOOT_SCRIPT.trim_end()
}

/// The CSP source that allows [`BOOT_SCRIPT`].
pub fn boot_hash() -> String {
    csp_hash(boot_script())
}

/// The CSP source that allows an inline element with exactly this text: `'sha256-…'`.
pub fn csp_hash(text: &str) -> String {
    use base64::Engine as _;
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(text.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The Content-Security-Policy: scripts and styles from the site only (one inline script runs,
/// the boot script that starts the app after the first paint, allowed by its hash
/// ([`boot_hash`]); the page data and JSON-LD blocks are data; no page carries a `style` attribute, and the one
/// `<style>` element, the app's inlined stylesheet, is allowed by its hash `style` (from
/// `EntryAssets::style_hash`), so `style-src` needs no `'unsafe-inline'`), and connections to
/// the site and the configured backend.
pub(crate) fn content_security_policy(site: &Site, style: Option<&str>) -> String {
    let backend = site.config.backend.as_ref();
    let connect = backend
        .map(|b| format!(" {}", origin_of(&b.url)))
        .unwrap_or_default();
    let form = backend
        .and_then(|b| b.form_endpoint.as_deref())
        .map(|f| format!(" {}", origin_of(f)))
        .unwrap_or_default();
    let style = style.map(|h| format!(" {h}")).unwrap_or_default();
    let boot = boot_hash();
    format!(
        "default-src 'self'; script-src 'self' {boot}; style-src 'self'{style}; img-src 'self' data:; \
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
    style: Option<&str>,
) -> anyhow::Result<Vec<(String, String)>> {
    use minijinja::context;
    let render = |name: &str, ctx: minijinja::Value| -> anyhow::Result<String> {
        env.get_template(name)
            .and_then(|t| t.render(ctx))
            .map_err(|e| {
                anyhow::anyhow!(crate::msg!(
                    "output-template-error",
                    name = name,
                    detail = format!("{e:#}")
                ))
            })
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
    for &lang in site.languages() {
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
                subtitle => &c.screens(lang).blog.title,
                blog_url => route_url(site, lang, &RouteKind::Blog),
                self_url => format!("{origin}/{}/feed.xml", lang.code()),
                updated => c.posts.first().map_or("1970-01-01".to_string(), |p| iso_date(p.date)),
                posts,
            },
        )?;
        files.push((format!("{}/feed.xml", lang.code()), feed));
    }
    for &lang in site.languages() {
        files.push((
            format!("{}/assistant-index.json", lang.code()),
            crate::assistant::assistant_index_json(site, lang)?,
        ));
    }
    files.push((
        "robots.txt".to_string(),
        render("robots.txt", context! { origin })?,
    ));
    let csp = content_security_policy(site, style);
    let langs = language_context(site);
    files.push((
        "_redirects".to_string(),
        render("_redirects", context! { ..langs.clone() })?,
    ));
    files.push((
        "_headers".to_string(),
        render("_headers", context! { csp, ..langs.clone() })?,
    ));
    files.push((
        "nginx.conf".to_string(),
        render("nginx.conf", context! { csp, ..langs.clone() })?,
    ));
    // The root page's script (hosts without redirect rules): to the default language.
    files.push((
        "redirect.js".to_string(),
        format!(
            "// Sends visitors of the bare root to the default language's site (hosts without redirect rules).\nwindow.location.replace('/{}/' + window.location.search + window.location.hash);\n",
            site.language_table().default_lang().code()
        ),
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
