//! The photos of posts and services (`image: {src, alt}`): each is a photo of the media
//! folder, that browsers get in smaller copies, and says what it shows in the page's
//! language. Unlike the links' checks, these always run: a page would show a broken image.

use super::Checker;
use crate::content::Photo;
use crate::diagnostics::Diagnostic;
use crate::lang::Lang;
use crate::media::{FOLDER, Media, PREFIX};

impl Checker<'_> {
    /// The photos of the language's services.
    pub(super) fn service_photos(&mut self, lang: Lang) {
        for s in &self.site.lang(lang).services {
            if let Some(photo) = &s.image {
                self.photo(lang, &s.source, photo);
            }
        }
    }

    /// One page's photo, given in `file`: where it is and what it says it shows.
    pub(super) fn photo(&mut self, lang: Lang, file: &std::path::Path, photo: &Photo) {
        let site = self.site;
        if let Some(d) = where_problem(&site.media, file, photo) {
            self.out.push(d);
        }
        let link = photo.as_link();
        let finding = super::descriptions::problem(lang, file, &link)
            .filter(|d| d.rule.is_none() || site.config.check.typography);
        if let Some(d) = finding.and_then(|d| site.config.lint.apply(&d)) {
            self.out.push(d);
        }
    }
}

/// What is wrong with where `photo` is: outside the media folder, missing, or not a photo.
fn where_problem(media: &Media, file: &std::path::Path, photo: &Photo) -> Option<Diagnostic> {
    let src = photo.src.value.as_str();
    let (message, help) = if !src.starts_with(PREFIX) {
        (
            crate::msg!("check-photo-outside-media", src = src, folder = FOLDER),
            crate::msg!("check-photo-outside-media-help", folder = FOLDER),
        )
    } else if let Some(problem) = media.problem_msg(src, true) {
        problem
    } else if !media.is_photo(src) {
        (
            crate::msg!("check-photo-not-a-photo", src = src),
            crate::msg!("check-photo-not-a-photo-help"),
        )
    } else {
        return None;
    };
    Some(
        Diagnostic::msg(file, message)
            .at_mark(&photo.src.mark())
            .help_msg(help),
    )
}
