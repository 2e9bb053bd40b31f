//! Secret keys never reach the site: every format the scan knows (`tests/testsuite/common/tokens.rs`),
//! written in a post, in a YAML data file, in a media file or in `site.toml`, stops the build, names the file,
//! prints no secret, and leaves the previous output as it was; a key written by hand into the
//! output is not published again by the next build; and no error quoting `site.toml` prints
//! the anon key or a URL's password.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::string_slice,
    clippy::panic
)] // test code

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::tokens::{Sample, samples};

use crate::common::BUILD_LOCK;

fn sahel(root: &Path, args: &[&str]) -> Output {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    crate::common::sahel_command()
        .args(args)
        .arg("--root")
        .arg(root)
        .output()
        .unwrap()
}

fn build(root: &Path, out: &Path) -> Output {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|p| p.into_inner());
    crate::common::sahel_command()
        .args(["build", "--quiet", "--root"])
        .arg(root)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The fixture site copied into `tmp` and built once into `tmp/dist`: (site, output).
fn built_site(tmp: &Path) -> (PathBuf, PathBuf) {
    let root = tmp.join("site");
    common::copy_fixture("basic", &root);
    let out = tmp.join("dist");
    let o = build(&root, &out);
    assert!(o.status.success(), "{}", stderr(&o));
    (root, out)
}

/// Text without whitespace or the margin of a wrapped report, to find what a report says
/// however the terminal width wrapped it (even inside a URL).
fn bare(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '│')
        .collect()
}

/// The build failed on the secrets: each sample is reported as its kind with only its first
/// characters, in a report that starts with `file` (a source file, `file:line:column`, or a
/// built page); no secret is printed; the previous output is unchanged.
fn assert_refused(
    o: &Output,
    file: &str,
    before: &std::collections::BTreeMap<String, Vec<u8>>,
    out: &Path,
) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(bare(&err).contains(&bare("contains a secret key")), "{err}");
    // A key in a YAML double-quoted string is quoted as the file spells it (`KEY = \"qe1o…`).
    let reports: Vec<String> = err
        .split('×')
        .map(|r| bare(r).replace("\\\"", "\""))
        .collect();
    for sample in samples() {
        let reported = reports
            .iter()
            .any(|r| r.starts_with(&bare(file)) && r.contains(&bare(&sample.finding())));
        assert!(
            reported,
            "{} is not reported in {file}:\n{err}",
            sample.finding()
        );
        assert_not_printed(&sample, &err);
    }
    assert_eq!(
        &common::files_of(out),
        before,
        "the previous output is unchanged"
    );
}

fn assert_not_printed(sample: &Sample, err: &str) {
    assert!(
        !err.contains(&sample.secret_tail),
        "the error prints the secret of {}:\n{err}",
        sample.what
    );
}

#[test]
fn every_key_format_in_a_post_stops_the_build() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let post = root.join("content/en/blog/first-post.md");
    let mut text = std::fs::read_to_string(&post).unwrap();
    for sample in samples() {
        // Each in a paragraph of its own, followed by a full stop.
        text.push_str(&format!("\n\nOur key: {}.\n", sample.token));
    }
    std::fs::write(&post, text).unwrap();
    let o = build(&root, &out);
    // At its place in the post itself, not only in the page it would reach.
    assert_refused(&o, "content/en/blog/first-post.md:", &before, &out);
}

#[test]
fn every_key_format_in_yaml_data_stops_the_build() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let (mut en, mut ar) = (String::new(), String::new());
    for (i, sample) in samples().iter().enumerate() {
        // A JSON string is a YAML double-quoted string: the private keys' line breaks stay.
        let answer = serde_json::to_string(&format!("Use {} to sign in", sample.token)).unwrap();
        en.push_str(&format!(
            "- id: key-{i}\n  question: \"Which key?\"\n  answer: {answer}\n"
        ));
        ar.push_str(&format!(
            "- id: key-{i}\n  question: \"أي مفتاح؟\"\n  answer: \"لا شيء.\"\n"
        ));
    }
    for (lang, extra) in [("en", en), ("ar", ar)] {
        let file = root.join(format!("content/{lang}/faq.yaml"));
        let text = std::fs::read_to_string(&file).unwrap();
        std::fs::write(&file, format!("{text}{extra}")).unwrap();
    }
    let o = build(&root, &out);
    assert_refused(&o, "content/en/faq.yaml:", &before, &out);
}

#[test]
fn every_key_format_in_the_site_config_is_refused_at_its_line() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let config = root.join("site.toml");
    let clean = std::fs::read_to_string(&config).unwrap();
    let anon = common::tokens::jwt(r#"{"iss":"supabase","role":"anon"}"#);
    for sample in samples() {
        // A TOML basic string takes a JSON string's escapes.
        let quoted = serde_json::to_string(&sample.token).unwrap();
        let in_address = clean.replace(
            "en = \"Dubai\"",
            &format!(
                "en = {}",
                serde_json::to_string(&format!("Dubai {}", sample.token)).unwrap()
            ),
        );
        // In a field of the backend, beside the public key.
        let in_backend = format!(
            "{clean}\n[backend]\nurl = \"https://x.supabase.co\"\nanon_key = \"{anon}\"\ncontact_table = \"contact_messages\"\nassistant_function = {quoted}\n"
        );
        for text in [in_address, in_backend] {
            assert_ne!(text, clean);
            std::fs::write(&config, &text).unwrap();
            // The key's first line as the TOML string spells it (quotes escaped).
            let first = serde_json::to_string(sample.token.lines().next().unwrap()).unwrap();
            let first = &first[1..first.len() - 1];
            let line = text.lines().position(|l| l.contains(first)).unwrap() + 1;
            let o = build(&root, &out);
            // The report's first line is wrapped.
            let err = stderr(&o).replace("\n  │ ", " ");
            assert_eq!(o.status.code(), Some(1), "{err}");
            assert!(
                err.contains(&format!("site.toml:{line}:")),
                "the config is named at the key's line {line}:\n{err}"
            );
            // A long finding (a webhook URL) is wrapped inside it too, and a quote in the
            // key is shown as the TOML string escapes it.
            assert!(
                bare(&err)
                    .replace("\\\"", "\"")
                    .contains(&bare(&sample.finding())),
                "{}:\n{err}",
                sample.finding()
            );
            assert_not_printed(&sample, &err);
            assert_eq!(common::files_of(&out), before, "the output is unchanged");
        }
    }
}

#[test]
fn a_key_written_into_the_output_by_hand_is_not_published_again() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let key = common::tokens::jwt(r#"{"role":"service_role"}"#);
    let stripe = samples()
        .into_iter()
        .find(|s| s.what == "a Stripe secret key")
        .unwrap()
        .token;
    let page = out.join("en/index.html");
    let html = std::fs::read_to_string(&page).unwrap();
    std::fs::write(
        &page,
        html.replace("</body>", &format!("<!-- {key} --></body>")),
    )
    .unwrap();
    let data = out.join("en/blog/first-post/page-data.json");
    let json = std::fs::read_to_string(&data).unwrap();
    assert!(json.ends_with('}'), "{json}");
    std::fs::write(
        &data,
        format!("{},\"k\":\"{stripe}\"}}", json.trim_end_matches('}')),
    )
    .unwrap();
    // Nothing changed in the site: the pages would be reused as they are.
    let o = build(&root, &out);
    assert!(o.status.success(), "{}", stderr(&o));
    for (file, bytes) in common::files_of(&out) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains(&key) && !text.contains(&stripe),
            "{file} still holds the key written into the output"
        );
    }
    assert_eq!(
        std::fs::read_to_string(&page).unwrap(),
        html,
        "the page is made again"
    );
    assert_eq!(std::fs::read_to_string(&data).unwrap(), json);
}

#[test]
fn an_error_quoting_the_site_config_masks_the_anon_key() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let config = root.join("site.toml");
    let clean = std::fs::read_to_string(&config).unwrap();
    let anon = common::tokens::jwt(r#"{"iss":"supabase","role":"anon"}"#);
    std::fs::write(
        &config,
        format!(
            "{clean}\n[backend]\nurl = \"https://x.supabase.co\"\nanon_key = \"{anon}\"\ncontact_tabel = \"contact_messages\"\n"
        ),
    )
    .unwrap();
    for command in ["check", "build"] {
        let o = sahel(&root, &[command]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(err.contains("contact_tabel"), "{err}");
        assert!(
            err.contains("anon_key = \"eyJh*"),
            "the line is quoted masked: {err}"
        );
        assert!(
            !err.contains(&anon[4..]),
            "{command} prints the anon key:\n{err}"
        );
    }
}

#[test]
fn a_database_url_as_the_backend_is_refused_without_printing_its_password() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let config = root.join("site.toml");
    let clean = std::fs::read_to_string(&config).unwrap();
    let anon = common::tokens::jwt(r#"{"iss":"supabase","role":"anon"}"#);
    for url in [
        "postgresql://postgres:Tr0ub4dor-3@db.x.supabase.co:5432/postgres",
        "https://postgres:Tr0ub4dor-3@x.supabase.co",
    ] {
        std::fs::write(
            &config,
            format!("{clean}\n[backend]\nurl = \"{url}\"\nanon_key = \"{anon}\"\n"),
        )
        .unwrap();
        let line = clean.lines().count() + 3;
        let o = sahel(&root, &["check"]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.contains(&format!("site.toml:{line}:1")) && err.contains("backend.url"),
            "{err}"
        );
        assert!(
            !err.contains("Tr0ub4dor"),
            "the password is printed:\n{err}"
        );
    }
}

#[test]
fn the_browser_tests_backend_on_this_machine_builds_with_a_warning() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let e2e = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/backend-site.toml");
    let clean = std::fs::read_to_string(root.join("site.toml")).unwrap();
    let backend = std::fs::read_to_string(e2e).unwrap();
    let section = &backend[backend.find("[backend]").unwrap()..];
    let section = &section[..section.find("\n#").unwrap_or(section.len())];
    std::fs::write(root.join("site.toml"), format!("{clean}\n{section}\n")).unwrap();
    let o = sahel(&root, &["check"]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("warning:") && err.contains("backend.url") && err.contains("http://"),
        "{err}"
    );
}

#[test]
fn every_key_format_in_a_media_file_stops_the_build() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let media = root.join("content/media");
    std::fs::create_dir_all(&media).unwrap();
    // Each key in a PDF's text and in a PNG's tEXt chunks (which publishing would strip: the
    // source is refused all the same).
    let mut pdf = b"%PDF-1.4\n".to_vec();
    let mut image = img_parts::png::Png::from_bytes(
        include_bytes!("../fixtures/media/tiny.png").to_vec().into(),
    )
    .unwrap();
    for sample in samples() {
        pdf.extend_from_slice(format!("% key: {}.\n", sample.token).as_bytes());
        image.chunks_mut().insert(
            1,
            img_parts::png::PngChunk::new(
                *b"tEXt",
                // Ended by a line break: a format gitleaks bounds needs one before the CRC.
                format!("Comment\0{}\n", sample.token).into_bytes().into(),
            ),
        );
    }
    let png = image.encoder().bytes().to_vec();
    pdf.extend_from_slice(b"%%EOF\n");
    std::fs::write(media.join("brochure.pdf"), &pdf).unwrap();
    std::fs::write(media.join("office.png"), &png).unwrap();
    let o = build(&root, &out);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    // One diagnostic per key, wrapped over lines (even inside a URL).
    let diagnostics: Vec<String> = err.split('×').map(bare).collect();
    for file in ["content/media/brochure.pdf", "content/media/office.png"] {
        for sample in samples() {
            let expected = bare(&format!(
                "{file}: this media file holds {}",
                sample.finding()
            ));
            let reported = diagnostics.iter().any(|d| d.starts_with(&expected));
            assert!(
                reported,
                "{} is not reported in {file}:\n{err}",
                sample.finding()
            );
            assert_not_printed(&sample, &err);
        }
    }
    assert_eq!(
        &common::files_of(&out),
        &before,
        "the previous output is unchanged"
    );
    assert!(!out.join("media").exists(), "no media was published");
}

#[test]
fn check_names_a_key_in_content_at_its_line_and_column_without_printing_it() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("site");
    common::copy_fixture("basic", &root);
    let post = root.join("content/ar/blog/second-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    let line = text.lines().count() + 2;
    let key = common::tokens::jwt(r#"{"role":"service_role"}"#);
    // After Arabic text, as an editor pasting a key into a sentence would leave it.
    std::fs::write(&post, format!("{text}\nالمفتاح: {key}.\n")).unwrap();
    let o = sahel(&root, &["check"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    let at = format!(
        "content/ar/blog/second-post.md:{line}:10: this file contains a secret key, a service_role JWT (eyJhbGci…)"
    );
    assert!(bare(&err).contains(&bare(&at)), "{at}\n{err}");
    assert!(!err.contains(&key[12..]), "the key is printed: {err}");
}

/// A PDF of one page whose content stream is `content` (Flate-compressed) and whose document
/// information dictionary holds `info` (PDF syntax), with a cross-reference table.
fn pdf_with(content: &[u8], info: &str) -> Vec<u8> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
    z.write_all(content).unwrap();
    let stream = z.finish().unwrap();
    let mut objects: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>".to_vec(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_vec(),
    ];
    let mut content_obj = format!(
        "<< /Length {} /Filter /FlateDecode >>\nstream\n",
        stream.len()
    )
    .into_bytes();
    content_obj.extend_from_slice(&stream);
    content_obj.extend_from_slice(b"\nendstream");
    objects.push(content_obj);
    objects.push(format!("<< {info} >>").into_bytes());
    let mut pdf = b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        pdf.extend_from_slice(body);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        pdf.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R /Info 6 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// `text` as a PDF hex string's digits.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

/// A key written as a media file's contents mean it, not as its bytes spell it: in a PDF's
/// compressed page, in its metadata as a hex string, as UTF-16 and as a literal string with
/// escapes, and in an SVG's text as character references. Each stops the build, names the
/// file (and the page, for a page's text) with what to do, and publishes nothing.
#[test]
fn a_key_encoded_in_a_media_file_stops_the_build() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let media = root.join("content/media");
    std::fs::create_dir_all(&media).unwrap();
    let stripe = samples()
        .into_iter()
        .find(|s| s.what == "a Stripe secret key")
        .unwrap();
    let key = stripe.token.as_bytes();
    let utf16: Vec<u8> = std::iter::once(0xFEFFu16)
        .chain(stripe.token.encode_utf16())
        .flat_map(u16::to_be_bytes)
        .collect();
    // `_` as an octal escape, and a balanced and an escaped parenthesis around the key.
    let escaped = format!("(key \\(live\\): ({}))", stripe.token.replace('_', "\\137"));
    let refs: String = stripe
        .token
        .chars()
        .map(|c| format!("&#x{:x};", c as u32))
        .collect();
    let page = |text: &str| format!("BT /F1 12 Tf 72 720 Td ({text}) Tj ET");
    let cases: Vec<(&str, Vec<u8>, String)> = vec![
        (
            "flate.pdf",
            // After drawing commands that compress well, so the stream is coded, not stored.
            pdf_with(
                format!("{}{}", "q 1 0 0 1 0 0 cm Q\n".repeat(40), page(&stripe.token)).as_bytes(),
                "/Title (Brochure)",
            ),
            format!("page 1 of this PDF holds {}", stripe.finding()),
        ),
        (
            "split.pdf",
            // A text-showing array splits the key where the exporter kerned it.
            pdf_with(
                format!(
                    "BT /F1 12 Tf 72 720 Td [({}) -20 ({})] TJ ET",
                    &stripe.token[..6],
                    &stripe.token[6..]
                )
                .as_bytes(),
                "/Title (Brochure)",
            ),
            format!("page 1 of this PDF holds {}", stripe.finding()),
        ),
        (
            "hex.pdf",
            pdf_with(page("Welcome").as_bytes(), &format!("/Title <{}>", hex(key))),
            format!("this PDF holds {} in its compressed or encoded contents", stripe.finding()),
        ),
        (
            "utf16.pdf",
            pdf_with(page("Welcome").as_bytes(), &format!("/Author <{}>", hex(&utf16))),
            format!("this PDF holds {} in its compressed or encoded contents", stripe.finding()),
        ),
        (
            "escaped.pdf",
            pdf_with(page("Welcome").as_bytes(), &format!("/Subject {escaped}")),
            format!("this PDF holds {} in its compressed or encoded contents", stripe.finding()),
        ),
        (
            "drawing.svg",
            format!(
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n<text x=\"0\" y=\"5\">{refs}</text>\n</svg>\n"
            )
            .into_bytes(),
            format!("this media file holds {} (line 2)", stripe.finding()),
        ),
    ];
    for (name, bytes, expected) in cases {
        assert!(
            !bytes.windows(key.len()).any(|w| w == key),
            "{name} spells the key in its bytes"
        );
        let file = media.join(name);
        std::fs::write(&file, &bytes).unwrap();
        let o = build(&root, &out);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{name}: {err}");
        assert!(
            bare(&err).contains(&bare(&format!("content/media/{name}: {expected}"))),
            "{name}: {expected}\n{err}"
        );
        assert_not_printed(&stripe, &err);
        assert_eq!(
            common::files_of(&out),
            before,
            "{name}: the output is unchanged"
        );
        std::fs::remove_file(&file).unwrap();
    }
}

/// A PDF whose streams inflate past the bound (a decompression bomb) is an error naming the
/// file and saying what to do, not a hang or a machine out of memory.
#[test]
fn a_pdf_bomb_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let media = root.join("content/media");
    std::fs::create_dir_all(&media).unwrap();
    // 80 MiB of spaces in a page's content stream: about 80 KiB compressed.
    let content = vec![b' '; 80 << 20];
    std::fs::write(media.join("bomb.pdf"), pdf_with(&content, "/Title (Bomb)")).unwrap();
    let started = std::time::Instant::now();
    let o = build(&root, &out);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        bare(&err).contains(&bare(
            "content/media/bomb.pdf: this PDF grows past 64 MiB when its compressed contents are read"
        )) && bare(&err).contains(&bare("export the PDF again without")),
        "{err}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    assert_eq!(common::files_of(&out), before, "the output is unchanged");
}

/// A key spelt with character references in a post (which the page would show as the key)
/// stops the build at the post.
#[test]
fn a_key_spelt_with_character_references_stops_the_build() {
    let tmp = tempfile::tempdir().unwrap();
    let (root, out) = built_site(tmp.path());
    let before = common::files_of(&out);
    let stripe = samples()
        .into_iter()
        .find(|s| s.what == "a Stripe secret key")
        .unwrap();
    let post = root.join("content/en/blog/first-post.md");
    let text = std::fs::read_to_string(&post).unwrap();
    // Decimal and hexadecimal references, and `&lowbar;`.
    let spelt: String = stripe
        .token
        .chars()
        .enumerate()
        .map(|(i, c)| match (c, i % 2) {
            ('_', _) => "&lowbar;".to_string(),
            (c, 0) => format!("&#{};", c as u32),
            (c, _) => format!("&#X{:X};", c as u32),
        })
        .collect();
    std::fs::write(&post, format!("{text}\n\nOur key: <code>{spelt}</code>.\n")).unwrap();
    let o = build(&root, &out);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        bare(&err).contains(&bare("content/en/blog/first-post.md:"))
            && bare(&err).contains(&bare(&stripe.finding())),
        "{err}"
    );
    assert_not_printed(&stripe, &err);
    assert_eq!(common::files_of(&out), before, "the output is unchanged");
}
