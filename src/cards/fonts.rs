//! The cards' fonts: the WOFF files the site already ships (`@fontsource/cairo`,
//! `@fontsource/poppins` and, for a language whose `card_font` names it,
//! `@fontsource/vazirmatn`, under the app's `node_modules`), decoded once per build into
//! OpenType, and the fallback order between their subsets.

use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::lang::Lang;

/// A font family the site uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Arabic text, and Latin inside Arabic text.
    Cairo,
    /// English text.
    Poppins,
    /// Persian and Urdu text (letters Cairo lacks the forms of).
    Vazirmatn,
}

impl Family {
    /// The family a language's `card_font` names (`crate::lang::CARD_FONTS`).
    pub fn from_key(key: &str) -> Option<Family> {
        match key {
            "cairo" => Some(Family::Cairo),
            "poppins" => Some(Family::Poppins),
            "vazirmatn" => Some(Family::Vazirmatn),
            _ => None,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Family::Cairo => "cairo",
            Family::Poppins => "poppins",
            Family::Vazirmatn => "vazirmatn",
        }
    }

    /// Its subsets, the script's own first.
    fn subsets(self) -> &'static [Subset] {
        match self {
            Family::Cairo | Family::Vazirmatn => &[Subset::Arabic, Subset::Latin, Subset::LatinExt],
            Family::Poppins => &[Subset::Latin, Subset::LatinExt],
        }
    }

    /// Its files in one weight.
    fn fonts(self, weight: Weight) -> impl Iterator<Item = FontId> {
        self.subsets()
            .iter()
            .map(move |&s| FontId::new(self, s, weight))
    }
}

/// The families every site's cards may fall back to (the shipped site's own).
const BASE_FAMILIES: [Family; 2] = [Family::Cairo, Family::Poppins];

/// One of a family's Unicode subsets (a file of its own in `@fontsource`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Subset {
    Arabic,
    Latin,
    LatinExt,
}

/// The weights the cards use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Weight {
    Regular,
    Bold,
}

/// One font file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FontId {
    pub family: Family,
    pub subset: Subset,
    pub weight: Weight,
}

impl FontId {
    const fn new(family: Family, subset: Subset, weight: Weight) -> FontId {
        FontId {
            family,
            subset,
            weight,
        }
    }

    /// Its file, relative to `node_modules`.
    pub fn file(&self) -> String {
        let family = self.family.key();
        let subset = match self.subset {
            Subset::Arabic => "arabic",
            Subset::Latin => "latin",
            Subset::LatinExt => "latin-ext",
        };
        let weight = match self.weight {
            Weight::Regular => 400,
            Weight::Bold => 700,
        };
        format!("@fontsource/{family}/files/{family}-{subset}-{weight}-normal.woff")
    }

    /// Whether it holds the Arabic script (the script its runs are shaped with).
    pub fn is_arabic(&self) -> bool {
        self.subset == Subset::Arabic
    }
}

/// Every file of `families` (and of the base families), in a fixed order: each family bold,
/// then regular.
pub(crate) fn files(families: &[Family]) -> Vec<FontId> {
    let mut all: Vec<Family> = BASE_FAMILIES.to_vec();
    for &f in families {
        if !all.contains(&f) {
            all.push(f);
        }
    }
    all.into_iter()
        .flat_map(|f| f.fonts(Weight::Bold).chain(f.fonts(Weight::Regular)))
        .collect()
}

/// The family a language's cards are drawn with (its `card_font`; Cairo for an unknown key,
/// which the config check refuses).
pub fn family_of(lang: Lang) -> Family {
    Family::from_key(&lang.spec().card_font).unwrap_or(Family::Cairo)
}

/// The fonts to try for a character of text in `lang`, in order: the language's family first
/// (Cairo for Arabic, with its Latin subsets for Latin words; Poppins for English), then the
/// base families for what the first lacks (an Arabic word in an English title).
pub fn fallback_chain(lang: Lang, weight: Weight) -> Vec<FontId> {
    let first = family_of(lang);
    std::iter::once(first)
        .chain(BASE_FAMILIES.into_iter().filter(|&f| f != first))
        .flat_map(|f| f.fonts(weight))
        .collect()
}

/// The decoded font files (OpenType bytes), loaded once per build.
pub struct FontData {
    files: Vec<(FontId, Vec<u8>)>,
}

impl FontData {
    /// Reads and decodes the base fonts under `<app>/node_modules`.
    pub fn load(app: &Path) -> anyhow::Result<FontData> {
        FontData::load_families(app, &[])
    }

    /// Reads and decodes the base fonts and those of `families` under `<app>/node_modules`.
    pub fn load_families(app: &Path, families: &[Family]) -> anyhow::Result<FontData> {
        let modules = app.join("node_modules");
        let ids = files(families);
        let mut files = Vec::with_capacity(ids.len());
        for id in ids {
            let path: PathBuf = modules.join(id.file());
            let woff = std::fs::read(&path).with_context(|| {
                crate::msg!(
                    "output-card-font-missing",
                    path = path.display(),
                    app = app.display()
                )
            })?;
            let ttf = wuff::decompress_woff1(&woff).map_err(|e| {
                anyhow::anyhow!(crate::msg!(
                    "output-card-font-decode",
                    path = path.display(),
                    detail = format!("{e:?}")
                ))
            })?;
            files.push((id, ttf));
        }
        Ok(FontData { files })
    }

    /// The OpenType bytes of one font (what `hb-shape` reads in the tests).
    pub fn bytes(&self, id: FontId) -> Option<&[u8]> {
        self.files
            .iter()
            .find(|(f, _)| *f == id)
            .map(|(_, b)| b.as_slice())
    }

    /// The parsed faces, borrowing these bytes.
    pub fn faces(&self) -> anyhow::Result<Faces<'_>> {
        let faces = self
            .files
            .iter()
            .map(|(id, bytes)| {
                rustybuzz::Face::from_slice(bytes, 0)
                    .map(|face| (*id, face))
                    .with_context(|| crate::msg!("output-card-font-parse", path = id.file()))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        Ok(Faces { faces })
    }
}

/// The parsed fonts, ready to shape and draw with.
pub struct Faces<'a> {
    faces: Vec<(FontId, rustybuzz::Face<'a>)>,
}

impl<'a> Faces<'a> {
    pub(crate) fn get(&self, id: FontId) -> Option<&rustybuzz::Face<'a>> {
        self.faces
            .iter()
            .find(|(f, _)| *f == id)
            .map(|(_, face)| face)
    }

    /// Whether `id` has a glyph for `c`.
    pub(crate) fn covers(&self, id: FontId, c: char) -> bool {
        self.get(id).is_some_and(|f| f.glyph_index(c).is_some())
    }
}
