//! Every image of a post or page says what it shows (its `alt`): without it a screen reader
//! says nothing, or reads the file's name, and a visitor on a slow network who sees the image
//! fail to load does not know what was there. A description in the other script of the page
//! (Latin letters alone on an Arabic page, Arabic on an English one) is read aloud in the
//! wrong voice: a warning.

use super::Checker;
use crate::content::bidi::has_arabic;
use crate::content::{SourceLink, bidi};
use crate::diagnostics::Diagnostic;
use crate::diagnostics::levels::Rule;
use crate::lang::Lang;

impl Checker<'_> {
    /// The images of the language's long pages.
    pub(super) fn page_descriptions(&mut self, lang: Lang) {
        let c = self.site.lang(lang);
        for p in c.pages.values() {
            self.descriptions(lang, &p.source, &p.links);
        }
    }

    /// The images of a body (a post's or a page's): its `links` that are images.
    pub(super) fn descriptions(
        &mut self,
        lang: Lang,
        file: &std::path::Path,
        links: &[SourceLink],
    ) {
        let site = self.site;
        for link in links.iter().filter(|l| l.image) {
            // The script finding is a rule of the typography lint, at its level.
            let finding = problem(lang, file, link)
                .filter(|d| d.rule.is_none() || site.config.check.typography);
            if let Some(d) = finding.and_then(|d| site.config.lint.apply(&d)) {
                self.out.push(d);
            }
        }
    }
}

pub(super) fn problem(lang: Lang, file: &std::path::Path, link: &SourceLink) -> Option<Diagnostic> {
    let alt = bidi::strip_isolates(&link.alt);
    let alt = alt.trim();
    if alt.is_empty() {
        return Some(
            Diagnostic::msg(
                file,
                crate::msg!("check-image-no-description", href = &link.href),
            )
            .at_mark(&link.at)
            .help_msg(crate::msg!("check-image-no-description-help")),
        );
    }
    let latin = alt.chars().any(|c| c.is_ascii_alphabetic());
    let other_script = match lang.code() {
        "ar" => !has_arabic(alt) && latin,
        "en" => has_arabic(alt),
        _ => false,
    };
    other_script.then(|| {
        Diagnostic::msg(
            file,
            crate::msg!(
                "check-image-description-script",
                href = &link.href,
                alt = alt
            )
            .language("lang", lang.code()),
        )
        .at_mark(&link.at)
        .help_msg(crate::msg!("check-image-description-script-help"))
        .rule(Rule::AltScript)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Mark;
    use crate::diagnostics::Severity;

    fn link(alt: &str) -> SourceLink {
        SourceLink {
            href: "/media/office.jpg".into(),
            at: Mark::in_file(&std::sync::Arc::from("![x](/media/office.jpg)"), 0),
            footnote: false,
            image: true,
            alt: alt.into(),
        }
    }

    fn said(lang: Lang, alt: &str) -> Option<(String, Severity)> {
        problem(lang, std::path::Path::new("post.md"), &link(alt)).map(|d| (d.message, d.severity))
    }

    #[test]
    fn a_missing_description_is_an_error_in_any_language() {
        for lang in [Lang::ar(), Lang::en()] {
            for alt in ["", "  ", "\u{2066}\u{2069}"] {
                let (message, severity) = said(lang, alt).unwrap();
                assert!(message.contains("has no description"), "{message}");
                assert_eq!(severity, Severity::Error);
            }
        }
    }

    #[test]
    fn a_description_in_the_other_script_is_a_warning() {
        let d = problem(
            Lang::ar(),
            std::path::Path::new("post.md"),
            &link("Our office in Business Bay"),
        )
        .unwrap();
        assert!(
            d.message.contains("is not written in Arabic"),
            "{}",
            d.message
        );
        assert_eq!(d.rule, Some(Rule::AltScript));
        assert_eq!(
            crate::diagnostics::levels::LintLevels::default()
                .apply(&d)
                .unwrap()
                .severity,
            Severity::Warning
        );
        assert!(said(Lang::en(), "مكتبنا").is_some());
        // Arabic with a Latin name in it, English with digits or an emoji: fine.
        assert!(said(Lang::ar(), "مكتبنا في \u{2066}Business Bay\u{2069}").is_none());
        assert!(said(Lang::en(), "Our office, 2024 🏢").is_none());
        assert!(said(Lang::ar(), "2024").is_none());
    }
}
