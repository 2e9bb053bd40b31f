//! What an SVG file in `content/media/` may hold to be published.
//!
//! An SVG opened from the site (a link to `/media/logo.svg`, or a new tab on an `<img>`) is a
//! document of the site's own origin: a `<script>`, an `onload=` or a `<foreignObject>` holding
//! HTML would run there, and a reference to another file (`href="https://..."`,
//! `url(https://...)`, `@import`) would load content sahel never checked. So a file is parsed
//! (with `roxmltree`; a `<!DOCTYPE>` declaring entities is refused first, so none is ever
//! expanded, by sahel or by a browser) and published only when every element is one
//! of an allow-list of drawing elements, no attribute is an event handler, and every reference
//! names a part of the same file (`#id`) or embeds a raster image (`data:image/png;...`).
//! Anything else is refused with its line and column: the file is never published
//! half-cleaned. What passes is published written again without editors' notes and metadata
//! (`svg_clean.rs`).

use std::ops::Range;

use crate::messages::Msg;

pub(super) const SVG_NS: &str = "http://www.w3.org/2000/svg";
pub(super) const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
pub(super) const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// The SVG elements that only draw: shapes, text, paint servers, filters and their structure.
pub(super) const ELEMENTS: &[&str] = &[
    "a",
    "circle",
    "clipPath",
    "defs",
    "desc",
    "ellipse",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feConvolveMatrix",
    "feDiffuseLighting",
    "feDisplacementMap",
    "feDistantLight",
    "feDropShadow",
    "feFlood",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
    "feGaussianBlur",
    "feImage",
    "feMerge",
    "feMergeNode",
    "feMorphology",
    "feOffset",
    "fePointLight",
    "feSpecularLighting",
    "feSpotLight",
    "feTile",
    "feTurbulence",
    "filter",
    "g",
    "image",
    "line",
    "linearGradient",
    "marker",
    "mask",
    "metadata",
    "path",
    "pattern",
    "polygon",
    "polyline",
    "radialGradient",
    "rect",
    "stop",
    "style",
    "svg",
    "switch",
    "symbol",
    "text",
    "textPath",
    "title",
    "tspan",
    "use",
    "view",
];

/// Namespaces of the editors' own notes (Inkscape, Sketch, Illustrator, Affinity, RDF
/// metadata): browsers give their elements no behaviour, so they are allowed in the file, and
/// removed from the published copy (`svg_clean.rs`).
const EDITOR_NAMESPACES: &[&str] = &[
    "http://www.inkscape.org/namespaces/inkscape",
    "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "http://purl.org/dc/elements/1.1/",
    "http://purl.org/dc/terms/",
    "http://creativecommons.org/ns#",
    "http://web.resource.org/cc/",
    "http://www.bohemiancoding.com/sketch/ns",
    "http://www.serif.com/",
    "http://ns.adobe.com/",
    "adobe:ns:meta/",
];

/// The raster types an SVG may embed as a `data:` URL.
const DATA_IMAGES: &[&str] = &[
    "data:image/png",
    "data:image/jpeg",
    "data:image/jpg",
    "data:image/gif",
    "data:image/webp",
    "data:image/avif",
];

/// One reason an SVG is not published: where in the text (bytes), what, and how to fix it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Problem {
    pub(crate) at: usize,
    pub(crate) message: Msg,
    pub(crate) help: Msg,
}

fn help_script() -> Msg {
    crate::msg!("media-svg-help-script")
}
fn help_reference() -> Msg {
    crate::msg!("media-svg-help-reference")
}
fn help_element() -> Msg {
    crate::msg!("media-svg-help-element")
}

/// The problems that keep `text` (an SVG file's contents, as UTF-8) from being published; none
/// when it may be published as it is.
pub(crate) fn problems(text: &str) -> Vec<Problem> {
    let mut found = Vec::new();
    if let Some(problem) = declared_encoding(text) {
        found.push(problem);
        return found;
    }
    // A `<!DOCTYPE svg PUBLIC ...>` naming SVG's DTD is harmless (no browser loads it) and
    // common; one with an internal subset (`[...]`) can declare entities, which a browser would
    // expand: refused before parsing.
    if let Some(at) = internal_subset(text) {
        found.push(Problem {
            at,
            message: crate::msg!("media-svg-entities"),
            help: crate::msg!("media-svg-entities-help"),
        });
        return found;
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = match roxmltree::Document::parse_with_options(text, options) {
        Ok(doc) => doc,
        Err(e) => {
            let pos = e.pos();
            found.push(Problem {
                at: offset_of(text, pos.row as usize, pos.col as usize),
                message: crate::msg!("media-svg-not-xml", detail = e.to_string()),
                help: crate::msg!("media-svg-not-xml-help"),
            });
            return found;
        }
    };
    let root = doc.root_element();
    if root.tag_name().namespace() != Some(SVG_NS) || root.tag_name().name() != "svg" {
        let message = if root.tag_name().name() == "svg" {
            crate::msg!("media-svg-namespace", namespace = SVG_NS)
        } else {
            crate::msg!("media-svg-root", element = root.tag_name().name())
        };
        found.push(Problem {
            at: root.range().start,
            message,
            help: crate::msg!("media-svg-root-help"),
        });
        return found;
    }
    for node in doc.root().descendants() {
        if let Some(pi) = node.pi() {
            found.push(Problem {
                at: node.range().start,
                message: crate::msg!("media-svg-processing-instruction", target = pi.target),
                help: help_reference(),
            });
            continue;
        }
        if !node.is_element() {
            continue;
        }
        element(&node, &mut found);
        for attr in node.attributes() {
            attribute(&node, &attr, &mut found);
        }
    }
    found.sort_by_key(|p| p.at);
    found
}

/// An element's own problems (not its attributes').
fn element(node: &roxmltree::Node, found: &mut Vec<Problem>) {
    let name = node.tag_name();
    let at = node.range().start;
    match name.namespace() {
        Some(SVG_NS) => {
            let local = name.name();
            let problem = match local {
                "script" | "handler" | "listener" => {
                    Some((crate::msg!("media-svg-script"), help_script()))
                }
                "foreignObject" => Some((crate::msg!("media-svg-foreign-object"), help_element())),
                "animate" | "set" | "animateMotion" | "animateTransform" | "animateColor"
                | "mpath" | "discard" => Some((
                    crate::msg!("media-svg-animation", element = local),
                    help_element(),
                )),
                _ if ELEMENTS.contains(&local) => None,
                _ => Some((
                    crate::msg!("media-svg-element", element = local),
                    help_element(),
                )),
            };
            if let Some((message, help)) = problem {
                found.push(Problem { at, message, help });
            }
            if local == "style" {
                let css: String = node
                    .descendants()
                    .filter(|n| n.is_text())
                    .filter_map(|n| n.text())
                    .collect();
                if let Some(what) = css_problem(&css) {
                    found.push(Problem {
                        at,
                        message: crate::msg!("media-svg-style", what = what),
                        help: help_reference(),
                    });
                }
            }
        }
        Some(ns) if is_editor_namespace(ns) => {}
        ns => found.push(Problem {
            at,
            message: match ns.filter(|n| !n.is_empty()) {
                Some(ns) => crate::msg!(
                    "media-svg-foreign-namespace",
                    element = name.name(),
                    namespace = ns
                ),
                None => crate::msg!("media-svg-no-namespace", element = name.name()),
            },
            help: help_element(),
        }),
    }
}

/// One attribute's problems.
fn attribute(node: &roxmltree::Node, attr: &roxmltree::Attribute, found: &mut Vec<Problem>) {
    let range: Range<usize> = attr.range();
    let at = range.start;
    let name = attr.name();
    let value = attr.value();
    match attr.namespace() {
        None => {
            if name.len() > 2 && name.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("on")) {
                found.push(Problem {
                    at,
                    message: crate::msg!(
                        "media-svg-event-handler",
                        name = name,
                        element = node.tag_name().name()
                    ),
                    help: help_script(),
                });
            } else if name == "href" {
                reference(value, at, found);
            } else if let Some(what) = css_problem(value) {
                found.push(Problem {
                    at,
                    message: crate::msg!("media-svg-attribute", name = name, what = what),
                    help: help_reference(),
                });
            }
        }
        Some(XLINK_NS) if name == "href" => reference(value, at, found),
        Some(XML_NS) if name == "base" => found.push(Problem {
            at,
            message: crate::msg!("media-svg-xml-base"),
            help: crate::msg!("media-svg-xml-base-help"),
        }),
        // Other attributes in a namespace (xlink:title, xml:space, inkscape:label) do nothing.
        Some(_) => {}
    }
}

/// Whether an editor's namespace (elements browsers leave alone).
fn is_editor_namespace(ns: &str) -> bool {
    EDITOR_NAMESPACES
        .iter()
        .any(|e| ns == *e || (e.ends_with('/') && ns.starts_with(e)))
}

/// A reference (`href`) that names anything but a part of this file or an embedded raster image.
fn reference(value: &str, at: usize, found: &mut Vec<Problem>) {
    if !is_inside_reference(value) {
        found.push(Problem {
            at,
            message: crate::msg!("media-svg-reference", reference = shorten(value)),
            help: help_reference(),
        });
    }
}

/// `#id`, or a raster image embedded as a `data:` URL.
fn is_inside_reference(value: &str) -> bool {
    let value = value.trim_matches(|c: char| c.is_ascii_whitespace());
    if value.starts_with('#') {
        return true;
    }
    let lower = value.to_ascii_lowercase();
    DATA_IMAGES.iter().any(|p| {
        lower
            .strip_prefix(p)
            .is_some_and(|rest| rest.starts_with([';', ',']))
    })
}

/// What is wrong with a piece of CSS (a `<style>` element's text, a `style` attribute, or a
/// presentation attribute such as `fill`): a reference to another file, or an escape that could
/// hide one. `None` when it only names parts of this file.
fn css_problem(css: &str) -> Option<Msg> {
    let lower = css.to_ascii_lowercase();
    if lower.contains('\\') {
        return Some(crate::msg!("media-svg-css-escape"));
    }
    for word in ["@import", "image-set(", "src(", "attr(", "javascript:"] {
        if lower.contains(word) {
            return Some(crate::msg!(
                "media-svg-css-loads",
                word = word.trim_end_matches('(')
            ));
        }
    }
    let mut rest = lower.as_str();
    while let Some(i) = rest.find("url(") {
        rest = rest.get(i + "url(".len()..).unwrap_or_default();
        let inside =
            rest.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '"' || c == '\'');
        if !is_inside_reference(inside) {
            let shown: String = inside.chars().take_while(|&c| c != ')').collect();
            return Some(crate::msg!(
                "media-svg-css-url",
                url = shorten(shown.trim_end_matches(['"', '\'']))
            ));
        }
    }
    None
}

/// A value short enough to print in a message.
fn shorten(value: &str) -> String {
    const MAX: usize = 60;
    if value.chars().count() <= MAX {
        value.to_string()
    } else {
        value.chars().take(MAX).chain("...".chars()).collect()
    }
}

/// The `encoding` of the XML declaration when it is not UTF-8: browsers would read the bytes
/// in that encoding (ISO-2022-JP hides markup from a UTF-8 reader), so only UTF-8 is published.
fn declared_encoding(text: &str) -> Option<Problem> {
    let start = text.find("<?xml")?;
    if text.get(..start).is_some_and(|b| !b.trim().is_empty()) {
        return None;
    }
    let decl = text.get(start..)?;
    let decl = decl.get(..decl.find("?>")?)?;
    let at = decl.find("encoding")?;
    let value: String = decl
        .get(at + "encoding".len()..)?
        .trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '=')
        .trim_start_matches(['"', '\''])
        .chars()
        .take_while(|&c| c != '"' && c != '\'')
        .collect();
    if value.eq_ignore_ascii_case("utf-8") || value.eq_ignore_ascii_case("utf8") {
        return None;
    }
    Some(Problem {
        at: start + at,
        message: crate::msg!("media-svg-encoding", encoding = shorten(&value)),
        help: crate::msg!("media-svg-encoding-help"),
    })
}

/// Where the internal subset (`[`) of the `<!DOCTYPE>` starts, if it has one; or where any
/// `<!ENTITY` is, should one appear elsewhere. Quoted literals (the public and system ids) are
/// skipped as an XML parser does, so a `>` inside one does not end the declaration early.
fn internal_subset(text: &str) -> Option<usize> {
    if let Some(start) = text.find("<!DOCTYPE") {
        let mut quote = None;
        for (i, c) in text.get(start..)?.char_indices() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '[') => return Some(start + i),
                (None, '>') => break,
                (None, _) => {}
            }
        }
    }
    text.find("<!ENTITY")
}

/// The byte offset of 1-based `line` and `column` (in characters) in `text`.
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    crate::diagnostics::offset_of(text, line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages(svg: &str) -> Vec<String> {
        problems(svg)
            .into_iter()
            .map(|p| p.message.render("en"))
            .collect()
    }

    const OPEN: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 10 10\">";

    fn svg(body: &str) -> String {
        format!("{OPEN}{body}</svg>")
    }

    #[test]
    fn a_plain_drawing_passes() {
        let clean = svg(
            "<title>Logo</title><defs><linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"#fff\"/></linearGradient>\
             <style>.a{fill:url(#g)}</style></defs>\
             <g class=\"a\" style=\"fill: url( '#g' )\"><path d=\"M0 0L10 10\" fill=\"url(#g)\"/></g>\
             <use href=\"#g\"/><use xlink:href=\"  #g\"/>\
             <image href=\"data:image/png;base64,iVBORw0KGgo=\" width=\"1\" height=\"1\"/>\
             <text x=\"1\" y=\"5\" xml:space=\"preserve\">مرحبا</text>",
        );
        assert_eq!(messages(&clean), Vec::<String>::new());
        // An editor's notes, a comment and a UTF-8 declaration.
        let inkscape = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- made in Inkscape -->\n\
            <svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:inkscape=\"http://www.inkscape.org/namespaces/inkscape\" \
            xmlns:sodipodi=\"http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd\" inkscape:version=\"1.3\">\
            <sodipodi:namedview id=\"n\" inkscape:zoom=\"1\"/><rect width=\"1\" height=\"1\" inkscape:label=\"C:\\x\"/></svg>";
        assert_eq!(messages(inkscape), Vec::<String>::new());
    }

    #[test]
    fn script_and_handlers_are_refused_at_their_place() {
        let text = format!(
            "{OPEN}\n<script>alert(1)</script>\n<rect onload=\"alert(1)\" OnClick=\"x()\"/></svg>"
        );
        let found = problems(&text);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(
            found[0].message.render("en").contains("<script>"),
            "{found:?}"
        );
        assert_eq!(crate::diagnostics::line_col(&text, found[0].at), (2, 1));
        assert!(
            found[1].message.render("en").contains("`onload`"),
            "{found:?}"
        );
        assert_eq!(crate::diagnostics::line_col(&text, found[1].at), (3, 7));
        assert!(
            found[2].message.render("en").contains("`OnClick`"),
            "{found:?}"
        );
        // A script in the SVG namespace under another prefix, and in the XHTML namespace.
        let prefixed = svg("<x:script xmlns:x=\"http://www.w3.org/2000/svg\">alert(1)</x:script>");
        assert!(messages(&prefixed)[0].contains("<script>"));
        let html = svg("<h:script xmlns:h=\"http://www.w3.org/1999/xhtml\">alert(1)</h:script>");
        assert!(messages(&html)[0].contains("http://www.w3.org/1999/xhtml"));
    }

    #[test]
    fn foreign_objects_animations_and_other_elements_are_refused() {
        let m = messages(&svg(
            "<foreignObject><div xmlns=\"http://www.w3.org/1999/xhtml\">x</div></foreignObject>",
        ));
        assert!(m[0].contains("<foreignObject>"), "{m:?}");
        let m = messages(&svg(
            "<a href=\"#x\"><set attributeName=\"href\" to=\"javascript:alert(1)\"/></a>",
        ));
        assert!(
            m.iter().any(|m| m.contains("animation element <set>")),
            "{m:?}"
        );
        let m = messages(&svg("<iframe/>"));
        assert!(m[0].contains("<iframe>"), "{m:?}");
        let m = messages(&svg("<x xmlns=\"\"/>"));
        assert!(m[0].contains("(none)"), "{m:?}");
    }

    #[test]
    fn references_to_other_files_are_refused() {
        for body in [
            "<use href=\"https://evil.example/x.svg#a\"/>",
            "<use xlink:href=\"other.svg#a\"/>",
            "<a href=\"javascript:alert(1)\"><rect/></a>",
            "<image href=\"data:image/svg+xml,&lt;svg/&gt;\"/>",
            "<image href=\"//evil.example/x.png\"/>",
            "<feImage href=\"/media/x.png\"/>",
            "<rect fill=\"url(https://evil.example/p.svg#g)\"/>",
            "<rect style=\"fill:URL( &quot;http://evil.example/&quot; )\"/>",
            "<rect style=\"fill:u\\72l(http://evil.example/)\"/>",
            "<style>@import url(#a);</style>",
            "<style>@import 'https://evil.example/a.css';</style>",
            "<style>.a{background:image-set(\"http://evil.example/a.png\" 1x)}</style>",
            "<style><![CDATA[.a{fill:url(http://evil.example/a)}]]></style>",
            "<g xml:base=\"https://evil.example/\"><use href=\"#a\"/></g>",
        ] {
            let m = messages(&svg(body));
            assert!(!m.is_empty(), "published: {body}");
        }
        let m = messages(&svg("<use href=\"https://evil.example/x.svg#a\"/>"));
        assert!(
            m[0].contains("`https://evil.example/x.svg#a` points outside this file"),
            "{m:?}"
        );
    }

    #[test]
    fn doctypes_instructions_encodings_and_broken_xml_are_refused() {
        let laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\n<svg xmlns=\"http://www.w3.org/2000/svg\"><text>&b;</text></svg>";
        let found = problems(laughs);
        assert!(
            found[0]
                .message
                .render("en")
                .contains("<!DOCTYPE> declares entities"),
            "{found:?}"
        );
        assert_eq!(crate::diagnostics::line_col(laughs, found[0].at), (2, 15));
        // A `>` in a quoted id does not end the declaration before its entities.
        let quoted = "<!DOCTYPE svg PUBLIC \"a>b\" \"c\" [<!ENTITY a \"x\">]><svg xmlns=\"http://www.w3.org/2000/svg\">&a;</svg>";
        assert!(messages(quoted)[0].contains("declares entities"));
        // SVG's own DTD, named and never loaded, is fine (Graphviz, matplotlib and Illustrator
        // write it); an entity it does not declare is not well-formed.
        let graphviz = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\"\n \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>";
        assert_eq!(messages(graphviz), Vec::<String>::new());
        let undeclared = graphviz.replace("<g/>", "<text>&nbsp;</text>");
        assert!(messages(&undeclared)[0].contains("not well-formed"));
        let pi = format!(
            "<?xml-stylesheet href=\"https://evil.example/a.xsl\" type=\"text/xsl\"?>{}",
            svg("")
        );
        assert!(messages(&pi)[0].contains("<?xml-stylesheet"));
        let latin = format!(
            "<?xml version=\"1.0\" encoding=\"ISO-2022-JP\"?>{}",
            svg("")
        );
        assert!(messages(&latin)[0].contains("ISO-2022-JP"));
        let broken = format!("{OPEN}\n<rect>");
        let found = problems(&broken);
        assert!(
            found[0].message.render("en").contains("not well-formed"),
            "{found:?}"
        );
        let html = "<html><body><script>alert(1)</script></body></html>";
        assert!(messages(html)[0].contains("root element is <html>"));
        let bare = "<svg><rect/></svg>";
        assert!(messages(bare)[0].contains("not in the SVG namespace"));
    }
}
