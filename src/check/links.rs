//! Internal links: every link and image of a page names a page, a generated file or a media
//! file of the site.

use std::collections::BTreeSet;
use std::path::Path;

use super::Checker;
use crate::content::markdown::canonical_internal_href;
use crate::content::{BlogPost, LangContent, Site, SourceLink};
use crate::diagnostics::Diagnostic;
use crate::lang::Lang;
use crate::messages::{Arg, Msg};
use crate::routes::{RouteKind, route_table};

/// The site's route paths, which its links are checked against.
pub(super) fn route_paths(site: &Site) -> BTreeSet<String> {
    let mut paths: BTreeSet<String> = route_table(site)
        .into_iter()
        .filter(|r| r.kind != RouteKind::NotFound)
        .map(|r| r.path)
        .collect();
    // The pages of files that did not parse (reported already) would exist: a link to them
    // is not broken.
    for (lang, files) in &site.unparsed {
        for file in files {
            let kind = match file.split_once('/') {
                Some(("blog", f)) => f.strip_suffix(".md").map(|s| RouteKind::BlogPost(s.into())),
                Some(("services", f)) => f
                    .strip_suffix(".yaml")
                    .map(|s| RouteKind::Service(s.into())),
                _ => None,
            };
            if let Some(kind) = kind {
                paths.insert(crate::routes::route_path(*lang, &kind));
            }
        }
    }
    paths
}

impl Checker<'_> {
    /// The links and images of one post's body.
    pub(super) fn post_links(&mut self, lang: Lang, post: &BlogPost, routes: &BTreeSet<String>) {
        let page = crate::routes::route_path(lang, &RouteKind::BlogPost(post.slug.clone()));
        for link in &post.links {
            self.body_link(lang, &post.source, Some(&page), link, routes);
        }
    }

    /// The links and images of the language's long pages, and its home cards' links.
    pub(super) fn page_links(&mut self, lang: Lang, routes: &BTreeSet<String>) {
        let site = self.site;
        let c: &LangContent = site.lang(lang);
        for page in c.pages.values() {
            let path = format!("/{}/{}/", lang.code(), page.name);
            let path = routes.contains(&path).then_some(path.as_str());
            for link in &page.links {
                self.body_link(lang, &page.source, path, link, routes);
            }
        }
        if let Some(home) = &c.home {
            let file = self.file(lang, "home.yaml");
            for card in &home.cards {
                let link = SourceLink {
                    href: card.link.value.clone(),
                    at: card.link.mark(),
                    footnote: false,
                    image: false,
                    alt: String::new(),
                };
                // A card's link is followed from the home page: a relative one (`services/`)
                // would depend on how the home page's URL is written.
                if is_relative(&link.href) {
                    self.out.push(
                        Diagnostic::msg(
                            &file,
                            crate::msg!("check-card-link-relative", href = &link.href),
                        )
                        .at_mark(&link.at)
                        .help_msg(crate::msg!(
                            "check-card-link-relative-help",
                            code = lang.code(),
                            path = link.href.trim_start_matches("./")
                        )),
                    );
                }
                self.target(&file, &link, routes);
            }
        }
    }

    /// A link from the site's root (or to another site) in `file`.
    fn target(&mut self, file: &Path, link: &SourceLink, routes: &BTreeSet<String>) {
        if let Some((message, help)) = link_problem(self.site, routes, &link.href) {
            self.out.push(
                Diagnostic::msg(file, message)
                    .at_mark(&link.at)
                    .help_msg(help),
            );
        }
    }

    /// A link or image of a Markdown body, shown on the page at `page` (a route path). A
    /// relative link (`../visas/`, `other-post.md`) depends on the address it is read at: the
    /// page's own (with or without its last slash) and the feed's differ.
    fn body_link(
        &mut self,
        lang: Lang,
        file: &Path,
        page: Option<&str>,
        link: &SourceLink,
        routes: &BTreeSet<String>,
    ) {
        if link.image {
            // A relative image is looked for beside the page, where the build writes no
            // file: it never shows. An image in the media folder must be there. Other
            // sources (https://..., the site's own files) are not pages, so the links'
            // checks do not apply.
            let problem = if is_relative(&link.href) {
                Some(relative_image_problem(page, &link.href))
            } else {
                self.site.media.problem_msg(&link.href, true)
            };
            if let Some((message, help)) = problem {
                self.out.push(
                    Diagnostic::msg(file, message)
                        .at_mark(&link.at)
                        .help_msg(help),
                );
            }
        } else if link.footnote && !link.href.starts_with('/') {
            self.out.push(
                Diagnostic::msg(file, crate::msg!("check-footnote-link", href = &link.href))
                    .at_mark(&link.at)
                    .help_msg(crate::msg!("check-footnote-link-help")),
            );
        } else if let (Some(fragment), Some(page)) = (link.href.strip_prefix('#'), page) {
            // A heading of the same page.
            let problem = page_anchors(self.site, lang, page)
                .and_then(|anchors| anchor_problem(&link.href, fragment, page, anchors));
            if let Some((message, help)) = problem {
                self.out.push(
                    Diagnostic::msg(file, message)
                        .at_mark(&link.at)
                        .help_msg(help),
                );
            }
        } else if is_relative(&link.href) {
            let (message, help) = relative_link_problem(routes, lang, page, &link.href);
            self.out.push(
                Diagnostic::msg(file, message)
                    .at_mark(&link.at)
                    .help_msg(help),
            );
        } else {
            self.target(file, link, routes);
        }
    }
}

/// Files the build writes under a language besides its pages, which a link may name: the
/// language's feed, assistant index and 404 page, and a page's `index.html` or `page-data.json`.
/// (`[feed](/en/feed.xml)` was reported as a link to a page that does not exist.)
fn is_generated_file(routes: &BTreeSet<String>, lang: Lang, path: &str) -> bool {
    let Some((dir, file)) = path.rsplit_once('/') else {
        return false;
    };
    let dir = format!("{dir}/");
    match file {
        "feed.xml" | "assistant-index.json" | "404.html" => dir == format!("/{}/", lang.code()),
        "index.html" | "page-data.json" => routes.contains(&dir),
        _ => false,
    }
}

/// Whether `href` is relative to the page it is on: not from the root (`/...`), not a URL
/// (`https:`, `mailto:`...) and not only a fragment (`#...`).
fn is_relative(href: &str) -> bool {
    let scheme = href.split_once(':').is_some_and(|(s, _)| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || "+.-".contains(c))
    });
    !(href.is_empty()
        || href.starts_with('/')
        || href.starts_with('\\')
        || href.starts_with('#')
        || scheme)
}

/// Where a relative `href` leads from the page at `page` (a route path): its path (decoded, so
/// an Arabic slug reads as written) and what follows it (`?...`, `#...`).
fn resolve_relative(page: &str, href: &str) -> Option<(String, String)> {
    let base = url::Url::parse("https://site.invalid/")
        .ok()?
        .join(page)
        .ok()?;
    let to = base.join(href).ok()?;
    let path = percent_encoding::percent_decode_str(to.path())
        .decode_utf8_lossy()
        .into_owned();
    let mut rest = String::new();
    if let Some(q) = to.query() {
        rest.push('?');
        rest.push_str(q);
    }
    if let Some(f) = to.fragment() {
        rest.push('#');
        rest.push_str(&percent_encoding::percent_decode_str(f).decode_utf8_lossy());
    }
    Some((path, rest))
}

/// The diagnostic of a relative link in a Markdown body on the page at `page` (a route path,
/// when the body is shown on one): (message, help). The help gives the link written from the
/// site's root when it can tell which page was meant: the page it leads to here, or the post a
/// `.md` file name names.
fn relative_link_problem(
    routes: &BTreeSet<String>,
    lang: Lang,
    page: Option<&str>,
    href: &str,
) -> (Msg, Msg) {
    let resolved = page.and_then(|p| resolve_relative(p, href));
    let message = match (&resolved, page) {
        (Some((path, rest)), Some(page)) => {
            let target = format!("{path}{rest}");
            if routes.contains(&canonical_internal_href(path)) {
                crate::msg!(
                    "check-relative-link-here",
                    href = href,
                    target = target,
                    page = page
                )
            } else {
                crate::msg!(
                    "check-relative-link-nowhere",
                    href = href,
                    target = target,
                    page = page
                )
            }
        }
        _ => crate::msg!("check-relative-link", href = href),
    };
    // `other-post.md`, `../blog/other-post.md`: the post of that file.
    let file_stem = href
        .split(['?', '#'])
        .next()
        .and_then(|p| p.rsplit('/').next())
        .and_then(|name| name.strip_suffix(".md"));
    let post = file_stem
        .map(|slug| crate::routes::route_path(lang, &RouteKind::BlogPost(slug.to_string())))
        .filter(|p| routes.contains(p));
    let help = match (post, resolved) {
        (Some(post), _) => crate::msg!("check-relative-link-post-help", post = post),
        (None, Some((path, rest))) if routes.contains(&canonical_internal_href(&path)) => {
            crate::msg!(
                "check-relative-link-root-help",
                target = format!("{}{rest}", canonical_internal_href(&path))
            )
        }
        _ => crate::msg!("check-relative-link-help", code = lang.code()),
    };
    (message, help)
}

/// The diagnostic of a relative image in a Markdown body on the page at `page` (a route path,
/// when the body is shown on one): (message, help). The build writes only the page itself
/// (`index.html`, `page-data.json`) in a page's folder, so such an image never shows.
fn relative_image_problem(page: Option<&str>, href: &str) -> (Msg, Msg) {
    let message = match page.and_then(|p| resolve_relative(p, href)) {
        Some((path, rest)) => crate::msg!(
            "check-relative-image-from",
            href = href,
            page = page.unwrap_or_default(),
            target = format!("{path}{rest}")
        ),
        None => crate::msg!("check-relative-image", href = href),
    };
    let help = crate::msg!(
        "check-relative-image-help",
        folder = crate::media::FOLDER,
        example = format!(
            "{}{}",
            crate::media::PREFIX,
            href.rsplit('/').next().unwrap_or(href)
        )
    );
    (message, help)
}

/// What is wrong with an internal link, if anything: (message, help).
fn link_problem(site: &Site, routes: &BTreeSet<String>, href: &str) -> Option<(Msg, Msg)> {
    // Browsers read `/\host` (and `\\host`) as `//host`: a link to another site.
    if href.starts_with("/\\") || href.starts_with('\\') {
        return Some((
            crate::msg!("check-link-backslash", href = href),
            crate::msg!("check-link-backslash-help"),
        ));
    }
    if !href.starts_with('/') || href.starts_with("//") {
        return None;
    }
    if href.starts_with(crate::media::PREFIX) {
        return site.media.problem_msg(href, false);
    }
    let canonical = canonical_internal_href(href);
    let (path, fragment) = match canonical.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (canonical.as_str(), None),
    };
    let path = path.split('?').next().unwrap_or(path);
    let first = path.split('/').nth(1).unwrap_or("");
    let Some(lang) = site.language_table().get(first) else {
        let last = path.rsplit('/').next().unwrap_or("");
        if last.contains('.') {
            return None; // a file such as /sitemap.xml
        }
        let table = site.language_table();
        // `/ar/ or /en/`: each prefix joined to the list by "or" in the reader's language.
        let mut prefixes = table.all().iter().map(|l| format!("/{}/", l.code()));
        let first = Arg::from(prefixes.next().unwrap_or_default());
        let prefixes = prefixes.fold(first, |list, next| {
            crate::msg!("check-or", first = list, second = next).into()
        });
        return Some((
            crate::msg!("check-link-no-language", href = href),
            crate::msg!(
                "check-link-no-language-help",
                prefixes = prefixes,
                code = table.all().last().map_or("en", |l| l.code()),
                path = path
            ),
        ));
    };
    if !routes.contains(path) && !is_generated_file(routes, lang, path) {
        return Some((
            crate::msg!("check-link-no-page", href = href),
            crate::msg!("check-link-no-page-help", code = lang.code()),
        ));
    }
    if let Some(fragment) = fragment
        && let Some(anchors) = page_anchors(site, lang, path)
        && let Some(problem) = anchor_problem(href, fragment, path, anchors)
    {
        return Some(problem);
    }
    if let Some(anchor) = fragment
        && path == format!("/{}/services/", lang.code())
        && !site.lang(lang).sections.iter().any(|s| *s.anchor == anchor)
    {
        return Some((
            crate::msg!("check-link-no-section", href = href),
            crate::msg!(
                "check-link-no-section-help",
                anchors = site
                    .lang(lang)
                    .sections
                    .iter()
                    .map(|s| s.anchor.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    None
}

/// The anchors of the page at `path` (a route path) whose headings sahel renders: a post's or
/// a long page's; `None` for pages the app lays out (their ids are its own).
fn page_anchors<'s>(site: &'s Site, lang: Lang, path: &str) -> Option<&'s [String]> {
    let c = site.lang(lang);
    let rest = path
        .strip_prefix('/')?
        .strip_prefix(lang.code())?
        .strip_prefix('/')?
        .strip_suffix('/')?;
    match rest.strip_prefix("blog/") {
        Some(slug) => c.post(slug).map(|p| p.anchors.as_slice()),
        None => c.pages.get(rest).map(|p| p.anchors.as_slice()),
    }
}

/// What is wrong with `#fragment` on a page whose headings' anchors are `anchors`: the
/// fragment compared percent-decoded and in NFC, so an Arabic anchor matches however it is
/// written; the closest anchor named when one is close ("did you mean").
fn anchor_problem(
    href: &str,
    fragment: &str,
    page: &str,
    anchors: &[String],
) -> Option<(Msg, Msg)> {
    let wanted = super::external::fetch::normalize_anchor(fragment);
    if wanted.is_empty() || wanted.eq_ignore_ascii_case("top") || anchors.contains(&wanted) {
        return None;
    }
    let message = crate::msg!(
        "check-link-no-anchor",
        href = href,
        fragment = wanted.as_str(),
        page = page
    );
    let closest = super::external::fetch::closest(&wanted, anchors);
    let help = match closest {
        Some(closest) => crate::msg!("check-link-no-anchor-closest", closest = closest),
        None if anchors.is_empty() => crate::msg!("check-link-no-anchor-none", page = page),
        None => crate::msg!("check-link-no-anchor-help", anchors = anchors.join(", ")),
    };
    Some((message, help))
}

#[cfg(test)]
mod relative_link_tests {
    use super::is_relative;

    #[test]
    fn only_links_that_depend_on_the_page_are_relative() {
        for href in ["services/", "./faq/", "../ar/", "blog/مرحبا/", "x"] {
            assert!(is_relative(href), "{href}");
        }
        for href in [
            "",
            "/en/services/",
            "#visas",
            "https://wa.me/971500000000",
            "mailto:info@example.com",
            "tel:+97145550100",
            "//cdn.example/x",
            "\\\\host",
        ] {
            assert!(!is_relative(href), "{href}");
        }
    }
}
