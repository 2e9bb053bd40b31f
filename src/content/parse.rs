//! Pure parsers: text in, model values or diagnostics out. No file system access here.

use std::path::Path;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::SourceLink;
use super::markdown::render_markdown_with_links;
use super::{BlogPost, FaqItem, Home, LongPage, Pricing, Service, ServiceSection, Testimonial};
use crate::config::line_col;
use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::lang::Lang;

/// Front matter and body of a Markdown file.
pub struct Split<'a> {
    pub front_matter: &'a str,
    /// Line number (1-based) of the first front-matter line.
    pub first_line: usize,
    pub body: &'a str,
}

/// Splits `---\n<yaml>\n---\n<body>`.
pub fn split_front_matter<'a>(text: &'a str, file: &Path) -> Result<Split<'a>, Diagnostic> {
    let text_no_bom = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text_no_bom
        .strip_prefix("---\n")
        .or_else(|| text_no_bom.strip_prefix("---\r\n"))
        .ok_or_else(|| {
            Diagnostic::new(file, "the file does not start with front matter")
                .at(1, 1)
                .with_source(text)
                .help("start the file with a line `---`, the YAML keys (title, ...), and another line `---`")
        })?;
    let mut offset = 0;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "---" {
            let fm = &rest[..offset];
            let body = &rest[offset + line.len()..];
            return Ok(Split {
                front_matter: fm,
                first_line: 2,
                body,
            });
        }
        offset += line.len();
    }
    Err(Diagnostic::new(file, "the front matter is never closed")
        .at(1, 1)
        .with_source(text)
        .help("add a line `---` after the last front-matter key, before the Markdown body"))
}

/// Deserialises YAML; errors carry the file, line and column (shifted by `first_line - 1`
/// when the YAML is embedded, as front matter is) and the whole file's text for the snippet.
pub fn parse_yaml<T: DeserializeOwned>(
    yaml: &str,
    file: &Path,
    first_line: usize,
    whole_text: &str,
) -> Result<T, Diagnostic> {
    serde_saphyr::from_str::<T>(yaml).map_err(|e| {
        let (msg, pos) = yaml_error_parts(&e);
        let mut d = Diagnostic::new(file, msg)
            .with_source(whole_text)
            .help(yaml_help(&e.to_string()));
        if let Some((line, col)) = pos {
            d = d.at(line + first_line - 1, col);
        } else {
            d = d.at(first_line, 1);
        }
        d
    })
}

fn yaml_error_parts(e: &serde_saphyr::Error) -> (String, Option<(usize, usize)>) {
    let pos = e
        .location()
        .filter(|l| l.line() > 0)
        .map(|l| (l.line() as usize, l.column() as usize));
    let text = e.to_string();
    // The library's first line reads "error: line X column Y: <message>"; we show the
    // position ourselves, with the file name.
    let first = text.lines().next().unwrap_or("").trim();
    let first = first.strip_prefix("error: ").unwrap_or(first);
    let msg = match first.strip_prefix("line ").and_then(|r| r.split_once(": ")) {
        Some((position, rest)) if position.contains("column") => rest,
        _ => first,
    };
    let msg = msg.to_string();
    (msg, pos)
}

fn yaml_help(message: &str) -> String {
    if message.contains("unknown field") {
        "check the key's spelling against content/README.md; keys are case-sensitive".into()
    } else if message.contains("missing field") {
        "add the missing key; content/README.md lists every key".into()
    } else if message.contains("unknown variant") {
        "use one of the values listed after `expected`".into()
    } else if message.contains("expected string") {
        "this key takes text: write it on one line, in double quotes".into()
    } else if message.contains("invalid u") || message.contains("invalid i") {
        "this key takes a whole number".into()
    } else if message.contains("invalid type") || message.contains("expected") {
        "this key has the wrong kind of value (text, list or number); compare with content/README.md"
            .into()
    } else {
        "fix the YAML syntax: indent with spaces, quote text that contains `:` or `#`".into()
    }
}

/// Position of a top-level `key:` in YAML text (1-based line and column of the value).
pub fn key_position(yaml: &str, key: &str) -> Option<(usize, usize)> {
    let mut offset = 0;
    for line in yaml.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix(key)
            && rest.starts_with(':')
        {
            let value_start = key.len() + 1 + (rest[1..].len() - rest[1..].trim_start().len());
            return Some(line_col(yaml, offset + value_start));
        }
        offset += line.len();
    }
    None
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PostFrontMatter {
    title: String,
    author: String,
    date: String,
    excerpt: String,
    #[serde(default)]
    slug: Option<String>,
}

/// A blog post from `blog/<slug>.md`.
pub fn parse_post(
    slug: &str,
    lang: Lang,
    text: &str,
    file: &Path,
) -> Result<BlogPost, Diagnostics> {
    let split = split_front_matter(text, file)?;
    let fm: PostFrontMatter = parse_yaml(split.front_matter, file, split.first_line, text)?;
    let mut errors = Diagnostics::default();
    let at = |key: &str| {
        key_position(split.front_matter, key)
            .map(|(l, c)| (l + split.first_line - 1, c))
            .unwrap_or((split.first_line, 1))
    };
    let date = match parse_date(&fm.date) {
        Some(d) => Some(d),
        None => {
            let (l, c) = at("date");
            errors.push(
                Diagnostic::new(file, format!("`{}` is not a valid date", fm.date))
                    .at(l, c)
                    .with_source(text)
                    .help("write the date as yyyy-mm-dd, e.g. 2025-03-10"),
            );
            None
        }
    };
    let declared_slug = fm.slug.as_ref().filter(|s| s.as_str() != slug).map(|s| {
        let (l, c) = at("slug");
        (s.clone(), l, c)
    });
    check_slug(slug, file, &mut errors);
    for (key, value) in [
        ("title", &fm.title),
        ("author", &fm.author),
        ("excerpt", &fm.excerpt),
    ] {
        if value.trim().is_empty() {
            let (l, c) = at(key);
            errors.push(
                Diagnostic::new(file, format!("`{key}` is empty"))
                    .at(l, c)
                    .with_source(text)
                    .help(format!("write the post's {key}")),
            );
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let date = date.expect("checked above");
    let (html, links) = render_body(text, split.body);
    Ok(BlogPost {
        slug: slug.to_string(),
        title: fm.title,
        author: fm.author,
        date: Lang::Ar.format_date(date),
        date_display: lang.format_date(date),
        excerpt: fm.excerpt,
        html,
        source: file.to_path_buf(),
        links,
        declared_slug,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PageFrontMatter {
    title: String,
    description: String,
}

/// Renders a body that is a suffix of `text`; link positions are lines and columns in `text`.
fn render_body(text: &str, body: &str) -> (String, Vec<SourceLink>) {
    let (html, links) = render_markdown_with_links(body);
    let body_start = text.len() - body.len();
    let links = links
        .into_iter()
        .map(|l| {
            let (line, column) = line_col(text, body_start + l.offset);
            SourceLink {
                href: l.href,
                line,
                column,
            }
        })
        .collect();
    (html, links)
}

/// A long page from `pages/<name>.md`.
pub fn parse_long_page(name: &str, text: &str, file: &Path) -> Result<LongPage, Diagnostics> {
    let split = split_front_matter(text, file)?;
    let fm: PageFrontMatter = parse_yaml(split.front_matter, file, split.first_line, text)?;
    let (html, links) = render_body(text, split.body);
    Ok(LongPage {
        name: name.to_string(),
        title: fm.title,
        description: fm.description,
        html,
        source: file.to_path_buf(),
        links,
    })
}

/// A service from `services/<id>.yaml`.
pub fn parse_service(id: &str, text: &str, file: &Path) -> Result<Service, Diagnostics> {
    let mut s: Service = parse_yaml(text, file, 1, text)?;
    let mut errors = Diagnostics::default();
    check_slug(id, file, &mut errors);
    if s.gov_icons.is_empty() {
        let (l, c) = key_position(text, "govIcons").unwrap_or((1, 1));
        errors.push(
            Diagnostic::new(file, "`govIcons` is empty")
                .at(l, c)
                .with_source(text)
                .help("list at least one of DED, MOHRE, GDRFA, ICP, MOFAIC, FTA, DHA"),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    s.id = id.to_string();
    s.source = file.to_path_buf();
    Ok(s)
}

pub fn parse_home(text: &str, file: &Path) -> Result<Home, Diagnostics> {
    let mut home: Home = parse_yaml(text, file, 1, text)?;
    for card in &mut home.cards {
        card.link = super::markdown::canonical_internal_href(&card.link);
    }
    Ok(home)
}

pub fn parse_sections(text: &str, file: &Path) -> Result<Vec<ServiceSection>, Diagnostics> {
    Ok(parse_yaml(text, file, 1, text)?)
}

pub fn parse_pricing(text: &str, file: &Path) -> Result<Pricing, Diagnostics> {
    Ok(parse_yaml(text, file, 1, text)?)
}

pub fn parse_faq(text: &str, file: &Path) -> Result<Vec<FaqItem>, Diagnostics> {
    Ok(parse_yaml(text, file, 1, text)?)
}

pub fn parse_testimonials(text: &str, file: &Path) -> Result<Vec<Testimonial>, Diagnostics> {
    let items: Vec<Testimonial> = parse_yaml(text, file, 1, text)?;
    let mut errors = Diagnostics::default();
    for t in &items {
        if !(1..=5).contains(&t.rating) {
            let offset = text
                .find(&format!("rating: {}", t.rating))
                .unwrap_or_default();
            let (l, c) = line_col(text, offset);
            errors.push(
                Diagnostic::new(file, format!("rating {} is out of range", t.rating))
                    .at(l, c)
                    .with_source(text)
                    .help("a rating is a whole number from 1 to 5"),
            );
        }
    }
    if errors.is_empty() {
        Ok(items)
    } else {
        Err(errors)
    }
}

/// `yyyy-mm-dd`.
pub fn parse_date(s: &str) -> Option<time::Date> {
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
            Diagnostic::new(file, format!("the file name `{slug}` is not a valid slug")).help(
                "rename the file to lowercase ASCII words joined by `-`, e.g. golden-visa-guide",
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POST: &str = "---\ntitle: \"Golden visa\"\nauthor: \"Team\"\ndate: 2025-05-19\nexcerpt: \"Short.\"\n---\n\nHello **world**.\n";

    #[test]
    fn good_front_matter_parses() {
        let p = parse_post(
            "golden-visa",
            Lang::En,
            POST,
            Path::new("en/blog/golden-visa.md"),
        )
        .unwrap();
        assert_eq!(p.title, "Golden visa");
        assert_eq!(p.date, "2025-05-19");
        assert_eq!(p.date_display, "May 19, 2025");
        assert!(p.html.contains("<strong>world</strong>"));
    }

    #[test]
    fn arabic_dates_are_iso() {
        let p = parse_post("x", Lang::Ar, POST, Path::new("ar/blog/x.md")).unwrap();
        assert_eq!(p.date_display, "2025-05-19");
    }

    #[test]
    fn missing_front_matter_is_reported() {
        let e = parse_post("x", Lang::En, "# Title\n", Path::new("x.md")).unwrap_err();
        assert!(e.0[0].message.contains("front matter"));
        assert_eq!(e.0[0].position, Some((1, 1)));
    }

    #[test]
    fn unclosed_front_matter_is_reported() {
        let e = parse_post("x", Lang::En, "---\ntitle: a\n", Path::new("x.md")).unwrap_err();
        assert!(e.0[0].message.contains("never closed"));
    }

    #[test]
    fn misspelt_key_names_the_key_and_line() {
        let text = POST.replace("author:", "autor:");
        let e = parse_post("x", Lang::En, &text, Path::new("x.md")).unwrap_err();
        let d = &e.0[0];
        assert!(d.message.contains("autor"), "{}", d.message);
        assert_eq!(d.position.map(|p| p.0), Some(3));
    }

    #[test]
    fn yaml_type_error_names_file_line_and_column() {
        let text = POST.replace("title: \"Golden visa\"", "title: [1, 2]");
        let e = parse_post("x", Lang::En, &text, Path::new("en/blog/x.md")).unwrap_err();
        let d = &e.0[0];
        assert_eq!(d.file, Path::new("en/blog/x.md"));
        assert_eq!(d.position, Some((2, 8)), "{d:?}");
        assert!(
            d.message.contains("invalid type") || d.message.contains("expected"),
            "{}",
            d.message
        );
    }

    #[test]
    fn bad_date_points_at_the_value() {
        let text = POST.replace("2025-05-19", "2025-13-40");
        let e = parse_post("x", Lang::En, &text, Path::new("x.md")).unwrap_err();
        let d = &e.0[0];
        assert!(d.message.contains("2025-13-40"));
        assert_eq!(d.position, Some((4, 7)));
    }

    #[test]
    fn unknown_gov_icon_is_an_error() {
        let yaml = "title: a\nsummary: b\nsection: business-setup\ngovIcons: [DED, XYZ]\ncontent:\n  description: d\n  servicesOffered: [a]\n  requirements: [b]\n  timeline: t\n";
        let e = parse_service("svc", yaml, Path::new("svc.yaml")).unwrap_err();
        let d = &e.0[0];
        assert!(d.message.contains("XYZ"), "{}", d.message);
        assert_eq!(d.position.map(|p| p.0), Some(4));
    }

    #[test]
    fn service_id_comes_from_the_file_name() {
        let yaml = "title: a\nsummary: b\nsection: business-setup\ngovIcons: [DED]\nisPackage: true\ncontent:\n  description: d\n  servicesOffered: [a]\n  requirements: [b]\n  timeline: t\n";
        let s = parse_service("company-formation", yaml, Path::new("s.yaml")).unwrap();
        assert_eq!(s.id, "company-formation");
        assert!(s.is_package);
    }

    #[test]
    fn rating_out_of_range_is_an_error() {
        let yaml = "- id: a\n  name: n\n  role: r\n  content: c\n  rating: 7\n";
        let e = parse_testimonials(yaml, Path::new("t.yaml")).unwrap_err();
        assert_eq!(e.0[0].position, Some((5, 3)));
    }
}
