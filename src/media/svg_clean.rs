//! An SVG as it is published: written again from its parsed tree, keeping only the drawing.
//!
//! `svg.rs` refuses what would run or load; what is left can still say who made the file and
//! where: Inkscape writes the author's folders (`inkscape:export-filename`,
//! `sodipodi:docname`), editors write `<metadata>` with RDF and Dublin Core (`dc:creator`,
//! `cc:license`), and comments say which program made it. So the published file holds only
//! SVG elements of `svg.rs`'s allow-list but `<metadata>`, each with only the attributes of
//! [`ATTRIBUTES`] (and `aria-*`), `xlink:href`, `xml:space` and `xml:lang`; text is kept, and
//! comments, processing instructions, the `<!DOCTYPE>` and every other namespace's elements
//! and attributes (editors' notes: `inkscape:`, `sodipodi:`, `sketch:`, `serif:`, `i:`, `x:`)
//! go. Unknown SVG attributes go too: an attribute a browser does not know draws nothing.
//! A file from which nothing goes is published byte for byte as it was (its XML declaration,
//! its layout and its character references kept).

use super::svg::{ELEMENTS, SVG_NS, XLINK_NS, XML_NS};

/// The SVG attributes that are published (in no namespace): geometry, text, paint servers,
/// filters, structure and every presentation attribute.
const ATTRIBUTES: &[&str] = &[
    // Structure, styling and accessibility.
    "id",
    "class",
    "style",
    "lang",
    "tabindex",
    "role",
    "version",
    "transform",
    "viewBox",
    "preserveAspectRatio",
    "zoomAndPan",
    "href",
    "target",
    "systemLanguage",
    "requiredExtensions",
    "requiredFeatures",
    "width",
    "height",
    // Shapes and their geometry.
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "fr",
    "d",
    "points",
    "pathLength",
    // Text.
    "dx",
    "dy",
    "rotate",
    "textLength",
    "lengthAdjust",
    "startOffset",
    "method",
    "spacing",
    "side",
    // Gradients, patterns, clipping, masks and markers.
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "offset",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "clipPathUnits",
    "maskUnits",
    "maskContentUnits",
    "markerWidth",
    "markerHeight",
    "markerUnits",
    "refX",
    "refY",
    "orient",
    // Filters.
    "filterUnits",
    "primitiveUnits",
    "in",
    "in2",
    "result",
    "stdDeviation",
    "edgeMode",
    "mode",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "type",
    "values",
    "tableValues",
    "slope",
    "intercept",
    "amplitude",
    "exponent",
    "scale",
    "xChannelSelector",
    "yChannelSelector",
    "order",
    "kernelMatrix",
    "divisor",
    "bias",
    "targetX",
    "targetY",
    "preserveAlpha",
    "kernelUnitLength",
    "surfaceScale",
    "diffuseConstant",
    "specularConstant",
    "specularExponent",
    "azimuth",
    "elevation",
    "pointsAtX",
    "pointsAtY",
    "pointsAtZ",
    "limitingConeAngle",
    "baseFrequency",
    "numOctaves",
    "seed",
    "stitchTiles",
    "radius",
    "filterRes",
    // Presentation attributes.
    "alignment-baseline",
    "baseline-shift",
    "clip",
    "clip-path",
    "clip-rule",
    "color",
    "color-interpolation",
    "color-interpolation-filters",
    "color-profile",
    "color-rendering",
    "cursor",
    "direction",
    "display",
    "dominant-baseline",
    "enable-background",
    "fill",
    "fill-opacity",
    "fill-rule",
    "filter",
    "flood-color",
    "flood-opacity",
    "font",
    "font-family",
    "font-size",
    "font-size-adjust",
    "font-stretch",
    "font-style",
    "font-variant",
    "font-weight",
    "glyph-orientation-horizontal",
    "glyph-orientation-vertical",
    "image-rendering",
    "isolation",
    "kerning",
    "letter-spacing",
    "lighting-color",
    "marker",
    "marker-end",
    "marker-mid",
    "marker-start",
    "mask",
    "mask-type",
    "mix-blend-mode",
    "opacity",
    "overflow",
    "paint-order",
    "pointer-events",
    "shape-rendering",
    "stop-color",
    "stop-opacity",
    "stroke",
    "stroke-dasharray",
    "stroke-dashoffset",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-opacity",
    "stroke-width",
    "text-anchor",
    "text-decoration",
    "text-overflow",
    "text-rendering",
    "transform-origin",
    "transform-box",
    "unicode-bidi",
    "vector-effect",
    "visibility",
    "white-space",
    "word-spacing",
    "writing-mode",
];

/// The published bytes of an SVG that `svg.rs` found nothing wrong with; None for one it
/// refuses (or that does not parse).
pub(super) fn clean(bytes: &[u8]) -> Option<Vec<u8>> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).ok()?;
    if !super::svg::problems(text).is_empty() {
        return None;
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).ok()?;
    let root = doc.root_element();
    let xlink = root
        .descendants()
        .flat_map(|n| n.attributes())
        .any(|a| a.namespace() == Some(XLINK_NS) && a.name() == "href");
    let mut out = String::with_capacity(text.len());
    let mut dropped = doc.root().children().any(|n| n.is_comment() || n.is_pi())
        || root
            .namespaces()
            .any(|ns| ![SVG_NS, XLINK_NS, XML_NS].contains(&ns.uri()));
    element(root, &mut out, Some(xlink), &mut dropped);
    Some(if dropped {
        out.into_bytes()
    } else {
        bytes.to_vec()
    })
}

/// Writes `node` (an element) and what it holds, if it is published; `root`: the outermost
/// element, which declares the namespaces (whether `xlink:` is used). Sets `dropped` when
/// anything of the file is left out.
fn element(node: roxmltree::Node, out: &mut String, root: Option<bool>, dropped: &mut bool) {
    let name = node.tag_name();
    let local = name.name();
    if name.namespace() != Some(SVG_NS) || local == "metadata" || !ELEMENTS.contains(&local) {
        *dropped = true;
        return;
    }
    out.push('<');
    out.push_str(local);
    if let Some(xlink) = root {
        out.push_str(" xmlns=\"");
        out.push_str(SVG_NS);
        out.push('"');
        if xlink {
            out.push_str(" xmlns:xlink=\"");
            out.push_str(XLINK_NS);
            out.push('"');
        }
    }
    for attr in node.attributes() {
        let written = match (attr.namespace(), attr.name()) {
            (None, n) if ATTRIBUTES.contains(&n) || n.starts_with("aria-") => n.to_string(),
            (Some(XLINK_NS), "href") => "xlink:href".to_string(),
            (Some(XML_NS), n @ ("space" | "lang")) => format!("xml:{n}"),
            _ => {
                *dropped = true;
                continue;
            }
        };
        out.push(' ');
        out.push_str(&written);
        out.push_str("=\"");
        escape(attr.value(), true, out);
        out.push('"');
    }
    let mut inner = String::new();
    for child in node.children() {
        if child.is_element() {
            element(child, &mut inner, None, dropped);
        } else if let Some(text) = child.text().filter(|_| child.is_text()) {
            escape(text, false, &mut inner);
        } else {
            *dropped = true;
        }
    }
    if inner.is_empty() {
        out.push_str("/>");
    } else {
        out.push('>');
        out.push_str(&inner);
        out.push_str("</");
        out.push_str(local);
        out.push('>');
    }
}

/// `text` escaped for XML: `&`, `<` and `>`, and `"` in an attribute's value.
fn escape(text: &str, attribute: bool, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            // Attribute values were normalised by the parser; a character reference keeps
            // any that remain as they are.
            '\n' if attribute => out.push_str("&#10;"),
            '\t' if attribute => out.push_str("&#9;"),
            '\r' => out.push_str("&#13;"),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
mod tests;
