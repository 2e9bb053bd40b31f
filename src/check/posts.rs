//! The checks of each blog post on its own (its photo, its images' descriptions, a declared
//! slug, its links), kept per post, so that `serve` checks again only the posts an edit
//! changed ([`PostChecks::recheck`]). At 100,000 posts, checking every post again took two
//! thirds of a one-post edit.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use super::{Checker, Purpose, links, post_id_list};
use crate::content::{BlogPost, Site};
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::Lang;

/// The findings of the checks that read posts, by what they depend on.
pub(crate) struct PostChecks {
    /// The posts another language lacks (`[check] parity`): they change only when a post is
    /// added or removed.
    parity: Vec<Diagnostic>,
    /// Each post's own findings, by its file; posts with none are left out.
    own: BTreeMap<PathBuf, Vec<Diagnostic>>,
    /// The site's route paths, which links are checked against (`[check] links`). An edit of
    /// existing posts changes no route.
    routes: Option<BTreeSet<String>>,
}

impl PostChecks {
    /// Checks every post of the site.
    pub(crate) fn new(site: &Site) -> PostChecks {
        let routes = site.config.check.links.then(|| links::route_paths(site));
        let mut c = Checker::new(site);
        if site.config.check.parity {
            c.parity(|c| vec![post_id_list(c)]);
        }
        let parity = std::mem::take(&mut c.out.0);
        let mut own = BTreeMap::new();
        for &lang in site.languages() {
            for post in &site.lang(lang).posts {
                c.post(lang, post, routes.as_ref());
                if !c.out.0.is_empty() {
                    own.insert(post.source.clone(), std::mem::take(&mut c.out.0));
                }
            }
        }
        PostChecks {
            parity,
            own,
            routes,
        }
    }

    /// Checks again the posts `edited` (language and slug) after an edit that changed only
    /// them, none added or removed, no other file, and returns what [`super::check_site`]
    /// would: the other posts' findings are those of the last check.
    pub(crate) fn recheck(&mut self, site: &Site, edited: &[(Lang, &str)]) -> Diagnostics {
        let mut c = Checker::new(site);
        // A post's `untranslated` finding compares it with the same slug in other languages:
        // those are checked again too.
        let edited: BTreeSet<(Lang, &str)> = edited
            .iter()
            .flat_map(|&(_, slug)| site.languages().iter().map(move |&l| (l, slug)))
            .collect();
        for (lang, slug) in edited {
            let Some(post) = site.lang(lang).post(slug) else {
                continue;
            };
            c.post(lang, post, self.routes.as_ref());
            let found = std::mem::take(&mut c.out.0);
            if found.is_empty() {
                self.own.remove(&post.source);
            } else {
                self.own.insert(post.source.clone(), found);
            }
        }
        self.report(site, Purpose::Serve)
    }

    /// Every problem of the site, sorted: these findings and the checks of everything else.
    pub(crate) fn report(&self, site: &Site, purpose: Purpose) -> Diagnostics {
        let mut c = Checker::new(site);
        // A file's findings keep the order of the checks (the sort is stable): a post's
        // parity, its own findings, then its lint.
        c.out.0.extend(self.parity.iter().cloned());
        c.site_wide(self.routes.as_ref());
        c.out.0.extend(self.own.values().flatten().cloned());
        c.lint();
        for d in &site.strings_missing {
            c.out.push(d.clone().severity(purpose.missing_strings()));
        }
        if purpose != Purpose::Serve {
            c.out.0.extend(super::untranslated::refusals(site));
            c.out.0.extend(super::drafts::warnings(site));
        }
        c.out.sorted()
    }
}

impl Checker<'_> {
    /// One post's own checks.
    fn post(&mut self, lang: Lang, post: &BlogPost, routes: Option<&BTreeSet<String>>) {
        self.descriptions(lang, &post.source, &post.links);
        if let Some(photo) = &post.image {
            self.photo(lang, &post.source, photo);
        }
        self.declared_slug(lang, post);
        self.out
            .0
            .extend(super::drafts::placeholder(self.site, post));
        if let Some(d) = super::untranslated::post(self.site, lang, post) {
            self.finding(d);
        }
        if let Some(routes) = routes {
            self.post_links(lang, post, routes);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)] // test code

    use std::sync::Arc;

    use proptest::prelude::*;

    use super::*;
    use crate::content::{ContentItem, SourceLink};
    use crate::diagnostics::Mark;

    /// What an editor may do to a post, each a finding of another check (or none).
    #[derive(Debug, Clone)]
    enum Edit {
        /// Back to the file as it is.
        Restore,
        ImageWithoutDescription,
        DescriptionInLatin,
        MissingMedia,
        BrokenLink,
        RelativeLink,
        FootnoteLink,
        /// `slug:` naming the other post of the language (a duplicate), or none.
        DeclaredSlug {
            duplicate: bool,
        },
    }

    fn edits() -> impl Strategy<Value = Edit> {
        prop_oneof![
            Just(Edit::Restore),
            Just(Edit::ImageWithoutDescription),
            Just(Edit::DescriptionInLatin),
            Just(Edit::MissingMedia),
            Just(Edit::BrokenLink),
            Just(Edit::RelativeLink),
            Just(Edit::FootnoteLink),
            any::<bool>().prop_map(|duplicate| Edit::DeclaredSlug { duplicate }),
        ]
    }

    fn link(href: &str, image: bool, alt: &str, footnote: bool) -> SourceLink {
        SourceLink {
            href: href.into(),
            at: Mark::in_file(&Arc::from("\n\n[x](y) and ![z](w)"), 2),
            footnote,
            image,
            alt: alt.into(),
        }
    }

    fn edited(original: &BlogPost, other_slug: &str, edit: &Edit) -> BlogPost {
        let mut post = original.clone();
        let added = match edit {
            Edit::Restore => return post,
            Edit::ImageWithoutDescription => link("/media/office.jpg", true, " ", false),
            Edit::DescriptionInLatin => link("/media/office.jpg", true, "Our office", false),
            Edit::MissingMedia => link("/media/نهج.jpg", true, "مكتب", false),
            Edit::BrokenLink => link("/en/blog/لا-يوجد/", false, "", false),
            Edit::RelativeLink => link("../services/", false, "", false),
            Edit::FootnoteLink => link("note", false, "", true),
            Edit::DeclaredSlug { duplicate } => {
                let declared = match duplicate {
                    true => other_slug.to_string(),
                    false => format!("{}-\u{2028}x", post.slug),
                };
                post.declared_slug = Some((declared, Mark::in_file(&Arc::from("slug: x"), 6)));
                return post;
            }
        };
        post.links.push(added);
        post
    }

    fn fixture() -> Site {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/basic");
        crate::check::load_site(&root).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// After any sequence of edits of existing posts, checking again only the edited post
        /// reports exactly what checking the whole site does: the other posts' findings are
        /// kept, the edited post's are replaced.
        #[test]
        fn checking_the_edited_posts_again_equals_checking_the_site(
            steps in proptest::collection::vec((0usize..2, 0usize..2, edits()), 1..12)
        ) {
            let mut site = fixture();
            let originals: Vec<Vec<BlogPost>> = site
                .languages()
                .iter()
                .map(|&l| site.lang(l).posts.iter().map(|p| (**p).clone()).collect())
                .collect();
            let mut checks = PostChecks::new(&site);
            for (lang_at, post_at, edit) in steps {
                let lang = site.languages()[lang_at];
                let posts = &originals[lang_at];
                let (post, other) = (&posts[post_at], &posts[1 - post_at]);
                let c = site.lang_mut(lang);
                c.put(ContentItem::Post(edited(post, &other.slug, &edit)));
                c.sort();
                let again = checks.recheck(&site, &[(lang, post.slug.as_str())]).render();
                prop_assert_eq!(again, crate::check::check_site(&site).render(), "{:?}", edit);
            }
        }
    }

    #[test]
    fn a_post_keeps_its_findings_until_it_is_edited_again() {
        let mut site = fixture();
        let (ar, en) = (site.languages()[0], site.languages()[1]);
        let posts: Vec<BlogPost> = site.lang(en).posts.iter().map(|p| (**p).clone()).collect();
        let mut checks = PostChecks::new(&site);
        let clean = checks.report(&site, Purpose::Serve).render();
        let broken = edited(&posts[0], &posts[1].slug, &Edit::ImageWithoutDescription);
        site.lang_mut(en).put(ContentItem::Post(broken));
        let report = checks.recheck(&site, &[(en, posts[0].slug.as_str())]);
        assert!(report.has_errors(), "{}", report.render());
        assert!(report.render().contains("has no description"));
        // Another post's edit, in either language, leaves the first one's error.
        let second = checks.recheck(&site, &[(en, posts[1].slug.as_str())]);
        assert_eq!(second.render(), report.render());
        let slug = site.lang(ar).posts[0].slug.clone();
        assert_eq!(
            checks.recheck(&site, &[(ar, slug.as_str())]).render(),
            report.render()
        );
        // Fixed: the report is the clean one again.
        site.lang_mut(en).put(ContentItem::Post(posts[0].clone()));
        let fixed = checks.recheck(&site, &[(en, posts[0].slug.as_str())]);
        assert_eq!(fixed.render(), clean);
    }
}
