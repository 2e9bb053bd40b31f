use super::*;

/// An SVG as Inkscape saves it: the author's folders in its attributes, RDF metadata naming
/// the author, comments, and Illustrator's and Sketch's notes.
pub(crate) const INKSCAPE: &str = r##"<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) by mariam -->
<svg
   width="210mm" height="297mm" viewBox="0 0 210 297" version="1.1" id="svg1"
   inkscape:version="1.3.2 (091e20e, 2023-11-25)"
   inkscape:export-filename="/home/mariam/clients/pricing-internal.png"
   inkscape:export-xdpi="96"
   sodipodi:docname="pricing-internal-DRAFT.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns:xlink="http://www.w3.org/1999/xlink"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:svg="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/"
   xmlns:sketch="http://www.bohemiancoding.com/sketch/ns">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:current-layer="layer1" />
  <metadata id="metadata1">
    <rdf:RDF>
      <cc:Work rdf:about="">
        <dc:creator><cc:Agent><dc:title>Mariam Al Kaabi</dc:title></cc:Agent></dc:creator>
      </cc:Work>
    </rdf:RDF>
  </metadata>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#0a7"/></linearGradient></defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1" sketch:type="MSPage" data-name="mariam">
    <rect style="fill:url(#g);stroke:#000" width="50" height="20" x="10" y="10" rx="2" />
    <use xlink:href="#g" />
    <text xml:space="preserve" x="10" y="50" font-family="Noto Kufi Arabic">أسعارنا &amp; خدماتنا &lt;2025&gt;</text>
    <svg:path d="M0 0L10 10" stroke-width="0.5"/>
  </g>
</svg>
"##;

#[test]
fn an_inkscape_svg_keeps_its_drawing_and_loses_its_author_and_folders() {
    let out = String::from_utf8(clean(INKSCAPE.as_bytes()).unwrap()).unwrap();
    for gone in [
        "mariam",
        "Mariam",
        "pricing-internal",
        "inkscape",
        "sodipodi",
        "metadata",
        "rdf:",
        "dc:",
        "cc:",
        "sketch",
        "data-name",
        "<!--",
        "<?xml",
    ] {
        assert!(INKSCAPE.contains(gone), "{gone}");
        assert!(!out.contains(gone), "{gone}: {out}");
    }
    for kept in [
        "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"210mm\" height=\"297mm\" viewBox=\"0 0 210 297\" version=\"1.1\" id=\"svg1\">",
        "<stop offset=\"0\" stop-color=\"#0a7\"/>",
        "<g id=\"layer1\">",
        "<rect style=\"fill:url(#g);stroke:#000\" width=\"50\" height=\"20\" x=\"10\" y=\"10\" rx=\"2\"/>",
        "<use xlink:href=\"#g\"/>",
        "<text xml:space=\"preserve\" x=\"10\" y=\"50\" font-family=\"Noto Kufi Arabic\">أسعارنا &amp; خدماتنا &lt;2025&gt;</text>",
        "<path d=\"M0 0L10 10\" stroke-width=\"0.5\"/>",
    ] {
        assert!(out.contains(kept), "{kept}: {out}");
    }
    // What is published passes the checks, and cleaning it again changes nothing.
    assert!(crate::media::svg::problems(&out).is_empty());
    assert_eq!(clean(out.as_bytes()).unwrap(), out.as_bytes());
}

#[test]
fn a_plain_svg_is_published_as_it_was_and_a_refused_one_is_not_cleaned() {
    let plain = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><rect width=\"1\" height=\"1\"/></svg>";
    assert_eq!(clean(plain.as_bytes()).unwrap(), plain.as_bytes());
    let evil = plain.replace("<rect", "<rect onload=\"alert(1)\"");
    assert_eq!(clean(evil.as_bytes()), None);
    assert_eq!(clean(b"\xFF\xFE"), None);
}

#[test]
fn a_clean_svg_keeps_its_declaration_layout_and_references_and_a_comment_anywhere_is_dropped() {
    let plain = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\">\n  <title>&#x634;&#x639;&#x627;&#x631;</title>\n  <rect width=\"1\" height=\"1\"/>\n</svg>\n";
    assert_eq!(clean(plain.as_bytes()).unwrap(), plain.as_bytes());
    for (from, to) in [
        ("<rect", "<!-- made by Mariam --><rect"),
        (
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n",
            "<!-- C:\\Users\\mariam -->\n",
        ),
        (
            "<svg ",
            "<svg xmlns:dc=\"http://purl.org/dc/elements/1.1/\" ",
        ),
        ("<rect ", "<rect data-author=\"Mariam\" "),
    ] {
        let changed = plain.replace(from, to);
        let out = String::from_utf8(clean(changed.as_bytes()).unwrap()).unwrap();
        assert!(
            !out.contains("ariam") && !out.contains("dc="),
            "{to}: {out}"
        );
        assert!(out.contains("<title>شعار</title>"), "{out}");
    }
}
