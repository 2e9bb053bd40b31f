//! Whole-site validation, after every file parsed on its own: the two languages hold the same
//! items, ids and slugs are unique, services name existing sections, and every internal link
//! (in Markdown bodies and home cards) points to a route that exists. Used by `check` and run
//! by `build` before anything is rendered.

mod facts;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::content::{LangContent, Site, SourceLink, markdown::canonical_internal_href};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::Lang;
use crate::routes::{RouteKind, route_table};

/// Every problem in the site, sorted by file and position.
pub fn check_site(site: &Site) -> Diagnostics {
    let mut c = Checker {
        site,
        sources: BTreeMap::new(),
        out: Diagnostics::default(),
    };
    if site.config.check.parity {
        c.parity();
    }
    c.facts();
    for lang in Lang::ALL {
        c.unique_ids(lang);
        c.sections(lang);
        if site.config.check.links {
            c.links(lang);
        }
    }
    let mut out = c.out;
    for d in &mut out.0 {
        if d.source.is_none() && d.position.is_some() {
            d.source = std::fs::read_to_string(site.root.join(&d.file))
                .ok()
                .map(Into::into);
        }
    }
    out.sorted()
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Ar => "Arabic",
        Lang::En => "English",
    }
}

/// The ids of one kind of item in one language and in the other.
struct Ids<'a> {
    what: &'static str,
    /// The folder or file holding them.
    place: &'static str,
    /// The YAML key of the id, or the file extension for one-item files.
    key: &'static str,
    mine: Vec<&'a str>,
    theirs: Vec<&'a str>,
}

fn plan_ids(c: &LangContent) -> Vec<&str> {
    c.pricing
        .iter()
        .flat_map(|p| p.plans.iter().map(|x| x.id.as_str()))
        .collect()
}

struct Checker<'a> {
    site: &'a Site,
    sources: BTreeMap<PathBuf, Option<String>>,
    out: Diagnostics,
}

impl<'a> Checker<'a> {
    /// `content/<lang>/<name>` as shown in messages.
    fn file(&self, lang: Lang, name: &str) -> PathBuf {
        self.site.config.paths.content.join(lang.code()).join(name)
    }

    fn source(&mut self, file: &Path) -> Option<&str> {
        let root = &self.site.root;
        self.sources
            .entry(file.to_path_buf())
            .or_insert_with(|| std::fs::read_to_string(root.join(file)).ok())
            .as_deref()
    }

    /// Line and column of the `n`th (0-based) line containing `needle` in a file.
    fn find(&mut self, file: &Path, needle: &str, n: usize) -> (usize, usize) {
        let Some(text) = self.source(file) else {
            return (1, 1);
        };
        text.lines()
            .enumerate()
            .filter_map(|(i, line)| line.find(needle).map(|col| (i, line, col)))
            .nth(n)
            .map(|(i, line, col)| {
                let before = line.get(..col).unwrap_or(line);
                (i + 1, before.chars().count() + 1)
            })
            .unwrap_or((1, 1))
    }

    /// Position of `id: <value>` (quoted or not).
    fn find_id(&mut self, file: &Path, key: &str, id: &str, n: usize) -> (usize, usize) {
        for form in [
            format!("{key}: {id}"),
            format!("{key}: \"{id}\""),
            format!("{key}: '{id}'"),
        ] {
            let pos = self.find(file, &form, n);
            if pos != (1, 1) {
                let (l, c) = pos;
                return (l, c + key.len() + 2);
            }
        }
        (1, 1)
    }

    fn parity(&mut self) {
        let site = self.site;
        for lang in Lang::ALL {
            let here = site.lang(lang);
            let there = site.lang(lang.other());
            let other = lang.other();
            // Files that hold one item each: posts, services, pages.
            let per_file = [
                Ids {
                    what: "blog post",
                    place: "blog",
                    key: "md",
                    mine: here.posts.iter().map(|p| p.slug.as_str()).collect(),
                    theirs: there.posts.iter().map(|p| p.slug.as_str()).collect(),
                },
                Ids {
                    what: "service",
                    place: "services",
                    key: "yaml",
                    mine: here.services.iter().map(|s| s.id.as_str()).collect(),
                    theirs: there.services.iter().map(|s| s.id.as_str()).collect(),
                },
                Ids {
                    what: "page",
                    place: "pages",
                    key: "md",
                    mine: here.pages.keys().map(String::as_str).collect(),
                    theirs: there.pages.keys().map(String::as_str).collect(),
                },
            ];
            for Ids {
                what,
                place: folder,
                key: ext,
                mine,
                theirs,
            } in per_file
            {
                let theirs: BTreeSet<&str> = theirs.into_iter().collect();
                for id in mine.into_iter().filter(|id| !theirs.contains(id)) {
                    let file = self.file(lang, &format!("{folder}/{id}.{ext}"));
                    let missing = self.file(other, &format!("{folder}/{id}.{ext}"));
                    self.out.push(
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
                            "every item exists in both languages under the same name: add {} (or delete {})",
                            missing.display(),
                            file.display()
                        )),
                    );
                }
            }
            // Lists inside one file: FAQ, testimonials, plans, sections.
            let lists = [
                Ids {
                    what: "FAQ item",
                    place: "faq.yaml",
                    key: "id",
                    mine: here.faq.iter().map(|f| f.id.as_str()).collect(),
                    theirs: there.faq.iter().map(|f| f.id.as_str()).collect(),
                },
                Ids {
                    what: "testimonial",
                    place: "testimonials.yaml",
                    key: "id",
                    mine: here.testimonials.iter().map(|t| t.id.as_str()).collect(),
                    theirs: there.testimonials.iter().map(|t| t.id.as_str()).collect(),
                },
                Ids {
                    what: "plan",
                    place: "pricing.yaml",
                    key: "id",
                    mine: plan_ids(here),
                    theirs: plan_ids(there),
                },
                Ids {
                    what: "services section",
                    place: "service-sections.yaml",
                    key: "anchor",
                    mine: here.sections.iter().map(|s| s.anchor.as_str()).collect(),
                    theirs: there.sections.iter().map(|s| s.anchor.as_str()).collect(),
                },
            ];
            for Ids {
                what,
                place: name,
                key,
                mine,
                theirs,
            } in lists
            {
                let theirs: BTreeSet<&str> = theirs.into_iter().collect();
                let file = self.file(lang, name);
                let missing_in = self.file(other, name);
                for id in mine.into_iter().filter(|id| !theirs.contains(id)) {
                    let (l, c) = self.find_id(&file, key, id, 0);
                    self.out.push(
                        Diagnostic::new(
                            &file,
                            format!("the {what} `{id}` is missing from {}", missing_in.display()),
                        )
                        .at(l, c)
                        .help(format!(
                            "add an item with {key}: {id} to {} (the {} text), or remove it here",
                            missing_in.display(),
                            lang_name(other)
                        )),
                    );
                }
            }
            // Whole files.
            for (name, present_here, present_there) in [
                ("home.yaml", here.home.is_some(), there.home.is_some()),
                (
                    "pricing.yaml",
                    here.pricing.is_some(),
                    there.pricing.is_some(),
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

    fn unique_ids(&mut self, lang: Lang) {
        let c = self.site.lang(lang);
        let lists: [(&str, &str, Vec<&str>); 4] = [
            (
                "faq.yaml",
                "id",
                c.faq.iter().map(|f| f.id.as_str()).collect(),
            ),
            (
                "testimonials.yaml",
                "id",
                c.testimonials.iter().map(|t| t.id.as_str()).collect(),
            ),
            (
                "pricing.yaml",
                "id",
                c.pricing
                    .iter()
                    .flat_map(|p| p.plans.iter().map(|x| x.id.as_str()))
                    .collect(),
            ),
            (
                "service-sections.yaml",
                "anchor",
                c.sections.iter().map(|s| s.anchor.as_str()).collect(),
            ),
        ];
        for (name, key, ids) in lists {
            let file = self.file(lang, name);
            let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
            for id in ids {
                let n = seen.entry(id).or_insert(0);
                *n += 1;
                if *n == 2 {
                    let (l, c) = self.find_id(&file, key, id, 1);
                    let (first, _) = self.find_id(&file, key, id, 0);
                    self.out.push(
                        Diagnostic::new(
                            &file,
                            format!("the {key} `{id}` is used twice (first on line {first})"),
                        )
                        .at(l, c)
                        .help(format!(
                            "every {key} in {name} must be unique: rename one of them"
                        )),
                    );
                }
            }
        }
        // Posts: a `slug:` key that differs from the file name.
        let slugs: BTreeMap<&str, &PathBuf> = c
            .posts
            .iter()
            .map(|p| (p.slug.as_str(), &p.source))
            .collect();
        for post in &c.posts {
            let Some((declared, l, col)) = &post.declared_slug else {
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
            self.out.push(d.at(*l, *col));
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
                let (l, col) = self
                    .key_values(&s.source, "section")
                    .first()
                    .copied()
                    .unwrap_or((1, 1));
                self.out.push(
                    Diagnostic::new(
                        &s.source,
                        format!("the section `{}` does not exist", s.section),
                    )
                    .at(l, col)
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
                        .at(link.line, link.column)
                        .help(problem.1),
                );
            }
        };
        for post in &c.posts {
            for link in &post.links {
                check(&post.source, link, &mut self.out);
            }
        }
        for page in c.pages.values() {
            for link in &page.links {
                check(&page.source, link, &mut self.out);
            }
        }
        if let Some(home) = &c.home {
            let file = self.file(lang, "home.yaml");
            // The n-th card's link is on the n-th `link:` line, however it is written (quoted,
            // with or without the trailing slash): searching for `link: <canonical form>` fell
            // back to line 1, column 7, past the end of `hero:`, for a quoted link.
            let lines = self.key_values(&file, "link");
            for (i, card) in home.cards.iter().enumerate() {
                let (line, column) = lines.get(i).copied().unwrap_or((1, 1));
                let link = SourceLink {
                    href: card.link.clone(),
                    line,
                    column,
                };
                check(&file, &link, &mut self.out);
            }
        }
    }

    /// Line and column of the value of each `key:` in a YAML file (at any depth, in list items
    /// too), in order.
    fn key_values(&mut self, file: &Path, key: &str) -> Vec<(usize, usize)> {
        let Some(text) = self.source(file) else {
            return Vec::new();
        };
        text.lines()
            .enumerate()
            .filter_map(|(i, line)| {
                let body = line.trim_start_matches([' ', '-', '\t', '\u{feff}']);
                let value = body.strip_prefix(key)?.trim_start_matches(' ');
                let value = value.strip_prefix(':')?;
                let value = value.trim_start_matches([' ', '\t']);
                let before = line.len() - value.len();
                let column = line.get(..before).map_or(1, |b| b.chars().count() + 1);
                Some((i + 1, column))
            })
            .collect()
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

/// What is wrong with an internal link, if anything: (message, help).
fn link_problem(site: &Site, routes: &BTreeSet<String>, href: &str) -> Option<(String, String)> {
    if !href.starts_with('/') || href.starts_with("//") {
        return None;
    }
    let canonical = canonical_internal_href(href);
    let (path, fragment) = match canonical.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (canonical.as_str(), None),
    };
    let path = path.split('?').next().unwrap_or(path);
    let first = path.split('/').nth(1).unwrap_or("");
    let Some(lang) = Lang::from_code(first) else {
        let last = path.rsplit('/').next().unwrap_or("");
        if last.contains('.') {
            return None; // a file such as /sitemap.xml
        }
        return Some((
            format!("the link `{href}` has no language prefix"),
            format!("site links start with /ar/ or /en/, e.g. /en{path}"),
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
        && !site.lang(lang).sections.iter().any(|s| s.anchor == anchor)
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
