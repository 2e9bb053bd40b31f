//! Whole-site validation, after every file parsed on its own: the two languages hold the same
//! items, ids and slugs are unique, services name existing sections, and every internal link
//! (in Markdown bodies and home cards) is written from the site's root and points to a route
//! that exists, and the app's interface strings hold the same keys in every language
//! ([`strings`], found with the app's lint: an error in `check`, [`check_site_strict`]; a
//! warning in `build` and `serve`, whose bundle falls back). Used by `check` and run by `build`
//! before anything is rendered.

mod facts;
pub mod lint;
pub mod review;
pub(crate) mod strings;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::config::SiteConfig;
use crate::content::load::{Lints, load_site_with_config};
use crate::content::markdown::{ParsedBody, canonical_internal_href};
use crate::content::{LangContent, Located, Site, SourceLink};
use crate::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::lang::Lang;
use crate::routes::{RouteKind, route_table};

/// The checks content loading runs on what it reads ([`Lints`]): the typography lint and the
/// `review_by` marks of each file, the app's lint.
pub(crate) const LINTS: Lints = Lints {
    file: file_findings,
    app: lint::app,
};

/// A content file's lint findings and its passed or broken `review_by` marks.
fn file_findings(text: &str, shown: &Path, body: Option<&ParsedBody<'_>>) -> Vec<Diagnostic> {
    let mut findings = lint::content_file_with(text, shown, body);
    findings.extend(review::file(text, shown, review::today()));
    findings
}

/// Loads config and content from a site folder, with [`LINTS`].
pub fn load_site(root: &Path) -> Result<Site, Diagnostics> {
    let config = SiteConfig::load(root)?;
    load_site_with_config(root, config, &LINTS)
}

/// Every problem in the site, sorted by file and position, as `build` and `serve` see them: an
/// interface string a language lacks is a warning (the bundle gives the language its fallback's
/// string). Works over the model alone: positions and excerpts were recorded while parsing, so
/// no file is read again.
pub fn check_site(site: &Site) -> Diagnostics {
    check_site_with(site, Severity::Warning)
}

/// [`check_site`] as `check` sees it: an interface string a language lacks is an error.
pub fn check_site_strict(site: &Site) -> Diagnostics {
    check_site_with(site, Severity::Error)
}

fn check_site_with(site: &Site, missing_strings: Severity) -> Diagnostics {
    let mut c = Checker {
        site,
        out: Diagnostics::default(),
    };
    if site.config.check.parity {
        c.parity();
    }
    c.facts();
    for &lang in site.languages() {
        c.unique_ids(lang);
        c.sections(lang);
        if site.config.check.links {
            c.links(lang);
        }
    }
    c.lint();
    for d in &site.strings_missing {
        c.out.push(d.clone().severity(missing_strings));
    }
    c.out.sorted()
}

fn lang_name(lang: Lang) -> String {
    crate::lang::english_name(lang)
}

/// Where the items of one kind live.
#[derive(Clone, Copy)]
enum Place {
    /// One item per file, `<folder>/<id>.<ext>`: the file name is the id.
    PerFile {
        folder: &'static str,
        ext: &'static str,
    },
    /// A list in one file, each item named by the value of `key`.
    InFile {
        file: &'static str,
        key: &'static str,
    },
}

/// An item's id, and where it is written when it is a YAML value.
struct Named<'a> {
    id: &'a str,
    at: Option<&'a Located<String>>,
}

impl<'a> Named<'a> {
    fn file(id: &'a str) -> Self {
        Named { id, at: None }
    }

    fn value(id: &'a Located<String>) -> Self {
        Named {
            id: id.as_str(),
            at: Some(id),
        }
    }
}

/// The items of one kind in one language.
struct IdList<'a> {
    what: &'static str,
    place: Place,
    items: Vec<Named<'a>>,
}

/// Every kind of item that has an id, in one language: the one table that parity and
/// uniqueness both read.
fn id_lists(c: &LangContent) -> Vec<IdList<'_>> {
    let per_file = |what, folder, ext, items| IdList {
        what,
        place: Place::PerFile { folder, ext },
        items,
    };
    let in_file = |what, file, key, items| IdList {
        what,
        place: Place::InFile { file, key },
        items,
    };
    vec![
        per_file(
            "blog post",
            "blog",
            "md",
            c.posts.iter().map(|p| Named::file(&p.slug)).collect(),
        ),
        per_file(
            "service",
            "services",
            "yaml",
            c.services.iter().map(|s| Named::file(&s.id)).collect(),
        ),
        per_file(
            "page",
            "pages",
            "md",
            c.pages.keys().map(|k| Named::file(k)).collect(),
        ),
        in_file(
            "FAQ item",
            "faq.yaml",
            "id",
            c.faq.iter().map(|f| Named::value(&f.id)).collect(),
        ),
        in_file(
            "testimonial",
            "testimonials.yaml",
            "id",
            c.testimonials.iter().map(|t| Named::value(&t.id)).collect(),
        ),
        in_file(
            "plan",
            "pricing.yaml",
            "id",
            c.pricing
                .iter()
                .flat_map(|p| p.plans.iter().map(|x| Named::value(&x.id)))
                .collect(),
        ),
        in_file(
            "services section",
            "service-sections.yaml",
            "anchor",
            c.sections.iter().map(|s| Named::value(&s.anchor)).collect(),
        ),
    ]
}

struct Checker<'a> {
    site: &'a Site,
    out: Diagnostics,
}

impl Checker<'_> {
    /// The typography lint's findings ([`lint`]), found when the files were read, each at
    /// its rule's level (`[lint]`): an error, a warning, or left out; `[check] typography =
    /// false` leaves out every rule's. Findings of no rule (a `review_by` date that is not a
    /// date) are errors whatever the levels.
    fn lint(&mut self) {
        let site = self.site;
        let levels = &site.config.lint;
        let typography = site.config.check.typography;
        let content = site
            .languages()
            .iter()
            .flat_map(|&l| site.lang(l).lint.values());
        for d in content.flatten().chain(&site.app_lint) {
            if d.rule.is_some() && !typography {
                continue;
            }
            if let Some(d) = levels.apply(d) {
                self.out.push(d);
            }
        }
    }

    /// `content/<lang>/<name>` as shown in messages.
    fn file(&self, lang: Lang, name: &str) -> PathBuf {
        self.site.config.paths.content.join(lang.code()).join(name)
    }

    fn parity(&mut self) {
        let site = self.site;
        let pairs: Vec<(Lang, Lang)> = site
            .languages()
            .iter()
            .flat_map(|&l| site.language_table().others(l).map(move |o| (l, o)))
            .collect();
        for (lang, other) in pairs {
            let theirs: Vec<IdList> = id_lists(site.lang(other));
            for (mine, theirs) in id_lists(site.lang(lang)).into_iter().zip(theirs) {
                let theirs: BTreeSet<&str> = theirs.items.iter().map(|n| n.id).collect();
                let mut reported = BTreeSet::new();
                for item in &mine.items {
                    if theirs.contains(item.id) || !reported.insert(item.id) {
                        continue;
                    }
                    let d = self.missing_counterpart(lang, other, &mine, item);
                    self.out.push(d);
                }
            }
            // Whole files.
            let (here, there) = (site.lang(lang), site.lang(other));
            for (name, present_here, present_there) in [
                ("home.yaml", here.home.is_some(), there.home.is_some()),
                (
                    "pricing.yaml",
                    here.pricing.is_some(),
                    there.pricing.is_some(),
                ),
                (
                    "screens.yaml",
                    here.screens.is_some(),
                    there.screens.is_some(),
                ),
            ] {
                if present_here && !present_there {
                    let file = self.file(lang, name);
                    let missing = self.file(other, name);
                    self.out.push(
                        Diagnostic::new(
                            &file,
                            format!("{} has no {} counterpart", file.display(), lang_name(other)),
                        )
                        .help(format!("add {}", missing.display())),
                    );
                }
            }
        }
    }

    /// An item of `lang` that `other` lacks.
    fn missing_counterpart(
        &self,
        lang: Lang,
        other: Lang,
        list: &IdList,
        item: &Named,
    ) -> Diagnostic {
        let (id, what) = (item.id, list.what);
        match list.place {
            Place::PerFile { folder, ext } => {
                let file = self.file(lang, &format!("{folder}/{id}.{ext}"));
                let missing = self.file(other, &format!("{folder}/{id}.{ext}"));
                Diagnostic::new(
                    &file,
                    format!(
                        "the {what} `{id}` has no {} version: {} is missing",
                        lang_name(other),
                        missing.display()
                    ),
                )
                .at(1, 1)
                .help(format!(
                    "every item exists in every language under the same name: add {} (or delete {})",
                    missing.display(),
                    file.display()
                ))
            }
            Place::InFile { file: name, key } => {
                let file = self.file(lang, name);
                let missing_in = self.file(other, name);
                let d = Diagnostic::new(
                    &file,
                    format!("the {what} `{id}` is missing from {}", missing_in.display()),
                )
                .help(format!(
                    "add an item with {key}: {id} to {} (the {} text), or remove it here",
                    missing_in.display(),
                    lang_name(other)
                ));
                match item.at {
                    Some(at) => d.at_mark(&at.mark()),
                    None => d,
                }
            }
        }
    }

    fn unique_ids(&mut self, lang: Lang) {
        let c = self.site.lang(lang);
        for list in id_lists(c) {
            // One item per file: the file system keeps names unique.
            let Place::InFile { file: name, key } = list.place else {
                continue;
            };
            let file = self.file(lang, name);
            let mut first: BTreeMap<&str, (&Named, usize)> = BTreeMap::new();
            for item in &list.items {
                let seen = first.entry(item.id).or_insert((item, 0));
                seen.1 += 1;
                if seen.1 != 2 {
                    continue;
                }
                let first_line = seen.0.at.map_or(1, |a| a.mark().line);
                let d = Diagnostic::new(
                    &file,
                    format!(
                        "the {key} `{}` is used twice (first on line {first_line})",
                        item.id
                    ),
                )
                .help(format!(
                    "every {key} in {name} must be unique: rename one of them"
                ));
                self.out.push(match item.at {
                    Some(at) => d.at_mark(&at.mark()),
                    None => d,
                });
            }
        }
        // Posts: a `slug:` key that differs from the file name.
        let slugs: BTreeMap<&str, &PathBuf> = c
            .posts
            .iter()
            .map(|p| (p.slug.as_str(), &p.source))
            .collect();
        for post in &c.posts {
            let Some((declared, at)) = &post.declared_slug else {
                continue;
            };
            let d = match slugs.get(declared.as_str()) {
                Some(other) => Diagnostic::new(
                    &post.source,
                    format!("duplicate slug `{declared}`: {} already has it", other.display()),
                )
                .help(format!(
                    "a post's slug is its file name ({}.md): remove the `slug:` line, or give the post a file name of its own",
                    post.slug
                )),
                None => Diagnostic::new(
                    &post.source,
                    format!("the slug `{declared}` differs from the file name `{}.md`", post.slug),
                )
                .help("the file name is the slug: remove the `slug:` line or rename the file"),
            };
            self.out.push(d.at_mark(at));
        }
    }

    fn sections(&mut self, lang: Lang) {
        let c = self.site.lang(lang);
        if c.sections.is_empty() {
            return;
        }
        let anchors: BTreeSet<&str> = c.sections.iter().map(|s| s.anchor.as_str()).collect();
        for s in &c.services {
            if !anchors.contains(s.section.as_str()) {
                self.out.push(
                    Diagnostic::new(
                        &s.source,
                        format!("the section `{}` does not exist", s.section),
                    )
                    .at_mark(&s.section.mark())
                    .help(format!(
                        "use one of the anchors in {}: {}",
                        self.file(lang, "service-sections.yaml").display(),
                        anchors.iter().copied().collect::<Vec<_>>().join(", ")
                    )),
                );
            }
        }
    }

    fn links(&mut self, lang: Lang) {
        let site = self.site;
        let c: &LangContent = site.lang(lang);
        let routes: BTreeSet<String> = route_table(site)
            .into_iter()
            .filter(|r| r.kind != RouteKind::NotFound)
            .map(|r| r.path)
            .collect();
        let check = |file: &Path, link: &SourceLink, out: &mut Diagnostics| {
            if let Some(problem) = link_problem(site, &routes, &link.href) {
                out.push(
                    Diagnostic::new(file, problem.0)
                        .at_mark(&link.at)
                        .help(problem.1),
                );
            }
        };
        // A Markdown body's relative link (`../visas/`, `other-post.md`) depends on the address
        // it is read at: the page's own (with or without its last slash) and the feed's differ.
        let check_body = |file: &Path,
                          page: Option<&str>,
                          link: &SourceLink,
                          out: &mut Diagnostics| {
            if link.image {
                // A relative image is looked for beside the page, where the build writes no
                // file: it never shows. An image in the media folder must be there. Other
                // sources (https://..., the site's own files) are not pages, so the links'
                // checks do not apply.
                let problem = if is_relative(&link.href) {
                    Some(relative_image_problem(page, &link.href))
                } else {
                    site.media.problem(&link.href, true)
                };
                if let Some((message, help)) = problem {
                    out.push(Diagnostic::new(file, message).at_mark(&link.at).help(help));
                }
            } else if link.footnote && !link.href.starts_with('/') {
                out.push(
                        Diagnostic::new(
                            file,
                            format!(
                                "this footnote is a link to `{}`: the site's Markdown has no footnotes, so its definition (`[^...]: {}`) makes the reference a link",
                                link.href, link.href
                            ),
                        )
                        .at_mark(&link.at)
                        .help("write the note in the text itself (after the sentence, or in parentheses), and remove the `[^...]` reference and its definition"),
                    );
            } else if is_relative(&link.href) {
                let (message, help) = relative_link_problem(&routes, lang, page, &link.href);
                out.push(Diagnostic::new(file, message).at_mark(&link.at).help(help));
            } else {
                check(file, link, out);
            }
        };
        for post in &c.posts {
            let page = crate::routes::route_path(lang, &RouteKind::BlogPost(post.slug.clone()));
            for link in &post.links {
                check_body(&post.source, Some(&page), link, &mut self.out);
            }
        }
        for page in c.pages.values() {
            let path = format!("/{}/{}/", lang.code(), page.name);
            let path = routes.contains(&path).then_some(path.as_str());
            for link in &page.links {
                check_body(&page.source, path, link, &mut self.out);
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
                };
                // A card's link is followed from the home page: a relative one (`services/`)
                // would depend on how the home page's URL is written.
                if is_relative(&link.href) {
                    self.out.push(
                        Diagnostic::new(
                            &file,
                            format!("the card link `{}` is relative", link.href),
                        )
                        .at_mark(&link.at)
                        .help(format!(
                            "write it from the site's root, e.g. /{}/{}",
                            lang.code(),
                            link.href.trim_start_matches("./")
                        )),
                    );
                }
                check(&file, &link, &mut self.out);
            }
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
) -> (String, String) {
    let resolved = page.and_then(|p| resolve_relative(p, href));
    let message = match (&resolved, page) {
        (Some((path, rest)), Some(page)) => {
            if routes.contains(&canonical_internal_href(path)) {
                format!(
                    "the link `{href}` is relative: it leads to {path}{rest} only when read on {page} (the feed, or the page's address without its last slash, resolve it elsewhere)"
                )
            } else {
                format!(
                    "the link `{href}` is relative and leads to {path}{rest} from {page}, a page that does not exist"
                )
            }
        }
        _ => format!(
            "the link `{href}` is relative, so where it leads depends on the address it is read at"
        ),
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
        (Some(post), _) => format!("link to the post's page from the site's root: {post}"),
        (None, Some((path, rest))) if routes.contains(&canonical_internal_href(&path)) => {
            format!(
                "write it from the site's root: {}{rest}",
                canonical_internal_href(&path)
            )
        }
        _ => format!(
            "write it from the site's root, e.g. /{}/services/ or /{}/blog/<slug>/",
            lang.code(),
            lang.code()
        ),
    };
    (message, help)
}

/// The diagnostic of a relative image in a Markdown body on the page at `page` (a route path,
/// when the body is shown on one): (message, help). The build writes only the page itself
/// (`index.html`, `page-data.json`) in a page's folder, so such an image never shows.
fn relative_image_problem(page: Option<&str>, href: &str) -> (String, String) {
    let message = match page.and_then(|p| resolve_relative(p, href)) {
        Some((path, rest)) => format!(
            "the image `{href}` is relative: from {} it is looked for at {path}{rest}, where the site has no file, so it would not show",
            page.unwrap_or_default()
        ),
        None => format!(
            "the image `{href}` is relative: it is looked for beside the page, where the site has no file, so it would not show"
        ),
    };
    let help = format!(
        "put the image in content/{}/ and write it from the site's root, e.g. {}{}, or give its full address (https://...)",
        crate::media::FOLDER,
        crate::media::PREFIX,
        href.rsplit('/').next().unwrap_or(href)
    );
    (message, help)
}

/// What is wrong with an internal link, if anything: (message, help).
fn link_problem(site: &Site, routes: &BTreeSet<String>, href: &str) -> Option<(String, String)> {
    // Browsers read `/\host` (and `\\host`) as `//host`: a link to another site.
    if href.starts_with("/\\") || href.starts_with('\\') {
        return Some((
            format!("the link `{href}` starts with a backslash, which browsers read as a link to another site"),
            "write a site link with slashes only, e.g. /en/services/; another site's link as https://...".into(),
        ));
    }
    if !href.starts_with('/') || href.starts_with("//") {
        return None;
    }
    if href.starts_with(crate::media::PREFIX) {
        return site.media.problem(href, false);
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
        let prefixes: Vec<String> = table
            .all()
            .iter()
            .map(|l| format!("/{}/", l.code()))
            .collect();
        return Some((
            format!("the link `{href}` has no language prefix"),
            format!(
                "site links start with {}, e.g. /{}{path}",
                prefixes.join(" or "),
                table.all().last().map_or("en", |l| l.code())
            ),
        ));
    };
    if !routes.contains(path) && !is_generated_file(routes, lang, path) {
        return Some((
            format!("the link `{href}` points to a page that does not exist"),
            format!(
                "link to an existing page, e.g. /{}/services/ or /{}/blog/<slug>/; check the slug's spelling",
                lang.code(),
                lang.code()
            ),
        ));
    }
    if let Some(anchor) = fragment
        && path == format!("/{}/services/", lang.code())
        && !site.lang(lang).sections.iter().any(|s| *s.anchor == anchor)
    {
        return Some((
            format!("the link `{href}` points to a services section that does not exist"),
            format!(
                "use one of: {}",
                site.lang(lang)
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
