//! Property tests: generated inputs nobody thinks to write (Arabic and Hebrew, emoji and ZWJ
//! sequences, combining marks, bidi controls, U+2028/U+2029, NUL, BOM, CRLF, Arabic-Indic
//! digits, 10k-character lines, non-ASCII link targets, anchors and image names, raw HTML),
//! through the Markdown renderer, front matter, every YAML kind, `site.toml`, the whole
//! `sahel check` of a fixture site, and a few whole builds.
//!
//! Properties: nothing panics; a failure is an error that names the file (the rendered report
//! holds the path, and `path:line:column` where there is a position, inside the file); valid
//! input always loads, with the exact values back; the same input twice gives the same output
//! (for builds, byte-identical folders).
//!
//! Every property runs a fixed-seed pass, then a random-seed pass whose seed is printed (see
//! `common/prop_runner.rs`: `SAHEL_PROPTEST_SEED`, `SAHEL_PROPTEST_SCALE`). Inputs that ever
//! failed are kept in `tests/fixtures/regressions/` and in `REGRESSION_BODIES` below, and run
//! as plain tests.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
#![allow(clippy::string_slice, clippy::panic)]

use crate::common;
use crate::common::content_gen;
use crate::common::prop_runner;
use crate::common::text_gen;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

use sahel::build::{BuildOptions, Verbosity, build_site};
use sahel::check::check_site;
use sahel::check::load_site;
use sahel::config::SiteConfig;
use sahel::content::Site;
use sahel::content::markdown::{render_markdown, render_markdown_with_links};
use sahel::content::parse;
use sahel::diagnostics::{Diagnostic, Diagnostics};
use sahel::lang::Lang;

use content_gen::*;
use prop_runner::{Cases, check};
use text_gen::*;

type TestResult = Result<(), TestCaseError>;

use crate::common::project;

// ---------------------------------------------------------------------------------------------
// Checks shared by the properties

/// The text of 1-based `line` (lines end at `\n`), without its line ending.
fn line_text(text: &str, line: usize) -> Option<&str> {
    text.split('\n')
        .nth(line.checked_sub(1)?)
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
}

/// Whether (line, column) is inside `text`: an existing line, and a column (in characters) at
/// most one past its end (a CR at the end counts: a lone CR may be what is wrong).
fn in_bounds(text: &str, line: usize, column: usize) -> bool {
    line.checked_sub(1)
        .and_then(|i| text.split('\n').nth(i))
        .is_some_and(|l| column >= 1 && column <= l.chars().count() + 1)
}

/// The character at (line, column).
fn char_at(text: &str, line: usize, column: usize) -> Option<char> {
    line_text(text, line)?.chars().nth(column.checked_sub(1)?)
}

/// Characters that must never reach a terminal from a report: controls (other than newline and
/// tab), bidi controls, line and paragraph separators.
fn terminal_unsafe(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

/// Every diagnostic names a file; the report shows it, and `file:line:column` (inside the
/// file, when its text is known) where there is a position; the report writes no control or
/// bidi character to the terminal.
fn diagnostics_name_files(
    d: &Diagnostics,
    text_of: &dyn Fn(&Path) -> Option<String>,
) -> TestResult {
    prop_assert!(!d.is_empty(), "an error without a diagnostic");
    let rendered = d.render();
    if let Some(c) = rendered.chars().find(|&c| terminal_unsafe(c)) {
        return Err(TestCaseError::fail(format!(
            "the report writes {c:?} to the terminal:\n{rendered}"
        )));
    }
    for diag in &d.0 {
        let shown = diag.file.display().to_string();
        prop_assert!(!shown.is_empty(), "a diagnostic without a file: {diag:?}");
        let alone = diag.render();
        prop_assert!(
            alone.contains(&shown) || alone.contains(&sanitized(&shown)),
            "the report does not name {shown}:\n{alone}"
        );
        if let Some((line, column)) = diag.position {
            let location = format!("{}:{line}:{column}", sanitized(&shown));
            prop_assert!(
                alone.contains(&location),
                "the report does not show {location}:\n{alone}"
            );
            let text = text_of(&diag.file).or_else(|| diag.source.as_deref().map(String::from));
            if let Some(text) = text {
                prop_assert!(
                    in_bounds(&text, line, column),
                    "{location} is outside the file ({} lines): {}",
                    text.split('\n').count(),
                    diag.message
                );
                // The snippet's header shows the same place (miette counted bytes).
                let inside =
                    line_text(&text, line).is_some_and(|l| column <= l.chars().count() + 1);
                if alone.contains("╭─[") && inside {
                    prop_assert!(
                        alone.contains(&format!("╭─[{location}]")),
                        "the snippet's header is not at {location}:\n{alone}"
                    );
                }
            }
        }
    }
    Ok(())
}

/// A path as a report shows it (control and bidi characters escaped).
fn sanitized(s: &str) -> String {
    sahel::diagnostics::terminal_safe_name(s).into_owned()
}

/// A character XML 1.0 does not allow in a document (its `Char` production).
fn not_xml_char(c: char) -> bool {
    !matches!(c, '\t' | '\n' | '\r' | ' '..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// A character HTML's parser reports as an error in a document: controls other than
/// whitespace, and noncharacters.
fn html_parse_error_char(c: char) -> bool {
    let n = u32::from(c);
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{C}'))
        || (0xFDD0..=0xFDEF).contains(&n)
        || (n & 0xFFFE) == 0xFFFE
}

/// Feeds and sitemaps are well-formed XML as far as characters go; pages hold no character
/// HTML's parser rejects.
fn output_characters(name: &str, text: &str) -> TestResult {
    let (bad, what): (fn(char) -> bool, &str) = if name.ends_with(".xml") {
        (not_xml_char, "which XML does not allow")
    } else if name.ends_with(".html") {
        (html_parse_error_char, "an HTML parse error")
    } else {
        return Ok(());
    };
    if let Some((i, c)) = text.char_indices().find(|&(_, c)| bad(c)) {
        let before: Vec<char> = text[..i].chars().rev().take(60).collect();
        let before: String = before.into_iter().rev().collect();
        return Err(TestCaseError::fail(format!(
            "{name} holds {c:?}, {what}, after {before:?}"
        )));
    }
    Ok(())
}

/// Tags in sanitised HTML that could run script: `<script>`, `on*` attributes, `javascript:`,
/// `vbscript:` and `data:` URLs.
fn unsafe_markup(html: &str) -> Option<String> {
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        let after = &rest[i + 1..];
        let name_len = after
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(after.len());
        let name = after[..name_len].to_ascii_lowercase();
        let mut attrs = &after[name_len..];
        if name.is_empty() {
            rest = after;
            continue;
        }
        if name == "script" || name == "iframe" || name == "object" || name == "embed" {
            return Some(format!("a <{name}> tag"));
        }
        // Attributes: name, optionally = and a quoted or bare value, up to `>`.
        loop {
            attrs = attrs.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
            if attrs.is_empty() || attrs.starts_with('>') {
                break;
            }
            let n = attrs
                .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '>' || c == '/')
                .unwrap_or(attrs.len());
            let attr = attrs[..n].to_ascii_lowercase();
            attrs = &attrs[n..];
            let mut value = String::new();
            if let Some(v) = attrs.strip_prefix('=') {
                let (val, tail) = match v.chars().next() {
                    Some(q @ ('"' | '\'')) => {
                        let body = &v[1..];
                        let end = body.find(q).unwrap_or(body.len());
                        (&body[..end], &body[(end + 1).min(body.len())..])
                    }
                    _ => {
                        let end = v
                            .find(|c: char| c.is_ascii_whitespace() || c == '>')
                            .unwrap_or(v.len());
                        (&v[..end], &v[end..])
                    }
                };
                value = val.to_string();
                attrs = tail;
            }
            if attr.starts_with("on") {
                return Some(format!("an {attr} attribute on <{name}>"));
            }
            if matches!(
                attr.as_str(),
                "href" | "src" | "action" | "formaction" | "xlink:href"
            ) {
                let v = value
                    .replace("&amp;", "&")
                    .chars()
                    .filter(|c| !c.is_whitespace() && !c.is_control())
                    .collect::<String>()
                    .to_ascii_lowercase();
                for scheme in ["javascript:", "vbscript:", "data:"] {
                    if v.starts_with(scheme) {
                        return Some(format!("{attr}=\"{value}\" on <{name}>"));
                    }
                }
            }
        }
        rest = attrs;
    }
    None
}

/// Rendering a body: no panic, the same HTML twice, nothing that runs script, and each link's
/// offset at its `[` (or `<` for an autolink).
fn markdown_properties(body: &str) -> TestResult {
    let first = render_markdown_with_links(body);
    prop_assert_eq!(
        &first,
        &render_markdown_with_links(body),
        "rendering is not deterministic"
    );
    // A body nested too deep is refused (see `nesting_depth_is_capped_with_the_file_and_line`).
    let Ok((html, links)) = first else {
        return Ok(());
    };
    prop_assert_eq!(&html, &render_markdown(body).unwrap());
    if let Some(problem) = unsafe_markup(&html) {
        return Err(TestCaseError::fail(format!(
            "unsafe markup: {problem}\n{html}"
        )));
    }
    for link in &links {
        prop_assert!(
            body.is_char_boundary(link.offset),
            "link offset {} is inside a character",
            link.offset
        );
        let at = body[link.offset..].chars().next();
        // A link starts at its `[` or `<`, an image at its `!`.
        let starts = if link.image {
            &['!'][..]
        } else {
            &['[', '<'][..]
        };
        prop_assert!(
            at.is_some_and(|c| starts.contains(&c)),
            "link {:?} at offset {} starts with {at:?}",
            link.href,
            link.offset
        );
    }
    Ok(())
}

/// The body of a Markdown file as the parser splits it.
fn body_of(text: &str) -> &str {
    parse::split_front_matter(text, Path::new("x.md"))
        .map(|s| s.body)
        .unwrap_or("")
}

/// Every link of a parsed file points at its `[` or `<` in the file's text.
fn source_links_point_at_links(text: &str, links: &[sahel::content::SourceLink]) -> TestResult {
    for l in links {
        let c = char_at(text, l.at.line, l.at.column);
        // A link starts at its `[` or `<`, an image at its `!`.
        let starts = if l.image { &['!'][..] } else { &['[', '<'][..] };
        prop_assert!(
            c.is_some_and(|c| starts.contains(&c)),
            "the link {:?} is reported at {}:{}, where the file has {c:?}",
            l.href,
            l.at.line,
            l.at.column
        );
    }
    Ok(())
}

fn post_path(lang: Lang, slug: &str) -> PathBuf {
    PathBuf::from(format!("content/{}/blog/{slug}.md", lang.code()))
}

/// Parsing a file: Ok with the expected values when `valid`, else Ok or a diagnostic naming
/// the file inside its text; the same result twice.
fn parse_result<T>(
    result: Result<T, Diagnostics>,
    again: Result<T, Diagnostics>,
    file: &Path,
    text: &str,
    valid: bool,
) -> Result<Option<T>, TestCaseError> {
    match (result, again) {
        (Ok(v), Ok(_)) => Ok(Some(v)),
        (Err(d), Err(d2)) => {
            prop_assert!(
                !valid,
                "a valid file fails:\n{}\n--- text ---\n{text:?}",
                d.render()
            );
            prop_assert_eq!(d.render(), d2.render(), "errors differ between two runs");
            for diag in &d.0 {
                prop_assert_eq!(&diag.file, file);
            }
            diagnostics_name_files(&d, &|_| Some(text.to_string()))?;
            Ok(None)
        }
        _ => Err(TestCaseError::fail(
            "one parse failed, the same parse again did not",
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// Markdown

#[test]
fn markdown_renders_any_body() {
    check(
        "markdown_renders_any_body",
        Cases::new(192, 192),
        markdown_body(Links::Any),
        |body| markdown_properties(&body),
    );
}

#[test]
fn markdown_renders_single_atoms_and_lines() {
    // Small inputs reach corners the big ones hide: one atom, one link, one line.
    check(
        "markdown_renders_single_atoms_and_lines",
        Cases::new(256, 256),
        prop_oneof![atom(), link(Links::Any), block(Links::Any), inline_text()],
        |body| markdown_properties(&body),
    );
}

/// The byte test that lets most text skip the character-by-character search for what no page
/// may carry never says "none" of text that holds one (controls, C1, noncharacters, beyond the
/// BMP), whatever else is around it.
#[test]
fn the_quick_unrenderable_test_never_misses_one() {
    let chars = prop_oneof![
        any::<char>(),
        proptest::sample::select(
            &[
                '\u{1}',
                '\u{1B}',
                '\u{7F}',
                '\u{80}',
                '\u{9F}',
                '\u{A0}',
                '«',
                '\u{FDD0}',
                '\u{FDEF}',
                '\u{FFFE}',
                '\u{FFFF}',
                '\u{1FFFE}',
                '\u{10FFFF}',
                'ب',
                '\t',
                '\n',
            ][..]
        ),
    ];
    check(
        "the_quick_unrenderable_test_never_misses_one",
        Cases::new(512, 512),
        proptest::collection::vec(chars, 0..24),
        |chars| {
            let text: String = chars.into_iter().collect();
            let holds = text.chars().any(sahel::content::is_unrenderable);
            prop_assert!(
                !holds || sahel::content::may_hold_unrenderable(&text),
                "{text:?} holds an unrenderable character"
            );
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Front matter: posts and long pages

#[test]
fn posts_with_valid_front_matter_parse_with_their_values() {
    check(
        "posts_with_valid_front_matter_parse_with_their_values",
        Cases::new(128, 128),
        (post_spec(Links::Any), slug(), any::<bool>()),
        |(spec, slug, arabic)| {
            let lang = if arabic { Lang::ar() } else { Lang::en() };
            let text = spec.text(&slug);
            let file = post_path(lang, &slug);
            let post = parse_result(
                parse::parse_post(&slug, &text, &file),
                parse::parse_post(&slug, &text, &file),
                &file,
                &text,
                true,
            )?
            .unwrap();
            prop_assert_eq!(&post.title, &spec.title.0);
            prop_assert_eq!(&post.author, &spec.author.0);
            prop_assert_eq!(&post.excerpt, &spec.excerpt.0);
            prop_assert_eq!(&sahel::lang::iso_date(post.date), &spec.date);
            prop_assert_eq!(&post.slug, &slug);
            prop_assert!(post.declared_slug.is_none());
            prop_assert_eq!(&post.html, &render_markdown(body_of(&text)).unwrap());
            markdown_properties(body_of(&text))?;
            source_links_point_at_links(&text, &post.links)?;
            Ok(())
        },
    );
}

#[test]
fn long_pages_with_valid_front_matter_parse_with_their_values() {
    check(
        "long_pages_with_valid_front_matter_parse_with_their_values",
        Cases::new(96, 96),
        page_spec(Links::Any),
        |spec| {
            let text = spec.text();
            let file = PathBuf::from("content/ar/pages/about.md");
            let page = parse_result(
                parse::parse_long_page("about", &text, &file),
                parse::parse_long_page("about", &text, &file),
                &file,
                &text,
                true,
            )?
            .unwrap();
            prop_assert_eq!(&page.title, &spec.title.0);
            prop_assert_eq!(&page.description, &spec.description.0);
            prop_assert_eq!(&page.html, &render_markdown(body_of(&text)).unwrap());
            source_links_point_at_links(&text, &page.links)?;
            Ok(())
        },
    );
}

#[test]
fn mangled_posts_fail_with_the_file_named() {
    check(
        "mangled_posts_fail_with_the_file_named",
        Cases::new(256, 256),
        (post_spec(Links::Any), mutations(4), any::<bool>()),
        |(spec, muts, page)| {
            let text = mutate(&spec.text("gen-post"), &muts);
            if page {
                let file = PathBuf::from("content/en/pages/terms.md");
                parse_result(
                    parse::parse_long_page("terms", &text, &file),
                    parse::parse_long_page("terms", &text, &file),
                    &file,
                    &text,
                    false,
                )?;
            } else {
                let file = post_path(Lang::ar(), "gen-post");
                if let Some(post) = parse_result(
                    parse::parse_post("gen-post", &text, &file),
                    parse::parse_post("gen-post", &text, &file),
                    &file,
                    &text,
                    false,
                )? {
                    source_links_point_at_links(&text, &post.links)?;
                    prop_assert!(!post.title.trim().is_empty());
                }
            }
            Ok(())
        },
    );
}

#[test]
fn any_text_as_a_post_never_panics() {
    // Not derived from a valid file: whatever the generators make, as a whole file.
    check(
        "any_text_as_a_post_never_panics",
        Cases::new(256, 256),
        prop_oneof![
            markdown_body(Links::Any),
            inline_text().prop_map(|t| format!("---\n{t}\n---\n{t}")),
            (value_text(), markdown_body(Links::Any))
                .prop_map(|(t, b)| format!("---\ntitle: {t}\n---\n{b}")),
        ],
        |text| {
            let file = post_path(Lang::en(), "gen-post");
            parse_result(
                parse::parse_post("gen-post", &text, &file),
                parse::parse_post("gen-post", &text, &file),
                &file,
                &text,
                false,
            )?;
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Nesting depth: a body nests at most `MAX_DEPTH` elements (raw HTML and Markdown together)

use sahel::content::nesting::MAX_DEPTH;

/// Block levels of raw HTML: opening, closing, and the levels of the tree they add.
const BLOCK_LEVELS: &[(&str, &str, usize)] = &[
    ("<div>", "</div>", 1),
    ("<section dir=\"rtl\">", "</section>", 1),
    ("<blockquote>", "</blockquote>", 1),
    ("<article lang=\"ar\">", "</article>", 1),
    ("<ul><li>", "</li></ul>", 2),
    ("<ol start=\"2\"><li>", "</li></ol>", 2),
    ("<dl><dd>", "</dd></dl>", 2),
    ("<table><tbody><tr><td>", "</td></tr></tbody></table>", 4),
];

/// Phrasing levels, inside the blocks.
const INLINE_LEVELS: &[(&str, &str, usize)] = &[
    ("<b>", "</b>", 1),
    ("<i>", "</i>", 1),
    ("<span>", "</span>", 1),
    ("<em>", "</em>", 1),
    ("<strong class=\"x\">", "</strong>", 1),
    ("<bdi>", "</bdi>", 1),
];

const NESTED_TEXTS: &[&str] = &[
    "نص عربي",
    "الرسوم AED 1,500 عام ٢٠٢٥",
    "اتصل على 050 123 4567 «الآن»",
    "مرحبا\u{200F} بكم",
];

#[derive(Debug, Clone)]
struct NestedBody {
    quotes: usize,
    blocks: Vec<usize>,
    inlines: Vec<usize>,
    text: &'static str,
    closed: bool,
}

impl NestedBody {
    fn body(&self) -> String {
        let levels = || {
            self.blocks
                .iter()
                .map(|&i| BLOCK_LEVELS[i])
                .chain(self.inlines.iter().map(|&i| INLINE_LEVELS[i]))
        };
        let mut body = "> ".repeat(self.quotes);
        body.extend(levels().map(|(open, _, _)| open));
        body.push_str(self.text);
        if self.closed {
            let closing: Vec<_> = levels().map(|(_, close, _)| close).collect();
            body.extend(closing.into_iter().rev());
        }
        body.push('\n');
        body
    }

    /// The depth of the tree: Markdown's quotes, the HTML levels, and the paragraph that
    /// phrasing content starts when no block holds it.
    fn depth(&self) -> usize {
        let html: usize = self
            .blocks
            .iter()
            .map(|&i| BLOCK_LEVELS[i].2)
            .sum::<usize>()
            + self.inlines.len();
        let paragraph = usize::from(self.blocks.is_empty() && !self.inlines.is_empty());
        self.quotes + html + paragraph
    }
}

fn nested_body() -> BoxedStrategy<NestedBody> {
    let blocks = prop_oneof![
        3 => prop::collection::vec(0..BLOCK_LEVELS.len(), 0..=110),
        1 => prop::collection::vec(0..BLOCK_LEVELS.len(), 300..=3000),
    ];
    (
        0..4usize,
        blocks,
        prop::collection::vec(0..INLINE_LEVELS.len(), 0..=110),
        prop::sample::select(NESTED_TEXTS),
        any::<bool>(),
    )
        .prop_map(|(quotes, blocks, inlines, text, closed)| NestedBody {
            quotes,
            blocks,
            inlines,
            text,
            closed,
        })
        .boxed()
}

#[test]
fn nesting_depth_is_capped_with_the_file_and_line() {
    check(
        "nesting_depth_is_capped_with_the_file_and_line",
        Cases::new(96, 96),
        nested_body(),
        |nested| {
            let text = format!(
                "---\ntitle: \"عميق\"\nauthor: \"أ\"\ndate: 2025-03-10\nexcerpt: \"x\"\n---\n\n{}",
                nested.body()
            );
            let file = post_path(Lang::ar(), "deep");
            let depth = nested.depth();
            // Within two levels of the limit, either (an isolate around a left-to-right run
            // adds one).
            let below = depth + 2 <= MAX_DEPTH;
            let post = parse_result(
                parse::parse_post("deep", &text, &file),
                parse::parse_post("deep", &text, &file),
                &file,
                &text,
                below,
            )?;
            match post {
                Some(post) => {
                    prop_assert!(depth < MAX_DEPTH + 2, "{depth} levels rendered");
                    let word = nested.text.split(' ').next().unwrap();
                    prop_assert!(post.html.contains(word), "{}", post.html);
                }
                None => {
                    let d = parse::parse_post("deep", &text, &file).err().unwrap();
                    prop_assert_eq!(d.len(), 1);
                    let diag = &d.0[0];
                    prop_assert!(
                        diag.message
                            .contains(&format!("more than {MAX_DEPTH} levels")),
                        "{}",
                        diag.message
                    );
                    let (line, column) = diag.position.unwrap();
                    // At the tag that goes too deep (Markdown's quotes are never that many); or,
                    // when the tags alone stay within the limit, in the text, whose left-to-right
                    // run the page isolates in one more element (a random seed found 2 quotes,
                    // a paragraph and 97 `<b>` around "AED 1,500": the error was at the text).
                    let at = char_at(&text, line, column);
                    let in_text = depth <= MAX_DEPTH && at.is_some_and(|c| nested.text.contains(c));
                    prop_assert!(at == Some('<') || in_text, "{at:?} at {line}:{column}");
                }
            }
            Ok(())
        },
    );
}

#[test]
fn new_post_front_matter_parses_for_any_title() {
    // `sahel new post "<title>"` writes a file that loads, with the title back.
    check(
        "new_post_front_matter_parses_for_any_title",
        Cases::new(128, 128),
        (value_text(), value_text()),
        |(title, author)| {
            let date = time::Date::from_calendar_date(2026, time::Month::March, 9).unwrap();
            let text = sahel::scaffold::post_text(&title, &author, date, "en");
            let file = post_path(Lang::en(), "new-post");
            let post = parse_result(
                parse::parse_post("new-post", &text, &file),
                parse::parse_post("new-post", &text, &file),
                &file,
                &text,
                true,
            )?
            .unwrap();
            prop_assert_eq!(post.title, renderable(&title));
            prop_assert_eq!(post.author, renderable(&author));
            Ok(())
        },
    );
}

/// Whitespace and invisible format characters.
const INVISIBLE: &[&str] = &[
    " ", "\t", "\u{3000}", "\u{A0}", "\u{200B}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2066}",
    "\u{2069}", "\u{202E}", "\u{FEFF}", "\u{AD}", "\u{2060}", "\u{2028}",
];

#[test]
fn invisible_titles_are_empty() {
    check(
        "invisible_titles_are_empty",
        Cases::new(64, 64),
        (
            post_spec(Links::Any),
            proptest::collection::vec(proptest::sample::select(INVISIBLE), 0..6),
        ),
        |(mut spec, invisible)| {
            spec.title.0 = invisible.concat();
            let text = spec.text("gen-post");
            let file = post_path(Lang::en(), "gen-post");
            let d = match parse::parse_post("gen-post", &text, &file) {
                Ok(_) => {
                    return Err(TestCaseError::fail(format!(
                        "the title {:?} shows nothing and was accepted",
                        spec.title.0
                    )));
                }
                Err(d) => d,
            };
            diagnostics_name_files(&d, &|_| Some(text.clone()))?;
            let diag = d.0.iter().find(|d| d.message == "`title` is empty");
            prop_assert!(diag.is_some(), "no `title` is empty error:\n{}", d.render());
            let (line, _) = diag.unwrap().position.unwrap();
            prop_assert!(
                line_text(&text, line)
                    .is_some_and(|l| l.trim_start_matches('\u{FEFF}').starts_with("title:")),
                "the error is not on the title's line"
            );
            Ok(())
        },
    );
}

/// `s` with every ASCII punctuation character backslash-escaped, so Markdown shows it as text.
fn escape_markdown(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 2);
    for c in s.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[test]
fn escaped_text_reaches_the_page_and_the_assistant_as_written() {
    // Any text, punctuation escaped, is one paragraph whose text is the text itself: in the
    // page (HTML decoded) and in the assistant's passages.
    check(
        "escaped_text_reaches_the_page_and_the_assistant_as_written",
        Cases::new(128, 128),
        value_text(),
        |text| {
            let text: String = renderable(&text)
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            let html = render_markdown(&escape_markdown(&text)).unwrap();
            let shown = sahel::assistant::html_text(&html);
            prop_assert_eq!(
                &shown,
                &text.split_whitespace().collect::<Vec<_>>().join(" "),
                "the page shows other text: {:?}",
                html
            );
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// YAML kinds: valid files give their values back; mangled ones fail with the file named

/// A spec's text, mangled when `muts` is not empty.
fn maybe_mangled(text: String, muts: &[Mutation]) -> (String, bool) {
    if muts.is_empty() {
        (text, true)
    } else {
        (mutate(&text, muts), false)
    }
}

fn mutations_or_none() -> BoxedStrategy<Vec<Mutation>> {
    prop_oneof![Just(vec![]), mutations(3)].boxed()
}

fn strs(v: &[Styled]) -> Vec<String> {
    v.iter().map(|s| s.0.clone()).collect()
}

#[test]
fn services_round_trip() {
    check(
        "services_round_trip",
        Cases::new(128, 128),
        (service_spec("business-setup"), mutations_or_none()),
        |(spec, muts)| {
            let (text, valid) = maybe_mangled(spec.text(), &muts);
            let file = PathBuf::from("content/ar/services/company-formation.yaml");
            let parsed = parse_result(
                parse::parse_service("company-formation", &text, &file),
                parse::parse_service("company-formation", &text, &file),
                &file,
                &text,
                valid,
            )?;
            if let (Some(s), true) = (parsed, valid) {
                prop_assert_eq!(&s.id, "company-formation");
                prop_assert_eq!(&s.title, &spec.title.0);
                prop_assert_eq!(&s.summary, &spec.summary.0);
                prop_assert_eq!(&s.section.value, &spec.section);
                prop_assert_eq!(s.gov_icons.len(), spec.gov_icons.len());
                prop_assert_eq!(
                    serde_json::to_value(&s.icon).unwrap(),
                    serde_json::Value::from(spec.icon.clone())
                );
                prop_assert_eq!(s.footer.as_ref().map(|f| f.value), spec.footer);
                prop_assert_eq!(s.is_package, spec.is_package.unwrap_or(false));
                prop_assert_eq!(&s.content.description, &spec.description.0);
                prop_assert_eq!(s.content.services_offered, strs(&spec.offered));
                prop_assert_eq!(s.content.requirements, strs(&spec.requirements));
                prop_assert_eq!(&s.content.timeline, &spec.timeline.0);
                prop_assert_eq!(
                    s.content.notes,
                    spec.notes.as_deref().map(strs).unwrap_or_default()
                );
            }
            Ok(())
        },
    );
}

const HOME_LINKS: &[&str] = &[
    "/en/services/company-formation",
    "/ar/services#business-setup",
    "/ar/blog/مقال",
    "/en/blog/gen-post",
    "https://مثال.امارات/",
    "/en",
];

#[test]
fn home_round_trips() {
    check(
        "home_round_trips",
        Cases::new(128, 128),
        (home_spec(HOME_LINKS), mutations_or_none()),
        |(spec, muts)| {
            let (text, valid) = maybe_mangled(spec.text(), &muts);
            let file = PathBuf::from("content/en/home.yaml");
            let parsed = parse_result(
                parse::parse_home(&text, &file),
                parse::parse_home(&text, &file),
                &file,
                &text,
                valid,
            )?;
            if let (Some(h), true) = (parsed, valid) {
                prop_assert_eq!(&h.hero.title, &spec.hero[0].0);
                prop_assert_eq!(&h.hero.subtitle, &spec.hero[1].0);
                prop_assert_eq!(&h.hero.primary_cta, &spec.hero[2].0);
                prop_assert_eq!(&h.hero.secondary_cta, &spec.hero[3].0);
                prop_assert_eq!(h.value_points.len(), spec.value_points.len());
                for (p, (t, x)) in h.value_points.iter().zip(&spec.value_points) {
                    prop_assert_eq!(&p.title, &t.0);
                    prop_assert_eq!(&p.text, &x.0);
                }
                prop_assert_eq!(h.cards.len(), spec.cards.len());
                for (c, (t, x, link, _)) in h.cards.iter().zip(&spec.cards) {
                    prop_assert_eq!(&c.title, &t.0);
                    prop_assert_eq!(&c.text, &x.0);
                    prop_assert_eq!(
                        &c.link.value,
                        &sahel::content::markdown::canonical_internal_href(link)
                    );
                }
            }
            Ok(())
        },
    );
}

/// An item of a list file as parsed: id, text values, rating, and the line and column recorded
/// for the id (what `check` reports a duplicate or untranslated id at).
type ListItem = (String, Vec<String>, Option<u8>, (usize, usize));

/// A list file (FAQ, testimonials, sections) round-trips: ids and every text value. Every item
/// also has the `raw` keys (a section's `icon`).
#[allow(clippy::too_many_arguments)]
fn list_round_trip(
    property: &'static str,
    name: &'static str,
    id_key: &'static str,
    keys: &'static [&'static str],
    raw: &'static [(&'static str, &'static str)],
    ratings: Option<std::ops::RangeInclusive<u8>>,
    parse_values: fn(&str, &Path) -> Result<Vec<ListItem>, Diagnostics>,
) {
    check(
        property,
        Cases::new(96, 96),
        (ids(4), mutations_or_none()).prop_flat_map(move |(ids, muts)| {
            let spec = list_spec(ids, id_key, keys, ratings.clone())
                .prop_map(move |s| raw.iter().fold(s, |s, (k, v)| s.with_raw(k, v)));
            (spec, Just(muts))
        }),
        |(spec, muts)| {
            let (text, valid) = maybe_mangled(spec.text(), &muts);
            let file = PathBuf::from(format!("content/ar/{name}.yaml"));
            let parsed = parse_result(
                parse_values(&text, &file),
                parse_values(&text, &file),
                &file,
                &text,
                valid,
            )?;
            if let (Some(items), true) = (parsed, valid) {
                prop_assert_eq!(items.len(), spec.items.len());
                for ((id, values, rating, (line, column)), (sid, svalues, srating)) in
                    items.iter().zip(&spec.items)
                {
                    prop_assert_eq!(id, sid);
                    // The recorded position is the id's value in the file, quoted or not.
                    let at: String = line_text(&text, *line)
                        .unwrap_or("")
                        .chars()
                        .skip(column - 1)
                        .collect();
                    let at = at.trim_start_matches(['"', '\'']);
                    prop_assert!(
                        at.starts_with(id.as_str()),
                        "the id `{id}` is recorded at {line}:{column}, where the file has {at:?}"
                    );
                    prop_assert_eq!(values, &strs(svalues));
                    if srating.is_some() {
                        prop_assert_eq!(rating, srating);
                    }
                }
            }
            Ok(())
        },
    );
}

#[test]
fn faq_round_trips() {
    list_round_trip(
        "faq_round_trips",
        "faq",
        "id",
        &["question", "answer"],
        &[],
        None,
        |t, f| {
            Ok(parse::parse_faq(t, f)?
                .into_iter()
                .map(|i| {
                    let at = i.id.mark();
                    (
                        i.id.value,
                        vec![i.question, i.answer],
                        None,
                        (at.line, at.column),
                    )
                })
                .collect())
        },
    );
}

#[test]
fn testimonials_round_trip() {
    list_round_trip(
        "testimonials_round_trip",
        "testimonials",
        "id",
        &["name", "role", "content"],
        &[],
        Some(1..=5),
        |t, f| {
            Ok(parse::parse_testimonials(t, f)?
                .into_iter()
                .map(|i| {
                    let at = i.id.mark();
                    let values = vec![i.name, i.role, i.content];
                    (i.id.value, values, Some(i.rating), (at.line, at.column))
                })
                .collect())
        },
    );
}

#[test]
fn service_sections_round_trip() {
    list_round_trip(
        "service_sections_round_trip",
        "service-sections",
        "anchor",
        &["title", "description"],
        &[("icon", "id-card")],
        None,
        |t, f| {
            Ok(parse::parse_sections(t, f)?
                .into_iter()
                .map(|i| {
                    let at = i.anchor.mark();
                    let values = vec![i.title, i.description];
                    (i.anchor.value, values, None, (at.line, at.column))
                })
                .collect())
        },
    );
}

#[test]
fn out_of_range_ratings_point_at_the_rating() {
    check(
        "out_of_range_ratings_point_at_the_rating",
        Cases::new(96, 96),
        (
            ids(4),
            proptest::collection::vec(prop_oneof![Just(0u8), 6..=255u8, 1..=5u8], 4),
        )
            .prop_flat_map(|(ids, ratings)| {
                (
                    list_spec(ids, "id", &["name", "role", "content"], Some(1..=5)),
                    Just(ratings),
                )
            }),
        |(mut spec, ratings)| {
            for (item, r) in spec.items.iter_mut().zip(&ratings) {
                item.2 = Some(*r);
            }
            let bad: Vec<(usize, u8)> = spec
                .items
                .iter()
                .enumerate()
                .filter_map(|(i, item)| item.2.filter(|r| !(1..=5).contains(r)).map(|r| (i, r)))
                .collect();
            let text = spec.text();
            let file = PathBuf::from("content/en/testimonials.yaml");
            let d = match parse::parse_testimonials(&text, &file) {
                Ok(_) if bad.is_empty() => return Ok(()),
                Ok(_) => return Err(TestCaseError::fail("an out-of-range rating was accepted")),
                Err(d) => d,
            };
            diagnostics_name_files(&d, &|_| Some(text.clone()))?;
            prop_assert_eq!(d.len(), bad.len());
            for (diag, (i, r)) in d.0.iter().zip(&bad) {
                let (line, column) = diag.position.unwrap();
                let at: String = line_text(&text, line)
                    .unwrap_or("")
                    .chars()
                    .skip(column - 1)
                    .collect();
                // At the rating's value, on its line.
                prop_assert_eq!(at, r.to_string(), "the error does not point at the rating");
                prop_assert!(
                    line_text(&text, line).is_some_and(|l| l.trim_start().starts_with("rating:")),
                    "the error is not on a rating's line"
                );
                // The right item's rating: count the ratings before it.
                let before = text
                    .split('\n')
                    .take(line - 1)
                    .filter(|l| l.trim_start().starts_with("rating:"))
                    .count();
                prop_assert_eq!(before, *i, "the error points at another item's rating");
            }
            Ok(())
        },
    );
}

/// Characters a page cannot carry, and YAML escapes or raw forms of them.
const UNRENDERABLE: &[char] = &[
    '\0',
    '\u{7}',
    '\u{B}',
    '\u{C}',
    '\u{1B}',
    '\u{7F}',
    '\u{85}',
    '\u{9B}',
    '\u{FDD0}',
    '\u{FFFE}',
    '\u{1FFFF}',
];

#[test]
fn control_characters_in_values_point_at_the_escape() {
    check(
        "control_characters_in_values_point_at_the_escape",
        Cases::new(96, 96),
        (
            ids(4).prop_filter("an item", |ids| !ids.is_empty()),
            any::<Index>(),
            any::<Index>(),
            proptest::sample::select(UNRENDERABLE),
            proptest::sample::select(&[YamlStyle::Escaped, YamlStyle::Raw, YamlStyle::Json][..]),
        )
            .prop_flat_map(|(ids, item, key, c, style)| {
                (
                    list_spec(ids, "id", &["question", "answer"], None),
                    Just((item, key, c, style)),
                )
            }),
        |(mut spec, (item, key, c, style))| {
            let i = item.index(spec.items.len());
            let k = key.index(2);
            let value = &mut spec.items[i].1[k];
            *value = Styled(format!("{}{c}", value.0), style);
            let text = spec.text();
            let file = PathBuf::from("content/ar/faq.yaml");
            let d = match parse::parse_faq(&text, &file) {
                Ok(_) => {
                    return Err(TestCaseError::fail(format!(
                        "{c:?} in a value was accepted:\n{text:?}"
                    )));
                }
                Err(d) => d,
            };
            diagnostics_name_files(&d, &|_| Some(text.clone()))?;
            let diag = &d.0[0];
            let (line, column) = diag.position.unwrap();
            let at = char_at(&text, line, column);
            prop_assert!(
                at == Some('\\') || at == Some(c),
                "the error is at {at:?}, not at the escape or the character: {}\n{text:?}",
                diag.message
            );
            Ok(())
        },
    );
}

#[test]
fn yaml_errors_point_at_the_bad_character() {
    check(
        "yaml_errors_point_at_the_bad_character",
        Cases::new(96, 96),
        (
            ids(4).prop_filter("an item", |ids| !ids.is_empty()),
            any::<Index>(),
            proptest::sample::select(&['\u{7F}', '\u{FFFE}', '\u{1}', '\u{FFFF}', '\u{9B}'][..]),
            proptest::sample::select(&["\n", "\r\n", "\r"][..]),
            any::<bool>(),
        )
            .prop_flat_map(|(ids, at, bad, eol, bom)| {
                (
                    list_spec(ids, "id", &["question", "answer"], None),
                    Just((at, bad, eol, bom)),
                )
            }),
        |(mut spec, (at, bad, eol, bom))| {
            spec.form = FileForm { bom, crlf: false };
            let text = spec.text().replace('\n', eol);
            // Right after the opening quote of one of the double-quoted values.
            let quotes: Vec<usize> = text.match_indices(": \"").map(|(i, _)| i + 3).collect();
            if quotes.is_empty() {
                return Ok(());
            }
            let p = quotes[at.index(quotes.len())];
            let text = format!("{}{bad}{}", &text[..p], &text[p..]);
            let file = PathBuf::from("content/en/faq.yaml");
            let d = match parse::parse_faq(&text, &file) {
                Ok(_) => return Err(TestCaseError::fail(format!("{bad:?} raw was accepted"))),
                Err(d) => d,
            };
            diagnostics_name_files(&d, &|_| Some(text.clone()))?;
            let (line, column) = d.0[0].position.unwrap();
            prop_assert_eq!(
                char_at(&text, line, column),
                Some(bad),
                "the error ({}) is not at the character:\n{:?}",
                d.0[0].message,
                text
            );
            Ok(())
        },
    );
}

#[test]
fn pricing_round_trips() {
    check(
        "pricing_round_trips",
        Cases::new(96, 96),
        (ids(3), mutations_or_none()).prop_flat_map(|(ids, muts)| (pricing_spec(ids), Just(muts))),
        |(spec, muts)| {
            let (text, valid) = maybe_mangled(spec.text(), &muts);
            let file = PathBuf::from("content/ar/pricing.yaml");
            let parsed = parse_result(
                parse::parse_pricing(&text, &file),
                parse::parse_pricing(&text, &file),
                &file,
                &text,
                valid,
            )?;
            if let (Some(p), true) = (parsed, valid) {
                prop_assert_eq!(p.plans.len(), spec.plans.len());
                for (plan, (id, t, popular, features)) in p.plans.iter().zip(&spec.plans) {
                    prop_assert_eq!(&plan.id.value, id);
                    prop_assert_eq!(&plan.name, &t[0].0);
                    prop_assert_eq!(&plan.price, &t[1].0);
                    prop_assert_eq!(&plan.period, &t[2].0);
                    prop_assert_eq!(&plan.description, &t[3].0);
                    prop_assert_eq!(plan.is_popular, popular.unwrap_or(false));
                    prop_assert_eq!(&plan.features, &strs(features));
                }
                prop_assert_eq!(p.rules, spec.rules.as_deref().map(strs).unwrap_or_default());
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// site.toml

/// Times a config may hold: valid and not.
const TIMES: &[&str] = &[
    "09:00",
    "+9:00",
    "09:+5",
    "٠٩:٠٠",
    "9:00",
    "24:00",
    "09:60",
    "-0:00",
    "0x:10",
    " 9:00",
    "09:00 ",
    "09:0\u{661}",
    "\u{FEFF}09:0",
    "",
    "09:00\0",
    "23:59",
];

#[test]
fn config_round_trips() {
    check(
        "config_round_trips",
        Cases::new(128, 128),
        (config_spec(), mutations_or_none()),
        |(spec, muts)| {
            let (text, valid) = maybe_mangled(spec.text("https://موقع.example/", ""), &muts);
            let file = Path::new("site.toml");
            let r = SiteConfig::parse(&text, file).map_err(Diagnostics::from);
            let r2 = SiteConfig::parse(&text, file).map_err(Diagnostics::from);
            if let (Some(c), true) = (parse_result(r, r2, file, &text, valid)?, valid) {
                prop_assert_eq!(&c.company.name.get(Lang::ar()).to_string(), &spec.name[0]);
                prop_assert_eq!(&c.company.name.get(Lang::en()).to_string(), &spec.name[1]);
                prop_assert_eq!(&c.company.phone, &spec.phone);
                prop_assert_eq!(&c.company.whatsapp, &spec.whatsapp);
                prop_assert_eq!(&c.company.email, &spec.email);
                prop_assert_eq!(
                    &c.company.address.get(Lang::ar()).to_string(),
                    &spec.address[0]
                );
                prop_assert_eq!(
                    &c.company.address.get(Lang::en()).to_string(),
                    &spec.address[1]
                );
                prop_assert_eq!(&c.hours.days.get(Lang::ar()).to_string(), &spec.days[0]);
                prop_assert_eq!(&c.hours.days.get(Lang::en()).to_string(), &spec.days[1]);
                prop_assert_eq!(&c.hours.opens, &spec.opens);
                prop_assert_eq!(c.blog.per_page, spec.per_page.unwrap_or(12));
            }
            Ok(())
        },
    );
}

#[test]
fn config_accepts_only_24_hour_times() {
    check(
        "config_accepts_only_24_hour_times",
        Cases::new(64, 64),
        (
            config_spec(),
            proptest::sample::select(TIMES),
            prop_oneof![
                Just("https://www.example.ae"),
                Just("https://مثال.امارات"),
                Just("https://a b.example"),
                Just("https://\u{202E}evil.example"),
                Just("http://x"),
                Just("https://example.com/\u{2028}"),
                Just("ftp://example.com/x"),
            ],
        ),
        |(mut spec, time, base_url)| {
            spec.opens = time.to_string();
            let text = spec.text(base_url, "");
            let file = Path::new("site.toml");
            let r = SiteConfig::parse(&text, file).map_err(Diagnostics::from);
            let r2 = SiteConfig::parse(&text, file).map_err(Diagnostics::from);
            if let Some(c) = parse_result(r, r2, file, &text, false)? {
                let b = c.hours.opens.as_bytes();
                prop_assert!(
                    b.len() == 5
                        && b[2] == b':'
                        && [b[0], b[1], b[3], b[4]].iter().all(u8::is_ascii_digit),
                    "hours.opens {:?} was accepted",
                    c.hours.opens
                );
            }
            Ok(())
        },
    );
}

/// Config text values reach every page, the feeds and the JSON-LD: a control character in one
/// makes the feeds unreadable XML, as in content files, where it is an error.
#[test]
fn config_values_with_control_characters_are_errors() {
    check(
        "config_values_with_control_characters_are_errors",
        Cases::new(32, 32),
        (
            config_spec(),
            proptest::sample::select(UNRENDERABLE),
            any::<Index>(),
        ),
        |(mut spec, c, which)| {
            let [name_ar, name_en] = &mut spec.name;
            let [_, address_en] = &mut spec.address;
            let [days_ar, _] = &mut spec.days;
            let fields: [&mut String; 6] = [
                name_ar,
                name_en,
                &mut spec.phone,
                &mut spec.email,
                address_en,
                days_ar,
            ];
            let n = fields.len();
            for (i, f) in fields.into_iter().enumerate() {
                if i == which.index(n) {
                    f.push(c);
                }
            }
            let text = spec.text("https://www.example.ae", "");
            let file = Path::new("site.toml");
            match SiteConfig::parse(&text, file) {
                Ok(_) => Err(TestCaseError::fail(format!(
                    "{c:?} in a config value was accepted"
                ))),
                Err(d) => diagnostics_name_files(&Diagnostics::from(d), &|_| Some(text.clone())),
            }
        },
    );
}

/// base_url is an origin (canonical, hreflang, sitemap and feed URLs are built on it), and the
/// WhatsApp number has digits (the wa.me link keeps only ASCII digits).
#[test]
fn config_rejects_an_unusable_base_url_or_whatsapp_number() {
    check(
        "config_rejects_an_unusable_base_url_or_whatsapp_number",
        Cases::new(32, 32),
        (
            config_spec(),
            prop_oneof![
                proptest::sample::select(
                    &[
                        "https://a b.example",
                        "https://\u{202E}evil.example",
                        "https://example.com/\u{2028}",
                        "https://example.com?x=1#y",
                        "https://example.com/#top",
                        "https://user:pw@example.com",
                        "https://example.com/\u{1B}",
                    ][..]
                )
                .prop_map(|u| (u, "971500000000")),
                proptest::sample::select(&["٩٧١٥٠٠٠٠٠٠٠٠", "abc", "", "+", "۹۷۱ ۵۰"][..])
                    .prop_map(|w| ("https://www.example.ae", w)),
            ],
        ),
        |(mut spec, (base_url, whatsapp))| {
            spec.whatsapp = whatsapp.to_string();
            let text = spec.text(base_url, "");
            match SiteConfig::parse(&text, Path::new("site.toml")) {
                Ok(_) => Err(TestCaseError::fail(format!(
                    "base_url {base_url:?} with whatsapp {whatsapp:?} was accepted"
                ))),
                Err(d) => diagnostics_name_files(&Diagnostics::from(d), &|_| Some(text.clone())),
            }
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Diagnostics

#[test]
fn diagnostics_render_at_any_position() {
    check(
        "diagnostics_render_at_any_position",
        Cases::new(256, 256),
        (
            markdown_body(Links::Any),
            0..60usize,
            0..200usize,
            value_text(),
            prop_oneof![
                Just("content/ar/blog/مقال.md".to_string()),
                Just("content/en/blog/\u{202E}dm.txt".to_string()),
                Just("site.toml".to_string()),
                value_text(),
            ],
        ),
        |(text, line, column, message, file)| {
            let d = Diagnostic::new(&file, message.clone())
                .at(line, column)
                .with_source(text.as_str())
                .help(message);
            let rendered = d.render();
            prop_assert_eq!(&rendered, &d.render());
            // The position may be outside the text: the file, the location and safety only.
            let (l, c) = d.position.unwrap();
            let location = format!("{}:{l}:{c}", sanitized(&file));
            prop_assert!(rendered.contains(&location), "no {location} in\n{rendered}");
            if let Some(bad) = rendered.chars().find(|&c| terminal_unsafe(c)) {
                return Err(TestCaseError::fail(format!(
                    "the report writes {bad:?} to the terminal:\n{rendered}"
                )));
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// The whole check of a fixture site

/// Generated content for both languages of the basic fixture: a post pair, the about page,
/// FAQ, testimonials, sections, pricing, home and the one service.
#[derive(Debug, Clone)]
struct SiteSpec {
    posts: [PostSpec; 2],
    about: [PageSpec; 2],
    faq: [ListSpec; 2],
    testimonials: [ListSpec; 2],
    sections: [ListSpec; 2],
    pricing: [PricingSpec; 2],
    home: [HomeSpec; 2],
    service: [ServiceSpec; 2],
    config: ConfigSpec,
}

const AR_CARD_LINKS: &[&str] = &[
    "/ar/services#business-setup",
    "/ar/blog/gen-post",
    "/en/pricing",
];
const EN_CARD_LINKS: &[&str] = &["/en/services/company-formation", "/en/blog/gen-post/"];

fn site_spec(links: Links) -> BoxedStrategy<SiteSpec> {
    (ids(3), ids(3), ids(2), ids(3))
        .prop_flat_map(move |(faq_ids, t_ids, extra_anchors, plan_ids)| {
            let mut anchors = vec!["business-setup".to_string()];
            anchors.extend(extra_anchors.into_iter().filter(|a| a != "business-setup"));
            (
                [post_spec(links), post_spec(links)],
                [page_spec(links), page_spec(links)],
                [
                    list_spec(faq_ids.clone(), "id", &["question", "answer"], None),
                    list_spec(faq_ids, "id", &["question", "answer"], None),
                ],
                [
                    list_spec(
                        t_ids.clone(),
                        "id",
                        &["name", "role", "content"],
                        Some(1..=5),
                    ),
                    list_spec(t_ids, "id", &["name", "role", "content"], Some(1..=5)),
                ],
                [
                    list_spec(anchors.clone(), "anchor", &["title", "description"], None)
                        .prop_map(|s: ListSpec| s.with_raw("icon", "landmark"))
                        .boxed(),
                    list_spec(anchors, "anchor", &["title", "description"], None)
                        .prop_map(|s: ListSpec| s.with_raw("icon", "landmark"))
                        .boxed(),
                ],
                [pricing_spec(plan_ids.clone()), pricing_spec(plan_ids)],
                match links {
                    Links::Valid => [home_spec(AR_CARD_LINKS), home_spec(EN_CARD_LINKS)],
                    Links::Any => [home_spec(HOME_LINKS), home_spec(HOME_LINKS)],
                },
                [
                    service_spec("business-setup"),
                    service_spec("business-setup"),
                ],
                config_spec(),
            )
        })
        .prop_map(
            |(posts, about, faq, testimonials, sections, pricing, home, service, config)| {
                let [ar, en] = service;
                let service = [ar.clone(), en.agreeing_with(&ar)];
                let [ar_home, en_home] = home;
                let home = [ar_home.clone(), en_home.agreeing_with(&ar_home)];
                SiteSpec {
                    posts,
                    about,
                    faq,
                    testimonials,
                    sections,
                    pricing,
                    home,
                    service,
                    config,
                }
            },
        )
        .boxed()
}

impl SiteSpec {
    /// The generated files, relative to the site root.
    fn files(&self) -> Vec<(String, String)> {
        // Generated text is adversarial, not the site's writing: the typography lint is off.
        let paths = format!(
            "\n[check]\ntypography = false\n\n[paths]\napp = {}\ntemplates = {}\n",
            toml_string(&project().display().to_string(), false),
            toml_string(&project().join("templates").display().to_string(), false)
        );
        let mut out = vec![(
            "site.toml".to_string(),
            self.config.text("https://موقع.example", &paths),
        )];
        for (i, lang) in ["ar", "en"].into_iter().enumerate() {
            let c = |name: &str| format!("content/{lang}/{name}");
            out.push((c("blog/gen-post.md"), self.posts[i].text("gen-post")));
            out.push((c("pages/about.md"), self.about[i].text()));
            out.push((c("faq.yaml"), self.faq[i].text()));
            out.push((c("testimonials.yaml"), self.testimonials[i].text()));
            out.push((c("service-sections.yaml"), self.sections[i].text()));
            out.push((c("pricing.yaml"), self.pricing[i].text()));
            out.push((c("home.yaml"), self.home[i].text()));
            out.push((c("services/company-formation.yaml"), self.service[i].text()));
        }
        out
    }
}

/// A copy of the basic fixture under a new temporary folder, with `files` written over it.
fn fixture_with(files: &[(String, String)]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    for (rel, text) in files {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    (tmp, root)
}

/// `sahel check` of the site: the loaded site, or the report.
fn check_root(root: &Path) -> Result<Site, Diagnostics> {
    let site = load_site(root)?;
    let d = check_site(&site);
    if d.is_empty() { Ok(site) } else { Err(d) }
}

/// (path or file name, text) pairs.
type Named = Vec<(String, String)>;

/// Everything a build derives from the site before rendering: each route's data and the
/// other files (sitemap, feeds, assistant indexes, host config).
fn derived(site: &Site) -> (Named, Named) {
    let routes = sahel::pipeline::prepare_routes(site, 2025)
        .into_iter()
        .map(|r| {
            let json = r.page_data_json();
            (r.route.path, json)
        })
        .collect();
    let env = sahel::output::template_env(&project().join("templates")).unwrap();
    let files = sahel::seo::site_files(&env, site, None).unwrap();
    (routes, files)
}

#[test]
fn valid_sites_pass_check_with_their_values() {
    check(
        "valid_sites_pass_check_with_their_values",
        Cases::new(24, 24),
        site_spec(Links::Valid),
        |spec| {
            let (_tmp, root) = fixture_with(&spec.files());
            let site = match check_root(&root) {
                Ok(site) => site,
                Err(d) => {
                    return Err(TestCaseError::fail(format!(
                        "a valid site fails check:\n{}",
                        d.render()
                    )));
                }
            };
            let again = check_root(&root).map_err(|d| TestCaseError::fail(d.render()))?;
            let (routes, files) = derived(&site);
            prop_assert!(
                routes == derived(&again).0,
                "route data differs between two loads"
            );
            prop_assert!(
                files == derived(&again).1,
                "site files differ between two loads"
            );
            for (i, lang) in sahel::lang::Languages::builtin()
                .all()
                .iter()
                .copied()
                .enumerate()
            {
                let path = format!("/{}/blog/gen-post/", lang.code());
                let json = &routes.iter().find(|(p, _)| *p == path).unwrap().1;
                let data: serde_json::Value = serde_json::from_str(json).unwrap();
                // Arabic text values carry isolates around their left-to-right runs.
                let shown = |s: &str| {
                    if lang.is_rtl() {
                        sahel::content::bidi::isolate_runs(s).into_owned()
                    } else {
                        s.to_string()
                    }
                };
                let excerpt = shown(&spec.posts[i].excerpt.0);
                prop_assert_eq!(
                    &data["page"]["post"]["title"],
                    &shown(&spec.posts[i].title.0)
                );
                prop_assert_eq!(&data["page"]["post"]["excerpt"], &excerpt);
                // The head's description tag: `<meta name="description" content=…>`.
                let description = data["head"]["tags"]
                    .as_array()
                    .and_then(|tags| tags.iter().find(|t| t["attrs"][0][1] == "description"))
                    .map(|t| t["attrs"][1][1].clone());
                prop_assert_eq!(
                    description.as_ref(),
                    Some(&serde_json::Value::from(excerpt))
                );
                prop_assert_eq!(&data["site"]["companyName"], &spec.config.name[i]);
                prop_assert_eq!(&data["site"]["address"], &spec.config.address[i]);
            }
            for (_, json) in &routes {
                serde_json::from_str::<serde_json::Value>(json)
                    .map_err(|e| TestCaseError::fail(format!("route data is not JSON: {e}")))?;
            }
            for (name, text) in &files {
                output_characters(name, text)?;
            }
            Ok(())
        },
    );
}

/// Files that are not content, or not named as content is.
const STRAY_FILES: &[&str] = &[
    "content/ar/blog/مقال.md",
    "content/en/blog/Upper-Case.md",
    "content/en/blog/a b.md",
    "content/ar/services/خدمة.yaml",
    "content/en/notes.txt",
    "content/ar/blog/\u{202E}dm.txt",
    "content/en/blog/only-english.md",
    "content/ar/pages/\u{200F}about.md",
];

#[test]
fn mangled_sites_fail_check_with_each_file_named() {
    check(
        "mangled_sites_fail_check_with_each_file_named",
        Cases::new(32, 32),
        (
            site_spec(Links::Any),
            proptest::collection::vec((any::<Index>(), mutations(3)), 0..3),
            proptest::option::of((proptest::sample::select(STRAY_FILES), post_spec(Links::Any))),
            proptest::option::of((0..3usize, any::<Index>())),
        ),
        |(spec, file_mutations, stray, raw)| {
            let mut files = spec.files();
            for (which, muts) in &file_mutations {
                let i = which.index(files.len());
                files[i].1 = mutate(&files[i].1, muts);
            }
            if let Some((name, post)) = &stray {
                files.push((name.to_string(), post.text("stray")));
            }
            let (_tmp, root) = fixture_with(&files);
            if let Some((kind, at)) = raw {
                write_raw_file(&root, kind, at);
            }
            let first = check_root(&root);
            let second = check_root(&root);
            match (first, second) {
                (Ok(site), Ok(again)) => {
                    prop_assert!(derived(&site) == derived(&again), "not deterministic");
                }
                (Err(d), Err(d2)) => {
                    prop_assert_eq!(d.render(), d2.render(), "errors differ between two runs");
                    for diag in &d.0 {
                        prop_assert!(
                            root.join(&diag.file).exists(),
                            "a diagnostic names a file that does not exist: {}",
                            diag.file.display()
                        );
                    }
                    diagnostics_name_files(&d, &|f| std::fs::read_to_string(root.join(f)).ok())?;
                }
                _ => return Err(TestCaseError::fail("check gave two different answers")),
            }
            Ok(())
        },
    );
}

/// A file that is not UTF-8: its name (0), its text with a Latin-1 byte at `at` (1), or its
/// text with a byte order mark for UTF-16 (2).
fn write_raw_file(root: &Path, kind: usize, at: Index) {
    use std::os::unix::ffi::OsStrExt;
    let post = "---\ntitle: \"t\"\nauthor: \"a\"\ndate: 2025-01-01\nexcerpt: \"e\"\n---\n\nمرحبا\n";
    let blog = root.join("content/ar/blog");
    match kind {
        0 => {
            let name = std::ffi::OsStr::from_bytes(b"caf\xe9.md");
            std::fs::write(blog.join(name), post).unwrap();
        }
        1 => {
            let mut bytes = post.as_bytes().to_vec();
            let i = at.index(bytes.len());
            bytes.insert(i, 0xE9);
            std::fs::write(root.join("content/en/blog/second-post.md"), bytes).unwrap();
        }
        _ => {
            let mut bytes = vec![0xFF, 0xFE];
            bytes.extend(post.encode_utf16().flat_map(u16::to_le_bytes));
            std::fs::write(root.join("content/ar/faq.yaml"), bytes).unwrap();
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Whole builds

use crate::common::BUILD_LOCK;

fn build_into(
    root: &Path,
    out: &Path,
    templates: bool,
) -> Result<sahel::BuildReport, sahel::build::BuildError> {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut opts = BuildOptions::new(root);
    opts.out = Some(out.to_path_buf());
    opts.verbosity = Verbosity::Quiet;
    opts.jobs = Some(2);
    opts.templates = templates;
    build_site(&opts)
}

/// Post pairs with valid links (the first is `gen-post`, which generated links name), and the
/// FAQ, for a whole build. Eight posts or more of a language share a template.
fn build_spec() -> BoxedStrategy<(Vec<[PostSpec; 2]>, [ListSpec; 2])> {
    (
        // A few posts, or enough for each language's posts to share a template.
        prop_oneof![1..=3usize, 8..=9usize].prop_flat_map(|n| {
            proptest::collection::vec([post_spec(Links::Valid), post_spec(Links::Valid)], n)
        }),
        ids(2).prop_flat_map(|ids| {
            [
                list_spec(ids.clone(), "id", &["question", "answer"], None),
                list_spec(ids, "id", &["question", "answer"], None),
            ]
        }),
    )
        .boxed()
}

fn build_slug(i: usize) -> String {
    if i == 0 {
        "gen-post".to_string()
    } else {
        format!("gen-post-{i}")
    }
}

/// Builds the basic fixture with `files` written over it: twice, and once more without
/// templates when `compare_templates`. All succeed and write the same bytes.
fn builds_twice(
    files: &[(String, String)],
    compare_templates: bool,
) -> Result<BTreeMap<String, Vec<u8>>, TestCaseError> {
    let (tmp, root) = fixture_with(files);
    let outs = [
        tmp.path().join("a"),
        tmp.path().join("b"),
        tmp.path().join("react"),
    ];
    for (i, out) in outs.iter().enumerate() {
        if i == 2 && !compare_templates {
            break;
        }
        if let Err(e) = build_into(&root, out, i != 2) {
            let report = match &e {
                sahel::build::BuildError::Content(d) => d.render(),
                other => other.to_string(),
            };
            return Err(TestCaseError::fail(format!(
                "a valid site fails to build:\n{report}"
            )));
        }
    }
    let fa = common::files_of(&outs[0]);
    for (name, bytes) in &fa {
        output_characters(name, &String::from_utf8_lossy(bytes))?;
    }
    let others: &[(&str, &Path)] = if compare_templates {
        &[
            ("a second build", &outs[1]),
            ("the build without templates", &outs[2]),
        ]
    } else {
        &[("a second build", &outs[1])]
    };
    for (what, dir) in others {
        let fb = common::files_of(dir);
        let only_a: Vec<&String> = fa.keys().filter(|k| !fb.contains_key(*k)).collect();
        let only_b: Vec<&String> = fb.keys().filter(|k| !fa.contains_key(*k)).collect();
        prop_assert!(
            only_a.is_empty() && only_b.is_empty(),
            "{what} wrote other files: only in the first {only_a:?}, only in {what} {only_b:?}"
        );
        for (name, bytes) in &fa {
            if bytes != &fb[name] {
                let (x, y) = (
                    String::from_utf8_lossy(bytes),
                    String::from_utf8_lossy(&fb[name]),
                );
                let at = x.chars().zip(y.chars()).take_while(|(p, q)| p == q).count();
                let context = |t: &str| {
                    t.chars()
                        .skip(at.saturating_sub(80))
                        .take(200)
                        .collect::<String>()
                };
                return Err(TestCaseError::fail(format!(
                    "{name} differs in {what}, from character {at}:\n{:?}\n---\n{:?}",
                    context(&x),
                    context(&y)
                )));
            }
        }
    }
    Ok(fa)
}

#[test]
fn valid_sites_build_byte_identically() {
    check(
        "valid_sites_build_byte_identically",
        Cases::new(4, 2).shrink_ms(120_000),
        build_spec(),
        |(posts, faq)| {
            let mut files = Vec::new();
            for (i, lang) in ["ar", "en"].into_iter().enumerate() {
                for (n, pair) in posts.iter().enumerate() {
                    let slug = build_slug(n);
                    files.push((
                        format!("content/{lang}/blog/{slug}.md"),
                        pair[i].text(&slug),
                    ));
                }
                files.push((format!("content/{lang}/faq.yaml"), faq[i].text()));
            }
            // Generated text is adversarial, not the site's writing: the typography lint is off.
            let config = std::fs::read_to_string(project().join("tests/fixtures/basic/site.toml"))
                .unwrap()
                .replace(
                    "app = \"../../..\"",
                    &format!("app = {:?}", project().display().to_string()),
                )
                .replace(
                    "templates = \"../../../templates\"",
                    &format!(
                        "templates = {:?}",
                        project().join("templates").display().to_string()
                    ),
                )
                .replacen("[paths]", "[check]\ntypography = false\n\n[paths]", 1);
            files.push(("site.toml".to_string(), config));
            let out = builds_twice(&files, posts.len() >= 8)?;
            for (i, lang) in sahel::lang::Languages::builtin()
                .all()
                .iter()
                .copied()
                .enumerate()
            {
                for (n, pair) in posts.iter().enumerate() {
                    let slug = build_slug(n);
                    let rel = format!("{}/blog/{slug}/page-data.json", lang.code());
                    let data: serde_json::Value = serde_json::from_slice(&out[&rel]).unwrap();
                    let text = pair[i].text(&slug);
                    let post = parse::parse_post(&slug, &text, Path::new("x.md")).unwrap();
                    // Arabic text values carry isolates around their left-to-right runs.
                    let shown = |s: &str| {
                        if lang.is_rtl() {
                            sahel::content::bidi::isolate_runs(s).into_owned()
                        } else {
                            s.to_string()
                        }
                    };
                    prop_assert_eq!(&data["page"]["post"]["title"], &shown(&pair[i].title.0));
                    prop_assert_eq!(&data["page"]["post"]["author"], &shown(&pair[i].author.0));
                    // With the attributes every body image gets (no media file here: no size).
                    let html = sahel::media::Media::default().sized_images(&post.html);
                    prop_assert_eq!(&data["page"]["post"]["html"], html.as_ref());
                }
            }
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Regressions: every input that ever failed, run forever

/// Markdown bodies that once failed (see the commit that added each).
const REGRESSION_BODIES: &[(&str, &str)] = &[
    // Panicked in markdown.rs: a URL starting with a multi-byte character was sliced by bytes.
    ("arabic anchor", "[انظر](#قسم)"),
    ("arabic image name", "![صورة](صورة.png)"),
    ("arabic post link", "[x](/ar/blog/مقال)"),
    // Images became checked links: each is placed at its `!` (the position checks expected `[`).
    ("image at its bang", "![مرحبا](#قسم)\n\n"),
];

#[test]
fn regression_bodies() {
    for (name, body) in REGRESSION_BODIES {
        markdown_properties(body).unwrap_or_else(|e| panic!("{name}: {e}"));
        let text = format!(
            "---\ntitle: \"{name}\"\nauthor: \"a\"\ndate: 2025-01-01\nexcerpt: \"e\"\n---\n{body}"
        );
        let post = parse::parse_post("x", &text, Path::new("x.md"))
            .unwrap_or_else(|d| panic!("{name}: {}", d.render()));
        source_links_point_at_links(&text, &post.links).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// The files in `tests/fixtures/regressions/`, by name.
fn regression_files() -> Vec<(String, String)> {
    let dir = project().join("tests/fixtures/regressions");
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().is_some_and(|n| n != "README.md"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    out
}

/// Each regression file parses as its name says (`valid-*` must load, `invalid-*` must fail;
/// either way without a panic, with the file named, twice the same).
#[test]
fn regression_files_parse() {
    for (name, text) in regression_files() {
        let valid = name.starts_with("valid-");
        let invalid = name.starts_with("invalid-");
        let kind = name
            .trim_start_matches("valid-")
            .trim_start_matches("invalid-");
        let file = PathBuf::from(format!("tests/fixtures/regressions/{name}"));
        let run = |f: &dyn Fn() -> Result<(), Diagnostics>| {
            let parsed = parse_result(f(), f(), &file, &text, valid)
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(
                !(invalid && parsed.is_some()),
                "{name}: an invalid file was accepted"
            );
        };
        if kind.ends_with(".md") {
            markdown_properties(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
            markdown_properties(body_of(&text)).unwrap_or_else(|e| panic!("{name}: {e}"));
            run(&|| parse::parse_post("regression", &text, &file).map(drop));
            // A post is not a long page (it has more keys): no panic, the file named.
            parse_result(
                parse::parse_long_page("about", &text, &file).map(drop),
                parse::parse_long_page("about", &text, &file).map(drop),
                &file,
                &text,
                false,
            )
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        } else if kind.ends_with(".toml") {
            run(&|| {
                SiteConfig::parse(&text, &file)
                    .map(drop)
                    .map_err(Diagnostics::from)
            });
        } else if kind.starts_with("faq") {
            run(&|| parse::parse_faq(&text, &file).map(drop));
        } else if kind.starts_with("testimonials") {
            run(&|| parse::parse_testimonials(&text, &file).map(drop));
        } else if kind.starts_with("home") {
            run(&|| parse::parse_home(&text, &file).map(drop));
        } else if kind.starts_with("pricing") {
            run(&|| parse::parse_pricing(&text, &file).map(drop));
        } else if kind.starts_with("service-sections") {
            run(&|| parse::parse_sections(&text, &file).map(drop));
        } else if kind.starts_with("service") {
            run(&|| parse::parse_service("regression", &text, &file).map(drop));
        } else {
            panic!("{name}: unknown kind of regression file (name it after its kind)");
        }
    }
}

fn regression_file(name: &str) -> String {
    std::fs::read_to_string(project().join("tests/fixtures/regressions").join(name)).unwrap()
}

/// What the regression files once got wrong, checked exactly.
#[test]
fn regression_details() {
    // Each out-of-range rating at its own line (both pointed at the first `rating: 7`).
    let text = regression_file("invalid-testimonials-two-bad-ratings.yaml");
    let d = parse::parse_testimonials(&text, Path::new("t.yaml")).unwrap_err();
    let lines: Vec<usize> = d.0.iter().map(|d| d.position.unwrap().0).collect();
    assert_eq!(lines, vec![5, 10]);

    // A duplicate key in the editor's words, at the second key.
    let text = regression_file("invalid-service-duplicate-key.yaml");
    let d = parse::parse_service("x", &text, Path::new("s.yaml")).unwrap_err();
    assert_eq!(d.0[0].position, Some((2, 1)));
    assert!(!d.render().contains("DuplicateKeyPolicy"), "{}", d.render());

    // A raw DEL: the error is on it, with a BOM, lone CRs, or Arabic before it; and the
    // snippet's header shows the same line and column as the report.
    for name in [
        "invalid-faq-del-in-answer.yaml",
        "invalid-faq-lone-cr-del.yaml",
        "invalid-faq-bom-del.yaml",
    ] {
        let text = regression_file(name);
        let d = parse::parse_faq(&text, Path::new("f.yaml")).unwrap_err();
        let (l, c) = d.0[0].position.unwrap();
        assert_eq!(char_at(&text, l, c), Some('\u{7F}'), "{name}: {l}:{c}");
        assert!(
            d.render().contains(&format!("╭─[f.yaml:{l}:{c}]")),
            "{name}: {}",
            d.render()
        );
    }

    // An escaped ESC in a title: the error points at the escape.
    let text = regression_file("invalid-control-character-in-title.md");
    let d = parse::parse_post("x", &text, Path::new("x.md")).unwrap_err();
    let (l, c) = d.0[0].position.unwrap();
    assert_eq!((l, c), (2, 14), "{}", d.render());
    assert_eq!(char_at(&text, l, c), Some('\\'));

    // Control and bidi characters in a file name are escaped in the report.
    for name in [
        "\r\nمرحبا.md",
        "content/en/blog/\u{202E}dm.txt",
        "a\tb\u{1B}[31m.md",
    ] {
        let report = Diagnostic::new(name, "m")
            .at(1, 1)
            .with_source("x")
            .render();
        assert!(!report.chars().any(terminal_unsafe), "{report:?}");
        assert!(!report.contains('\t'), "{report:?}");
        assert!(report.contains("<U+"), "{report:?}");
    }

    // Entities in the text reach the assistant's passages as the page shows them (`&amp;` was
    // decoded first, so the text `&nbsp;` became a space and `&lt;` became `<`).
    let html = render_markdown("\\&nbsp; \\&lt;b\\&gt; AT\\&T").unwrap();
    assert_eq!(sahel::assistant::html_text(&html), "&nbsp; &lt;b&gt; AT&T");

    // Titles that made `sahel new post` write a file that did not load.
    let date = time::Date::from_calendar_date(2026, time::Month::March, 9).unwrap();
    for title in [
        "مرحبا\u{7f}",
        "\u{fffe}مرحبا",
        "\u{feff}عنوان",
        "a\u{85}b",
        "x\u{2028}y\u{1b}",
    ] {
        let text = sahel::scaffold::post_text(title, "Team", date, "ar");
        let post = parse::parse_post("x", &text, Path::new("x.md"))
            .unwrap_or_else(|d| panic!("{title:?}: {}", d.render()));
        assert_eq!(post.title, renderable(title));
    }
}

/// The `valid-*.md` regression files, as posts of one site: `check` passes and the site builds
/// twice, byte for byte the same.
#[test]
fn regression_posts_build() {
    let mut files = Vec::new();
    for (name, text) in regression_files() {
        if !(name.starts_with("valid-") && name.ends_with(".md")) {
            continue;
        }
        let slug: String = name
            .trim_end_matches(".md")
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect();
        for lang in ["ar", "en"] {
            files.push((format!("content/{lang}/blog/{slug}.md"), text.clone()));
        }
    }
    let (_tmp, root) = fixture_with(&files);
    // Each text is the post of both languages: an image described in one script is described
    // in the other script on one of its pages, and every post is "untranslated".
    let config = root.join("site.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        format!("{text}\n[lint]\nalt-script = \"off\"\nuntranslated = \"off\"\n"),
    )
    .unwrap();
    if let Err(d) = check_root(&root) {
        panic!("the regression posts fail check:\n{}", d.render());
    }
    builds_twice(&files, false).unwrap_or_else(|e| panic!("{e}"));
}
