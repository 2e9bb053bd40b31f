//! Left-to-right runs inside Arabic text: phone numbers, e-mail addresses, URLs, Latin words and
//! acronyms, amounts such as `AED 1,500` or `375,000`. In a right-to-left paragraph the Unicode
//! bidi algorithm lays out the parts of such a run from right to left (`050 123 4567` shows as
//! `4567 123 050`), so each run is isolated once, when content is loaded: Markdown bodies wrap
//! it in `<bdi>` ([`super::markdown`]), every other text value (titles, descriptions, lists:
//! they reach `<title>`, `aria-label`, JSON-LD and the WhatsApp text, where markup is
//! impossible) gets the Unicode isolates LRI (U+2066) … PDI (U+2069).
//!
//! Only Arabic text is touched: the values of `content/ar/`, and Markdown bodies written mostly
//! in Arabic letters (the body's own evidence: Markdown is rendered without knowing its
//! language). In English text a left-to-right run needs nothing. A run already inside an isolate (written by hand) is left alone, so isolating twice
//! changes nothing.

use std::borrow::Cow;
use std::ops::Range;

pub use crate::text::{FSI, LRI, PDI, RLI};

/// An Arabic letter (the Arabic blocks' letters, not their digits, punctuation or tatweel).
pub fn is_arabic_letter(c: char) -> bool {
    matches!(c,
        '\u{0621}'..='\u{063A}' | '\u{0641}'..='\u{064A}' | '\u{066E}'..='\u{066F}'
        | '\u{0671}'..='\u{06D3}' | '\u{06D5}' | '\u{06FA}'..='\u{06FC}' | '\u{06FF}'
        | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08C9}' | '\u{FB50}'..='\u{FDFB}'
        | '\u{FE70}'..='\u{FEFC}')
}

/// Whether `text` holds an Arabic letter: the text whose left-to-right runs are isolated.
pub fn has_arabic(text: &str) -> bool {
    text.chars().any(is_arabic_letter)
}

/// A character a left-to-right run is made of: a Western digit or a Latin letter.
fn is_ltr_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || (matches!(c, '\u{00C0}'..='\u{024F}') && c.is_alphabetic())
}

/// What may join two parts of one run (`+971 4`, `a@b.ae`, `https://x`, `1,500`, `AED 1`).
fn is_joiner(c: char) -> bool {
    matches!(
        c,
        ' ' | '\u{A0}'
            | '\u{202F}'
            | '.'
            | ','
            | '@'
            | ':'
            | '/'
            | '-'
            | '_'
            | '+'
            | '&'
            | '%'
            | '#'
            | '?'
            | '='
            | '~'
            | '\''
    )
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{A0}' | '\u{202F}')
}

/// The left-to-right runs of `text` that need an isolate, as byte ranges, outside any isolate
/// already written: runs holding a Latin letter, a leading `+` or a separator between digits
/// (`375,000`, `050 123 4567`). A bare number (`2026`, `9`) needs none, nor a placeholder
/// (`{{page}}` in `screens.yaml`'s `blogPage`: filled in later, not shown). Whatever `text`
/// holds (Arabic or not); callers decide whether the text is Arabic.
pub fn ltr_runs(text: &str) -> Vec<Range<usize>> {
    // Every run starts with a left-to-right character (ASCII letters and digits, or Latin
    // letters U+00C0–U+024F, whose UTF-8 lead bytes are 0xC3–0xC9) or `+` before a digit: text
    // without such a byte (most Arabic text) has none, and is not decoded.
    if !text
        .bytes()
        .any(|b| b.is_ascii_alphanumeric() || (0xC3..=0xC9).contains(&b))
    {
        return Vec::new();
    }
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let at = |i: usize| chars.get(i).map(|&(_, c)| c);
    let offset = |i: usize| chars.get(i).map_or(text.len(), |&(o, _)| o);
    let mut runs = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while let Some(c) = at(i) {
        if c == '{' && at(i + 1) == Some('{') {
            let close =
                (i + 2..chars.len()).find(|&j| at(j) == Some('}') && at(j + 1) == Some('}'));
            if let Some(close) = close {
                i = close + 2;
                continue;
            }
        }
        let plus = c == '+' && at(i + 1).is_some_and(|d| d.is_ascii_digit());
        if depth > 0 || !(is_ltr_char(c) || plus) {
            match c {
                LRI | RLI | FSI => depth += 1,
                PDI => depth = depth.saturating_sub(1),
                _ => {}
            }
            i += 1;
            continue;
        }
        let start = i;
        let mut end = if plus { i + 1 } else { i };
        loop {
            while at(end).is_some_and(is_ltr_char) {
                end += 1;
            }
            // Joiners (at most one space among them) followed by more of the run.
            let mut next = end;
            let mut spaces = 0;
            while let Some(j) = at(next).filter(|&j| is_joiner(j)) {
                spaces += usize::from(is_space(j));
                next += 1;
            }
            if next > end && next - end <= 3 && spaces <= 1 && at(next).is_some_and(is_ltr_char) {
                end = next;
            } else {
                break;
            }
        }
        let run = chars.get(start..end).unwrap_or_default();
        let needs = plus
            || run
                .iter()
                .any(|&(_, c)| c.is_alphabetic() || !c.is_ascii_digit());
        if needs {
            runs.push(offset(start)..offset(end));
        }
        i = end.max(start + 1);
    }
    runs
}

/// `text` with each run of [`ltr_runs`] between LRI and PDI, if `text` holds an Arabic letter.
pub fn isolate(text: &str) -> Cow<'_, str> {
    if !has_arabic(text) {
        return Cow::Borrowed(text);
    }
    isolate_runs(text)
}

/// `text` with each run of [`ltr_runs`] between LRI and PDI: text shown in a right-to-left
/// element, Arabic letters or not (`050 123 4567` alone reorders too).
pub fn isolate_runs(text: &str) -> Cow<'_, str> {
    let runs = ltr_runs(text);
    if runs.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + runs.len() * 6);
    let mut last = 0;
    for run in runs {
        out.push_str(text.get(last..run.start).unwrap_or_default());
        out.push(LRI);
        out.push_str(text.get(run.clone()).unwrap_or_default());
        out.push(PDI);
        last = run.end;
    }
    out.push_str(text.get(last..).unwrap_or_default());
    Cow::Owned(out)
}

/// [`isolate_runs`] in place.
pub(crate) fn isolate_in_place(text: &mut String) {
    if let Cow::Owned(s) = isolate_runs(text) {
        *text = s;
    }
}

/// `text` without the isolates (LRI, RLI, FSI, PDI): for the assistant's index, whose
/// passages are searched word by word.
pub fn strip_isolates(text: &str) -> Cow<'_, str> {
    if text.contains([LRI, RLI, FSI, PDI]) {
        Cow::Owned(text.replace([LRI, RLI, FSI, PDI], ""))
    } else {
        Cow::Borrowed(text)
    }
}

/// Every text value of a content item of the Arabic content with its left-to-right runs
/// isolated (ids, anchors, links and icons are not text and stay as written; a post's and a
/// page's body were isolated when the Markdown rendered).
pub(crate) fn isolate_item(item: &mut super::ContentItem) {
    use super::ContentItem as I;
    let all = |texts: &mut [&mut String]| {
        for t in texts {
            isolate_in_place(t);
        }
    };
    match item {
        I::Post(p) => all(&mut [&mut p.title, &mut p.author, &mut p.excerpt]),
        I::Page(p) => all(&mut [&mut p.title, &mut p.description]),
        I::Service(s) => {
            all(&mut [
                &mut s.title,
                &mut s.summary,
                &mut s.content.description,
                &mut s.content.timeline,
            ]);
            let c = &mut s.content;
            for t in c
                .services_offered
                .iter_mut()
                .chain(&mut c.requirements)
                .chain(&mut c.notes)
            {
                isolate_in_place(t);
            }
        }
        I::Screens(s) => {
            for screen in [
                &mut s.home,
                &mut s.about,
                &mut s.services,
                &mut s.pricing,
                &mut s.faq,
                &mut s.blog,
                &mut s.contact,
                &mut s.privacy,
                &mut s.terms,
                &mut s.assistant_chat,
                &mut s.search,
                &mut s.not_found,
            ] {
                all(&mut [&mut screen.title, &mut screen.description]);
            }
            let b = &mut s.breadcrumbs;
            all(&mut [&mut s.blog_page, &mut b.home, &mut b.services, &mut b.blog]);
            for p in s.pages.values_mut() {
                all(&mut [&mut p.title, &mut p.description]);
                if let Some(card) = &mut p.card {
                    isolate_in_place(card);
                }
            }
        }
        I::Home(h) => {
            let hero = &mut h.hero;
            all(&mut [
                &mut hero.title,
                &mut hero.subtitle,
                &mut hero.primary_cta,
                &mut hero.secondary_cta,
            ]);
            for v in &mut h.value_points {
                all(&mut [&mut v.title, &mut v.text]);
            }
            for c in &mut h.cards {
                all(&mut [&mut c.title, &mut c.text]);
            }
        }
        I::Sections(sections) => {
            for s in sections {
                all(&mut [&mut s.title, &mut s.description]);
            }
        }
        I::Pricing(p) => {
            for plan in &mut p.plans {
                all(&mut [
                    &mut plan.name,
                    &mut plan.price,
                    &mut plan.period,
                    &mut plan.description,
                ]);
                plan.features.iter_mut().for_each(isolate_in_place);
            }
            p.rules.iter_mut().for_each(isolate_in_place);
        }
        I::Faq(items) => {
            for f in items {
                all(&mut [&mut f.question, &mut f.answer]);
            }
        }
        I::Testimonials(items) => {
            for t in items {
                all(&mut [&mut t.name, &mut t.role, &mut t.content]);
            }
        }
        // Which of a collection's values are text is in its declaration: the loader isolates
        // them (`collection::texts_mut`).
        I::Collection(..) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs(text: &str) -> Vec<&str> {
        ltr_runs(text)
            .into_iter()
            .map(|r| text.get(r).unwrap_or("?"))
            .collect()
    }

    /// Text is ruled out from its bytes before it is decoded: runs starting with a Latin-1 or
    /// Latin Extended letter (two-byte UTF-8) or a `+` are still found, and Arabic text alone,
    /// with Arabic-Indic digits, has none.
    #[test]
    fn runs_of_non_ascii_latin_letters_are_found_and_arabic_alone_has_none() {
        assert_eq!(runs("شركة Émirates Café"), ["Émirates Café"]);
        assert_eq!(runs("مدينة ŁÓDŹ"), ["ŁÓDŹ"]);
        assert_eq!(runs("اتصل +٩٧١"), Vec::<&str>::new());
        assert_eq!(
            runs("نص عربي فقط، مع أرقام ١٢٣ و«اقتباس»."),
            Vec::<&str>::new()
        );
        assert_eq!(runs("الرقم +971"), ["+971"]);
    }

    #[test]
    fn finds_the_runs_that_reorder() {
        assert_eq!(
            runs("اتصل بنا على ‎+971 4 555 0100، أو اكتب إلى info@nahj-services.ae."),
            ["+971 4 555 0100", "info@nahj-services.ae"]
        );
        assert_eq!(runs("الرسوم AED 1,500 شهرياً"), ["AED 1,500"]);
        assert_eq!(runs("يتجاوز 375,000 درهم"), ["375,000"]);
        assert_eq!(runs("مثل 050 123 4567."), ["050 123 4567"]);
        assert_eq!(runs("زر https://u.ae/ar/x للمزيد"), ["https://u.ae/ar/x"]);
        assert_eq!(runs("الجهات: GDRFA، ICP و VAT"), ["GDRFA", "ICP", "VAT"]);
        assert_eq!(runs("نستخدم session storage لحفظها"), ["session storage"]);
        // Placeholders are not text.
        assert!(runs("الصفحة {{page}} من {{ pages }}").is_empty());
        assert_eq!(runs("{{count}} خدمة و VAT {{x"), ["VAT", "x"]);
    }

    #[test]
    fn bare_numbers_and_arabic_digits_need_no_isolate() {
        assert!(runs("في 1 يونيو 2023 بنسبة 9% خلال ٣ أيام").is_empty());
        assert!(runs("").is_empty());
        assert!(runs("+ 5").is_empty());
        // Two spaces, or a line separator, end a run.
        assert_eq!(runs("AED  1,500"), ["AED", "1,500"]);
        assert_eq!(runs("050 123\u{2028}4567"), ["050 123"]);
    }

    #[test]
    fn isolates_once_and_only_arabic_text() {
        let once = isolate("رقمنا 050 123 4567 و VAT 😀").into_owned();
        assert_eq!(
            once,
            "رقمنا \u{2066}050 123 4567\u{2069} و \u{2066}VAT\u{2069} 😀"
        );
        assert_eq!(isolate(&once), once, "isolating twice changes nothing");
        assert_eq!(strip_isolates(&once), "رقمنا 050 123 4567 و VAT 😀");
        // Written by hand: left alone.
        let manual = "مثل \u{2066}+971 50 123 4567\u{2069}.";
        assert_eq!(isolate(manual), manual);
        // English: untouched.
        assert_eq!(isolate("Call 050 123 4567"), "Call 050 123 4567");
    }

    #[test]
    fn generated_texts_keep_their_characters_and_balance() {
        let pieces = [
            "نص",
            " ",
            "AED",
            "1,500",
            "\u{2028}",
            "😀",
            "\u{2066}",
            "\u{2069}",
            "\u{202B}",
            "a@b.ae",
            "+",
            "٣",
            "ـ",
            "\"",
            "https://x.ae",
            "\u{200F}",
            "\u{0301}",
        ];
        let mut seed = 7u32;
        for _ in 0..2000 {
            let mut text = String::from("ع");
            for _ in 0..12 {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                let i = (seed >> 16) as usize % pieces.len();
                text.push_str(pieces[i]);
            }
            let out = isolate(&text).into_owned();
            let added = out.chars().filter(|&c| c == LRI).count()
                - text.chars().filter(|&c| c == LRI).count();
            assert_eq!(
                added,
                out.chars().filter(|&c| c == PDI).count()
                    - text.chars().filter(|&c| c == PDI).count(),
                "{text:?}"
            );
            assert_eq!(added, ltr_runs(&text).len(), "{text:?}");
            let without: String = out.chars().filter(|&c| c != LRI && c != PDI).collect();
            let original: String = text.chars().filter(|&c| c != LRI && c != PDI).collect();
            assert_eq!(without, original, "{text:?}");
            assert_eq!(isolate(&out), out, "idempotent: {text:?}");
        }
    }

    #[test]
    fn the_shipped_arabic_content_is_isolated_and_its_placeholders_still_fill() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let site = crate::check::load_site(root).unwrap_or_else(|e| panic!("{e:?}"));
        let ar = site.lang(crate::lang::Lang::ar());
        let screens = ar.screens(crate::lang::Lang::ar());
        assert_eq!(
            crate::head::blog_page_label(screens, crate::lang::Lang::ar(), 2, 3),
            "الصفحة 2 من 3"
        );
        let contact = ar.faq.iter().map(|f| f.answer.as_str()).collect::<String>();
        assert!(
            contact.contains("\u{2066}+971 4 555 0100\u{2069}"),
            "{contact}"
        );
        // English: as written.
        let en = site.lang(crate::lang::Lang::en());
        assert!(en.faq.iter().all(|f| !f.answer.contains(LRI)));
    }
}
