//! Drafts and placeholders. A post with `draft: true` (what `sahel new post` writes) is shown by
//! `serve`, marked as a draft, and left out by `build`, in every language (so the language
//! switch never leads to a post that is not there), with a warning naming it. A published post
//! that still holds the text `new post` wrote in its place (`scaffold::PLACEHOLDERS`) is an
//! error: the placeholder would be its page's description.

use std::collections::BTreeSet;

use crate::content::Site;
use crate::diagnostics::{Diagnostic, Severity};

/// The slugs of the posts that are a draft in some language.
fn draft_slugs(site: &Site) -> BTreeSet<String> {
    site.languages()
        .iter()
        .flat_map(|&l| site.lang(l).posts.iter())
        .filter(|p| p.draft)
        .map(|p| p.slug.clone())
        .collect()
}

/// A warning per draft file: `build` leaves the post out.
pub(super) fn warnings(site: &Site) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for slug in draft_slugs(site) {
        for &lang in site.languages() {
            let Some(post) = site.lang(lang).post(&slug) else {
                continue;
            };
            let message = if post.draft {
                "this post is a draft (`draft: true`): `sahel build` leaves it out, in every language, until the line is removed".to_string()
            } else {
                "another language's version of this post is a draft: `sahel build` leaves the post out, in every language, until it is published".to_string()
            };
            out.push(
                Diagnostic::new(&post.source, message)
                    .help("`sahel serve` shows it, marked as a draft; remove `draft: true` from every language's file when the post is ready")
                    .severity(Severity::Warning),
            );
        }
    }
    out
}

/// The error of a published post that still holds a placeholder of `sahel new post`, if it
/// does (a post's own check, kept per post by [`super::PostChecks`]).
pub(super) fn placeholder(site: &Site, post: &crate::content::BlogPost) -> Option<Diagnostic> {
    if post.draft {
        return None;
    }
    let excerpt = post.excerpt.trim();
    let phrase = crate::scaffold::PLACEHOLDERS.iter().find_map(|p| {
        if excerpt == p.excerpt {
            Some(p.excerpt)
        } else {
            post.html.contains(p.body).then_some(p.body)
        }
    })?;
    let mut d = Diagnostic::new(
        &post.source,
        format!("the placeholder `{phrase}` is still in this published post"),
    )
    .help("write the post's own text in its place, or keep `draft: true` in the front matter until it is ready");
    // Placed at the phrase: the file is read again only for a post that has one.
    if let Ok(text) = std::fs::read_to_string(site_path(site, &post.source))
        && let Some(at) = text.find(phrase)
    {
        let (line, column) = crate::diagnostics::line_col(&text, at);
        d = d.at(line, column).with_source(text.as_str());
    }
    Some(d)
}

/// A file as messages show it (relative to the site's folder), on disk.
fn site_path(site: &Site, shown: &std::path::Path) -> std::path::PathBuf {
    site.root.join(shown)
}

/// Leaves out every post that is a draft in some language, in every language: what `build`
/// publishes.
pub(crate) fn remove(site: &mut Site) {
    for slug in draft_slugs(site) {
        let file = crate::content::load::ContentFile::Post(slug);
        for content in &mut site.langs {
            content.remove(&file);
        }
    }
}
