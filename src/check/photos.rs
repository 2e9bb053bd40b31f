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
            format!("the image `{src}` is not a file of content/{FOLDER}/"),
            format!(
                "put the photo in content/{FOLDER}/ and write its path from the site's root: src: /media/office.jpg"
            ),
        )
    } else if let Some(problem) = media.problem(src, true) {
        problem
    } else if !media.is_photo(src) {
        (
            format!(
                "the image `{src}` is not a photo: a page's image is a JPEG, PNG, WebP or AVIF file, published in smaller copies for phones"
            ),
            "use a photo here; a drawing or a document can go in the body as a link or an image"
                .to_string(),
        )
    } else {
        return None;
    };
    Some(
        Diagnostic::new(file, message)
            .at_mark(&photo.src.mark())
            .help(help),
    )
}
