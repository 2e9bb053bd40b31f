//! Whole-site validation, after every file parsed on its own: the two languages hold the same
//! items, ids and slugs are unique, services name existing sections, and every internal link
//! (in Markdown bodies and home cards) is written from the site's root and points to a route
//! that exists, and the app's interface strings hold the same keys in every language
//! ([`strings`], found with the app's lint: an error in `check`, [`check_site_strict`]; a
//! warning in `build` and `serve`, whose bundle falls back). Used by `check` and run by `build`
//! before anything is rendered.

mod collections;
mod descriptions;
pub(crate) mod drafts;
pub mod external;
mod facts;
mod links;
pub mod lint;
mod page_files;
mod photos;
mod posts;
pub mod review;
pub(crate) mod strings;
pub(crate) mod untranslated;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use crate::config::SiteConfig;
use crate::content::load::{Lints, load_site_with_config};
use crate::content::markdown::ParsedBody;
use crate::content::{BlogPost, LangContent, Located, Site};
use crate::diagnostics::{Diagnostic, Diagnostics, Severity};
use crate::lang::Lang;

pub(crate) use posts::PostChecks;

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
    check_site_with(site, Purpose::Build)
}

/// [`check_site`] as `check` sees it: an interface string a language lacks is an error.
pub fn check_site_strict(site: &Site) -> Diagnostics {
    check_site_with(site, Purpose::Check)
}

fn check_site_with(site: &Site, purpose: Purpose) -> Diagnostics {
    PostChecks::new(site).report(site, purpose)
}

/// What a site is checked for: the checks are the same, some findings count differently.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Purpose {
    /// `check`: would a build succeed, and is everything translated and up to date? An
    /// interface string a language lacks is an error (its bundle would show its fallback's).
    Check,
    /// `build`: what is published. A language none of whose text is translated is refused
    /// ([`untranslated::refusals`]).
    Build,
    /// `serve`: a preview, which shows all it can.
    Serve,
}

impl Purpose {
    /// How a string a language lacks (its fallback's shows) counts.
    fn missing_strings(self) -> Severity {
        match self {
            Purpose::Check => Severity::Error,
            Purpose::Build | Purpose::Serve => Severity::Warning,
        }
    }
}

/// Every ordered pair of two languages of the site.
fn language_pairs(site: &Site) -> Vec<(Lang, Lang)> {
    site.languages()
        .iter()
        .flat_map(|&l| site.language_table().others(l).map(move |o| (l, o)))
        .collect()
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

/// The posts of one language, by id: the list parity reads for them.
fn post_id_list(c: &LangContent) -> IdList<'_> {
    IdList {
        what: "blog post",
        place: Place::PerFile {
            folder: "blog",
            ext: "md",
        },
        items: c.posts.iter().map(|p| Named::file(&p.slug)).collect(),
    }
}

/// Every kind of item that has an id but posts, in one language, as parity reads them
/// (uniqueness reads only those listed in one file, [`in_file_id_lists`]). The posts' list
/// ([`post_id_list`]) is apart: `serve` reads it only when a post is added or removed.
fn other_id_lists(c: &LangContent) -> Vec<IdList<'_>> {
    let per_file = |what, folder, ext, items| IdList {
        what,
        place: Place::PerFile { folder, ext },
        items,
    };
    let mut lists = vec![
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
    ];
    lists.extend(in_file_id_lists(c));
    lists
}

/// The kinds of item listed in one file, each item named by a key ([`Place::InFile`]): those
/// whose ids the file system does not keep unique. Without the per-file kinds, whose lists
/// (every post) `serve` would otherwise build again at every edit.
fn in_file_id_lists(c: &LangContent) -> Vec<IdList<'_>> {
    let in_file = |what, file, key, items| IdList {
        what,
        place: Place::InFile { file, key },
        items,
    };
    vec![
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

impl<'a> Checker<'a> {
    fn new(site: &'a Site) -> Self {
        Checker {
            site,
            out: Diagnostics::default(),
        }
    }

    /// Every check but those of each post ([`PostChecks`]): the other items of each language,
    /// their parity, the facts and the site's links (checked against `routes`, the site's
    /// route paths, when `[check] links` is on).
    fn site_wide(&mut self, routes: Option<&BTreeSet<String>>) {
        let site = self.site;
        if site.config.check.parity {
            self.parity(other_id_lists);
            self.file_parity();
            self.page_file_parity();
            self.collection_parity();
        }
        self.facts();
        for d in untranslated::other_units(site) {
            self.finding(d);
        }
        for &lang in site.languages() {
            self.page_descriptions(lang);
            self.service_photos(lang);
            self.unique_ids(lang);
            self.sections(lang);
            if let Some(routes) = routes {
                self.page_links(lang, routes);
            }
        }
    }

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

    /// A finding of a lint rule, at the level `[lint]` gives it (left out when off).
    fn finding(&mut self, d: Diagnostic) {
        if let Some(d) = self.site.config.lint.apply(&d) {
            self.out.push(d);
        }
    }

    /// `content/<lang>/<name>` as shown in messages.
    fn file(&self, lang: Lang, name: &str) -> PathBuf {
        self.site.config.paths.content.join(lang.code()).join(name)
    }

    /// The items of `lists` that another language lacks. A language that has none of a
    /// kind's items (its file or folder is missing) is one error naming what to add, not one
    /// per item.
    fn parity(&mut self, lists: for<'s> fn(&'s LangContent) -> Vec<IdList<'s>>) {
        let site = self.site;
        let mut lacking_all: BTreeSet<(Lang, &'static str)> = BTreeSet::new();
        for (lang, other) in language_pairs(site) {
            let theirs: Vec<IdList> = lists(site.lang(other));
            for (mine, theirs) in lists(site.lang(lang)).into_iter().zip(theirs) {
                // A file of the other language that did not parse (reported already) may hold
                // these items.
                if let Place::InFile { file, .. } = mine.place
                    && site.is_unparsed(other, file)
                {
                    continue;
                }
                if theirs.items.is_empty() && !mine.items.is_empty() {
                    if lacking_all.insert((other, mine.what)) {
                        let d = self.missing_kind(lang, other, &mine);
                        self.out.push(d);
                    }
                    continue;
                }
                let theirs: BTreeSet<&str> = theirs.items.iter().map(|n| n.id).collect();
                let mut reported = BTreeSet::new();
                for item in &mine.items {
                    if theirs.contains(item.id) || !reported.insert(item.id) {
                        continue;
                    }
                    if let Place::PerFile { folder, ext } = mine.place
                        && site.is_unparsed(other, &format!("{folder}/{}.{ext}", item.id))
                    {
                        continue;
                    }
                    let d = self.missing_counterpart(lang, other, &mine, item);
                    self.out.push(d);
                }
            }
        }
    }

    /// The whole files one language has and another lacks.
    fn file_parity(&mut self) {
        let site = self.site;
        for (lang, other) in language_pairs(site) {
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
                if present_here && !present_there && !site.is_unparsed(other, name) {
                    let file = self.file(lang, name);
                    let missing = self.file(other, name);
                    self.out.push(
                        Diagnostic::msg(
                            &file,
                            crate::msg!("check-no-counterpart", file = file.display())
                                .language("lang", other.code()),
                        )
                        .help_msg(crate::msg!(
                            "check-no-counterpart-help",
                            file = missing.display()
                        )),
                    );
                }
            }
        }
    }

    /// Every item of a kind, which `other` lacks: its file or folder is missing (or empty).
    fn missing_kind(&self, lang: Lang, other: Lang, list: &IdList) -> Diagnostic {
        let (kind, n) = (crate::messages::kind(list.what), list.items.len());
        match list.place {
            Place::PerFile { folder, .. } => {
                let missing = self.file(other, folder);
                let here = self.file(lang, folder);
                Diagnostic::msg(
                    &missing,
                    crate::msg!(
                        "check-missing-folder",
                        kind = kind,
                        here = here.display(),
                        n = n
                    )
                    .language("lang", other.code()),
                )
                .help_msg(crate::msg!(
                    "check-missing-folder-help",
                    here = here.display(),
                    missing = missing.display()
                ))
            }
            Place::InFile { file, .. } => {
                let missing = self.file(other, file);
                let here = self.file(lang, file);
                Diagnostic::msg(
                    &missing,
                    crate::msg!(
                        "check-missing-list",
                        kind = kind,
                        here = here.display(),
                        n = n
                    ),
                )
                .help_msg(crate::msg!(
                    "check-missing-list-help",
                    here = here.display(),
                    missing = missing.display()
                ))
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
        let (id, kind) = (item.id, crate::messages::kind(list.what));
        match list.place {
            Place::PerFile { folder, ext } => {
                let file = self.file(lang, &format!("{folder}/{id}.{ext}"));
                let missing = self.file(other, &format!("{folder}/{id}.{ext}"));
                Diagnostic::msg(
                    &file,
                    crate::msg!(
                        "check-missing-file",
                        kind = kind,
                        id = id,
                        missing = missing.display()
                    )
                    .language("lang", other.code()),
                )
                .at(1, 1)
                .help_msg(crate::msg!(
                    "check-missing-file-help",
                    missing = missing.display(),
                    file = file.display()
                ))
            }
            Place::InFile { file: name, key } => {
                let file = self.file(lang, name);
                let missing_in = self.file(other, name);
                let d = Diagnostic::msg(
                    &file,
                    crate::msg!(
                        "check-missing-item",
                        kind = kind,
                        id = id,
                        file = missing_in.display()
                    ),
                )
                .help_msg(
                    crate::msg!(
                        "check-missing-item-help",
                        key = key,
                        id = id,
                        file = missing_in.display()
                    )
                    .language("lang", other.code()),
                );
                match item.at {
                    Some(at) => d.at_mark(&at.mark()),
                    None => d,
                }
            }
        }
    }

    fn unique_ids(&mut self, lang: Lang) {
        let c = self.site.lang(lang);
        // Kinds with one item per file need no check (the file system keeps names unique), so
        // only the kinds listed in one file are read.
        for list in in_file_id_lists(c) {
            let Place::InFile { file: name, key } = list.place else {
                continue; // never: every list here is in one file
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
                let d = Diagnostic::msg(
                    &file,
                    crate::msg!(
                        "check-duplicate-id",
                        key = key,
                        id = item.id,
                        line = first_line
                    ),
                )
                .help_msg(crate::msg!(
                    "check-duplicate-id-help",
                    key = key,
                    file = name
                ));
                self.out.push(match item.at {
                    Some(at) => d.at_mark(&at.mark()),
                    None => d,
                });
            }
        }
    }

    /// A post's `slug:` key that differs from its file name. The post that has it as its file
    /// name is looked up in the language's index of posts (a map of every slug, built at each
    /// check, was most of a one-post edit's time under `serve` at 100,000 posts).
    fn declared_slug(&mut self, lang: Lang, post: &BlogPost) {
        let Some((declared, at)) = &post.declared_slug else {
            return;
        };
        let c = self.site.lang(lang);
        let d = match c.post(declared.as_str()).map(|p| &p.source) {
            Some(other) => Diagnostic::msg(
                &post.source,
                crate::msg!(
                    "check-duplicate-slug",
                    slug = declared,
                    file = other.display()
                ),
            )
            .help_msg(crate::msg!(
                "check-duplicate-slug-help",
                slug = post.slug.as_str()
            )),
            None => Diagnostic::msg(
                &post.source,
                crate::msg!(
                    "check-slug-differs",
                    slug = declared,
                    name = post.slug.as_str()
                ),
            )
            .help_msg(crate::msg!("check-slug-differs-help")),
        };
        self.out.push(d.at_mark(at));
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
                    Diagnostic::msg(
                        &s.source,
                        crate::msg!("check-unknown-section", section = s.section.as_str()),
                    )
                    .at_mark(&s.section.mark())
                    .help_msg(crate::msg!(
                        "check-unknown-section-help",
                        file = self.file(lang, "service-sections.yaml").display(),
                        anchors = anchors.iter().copied().collect::<Vec<_>>().join(", ")
                    )),
                );
            }
        }
    }
}
