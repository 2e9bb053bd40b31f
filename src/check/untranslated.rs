//! Text copied, not translated: a unit (a post, a long page, a service, an FAQ item, a
//! testimonial, a plan, the pricing rules, a services section, the home page, the screens'
//! texts, a collection of the site's own) whose wording in one language is the same as in a
//! language before it in the table (the source language first). A new language made by
//! copying `content/en/` is English under `/ur/` until someone translates it; the lint rule
//! `untranslated` (a warning by default) names each such unit, and a language none of whose
//! units is translated is refused by `build` ([`copied_languages`]): nothing of it goes live
//! before someone decides so (translating it, or `[lint] untranslated = "off"`).
//!
//! "The same wording" ignores what a translation keeps as it is: link targets and addresses
//! (`/en/pricing/` → `/ur/pricing/`), numbers, punctuation, markup, case and spacing. What
//! remains are the words; a unit with none (figures only) is never reported. The comparison
//! reads the model only and stops at the first word that differs, so translated units (whose
//! first words differ) cost next to nothing, even at 100,000 posts.

use std::borrow::Cow;
use std::path::PathBuf;

use serde::Serialize;
use serde_json::Value;

use crate::content::{LangContent, Site};
use crate::diagnostics::{Diagnostic, Mark, levels::Rule};
use crate::lang::Lang;

/// One unit's text in one language: where it is written and its text pieces.
pub(super) struct Unit<'a> {
    /// What it is, for messages ("FAQ item").
    pub(super) what: &'static str,
    /// Its id, for an item of a list or a file of a folder.
    pub(super) id: Option<String>,
    /// The file, as messages show it.
    pub(super) file: PathBuf,
    /// Where its id is written, for an item of a list.
    pub(super) mark: Option<Mark>,
    /// Its texts (HTML for a Markdown body), each with its place in the unit (`title`,
    /// `hero.title`, `features.2`).
    pub(super) texts: Vec<(Cow<'a, str>, Cow<'a, str>)>,
}

impl Unit<'_> {
    fn key(&self) -> (&'static str, Option<&str>) {
        (self.what, self.id.as_deref())
    }
}

/// The words of a text: what is left of each whitespace-separated word once links, addresses
/// and markup are dropped and only its letters are kept, lower-cased.
fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    without_tags(text)
        .split_whitespace()
        .filter(|w| !(w.contains('/') || w.contains('@') || w.starts_with('#')))
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphabetic())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .into_iter()
}

/// `text` with HTML tags (`<a href="/en/">`) read as spaces.
fn without_tags(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('<') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => {
                in_tag = true;
                out.push(' ');
            }
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.into()
}

/// Whether two units have the same wording, and any word at all: every text one has at a
/// place the other has too (a copy may have gained a section since, or lost one) reads the
/// same. Stops at the first text whose words differ.
fn same_wording(a: &[(Cow<'_, str>, Cow<'_, str>)], b: &[(Cow<'_, str>, Cow<'_, str>)]) -> bool {
    let mut any = false;
    for (place, text) in a {
        let Some((_, other)) = b.iter().find(|(p, _)| p == place) else {
            continue;
        };
        let mut left = words(text);
        let mut right = words(other);
        loop {
            match (left.next(), right.next()) {
                (None, None) => break,
                (Some(x), Some(y)) if x == y => any = true,
                _ => return false,
            }
        }
    }
    any
}

/// Every string of a value, with its place, in order.
fn strings(value: &Value, place: &str, out: &mut Vec<(Cow<'static, str>, Cow<'static, str>)>) {
    let join = |key: &str| {
        if place.is_empty() {
            key.to_string()
        } else {
            format!("{place}.{key}")
        }
    };
    match value {
        Value::String(s) => out.push((place.to_string().into(), s.clone().into())),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .for_each(|(i, v)| strings(v, &join(&i.to_string()), out)),
        Value::Object(map) => map.iter().for_each(|(k, v)| strings(v, &join(k), out)),
        _ => {}
    }
}

fn texts_of<T: Serialize>(value: &T) -> Vec<(Cow<'static, str>, Cow<'static, str>)> {
    let mut out = Vec::new();
    if let Ok(v) = serde_json::to_value(value) {
        strings(&v, "", &mut out);
    }
    out
}

/// Every unit of one language but its posts ([`post_unit`]).
pub(super) fn units(site: &Site, lang: Lang) -> Vec<Unit<'_>> {
    let c: &LangContent = site.lang(lang);
    let content = site.config.paths.content.join(lang.code());
    let file = |name: &str| content.join(name);
    let mut out = Vec::new();
    let mut item = |what, name: &str, id: &crate::content::Located<String>, texts| {
        out.push(Unit {
            what,
            id: Some(id.value.clone()),
            file: file(name),
            mark: Some(id.mark()),
            texts,
        })
    };
    for f in &c.faq {
        item(
            "FAQ item",
            "faq.yaml",
            &f.id,
            borrowed(&[("question", &f.question), ("answer", &f.answer)]),
        );
    }
    for t in &c.testimonials {
        item(
            "testimonial",
            "testimonials.yaml",
            &t.id,
            borrowed(&[("role", &t.role), ("content", &t.content)]),
        );
    }
    if let Some(p) = &c.pricing {
        for plan in &p.plans {
            item("plan", "pricing.yaml", &plan.id, texts_of(plan));
        }
    }
    for s in &c.sections {
        item(
            "services section",
            "service-sections.yaml",
            &s.anchor,
            texts_of(s),
        );
    }
    let mut whole = |what, name: String, id: Option<String>, texts| {
        out.push(Unit {
            what,
            id,
            file: file(&name),
            mark: None,
            texts,
        })
    };
    if let Some(p) = &c.pricing
        && !p.rules.is_empty()
    {
        let rules = p
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| (Cow::Owned(i.to_string()), Cow::Borrowed(r.as_str())))
            .collect();
        whole("list of package rules", "pricing.yaml".into(), None, rules);
    }
    for s in &c.services {
        whole(
            "service",
            format!("services/{}.yaml", s.id),
            Some(s.id.clone()),
            texts_of(s),
        );
    }
    for (name, page) in &c.pages {
        whole(
            "page",
            format!("pages/{name}.md"),
            Some(name.clone()),
            borrowed(&[
                ("title", &page.title),
                ("description", &page.description),
                ("body", &page.html),
            ]),
        );
    }
    if let Some(home) = &c.home {
        whole("home page file", "home.yaml".into(), None, texts_of(home));
    }
    if let Some(screens) = &c.screens {
        whole(
            "screens file",
            "screens.yaml".into(),
            None,
            texts_of(screens),
        );
    }
    for (name, items) in &c.collections {
        let file_name = site
            .pages
            .collections
            .get(name)
            .map_or_else(|| format!("{name}.yaml"), |d| d.file.clone());
        whole("collection", file_name, Some(name.clone()), texts_of(items));
    }
    out
}

fn borrowed<'a>(texts: &[(&'static str, &'a String)]) -> Vec<(Cow<'a, str>, Cow<'a, str>)> {
    texts
        .iter()
        .map(|(p, t)| (Cow::Borrowed(*p), Cow::Borrowed(t.as_str())))
        .collect()
}

/// One post's unit.
pub(super) fn post_unit(post: &crate::content::BlogPost) -> Unit<'_> {
    Unit {
        what: "blog post",
        id: Some(post.slug.clone()),
        file: post.source.clone(),
        mark: None,
        texts: borrowed(&[
            ("title", &post.title),
            ("excerpt", &post.excerpt),
            ("body", &post.html),
        ]),
    }
}

/// The finding for `unit` of `lang`, the same wording as `other`'s.
fn finding(unit: &Unit<'_>, lang: Lang, other: Lang) -> Diagnostic {
    let kind = crate::messages::kind(unit.what);
    let text = match &unit.id {
        Some(id) if unit.mark.is_some() => {
            crate::msg!("check-untranslated-item", kind = kind, id = id)
        }
        _ => crate::msg!("check-untranslated-file", kind = kind),
    };
    let text = text
        .language("lang", lang.code())
        .language("other", other.code());
    let d = Diagnostic::msg(&unit.file, text)
        .help_msg(crate::msg!("check-untranslated-help").language("lang", lang.code()))
        .rule(Rule::Untranslated);
    match &unit.mark {
        Some(m) => d.at_mark(m),
        None => d.at(1, 1),
    }
}

/// The language before `lang` in the table (the translations' source first) whose unit has
/// the same wording as `unit`, if any.
fn copied_from<'u, 'a: 'u>(
    site: &Site,
    lang: Lang,
    unit: &Unit<'_>,
    counterpart: impl Fn(Lang) -> Option<&'u Unit<'a>>,
) -> Option<Lang> {
    earlier(site, lang)
        .into_iter()
        .find(|&o| counterpart(o).is_some_and(|u| same_wording(&unit.texts, &u.texts)))
}

/// The languages a unit of `lang` may have been copied from: the source of translations, then
/// the languages before `lang` in the table. The source has none.
fn earlier(site: &Site, lang: Lang) -> Vec<Lang> {
    let source = site.config.translation_source();
    if lang == source {
        return Vec::new();
    }
    let mut out = vec![source];
    for &l in site.languages() {
        if l == lang {
            break;
        }
        if l != source {
            out.push(l);
        }
    }
    out
}

/// The findings of every unit but the posts.
pub(super) fn other_units(site: &Site) -> Vec<Diagnostic> {
    let all: Vec<(Lang, Vec<Unit>)> = site
        .languages()
        .iter()
        .map(|&l| (l, units(site, l)))
        .collect();
    let find = |lang: Lang, key: (&'static str, Option<&str>)| {
        all.iter()
            .find(|(l, _)| *l == lang)
            .and_then(|(_, us)| us.iter().find(|u| u.key() == key))
    };
    let mut out = Vec::new();
    for (lang, units) in &all {
        for unit in units {
            if let Some(other) = copied_from(site, *lang, unit, |o| find(o, unit.key())) {
                out.push(finding(unit, *lang, other));
            }
        }
    }
    out
}

/// The finding of one post of `lang`, if it is another language's text.
pub(super) fn post(site: &Site, lang: Lang, post: &crate::content::BlogPost) -> Option<Diagnostic> {
    let unit = post_unit(post);
    let others: Vec<(Lang, Unit)> = earlier(site, lang)
        .into_iter()
        .filter_map(|o| site.lang(o).post(&post.slug).map(|p| (o, post_unit(p))))
        .collect();
    let other = copied_from(site, lang, &unit, |o| {
        others.iter().find(|(l, _)| *l == o).map(|(_, u)| u)
    })?;
    Some(finding(&unit, lang, other))
}

/// The languages none of whose units is translated: every unit it shares with an earlier
/// language has that language's wording (at least one unit). With the number of such units
/// and the language they were copied from (the first one found). `build` refuses them. Stops
/// at a language's first translated unit, before its posts when another unit is.
pub(crate) fn copied_languages(site: &Site) -> Vec<(Lang, usize, Lang)> {
    let all: Vec<(Lang, Vec<Unit<'_>>)> = site
        .languages()
        .iter()
        .map(|&l| (l, units(site, l)))
        .collect();
    let mut out = Vec::new();
    'languages: for (lang, mine) in &all {
        let earlier = earlier(site, *lang);
        let mut copied: Option<(usize, Lang)> = None;
        let mut count = |found: Option<Lang>| -> bool {
            match found {
                Some(o) => {
                    copied.get_or_insert((0, o)).0 += 1;
                    true
                }
                None => false,
            }
        };
        for unit in mine {
            let others: Vec<(Lang, &Unit<'_>)> = all
                .iter()
                .filter(|(l, _)| earlier.contains(l))
                .filter_map(|(l, us)| us.iter().find(|u| u.key() == unit.key()).map(|u| (*l, u)))
                .collect();
            if others.is_empty() {
                continue;
            }
            let same = others
                .iter()
                .find(|(_, u)| same_wording(&unit.texts, &u.texts))
                .map(|(l, _)| *l);
            if !count(same) {
                continue 'languages;
            }
        }
        for p in &site.lang(*lang).posts {
            let unit = post_unit(p);
            let others: Vec<(Lang, Unit<'_>)> = earlier
                .iter()
                .filter_map(|&o| site.lang(o).post(&p.slug).map(|q| (o, post_unit(q))))
                .collect();
            if others.is_empty() {
                continue;
            }
            let same = others
                .iter()
                .find(|(_, u)| same_wording(&unit.texts, &u.texts))
                .map(|(l, _)| *l);
            if !count(same) {
                continue 'languages;
            }
        }
        if let Some((n, from)) = copied {
            out.push((*lang, n, from));
        }
    }
    out
}

/// The number of `untranslated` findings among `found`, per language (by the content folder
/// their file is in).
pub(crate) fn count_by_language(
    site: &Site,
    found: &crate::diagnostics::Diagnostics,
) -> std::collections::BTreeMap<Lang, usize> {
    let mut out = std::collections::BTreeMap::new();
    for d in found
        .0
        .iter()
        .filter(|d| d.rule == Some(Rule::Untranslated))
    {
        let lang = site
            .languages()
            .iter()
            .copied()
            .find(|l| d.file.starts_with(site.config.paths.content.join(l.code())));
        if let Some(lang) = lang {
            *out.entry(lang).or_insert(0) += 1;
        }
    }
    out
}

/// A language none of whose text is translated, as `check` and `build` refuse it: one error
/// at its content folder (the `untranslated` warnings name each file). None when the rule is
/// off.
pub(super) fn refusals(site: &Site) -> Vec<Diagnostic> {
    if site.config.lint.level(Rule::Untranslated) == crate::diagnostics::levels::Level::Off {
        return Vec::new();
    }
    copied_languages(site)
        .into_iter()
        .map(|(lang, n, from)| {
            let folder = site.config.paths.content.join(lang.code());
            Diagnostic::msg(
                &folder,
                crate::msg!("check-copied-language", count = n, code = lang.code())
                    .language("lang", lang.code())
                    .language("other", from.code()),
            )
            .help_msg(crate::msg!(
                "check-copied-language-help",
                folder = folder.display()
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t<'a>(s: &[&'a str]) -> Vec<(Cow<'a, str>, Cow<'a, str>)> {
        s.iter()
            .enumerate()
            .map(|(i, x)| (Cow::Owned(i.to_string()), Cow::Borrowed(*x)))
            .collect()
    }

    #[test]
    fn links_numbers_markup_and_case_do_not_count() {
        assert!(same_wording(
            &t(&[
                "See <a href=\"/en/pricing/\">our plans</a>: AED 1,500.",
                "Call +971 4 555 0100"
            ]),
            &t(&[
                "see <a href=\"/ur/pricing/\">Our Plans</a> — AED 2,000!",
                "call 04 555 0100"
            ]),
        ));
        assert!(same_wording(
            &t(&["[our PRO packages](/en/pricing) info@nahj.ae"]),
            &t(&["[our PRO packages](/ur/pricing) sales@nahj.ae"]),
        ));
        assert!(!same_wording(&t(&["Our plans"]), &t(&["ہمارے منصوبے"])));
        assert!(!same_wording(&t(&["Our plans"]), &t(&["Our plans today"])));
        assert!(
            !same_wording(&t(&["1,500", "/en/"]), &t(&["1,500", "/ur/"])),
            "no words"
        );
        assert!(
            !same_wording(&t(&["نهج", "مرحبا"]), &t(&["نهج مرحبا"])),
            "texts compare by place"
        );
        // A text only one of them has (a section added to the copy) does not count.
        assert!(same_wording(
            &t(&["Hello world"]),
            &t(&["Hello world", "Labels"])
        ));
        assert!(same_wording(
            &t(&["Hello world", "Labels"]),
            &t(&["Hello world"])
        ));
    }

    #[test]
    fn arabic_english_and_mixed_texts_compare_by_their_letters() {
        let ar = t(&["الإقامة الذهبية لمدة 5 أو 10 سنوات."]);
        assert!(same_wording(
            &ar,
            &t(&["الإقامة   الذهبية\nلمدة ٥ أو ١٠ سنوات"])
        ));
        assert!(!same_wording(
            &ar,
            &t(&["The golden visa lasts 5 or 10 years."])
        ));
        assert!(same_wording(
            &t(&["\u{2068}Nahj\u{2069} 😀 visas"]),
            &t(&["Nahj visas"])
        ));
    }
}
