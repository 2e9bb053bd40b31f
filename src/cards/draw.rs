//! Drawing a card: the layout of [`super::layout`] filled as glyph outlines with `tiny-skia`,
//! the logo mark from its SVG geometry (parsed by `kurbo`), then written as an indexed PNG.
//!
//! Speed: a card is a flat background with text in three colours that never overlap, so each
//! colour's glyphs are filled as one path into an 8-bit coverage mask, and a pixel's palette
//! index is its colour's blend over the background at that coverage, in 32 steps (the eye does
//! not tell 1/64 of a step in anti-aliasing): no RGBA image, no colour search. The logo mark is
//! drawn once per process and copied in. The indices are compressed with the `png` crate's
//! fast mode: a card costs a few milliseconds and about 25 KB.

use std::collections::HashMap;

use anyhow::Context;
use tiny_skia::{
    Color, FillRule, LineCap, LineJoin, Mask, Paint, PathBuilder, Pixmap, Stroke, Transform,
};

use super::CardSpec;
use super::fonts::{Faces, Weight};
use super::layout::{Block, Fit, Style, layout};

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;

pub(super) type Rgb = [u8; 3];
pub(super) const BACKGROUND: Rgb = [0x02, 0x28, 0x20]; // brand-950
const WHITE: Rgb = [0xff, 0xff, 0xff];
pub(super) const AMBER: Rgb = [0xfb, 0xbf, 0x24]; // the mark's dot, amber-400
const MINT: Rgb = [0xa7, 0xf3, 0xd6]; // brand-200
const MARK: Rgb = [0x04, 0x6c, 0x4e]; // brand-700, the mark's square

/// The text's colours, one layer each, drawn on the background: white (brand, title), amber
/// (the page's kind, the band), mint (the address).
pub(super) const LAYERS: [Rgb; 3] = [WHITE, AMBER, MINT];
/// Colours that meet inside the logo mark.
const MARK_PAIRS: [(Rgb, Rgb); 3] = [(BACKGROUND, MARK), (MARK, WHITE), (MARK, AMBER)];
const STEPS: u32 = 32;

/// The logo mark (`site/src/features/layout/logo-mark.tsx`), in its 40×40 view box.
pub const MARK_PATH: &str = "M10 29V15.5a2.5 2.5 0 0 1 4.4-1.6L25.6 27a2.5 2.5 0 0 0 4.4-1.6V11";
const MARK_STROKE: f32 = 3.4;
const MARK_RADIUS: f64 = 10.0;
const MARK_DOT: (f32, f32, f32) = (30.0, 11.0, 2.6);

const MARGIN: f32 = 80.0;
const LOGO: f32 = 84.0;
const LOGO_TOP: f32 = 64.0;
/// The amber band's height.
pub(super) const BAND: u32 = 12;

/// Where each part of a card goes (left-to-right coordinates; mirrored on Arabic cards).
pub struct CardLayout {
    pub brand: Block,
    pub kind: Block,
    pub title: Block,
    pub host: Block,
}

/// The width a title's lines may take.
pub const TITLE_WIDTH: f32 = WIDTH as f32 - 2.0 * MARGIN;
const TITLE_TOP: f32 = 262.0;
const TITLE_BOTTOM: f32 = 540.0;
const KIND_TOP: f32 = 196.0;
const HOST_TOP: f32 = 548.0;

const TITLE_SIZES: [f32; 19] = [
    68.0, 64.0, 60.0, 56.0, 52.0, 48.0, 44.0, 40.0, 36.0, 32.0, 30.0, 28.0, 26.0, 24.0, 22.0, 20.0,
    18.0, 16.0, 14.0,
];

/// Lays out the texts of a card.
pub fn card_layout(faces: &Faces<'_>, spec: &CardSpec) -> CardLayout {
    let rtl = spec.lang.is_rtl();
    let leading = if rtl { 1.45 } else { 1.3 };
    let style = |weight| Style {
        lang: spec.lang,
        weight,
        rtl,
    };
    let one_line = |sizes: &'static [f32], width: f32| Fit {
        max_width: width,
        max_height: sizes.first().copied().unwrap_or(0.0) * leading,
        sizes,
        leading,
    };
    let brand_width = TITLE_WIDTH - LOGO - 28.0;
    CardLayout {
        brand: layout(
            faces,
            &spec.brand,
            style(Weight::Bold),
            one_line(&[36.0, 32.0, 28.0, 24.0, 20.0], brand_width),
        ),
        kind: layout(
            faces,
            &spec.kind,
            style(Weight::Bold),
            one_line(&[32.0, 28.0, 24.0, 20.0], TITLE_WIDTH),
        ),
        title: layout(
            faces,
            &spec.title,
            style(Weight::Bold),
            Fit {
                max_width: TITLE_WIDTH,
                max_height: TITLE_BOTTOM - TITLE_TOP,
                sizes: &TITLE_SIZES,
                leading,
            },
        ),
        // The address reads left to right on both cards.
        host: layout(
            faces,
            &spec.host,
            Style {
                lang: spec.lang,
                weight: Weight::Regular,
                rtl: false,
            },
            one_line(&[26.0, 22.0, 18.0, 14.0], TITLE_WIDTH),
        ),
    }
}

/// Draws a card: as PNG bytes, or as JPEG bytes over its photo (`super::photo`).
pub fn draw_card(faces: &Faces<'_>, spec: &CardSpec) -> anyhow::Result<Vec<u8>> {
    let layers = text_layers(faces, spec);
    if let Some(photo) = &spec.photo {
        return super::photo::draw(photo, layers, spec.lang.is_rtl());
    }
    let rtl = spec.lang.is_rtl();
    // Palette indices, background (0) first; each layer's coverage becomes one of its steps.
    let mut indices = vec![0u8; (WIDTH * HEIGHT) as usize];
    let mut mask = Mask::new(WIDTH, HEIGHT).context(crate::msg!("output-card-allocate"))?;
    for (layer, path) in layers.into_iter().enumerate() {
        let Some(path) = path else {
            continue;
        };
        mask.clear();
        mask.fill_path(&path, FillRule::Winding, true, Transform::identity());
        let bounds = path.bounds();
        let rows = (bounds.top().max(0.0) as usize)..(bounds.bottom().ceil().max(0.0) as usize + 1);
        let base = 1 + layer * STEPS as usize;
        for (row, coverage) in indices
            .chunks_exact_mut(WIDTH as usize)
            .zip(mask.data().chunks_exact(WIDTH as usize))
            .skip(rows.start)
            .take(rows.len())
        {
            for (index, &c) in row.iter_mut().zip(coverage) {
                if c != 0 {
                    let step = (u32::from(c) * STEPS + 127) / 255;
                    if step > 0 {
                        *index = u8::try_from(base + step as usize - 1).unwrap_or(0);
                    }
                }
            }
        }
    }

    // The logo mark, the same tile on every card, at whole pixels.
    let tile = mark_tile();
    let mark_x = if rtl {
        WIDTH as f32 - MARGIN - LOGO
    } else {
        MARGIN
    } as usize;
    let side = LOGO as usize;
    for (row, tile_row) in indices
        .chunks_exact_mut(WIDTH as usize)
        .skip(LOGO_TOP as usize)
        .zip(tile.chunks_exact(side))
    {
        if let Some(dst) = row.get_mut(mark_x..mark_x + side) {
            dst.copy_from_slice(tile_row);
        }
    }

    // The band along the bottom edge: the amber layer at full coverage.
    let amber_full = u8::try_from(2 * STEPS).unwrap_or(0);
    let band = (HEIGHT - BAND) as usize * WIDTH as usize;
    if let Some(rows) = indices.get_mut(band..) {
        rows.fill(amber_full);
    }
    encode_png(&indices)
}

/// The glyph outlines of the card's texts, one path per colour of [`LAYERS`] (none when a
/// colour has no text).
fn text_layers(faces: &Faces<'_>, spec: &CardSpec) -> [Option<tiny_skia::Path>; 3] {
    let card = card_layout(faces, spec);
    let rtl = spec.lang.is_rtl();
    let mut layers: [PathBuilder; LAYERS.len()] = std::array::from_fn(|_| PathBuilder::new());
    let [white, amber, mint] = &mut layers;
    let brand_top = LOGO_TOP + LOGO / 2.0 - card.brand.line_height / 2.0;
    text_paths(
        faces,
        &card.brand,
        MARGIN + LOGO + 28.0,
        brand_top,
        rtl,
        white,
    );
    text_paths(faces, &card.kind, MARGIN, KIND_TOP, rtl, amber);
    text_paths(faces, &card.title, MARGIN, TITLE_TOP, rtl, white);
    text_paths(faces, &card.host, MARGIN, HOST_TOP, rtl, mint);
    layers.map(PathBuilder::finish)
}

/// The logo mark's pixels as colours, `None` where the card's background shows (around its
/// rounded corners), and where it sits: (left edge, top, side).
pub(super) fn mark_pixels(rtl: bool) -> (Vec<Option<Rgb>>, usize, usize, usize) {
    let palette = palette();
    let pixels = mark_tile()
        .iter()
        .map(|&i| (i != 0).then(|| palette.get(usize::from(i)).copied().unwrap_or(BACKGROUND)))
        .collect();
    let x = if rtl {
        WIDTH as f32 - MARGIN - LOGO
    } else {
        MARGIN
    };
    (pixels, x as usize, LOGO_TOP as usize, LOGO as usize)
}

/// The logo mark's pixels as palette indices, drawn once.
fn mark_tile() -> &'static [u8] {
    static TILE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TILE.get_or_init(|| {
        let side = LOGO as u32;
        let Some(mut pixmap) = Pixmap::new(side, side) else {
            return Vec::new();
        };
        pixmap.fill(color(BACKGROUND));
        if draw_mark(&mut pixmap, 0.0, 0.0, LOGO).is_err() {
            return vec![0; (side * side) as usize];
        }
        let palette = palette();
        let mut memo: HashMap<[u8; 3], u8> = HashMap::new();
        pixmap
            .pixels()
            .iter()
            .map(|p| {
                // Opaque: premultiplied equals straight.
                let c = [p.red(), p.green(), p.blue()];
                *memo.entry(c).or_insert_with(|| nearest(&palette, c))
            })
            .collect()
    })
}

fn color([r, g, b]: Rgb) -> Color {
    Color::from_rgba8(r, g, b, 255)
}

fn paint(rgb: Rgb) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(color(rgb));
    paint.anti_alias = true;
    paint
}

/// Adds a block's glyph outlines to `out`: its lines from `top` down, each aligned to the
/// reading side's edge, `start` pixels in from it.
fn text_paths(
    faces: &Faces<'_>,
    block: &Block,
    start: f32,
    top: f32,
    card_rtl: bool,
    out: &mut PathBuilder,
) {
    for (i, line) in block.lines.iter().enumerate() {
        // A left-to-right block on a right-to-left card (the address) still sits on the
        // card's reading side.
        let x0 = if card_rtl {
            WIDTH as f32 - start - line.width
        } else {
            start
        };
        let line_top = top + i as f32 * block.line_height;
        let mut pen = x0;
        for run in &line.runs {
            let Some(face) = faces.get(run.font) else {
                continue;
            };
            let scale = block.size / face.units_per_em() as f32;
            // The em box centred in the line.
            let ascender = f32::from(face.ascender());
            let descender = f32::from(face.descender());
            let baseline =
                line_top + block.line_height / 2.0 + (ascender + descender) / 2.0 * scale;
            for g in &run.glyphs {
                // Glyph 0 is "no glyph in any font": nothing is drawn rather than a box.
                if g.id != 0
                    && let Ok(id) = u16::try_from(g.id)
                {
                    let mut outline = Outline {
                        out: &mut *out,
                        x: pen + g.x_offset as f32 * scale,
                        y: baseline - g.y_offset as f32 * scale,
                        scale,
                    };
                    face.outline_glyph(rustybuzz::ttf_parser::GlyphId(id), &mut outline);
                }
                pen += g.x_advance as f32 * scale;
            }
        }
    }
}

/// Writes a glyph's outline (font units, y up) into a path (pixels, y down).
struct Outline<'a> {
    out: &'a mut PathBuilder,
    x: f32,
    y: f32,
    scale: f32,
}

impl Outline<'_> {
    fn at(&self, x: f32, y: f32) -> (f32, f32) {
        (self.x + x * self.scale, self.y - y * self.scale)
    }
}

impl rustybuzz::ttf_parser::OutlineBuilder for Outline<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.out.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.at(x, y);
        self.out.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x, y) = self.at(x, y);
        self.out.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let (x1, y1) = self.at(x1, y1);
        let (x2, y2) = self.at(x2, y2);
        let (x, y) = self.at(x, y);
        self.out.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.out.close();
    }
}

/// A kurbo path (the SVG geometry) as a tiny-skia one, scaled and moved.
fn to_skia(path: &kurbo::BezPath, transform: kurbo::Affine) -> Option<tiny_skia::Path> {
    let mut b = PathBuilder::new();
    let p = |pt: kurbo::Point| {
        let pt = transform * pt;
        (pt.x as f32, pt.y as f32)
    };
    for el in path.elements() {
        match *el {
            kurbo::PathEl::MoveTo(a) => {
                let (x, y) = p(a);
                b.move_to(x, y);
            }
            kurbo::PathEl::LineTo(a) => {
                let (x, y) = p(a);
                b.line_to(x, y);
            }
            kurbo::PathEl::QuadTo(a, c) => {
                let ((x1, y1), (x, y)) = (p(a), p(c));
                b.quad_to(x1, y1, x, y);
            }
            kurbo::PathEl::CurveTo(a, c, d) => {
                let ((x1, y1), (x2, y2), (x, y)) = (p(a), p(c), p(d));
                b.cubic_to(x1, y1, x2, y2, x, y);
            }
            kurbo::PathEl::ClosePath => b.close(),
        }
    }
    b.finish()
}

/// The logo mark, `size` pixels square, its top left corner at (`x`, `y`).
fn draw_mark(pixmap: &mut Pixmap, x: f32, y: f32, size: f32) -> anyhow::Result<()> {
    use kurbo::Shape;
    let k = f64::from(size) / 40.0;
    let transform =
        kurbo::Affine::translate((f64::from(x), f64::from(y))) * kurbo::Affine::scale(k);
    let square = kurbo::RoundedRect::new(0.0, 0.0, 40.0, 40.0, MARK_RADIUS).to_path(0.01);
    let id = Transform::identity();
    if let Some(path) = to_skia(&square, transform) {
        pixmap.fill_path(&path, &paint(MARK), FillRule::Winding, id, None);
    }
    let stroke_path = kurbo::BezPath::from_svg(MARK_PATH).map_err(|e| {
        anyhow::anyhow!(crate::msg!("output-card-mark-path", detail = e.to_string()))
    })?;
    if let Some(path) = to_skia(&stroke_path, transform) {
        let stroke = Stroke {
            width: MARK_STROKE * k as f32,
            line_cap: LineCap::Round,
            line_join: LineJoin::Round,
            ..Stroke::default()
        };
        pixmap.stroke_path(&path, &paint(WHITE), &stroke, id, None);
    }
    let (cx, cy, r) = MARK_DOT;
    let k = k as f32;
    if let Some(path) = PathBuilder::from_circle(x + cx * k, y + cy * k, r * k) {
        pixmap.fill_path(&path, &paint(AMBER), FillRule::Winding, id, None);
    }
    Ok(())
}

/// The palette: the background, then each layer's colour over it in `STEPS` steps (the
/// index [`draw_card`] computes from coverage), then the blends inside the logo mark (matched
/// by nearest colour).
fn palette() -> Vec<Rgb> {
    let blend = |a: Rgb, b: Rgb, step: u32| -> Rgb {
        let mix = |x: u8, y: u8| {
            let v = (u32::from(x) * (STEPS - step) + u32::from(y) * step + STEPS / 2) / STEPS;
            u8::try_from(v).unwrap_or(u8::MAX)
        };
        [mix(a[0], b[0]), mix(a[1], b[1]), mix(a[2], b[2])]
    };
    let mut out = vec![BACKGROUND];
    for colour in LAYERS {
        out.extend((1..=STEPS).map(|step| blend(BACKGROUND, colour, step)));
    }
    for (a, b) in MARK_PAIRS {
        out.extend((0..=STEPS).map(|step| blend(a, b, step)));
    }
    out
}

fn nearest(palette: &[Rgb], c: Rgb) -> u8 {
    let distance = |p: &Rgb| -> i32 {
        p.iter()
            .zip(c)
            .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2))
            .sum()
    };
    let (index, _) = palette
        .iter()
        .enumerate()
        .min_by_key(|(_, p)| distance(p))
        .unwrap_or((0, &BACKGROUND));
    u8::try_from(index).unwrap_or(0)
}

/// Palette indices as an 8-bit indexed PNG. The `Up` filter with the fast compressor gives
/// about a quarter of the size of no filter, at no visible cost in time.
fn encode_png(indices: &[u8]) -> anyhow::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(64 * 1024);
    let mut encoder = png::Encoder::new(&mut out, WIDTH, HEIGHT);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette().concat());
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(indices)?;
    writer.finish()?;
    Ok(out)
}
