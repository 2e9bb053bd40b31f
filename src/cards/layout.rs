//! Text layout for the cards: a title becomes lines of shaped glyph runs, each line in visual
//! order, sized to fit a box.
//!
//! The steps, in the order a browser takes them: whitespace collapses to single spaces; each
//! character gets a font from the language's fallback chain (an Arabic title's Latin words and
//! digits come from Cairo's Latin subset); the Unicode bidi algorithm (`unicode-bidi`) gives
//! each character its level; the text is shaped (`rustybuzz`) in runs of one level and one
//! font to measure it; lines break at the opportunities of UAX #14 (`unicode-linebreak`),
//! greedily; then each line is reordered (bidi rules L1–L2) and its runs shaped again, alone,
//! which is what is drawn. The largest size whose lines fit the box wins; a word wider than
//! the box at the smallest size is broken between its clusters rather than clipped.

use std::ops::Range;

use rustybuzz::{Direction, Language, UnicodeBuffer, script};
use unicode_bidi::{Level, ParagraphBidiInfo};
use unicode_linebreak::linebreaks;
use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};

use super::fonts::{Faces, FontId, Weight, fallback_chain};
use crate::lang::Lang;

/// One glyph as the shaper placed it, in font units (as `hb-shape` prints them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Glyph {
    pub id: u32,
    /// Byte offset of its cluster in the run's text.
    pub cluster: u32,
    pub x_advance: i32,
    pub y_advance: i32,
    pub x_offset: i32,
    pub y_offset: i32,
}

/// Text of one font and one direction, shaped.
#[derive(Debug, Clone)]
pub struct Run {
    pub font: FontId,
    pub text: String,
    pub rtl: bool,
    /// The language it was shaped with (`ar`, `en`).
    pub language: &'static str,
    /// Glyphs in visual order, left to right.
    pub glyphs: Vec<Glyph>,
    /// Its advance in pixels at the block's size.
    pub width: f32,
}

/// One line: its runs in visual order, left to right.
#[derive(Debug, Clone)]
pub struct Line {
    pub runs: Vec<Run>,
    /// Its text in logical order, trailing spaces left out.
    pub text: String,
    /// Its advance in pixels.
    pub width: f32,
}

/// Laid-out text.
#[derive(Debug, Clone)]
pub struct Block {
    pub lines: Vec<Line>,
    /// Font size in pixels.
    pub size: f32,
    /// Distance between baselines in pixels.
    pub line_height: f32,
    pub rtl: bool,
}

/// How a text is set.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// Fonts and the shaping language.
    pub lang: Lang,
    pub weight: Weight,
    /// The paragraph's direction (an address is left-to-right on an Arabic card too).
    pub rtl: bool,
}

/// The box a text must fit.
#[derive(Debug, Clone, Copy)]
pub struct Fit<'a> {
    pub max_width: f32,
    pub max_height: f32,
    /// Sizes to try, largest first; the last one is used whatever happens.
    pub sizes: &'a [f32],
    /// Line height as a multiple of the size.
    pub leading: f32,
}

/// Whitespace (including U+2028, U+2029, tabs and newlines) collapsed to single spaces and
/// trimmed, other control characters dropped: how the title reads in the page.
pub fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.extend(word.chars().filter(|c| !c.is_control()));
    }
    out
}

/// Lays `text` out in the largest of `fit.sizes` whose lines fit the box.
pub fn layout(faces: &Faces<'_>, text: &str, style: Style, fit: Fit<'_>) -> Block {
    let text = normalise(text);
    let chain = fallback_chain(style.lang, style.weight);
    let fonts = assign_fonts(faces, &text, &chain);
    let base = if style.rtl {
        Level::rtl()
    } else {
        Level::ltr()
    };
    let bidi = ParagraphBidiInfo::new(&text, Some(base));
    let measure = Measure::new(faces, &text, &fonts, &bidi.levels, style.lang);
    let opportunities: Vec<usize> = linebreaks(&text).map(|(at, _)| at).collect();
    let last = fit.sizes.len().saturating_sub(1);
    let mut best = None;
    for (i, &size) in fit.sizes.iter().enumerate() {
        let emergency = i == last;
        let Some(ranges) = break_lines(
            &text,
            &opportunities,
            &measure,
            fit.max_width / size,
            emergency,
        ) else {
            continue;
        };
        let lines: Vec<Line> = ranges
            .into_iter()
            .map(|r| shape_line(faces, &text, &fonts, &bidi, r, style.lang, size))
            .collect();
        let line_height = size * fit.leading;
        let fits = lines.len() as f32 * line_height <= fit.max_height
            && lines.iter().all(|l| l.width <= fit.max_width);
        let block = Block {
            lines,
            size,
            line_height,
            rtl: style.rtl,
        };
        if fits || emergency {
            return block;
        }
        best = Some(block);
    }
    best.unwrap_or(Block {
        lines: Vec::new(),
        size: fit.sizes.first().copied().unwrap_or(16.0),
        line_height: 0.0,
        rtl: style.rtl,
    })
}

/// The font of each character (by byte offset), from `chain`. Marks, spaces, punctuation,
/// symbols and format characters (bidi isolates, ZWJ) keep the font of the character before
/// them when it has them, so a word's run is not cut at its diacritics or a space; other
/// characters take the first font that has them.
fn assign_fonts(faces: &Faces<'_>, text: &str, chain: &[FontId]) -> Vec<(usize, FontId)> {
    let primary = chain.first().copied();
    let mut out: Vec<(usize, Option<FontId>)> = Vec::with_capacity(text.len());
    let mut previous: Option<FontId> = None;
    for (at, c) in text.char_indices() {
        let weak = matches!(
            c.general_category_group(),
            GeneralCategoryGroup::Mark
                | GeneralCategoryGroup::Separator
                | GeneralCategoryGroup::Punctuation
                | GeneralCategoryGroup::Symbol
                | GeneralCategoryGroup::Other
        );
        let font = if weak
            && let Some(p) = previous
            && (faces.covers(p, c) || c.general_category_group() == GeneralCategoryGroup::Other)
        {
            Some(p)
        } else if weak && previous.is_none() {
            // Decided once the next strong character is known.
            None
        } else {
            chain.iter().copied().find(|&f| faces.covers(f, c))
        };
        if font.is_some() {
            previous = font;
        }
        out.push((at, font));
    }
    // Leading weak characters, and characters no font has: the next known font, else the first.
    let mut next: Option<FontId> = None;
    let mut resolved: Vec<(usize, FontId)> = Vec::with_capacity(out.len());
    for (at, font) in out.into_iter().rev() {
        if font.is_some() {
            next = font;
        }
        if let Some(f) = font.or(next).or(primary) {
            resolved.push((at, f));
        }
    }
    resolved.reverse();
    resolved
}

/// The font at byte `at` (the character starting there or before it).
fn font_at(fonts: &[(usize, FontId)], at: usize) -> Option<FontId> {
    let i = fonts.partition_point(|(b, _)| *b <= at);
    fonts.get(i.checked_sub(1)?).map(|(_, f)| *f)
}

/// Splits `range` into pieces of one font, in logical order.
fn font_items(fonts: &[(usize, FontId)], range: Range<usize>) -> Vec<(Range<usize>, FontId)> {
    let mut items: Vec<(Range<usize>, FontId)> = Vec::new();
    for &(at, font) in fonts
        .iter()
        .filter(|(at, _)| *at >= range.start && *at < range.end)
    {
        match items.last_mut() {
            Some((r, f)) if *f == font => r.end = at,
            _ => items.push((at..at, font)),
        }
    }
    // Each item ends where the next begins; the last at the range's end.
    let starts: Vec<usize> = items.iter().map(|(r, _)| r.start).skip(1).collect();
    for (item, end) in items
        .iter_mut()
        .zip(starts.into_iter().chain(std::iter::once(range.end)))
    {
        item.0.end = end;
    }
    items
}

/// The shaping language's tag.
fn language_tag(lang: Lang) -> &'static str {
    lang.code()
}

/// Shapes `text` alone with `font`: what `hb-shape --direction=… --script=… --language=…`
/// gives for the same font file.
pub fn shape(faces: &Faces<'_>, font: FontId, text: &str, rtl: bool, language: &str) -> Vec<Glyph> {
    let Some(face) = faces.get(font) else {
        return Vec::new();
    };
    let mut buffer = UnicodeBuffer::new();
    buffer.push_str(text);
    buffer.set_direction(if rtl {
        Direction::RightToLeft
    } else {
        Direction::LeftToRight
    });
    buffer.set_script(if font.is_arabic() {
        script::ARABIC
    } else {
        script::LATIN
    });
    if let Ok(language) = language.parse::<Language>() {
        buffer.set_language(language);
    }
    let shaped = rustybuzz::shape(face, &[], buffer);
    shaped
        .glyph_infos()
        .iter()
        .zip(shaped.glyph_positions())
        .map(|(info, pos)| Glyph {
            id: info.glyph_id,
            cluster: info.cluster,
            x_advance: pos.x_advance,
            y_advance: pos.y_advance,
            x_offset: pos.x_offset,
            y_offset: pos.y_offset,
        })
        .collect()
}

/// Advances per byte, in ems, from shaping the whole paragraph once: how wide a candidate line
/// is, without shaping it.
struct Measure {
    /// `prefix[i]`: the advance of the text before byte `i`.
    prefix: Vec<f32>,
    /// Whether a cluster starts at byte `i` (where a word may be broken in an emergency).
    cluster_start: Vec<bool>,
}

impl Measure {
    fn new(
        faces: &Faces<'_>,
        text: &str,
        fonts: &[(usize, FontId)],
        levels: &[Level],
        lang: Lang,
    ) -> Measure {
        let mut advance = vec![0.0f32; text.len() + 1];
        let mut cluster_start = vec![false; text.len() + 1];
        // Runs of one level and one font.
        let mut start = 0;
        while start < text.len() {
            let level = levels.get(start).copied();
            let font = font_at(fonts, start);
            let mut end = start;
            for (at, _) in text.get(start..).unwrap_or_default().char_indices() {
                let at = start + at;
                if levels.get(at).copied() != level || font_at(fonts, at) != font {
                    break;
                }
                end = at;
            }
            end += text
                .get(end..)
                .and_then(|s| s.chars().next())
                .map_or(1, char::len_utf8);
            if let (Some(font), Some(run)) = (font, text.get(start..end)) {
                let upem = faces.get(font).map_or(1000.0, |f| f.units_per_em() as f32);
                let rtl = level.is_some_and(|l| l.is_rtl());
                for g in shape(faces, font, run, rtl, language_tag(lang)) {
                    let at = start + g.cluster as usize;
                    if let Some(a) = advance.get_mut(at) {
                        *a += g.x_advance as f32 / upem;
                    }
                    if let Some(c) = cluster_start.get_mut(at) {
                        *c = true;
                    }
                }
            }
            start = end.max(start + 1);
        }
        let mut prefix = Vec::with_capacity(advance.len() + 1);
        let mut sum = 0.0;
        prefix.push(0.0);
        for a in advance {
            sum += a;
            prefix.push(sum);
        }
        Measure {
            prefix,
            cluster_start,
        }
    }

    fn width(&self, range: &Range<usize>) -> f32 {
        let at = |i: usize| self.prefix.get(i).copied().unwrap_or(0.0);
        at(range.end) - at(range.start)
    }
}

/// `start..end` without the whitespace it ends with.
fn trimmed(text: &str, start: usize, end: usize) -> Range<usize> {
    let kept = text
        .get(start..end)
        .map_or(0, |s| s.trim_end_matches(char::is_whitespace).len());
    start..start + kept
}

/// Greedy line breaking at `opportunities` (byte offsets where a line may end; the last is the
/// text's end) for lines of at most `max_em` ems. `None` if a word is wider than that, unless
/// `emergency`, where such a word is broken between clusters.
fn break_lines(
    text: &str,
    opportunities: &[usize],
    measure: &Measure,
    max_em: f32,
    emergency: bool,
) -> Option<Vec<Range<usize>>> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut fitting: Option<usize> = None;
    for &end in opportunities {
        if measure.width(&trimmed(text, start, end)) <= max_em {
            fitting = Some(end);
            continue;
        }
        if let Some(f) = fitting.take() {
            lines.push(trimmed(text, start, f));
            start = f;
            if measure.width(&trimmed(text, start, end)) <= max_em {
                fitting = Some(end);
                continue;
            }
        }
        // One word wider than the line.
        if !emergency {
            return None;
        }
        let word = trimmed(text, start, end);
        let mut piece = start;
        let mut last_fit: Option<usize> = None;
        for at in word.start + 1..=word.end {
            if !text.is_char_boundary(at)
                || !(at == word.end || measure.cluster_start.get(at).copied().unwrap_or(false))
            {
                continue;
            }
            if measure.width(&(piece..at)) <= max_em {
                last_fit = Some(at);
            } else {
                let cut = last_fit.unwrap_or(at);
                lines.push(piece..cut);
                piece = cut;
                last_fit = (measure.width(&(piece..at)) <= max_em).then_some(at);
            }
        }
        start = piece;
        fitting = Some(end);
    }
    if let Some(f) = fitting {
        let last = trimmed(text, start, f);
        if !last.is_empty() {
            lines.push(last);
        }
    }
    Some(lines)
}

/// One line reordered for display and shaped run by run.
fn shape_line(
    faces: &Faces<'_>,
    text: &str,
    fonts: &[(usize, FontId)],
    bidi: &ParagraphBidiInfo<'_>,
    range: Range<usize>,
    lang: Lang,
    size: f32,
) -> Line {
    let (levels, level_runs) = bidi.visual_runs(range.clone());
    let mut runs = Vec::new();
    for level_run in level_runs {
        let rtl = levels.get(level_run.start).is_some_and(|l| l.is_rtl());
        let mut items = font_items(fonts, level_run);
        if rtl {
            items.reverse();
        }
        for (item, font) in items {
            let Some(item_text) = text.get(item) else {
                continue;
            };
            let glyphs = shape(faces, font, item_text, rtl, language_tag(lang));
            let upem = faces.get(font).map_or(1000.0, |f| f.units_per_em() as f32);
            let width = glyphs.iter().map(|g| g.x_advance as f32).sum::<f32>() * size / upem;
            runs.push(Run {
                font,
                text: item_text.to_string(),
                rtl,
                language: language_tag(lang),
                glyphs,
                width,
            });
        }
    }
    Line {
        width: runs.iter().map(|r| r.width).sum(),
        text: text.get(range).unwrap_or_default().to_string(),
        runs,
    }
}
