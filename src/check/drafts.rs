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
            let text = if post.draft {
                crate::msg!("check-draft")
            } else {
                crate::msg!("check-draft-twin")
            };
            out.push(
                Diagnostic::msg(&post.source, text)
                    .help_msg(crate::msg!("check-draft-help"))
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
            in_html(&post.html, p.body).then_some(p.body)
        }
    })?;
    let mut d = Diagnostic::msg(
        &post.source,
        crate::msg!("check-placeholder", phrase = phrase),
    )
    .help_msg(crate::msg!("check-placeholder-help"));
    // Placed at the phrase: the file is read again only for a post that has one.
    if let Ok(text) = std::fs::read_to_string(site_path(site, &post.source))
        && let Some(at) = text.find(phrase)
    {
        let (line, column) = crate::diagnostics::line_col(&text, at);
        d = d.at(line, column).with_source(text.as_str());
    }
    Some(d)
}

/// Whether `html` (a rendered body) says `text`: its tags aside (a right-to-left page's body
/// isolates its Latin words in `<bdi>`). The words before the first Latin one are looked for
/// first, so a body that does not have them costs one search.
fn in_html(html: &str, text: &str) -> bool {
    let lead: String = text
        .chars()
        .take_while(|c| !c.is_ascii_alphabetic())
        .collect();
    let lead = if lead.trim().is_empty() {
        text
    } else {
        lead.trim()
    };
    if !html.contains(lead) {
        return false;
    }
    let mut plain = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => plain.push(c),
            _ => {}
        }
    }
    plain.contains(text)
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

#[cfg(test)]
mod tests {
    #[test]
    fn a_placeholder_is_found_through_the_isolates_of_latin_words() {
        let ar = crate::scaffold::PLACEHOLDERS[1].body;
        assert!(super::in_html(
            "<p>اكتب المقال هنا بصيغة <bdi>Markdown</bdi>.</p>",
            ar
        ));
        assert!(!super::in_html("<p>اكتب المقال هنا بصيغة أخرى.</p>", ar));
        let en = crate::scaffold::PLACEHOLDERS[0].body;
        assert!(super::in_html(
            "<p>Intro.</p><p>Write the post here, in Markdown.</p>",
            en
        ));
        assert!(!super::in_html(
            "<p>Write the post here, in <em>Markdown</em> please.</p>",
            en
        ));
    }
}
