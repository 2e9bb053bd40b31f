//! Reading the content folder: walks `content/<lang>/`, reads every file once, and hands the
//! text to the pure parsers in [`super::parse`], in parallel. Every problem in every file is
//! collected, so one run reports them all.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use walkdir::WalkDir;

use super::parse;
use super::{ContentItem, LangContent, Site};
use crate::config::SiteConfig;
use crate::diagnostics::{Diagnostic, Diagnostics, display_path};
use crate::lang::Lang;
use crate::pages::PageTable;

/// What a file under `content/<lang>/` is, by its path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ContentFile {
    Post(String),
    Page(String),
    Service(String),
    Screens,
    Home,
    Sections,
    Pricing,
    Faq,
    Testimonials,
    /// A collection of the site's own, by name ([`crate::pages`]).
    Collection(String),
}

impl ContentFile {
    /// Classifies a path relative to `content/<lang>/`.
    pub(crate) fn classify(rel: &Path) -> Option<ContentFile> {
        // A folder whose name is not UTF-8 is no content folder (dropping it from the path made
        // `blog/<not UTF-8>/x.md` a post).
        let parts: Vec<&str> = rel.iter().map(|p| p.to_str()).collect::<Option<_>>()?;
        match parts.as_slice() {
            ["screens.yaml"] => Some(ContentFile::Screens),
            ["home.yaml"] => Some(ContentFile::Home),
            ["service-sections.yaml"] => Some(ContentFile::Sections),
            ["pricing.yaml"] => Some(ContentFile::Pricing),
            ["faq.yaml"] => Some(ContentFile::Faq),
            ["testimonials.yaml"] => Some(ContentFile::Testimonials),
            ["blog", name] => name
                .strip_suffix(".md")
                .map(|s| ContentFile::Post(s.into())),
            ["pages", name] => name
                .strip_suffix(".md")
                .map(|s| ContentFile::Page(s.into())),
            ["services", name] => name
                .strip_suffix(".yaml")
                .map(|s| ContentFile::Service(s.into())),
            _ => None,
        }
    }

    /// [`ContentFile::classify`], and the files of the site's own collections.
    pub(crate) fn classify_with(rel: &Path, pages: &PageTable) -> Option<ContentFile> {
        ContentFile::classify(rel).or_else(|| {
            let name = rel.to_str()?;
            pages
                .collections
                .iter()
                .find(|(_, c)| c.file == name)
                .map(|(n, _)| ContentFile::Collection(n.clone()))
        })
    }
}

/// The checks loading runs on what it reads, given by the caller so that the content model
/// depends on no checker: `check::LINTS` (the typography lint and `review_by` marks on each
/// file's text as it is read, the app's lint once per load).
#[derive(Clone, Copy)]
pub struct Lints {
    /// A content file's findings, from its text, its path as shown and its parsed Markdown body.
    pub file: fn(&str, &Path, Option<&super::markdown::ParsedBody<'_>>) -> Vec<Diagnostic>,
    /// The app's lint findings and the interface strings a language lacks.
    pub app: fn(&Path, &SiteConfig) -> AppFindings,
}

/// The app's lint findings, then the interface strings a language lacks.
pub type AppFindings = (Vec<Diagnostic>, Vec<Diagnostic>);

/// Loads the content of a site folder under `config`, running `lints` on what it reads.
pub(crate) fn load_site_with_config(
    root: &Path,
    config: SiteConfig,
    lints: &Lints,
) -> Result<Site, Diagnostics> {
    let (site, errors) = load_site_partial(root, config, lints)?;
    if errors.is_empty() {
        Ok(site)
    } else {
        Err(errors)
    }
}

/// [`load_site_with_config`], keeping what loaded when some files did not: the site (its
/// [`Site::unparsed`] files) and every file's errors, so that the whole-site checks can run
/// on the rest in the same run. `Err` only when there is no site to check (no content
/// folder, a page table or media folder that cannot be read).
pub(crate) fn load_site_partial(
    root: &Path,
    config: SiteConfig,
    lints: &Lints,
) -> Result<(Site, Diagnostics), Diagnostics> {
    let content_dir = root.join(&config.paths.content);
    if !content_dir.is_dir() {
        let folders = config
            .languages
            .all()
            .iter()
            .map(|l| format!("content/{}", l.code()))
            .collect::<Vec<_>>()
            .join(", ");
        return Err(Diagnostic::msg(
            display_path(root, &content_dir),
            crate::msg!("content-folder-missing"),
        )
        .help_msg(crate::msg!(
            "content-folder-missing-help",
            folders = folders
        ))
        .into());
    }
    let mut errors = Diagnostics::default();
    // The page table says which files of the site's own collections there are: without it,
    // such a file would be "not part of any content type".
    let pages = PageTable::load(&root.join(&config.paths.app), root)?;
    let loaded: Vec<Loaded> = {
        use rayon::prelude::*;
        config
            .languages
            .all()
            .par_iter()
            .map(|&lang| load_lang(root, &content_dir, lang, lints, &pages))
            .collect()
    };
    let mut langs = Vec::with_capacity(loaded.len());
    let mut unparsed = BTreeMap::new();
    for (l, lang) in loaded.into_iter().zip(config.languages.all()) {
        errors.0.extend(l.errors.0);
        if !l.unparsed.is_empty() {
            unparsed.insert(*lang, l.unparsed);
        }
        langs.push(l.content);
    }
    let media = crate::media::Media::scan(root, &content_dir)
        .map(|m| m.with_images(config.images.clone()))
        .map_err(|e| {
            let mut all = errors.clone();
            all.0.extend(e.0);
            all.sorted()
        })?;
    let (app_lint, strings_missing) = (lints.app)(root, &config);
    let site = Site {
        root: root.to_path_buf(),
        config,
        pages,
        langs,
        app_lint,
        strings_missing,
        media,
        warnings: Diagnostics::default(),
        unparsed,
    };
    Ok((site, errors.sorted()))
}

/// One language's content as loaded: what parsed, the errors, and the files that did not.
struct Loaded {
    content: LangContent,
    errors: Diagnostics,
    unparsed: BTreeSet<String>,
}

fn load_lang(
    root: &Path,
    content_dir: &Path,
    lang: Lang,
    lints: &Lints,
    pages: &PageTable,
) -> Loaded {
    let dir = content_dir.join(lang.code());
    let mut content = LangContent::empty();
    let mut unparsed = BTreeSet::new();
    if !dir.is_dir() {
        return Loaded {
            content,
            errors: Diagnostic::msg(
                display_path(root, &dir),
                crate::msg!("content-lang-folder-missing", code = lang.code()),
            )
            .help_msg(crate::msg!(
                "content-lang-folder-missing-help",
                folder = display_path(root, &dir).display()
            ))
            .into(),
            unparsed,
        };
    }
    let mut files: Vec<PathBuf> = Vec::new();
    let mut errors = Diagnostics::default();
    for entry in WalkDir::new(&dir).sort_by_file_name() {
        match entry {
            Ok(e) if e.file_type().is_file() => match e.file_name().to_str() {
                Some(name) if name.starts_with('.') => {}
                Some(_) => files.push(e.into_path()),
                // Skipped as if hidden before: a post silently missing from the site.
                None => errors.push(
                    Diagnostic::msg(
                        display_path(root, e.path()),
                        crate::msg!("content-file-name-not-utf8"),
                    )
                    .help_msg(crate::msg!("content-file-name-not-utf8-help")),
                ),
            },
            Ok(_) => {}
            Err(e) => errors.push(Diagnostic::msg(
                e.path().map(|p| display_path(root, p)).unwrap_or_default(),
                crate::msg!("content-cannot-read", error = e.to_string()),
            )),
        }
    }

    let results: Vec<Result<(ContentItem, Vec<Diagnostic>), Diagnostics>> = files
        .par_iter()
        .map(|path| load_file(root, &dir, lang, path, lints, pages))
        .collect();
    for (r, path) in results.into_iter().zip(&files) {
        match r {
            Ok((item, lint)) => {
                let shown = display_path(root, path);
                if lint.is_empty() {
                    content.lint.remove(&shown);
                } else {
                    content.lint.insert(shown, lint);
                }
                content.put(item);
            }
            Err(e) => {
                errors.0.extend(e.0);
                if let Ok(rel) = path.strip_prefix(&dir) {
                    let rel = rel
                        .components()
                        .map(|c| c.as_os_str().to_string_lossy())
                        .collect::<Vec<_>>()
                        .join("/");
                    unparsed.insert(rel);
                }
            }
        }
    }
    content.sort();
    errors.0.extend(references(root, &dir, &content, pages));
    // Every language has each collection a page kind lists, and its screens' strings.
    for (kind, page, collection) in pages.own_kinds() {
        let name = page.collection.as_deref().unwrap_or(kind);
        // (A file that is there but has errors was reported with them.)
        if !content.collections.contains_key(name) && !files.contains(&dir.join(&collection.file)) {
            let file = display_path(root, &dir.join(&collection.file));
            errors.push(
                Diagnostic::msg(
                    &file,
                    crate::msg!(
                        "content-collection-file-missing",
                        code = lang.code(),
                        file = &collection.file
                    ),
                )
                .help_msg(crate::msg!(
                    "content-collection-file-missing-help",
                    kind = kind,
                    name = name
                )),
            );
        }
        let has_text = content
            .screens
            .as_ref()
            .is_some_and(|s| s.pages.contains_key(kind));
        if !has_text {
            let file = display_path(root, &dir.join("screens.yaml"));
            errors.push(
                Diagnostic::msg(&file, crate::msg!("content-screens-no-page", kind = kind))
                    .help_msg(crate::msg!("content-screens-no-page-help", kind = kind)),
            );
        }
    }
    if errors.is_empty() && !super::has_default_screens(lang) {
        let file = display_path(root, &dir.join("screens.yaml"));
        match &content.screens {
            None => errors.push(
                Diagnostic::msg(&file, crate::msg!("content-no-screens", code = lang.code()))
                    .help_msg(crate::msg!("content-no-screens-help")),
            ),
            Some(s) if s.labels.is_none() => errors.push(
                Diagnostic::msg(&file, crate::msg!("content-no-labels"))
                    .help_msg(crate::msg!("content-no-labels-help")),
            ),
            Some(_) => {}
        }
    }
    Loaded {
        content,
        errors,
        unparsed,
    }
}

/// Each reference of a collection's items (`"type": "ref"`) that names no service or post of
/// the language, at its line.
fn references(
    root: &Path,
    dir: &Path,
    content: &LangContent,
    pages: &PageTable,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    for (name, collection) in &pages.collections {
        let Some(items) = content.collections.get(name) else {
            continue;
        };
        let path = dir.join(&collection.file);
        let shown = display_path(root, &path);
        for (field, decl) in &collection.fields {
            let Some(to) = decl.to.as_deref() else {
                continue;
            };
            for (i, item) in items.iter().enumerate() {
                let Some(id) = item.get(field).and_then(|v| v.as_str()) else {
                    continue;
                };
                let id = super::bidi::strip_isolates(id);
                let found = match to {
                    "services" => content.services.iter().any(|s| s.id == *id),
                    _ => content.post(&id).is_some(),
                };
                if found {
                    continue;
                }
                let text = if to == "services" {
                    crate::msg!(
                        "content-ref-not-service",
                        n = i + 1,
                        field = field,
                        id = &*id
                    )
                } else {
                    crate::msg!("content-ref-not-post", n = i + 1, field = field, id = &*id)
                };
                let mut d = Diagnostic::msg(&shown, text)
                    .help_msg(crate::msg!("content-ref-help", to = to));
                if let Ok(text) = std::fs::read_to_string(&path)
                    && let Some(at) = text.find(&format!("{field}: {id}"))
                {
                    let (line, col) = crate::diagnostics::line_col(&text, at);
                    d = d.with_source(text.as_str()).at(line, col);
                }
                problems.push(d);
            }
        }
    }
    problems
}

/// Reads and parses one file of `content/<lang>/` (`lang_dir`), with the left-to-right runs
/// of its text isolated when the language is right-to-left ([`super::bidi`]) and the
/// typography lint's findings in it.
pub(crate) fn load_file(
    root: &Path,
    lang_dir: &Path,
    lang: Lang,
    path: &Path,
    lints: &Lints,
    pages: &PageTable,
) -> Result<(ContentItem, Vec<Diagnostic>), Diagnostics> {
    let shown = display_path(root, path);
    let rel = path.strip_prefix(lang_dir).unwrap_or(path);
    let Some(kind) = ContentFile::classify_with(rel, pages) else {
        return Err(
            Diagnostic::msg(&shown, crate::msg!("content-not-content-file"))
                .help_msg(crate::msg!("content-not-content-file-help"))
                .into(),
        );
    };
    let bytes = std::fs::read(path).map_err(|e| {
        Diagnostics::from(Diagnostic::msg(
            &shown,
            crate::msg!("content-cannot-read-file", error = e.to_string()),
        ))
    })?;
    let text = String::from_utf8(bytes).map_err(|e| not_utf8(&shown, e))?;
    load_text(lang, &text, &shown, kind, lints, pages)
}

/// [`load_file`] from the file's text (the browser editor's draft), `shown` as messages name it
/// and `kind` what its path makes it.
pub(crate) fn load_text(
    lang: Lang,
    text: &str,
    shown: &Path,
    kind: ContentFile,
    lints: &Lints,
    pages: &PageTable,
) -> Result<(ContentItem, Vec<Diagnostic>), Diagnostics> {
    let shown = shown.to_path_buf();
    let text = text.to_string();
    secret_keys(&text, &shown)?;
    // A Markdown body is parsed once, for the page and for the lint.
    let body = matches!(kind, ContentFile::Post(_) | ContentFile::Page(_))
        .then(|| parse::split_front_matter(&text, &shown).ok())
        .flatten()
        .map(|split| super::markdown::ParsedBody::parse(split.body));
    let mut item = match kind {
        ContentFile::Collection(name) => {
            let Some(collection) = pages.collections.get(&name) else {
                return Err(
                    Diagnostic::msg(&shown, crate::msg!("content-not-content-file")).into(),
                );
            };
            let mut items = super::collection::parse_collection(&name, collection, &text, &shown)?;
            if lang.is_rtl() {
                for t in super::collection::texts_mut(&mut items, collection) {
                    super::bidi::isolate_in_place(t);
                }
            }
            ContentItem::Collection(name, items)
        }
        kind => parse_file(kind, &text, &shown, body.as_ref())?,
    };
    if lang.is_rtl() {
        super::bidi::isolate_item(&mut item);
    }
    Ok((item, (lints.file)(&text, &shown, body.as_ref())))
}

/// A secret key pasted into a content file is an error at its line and column in that file (the
/// scan of the built output would only name the page it reached). The line is not shown, nor
/// the key beyond its first characters, so the key does not reach a CI log.
fn secret_keys(text: &str, shown: &Path) -> Result<(), Diagnostics> {
    let found = crate::secrets::scan_bytes(text.as_bytes());
    if found.is_empty() {
        return Ok(());
    }
    Err(Diagnostics(
        found
            .into_iter()
            .map(|(offset, what)| {
                let (line, column) = crate::diagnostics::line_col(text, offset);
                Diagnostic::msg(shown, crate::msg!("content-secret-key", what = what))
                    .at(line, column)
                    .help_msg(crate::msg!("content-secret-key-help"))
            })
            .collect(),
    ))
}

fn parse_file(
    kind: ContentFile,
    text: &str,
    shown: &Path,
    body: Option<&super::markdown::ParsedBody<'_>>,
) -> Result<ContentItem, Diagnostics> {
    Ok(match kind {
        ContentFile::Post(slug) => {
            ContentItem::Post(parse::parse_post_with(&slug, text, shown, body)?)
        }
        ContentFile::Page(name) => {
            ContentItem::Page(parse::parse_long_page_with(&name, text, shown, body)?)
        }
        ContentFile::Service(id) => {
            ContentItem::Service(Box::new(parse::parse_service(&id, text, shown)?))
        }
        ContentFile::Screens => ContentItem::Screens(Box::new(parse::parse_screens(text, shown)?)),
        ContentFile::Home => ContentItem::Home(parse::parse_home(text, shown)?),
        ContentFile::Sections => ContentItem::Sections(parse::parse_sections(text, shown)?),
        ContentFile::Pricing => ContentItem::Pricing(parse::parse_pricing(text, shown)?),
        ContentFile::Faq => ContentItem::Faq(parse::parse_faq(text, shown)?),
        ContentFile::Testimonials => {
            ContentItem::Testimonials(parse::parse_testimonials(text, shown)?)
        }
        // Read by `load_file` with its declaration.
        ContentFile::Collection(name) => ContentItem::Collection(name, Vec::new()),
    })
}

/// A file that is not UTF-8 text: where the first byte that is not, shown in the file as the
/// editor's UTF-8 reading of it would show it.
fn not_utf8(file: &Path, e: std::string::FromUtf8Error) -> Diagnostics {
    let at = e.utf8_error().valid_up_to();
    let bytes = e.as_bytes();
    let byte = bytes.get(at).copied().unwrap_or_default();
    let valid = String::from_utf8_lossy(bytes.get(..at).unwrap_or_default());
    let lossy = String::from_utf8_lossy(bytes);
    let (line, column) = crate::diagnostics::line_col(&valid, valid.len());
    Diagnostic::msg(
        file,
        crate::msg!("content-not-utf8", byte = format!("{byte:02X}")),
    )
    .at(line, column)
    .with_source(lossy.as_ref())
    .help_msg(crate::msg!("content-not-utf8-help"))
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_paths() {
        assert_eq!(
            ContentFile::classify(Path::new("blog/a-b.md")),
            Some(ContentFile::Post("a-b".into()))
        );
        assert_eq!(
            ContentFile::classify(Path::new("services/x.yaml")),
            Some(ContentFile::Service("x".into()))
        );
        assert_eq!(
            ContentFile::classify(Path::new("faq.yaml")),
            Some(ContentFile::Faq)
        );
        assert_eq!(ContentFile::classify(Path::new("blog/a.txt")), None);
        assert_eq!(ContentFile::classify(Path::new("other/a.md")), None);
    }

    #[test]
    fn a_file_that_is_not_utf8_is_reported_at_its_first_bad_byte() {
        let bytes = b"---\ntitle: \"caf\xe9\"\n".to_vec();
        let e = String::from_utf8(bytes).unwrap_err();
        let d = not_utf8(Path::new("content/en/blog/x.md"), e);
        assert_eq!(d.0[0].position, Some((2, 12)));
        assert!(d.0[0].message.contains("0xE9"), "{}", d.0[0].message);
    }
}
