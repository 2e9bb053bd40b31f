//! Social cards: a 1200×630 PNG per page, in the page's language (title, brand and logo mark,
//! the page's kind), drawn at build time from the fonts the site ships, with no browser:
//! shaping by `rustybuzz`, line order by the Unicode bidi algorithm, line breaking by UAX #14
//! ([`layout`]); drawing by `tiny-skia` ([`draw`]).
//!
//! A card's name is a hash of what it shows ([`CardSpec::id`]), so pages that show the same
//! card (the blog list's pages, `/home/` and `/`) share one file, and a changed card gets a new
//! URL, which social networks' caches (WhatsApp keeps a preview for days) cannot mistake for
//! the old one. Drawn cards are kept in `.cache/cards/<hash of the output folder>/`, under a
//! key that adds the fonts and the sahel executable to the name: a warm build links them and
//! draws nothing.

pub mod draw;
pub mod fonts;
pub mod layout;
mod photo;

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::Context;
use rayon::prelude::*;

pub use draw::{HEIGHT, TITLE_WIDTH, WIDTH, card_layout, draw_card};
pub use fonts::{FontData, FontId};
pub use photo::CardPhoto;

use crate::content::Site;
use crate::lang::Lang;
use crate::routes::{Route, RouteKind};
use crate::screen::{Screen, screen_for};

/// Changes when the drawing changes in a way that should give cards new URLs.
const DESIGN: &str = "sahel card 1";

/// The folder of `dist/` that holds the cards.
pub(crate) const CARDS_DIR: &str = "cards";

/// What a card shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSpec {
    pub lang: Lang,
    pub title: String,
    /// The page's kind, as a reader names it ("Article", «مقال»).
    pub kind: String,
    /// The company's name.
    pub brand: String,
    /// The site's host name (`www.example.ae`).
    pub host: String,
    /// The page's photo, which the card shows behind its texts (`photo.rs`).
    pub photo: Option<CardPhoto>,
}

impl CardSpec {
    /// The card of a route. The blog list's later pages show its first page's card.
    pub(crate) fn for_route(site: &Site, screen: &Screen, route: &Route) -> CardSpec {
        let title = match route.kind {
            RouteKind::BlogPage(_) => {
                screen_for(site, &Route::new(route.lang, RouteKind::Blog)).title
            }
            _ => screen.title.clone(),
        };
        let origin = site.config.origin();
        let host = origin
            .split_once("://")
            .map_or(origin, |(_, rest)| rest)
            .trim_end_matches('/')
            .to_string();
        CardSpec {
            lang: route.lang,
            title,
            kind: kind_label(site, route.lang, route.kind.page_kind()).to_string(),
            brand: site.config.company.name.get(route.lang).to_string(),
            host,
            photo: page_photo(site, route),
        }
    }

    /// A hash of what the card shows: its file's name.
    pub fn id(&self) -> String {
        let mut h = blake3::Hasher::new();
        for part in [
            DESIGN,
            self.lang.code(),
            &self.title,
            &self.kind,
            &self.brand,
            &self.host,
        ] {
            h.update(&(part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        // (A card without a photo keeps the name it had before cards could have one.)
        if let Some(photo) = &self.photo {
            h.update(b"photo");
            h.update(photo.hash.as_bytes());
        }
        h.finalize().to_hex().chars().take(20).collect()
    }

    /// Its path in the site (`/cards/<id>.png`, or `.jpg` over a photo).
    pub fn path(&self) -> String {
        format!("/{CARDS_DIR}/{}.{}", self.id(), self.extension())
    }

    /// `jpg` for a card over a photo, else `png`.
    pub fn extension(&self) -> &'static str {
        if self.photo.is_some() { "jpg" } else { "png" }
    }

    /// What the card says, for `og:image:alt`.
    pub fn alt(&self) -> String {
        format!("{} — {}: {}", self.brand, self.kind, self.title)
    }
}

/// The photo of the post or service `route` shows, if it has one.
fn page_photo(site: &Site, route: &Route) -> Option<CardPhoto> {
    let c = site.lang(route.lang);
    let image = match &route.kind {
        RouteKind::BlogPost(slug) => c.post(slug)?.image.as_ref(),
        RouteKind::Service(id) => c.services.iter().find(|s| &s.id == id)?.image.as_ref(),
        _ => None,
    }?;
    let (source, hash) = site.media.photo_source(&image.src)?;
    Some(CardPhoto {
        source,
        hash: hash.to_hex().to_string(),
    })
}

/// The page kinds as the card names them (the language's `labels.cardKinds`; for a kind of the
/// site's own, its `pages.<kind>.card` in screens.yaml, else its title there).
fn kind_label<'a>(site: &'a Site, lang: Lang, page_kind: &'a str) -> &'a str {
    let c = site.lang(lang);
    if site.pages.own(page_kind).is_some() {
        return c
            .screens(lang)
            .pages
            .get(page_kind)
            .map_or(page_kind, |t| t.card.as_deref().unwrap_or(&t.title));
    }
    let k = &c.labels(lang).card_kinds;
    match page_kind {
        "home" => &k.home,
        "about" => &k.about,
        "services" => &k.services,
        "service" => &k.service,
        "pricing" => &k.pricing,
        "faq" => &k.faq,
        "blog" => &k.blog,
        "blogPost" => &k.blog_post,
        "contact" => &k.contact,
        "privacy" => &k.privacy,
        "terms" => &k.terms,
        "assistantChat" => &k.assistant_chat,
        "search" => &k.search,
        "notFound" => &k.not_found,
        // Every kind is one of the above or the site's own: a kind missing here would
        // otherwise be labelled "Page not found".
        other => other,
    }
}

/// Cards written by [`write_cards`].
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct CardsWritten {
    /// Cards drawn in this build.
    pub(crate) drawn: usize,
    /// Cards linked from the cache.
    pub(crate) reused: usize,
    pub(crate) bytes: u64,
}

/// Writes every distinct card of `specs` into `dir/cards/`: linked from the cache when it has
/// it, else drawn (in parallel) and kept there. With `prune`, cache entries these cards do not
/// use are removed, and so are the caches of output folders that are gone with the folder that
/// held them (a test's temporary output: they added up to 580 MB). The fonts are read only if a
/// card has to be drawn.
pub(crate) fn write_cards(
    app: &Path,
    out: &Path,
    specs: &[&CardSpec],
    dir: &Path,
    executable: &str,
    prune: bool,
) -> anyhow::Result<CardsWritten> {
    let unique: BTreeMap<String, &CardSpec> = specs.iter().map(|s| (s.id(), *s)).collect();
    let cache = cache_dir(app, out);
    std::fs::create_dir_all(&cache)
        .with_context(|| crate::msg!("output-cannot-create", path = cache.display()))?;
    // Which output folder the cache is for (its name is a hash), so a later build can tell
    // when that folder is gone.
    crate::fingerprint::write_output_note(&cache.join(OUTPUT_NOTE), out);
    let target = dir.join(CARDS_DIR);
    crate::fingerprint::output_dir(&target)
        .with_context(|| crate::msg!("output-cannot-create", path = target.display()))?;
    // The fonts' hash is part of the key, so it is read from a stamp when the fonts are
    // not loaded: the font files' sizes and modification times.
    let stamp = font_stamp(app);
    let key = |id: &str| -> String {
        let mut h = blake3::Hasher::new();
        h.update(id.as_bytes());
        h.update(stamp.as_bytes());
        h.update(executable.as_bytes());
        h.finalize().to_hex().chars().take(32).collect()
    };
    let keyed: Vec<(String, &CardSpec, PathBuf)> = unique
        .iter()
        .map(|(id, spec)| {
            let k = key(id);
            let cached = cache.join(format!("{k}.{}", spec.extension()));
            (k, *spec, cached)
        })
        .collect();
    let missing: Vec<&(String, &CardSpec, PathBuf)> =
        // An entry that is a link, not a card, is drawn again (and the link replaced).
        keyed
            .iter()
            .filter(|(_, _, c)| !crate::fingerprint::cached_file_ready(c))
            .collect();
    if !missing.is_empty() {
        let families: Vec<fonts::Family> = missing
            .iter()
            .map(|(_, spec, _)| fonts::family_of(spec.lang))
            .collect();
        let data = FontData::load_families(app, &families)?;
        let faces = data.faces()?;
        missing.par_iter().try_for_each(|(_, spec, cached)| {
            let png = draw_card(&faces, spec)?;
            crate::fingerprint::write_cache_file(cached, &png)
                .with_context(|| crate::msg!("output-cannot-write", path = cached.display()))
        })?;
    }
    let bytes: u64 = keyed
        .par_iter()
        .map(|(_, spec, cached)| -> anyhow::Result<u64> {
            let to = target.join(format!("{}.{}", spec.id(), spec.extension()));
            // `serve` writes over its own output.
            if to.is_file() {
                let _ = std::fs::remove_file(&to);
            }
            if std::fs::hard_link(cached, &to).is_err() {
                std::fs::copy(cached, &to).with_context(|| {
                    crate::msg!(
                        "output-cannot-copy",
                        from = cached.display(),
                        to = to.display()
                    )
                })?;
            }
            Ok(std::fs::metadata(&to).map(|m| m.len()).unwrap_or(0))
        })
        .collect::<anyhow::Result<Vec<u64>>>()?
        .into_iter()
        .sum();
    // Entries of earlier cards (and of another sahel or other fonts) go.
    let mut used: HashSet<String> = keyed
        .iter()
        .map(|(k, spec, _)| format!("{k}.{}", spec.extension()))
        .collect();
    used.insert(OUTPUT_NOTE.to_string());
    if let Some(entries) = prune.then(|| std::fs::read_dir(&cache).ok()).flatten() {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            // A card being written by `serve` into the same cache is left alone; one a killed
            // build left half-written goes once it is old.
            let in_progress = name.starts_with(crate::fingerprint::CACHE_TEMP_PREFIX)
                && entry
                    .metadata()
                    .ok()
                    .and_then(|m| m.modified().ok())
                    .and_then(|t| t.elapsed().ok())
                    .is_none_or(|age| age < std::time::Duration::from_secs(600));
            if !used.contains(&name) && !in_progress {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
    // The caches of output folders that are gone go too.
    if let Some(all) = cache.parent().filter(|_| prune) {
        let notes = |dir: &Path| Some(dir.join(OUTPUT_NOTE));
        for orphan in crate::fingerprint::orphaned_caches(all, &cache, notes) {
            let _ = std::fs::remove_dir_all(orphan);
        }
    }
    Ok(CardsWritten {
        drawn: missing.len(),
        reused: keyed.len() - missing.len(),
        bytes,
    })
}

/// The file in an output folder's card cache that names the folder.
const OUTPUT_NOTE: &str = "output";

/// `.cache/cards/<hash of the output folder>/`.
fn cache_dir(app: &Path, out: &Path) -> PathBuf {
    app.join(".cache/cards")
        .join(crate::fingerprint::output_cache_name(out))
}

/// The font files' names, sizes and modification times: when one changes, every card is drawn
/// again.
fn font_stamp(app: &Path) -> String {
    let mut h = blake3::Hasher::new();
    for id in fonts::files(&[fonts::Family::Vazirmatn]) {
        let path = app.join("node_modules").join(id.file());
        h.update(path.to_string_lossy().as_bytes());
        if let Ok(m) = std::fs::metadata(&path) {
            crate::fingerprint::stamp_size_and_time(&mut h, &m);
        }
    }
    h.finalize().to_hex().to_string()
}
