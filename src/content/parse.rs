//! Pure parsers: text in, model values or diagnostics out. No file system access here.

use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::SourceLink;
use super::collection::check_shipped;
use super::markdown::{ParsedBody, render_parsed};
use super::nesting::MAX_DEPTH;
use super::yaml::{key_offset, parse_yaml, unrenderable_texts};
use super::{
    BlogPost, FaqItem, Home, Located, LongPage, Pricing, Screens, Service, ServiceSection,
    Testimonial, TimelineDays,
};
use crate::diagnostics::{Diagnostic, Diagnostics, LineIndex, Mark, line_col};

/// Front matter and body of a Markdown file.
pub struct Split<'a> {
    pub(crate) front_matter: &'a str,
    /// Byte offset of the front matter in the file's text.
    pub(crate) front_matter_offset: usize,
    pub body: &'a str,
}

/// Splits `---\n<yaml>\n---\n<body>`.
pub fn split_front_matter<'a>(text: &'a str, file: &Path) -> Result<Split<'a>, Diagnostic> {
    let text_no_bom = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text_no_bom
        .strip_prefix("---\n")
        .or_else(|| text_no_bom.strip_prefix("---\r\n"))
        .ok_or_else(|| {
            Diagnostic::msg(file, crate::msg!("content-front-matter-missing"))
                .at(1, 1)
                .with_source(text)
                .help_msg(crate::msg!("content-front-matter-missing-help"))
        })?;
    let front_matter_offset = text.len() - rest.len();
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            // `offset` and `offset + line.len()` are line boundaries of `rest`.
            let (Some(front_matter), Some(body)) =
                (rest.get(..offset), rest.get(offset + line.len()..))
            else {
                break;
            };
            return Ok(Split {
                front_matter,
                front_matter_offset,
                body,
            });
        }
        offset += line.len();
    }
    Err(
        Diagnostic::msg(file, crate::msg!("content-front-matter-unclosed"))
            .at(1, 1)
            .with_source(text)
            .help_msg(crate::msg!("content-front-matter-unclosed-help")),
    )
}

#[derive(Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
struct PostFrontMatter {
    title: String,
    author: String,
    date: String,
    excerpt: String,
    #[serde(default)]
    slug: Option<String>,
    /// Not published yet ([`super::BlogPost::draft`]).
    #[serde(default)]
    draft: bool,
    #[serde(default)]
    image: Option<super::Photo>,
    /// Time-sensitive passages ([`crate::check::review`]).
    #[serde(default)]
    review_by: Vec<super::Review>,
}

/// A blog post from `blog/<slug>.md`.
pub fn parse_post(slug: &str, text: &str, file: &Path) -> Result<BlogPost, Diagnostics> {
    parse_post_with(slug, text, file, None)
}

/// [`parse_post`], its body already parsed (`parsed`) by the loader.
pub(crate) fn parse_post_with(
    slug: &str,
    text: &str,
    file: &Path,
    parsed: Option<&ParsedBody<'_>>,
) -> Result<BlogPost, Diagnostics> {
    let split = split_front_matter(text, file)?;
    let fm_offset = split.front_matter_offset;
    check_shipped("posts", split.front_matter, fm_offset, text, file)?;
    let fm: PostFrontMatter = parse_yaml(split.front_matter, file, fm_offset, text)?;
    let mut errors = unrenderable_texts(&fm, split.front_matter, fm_offset, text, file);
    let at = |key: &str| {
        line_col(
            text,
            fm_offset + key_offset(split.front_matter, key).unwrap_or(0),
        )
    };
    let date = parse_date(&fm.date);
    if date.is_none() {
        let (l, c) = at("date");
        errors.push(
            Diagnostic::msg(file, crate::msg!("content-date-invalid", date = &fm.date))
                .at(l, c)
                .with_source(text)
                .help_msg(crate::msg!("content-date-invalid-help")),
        );
    }
    let declared_slug = fm.slug.as_ref().filter(|s| s.as_str() != slug).map(|s| {
        let offset = fm_offset + key_offset(split.front_matter, "slug").unwrap_or(0);
        (s.clone(), Mark::in_line(text, offset))
    });
    if super::collection::runs("posts", "fileSlug") {
        check_slug(slug, file, &mut errors);
    }
    // Blank titles, authors and excerpts are the declaration's (`min: 1` in
    // src/pages/shipped.json), checked before this parser runs.
    let Some(date) = date.filter(|_| errors.is_empty()) else {
        return Err(errors);
    };
    let (html, links, anchors) = render_body(text, split.body, parsed, file)?;
    let mut image = fm.image;
    if let Some(photo) = &mut image {
        photo.src.locate_in_line(text, fm_offset);
    }
    Ok(BlogPost {
        slug: slug.to_string(),
        title: fm.title,
        author: fm.author,
        date,
        excerpt: fm.excerpt,
        image,
        html,
        source: file.to_path_buf(),
        links,
        anchors,
        declared_slug,
        draft: fm.draft,
    })
}

#[derive(Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
struct PageFrontMatter {
    title: String,
    description: String,
    /// Time-sensitive passages ([`crate::check::review`]).
    #[serde(default)]
    review_by: Vec<super::Review>,
}

/// Renders a body that is a suffix of `text`, from its events when the caller parsed it
/// already (`parsed`, of the same body); link positions are lines and columns in `text`. A
/// body nested too deep is an error at the element that goes too deep.
fn render_body(
    text: &str,
    body: &str,
    parsed: Option<&ParsedBody<'_>>,
    file: &Path,
) -> Result<(String, Vec<SourceLink>, Vec<String>), Diagnostics> {
    let rendered = match parsed.filter(|p| std::ptr::eq(p.body, body)) {
        Some(parsed) => render_parsed(parsed),
        None => render_parsed(&ParsedBody::parse(body)),
    };
    let body_start = text.len().saturating_sub(body.len());
    let super::markdown::Rendered {
        html,
        links,
        anchors,
    } = rendered.map_err(|deep| too_deep(text, body_start + deep.offset, file))?;
    if links.is_empty() {
        return Ok((html, Vec::new(), anchors));
    }
    // One index of the file's lines places every link (a post has a handful to hundreds).
    let lines = LineIndex::new(text);
    let links = links
        .into_iter()
        .map(|l| SourceLink {
            href: l.href,
            at: lines.mark(body_start + l.offset),
            footnote: l.footnote,
            image: l.image,
            alt: l.alt,
        })
        .collect();
    Ok((html, links, anchors))
}

/// The error for a body nested deeper than [`MAX_DEPTH`], at `offset` in `text`.
fn too_deep(text: &str, offset: usize, file: &Path) -> Diagnostics {
    let (line, column) = line_col(text, offset);
    Diagnostic::msg(file, crate::msg!("content-too-deep", max = MAX_DEPTH))
        .at(line, column)
        .with_source(text)
        .help_msg(crate::msg!("content-too-deep-help", max = MAX_DEPTH))
        .into()
}

/// A long page from `pages/<name>.md`.
pub fn parse_long_page(name: &str, text: &str, file: &Path) -> Result<LongPage, Diagnostics> {
    parse_long_page_with(name, text, file, None)
}

/// [`parse_long_page`], its body already parsed (`parsed`) by the loader.
pub(crate) fn parse_long_page_with(
    name: &str,
    text: &str,
    file: &Path,
    parsed: Option<&ParsedBody<'_>>,
) -> Result<LongPage, Diagnostics> {
    let split = split_front_matter(text, file)?;
    let fm_offset = split.front_matter_offset;
    check_shipped("pages", split.front_matter, fm_offset, text, file)?;
    let fm: PageFrontMatter = parse_yaml(split.front_matter, file, fm_offset, text)?;
    let errors = unrenderable_texts(&fm, split.front_matter, fm_offset, text, file);
    if !errors.is_empty() {
        return Err(errors);
    }
    let (html, links, anchors) = render_body(text, split.body, parsed, file)?;
    Ok(LongPage {
        name: name.to_string(),
        title: fm.title,
        description: fm.description,
        html,
        source: file.to_path_buf(),
        links,
        anchors,
    })
}

/// Parses a whole YAML file, rejecting unrenderable text values.
fn parse_yaml_file<T: DeserializeOwned + serde::Serialize>(
    text: &str,
    file: &Path,
) -> Result<T, Diagnostics> {
    let item: T = parse_yaml(text, file, 0, text)?;
    let errors = unrenderable_texts(&item, text, 0, text, file);
    if errors.is_empty() {
        Ok(item)
    } else {
        Err(errors)
    }
}

/// A service from `services/<id>.yaml`.
pub fn parse_service(id: &str, text: &str, file: &Path) -> Result<Service, Diagnostics> {
    check_shipped("services", text, 0, text, file)?;
    let mut s: Service = parse_yaml_file(text, file)?;
    let mut errors = Diagnostics::default();
    if super::collection::runs("services", "fileSlug") {
        check_slug(id, file, &mut errors);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    s.id = id.to_string();
    s.source = file.to_path_buf();
    let shared: Arc<str> = text.into();
    s.section.locate(&shared);
    s.icon.locate(&shared);
    if let Some(footer) = &mut s.footer {
        footer.locate(&shared);
    }
    if let Some(photo) = &mut s.image {
        photo.src.locate(&shared);
    }
    if let Some(days) = &mut s.content.timeline_days {
        days.locate(&shared);
    }
    if let Some(days) = &s.content.timeline_days
        && super::collection::runs("services", "timelineDays")
    {
        check_timeline_days(days, &s.content.timeline, file, &mut errors);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(s)
}

/// `timelineDays` is a range from 1 day up, and says what the `timeline` text says: when the
/// text writes numbers, `min` and `max` are among them (the bar and the sentence beside it
/// must not disagree).
fn check_timeline_days(
    days: &Located<TimelineDays>,
    timeline: &str,
    file: &Path,
    errors: &mut Diagnostics,
) {
    let TimelineDays { min, max } = **days;
    // `min` from 1 and `max` up to 365 are the declaration's bounds, checked first.
    let problem = if min > max {
        Some((
            crate::msg!("content-timeline-order", min = min, max = max),
            crate::msg!("content-timeline-order-help"),
        ))
    } else {
        let numbers = numbers_in(timeline);
        let missing: Vec<u16> = [min, max]
            .into_iter()
            .filter(|n| !numbers.contains(&u32::from(*n)))
            .collect();
        let written = match missing.as_slice() {
            [] => None,
            [n] => Some(crate::msg!("content-timeline-missing-one", n = *n)),
            [first, second, ..] => Some(crate::msg!(
                "content-timeline-missing-two",
                first = *first,
                second = *second
            )),
        };
        written.filter(|_| !numbers.is_empty()).map(|missing| {
            (
                crate::msg!(
                    "content-timeline-mismatch",
                    min = min,
                    max = max,
                    timeline = timeline,
                    missing = missing
                ),
                crate::msg!("content-timeline-mismatch-help"),
            )
        })
    };
    if let Some((message, help)) = problem {
        errors.push(
            Diagnostic::msg(file, message)
                .at_mark(&days.mark())
                .help_msg(help),
        );
    }
}

/// The whole numbers written in `text`, in Western or Arabic-Indic digits (`"2-7 days"` → 2, 7).
fn numbers_in(text: &str) -> Vec<u32> {
    let mut numbers = Vec::new();
    let mut current: Option<u32> = None;
    for c in text.chars() {
        let digit = c.to_digit(10).or_else(|| {
            let n = u32::from(c);
            (0x660..=0x669)
                .contains(&n)
                .then(|| n - 0x660)
                .or_else(|| (0x6F0..=0x6F9).contains(&n).then(|| n - 0x6F0))
        });
        match digit {
            Some(d) => current = Some(current.unwrap_or(0).saturating_mul(10).saturating_add(d)),
            None => numbers.extend(current.take()),
        }
    }
    numbers.extend(current);
    numbers
}

/// The screens' strings from `screens.yaml`. Every screen is required; `blogPage` may use the
/// placeholders `{{page}}` and `{{pages}}` only.
pub fn parse_screens(text: &str, file: &Path) -> Result<Screens, Diagnostics> {
    let screens: Screens = parse_yaml_file(text, file)?;
    let mut rest = screens.blog_page.as_str();
    while let Some(start) = rest.find("{{") {
        let after = rest.get(start + 2..).unwrap_or_default();
        let name = after.split("}}").next().unwrap_or_default();
        if !matches!(name.trim(), "page" | "pages") || !after.contains("}}") {
            let (l, c) = line_col(text, key_offset(text, "blogPage").unwrap_or(0));
            return Err(Diagnostic::msg(
                file,
                crate::msg!("content-placeholder-unknown", name = name),
            )
            .at(l, c)
            .with_source(text)
            .help_msg(crate::msg!("content-placeholder-unknown-help"))
            .into());
        }
        rest = after;
    }
    Ok(screens)
}

pub fn parse_home(text: &str, file: &Path) -> Result<Home, Diagnostics> {
    let mut home: Home = parse_yaml_file(text, file)?;
    let shared: Arc<str> = text.into();
    for card in &mut home.cards {
        card.link.value = super::markdown::canonical_internal_href(&card.link);
        card.link.locate(&shared);
    }
    Ok(home)
}

pub fn parse_sections(text: &str, file: &Path) -> Result<Vec<ServiceSection>, Diagnostics> {
    let mut sections: Vec<ServiceSection> = parse_yaml_file(text, file)?;
    let shared: Arc<str> = text.into();
    for s in &mut sections {
        s.anchor.locate(&shared);
        s.icon.locate(&shared);
    }
    Ok(sections)
}

pub fn parse_pricing(text: &str, file: &Path) -> Result<Pricing, Diagnostics> {
    check_shipped("pricing", text, 0, text, file)?;
    let mut pricing: Pricing = parse_yaml_file(text, file)?;
    let shared: Arc<str> = text.into();
    for p in &mut pricing.plans {
        p.id.locate(&shared);
    }
    Ok(pricing)
}

pub fn parse_faq(text: &str, file: &Path) -> Result<Vec<FaqItem>, Diagnostics> {
    check_shipped("faq", text, 0, text, file)?;
    let mut faq: Vec<FaqItem> = parse_yaml_file(text, file)?;
    let shared: Arc<str> = text.into();
    for f in &mut faq {
        f.id.locate(&shared);
    }
    Ok(faq)
}

pub fn parse_testimonials(text: &str, file: &Path) -> Result<Vec<Testimonial>, Diagnostics> {
    check_shipped("testimonials", text, 0, text, file)?;
    let mut items: Vec<Testimonial> = parse_yaml_file(text, file)?;
    let shared: Arc<str> = text.into();
    for t in &mut items {
        t.id.locate(&shared);
    }
    // A rating from 1 to 5 is the declaration's (src/pages/shipped.json), checked before this
    // parser runs.
    Ok(items)
}

/// Whether a text shows nothing: only whitespace and invisible format characters (bidi marks
/// and controls, zero-width spaces and joiners, the BOM, the soft hyphen). A title of one RLM
/// passed as written.
pub(super) fn is_blank(s: &str) -> bool {
    s.chars().all(|c| {
        c.is_whitespace()
            || matches!(
                c,
                '\u{AD}'
                    | '\u{61C}'
                    | '\u{180E}'
                    | '\u{200B}'..='\u{200F}'
                    | '\u{202A}'..='\u{202E}'
                    | '\u{2060}'..='\u{2064}'
                    | '\u{2066}'..='\u{206F}'
                    | '\u{FEFF}'
            )
    })
}

/// `yyyy-mm-dd`.
pub(crate) fn parse_date(s: &str) -> Option<time::Date> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(s.trim(), &fmt).ok()
}

fn check_slug(slug: &str, file: &Path, errors: &mut Diagnostics) {
    let ok = !slug.is_empty()
        && slug
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !slug.starts_with('-')
        && !slug.ends_with('-');
    if !ok {
        errors.push(
            Diagnostic::msg(file, crate::msg!("content-slug-invalid", slug = slug))
                .help_msg(crate::msg!("content-slug-invalid-help")),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POST: &str = "---\ntitle: \"Golden visa\"\nauthor: \"Team\"\ndate: 2025-05-19\nexcerpt: \"Short.\"\n---\n\nHello **world**.\n";

    #[test]
    fn good_front_matter_parses() {
        let p = parse_post("golden-visa", POST, Path::new("en/blog/golden-visa.md")).unwrap();
        assert_eq!(p.title, "Golden visa");
        assert_eq!(p.date, time::macros::date!(2025 - 05 - 19));
        assert!(p.html.contains("<strong>world</strong>"));
    }

    #[test]
    fn dates_are_formatted_per_language_at_the_edge() {
        let p = parse_post("x", POST, Path::new("ar/blog/x.md")).unwrap();
        assert_eq!(crate::lang::Lang::ar().format_date(p.date), "2025-05-19");
        assert_eq!(crate::lang::Lang::en().format_date(p.date), "May 19, 2025");
        assert_eq!(crate::lang::iso_date(p.date), "2025-05-19");
    }

    #[test]
    fn missing_front_matter_is_reported() {
        let e = parse_post("x", "# Title\n", Path::new("x.md")).unwrap_err();
        assert!(e.0[0].message.contains("front matter"));
        assert_eq!(e.0[0].position, Some((1, 1)));
    }

    #[test]
    fn unclosed_front_matter_is_reported() {
        let e = parse_post("x", "---\ntitle: a\n", Path::new("x.md")).unwrap_err();
        assert!(e.0[0].message.contains("never closed"));
    }

    #[test]
    fn misspelt_key_names_the_key_and_line() {
        let text = POST.replace("author:", "autor:");
        let e = parse_post("x", &text, Path::new("x.md")).unwrap_err();
        let d = &e.0[0];
        assert!(d.message.contains("autor"), "{}", d.message);
        assert_eq!(d.position.map(|p| p.0), Some(3));
    }

    #[test]
    fn yaml_type_error_names_file_line_and_column() {
        let text = POST.replace("title: \"Golden visa\"", "title: [1, 2]");
        let e = parse_post("x", &text, Path::new("en/blog/x.md")).unwrap_err();
        let d = &e.0[0];
        assert_eq!(d.file, Path::new("en/blog/x.md"));
        assert_eq!(d.position, Some((2, 8)), "{d:?}");
        assert!(
            d.message.contains("`title` is a list, not text"),
            "{}",
            d.message
        );
    }

    #[test]
    fn bad_date_points_at_the_value() {
        let text = POST.replace("2025-05-19", "2025-13-40");
        let e = parse_post("x", &text, Path::new("x.md")).unwrap_err();
        let d = &e.0[0];
        assert!(d.message.contains("2025-13-40"));
        assert_eq!(d.position, Some((4, 7)));
    }

    #[test]
    fn unknown_gov_icon_is_an_error() {
        let yaml = "title: a\nsummary: b\nsection: business-setup\ngovIcons: [DED, XYZ]\nicon: landmark\ncontent:\n  description: d\n  servicesOffered: [a]\n  requirements: [b]\n  timeline: t\n";
        let e = parse_service("svc", yaml, Path::new("svc.yaml")).unwrap_err();
        let d = &e.0[0];
        assert!(d.message.contains("XYZ"), "{}", d.message);
        assert_eq!(d.position.map(|p| p.0), Some(4));
    }

    #[test]
    fn unknown_icon_names_its_place_and_the_icons() {
        let yaml = "title: a\nsummary: b\nsection: business-setup\ngovIcons: [DED]\nicon: rocket\ncontent:\n  description: d\n  servicesOffered: [a]\n  requirements: [b]\n  timeline: t\n";
        let e = parse_service("svc", yaml, Path::new("content/en/services/svc.yaml")).unwrap_err();
        let d = &e.0[0];
        assert_eq!(d.file, Path::new("content/en/services/svc.yaml"));
        assert_eq!(d.position, Some((5, 7)), "{d:?}");
        assert!(d.message.contains("rocket"), "{}", d.message);
        let help = d.help.as_deref().unwrap_or_default();
        for name in ["badge-check", "building-2", "id-card", "landmark", "stamp"] {
            assert!(help.contains(name), "{help}");
        }
        let sections = "- anchor: a\n  title: t\n  icon: Building2\n";
        let e = parse_sections(sections, Path::new("s.yaml")).unwrap_err();
        assert_eq!(e.0[0].position, Some((3, 9)), "{:?}", e.0[0]);
    }

    #[test]
    fn a_screens_file_needs_every_screen_and_known_placeholders() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("content/en/screens.yaml"),
        )
        .unwrap();
        let s = parse_screens(&text, Path::new("screens.yaml")).unwrap();
        assert_eq!(s.breadcrumbs.home, "Home");
        let without_faq = text.replace("faq:", "fax:");
        let e = parse_screens(&without_faq, Path::new("screens.yaml")).unwrap_err();
        assert!(e.0[0].message.contains("fax"), "{}", e.0[0].message);
        let bad = text.replace("{{pages}}", "{{total}}");
        let e = parse_screens(&bad, Path::new("screens.yaml")).unwrap_err();
        let line = text
            .lines()
            .position(|l| l.starts_with("blogPage:"))
            .unwrap()
            + 1;
        assert_eq!(e.0[0].position, Some((line, 11)));
        assert!(e.0[0].message.contains("{{total}}"), "{}", e.0[0].message);
    }

    fn service_with_timeline(timeline: &str, days: &str) -> String {
        format!(
            "title: a\nsummary: b\nsection: business-setup\ngovIcons: [DED]\nicon: landmark\ncontent:\n  description: d\n  servicesOffered: [a]\n  requirements: [b]\n  timeline: \"{timeline}\"\n  timelineDays: {days}\n"
        )
    }

    #[test]
    fn timeline_days_are_read_and_must_match_the_text() {
        let ok = parse_service(
            "s",
            &service_with_timeline("2-7 working days", "{ min: 2, max: 7 }"),
            Path::new("s.yaml"),
        )
        .unwrap();
        assert_eq!(
            *ok.content.timeline_days.unwrap(),
            TimelineDays { min: 2, max: 7 }
        );
        // Arabic text, with Arabic-Indic digits too; a text with no figure accepts any range.
        for (text, days) in [
            ("من 2 إلى 7 أيام عمل", "{ min: 2, max: 7 }"),
            ("من ٢ إلى ١٠ أيام عمل", "{ min: 2, max: 10 }"),
            ("يوم عمل واحد", "{ min: 1, max: 1 }"),
        ] {
            parse_service("s", &service_with_timeline(text, days), Path::new("s.yaml")).unwrap();
        }
        let cases = [
            (
                "2-7 working days",
                "{ min: 2, max: 9 }",
                "does not write 9",
                11,
                17,
            ),
            (
                "2-7 working days",
                "{ min: 7, max: 2 }",
                "`min: 7` above `max: 2`",
                11,
                17,
            ),
            // The declaration's bounds (1 to 365), at the number.
            (
                "1 day",
                "{ min: 0, max: 1 }",
                "`content.timelineDays.min` is 0, less than 1",
                11,
                24,
            ),
            (
                "days",
                "{ min: 1, max: 900 }",
                "`content.timelineDays.max` is 900, more than 365",
                11,
                32,
            ),
        ];
        for (text, days, message, line, column) in cases {
            let e = parse_service(
                "s",
                &service_with_timeline(text, days),
                Path::new("content/en/services/s.yaml"),
            )
            .unwrap_err();
            let d = &e.0[0];
            assert!(d.message.contains(message), "{}", d.message);
            assert_eq!(d.position, Some((line, column)), "{}", d.message);
            assert!(d.help.as_deref().is_some_and(|h| !h.is_empty()));
        }
        let e = parse_service(
            "s",
            &service_with_timeline("1-3 days", "{ min: 1, max: 3, avg: 2 }"),
            Path::new("s.yaml"),
        )
        .unwrap_err();
        assert!(e.0[0].message.contains("avg"), "{}", e.0[0].message);
    }

    #[test]
    fn service_id_comes_from_the_file_name() {
        let yaml = "title: a\nsummary: b\nsection: business-setup\ngovIcons: [DED]\nicon: landmark\nisPackage: true\ncontent:\n  description: d\n  servicesOffered: [a]\n  requirements: [b]\n  timeline: t\n";
        let s = parse_service("company-formation", yaml, Path::new("s.yaml")).unwrap();
        assert_eq!(s.id, "company-formation");
        assert!(s.is_package);
    }

    #[test]
    fn rating_out_of_range_and_no_gov_icon_are_errors_of_the_declaration() {
        let yaml = "- id: a\n  name: n\n  role: r\n  content: c\n  rating: 4\n- id: b\n  name: n\n  role: r\n  content: c\n  rating: 7\n";
        let e = parse_testimonials(yaml, Path::new("t.yaml")).unwrap_err();
        assert_eq!(e.0.len(), 1);
        assert_eq!(e.0[0].position, Some((10, 11)));
        assert!(
            e.0[0]
                .message
                .contains("item 2: `rating` is 7, more than 5"),
            "{}",
            e.0[0].message
        );
        let service = "title: a\nsummary: b\nsection: s\ngovIcons: []\nicon: landmark\ncontent:\n  description: d\n  servicesOffered: [a]\n  requirements: [b]\n  timeline: t\n";
        let e = parse_service("a", service, Path::new("a.yaml")).unwrap_err();
        assert!(
            e.0[0]
                .message
                .contains("`govIcons` has a count of 0, less than 1"),
            "{}",
            e.0[0].message
        );
        let post = "---\ntitle: \"\u{200b}\"\nauthor: A\ndate: 2025-01-01\nexcerpt: E\n---\nBody\n";
        let e = parse_post("p", post, Path::new("p.md")).unwrap_err();
        assert!(
            e.0[0].message.contains("`title` is empty"),
            "{}",
            e.0[0].message
        );
    }
}

#[cfg(test)]
mod located_tests {
    use super::*;
    use crate::diagnostics::offset_of;

    /// The position recorded for each id is its value's, after a BOM, CRLF and a lone CR too
    /// (what `check` reports a duplicate or untranslated id at, without reading the file again).
    #[test]
    fn ids_are_located_at_their_values_whatever_the_line_ends() {
        let text = "\u{feff}- id: a\r\n  question: q\r\n  answer: x\r\n- id: 'b'\r  question: q\n  answer: y\n- id: \"ج\"\n  question: q\n  answer: z\n";
        let faq = parse_faq(text, Path::new("content/ar/faq.yaml")).unwrap();
        let starts: Vec<&str> = faq
            .iter()
            .map(|f| {
                let at = f.id.mark();
                let offset = offset_of(text, at.line, at.column);
                text.get(offset..offset + 3).unwrap_or_default()
            })
            .collect();
        assert_eq!(starts, ["a\r\n", "'b'", "\"ج"]);
    }
}
