//! Facts content declares once per language that must hold together: a service's `icon` and
//! `footer` place, a service's `timelineDays` and a section's `icon` are the same in both languages, and no two services
//! share a footer place.

use std::collections::BTreeMap;

use super::Checker;
use crate::content::{Icon, Located, Service, TimelineDays};
use crate::diagnostics::Diagnostic;
use crate::lang::Lang;
use crate::messages::Msg;

fn icon_name(icon: Icon) -> String {
    serde_json::to_value(icon)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

fn footer_text(footer: Option<&Located<u16>>) -> Msg {
    footer.map_or_else(
        || crate::msg!("check-footer-none"),
        |n| crate::msg!("check-footer-value", n = **n),
    )
}

fn days_text(days: Option<&Located<TimelineDays>>) -> Msg {
    days.map_or_else(
        || crate::msg!("check-days-none"),
        |d| crate::msg!("check-days-value", min = d.min, max = d.max),
    )
}

impl Checker<'_> {
    pub(super) fn facts(&mut self) {
        for &lang in self.site.languages() {
            self.footer_places(lang);
        }
        if self.site.config.check.parity {
            let table = self.site.language_table();
            let reference = table.default_lang();
            for lang in table.others(reference) {
                self.same_icons_and_footer(reference, lang);
            }
        }
    }

    /// No two services of a language share a footer place.
    fn footer_places(&mut self, lang: Lang) {
        let services = &self.site.lang(lang).services;
        let mut first: BTreeMap<u16, &Service> = BTreeMap::new();
        for s in services {
            let Some(footer) = &s.footer else { continue };
            let n = **footer;
            match first.get(&n) {
                None => {
                    first.insert(n, s);
                }
                Some(other) => {
                    self.out.push(
                        Diagnostic::msg(
                            &s.source,
                            crate::msg!("check-footer-taken", n = n, file = other.source.display()),
                        )
                        .at_mark(&footer.mark())
                        .help_msg(crate::msg!("check-footer-taken-help")),
                    );
                }
            }
        }
    }

    /// A service's icon and footer place, and a section's icon, are the same in every
    /// language: `lang`'s are compared with the default language's (`reference`), and a
    /// difference is reported in `lang`'s file.
    fn same_icons_and_footer(&mut self, reference: Lang, lang: Lang) {
        let site = self.site;
        let (en, ar) = (site.lang(lang), site.lang(reference));
        let other = reference.code();
        for s in &en.services {
            let Some(a) = ar.services.iter().find(|a| a.id == s.id) else {
                continue;
            };
            if s.icon != a.icon {
                self.out.push(
                    Diagnostic::msg(
                        &s.source,
                        crate::msg!(
                            "check-service-icon",
                            icon = icon_name(*s.icon),
                            other_icon = icon_name(*a.icon),
                            file = a.source.display()
                        )
                        .language("lang", other),
                    )
                    .at_mark(&s.icon.mark())
                    .help_msg(crate::msg!("check-service-icon-help")),
                );
            }
            if s.content.timeline_days != a.content.timeline_days {
                // Reported at the `timelineDays:` line, in the file that has one.
                let (here, there, lang) = match s.content.timeline_days {
                    Some(_) => (s, a, reference),
                    None => (a, s, lang),
                };
                let at = here.content.timeline_days.as_ref().map(Located::mark);
                let d = Diagnostic::msg(
                    &here.source,
                    crate::msg!(
                        "check-fact-differs",
                        here = days_text(here.content.timeline_days.as_ref()),
                        there = days_text(there.content.timeline_days.as_ref()),
                        file = there.source.display()
                    )
                    .language("lang", lang.code()),
                )
                .help_msg(crate::msg!("check-days-differ-help"));
                self.out.push(match at {
                    Some(at) => d.at_mark(&at),
                    None => d.at(1, 1),
                });
            }
            if s.footer != a.footer {
                // Reported at the `footer:` line, in the file that has one.
                let (here, there, lang) = match s.footer {
                    Some(_) => (s, a, reference),
                    None => (a, s, lang),
                };
                let at = here.footer.as_ref().map(Located::mark);
                let d = Diagnostic::msg(
                    &here.source,
                    crate::msg!(
                        "check-fact-differs",
                        here = footer_text(here.footer.as_ref()),
                        there = footer_text(there.footer.as_ref()),
                        file = there.source.display()
                    )
                    .language("lang", lang.code()),
                )
                .help_msg(crate::msg!("check-footer-differs-help"));
                self.out.push(match at {
                    Some(at) => d.at_mark(&at),
                    None => d.at(1, 1),
                });
            }
        }
        let file = self.file(lang, "service-sections.yaml");
        let ar_file = self.file(reference, "service-sections.yaml");
        for s in &en.sections {
            let Some(a) = ar.sections.iter().find(|a| a.anchor == s.anchor) else {
                continue;
            };
            if s.icon != a.icon {
                self.out.push(
                    Diagnostic::msg(
                        &file,
                        crate::msg!(
                            "check-section-icon",
                            icon = icon_name(*s.icon),
                            section = s.anchor.as_str(),
                            other_icon = icon_name(*a.icon),
                            file = ar_file.display()
                        )
                        .language("lang", other),
                    )
                    .at_mark(&s.icon.mark())
                    .help_msg(crate::msg!("check-section-icon-help")),
                );
            }
        }
    }
}
