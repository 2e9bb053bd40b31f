//! Generators for the property tests (`tests/testsuite/properties.rs`): the text nobody thinks to write.
//!
//! Every generated string is drawn from pieces that break naive code: Arabic and Hebrew words,
//! emoji with skin tones and ZWJ sequences, combining marks, bidi controls (LRM, RLM, RLO,
//! LRI/RLI/FSI/PDI), U+2028 and U+2029, NUL, BOM, CR and CRLF, Arabic-Indic digits, the
//! template sentinels U+E000/U+E001, very long lines, and Markdown syntax with non-ASCII link
//! targets, anchors and image names, mixed with ordinary Markdown.
//!
//! The encoders write generated values as valid YAML (double-quoted, single-quoted, plain or
//! literal block) and TOML, so a test can tell a valid file (which must load, with the exact
//! values back) from a mangled one (which must fail with a diagnostic naming the file).

#![allow(dead_code)] // each test file uses part of this module

use proptest::prelude::*;
use proptest::sample::Index;

/// Words in the scripts the site is written in, and a few others.
pub const WORDS: &[&str] = &[
    "مرحبا",
    "الإقامة الذهبية",
    "شركة",
    "قسم",
    "دبي",
    "خدمات",
    "تأشيرة",
    "لا",
    "ﻻ",
    "ﷲ",
    "ﷺ",
    "پاکستان",
    "שלום",
    "עולם",
    "Hello",
    "world",
    "café",
    "Straße",
    "İstanbul",
    "ǅemal",
    "日本語",
    "한국어",
    "Ελληνικά",
    "नमस्ते",
    "ไทย",
    "O'Brien",
];

/// Emoji, with skin tones, flags, keycaps, tag sequences and ZWJ sequences.
pub const EMOJI: &[&str] = &[
    "😀",
    "👍🏽",
    "👨\u{200D}👩\u{200D}👧\u{200D}👦",
    "🏳\u{FE0F}\u{200D}🌈",
    "🇦🇪",
    "👩🏾\u{200D}💻",
    "❤\u{FE0F}",
    "🧑\u{200D}🤝\u{200D}🧑",
    "#\u{FE0F}\u{20E3}",
    "🫠",
    "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
    "\u{200D}",
    "👨\u{200D}",
];

/// Combining marks, alone and on a base.
pub const COMBINING: &[&str] = &[
    "e\u{301}",
    "\u{301}",
    "ا\u{64B}\u{651}",
    "\u{651}",
    "a\u{20DD}",
    "Z\u{336}\u{335}\u{334}",
    "\u{610}\u{611}",
    "ن\u{670}",
    "\u{200C}",
    "\u{34F}",
    "ب\u{6E1}\u{6E1}\u{6E1}\u{6E1}\u{6E1}",
];

/// Bidi controls: LRM, RLM, ALM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, and unbalanced
/// and balanced runs of them.
pub const BIDI: &[&str] = &[
    "\u{200E}",
    "\u{200F}",
    "\u{61C}",
    "\u{202A}",
    "\u{202B}",
    "\u{202C}",
    "\u{202D}",
    "\u{202E}",
    "\u{2066}",
    "\u{2067}",
    "\u{2068}",
    "\u{2069}",
    "\u{202E}abc\u{202C}",
    "\u{2067}عربي\u{2069}",
    "\u{2068}/en/faq\u{2069}",
    "\u{202E}\u{202E}\u{202E}",
];

/// Separators, controls and code points with a special meaning somewhere.
pub const SPECIAL: &[&str] = &[
    "\u{2028}",
    "\u{2029}",
    "\0",
    "\u{FEFF}",
    "\r\n",
    "\r",
    "\n",
    "\t",
    "\u{85}",
    "\u{A0}",
    "\u{E000}",
    "\u{E001}",
    "\u{E000}0\u{E001}",
    "\u{E000}&1\u{E001}",
    "\u{FFFD}",
    "\u{FFFE}",
    "\u{FFFF}",
    "\u{10FFFF}",
    "\u{7F}",
    "\u{1B}[31m",
    "\u{B}",
    "\u{C}",
    "\u{200B}",
    "\u{AD}",
    "\u{2060}",
    "\u{3000}",
    "\u{180E}",
    "\u{1D}",
];

/// Markdown and HTML syntax, whole or in pieces.
pub const MD_INLINE: &[&str] = &[
    "**",
    "*",
    "_",
    "__",
    "~~",
    "`",
    "``",
    "\\",
    "&amp;",
    "&#0;",
    "&#x202E;",
    "&#x2028;",
    "&nbsp;",
    "&bogus;",
    "<b>",
    "</b>",
    "<br>",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<!-- تعليق -->",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<span dir=\"rtl\" style=\"color:red\">نص</span>",
    "[",
    "]",
    "(",
    ")",
    "![",
    "<",
    ">",
    "&",
    "\"",
    "'",
    "|",
    "{{",
    "}}",
    "{%",
    "%}",
    "</script>",
    "]]>",
    "<![CDATA[",
    "${x}",
    "\\u2028",
    "`code`",
    "**غامق**",
    "_مائل_",
    "~~محذوف~~",
    "`كود`",
    "<kbd>Ctrl</kbd>",
    "[^1]",
];

/// Link targets nobody writes in tests, valid or not.
pub const ANY_TARGETS: &[&str] = &[
    "#قسم",
    "صورة.png",
    "/ar/blog/مقال",
    "/en/pricing",
    "/ar/services#business-setup",
    "/ar/services#قسم",
    "https://مثال.امارات/مسار?ق=١#ج",
    "mailto:بريد@مثال.com",
    "tel:+971٥٠٠",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:x",
    "/ar",
    "/en#x",
    "../x",
    "%D9%82",
    "/en/blog/first-post",
    "<with space>",
    "/ar/blog/gen-post",
    "//evil.example/x",
    "/x",
    "/en/blog/first-post/#قسم",
    "\u{202E}/en/faq",
    "/en/faq\u{200F}",
    "/ar/services/#business-setup",
    "/ar/%D9%85%D9%82%D8%A7%D9%84",
    "/en/blog/page/2",
    "/en/blog/page/٢",
    "/sitemap.xml",
    "/en/feed.xml",
    "/en/nope.xml",
    "/en/blog/nope/index.html",
    "/ar/blog/gen-post?x=ق",
    "#",
    "",
    "?",
    "/",
    "ftp://x",
    "/en/assistant-chat",
    "/en/home",
    // The media folder (the fixtures have none): names in Arabic, percent-encoded, empty,
    // climbing out of it.
    "/media/مكتب.jpg",
    "/media/%D9%85.png#x",
    "/media/",
    "/media/../en/faq",
    "/media/\u{202B}شعار.svg",
];

/// Link targets that exist in the fixture sites (or are not checked), so a body using only
/// these passes `check`. None is relative: a relative link or image is an error.
pub const VALID_TARGETS: &[&str] = &[
    "#قسم",
    "#",
    "https://مثال.امارات/صور/شعار.svg",
    "/favicon.svg",
    "https://مثال.امارات/مسار?ق=١#ج",
    "https://example.com/a_(b)",
    "mailto:info@example.ae",
    "tel:+971٥٠٠",
    "/en/pricing",
    "/en/pricing/",
    "/ar/services#business-setup",
    "/ar/services/#business-setup",
    "/en/blog/first-post",
    "/ar/blog/second-post/",
    "/ar",
    "/en/",
    "/ar/faq#working-hours",
    "/en/about#قسم",
    "/sitemap.xml",
    "/en/feed.xml",
    "/ar/404.html",
    "/en/blog/first-post/index.html",
    "/ar/faq/page-data.json",
    "/ar/blog/gen-post",
    "/en/blog/gen-post#قسم",
    "/en/assistant-chat",
];

/// Which link targets a generated Markdown body may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Links {
    /// Only targets that exist (the body passes `check`).
    Valid,
    /// Any target, including links to pages that do not exist.
    Any,
}

fn pick(list: &'static [&'static str]) -> BoxedStrategy<String> {
    proptest::sample::select(list)
        .prop_map(str::to_string)
        .boxed()
}

/// Arabic-Indic and Extended Arabic-Indic digits, with Arabic punctuation.
pub fn arabic_digits() -> BoxedStrategy<String> {
    proptest::collection::vec(
        proptest::sample::select(
            &[
                '٠', '١', '٢', '٣', '٤', '٥', '٦', '٧', '٨', '٩', '۰', '۴', '۵', '۶', '٫', '٬',
                '٪', '-', '/',
            ][..],
        ),
        1..12,
    )
    .prop_map(|v| v.into_iter().collect())
    .boxed()
}

/// One piece of text: a word, an emoji, a mark, a control, a number, Markdown syntax or any
/// character at all.
pub fn atom() -> BoxedStrategy<String> {
    prop_oneof![
        6 => pick(WORDS),
        2 => pick(EMOJI),
        2 => pick(COMBINING),
        2 => pick(BIDI),
        3 => pick(SPECIAL),
        2 => arabic_digits(),
        3 => pick(MD_INLINE),
        1 => any::<char>().prop_map(String::from),
        1 => "[a-z0-9 ]{1,12}",
    ]
    .boxed()
}

/// A run of atoms, with or without spaces between them.
pub fn inline_text() -> BoxedStrategy<String> {
    (proptest::collection::vec(atom(), 1..10), any::<bool>())
        .prop_map(|(atoms, spaced)| atoms.join(if spaced { " " } else { "" }))
        .boxed()
}

/// A line of 10,000 characters or more, made by repeating a short run, then plain text. Runs
/// with Markdown or HTML syntax are repeated only while they hold 30 syntax characters in all:
/// `<b>` or `* ` repeated 3,000 times nests 3,000 elements, which a body may not (issue 32;
/// `nesting_depth_is_capped_with_the_file_and_line` generates those).
pub fn long_line() -> BoxedStrategy<String> {
    (inline_text(), 10_000usize..14_000)
        .prop_map(|(unit, min_chars)| {
            let unit = if unit.is_empty() {
                "ق".to_string()
            } else {
                unit
            };
            let unit_chars = unit.chars().count().max(1);
            // One line: line breaks inside the unit would split it.
            let unit = unit.replace(['\n', '\r'], " ");
            let syntax = unit
                .chars()
                .filter(|c| c.is_ascii_punctuation() || c.is_ascii_digit())
                .count();
            let repeats = min_chars.div_ceil(unit_chars);
            let repeats = match syntax {
                0 => repeats,
                n => repeats.min((30 / n).max(1)),
            };
            let mut line = unit.repeat(repeats);
            let missing = min_chars.saturating_sub(line.chars().count());
            line.push_str(&"ق".repeat(missing));
            line
        })
        .boxed()
}

/// A link, image or autolink with a non-ASCII (or otherwise odd) target.
pub fn link(links: Links) -> BoxedStrategy<String> {
    let targets = match links {
        Links::Valid => VALID_TARGETS,
        Links::Any => ANY_TARGETS,
    };
    let target = proptest::sample::select(targets);
    let text = prop_oneof![pick(WORDS), inline_text()];
    (text, target, 0..6u8, pick(WORDS))
        .prop_map(move |(text, target, form, title)| {
            let text = text.replace(['[', ']'], "");
            match form {
                0 => format!("[{text}]({target})"),
                1 => format!("[{text}]({target} \"{title}\")"),
                // A valid image has a description that shows (an alt of only invisible
                // characters is no description): a word.
                2 if links == Links::Valid => format!("![{title}]({target})"),
                2 => format!("![{text}]({target})"),
                3 if target.starts_with("http") || target.starts_with("mailto:") => {
                    format!("<{target}>")
                }
                // The definition ends its line: a U+2028 after it would run into the target
                // (it is not whitespace in CommonMark).
                4 => format!("[{text}][مرجع]\n\n[مرجع]: {target}\n"),
                _ => format!("[{text}](<{target}>)"),
            }
        })
        .boxed()
}

/// Inline text mixed with links.
pub fn inline_with_links(links: Links) -> BoxedStrategy<String> {
    (proptest::collection::vec(prop_oneof![4 => inline_text(), 1 => link(links)], 1..5))
        .prop_map(|parts| parts.join(" "))
        .boxed()
}

/// One Markdown block: heading, list, table, quote, code, raw HTML, paragraph or a long line.
pub fn block(links: Links) -> BoxedStrategy<String> {
    let inline = move || inline_with_links(links);
    prop_oneof![
        4 => inline(),
        2 => (1..=6usize, inline(), any::<bool>()).prop_map(|(level, text, closed)| {
            let hashes = "#".repeat(level);
            if closed { format!("{hashes} {text} {hashes}") } else { format!("{hashes} {text}") }
        }),
        1 => (inline(), any::<bool>())
            .prop_map(|(text, h1)| format!("{text}\n{}", if h1 { "===" } else { "---" })),
        2 => proptest::collection::vec(
                (proptest::sample::select(&["- ", "* ", "+ ", "1. ", "١. ", "  - ", "    1) "][..]),
                 inline()),
                1..5)
            .prop_map(|items| items.into_iter().map(|(m, t)| format!("{m}{t}")).collect::<Vec<_>>().join("\n")),
        2 => (1..4usize, proptest::collection::vec(inline_text(), 1..12)).prop_map(|(cols, cells)| {
            let mut rows: Vec<String> = Vec::new();
            for chunk in cells.chunks(cols) {
                rows.push(format!("| {} |", chunk.join(" | ")));
            }
            let sep = format!("|{}", ":---:|".repeat(cols));
            rows.insert(1.min(rows.len()), sep);
            rows.join("\n")
        }),
        1 => inline().prop_map(|t| format!("> {t}\n> > {t}")),
        1 => (pick(WORDS), inline_text(), any::<bool>()).prop_map(|(lang, code, closed)| {
            format!("```{lang}\n{code}\n{}", if closed { "```" } else { "" })
        }),
        1 => inline_text().prop_map(|t| format!("    {t}")),
        1 => inline().prop_map(|t| format!("<div dir=\"rtl\">\n{t}\n</div>")),
        1 => inline_text().prop_map(|t| format!("<script>\n{t}\n</script>")),
        1 => inline_text().prop_map(|t| format!("<details><summary>{t}</summary>\n\n{t}\n\n</details>")),
        1 => Just("***".to_string()),
        // Without the footnote extension, `[^١]: ...` defines a link whose target is the
        // first word: an error unless it is a page of the site written from its root.
        1 => inline_text().prop_map(move |t| match links {
            Links::Any => format!("نص[^١]\n\n[^١]: {t}"),
            Links::Valid => format!("نص[^١]\n\n[^١]: /ar/faq\n\n{t}"),
        }),
        1 => long_line(),
        1 => link(links),
    ]
    .boxed()
}

/// Between blocks: blank lines, CRLF, single newlines, U+2028 and U+2029.
pub const BLOCK_SEPARATORS: &[&str] = &[
    "\n\n",
    "\n",
    "\r\n\r\n",
    "\r\n",
    "\u{2028}",
    "\u{2029}",
    "\n\n\n",
    "\n\u{2028}\n",
    "\n\n\u{FEFF}",
];

/// A Markdown body: blocks with odd separators.
pub fn markdown_body(links: Links) -> BoxedStrategy<String> {
    proptest::collection::vec((block(links), pick(BLOCK_SEPARATORS)), 0..8)
        .prop_map(move |blocks| {
            // The valid links' `#قسم` and `/en/about#قسم` name a heading of the page.
            let mut out = match links {
                Links::Valid => "## قسم\n\n".to_string(),
                Links::Any => String::new(),
            };
            for (b, sep) in blocks {
                out.push_str(&b);
                out.push_str(&sep);
            }
            out
        })
        .boxed()
}

/// A text value for a YAML or TOML key (title, answer, name...): atoms around at least one
/// word, so it is never blank.
pub fn value_text() -> BoxedStrategy<String> {
    (
        proptest::collection::vec(atom(), 0..5),
        pick(WORDS),
        proptest::collection::vec(atom(), 0..5),
        any::<bool>(),
    )
        .prop_map(|(before, word, after, spaced)| {
            let sep = if spaced { " " } else { "" };
            let mut parts = before;
            parts.push(word);
            parts.extend(after);
            parts.join(sep)
        })
        .boxed()
}

/// A slug: lowercase ASCII words joined by `-`.
pub fn slug() -> BoxedStrategy<String> {
    "[a-z][a-z0-9]{0,8}(-[a-z0-9]{1,6}){0,3}"
        .prop_map(|s| s.to_string())
        .boxed()
}

/// A calendar date `yyyy-mm-dd`.
pub fn date() -> BoxedStrategy<String> {
    (1900..2100i32, 1..=12u8, 1..=31u8)
        .prop_map(|(y, m, d)| {
            let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
            let days = match m {
                2 if leap => 29,
                2 => 28,
                4 | 6 | 9 | 11 => 30,
                _ => 31,
            };
            format!("{y:04}-{m:02}-{:02}", d.min(days))
        })
        .boxed()
}

// ---------------------------------------------------------------------------------------------
// YAML

/// How a string is written in YAML.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YamlStyle {
    /// `"..."`, every non-ASCII character as `\uXXXX`.
    Escaped,
    /// `"..."`, printable characters as they are (including U+2028, U+2029, NEL).
    Raw,
    /// What `serde_json::to_string` writes (what `sahel new post` writes).
    Json,
    /// `'...'`, when the string allows it (else `Raw`).
    Single,
    /// Unquoted, when the string allows it (else `Raw`).
    Plain,
    /// `|-` literal block, when the string allows it (else `Raw`).
    Literal,
}

pub fn yaml_style() -> BoxedStrategy<YamlStyle> {
    proptest::sample::select(
        &[
            YamlStyle::Escaped,
            YamlStyle::Raw,
            YamlStyle::Json,
            YamlStyle::Single,
            YamlStyle::Plain,
            YamlStyle::Literal,
        ][..],
    )
    .boxed()
}

/// YAML 1.2's printable characters (c-printable), without the BOM, which may not appear inside
/// a document.
pub fn yaml_printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
        && c != '\u{FEFF}'
}

fn push_yaml_escape(out: &mut String, c: char) {
    match c {
        '"' => out.push_str("\\\""),
        '\\' => out.push_str("\\\\"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        '\0' => out.push_str("\\0"),
        c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04X}", c as u32)),
        c => out.push_str(&format!("\\U{:08X}", c as u32)),
    }
}

/// The text of `s` as a YAML value after `key: ` (a block value continues on the next lines,
/// indented by `indent + 2` spaces). The parsed value is exactly `s`.
pub fn yaml_string(s: &str, style: YamlStyle, indent: usize) -> String {
    match style {
        YamlStyle::Escaped => {
            let mut out = String::from("\"");
            for c in s.chars() {
                if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                    out.push(c);
                } else {
                    push_yaml_escape(&mut out, c);
                }
            }
            out.push('"');
            out
        }
        YamlStyle::Raw => {
            let mut out = String::from("\"");
            for c in s.chars() {
                if matches!(c, '"' | '\\' | '\n' | '\r' | '\t') || !yaml_printable(c) {
                    push_yaml_escape(&mut out, c);
                } else {
                    out.push(c);
                }
            }
            out.push('"');
            out
        }
        // JSON escapes only C0 controls, `"` and `\\`: valid YAML unless the string holds a
        // character YAML does not allow raw (DEL, C1, the BOM, U+FFFE...).
        YamlStyle::Json if s.chars().all(|c| c < ' ' || yaml_printable(c)) => {
            serde_json::to_string(s).unwrap()
        }
        YamlStyle::Json => yaml_string(s, YamlStyle::Raw, indent),
        YamlStyle::Single => {
            let ok = s.chars().all(|c| {
                yaml_printable(c)
                    && !matches!(c, '\n' | '\r' | '\t' | '\u{85}' | '\u{2028}' | '\u{2029}')
            }) && !s.starts_with(' ')
                && !s.ends_with(' ');
            if ok {
                format!("'{}'", s.replace('\'', "''"))
            } else {
                yaml_string(s, YamlStyle::Raw, indent)
            }
        }
        YamlStyle::Plain => {
            // Letters (with their marks) and single inner spaces, with at least one non-ASCII
            // letter so it never reads as a number, a boolean or null.
            let ok = !s.is_empty()
                && s.chars().all(|c| c.is_alphabetic() || c == ' ')
                && !s.contains("  ")
                && !s.starts_with(' ')
                && !s.ends_with(' ')
                && !s.is_ascii();
            if ok {
                s.to_string()
            } else {
                yaml_string(s, YamlStyle::Raw, indent)
            }
        }
        YamlStyle::Literal => {
            let ok = !s.is_empty()
                && !s.ends_with('\n')
                && s.split('\n').all(|line| {
                    line.chars().all(|c| {
                        yaml_printable(c)
                            && !matches!(c, '\r' | '\t' | '\u{85}' | '\u{2028}' | '\u{2029}')
                    }) && !line.starts_with(' ')
                        && !line.ends_with(' ')
                })
                && s.split('\n').next().is_some_and(|l| !l.is_empty());
            if ok {
                let pad = " ".repeat(indent + 2);
                let mut out = String::from("|-");
                for line in s.split('\n') {
                    out.push('\n');
                    if !line.is_empty() {
                        out.push_str(&pad);
                        out.push_str(line);
                    }
                }
                out
            } else {
                yaml_string(s, YamlStyle::Raw, indent)
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// TOML

/// `s` as a TOML basic string (`"..."`), or a literal string (`'...'`) when `literal` and the
/// string allows it. The parsed value is exactly `s`.
pub fn toml_string(s: &str, literal: bool) -> String {
    let control = |c: char| (c < ' ' && c != '\t') || c == '\u{7F}';
    if literal && !s.contains('\'') && !s.chars().any(control) && !s.contains('\t') {
        return format!("'{s}'");
    }
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if control(c) => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

// ---------------------------------------------------------------------------------------------
// Whole files

/// Options applied to a whole file's text.
#[derive(Debug, Clone, Copy)]
pub struct FileForm {
    pub bom: bool,
    pub crlf: bool,
}

pub fn file_form() -> BoxedStrategy<FileForm> {
    (proptest::bool::weighted(0.2), proptest::bool::weighted(0.3))
        .prop_map(|(bom, crlf)| FileForm { bom, crlf })
        .boxed()
}

impl FileForm {
    /// `text` with a BOM and CRLF line endings, as chosen.
    pub fn apply(self, text: &str) -> String {
        let text = if self.crlf {
            text.replace("\r\n", "\n").replace('\n', "\r\n")
        } else {
            text.to_string()
        };
        if self.bom {
            format!("\u{FEFF}{text}")
        } else {
            text
        }
    }
}

/// A change to a file that may make it invalid.
#[derive(Debug, Clone)]
pub enum Mutation {
    Insert(Index, String),
    Delete(Index, usize),
    Replace(Index, String),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    Truncate(Index),
    IndentLine(Index, String),
}

pub fn mutation() -> BoxedStrategy<Mutation> {
    prop_oneof![
        4 => (any::<Index>(), atom()).prop_map(|(i, s)| Mutation::Insert(i, s)),
        2 => (any::<Index>(), 1..20usize).prop_map(|(i, n)| Mutation::Delete(i, n)),
        2 => (any::<Index>(), prop_oneof![atom(), pick(&[":", "- ", "\"", "'", "#", "[", "{", "|", ">", "&a", "*a", "!!int", "\t", "---", "...", "? ", "%YAML 1.2", "=", "[[", "]]"])])
            .prop_map(|(i, s)| Mutation::Replace(i, s)),
        1 => any::<Index>().prop_map(Mutation::DuplicateLine),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        1 => (any::<Index>(), pick(&[" ", "  ", "\t", "\u{A0}", "\u{3000}"])).prop_map(|(i, s)| Mutation::IndentLine(i, s)),
    ]
    .boxed()
}

/// Byte offsets of the character boundaries of `s`, including its end.
fn boundaries(s: &str) -> Vec<usize> {
    s.char_indices().map(|(i, _)| i).chain([s.len()]).collect()
}

impl Mutation {
    pub fn apply(&self, text: &str) -> String {
        let b = boundaries(text);
        let at = |i: &Index| b[i.index(b.len())];
        let mut lines: Vec<&str> = text.split_inclusive('\n').collect();
        match self {
            Mutation::Insert(i, s) => {
                let p = at(i);
                format!("{}{s}{}", &text[..p], &text[p..])
            }
            Mutation::Delete(i, n) => {
                let k = i.index(b.len());
                let end = b[(k + n).min(b.len() - 1)];
                format!("{}{}", &text[..b[k]], &text[end..])
            }
            Mutation::Replace(i, s) => {
                let k = i.index(b.len());
                let end = b[(k + 1).min(b.len() - 1)];
                format!("{}{s}{}", &text[..b[k]], &text[end..])
            }
            Mutation::DuplicateLine(i) if !lines.is_empty() => {
                let k = i.index(lines.len());
                lines.insert(k, lines[k]);
                lines.concat()
            }
            Mutation::SwapLines(a, c) if !lines.is_empty() => {
                let (x, y) = (a.index(lines.len()), c.index(lines.len()));
                lines.swap(x, y);
                lines.concat()
            }
            Mutation::Truncate(i) => text[..at(i)].to_string(),
            Mutation::IndentLine(i, pad) if !lines.is_empty() => {
                let k = i.index(lines.len());
                let mut out = String::new();
                for (n, l) in lines.iter().enumerate() {
                    if n == k {
                        out.push_str(pad);
                    }
                    out.push_str(l);
                }
                out
            }
            _ => text.to_string(),
        }
    }
}

/// Up to `max` mutations of a text, applied in order.
pub fn mutations(max: usize) -> BoxedStrategy<Vec<Mutation>> {
    proptest::collection::vec(mutation(), 1..=max).boxed()
}

pub fn mutate(text: &str, mutations: &[Mutation]) -> String {
    mutations.iter().fold(text.to_string(), |t, m| m.apply(&t))
}
