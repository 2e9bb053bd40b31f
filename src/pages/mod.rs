//! The page kinds and content collections, declared once in the app's page table
//! (`site/src/shared/pages.json`). Rust builds the route table, the sitemap and the cards
//! from it; the app's screen loaders, its path matcher and its links read the same file; and the
//! TypeScript types of each collection's page data are generated from it
//! (`site/src/shared/collections.generated.ts`, [`typescript`]).
//!
//! sahel's own kinds (home, services, the blog...) must be declared with the paths sahel gives
//! them. A kind of the site's own lists one collection: a YAML list in
//! `content/<lang>/<file>`, whose fields the table declares and the loader checks.
//!
//! Nothing here fails silently: a kind with no screen, a screen no kind names, a path two kinds
//! share and a collection no kind shows are errors at their place in the table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::diagnostics::{Diagnostic, Diagnostics, line_col};
use crate::messages::Msg;

/// The page table, relative to the app folder.
pub const PAGE_TABLE: &str = "site/src/shared/pages.json";
/// The folder of the screens the table names.
pub const SCREENS_DIR: &str = "site/src/app/routes";
/// The TypeScript types generated from the collections, relative to the app folder.
pub const GENERATED_TYPES: &str = "site/src/shared/collections.generated.ts";

/// sahel's own page kinds and their paths (after `/{lang}/`), the first being the canonical one.
pub const BUILT_IN: &[(&str, &[&str])] = &[
    ("home", &["", "home"]),
    ("about", &["about"]),
    ("services", &["services"]),
    ("service", &["services/:id"]),
    ("pricing", &["pricing"]),
    ("faq", &["faq"]),
    ("blog", &["blog", "blog/page/:page"]),
    ("blogPost", &["blog/:slug"]),
    ("contact", &["contact"]),
    ("privacy", &["privacy"]),
    ("terms", &["terms"]),
    ("assistantChat", &["assistant-chat"]),
    ("search", &["search"]),
];

/// Content files sahel reads itself: no collection may take their name.
const RESERVED_FILES: &[&str] = &[
    "screens.yaml",
    "home.yaml",
    "service-sections.yaml",
    "pricing.yaml",
    "faq.yaml",
    "testimonials.yaml",
];

/// One page kind: where it is and which screen shows it.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PageKind {
    /// Path patterns after `/{lang}/` (`"team"`, `"services/:id"`), the canonical one first.
    pub paths: Vec<String>,
    /// The screen's file in `site/src/app/routes/`, without `.tsx`.
    pub module: String,
    /// The component it exports.
    pub export: String,
    /// The collection the page lists (a kind of the site's own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub collection: Option<String>,
    /// Whether the sitemap lists the page (default: yes).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub sitemap: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    pages: BTreeMap<String, PageKind>,
    #[serde(default)]
    collections: BTreeMap<String, Collection>,
}

/// The page table, checked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PageTable {
    /// Every kind by name.
    pub kinds: BTreeMap<String, PageKind>,
    pub collections: BTreeMap<String, Collection>,
}

impl PageTable {
    /// sahel's own kinds only, as the shipped app declares them (for tests).
    pub fn built_in() -> PageTable {
        let module = |name: &str| match name {
            "home" => ("home-screen", "HomeRoute"),
            "about" => ("long-page-screen", "AboutRoute"),
            "privacy" => ("long-page-screen", "PrivacyRoute"),
            "terms" => ("long-page-screen", "TermsRoute"),
            "services" => ("services-screen", "ServicesRoute"),
            "service" => ("service-screen", "ServiceRoute"),
            "pricing" => ("pricing-screen", "PricingRoute"),
            "faq" => ("faq-screen", "FaqRoute"),
            "blog" => ("blog-screens", "BlogRoute"),
            "blogPost" => ("blog-screens", "BlogPostRoute"),
            "contact" => ("contact-screen", "ContactRoute"),
            "search" => ("search-screen", "SearchRoute"),
            _ => ("assistant-chat-screen", "AssistantChatRoute"),
        };
        PageTable {
            kinds: BUILT_IN
                .iter()
                .map(|(name, paths)| {
                    let (m, e) = module(name);
                    (
                        name.to_string(),
                        PageKind {
                            paths: paths.iter().map(|p| p.to_string()).collect(),
                            module: m.into(),
                            export: e.into(),
                            collection: None,
                            // The search page has nothing of its own for a search engine.
                            sitemap: *name != "search",
                        },
                    )
                })
                .collect(),
            collections: BTreeMap::new(),
        }
    }

    /// Reads and checks the app's page table and the screens it names.
    ///
    /// Without an app folder (`check` of content alone, in a copy of the site folder), the site
    /// has sahel's kinds only.
    pub fn load(app: &Path, shown_root: &Path) -> Result<PageTable, Diagnostics> {
        let file = app.join(PAGE_TABLE);
        if !app.join("package.json").is_file() && !file.exists() {
            return Ok(PageTable::built_in());
        }
        let (table, text) = PageTable::read(app, shown_root)?;
        let shown = crate::diagnostics::display_path(shown_root, &file);
        let screens = check_screens(&table, &app.join(SCREENS_DIR), shown_root, &text, &shown);
        if screens.is_empty() {
            Ok(table)
        } else {
            Err(Diagnostics(screens))
        }
    }

    /// Reads and parses the app's page table (not the screens it names), with its text. The
    /// table is the app's own file: one that is a link is refused unread (an error quoting it
    /// would print whatever it points at into the build's log). The bundles (`assets`) and the
    /// loader both read it through here.
    pub fn read(app: &Path, shown_root: &Path) -> Result<(PageTable, String), Diagnostics> {
        let file = app.join(PAGE_TABLE);
        let shown = crate::diagnostics::display_path(shown_root, &file);
        if std::fs::symlink_metadata(&file).is_ok_and(|m| m.file_type().is_symlink()) {
            return Err(Diagnostic::msg(&shown, crate::msg!("pages-table-link"))
                .help_msg(crate::msg!("pages-table-link-help"))
                .into());
        }
        let text = std::fs::read_to_string(&file).map_err(|e| {
            Diagnostic::msg(
                &shown,
                crate::msg!("pages-cannot-read", error = e.to_string()),
            )
            .help_msg(crate::msg!("pages-cannot-read-help"))
        })?;
        Ok((PageTable::parse(&text, &shown)?, text))
    }

    /// Parses and checks a page table's text (not its screens).
    pub fn parse(text: &str, shown: &Path) -> Result<PageTable, Diagnostics> {
        let file: TableFile = serde_json::from_str(text).map_err(|e| {
            Diagnostic::msg(shown, crate::msg!("pages-invalid", error = e.to_string()))
                .with_source(text)
                .at(e.line().max(1), e.column().max(1))
                .help_msg(crate::msg!("pages-invalid-help"))
        })?;
        let table = PageTable {
            kinds: file.pages,
            collections: file.collections,
        };
        let problems = table.problems(text, shown);
        if problems.is_empty() {
            Ok(table)
        } else {
            Err(Diagnostics(problems))
        }
    }

    /// A kind of the site's own (not sahel's): `(name, kind, its collection)`.
    pub fn own_kinds(&self) -> impl Iterator<Item = (&str, &PageKind, &Collection)> {
        self.kinds.iter().filter_map(|(name, kind)| {
            let collection = self.collections.get(kind.collection.as_deref()?)?;
            (!is_built_in(name)).then_some((name.as_str(), kind, collection))
        })
    }

    /// The kind of the site's own named `name`.
    pub fn own(&self, name: &str) -> Option<(&PageKind, &Collection)> {
        self.own_kinds()
            .find(|(n, _, _)| *n == name)
            .map(|(_, k, c)| (k, c))
    }

    fn problems(&self, text: &str, shown: &Path) -> Vec<Diagnostic> {
        let at = |needle: &str| place(text, needle);
        let error = |needle: &str, message: Msg, help: Msg| {
            let (line, col) = at(needle);
            Diagnostic::msg(shown, message)
                .with_source(text)
                .at(line, col)
                .help_msg(help)
        };
        let mut problems = Vec::new();
        for (name, paths) in BUILT_IN {
            match self.kinds.get(*name) {
                None => problems.push(error(
                    "\"pages\"",
                    crate::msg!("pages-builtin-missing", name = *name),
                    crate::msg!(
                        "pages-builtin-missing-help",
                        name = *name,
                        paths = format!("{paths:?}")
                    ),
                )),
                Some(kind) if kind.paths != *paths => problems.push(error(
                    &format!("\"{name}\""),
                    crate::msg!(
                        "pages-builtin-paths",
                        name = *name,
                        expected = format!("{paths:?}"),
                        found = format!("{:?}", kind.paths)
                    ),
                    crate::msg!("pages-builtin-paths-help"),
                )),
                Some(kind) if kind.collection.is_some() => problems.push(error(
                    &format!("\"{name}\""),
                    crate::msg!("pages-builtin-collection", name = *name),
                    crate::msg!("pages-builtin-collection-help"),
                )),
                Some(_) => {}
            }
        }
        let mut seen: BTreeMap<String, &str> = BTreeMap::new();
        for (name, kind) in &self.kinds {
            let here = format!("\"{name}\"");
            let mut push = |message: Msg, help: Msg| problems.push(error(&here, message, help));
            if !is_identifier(name, false) {
                push(
                    crate::msg!("pages-kind-name", name = name),
                    crate::msg!("pages-kind-name-help"),
                );
            }
            if !is_module_name(&kind.module) {
                push(
                    crate::msg!(
                        "pages-module-name",
                        module = &kind.module,
                        name = name,
                        dir = SCREENS_DIR
                    ),
                    crate::msg!("pages-module-name-help"),
                );
            }
            if !is_identifier(&kind.export, true) {
                push(
                    crate::msg!("pages-export-name", export = &kind.export, name = name),
                    crate::msg!("pages-export-name-help"),
                );
            }
            if kind.paths.is_empty() {
                push(
                    crate::msg!("pages-no-path", name = name),
                    crate::msg!("pages-no-path-help"),
                );
            }
            for path in &kind.paths {
                if let Some(other) = seen.insert(pattern_key(path), name) {
                    push(
                        crate::msg!("pages-shared-path", other = other, name = name, path = path),
                        crate::msg!("pages-shared-path-help"),
                    );
                }
            }
            if is_built_in(name) {
                continue;
            }
            if kind.paths.len() > 1 {
                push(
                    crate::msg!("pages-many-paths", name = name, count = kind.paths.len()),
                    crate::msg!("pages-many-paths-help"),
                );
            }
            // A fixed path another kind's pattern matches would hide that kind's page (a path
            // `services/pro-packages` and the service `pro-packages`), or be hidden by it.
            for path in &kind.paths {
                let shadowed = self
                    .kinds
                    .iter()
                    .filter(|(other, _)| *other != name)
                    .flat_map(|(other, k)| k.paths.iter().map(move |p| (other, p)))
                    .find(|(_, pattern)| pattern.contains(':') && pattern_matches(pattern, path));
                if let Some((other, pattern)) = shadowed {
                    push(
                        crate::msg!(
                            "pages-shadowed",
                            path = path,
                            name = name,
                            other = other,
                            pattern = pattern
                        ),
                        crate::msg!("pages-shadowed-help"),
                    );
                }
            }
            for path in &kind.paths {
                if path.is_empty()
                    || path == "404"
                    || !path.split('/').all(|s| {
                        !s.is_empty()
                            && s.bytes()
                                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                    })
                {
                    push(
                        crate::msg!("pages-not-fixed", path = path, name = name),
                        crate::msg!("pages-not-fixed-help"),
                    );
                }
            }
            match &kind.collection {
                None => push(
                    crate::msg!("pages-no-collection", name = name),
                    crate::msg!("pages-no-collection-help"),
                ),
                Some(c) if !self.collections.contains_key(c) => push(
                    crate::msg!("pages-unknown-collection", name = name, collection = c),
                    crate::msg!("pages-unknown-collection-help"),
                ),
                Some(_) => {}
            }
        }
        let shown_by: BTreeSet<&str> = self
            .kinds
            .values()
            .filter_map(|k| k.collection.as_deref())
            .collect();
        let mut files: BTreeMap<&str, &str> = BTreeMap::new();
        for (name, c) in &self.collections {
            let here = format!("\"{name}\"");
            let mut push = |message: Msg, help: Msg| problems.push(error(&here, message, help));
            if !is_identifier(name, false) {
                push(
                    crate::msg!("pages-collection-name", name = name),
                    crate::msg!("pages-identifier-help"),
                );
            }
            if !shown_by.contains(name.as_str()) {
                push(
                    crate::msg!("pages-unused-collection", name = name),
                    crate::msg!("pages-unused-collection-help"),
                );
            }
            let stem = c.file.strip_suffix(".yaml").unwrap_or("");
            if !is_module_name(stem) || RESERVED_FILES.contains(&c.file.as_str()) {
                push(
                    crate::msg!("pages-collection-file", file = &c.file, name = name),
                    crate::msg!("pages-collection-file-help"),
                );
            }
            if let Some(other) = files.insert(&c.file, name) {
                push(
                    crate::msg!(
                        "pages-shared-file",
                        other = other,
                        name = name,
                        file = &c.file
                    ),
                    crate::msg!("pages-shared-file-help"),
                );
            }
            if c.fields.is_empty() {
                push(
                    crate::msg!("pages-no-fields", name = name),
                    crate::msg!("pages-no-fields-help"),
                );
            }
            if shipped().contains_key(name) {
                push(
                    crate::msg!("pages-shipped-name", name = name),
                    crate::msg!("pages-shipped-name-help"),
                );
            }
            if c.form != Form::List || !c.validators.is_empty() {
                push(
                    crate::msg!("pages-not-list", name = name),
                    crate::msg!("pages-not-list-help"),
                );
            }
            for problem in collection_problems(c) {
                push(
                    crate::msg!("pages-collection-problem", name = name, problem = problem),
                    crate::msg!("pages-settings-help"),
                );
            }
            for (field, f) in &c.fields {
                if !is_identifier(field, false) || !fields::is_field_name(field) {
                    push(
                        crate::msg!("pages-field-name", field = field, name = name),
                        crate::msg!("pages-identifier-help"),
                    );
                }
                if let Some(problem) = field_problem(f) {
                    push(
                        crate::msg!(
                            "pages-field-problem",
                            field = field,
                            name = name,
                            problem = problem
                        ),
                        crate::msg!("pages-settings-help"),
                    );
                }
            }
        }
        problems
    }
}

/// Whether `name` is one of sahel's own page kinds.
pub fn is_built_in(name: &str) -> bool {
    BUILT_IN.iter().any(|(n, _)| *n == name)
}

/// Whether `pattern` (`services/:id`) matches the fixed `path` (`services/pro-packages`): as
/// many segments, each equal or a parameter.
fn pattern_matches(pattern: &str, path: &str) -> bool {
    let (a, b): (Vec<&str>, Vec<&str>) = (pattern.split('/').collect(), path.split('/').collect());
    a.len() == b.len()
        && a.iter()
            .zip(&b)
            .all(|(p, s)| p == s || (p.starts_with(':') && !s.is_empty()))
}

/// Two patterns that match the same paths have one key (`blog/:slug` and `blog/:id`).
fn pattern_key(path: &str) -> String {
    path.split('/')
        .map(|s| if s.starts_with(':') { ":" } else { s })
        .collect::<Vec<_>>()
        .join("/")
}

fn is_identifier(s: &str, upper: bool) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| {
        if upper {
            c.is_ascii_uppercase()
        } else {
            c.is_ascii_lowercase()
        }
    }) && chars.all(|c| c.is_ascii_alphanumeric())
}

fn is_module_name(s: &str) -> bool {
    !s.is_empty()
        && !s.starts_with('-')
        && !s.ends_with('-')
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The line and column of the first `needle` in `text` (the start when it is not there).
fn place(text: &str, needle: &str) -> (usize, usize) {
    line_col(text, text.find(needle).unwrap_or(0))
}

mod fields;
mod screens;
pub(crate) mod typecheck;
pub mod typescript;

pub use fields::{Collection, Field, FieldType, Form, VALIDATORS, shipped};
use fields::{collection_problems, field_problem};

use screens::check_screens;

#[cfg(test)]
mod tests;
