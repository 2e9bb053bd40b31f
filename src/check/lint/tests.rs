use super::*;
use std::path::Path;

/// `file:line:col: message (help: ...)` of each finding.
fn lint(file: &str, text: &str) -> Vec<String> {
    content_file(text, Path::new(file))
        .iter()
        .map(|d| d.to_string())
        .collect()
}

fn yaml(text: &str) -> Vec<String> {
    lint("content/ar/faq.yaml", text)
}

fn md(body: &str) -> Vec<String> {
    lint(
        "content/ar/blog/x.md",
        &format!(
            "---\ntitle: \"عنوان\"\nauthor: \"فريق\"\ndate: 2025-01-01\nexcerpt: \"ملخص\"\n---\n\n{body}"
        ),
    )
}

#[test]
fn tatweel_between_letters_is_stretching() {
    assert_eq!(
        yaml("- id: a\n  question: \"خدمة كـــبيرة\"\n"),
        [
            "content/ar/faq.yaml:2:20: tatweel (U+0640 ـ) stretches the word `كـــبيرة` (help: write `كبيرة`: stretched letters are not how Arabic is emphasised or justified (use bold for emphasis))"
        ]
    );
    assert_eq!(
        md("نص عـادي."),
        [
            "content/ar/blog/x.md:8:5: tatweel (U+0640 ـ) stretches the word `عـادي` (help: write `عادي`: stretched letters are not how Arabic is emphasised or justified (use bold for emphasis))"
        ]
    );
    // After a word (an abbreviation: 1445 هـ), or alone: not stretching.
    assert!(yaml("- question: \"سنة 1445 هـ\"\n").is_empty());
    assert!(yaml("- question: \"ـ\"\n").is_empty());
    // In an id: not text.
    assert!(yaml("- id: \"كـبير\"\n").is_empty());
}

#[test]
fn straight_quotes_in_arabic_text() {
    assert_eq!(
        yaml("- answer: 'يسمى \"الإقامة الذهبية\" رسمياً'\n"),
        [
            "content/ar/faq.yaml:1:17: straight quotes around `\"الإقامة الذهبية\"` in Arabic text (help: write Arabic quotes: «الإقامة الذهبية»)"
        ]
    );
    assert_eq!(
        yaml("- answer: \"قال \\\"نعم\\\" ثم\"\n"),
        [
            "content/ar/faq.yaml:1:16: straight quotes around `\"نعم\"` in Arabic text (help: write Arabic quotes: «نعم»)"
        ]
    );
    assert_eq!(
        md("## عنوان \"مقتبس\"\n"),
        [
            "content/ar/blog/x.md:8:10: straight quotes around `\"مقتبس\"` in Arabic text (help: write Arabic quotes: «مقتبس»)"
        ]
    );
    assert_eq!(
        md("نص \" وحيد"),
        [
            "content/ar/blog/x.md:8:4: a straight quote `\"` in Arabic text (help: write Arabic quotes «…» (or delete the stray quote))"
        ]
    );
    // YAML's own quotes, guillemets, English text, code: fine.
    assert!(yaml("- answer: \"يسمى «الإقامة الذهبية» رسمياً\"\n").is_empty());
    assert!(
        lint(
            "content/en/faq.yaml",
            "- answer: \"the \\\"golden\\\" visa\"\n"
        )
        .is_empty()
    );
    assert!(md("اكتب `\"x\"` هنا\n\n```\n\"نص\"\n```\n").is_empty());
}

/// A quoted value wrapped over several lines (as an editor re-wraps a long answer) is one
/// scalar: its closing quote is YAML, not a quote in the text. Found by the translations test,
/// which re-wraps an Arabic answer, once the lint and freshness met.
#[test]
fn quoted_values_over_several_lines_are_one_scalar() {
    assert!(yaml("- id: a\n  answer: \"نعمل من 9 صباحاً حتى\n    8 مساءً، كل يوم.\"\n").is_empty());
    assert!(yaml("- id: a\n  answer: 'نعمل من 9 صباحاً حتى\n    8 مساءً، كل يوم.'\n").is_empty());
    // A real straight quote on a continuation line is still found, on its own line.
    assert_eq!(
        yaml("- id: a\n  answer: 'نعمل حتى\n    \"8 مساءً\" كل يوم.'\n"),
        [
            "content/ar/faq.yaml:3:5: straight quotes around `\"8 مساءً\"` in Arabic text (help: write Arabic quotes: «8 مساءً»)"
        ]
    );
    // The key after the wrapped value is read as usual.
    assert_eq!(
        yaml("- id: a\n  answer: \"نص\n    طويل\"\n  question: \"كـــبيرة\"\n").len(),
        1
    );
}

#[test]
fn mixed_digit_systems_in_one_file() {
    assert_eq!(
        yaml("- question: \"خلال 3 أيام\"\n- answer: \"أو ٥ أيام\"\n"),
        [
            "content/ar/faq.yaml:2:15: this file mixes digit systems: Arabic-Indic digits (٠-٩) here, Western digits (0-9) from line 1 (help: write every number of the file in one system; the site's content uses Western digits (0-9))"
        ]
    );
    assert_eq!(
        md("في ۱۲ يوماً و٣ أيام"),
        [
            "content/ar/blog/x.md:8:14: this file mixes digit systems: Arabic-Indic digits (٠-٩) here, Extended Arabic-Indic digits (۰-۹) from line 8 (help: write every number of the file in one system; the site's content uses Western digits (0-9))"
        ]
    );
    // One system; numbers that are not text (a date, an id, a rating, a link) do not count.
    assert!(yaml("- id: q1\n  rating: 5\n  answer: \"خلال ٣ أيام\"\n").is_empty());
    assert!(md("خلال ٣ أيام، [انظر](/ar/blog/a-1/)").is_empty());
}

#[test]
fn bidi_controls_that_leak_or_do_not_balance() {
    assert_eq!(
        yaml("- answer: \"رقم \u{202A}050 123\u{202C}\"\n"),
        [
            "content/ar/faq.yaml:1:16: the bidi control U+202A (LEFT-TO-RIGHT EMBEDDING) changes the direction of the text after it (help: delete it: sahel isolates Latin words and numbers in Arabic text itself; to isolate by hand, write U+2066 before the text and U+2069 after it)",
            "content/ar/faq.yaml:1:24: the bidi control U+202C (POP DIRECTIONAL FORMATTING) changes the direction of the text after it (help: delete it: sahel isolates Latin words and numbers in Arabic text itself; to isolate by hand, write U+2066 before the text and U+2069 after it)",
        ]
    );
    assert_eq!(
        yaml("- answer: \"رقم \\u2066050 123\"\n- question: \"x\\u2069\"\n"),
        [
            "content/ar/faq.yaml:1:16: U+2066 (LEFT-TO-RIGHT ISOLATE) is never closed: the rest of the text is isolated with it (help: write U+2069 (POP DIRECTIONAL ISOLATE) where the isolated text ends, in the same paragraph or value)",
            "content/ar/faq.yaml:2:15: U+2069 (POP DIRECTIONAL ISOLATE) closes no isolate (help: delete it, or write U+2066 where the left-to-right text starts)",
        ]
    );
    // In English files too, raw or escaped.
    assert_eq!(
        lint("content/en/faq.yaml", "- answer: \"call \\u2066050\"\n").len(),
        1
    );
    assert_eq!(
        lint("content/en/faq.yaml", "- answer: \"x \u{202E}y\"\n").len(),
        1
    );
    // Balanced isolates and marks (LRM, RLM) are fine, in both languages.
    assert!(yaml("- answer: \"رقم \\u2066050 123\\u2069 و\u{200E}+971\"\n").is_empty());
    assert!(md("رقم \u{2068}050 123\u{2069}.\n\nEnglish \u{2067}نص\u{2069}.").is_empty());
}

#[test]
fn left_to_right_runs_split_by_formatting() {
    assert_eq!(
        md("الرسوم **AED** 1,500 شهرياً."),
        [
            "content/ar/blog/x.md:8:10: the left-to-right text `AED 1,500` is split by Markdown formatting, so it cannot be isolated as one piece (help: format the whole of it or none of it (e.g. **AED 1,500**), so its parts keep their order in Arabic text)"
        ]
    );
    assert_eq!(
        md("- اتصل على [050](tel:050) 123 4567"),
        [
            "content/ar/blog/x.md:8:13: the left-to-right text `050 123 4567` is split by Markdown formatting, so it cannot be isolated as one piece (help: format the whole of it or none of it (e.g. **050 123 4567**), so its parts keep their order in Arabic text)"
        ]
    );
    // Whole runs, formatted or not, are isolated automatically: nothing to report.
    assert!(md("الرسوم **AED 1,500** أو AED 2,000، و[info@x.ae](mailto:info@x.ae).").is_empty());
    // A list of links is items, each isolated: no item is split.
    assert!(md("[الخلاصة](/ar/feed.xml)، [404](/ar/404.html), [the page itself](/en/), [its data](/ar/x.json).").is_empty());
    // English paragraphs are not Arabic text.
    assert!(md("Fees: **AED** 1,500.").is_empty());
}

#[test]
fn generated_texts_never_panic_and_findings_point_inside_the_file() {
    let pieces = [
        "نص", " ", "AED", "1,500", "\u{2028}", "😀", "\u{2066}", "\u{2069}", "\u{202B}", "\"", "ـ",
        "٣", "۳", "**", "`", "[", "](/ar/x)", "\n", "\n\n", "\\", "#", ": ", "- ", "'", "\u{0301}",
        "هـ",
    ];
    let mut seed = 11u32;
    for _ in 0..1500 {
        let mut body = String::new();
        for _ in 0..16 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            body.push_str(pieces[(seed >> 16) as usize % pieces.len()]);
        }
        for (file, text) in [
            (
                "content/ar/blog/x.md",
                format!(
                    "---\ntitle: \"{}\"\n---\n{body}",
                    body.replace(['"', '\\', '\n'], "")
                ),
            ),
            (
                "content/ar/faq.yaml",
                format!(
                    "- answer: \"{}\"\n  question: {body}\n",
                    body.replace(['"', '\\', '\n'], "")
                ),
            ),
        ] {
            let lines = text.split('\n').count();
            for d in content_file(&text, Path::new(file)) {
                let (line, _) = d.position.unwrap_or((0, 0));
                assert!(line >= 1 && line <= lines, "{d} in {text:?}");
                assert!(d.help.is_some(), "{d}");
            }
        }
    }
}

#[test]
fn css_letter_spacing_and_justification_unless_left_to_right() {
    let mut out = Vec::new();
    css(
        ".a { letter-spacing: 0.05em; }\n.b:lang(en) { letter-spacing: 1px }\n[dir=\"ltr\"] .c { text-align: justify; }\np { text-align: justify }\n.d { letter-spacing: normal; }\n/* .e { letter-spacing: 2px } */\n@media (min-width: 1px) { .f { letter-spacing: 1px } }\n",
        Path::new("site/src/styles.css"),
        &mut out,
    );
    let shown: Vec<String> = out.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        shown,
        [
            "site/src/styles.css:1:6: `letter-spacing: 0.05em` applies letter-spacing to Arabic text too, which breaks the joins between its letters (help: scope it to left-to-right text: put it under `:lang(en)` or `[dir=\"ltr\"]` (selector `.a`))",
            "site/src/styles.css:4:5: `text-align: justify` applies justification to Arabic text too, which breaks the joins between its letters (help: scope it to left-to-right text: put it under `:lang(en)` or `[dir=\"ltr\"]` (selector `p`))",
            "site/src/styles.css:7:32: `letter-spacing: 1px` applies letter-spacing to Arabic text too, which breaks the joins between its letters (help: scope it to left-to-right text: put it under `:lang(en)` or `[dir=\"ltr\"]` (selector `.f`))",
        ]
    );
}

#[test]
fn tailwind_tracking_and_justify_classes_unless_left_to_right() {
    let mut out = Vec::new();
    classes(
        "<h2 className=\"uppercase tracking-wide\">\n<p className=\"ltr:tracking-wide md:text-justify\">\n{cn('x', lang === 'en' && 'tracking-wider')}\n<b className=\"tracking-normal ltr:md:text-justify\" />\n",
        Path::new("site/src/x.tsx"),
        &mut out,
    );
    let shown: Vec<String> = out.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        shown,
        [
            "site/src/x.tsx:1:26: the class `tracking-wide` applies letter-spacing to Arabic text too, which breaks the joins between its letters (help: write `ltr:tracking-wide` so it applies only to left-to-right (English) pages)",
            "site/src/x.tsx:2:33: the class `md:text-justify` applies justification to Arabic text too, which breaks the joins between its letters (help: write `ltr:text-justify` so it applies only to left-to-right (English) pages)",
        ]
    );
}

#[test]
fn interface_strings_with_numbers_that_reorder() {
    let mut out = Vec::new();
    interface_strings(
        "{\n  \"a\": \"مثل 050 123 4567.\",\n  \"b\": \"مثل \\u2066050 123 4567\\u2069\",\n  \"c\": \"{{count}} خدمة و Shift+Enter و 2026\",\n  \"d\": \"Call 050 123\"\n}\n",
        Path::new("site/src/i18n/ar/x.json"),
        &mut out,
    );
    let shown: Vec<String> = out.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        shown,
        [
            "site/src/i18n/ar/x.json:2:13: the left-to-right text `050 123 4567` in an Arabic interface string is not isolated, so its parts can show in reverse order (help: write it as \\u2066050 123 4567\\u2069 (interface strings are not isolated automatically))"
        ]
    );
}

#[test]
fn the_shipped_site_has_no_findings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = crate::check::load_site(root).unwrap_or_else(|e| panic!("{e:?}"));
    let content: Vec<String> = site
        .languages()
        .iter()
        .flat_map(|&l| site.lang(l).lint.values().flatten())
        // A `review_by` date passes with time, as it should: not a finding of the writing (a
        // malformed entry is an error of no rule, and still counts).
        .filter(|d| d.rule != Some(Rule::ReviewBy))
        .map(|d| d.to_string())
        .collect();
    assert_eq!(content, Vec::<String>::new());
    let app: Vec<String> = app_uncached(root, &site.config)
        .iter()
        .map(|d| d.to_string())
        .collect();
    assert_eq!(app, Vec::<String>::new());
    // The lint read the shipped files: their Arabic text was there to read.
    let faq = std::fs::read_to_string(root.join("content/ar/faq.yaml")).unwrap_or_default();
    assert!(!faq.is_empty());
    let with_quote = faq.replacen("«", "\\\"", 1).replacen("»", "\\\"", 1);
    assert_eq!(
        content_file(&with_quote, Path::new("content/ar/faq.yaml")).len(),
        1,
        "one quote pair put back is found"
    );
}

/// Issue 32, then issue 49: the Small Business Relief passages say it applies only to tax
/// periods ending on or before 31 December 2026 (true on both sides of that date), so they stay
/// silent on the new year; they are due for review once the 2026 periods' returns are filed
/// (30 September 2027), in both languages.
#[test]
fn the_shipped_relief_passages_stay_true_after_2026_and_are_due_once_its_returns_are_filed() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let day = |s: &str| {
        time::Date::parse(s, time::macros::format_description!("[year]-[month]-[day]")).unwrap()
    };
    for (file, passage) in [
        (
            "content/en/blog/uae-corporate-tax-guide.md",
            "This relief applies only to tax periods starting on or after 1 June 2023 and ending on or before 31 December 2026",
        ),
        (
            "content/ar/blog/uae-corporate-tax-guide.md",
            "ويقتصر هذا الإعفاء على الفترات الضريبية التي تبدأ في 1 يونيو 2023 أو بعده وتنتهي في 31 ديسمبر 2026 أو قبله",
        ),
        (
            "content/en/services/tax-vat-corporate.yaml",
            "It applies only to tax periods ending on or before 31 December 2026",
        ),
        (
            "content/ar/services/tax-vat-corporate.yaml",
            "ويقتصر تطبيقه على الفترات الضريبية التي تنتهي في 31 ديسمبر 2026 أو قبله",
        ),
    ] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let review = |today| crate::check::review::file(&text, Path::new(file), day(today));
        let about_relief = |today| {
            review(today)
                .into_iter()
                .filter(|d| d.message.contains(&format!("`{passage}`")))
                .collect::<Vec<_>>()
        };
        assert!(review("2027-01-01").is_empty(), "{file}");
        assert!(about_relief("2027-09-30").is_empty(), "{file}");
        let due = about_relief("2027-10-01");
        assert_eq!(due.len(), 1, "{file}: {due:?}");
        assert!(
            due[0].message.contains("was due for review on 2027-09-30"),
            "{file}: {}",
            due[0].message
        );
    }
}

/// A file is searched for tatweel, straight quotes and bidi controls only if it holds them, but
/// they can also be written as YAML escapes or Markdown character references: those are found
/// too (the quick test on the file's bytes must not hide them).
#[test]
fn characters_written_as_escapes_or_references_are_found() {
    // Markdown character references.
    assert_eq!(md("قال &quot;مرحباً&quot; للجميع.").len(), 1);
    assert_eq!(md("نص ع&#x640;ادي.").len(), 1);
    assert_eq!(md("رقم &#x202E;050").len(), 1);
    // YAML escapes.
    assert_eq!(yaml("- question: \"خدمة ك\\u0640بيرة\"\n").len(), 1);
    assert_eq!(yaml("- question: \"قال \\x22مرحباً\\x22\"\n").len(), 1);
    assert_eq!(yaml("- question: \"رقم \\U0000202E050\"\n").len(), 1);
    // And without them, a file holding none of the characters has none of the findings.
    assert!(md("نص **عادي** مع [رابط](/ar/x/) و`code`.").is_empty());
}

/// The split-run rule only reads blocks with formatting in them; a formatted block is still
/// read whole, wherever the split is.
#[test]
fn split_runs_are_found_in_any_block_with_formatting() {
    assert_eq!(md("فقرة أولى.\n\nالرسوم *AED* 1,500 و**نص**.").len(), 1);
    assert_eq!(md("| عمود |\n|---|\n| الرسوم `AED` 1,500 |").len(), 0);
    assert_eq!(md("- الرسوم [AED](/ar/x/) 1,500").len(), 1);
}

/// An app found clean is not linted again while its files are unchanged, but a file changed
/// since (here to justify Arabic text) is linted again and its finding reported; findings are
/// never cached, and an app without `site/src` has none (and no stamp is written for it).
#[test]
fn a_clean_app_is_remembered_and_a_changed_file_linted_again() {
    let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let root = tmp.path();
    let config = crate::config::SiteConfig::parse(
        "base_url = \"https://www.example.ae\"\n[company]\nname = { ar = \"نهج\", en = \"Nahj\" }\nphone = \"+971 4 555 0100\"\nwhatsapp = \"971505550100\"\nemail = \"info@example.ae\"\naddress = { ar = \"دبي\", en = \"Dubai\" }\n[hours]\nopens = \"09:00\"\ncloses = \"20:00\"\ndays = { ar = \"يومياً\", en = \"Monday to Sunday\" }\n",
        Path::new("site.toml"),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let marker = root.join(".cache/app-lint-clean");
    let (lint, missing) = app(root, &config);
    assert!(lint.is_empty() && missing.is_empty());
    assert!(!marker.exists(), "no app, no stamp");
    let css = root.join("site/src/styles.css");
    std::fs::create_dir_all(css.parent().unwrap_or(root)).unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(&css, "p { color: red }\n").unwrap_or_else(|e| panic!("{e}"));
    let (lint, missing) = app(root, &config);
    assert!(lint.is_empty() && missing.is_empty());
    let stamp = std::fs::read_to_string(&marker).unwrap_or_else(|e| panic!("{e}"));
    let (lint, missing) = app(root, &config);
    assert!(lint.is_empty() && missing.is_empty());
    assert_eq!(std::fs::read_to_string(&marker).ok(), Some(stamp.clone()));
    std::fs::write(&css, "p { text-align: justify }\n").unwrap_or_else(|e| panic!("{e}"));
    let found: Vec<String> = app(root, &config).0.iter().map(|d| d.to_string()).collect();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found.iter().all(|f| f.contains("styles.css:1")),
        "{found:?}"
    );
    // Still found on the next build: the old stamp stays, and no clean stamp replaces it.
    assert_eq!(app(root, &config).0.len(), 1);
    assert_eq!(std::fs::read_to_string(&marker).ok(), Some(stamp));
}

/// Issue 32: the help for a left-to-right run split at an autolink suggested bolding the whole
/// of it, which cannot take in the link (an autolink is a piece of its own). It now says what
/// can be done, naming the whole link (its Arabic path too).
#[test]
fn a_run_split_at_an_autolink_gets_a_fix_that_can_be_done() {
    assert_eq!(
        md("زوروا موقع GDRFA <https://gdrfa.gov.ae/ar/خدمات> اليوم."),
        [
            "content/ar/blog/x.md:8:12: the left-to-right text `GDRFA https://gdrfa.gov.ae/ar` is split by Markdown formatting, so it cannot be isolated as one piece (help: a link written as <https://gdrfa.gov.ae/ar/خدمات> is a piece of its own, which no formatting can join to the text beside it: make the words the link, e.g. [GDRFA](https://gdrfa.gov.ae/ar/خدمات), or put an Arabic word between them)"
        ]
    );
    // Split by bold, not by a link: formatting the whole run is still the fix.
    let found = md("رسوم **AED** 1,500 فقط.");
    assert!(found[0].contains("(e.g. **AED 1,500**)"), "{found:?}");
    // A bare address with an Arabic path, alone or after Arabic words: nothing to report.
    assert!(md("زوروا https://example.com/ar/خدمات اليوم.").is_empty());
    assert!(md("زوروا <https://example.com/ar/خدمات> اليوم.").is_empty());
}

/// Issue 32: the digits of an address written in the text are not numbers a reader reads, so
/// they do not make a file that writes its numbers in Arabic-Indic digits mix systems.
#[test]
fn digits_in_an_address_do_not_mix_systems() {
    assert!(md("زوروا https://example.com/ar/خدمات?id=5 منذ ٢٠٢٥.").is_empty());
    assert!(md("زوروا www.example.ae/2025 منذ ٢٠٢٥.").is_empty());
    assert_eq!(md("في عام 2025 أو ٢٠٢٥").len(), 1);
}

/// Every finding names its rule, whose level `[lint]` sets.
#[test]
fn findings_name_their_rules() {
    let rules = |found: Vec<Diagnostic>| {
        found
            .iter()
            .map(|d| d.rule.map(Rule::name))
            .collect::<Vec<_>>()
    };
    let file = Path::new("content/ar/blog/x.md");
    let text = "---\ntitle: \"عنوان\"\nauthor: \"فريق\"\ndate: 2025-01-01\nexcerpt: \"ملخص\"\n---\n\nنص \u{202E}مقلوب كـبير \"مقتبس\" في 2025 و٢٠٢٥ و**AED** 100\n";
    assert_eq!(
        rules(content_file(text, file)),
        [
            Some("bidi-controls"),
            Some("tatweel"),
            Some("straight-quotes"),
            Some("mixed-digits"),
            Some("split-ltr-run"),
        ]
    );
    for rule in Rule::ALL {
        assert_eq!(Rule::from_name(rule.name()), Some(rule));
        let expected = if rule == Rule::BidiControls {
            Level::Error
        } else {
            Level::Warning
        };
        assert_eq!(rule.default_level(), expected, "{}", rule.name());
    }
}

/// The text after each finding's fix, for the findings that have one.
fn fixed(file: &str, text: &str) -> Vec<String> {
    content_file(text, Path::new(file))
        .iter()
        .filter_map(|d| d.fix().cloned())
        .map(|f| {
            format!(
                "{}{}{}",
                text.get(..f.from).unwrap(),
                f.insert,
                text.get(f.to..).unwrap()
            )
        })
        .collect()
}

#[test]
fn the_lints_fixes_make_the_text_they_ask_for() {
    let faq = "content/ar/faq.yaml";
    assert_eq!(
        fixed(faq, "- id: a\n  question: \"خدمة كـــبيرة\"\n"),
        ["- id: a\n  question: \"خدمة كبيرة\"\n"]
    );
    assert_eq!(
        fixed(faq, "- answer: 'يسمى \"الإقامة الذهبية\" رسمياً'\n"),
        ["- answer: 'يسمى «الإقامة الذهبية» رسمياً'\n"]
    );
    assert_eq!(
        fixed(faq, "- answer: \"نص \u{202B}مضمّن\u{202C} هنا\"\n"),
        [
            "- answer: \"نص مضمّن\u{202C} هنا\"\n",
            "- answer: \"نص \u{202B}مضمّن هنا\"\n"
        ]
    );
    // Escaped quotes in a double-quoted scalar: the finding, without a fix (the file's bytes
    // are not the quotes themselves).
    let escaped = "- answer: \"قال \\\"نعم\\\" ثم\"\n";
    assert_eq!(yaml(escaped).len(), 1);
    assert!(fixed(faq, escaped).is_empty());
}
