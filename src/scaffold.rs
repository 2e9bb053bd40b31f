//! `new post`: a draft blog post with valid front matter, a slug from the title and today's
//! date, and placeholders in the post's language, optionally with its counterpart in every
//! other language. Never overwrites a file. A draft is never published (`build` leaves it
//! out); a placeholder left in a published post is an error ([`crate::check::drafts`]).

use std::path::{Path, PathBuf};

use anyhow::bail;

use crate::config::SiteConfig;
use crate::lang::Lang;

/// `"Golden Visa: 2026 guide!"` → `golden-visa-2026-guide`. Non-ASCII letters are dropped, so
/// an Arabic title needs an explicit slug.
fn slugify(title: &str) -> String {
    let mut slug = String::new();
    for ch in title.chars() {
        if ch.is_ascii_alphanumeric() {
            slug.push(ch.to_ascii_lowercase());
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    slug.trim_end_matches('-').to_string()
}

/// `s` as a YAML double-quoted string: what YAML does not allow raw inside a document (controls,
/// DEL, C1 controls, the BOM, U+FFFE and U+FFFF) and the line breaks YAML 1.1 knew (NEL,
/// U+2028, U+2029) are escaped, so the post always parses with its title back. (JSON, used
/// before, writes DEL, U+FFFE and a BOM raw, and the new post did not load.)
fn yaml_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            ' '..='~'
            | '\u{A0}'..='\u{2027}'
            | '\u{202A}'..='\u{D7FF}'
            | '\u{E000}'..='\u{FEFE}'
            | '\u{FF00}'..='\u{FFFD}'
            | '\u{10000}'.. => out.push(c),
            c if u32::from(c) <= 0xFFFF => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push_str(&format!("\\U{:08X}", u32::from(c))),
        }
    }
    out.push('"');
    out
}

/// What `new post` writes in place of a post's excerpt and body, in one language.
pub(crate) struct Placeholders {
    /// The language's code; the first set is for any language without its own.
    pub(crate) lang: &'static str,
    pub(crate) excerpt: &'static str,
    pub(crate) body: &'static str,
}

/// The placeholders of every language sahel writes them in: `check` refuses any of them in a
/// published post.
pub(crate) const PLACEHOLDERS: [Placeholders; 2] = [
    Placeholders {
        lang: "en",
        excerpt: "One or two sentences for the blog list and search engines.",
        body: "Write the post here, in Markdown.",
    },
    Placeholders {
        lang: "ar",
        excerpt: "جملة أو جملتان تلخّصان المقال، تظهران في قائمة المدونة ولمحركات البحث.",
        body: "اكتب المقال هنا بصيغة Markdown.",
    },
];

/// The placeholders in `lang` (English for a language sahel has none in).
fn placeholders_in(lang: &str) -> &'static Placeholders {
    let primary = lang.split('-').next().unwrap_or(lang);
    PLACEHOLDERS
        .iter()
        .find(|p| p.lang == primary)
        .unwrap_or(&PLACEHOLDERS[0])
}

/// The text of a new post, a draft, with the placeholders in `lang`. Characters no page may
/// carry (controls, noncharacters) are left out of the title and author, so the post always
/// loads.
pub fn post_text(title: &str, author: &str, date: time::Date, lang: &str) -> String {
    let renderable = |s: &str| -> String {
        s.chars()
            .filter(|&c| !crate::text::is_unrenderable(c))
            .collect()
    };
    let (title, author) = (renderable(title), renderable(author));
    let p = placeholders_in(lang);
    format!(
        "---\ntitle: {}\nauthor: {}\ndate: {}\nexcerpt: {}\n# Not published until this line is removed (`sahel serve` shows it).\ndraft: true\n---\n\n{}\n",
        yaml_string(&title),
        yaml_string(&author),
        crate::lang::iso_date(date),
        yaml_string(p.excerpt),
        p.body
    )
}

/// Creates the post (and its counterpart when `both`), returning the files written.
pub fn new_post(
    root: &Path,
    lang: Option<&str>,
    title: &str,
    slug: Option<&str>,
    both: bool,
    today: time::Date,
) -> anyhow::Result<Vec<PathBuf>> {
    let config = SiteConfig::load(root).map_err(|d| anyhow::anyhow!("{}", d.render()))?;
    let lang = match lang {
        None => config.languages.default_lang(),
        Some(code) => match config.languages.get(code) {
            Some(l) => l,
            None => bail!(crate::msg!(
                "scaffold-unknown-lang",
                code = code,
                codes = config.languages.codes()
            )),
        },
    };
    let slug = match slug {
        Some(s) => s.to_string(),
        None => slugify(title),
    };
    if slug.is_empty() {
        bail!(crate::msg!("scaffold-no-slug", title = title));
    }
    if slug != slugify(&slug) {
        bail!(crate::msg!("scaffold-bad-slug", slug = &slug));
    }
    let langs: Vec<Lang> = if both {
        std::iter::once(lang)
            .chain(config.languages.others(lang))
            .collect()
    } else {
        vec![lang]
    };
    let files: Vec<(Lang, PathBuf)> = langs
        .iter()
        .map(|l| {
            (
                *l,
                root.join(&config.paths.content)
                    .join(l.code())
                    .join("blog")
                    .join(format!("{slug}.md")),
            )
        })
        .collect();
    for (_, file) in &files {
        if file.exists() {
            bail!(crate::msg!(
                "scaffold-exists",
                file = file.strip_prefix(root).unwrap_or(file).display()
            ));
        }
    }
    let mut written = Vec::new();
    for (l, file) in files {
        if let Some(parent) = file.parent() {
            std::fs::create_dir_all(parent)?;
        }
        // A counterpart starts with the title to translate (the `untranslated` lint names it
        // until it is), never a made-up one; it is a draft like the post.
        std::fs::write(
            &file,
            post_text(title, config.company.name.get(l), today, l.code()),
        )?;
        written.push(file);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn slugs_from_titles() {
        assert_eq!(
            slugify("Golden Visa: 2026 guide!"),
            "golden-visa-2026-guide"
        );
        assert_eq!(slugify("  Family  visa -- steps "), "family-visa-steps");
        assert_eq!(slugify("التأشيرة الذهبية"), "");
    }

    #[test]
    fn a_new_post_parses() {
        for lang in ["en", "ar", "ur"] {
            let text = post_text(
                "A \"quoted\" title: yes",
                "Team",
                date!(2026 - 11 - 22),
                lang,
            );
            let post = crate::content::parse::parse_post("x", &text, Path::new("x.md")).unwrap();
            assert_eq!(post.title, "A \"quoted\" title: yes");
            assert_eq!(post.date, time::macros::date!(2026 - 11 - 22));
            assert!(post.draft, "a new post is a draft");
            let p = placeholders_in(lang);
            assert_eq!(post.excerpt, p.excerpt);
            let text = post.html.replace("<bdi>", "").replace("</bdi>", "");
            assert!(text.contains(p.body), "{lang}: {}", post.html);
        }
        assert_eq!(placeholders_in("ar").lang, "ar");
        assert_eq!(placeholders_in("ur").lang, "en");
    }
}
