//! The cards' fonts: the WOFF files the site already ships (`@fontsource/cairo` and
//! `@fontsource/poppins` under the app's `node_modules`), decoded once per build into
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
}

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
        let family = match self.family {
            Family::Cairo => "cairo",
            Family::Poppins => "poppins",
        };
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

/// Every file the cards use, in a fixed order.
const FONTS: [FontId; 10] = {
    use Family::*;
    use Subset::*;
    use Weight::*;
    [
        FontId::new(Cairo, Arabic, Bold),
        FontId::new(Cairo, Latin, Bold),
        FontId::new(Cairo, LatinExt, Bold),
        FontId::new(Cairo, Arabic, Regular),
        FontId::new(Cairo, Latin, Regular),
        FontId::new(Cairo, LatinExt, Regular),
        FontId::new(Poppins, Latin, Bold),
        FontId::new(Poppins, LatinExt, Bold),
        FontId::new(Poppins, Latin, Regular),
        FontId::new(Poppins, LatinExt, Regular),
    ]
};

/// Every font file the cards use.
pub(crate) fn all() -> [FontId; 10] {
    FONTS
}

/// The fonts to try for a character of text in `lang`, in order: the language's family first
/// (Cairo for Arabic, with its Latin subsets for Latin words; Poppins for English), then the
/// other family for what the first lacks (an Arabic word in an English title).
pub fn fallback_chain(lang: Lang, weight: Weight) -> Vec<FontId> {
    use Family::*;
    use Subset::*;
    let cairo = [Arabic, Latin, LatinExt].map(|s| FontId::new(Cairo, s, weight));
    let poppins = [Latin, LatinExt].map(|s| FontId::new(Poppins, s, weight));
    match lang {
        Lang::Ar => cairo.into_iter().chain(poppins).collect(),
        Lang::En => poppins.into_iter().chain(cairo).collect(),
    }
}

/// The decoded font files (OpenType bytes), loaded once per build.
pub struct FontData {
    files: Vec<(FontId, Vec<u8>)>,
}

impl FontData {
    /// Reads and decodes every font under `<app>/node_modules`.
    pub fn load(app: &Path) -> anyhow::Result<FontData> {
        let modules = app.join("node_modules");
        let mut files = Vec::with_capacity(FONTS.len());
        for id in FONTS {
            let path: PathBuf = modules.join(id.file());
            let woff = std::fs::read(&path).with_context(|| {
                format!(
                    "cannot read {}, a font the social cards are drawn with: run `npm install` in {}, or turn the cards off with `[cards] enabled = false` in site.toml",
                    path.display(),
                    app.display()
                )
            })?;
            let ttf = wuff::decompress_woff1(&woff)
                .map_err(|e| anyhow::anyhow!("cannot decode the font {}: {e:?}", path.display()))?;
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
                    .with_context(|| format!("cannot parse the font {}", id.file()))
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
