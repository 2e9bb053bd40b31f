//! The media folder against files made to hurt (hardening, round four): images measured as
//! browsers decode them (a GIF whose frame is far larger than its screen, animations of
//! thousands of huge frames), photos whose copies cannot be made (too tall, damaged) refused
//! by `check` at the file, never a panic or an absolute path; originals published without
//! their metadata (JPEG, PNG, WebP, SVG, PDF: read back from `dist/media/`); `_V/` reserved as
//! `_v/` is. The files are made here, not kept in the repository.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use std::path::{Path, PathBuf};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::common::{self, BUILD_LOCK, prop_runner};
use sahel::build::{BuildOptions, Verbosity, build_site};
use sahel::check::{check_site, load_site};

// ---------------------------------------------------------------------------------------------
// Files

/// A GIF by hand: a `screen` with a two-colour table, and `frames` (left, top, width,
/// height), each an empty LZW stream (clear, end), as the attacks' files are.
fn gif_of(screen: (u16, u16), frames: &[(u16, u16, u16, u16)]) -> Vec<u8> {
    let mut b = b"GIF89a".to_vec();
    b.extend_from_slice(&screen.0.to_le_bytes());
    b.extend_from_slice(&screen.1.to_le_bytes());
    b.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    for &(left, top, w, h) in frames {
        b.push(0x2C);
        for v in [left, top, w, h] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&[0, 2, 1, 0x2C, 0]);
    }
    b.push(0x3B);
    b
}

/// An image of `w` × `h` with a gradient, in `format`.
fn image_of(w: u32, h: u32, format: image::ImageFormat) -> Vec<u8> {
    let pixels = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 251) as u8, (y % 241) as u8, ((x + y) % 239) as u8])
    });
    if format == image::ImageFormat::Gif {
        // (the image crate here is built without its GIF codec)
        let mut out = Vec::new();
        let frame = gif::Frame::from_rgb(w as u16, h as u16, pixels.as_raw());
        let mut encoder = gif::Encoder::new(&mut out, w as u16, h as u16, &[]).unwrap();
        encoder.write_frame(&frame).unwrap();
        drop(encoder);
        return out;
    }
    let mut out = std::io::Cursor::new(Vec::new());
    pixels.write_to(&mut out, format).unwrap();
    out.into_inner()
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    c.extend_from_slice(&crc.finalize().to_be_bytes());
    c
}

/// A PNG's chunks: (type, data).
fn png_chunks(bytes: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let mut rest = &bytes[8..];
    let mut out = Vec::new();
    while rest.len() >= 12 {
        let len = u32::from_be_bytes(rest[..4].try_into().unwrap()) as usize;
        out.push((rest[4..8].try_into().unwrap(), rest[8..8 + len].to_vec()));
        rest = &rest[12 + len..];
    }
    out
}

fn png_of_chunks(chunks: &[([u8; 4], Vec<u8>)]) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n".to_vec();
    for (k, d) in chunks {
        b.extend(png_chunk(k, d));
    }
    b
}

/// A PNG whose compressed image data is damaged, its chunks' CRCs right: only decoding it
/// finds the damage.
fn corrupt_png() -> Vec<u8> {
    let mut chunks = png_chunks(&image_of(64, 64, image::ImageFormat::Png));
    let idat = chunks.iter_mut().find(|(k, _)| k == b"IDAT").unwrap();
    let mid = idat.1.len() / 2;
    for b in &mut idat.1[mid..mid + 16] {
        *b ^= 0xA5;
    }
    png_of_chunks(&chunks)
}

/// EXIF with orientation `o`, an owner's name and a GPS latitude reference.
fn gps_exif(o: u16) -> Vec<u8> {
    let mut b = b"MM\0\x2a".to_vec();
    b.extend_from_slice(&8u32.to_be_bytes());
    b.extend_from_slice(&3u16.to_be_bytes());
    b.extend_from_slice(&[0x01, 0x12, 0, 3, 0, 0, 0, 1]);
    b.extend_from_slice(&o.to_be_bytes());
    b.extend_from_slice(&[0, 0]);
    b.extend_from_slice(&[0x01, 0x3B, 0, 2, 0, 0, 0, 13, 0, 0, 0, 50]);
    b.extend_from_slice(&[0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 64]);
    b.extend_from_slice(&0u32.to_be_bytes());
    b.extend_from_slice(b"Mariam Kaabi\0\0");
    b.extend_from_slice(&1u16.to_be_bytes());
    b.extend_from_slice(&[0x00, 0x01, 0, 2, 0, 0, 0, 2]);
    b.extend_from_slice(b"N\0\0\0");
    b.extend_from_slice(&0u32.to_be_bytes());
    b
}

fn segment(marker: u8, payload: &[u8]) -> Vec<u8> {
    let mut s = vec![0xFF, marker];
    s.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    s.extend_from_slice(payload);
    s
}

/// A JPEG with a JFXX thumbnail, EXIF (GPS) before its scan, and EXIF, XMP, a comment and a
/// C2PA manifest after it (where a progressive JPEG's later scans are).
fn tagged_jpeg() -> Vec<u8> {
    let plain = image_of(120, 80, image::ImageFormat::Jpeg);
    let mut b = vec![0xFF, 0xD8];
    b.extend(segment(
        0xE0,
        b"JFXX\0\x10\xFF\xD8thumbnail of Mariam's desk\xFF\xD9",
    ));
    b.extend(segment(0xE1, &[&b"Exif\0\0"[..], &gps_exif(6)].concat()));
    b.extend_from_slice(&plain[2..plain.len() - 2]);
    b.extend(segment(0xE1, &[&b"Exif\0\0"[..], &gps_exif(1)].concat()));
    b.extend(segment(
        0xE1,
        b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>Al Barsha</x:xmpmeta>",
    ));
    b.extend(segment(0xFE, b"shot on SN 4417"));
    b.extend(segment(0xEB, b"JP\0\x11c2pa manifest: author Mariam"));
    b.extend_from_slice(&[0xFF, 0xD9]);
    b
}

/// A PNG with text, EXIF, a C2PA manifest (`caBX`) and a private chunk.
fn tagged_png() -> Vec<u8> {
    let mut chunks = png_chunks(&image_of(120, 80, image::ImageFormat::Png));
    for (k, d) in [
        (*b"tEXt", &b"Author\0Mariam"[..]),
        (*b"eXIf", &gps_exif(1)),
        (*b"caBX", b"c2pa manifest: Al Barsha"),
        (*b"prVt", b"SN 4417"),
    ] {
        chunks.insert(1, (k, d.to_vec()));
    }
    png_of_chunks(&chunks)
}

fn riff_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut c = kind.to_vec();
    c.extend_from_slice(&(data.len() as u32).to_le_bytes());
    c.extend_from_slice(data);
    if data.len() % 2 == 1 {
        c.push(0);
    }
    c
}

/// An extended WebP with EXIF (GPS), XMP, a C2PA manifest and a private chunk.
fn tagged_webp() -> Vec<u8> {
    let plain = image_of(120, 80, image::ImageFormat::WebP);
    let mut vp8x = vec![0x08 | 0x04, 0, 0, 0];
    vp8x.extend_from_slice(&[119, 0, 0, 79, 0, 0]);
    let mut body = riff_chunk(b"VP8X", &vp8x);
    body.extend_from_slice(&plain[12..]);
    body.extend(riff_chunk(b"EXIF", &gps_exif(1)));
    body.extend(riff_chunk(b"XMP ", b"<x:xmpmeta>Al Barsha</x:xmpmeta>"));
    body.extend(riff_chunk(b"C2PA", b"c2pa manifest: Mariam"));
    body.extend(riff_chunk(b"PRIV", b"SN 4417"));
    let mut b = b"RIFF".to_vec();
    b.extend_from_slice(&(body.len() as u32 + 4).to_le_bytes());
    b.extend_from_slice(b"WEBP");
    b.extend(body);
    b
}

/// An SVG as Inkscape saves it, with its author's folder and RDF metadata.
const INKSCAPE: &str = r##"<?xml version="1.0" encoding="UTF-8"?>
<!-- Created with Inkscape by mariam -->
<svg width="100" height="50" viewBox="0 0 100 50" id="svg1"
   inkscape:export-filename="/home/mariam/clients/pricing-internal.png"
   sodipodi:docname="pricing-internal-DRAFT.svg"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg"
   xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
   xmlns:cc="http://creativecommons.org/ns#"
   xmlns:dc="http://purl.org/dc/elements/1.1/">
  <sodipodi:namedview id="nv" inkscape:current-layer="layer1"/>
  <metadata><rdf:RDF><cc:Work><dc:creator><cc:Agent><dc:title>Mariam Al Kaabi</dc:title></cc:Agent></dc:creator></cc:Work></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" id="layer1"><rect width="50" height="20" fill="#0a7"/></g>
</svg>
"##;

/// A PDF of `objects` (1 is the catalog) with a cross-reference table.
fn pdf_of(objects: &[&str], trailer: &str) -> Vec<u8> {
    let mut b = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, o) in objects.iter().enumerate() {
        offsets.push(b.len());
        b.extend_from_slice(format!("{} 0 obj\n{o}\nendobj\n", i + 1).as_bytes());
    }
    let xref = b.len();
    b.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for o in offsets {
        b.extend_from_slice(format!("{o:010} 00000 n \n").as_bytes());
    }
    b.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R {trailer} >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    b
}

/// A PDF as Word exports it: `/Info` names the author and the source's path, XMP the author;
/// `catalog` is added to its catalog.
fn word_pdf(catalog: &str) -> Vec<u8> {
    let text = "BT /F1 24 Tf 72 720 Td (Price list) Tj ET";
    let xmp = "<x:xmpmeta><dc:creator>Mariam Al Kaabi</dc:creator></x:xmpmeta>";
    pdf_of(
        &[
            &format!("<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R {catalog} >>"),
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> >>",
            &format!("<< /Length {} >>\nstream\n{text}\nendstream", text.len()),
            "<< /Author (Mariam Al Kaabi) /Creator (Microsoft Word) /Title (C:\\\\Users\\\\mariam\\\\Documents\\\\pricing-internal-DRAFT.docx) /Keywords (draft) >>",
            &format!(
                "<< /Type /Metadata /Subtype /XML /Length {} >>\nstream\n{xmp}\nendstream",
                xmp.len()
            ),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ],
        "/Info 5 0 R",
    )
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

// ---------------------------------------------------------------------------------------------
// Sites

/// A copy of the basic fixture with `files` (name, bytes) in its media folder.
fn site_with(files: &[(&str, Vec<u8>)]) -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    for (name, bytes) in files {
        let path = root.join("content/media").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    (tmp, root)
}

/// What `check` finds, and says: in English a line each, then in Arabic.
fn check(root: &Path) -> (Vec<sahel::diagnostics::Diagnostic>, String) {
    let found = match load_site(root) {
        Err(d) => d,
        Ok(site) => check_site(&site),
    };
    // One line each (`file: message (help: ...)`), then the Arabic report.
    let lines: String = found.0.iter().map(|d| format!("{d}\n")).collect();
    let text = format!("{lines}\n{}", found.render_in("ar"));
    (found.0, text)
}

fn build(root: &Path, out: &Path) -> Result<(), String> {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    let mut opts = BuildOptions::new(root);
    opts.out = Some(out.to_path_buf());
    opts.verbosity = Verbosity::Quiet;
    build_site(&opts)
        .map(drop)
        .map_err(|e| format!("{e}\n{e:?}"))
}

/// Every media error names a file of `content/media/`, and no report names the machine's
/// folders (`tmp`).
fn no_absolute_path(found: &[sahel::diagnostics::Diagnostic], text: &str, tmp: &Path) {
    assert!(!text.contains(&*tmp.to_string_lossy()), "{text}");
    for d in found {
        assert!(d.file.starts_with("content/media"), "{}", d.file.display());
    }
}

// ---------------------------------------------------------------------------------------------
// Tests

#[test]
fn bombs_and_photos_whose_copies_cannot_be_made_are_errors_of_check_at_the_file() {
    let frames = vec![(0, 0, 8000, 8000); 20_000];
    let cut = image_of(64, 64, image::ImageFormat::Jpeg);
    let (tmp, root) = site_with(&[
        ("gif-bomb.gif", gif_of((1, 1), &[(0, 0, 20_000, 20_000)])),
        ("frames.gif", gif_of((8000, 8000), &frames)),
        ("needle.png", image_of(1, 20_000, image::ImageFormat::Png)),
        ("corrupt.png", corrupt_png()),
        ("cut.jpg", cut[..cut.len() / 2].to_vec()),
        ("_V/x.png", image_of(4, 4, image::ImageFormat::Png)),
    ]);
    // (the issue's was 62 bytes; this one, its frame's data empty, fewer)
    assert!(
        std::fs::read(root.join("content/media/gif-bomb.gif"))
            .unwrap()
            .len()
            <= 62
    );
    let (found, text) = check(&root);
    no_absolute_path(&found, &text, tmp.path());
    let line = |name: &str| {
        text.lines()
            .find(|l| l.contains(&format!("content/media/{name}:")))
            .unwrap_or_else(|| panic!("{name} is not refused: {text}"))
            .to_string()
    };
    assert!(
        line("gif-bomb.gif").contains(
            "frame 1 is 20000 × 20000 pixels at (0, 0), outside the image's own 1 × 1 pixels"
        ),
        "{text}"
    );
    assert!(
        text.contains("save the GIF again with frames no larger than its screen (1 × 1 pixels)"),
        "{text}"
    );
    assert!(
        line("frames.gif").contains("too much for a phone to draw"),
        "{text}"
    );
    assert!(
        line("needle.png").contains("even a copy one pixel wide would be taller"),
        "{text}"
    );
    assert!(
        text.contains("crop the screenshot to at most 16383 pixels tall"),
        "{text}"
    );
    assert!(
        line("corrupt.png").contains("the image data is damaged"),
        "{text}"
    );
    assert!(line("cut.jpg").contains("damaged or cut short"), "{text}");
    assert!(line("_V/x.png").contains("smaller copies"), "{text}");
    // The Arabic report says the same.
    assert!(text.contains("الإطار 1 أبعاده 20000 × 20000 بكسل"), "{text}");
    assert_eq!(found.len(), 6, "{text}");
    // The build stops on the same errors, without a panic.
    let e = build(&root, &tmp.path().join("dist")).unwrap_err();
    let e = format!("{e:?}");
    assert!(e.contains("gif-bomb.gif"), "{e}");
    assert!(!e.contains(&*tmp.path().to_string_lossy()), "{e}");
}

/// The sizes of the copies a build published.
fn copy_sizes(out: &Path) -> Vec<(u32, u32)> {
    let mut sizes: Vec<(u32, u32)> = std::fs::read_dir(out.join("media/_v"))
        .unwrap()
        .flatten()
        .map(|e| {
            let bytes = std::fs::read(e.path()).unwrap();
            let s = imagesize::blob_size(&bytes).unwrap();
            (s.width as u32, s.height as u32)
        })
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    sizes
}

#[test]
fn a_tall_photo_builds_with_copies_no_taller_than_webp_allows() {
    // The issue's 200 × 20,000 PNG: a copy at its own width would be 20,000 pixels tall
    // (libwebp refuses more than 16,383), so its one copy is 163 × 16,300.
    let (tmp, root) = site_with(&[("tall.png", image_of(200, 20_000, image::ImageFormat::Png))]);
    let (found, text) = check(&root);
    assert!(found.is_empty(), "{text}");
    let out = tmp.path().join("dist");
    build(&root, &out).unwrap();
    assert_eq!(copy_sizes(&out), [(163, 16_300)]);
}

#[test]
fn a_full_page_screenshot_gets_only_the_copies_that_fit() {
    // The issue's 1,200 × 16,500 screenshot passes check; its copies at 480 and 960 pixels
    // would be made, not the one at 1,200 (16,500 tall). Built here at a scale the test can
    // afford: copies 16 and 24 pixels wide of a 24 × 16,500 screenshot, the one at 24 too tall.
    let (_tmp, root) = site_with(&[("page.png", image_of(1200, 16_500, image::ImageFormat::Png))]);
    let (found, text) = check(&root);
    assert!(found.is_empty(), "{text}");
    let (tmp, root) = site_with(&[("page.png", image_of(24, 16_500, image::ImageFormat::Png))]);
    let config = std::fs::read_to_string(root.join("site.toml")).unwrap();
    std::fs::write(
        root.join("site.toml"),
        format!("{config}\n[images]\nwidths = [16, 24]\n"),
    )
    .unwrap();
    let out = tmp.path().join("dist");
    build(&root, &out).unwrap();
    assert_eq!(copy_sizes(&out), [(16, 11_000)]);
}

#[test]
fn published_originals_carry_no_metadata() {
    let (tmp, root) = site_with(&[
        ("photo.jpg", tagged_jpeg()),
        ("photo.png", tagged_png()),
        ("photo.webp", tagged_webp()),
        ("plan.svg", INKSCAPE.as_bytes().to_vec()),
        ("prices.pdf", word_pdf("/OpenAction [3 0 R /Fit]")),
    ]);
    let (found, text) = check(&root);
    assert!(found.is_empty(), "{text}");
    let out = tmp.path().join("dist");
    build(&root, &out).unwrap();
    for (name, secrets) in [
        (
            "photo.jpg",
            &[
                "Mariam",
                "Al Barsha",
                "SN 4417",
                "thumbnail",
                "c2pa",
                "JFXX",
            ][..],
        ),
        (
            "photo.png",
            &["Mariam", "Al Barsha", "SN 4417", "caBX", "prVt"],
        ),
        (
            "photo.webp",
            &["Mariam", "Al Barsha", "SN 4417", "C2PA", "XMP "],
        ),
        (
            "plan.svg",
            &[
                "mariam",
                "Mariam",
                "pricing-internal",
                "inkscape",
                "sodipodi",
                "metadata",
                "dc:",
                "rdf:",
                "cc:",
            ],
        ),
        (
            "prices.pdf",
            &[
                "Mariam",
                "pricing-internal-DRAFT",
                "Users",
                "Microsoft",
                "/Author",
                "xmpmeta",
            ],
        ),
    ] {
        let source = std::fs::read(root.join("content/media").join(name)).unwrap();
        let published = std::fs::read(out.join("media").join(name)).unwrap();
        for s in secrets {
            assert!(contains(&source, s.as_bytes()), "{name}: {s}");
            assert!(
                !contains(&published, s.as_bytes()),
                "{name} still holds {s}"
            );
        }
    }
    // The pictures are the same pixels; the JPEG keeps its orientation (6) as its only EXIF.
    for name in ["photo.jpg", "photo.png", "photo.webp"] {
        let read = |p: PathBuf| {
            image::load_from_memory(&std::fs::read(p).unwrap())
                .unwrap()
                .to_rgb8()
        };
        assert_eq!(
            read(out.join("media").join(name)),
            read(root.join("content/media").join(name)),
            "{name}"
        );
    }
    let jpeg = std::fs::read(out.join("media/photo.jpg")).unwrap();
    assert!(contains(
        &jpeg,
        b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06"
    ));
    let svg = std::fs::read_to_string(out.join("media/plan.svg")).unwrap();
    assert!(
        svg.contains("<g id=\"layer1\"><rect width=\"50\" height=\"20\" fill=\"#0a7\"/></g>"),
        "{svg}"
    );
    let pdf = std::fs::read(out.join("media/prices.pdf")).unwrap();
    assert!(pdf.starts_with(b"%PDF-") && contains(&pdf, b"(Price list) Tj"));
}

#[test]
fn a_pdf_with_script_actions_is_refused_saying_how_to_export_it() {
    let (tmp, root) = site_with(&[
        (
            "open.pdf",
            word_pdf(
                "/OpenAction << /S /JavaScript /JS (app.launchURL('https://evil.example')) >>",
            ),
        ),
        (
            "aa.pdf",
            word_pdf("/AA << /WC << /S /JavaScript /JS (x) >> >>"),
        ),
    ]);
    let (found, text) = check(&root);
    no_absolute_path(&found, &text, tmp.path());
    assert_eq!(found.len(), 2, "{text}");
    assert!(
        text.contains("content/media/open.pdf: the PDF holds /OpenAction"),
        "{text}"
    );
    assert!(
        text.contains("content/media/aa.pdf: the PDF holds /AA"),
        "{text}"
    );
    assert!(
        text.contains("export the PDF without scripts and actions"),
        "{text}"
    );
    assert!(text.contains("صدّر ملف PDF بلا نصوص برمجية"), "{text}");
}

// ---------------------------------------------------------------------------------------------
// Property: generated images of every format, size and damage

/// How a generated file is damaged.
#[derive(Debug, Clone)]
enum Damage {
    None,
    /// Cut to this share (of 1000) of its length.
    Cut(u16),
    /// One byte at this share (of 1000) of its length flipped.
    Flip(u16),
    /// Its header's width and height (the first eight bytes after `at` shares) overwritten.
    Header(u16, u32),
}

#[derive(Debug, Clone)]
struct Generated {
    format: image::ImageFormat,
    width: u32,
    height: u32,
    damage: Damage,
}

fn generated() -> impl Strategy<Value = Generated> {
    let format = prop_oneof![
        Just(image::ImageFormat::Jpeg),
        Just(image::ImageFormat::Png),
        Just(image::ImageFormat::Gif),
        Just(image::ImageFormat::WebP),
        Just(image::ImageFormat::Avif),
    ];
    let side = prop_oneof![1u32..=40, Just(1u32), 200u32..=400];
    let damage = prop_oneof![
        2 => Just(Damage::None),
        1 => (0u16..1000).prop_map(Damage::Cut),
        1 => (0u16..1000).prop_map(Damage::Flip),
        1 => (0u16..60, any::<u32>()).prop_map(|(at, v)| Damage::Header(at, v)),
    ];
    (format, side.clone(), side, damage).prop_map(|(format, width, height, damage)| Generated {
        format,
        width,
        height,
        damage,
    })
}

fn bytes_of(g: &Generated) -> Vec<u8> {
    let mut b = if g.format == image::ImageFormat::Avif {
        // ravif, as the copies are made (the image crate here is built without its encoder).
        let pixels: Vec<rgb::RGB8> = (0..g.width * g.height)
            .map(|i| rgb::RGB8::new((i % 256) as u8, 90, 200))
            .collect();
        ravif::Encoder::new()
            .with_speed(10)
            .encode_rgb(ravif::Img::new(
                &pixels,
                g.width as usize,
                g.height as usize,
            ))
            .unwrap()
            .avif_file
    } else {
        image_of(g.width, g.height, g.format)
    };
    let at = |share: u16, len: usize| (usize::from(share) * len / 1000).min(len.saturating_sub(1));
    match g.damage {
        Damage::None => {}
        Damage::Cut(share) => b.truncate(at(share, b.len())),
        Damage::Flip(share) => {
            let i = at(share, b.len());
            b[i] ^= 0xFF;
        }
        Damage::Header(offset, value) => {
            let i = usize::from(offset).min(b.len().saturating_sub(8));
            let end = (i + 4).min(b.len());
            b[i..end].copy_from_slice(&value.to_be_bytes()[..end - i]);
        }
    }
    b
}

fn extension(format: image::ImageFormat) -> &'static str {
    format.extensions_str()[0]
}

#[test]
fn generated_images_are_published_or_refused_at_their_file_never_a_panic() {
    let cases = prop_runner::Cases::new(6, 6).shrink_ms(20_000);
    let files = proptest::collection::vec(generated(), 1..=6);
    prop_runner::check(
        "generated_images_are_published_or_refused",
        cases,
        files,
        |files| {
            let named: Vec<(String, Vec<u8>)> = files
                .iter()
                .enumerate()
                .map(|(i, g)| (format!("g{i}.{}", extension(g.format)), bytes_of(g)))
                .collect();
            let named: Vec<(&str, Vec<u8>)> =
                named.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
            let (tmp, root) = site_with(&named);
            let (found, text) = check(&root);
            let tmp_text = tmp.path().to_string_lossy().to_string();
            prop_assert!(!text.contains(&tmp_text), "an absolute path: {text}");
            for d in &found {
                prop_assert!(d.file.starts_with("content/media"), "{}", d.render());
            }
            if found.is_empty() {
                // What check passes, the build publishes, its copies included.
                let out = tmp.path().join("dist");
                let built = build(&root, &out);
                prop_assert!(built.is_ok(), "checked, then not built: {built:?}");
                for (name, _) in &named {
                    prop_assert!(out.join("media").join(name).is_file(), "{name}");
                }
            }
            Ok::<(), TestCaseError>(())
        },
    );
}
