//! The content model: what editors write in `content/<lang>/`, parsed and validated.
//!
//! [`parse`] turns text into model values without touching the disk; [`load`] walks the content
//! folder and reads files; [`markdown`] renders and sanitises Markdown bodies.

pub mod bidi;
pub mod collection;
pub(crate) mod load;
pub mod markdown;
pub mod nesting;
pub(crate) mod node;
pub mod parse;
mod screens;
mod yaml;

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::config::SiteConfig;
use crate::lang::Lang;

pub use screens::{
    AssistantLabels, Breadcrumbs, CardKinds, Labels, PageScreenText, ScreenText, Screens,
};
pub(crate) use yaml::Located;
mod links;
pub use links::{Photo, SourceLink};

use crate::diagnostics::Mark;

pub use crate::text::{is_unrenderable, may_hold_unrenderable};

/// The government bodies a service deals with, shown as badges (`govIcons:` in a service's file).
///
/// The ids are data: the specification's starting set (DED ... DHA) keeps its spelling even where
/// the body has since been renamed, and the app shows each body's current name in the page's
/// language (`govBadges.<id>` in `site/src/i18n/<lang>/common.json`). An unknown id is a content
/// error listing these. `tests/contracts/gov-icons.json` holds the list for the app's test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum GovIcon {
    /// Dubai's Department of Economy and Tourism (DET; the Department of Economic Development
    /// until 2021).
    DED,
    /// The Ministry of Human Resources and Emiratisation.
    MOHRE,
    /// The General Directorate of Residency and Foreigners Affairs – Dubai («إقامة دبي»).
    GDRFA,
    /// The Federal Authority for Identity, Citizenship, Customs and Port Security.
    ICP,
    /// The Ministry of Foreign Affairs (MoFA; formerly the Ministry of Foreign Affairs and
    /// International Cooperation, MOFAIC).
    MOFAIC,
    /// The Federal Tax Authority.
    FTA,
    /// The Dubai Health Authority.
    DHA,
    /// The Dubai Land Department (Ejari).
    DLD,
    /// Dubai Police (police clearance certificates in Dubai).
    DubaiPolice,
    /// The Ministry of Interior (police clearance certificates elsewhere in the UAE).
    MOI,
}

impl GovIcon {
    /// Every id, in the order content errors list them.
    pub const ALL: [GovIcon; 10] = [
        GovIcon::DED,
        GovIcon::MOHRE,
        GovIcon::GDRFA,
        GovIcon::ICP,
        GovIcon::MOFAIC,
        GovIcon::FTA,
        GovIcon::DHA,
        GovIcon::DLD,
        GovIcon::DubaiPolice,
        GovIcon::MOI,
    ];
}

/// The icons a service or a services-list section may show: Lucide's names for them
/// (lucide.dev/icons). The app maps each name to its component (`site/src/app/routes/service-icons.tsx`);
/// `tests/contracts/icons.json` holds this list for its test.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Icon {
    BadgeCheck,
    Briefcase,
    #[serde(rename = "building-2")]
    Building2,
    Calculator,
    FileCheck,
    Fingerprint,
    House,
    IdCard,
    Landmark,
    Languages,
    Plane,
    ShieldCheck,
    Stamp,
}

impl Icon {
    /// Every icon, in the order of their names.
    pub const ALL: [Icon; 13] = [
        Icon::BadgeCheck,
        Icon::Briefcase,
        Icon::Building2,
        Icon::Calculator,
        Icon::FileCheck,
        Icon::Fingerprint,
        Icon::House,
        Icon::IdCard,
        Icon::Landmark,
        Icon::Languages,
        Icon::Plane,
        Icon::ShieldCheck,
        Icon::Stamp,
    ];
}

/// A post as the model holds it; what reaches the browser is `page_data::PostView`.
#[derive(Debug, Clone)]
pub struct BlogPost {
    pub slug: String,
    pub title: String,
    pub author: String,
    /// The publication date; formatted only where data leaves Rust (`lang::iso_date`,
    /// `Lang::format_date`).
    pub date: time::Date,
    pub excerpt: String,
    /// Its photo, if it has one.
    pub image: Option<Photo>,
    /// Sanitised HTML of the body.
    pub html: String,
    pub(crate) source: PathBuf,
    /// Links in the body, as written, with their line and column in the file.
    pub links: Vec<SourceLink>,
    /// The body's headings' anchors, in order (`content::markdown::heading_ids`).
    pub anchors: Vec<String>,
    /// A `slug:` key that differs from the file name, with its line and column (checked
    /// against the other posts by [`crate::check`]).
    pub declared_slug: Option<(String, Mark)>,
    /// `draft: true`: `build` leaves the post out (in every language: [`crate::check::drafts`]);
    /// `serve` shows it, marked as a draft.
    pub draft: bool,
}

/// A long page (about, privacy, terms); what reaches the browser is `page_data::LongPageView`.
#[derive(Debug, Clone)]
pub struct LongPage {
    pub(crate) name: String,
    pub title: String,
    pub description: String,
    pub html: String,
    pub(crate) source: PathBuf,
    pub links: Vec<SourceLink>,
    /// The body's headings' anchors, in order.
    pub anchors: Vec<String>,
}

/// A service as its YAML file declares it (`Serialize` is for the parser's check of its text
/// values); what reaches the browser is `page_data::ServiceView`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Service {
    /// The file name: `services/<id>.yaml`.
    #[serde(skip_deserializing)]
    pub id: String,
    pub title: String,
    pub summary: String,
    pub section: Located<String>,
    pub gov_icons: Vec<GovIcon>,
    pub icon: Located<Icon>,
    /// Its place among the footer's main services (smallest first); absent: not there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub footer: Option<Located<u16>>,
    #[serde(default)]
    pub is_package: bool,
    /// Its photo, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<Photo>,
    pub content: ServiceContent,
    /// Time-sensitive passages ([`crate::check::review`]), checked when the file is read; never
    /// part of the page data (the app does not read them).
    #[serde(default, rename = "review_by", skip_serializing)]
    #[allow(dead_code)]
    pub(crate) review_by: Vec<Review>,
    #[serde(skip)]
    pub(crate) source: PathBuf,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ServiceContent {
    pub description: String,
    pub services_offered: Vec<String>,
    pub requirements: Vec<String>,
    pub timeline: String,
    /// The working days `timeline` states, as numbers (`{ min: 2, max: 7 }`), for the page's
    /// timeline bar; absent when the text gives no range ("depends on the visa type").
    #[serde(default)]
    pub timeline_days: Option<Located<TimelineDays>>,
    #[serde(default)]
    pub notes: Vec<String>,
}

/// One entry of a `review_by` list.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Review {
    /// The date by which to check the passage again, `yyyy-mm-dd`.
    pub date: String,
    /// A phrase of the passage, as the file writes it.
    pub passage: String,
}

/// A service's timeline in working days: `min` to `max` (equal for "1 working day").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TimelineDays {
    pub min: u16,
    pub max: u16,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ServiceSection {
    pub anchor: Located<String>,
    pub title: String,
    #[serde(default)]
    pub description: String,
    pub icon: Located<Icon>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Home {
    pub hero: Hero,
    #[serde(default)]
    pub value_points: Vec<ValuePoint>,
    #[serde(default)]
    pub cards: Vec<HomeCard>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Hero {
    pub title: String,
    pub subtitle: String,
    pub primary_cta: String,
    pub secondary_cta: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ValuePoint {
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct HomeCard {
    pub title: String,
    pub text: String,
    /// A site path such as `/en/services/company-formation` or `/ar/services#business-setup`.
    pub link: Located<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Pricing {
    pub plans: Vec<Plan>,
    #[serde(default)]
    pub rules: Vec<String>,
    /// Time-sensitive passages of the file: checked by [`crate::check::review`] on the file's
    /// text, and never part of the page's data.
    #[serde(default, rename = "review_by", skip_serializing)]
    #[allow(dead_code)]
    pub(crate) review_by: Vec<Review>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Plan {
    pub id: Located<String>,
    pub name: String,
    pub price: String,
    pub period: String,
    pub description: String,
    #[serde(default)]
    pub is_popular: bool,
    pub features: Vec<String>,
    /// Time-sensitive passages of the plan: checked by [`crate::check::review`] on the file's
    /// text, and never part of the page's data.
    #[serde(default, rename = "review_by", skip_serializing)]
    #[allow(dead_code)]
    pub(crate) review_by: Vec<Review>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct FaqItem {
    pub id: Located<String>,
    pub question: String,
    pub answer: String,
    /// Time-sensitive passages of the item: checked by [`crate::check::review`] on the file's
    /// text, and never part of the page's data.
    #[serde(default, rename = "review_by", skip_serializing)]
    #[allow(dead_code)]
    pub(crate) review_by: Vec<Review>,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct Testimonial {
    pub id: Located<String>,
    pub name: String,
    pub role: String,
    pub content: String,
    pub rating: u8,
}

/// Everything one language holds.
#[derive(Debug, Clone)]
pub struct LangContent {
    /// `screens.yaml`; without it, the shipped site's ([`LangContent::screens`]).
    pub screens: Option<Screens>,
    pub(crate) home: Option<Home>,
    pub(crate) sections: Vec<ServiceSection>,
    /// Sorted by id.
    pub services: Vec<Service>,
    pub(crate) pricing: Option<Pricing>,
    pub faq: Vec<FaqItem>,
    pub testimonials: Vec<Testimonial>,
    /// Newest first, then by slug; changed only through `put`, `remove` and `sort`, which
    /// keep the slug index. Shared, so a snapshot of the site (`serve` writes the
    /// sitemap and feeds from one after each edit) does not copy every post.
    pub posts: Vec<std::sync::Arc<BlogPost>>,
    /// Keyed by page name (`about`, `privacy`, `terms`).
    pub pages: BTreeMap<String, LongPage>,
    /// The site's own collections' items (`content/<lang>/team.yaml`), by collection name,
    /// checked against the page table ([`crate::pages`]).
    pub collections: BTreeMap<String, Vec<serde_json::Value>>,
    /// Slug → position in `posts`, kept by `put`, `remove` and `sort`. Shared like `posts`:
    /// copying it for `serve`'s snapshot took 14 ms of every edit at 100,000 posts.
    post_index: std::sync::Arc<std::collections::HashMap<String, usize>>,
    /// The typography lint's findings in each file (`crate::check::lint`), found when the
    /// file was read, by the file as shown in messages.
    pub(crate) lint: BTreeMap<PathBuf, Vec<crate::diagnostics::Diagnostic>>,
}

impl LangContent {
    pub(crate) fn empty() -> Self {
        LangContent {
            screens: None,
            home: None,
            sections: vec![],
            services: vec![],
            pricing: None,
            faq: vec![],
            testimonials: vec![],
            posts: vec![],
            pages: BTreeMap::new(),
            collections: BTreeMap::new(),
            post_index: Default::default(),
            lint: BTreeMap::new(),
        }
    }

    /// The screens' strings: the language's `screens.yaml`, or the shipped site's when it has
    /// none (a site of posts only still gets its screens' titles, as it did when they came from
    /// the app's strings).
    pub fn screens(&self, lang: Lang) -> &Screens {
        self.screens
            .as_ref()
            .unwrap_or_else(|| default_screens(lang))
    }

    /// The words sahel writes in the language: the language's `screens.yaml`'s `labels`, else
    /// the built-in ones (Arabic, English).
    pub fn labels(&self, lang: Lang) -> &Labels {
        static EMPTY: std::sync::LazyLock<Labels> = std::sync::LazyLock::new(Labels::default);
        self.screens
            .as_ref()
            .and_then(|s| s.labels.as_ref())
            .or(default_screens(lang).labels.as_ref())
            .unwrap_or(&EMPTY)
    }

    /// The post with this slug.
    pub(crate) fn post(&self, slug: &str) -> Option<&BlogPost> {
        // A miss is an answer, not a reason to search: the slugs of one language are looked up
        // in the other for every route's alternates, and a linear search on each miss made the
        // data stage quadratic (5.8 s at 50,000 pages, 0.43 s at 10,000). `put`, `remove` and
        // `sort` keep the index; nothing else changes `posts`.
        self.post_index
            .get(slug)
            .and_then(|&i| self.posts.get(i))
            .filter(|p| p.slug == slug)
            .map(|p| &**p)
    }

    /// The post with this slug and its place in the list, newest first (what a blog list page
    /// or the home page shows of it depends on both).
    pub(crate) fn post_at(&self, slug: &str) -> Option<(usize, std::sync::Arc<BlogPost>)> {
        let i = *self.post_index.get(slug)?;
        let p = self.posts.get(i).filter(|p| p.slug == slug)?;
        Some((i, std::sync::Arc::clone(p)))
    }

    fn index_posts(&mut self) {
        self.post_index = std::sync::Arc::new(
            self.posts
                .iter()
                .enumerate()
                .map(|(i, p)| (p.slug.clone(), i))
                .collect(),
        );
    }
}

/// One parsed content file.
#[derive(Debug, Clone)]
pub(crate) enum ContentItem {
    Post(BlogPost),
    Page(LongPage),
    Service(Box<Service>),
    Screens(Box<Screens>),
    Home(Home),
    Sections(Vec<ServiceSection>),
    Pricing(Pricing),
    Faq(Vec<FaqItem>),
    Testimonials(Vec<Testimonial>),
    /// A collection of the site's own: its name and items.
    Collection(String, Vec<serde_json::Value>),
}

impl LangContent {
    /// Adds or replaces what a file holds. Call [`LangContent::sort`] after a batch.
    pub(crate) fn put(&mut self, item: ContentItem) {
        match item {
            ContentItem::Post(p) => match self.post_index.get(&p.slug).copied() {
                Some(i) if self.posts.get(i).is_some_and(|x| x.slug == p.slug) => {
                    if let Some(slot) = self.posts.get_mut(i) {
                        *slot = p.into();
                    }
                }
                _ => {
                    std::sync::Arc::make_mut(&mut self.post_index)
                        .insert(p.slug.clone(), self.posts.len());
                    self.posts.push(p.into());
                }
            },
            ContentItem::Page(p) => {
                self.pages.insert(p.name.clone(), p);
            }
            ContentItem::Service(s) => match self.services.iter_mut().find(|x| x.id == s.id) {
                Some(slot) => *slot = *s,
                None => self.services.push(*s),
            },
            ContentItem::Screens(s) => self.screens = Some(*s),
            ContentItem::Home(h) => self.home = Some(h),
            ContentItem::Sections(s) => self.sections = s,
            ContentItem::Pricing(p) => self.pricing = Some(p),
            ContentItem::Faq(f) => self.faq = f,
            ContentItem::Testimonials(t) => self.testimonials = t,
            ContentItem::Collection(name, items) => _ = self.collections.insert(name, items),
        }
    }

    /// Removes what a deleted file held.
    pub(crate) fn remove(&mut self, file: &load::ContentFile) {
        use load::ContentFile as F;
        match file {
            F::Post(slug) => {
                self.posts.retain(|p| &p.slug != slug);
                self.index_posts();
            }
            F::Page(name) => {
                self.pages.remove(name);
            }
            F::Service(id) => self.services.retain(|s| &s.id != id),
            F::Screens => self.screens = None,
            F::Home => self.home = None,
            F::Sections => self.sections.clear(),
            F::Pricing => self.pricing = None,
            F::Faq => self.faq.clear(),
            F::Testimonials => self.testimonials.clear(),
            F::Collection(name) => _ = self.collections.remove(name),
        }
    }

    /// Posts newest first (then by slug), services by id.
    pub(crate) fn sort(&mut self) {
        let order = |a: &std::sync::Arc<BlogPost>, b: &std::sync::Arc<BlogPost>| {
            b.date.cmp(&a.date).then_with(|| a.slug.cmp(&b.slug))
        };
        // An edit that keeps a post's date keeps the order, and `put` keeps the index: checking
        // costs one pass, where sorting and indexing 50,000 posts again took 20-30 ms of every
        // edit under `serve`.
        if !self.posts.is_sorted_by(|a, b| order(a, b).is_le()) {
            self.posts.sort_by(order);
            self.index_posts();
        } else if self.post_index.len() != self.posts.len() {
            self.index_posts();
        }
        self.services.sort_by(|a, b| a.id.cmp(&b.id));
    }
}

/// The whole site: config and the content of every language of its table.
#[derive(Debug, Clone)]
pub struct Site {
    /// The site's folder (files are shown relative to it).
    pub(crate) root: PathBuf,
    pub(crate) config: SiteConfig,
    /// The app's page kinds and collections ([`crate::pages`]).
    pub(crate) pages: crate::pages::PageTable,
    /// Each language's content, in the table's order (indexed by [`Lang::index`]).
    pub(crate) langs: Vec<LangContent>,
    /// The typography lint's findings in the app's styles and Arabic interface strings
    /// (`crate::check::lint::app`), found when the site was loaded.
    pub(crate) app_lint: Vec<crate::diagnostics::Diagnostic>,
    /// The interface strings a language lacks (`crate::check::lint::app`'s second list): the
    /// bundle falls back for them; an error in `check`, a warning in `build` and `serve`.
    pub(crate) strings_missing: Vec<crate::diagnostics::Diagnostic>,
    /// The files of `content/media/`, published at `/media/`.
    pub(crate) media: crate::media::Media,
    /// The whole-site check's warnings ([`crate::check::check_site`]), set once it found no
    /// error: printed by `build`, `check` and `serve`, never in the output.
    pub(crate) warnings: crate::diagnostics::Diagnostics,
    /// The files that could not be read or parsed, by language (relative to
    /// `content/<lang>/`, `/`-separated): empty for a site that loaded. A site with some is
    /// checked as a whole all the same, so that one run lists every problem; the checks leave
    /// out what these files' absence alone would report (their items missing from another
    /// language, links to their pages).
    pub(crate) unparsed: BTreeMap<Lang, std::collections::BTreeSet<String>>,
}

impl Site {
    /// The whole-site check's warnings (none until the site was checked).
    pub fn warnings(&self) -> &crate::diagnostics::Diagnostics {
        &self.warnings
    }

    /// Whether `file` (relative to `content/<lang>/`) of `lang` could not be read or parsed.
    pub(crate) fn is_unparsed(&self, lang: Lang, file: &str) -> bool {
        self.unparsed.get(&lang).is_some_and(|f| f.contains(file))
    }

    // invariant: `langs` holds one entry per language of the site's table, and a site's
    // languages come from that table (`Lang::index` is a position in it).
    #[allow(clippy::indexing_slicing)]
    pub fn lang(&self, lang: Lang) -> &LangContent {
        &self.langs[lang.index()]
    }

    // invariant: as `lang`.
    #[allow(clippy::indexing_slicing)]
    pub(crate) fn lang_mut(&mut self, lang: Lang) -> &mut LangContent {
        &mut self.langs[lang.index()]
    }

    /// The site's languages, in the table's order.
    pub fn languages(&self) -> &[Lang] {
        self.config.languages.all()
    }

    /// The language table.
    pub fn language_table(&self) -> &crate::lang::Languages {
        &self.config.languages
    }
}

/// The shipped site's `screens.yaml` of a language, built into sahel: the screens' strings of a
/// site that has no such file. (The shipped files pass `sahel check` in the test command, so
/// the fallback to empty strings is never taken.)
fn default_screens(lang: Lang) -> &'static Screens {
    static DEFAULTS: std::sync::LazyLock<[Screens; 2]> = std::sync::LazyLock::new(|| {
        let parse = |text: &str, file: &str| {
            parse::parse_screens(text, std::path::Path::new(file)).unwrap_or_default()
        };
        [
            parse(
                include_str!("../../content/ar/screens.yaml"),
                "content/ar/screens.yaml",
            ),
            parse(
                include_str!("../../content/en/screens.yaml"),
                "content/en/screens.yaml",
            ),
        ]
    });
    static EMPTY: std::sync::LazyLock<Screens> = std::sync::LazyLock::new(Screens::default);
    let [ar, en] = &*DEFAULTS;
    // The default table's languages, by code (a site's own table may reorder them).
    match lang.code() {
        "ar" => ar,
        "en" => en,
        _ => &EMPTY,
    }
}

/// Whether sahel has a built-in `screens.yaml` for the language (Arabic and English): any
/// other language's content folder must have its own.
pub(crate) fn has_default_screens(lang: Lang) -> bool {
    matches!(lang.code(), "ar" | "en")
}
