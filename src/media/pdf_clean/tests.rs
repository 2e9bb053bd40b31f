use super::*;

/// A PDF of `objects` (numbered from 1; 1 is the catalog), with a cross-reference table and
/// a trailer holding `trailer` besides its size and root.
pub(crate) fn pdf_of(objects: &[&str], trailer: &str) -> Vec<u8> {
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

fn stream(dict: &str, data: &str) -> String {
    format!(
        "<< {dict} /Length {} >>\nstream\n{data}\nendstream",
        data.len()
    )
}

/// A one-page PDF as Word exports it: its document information names the author and the
/// source's path, and XMP says the same; `catalog` is added to the catalog.
pub(crate) fn word_pdf(catalog: &str) -> Vec<u8> {
    let content = stream("", "BT /F1 24 Tf 72 720 Td (Price list) Tj ET");
    let xmp = stream(
        "/Type /Metadata /Subtype /XML",
        "<x:xmpmeta><dc:creator>Mariam Al Kaabi</dc:creator></x:xmpmeta>",
    );
    let catalog = format!("<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R {catalog} >>");
    pdf_of(
        &[
            &catalog,
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 7 0 R >> >> /PieceInfo << /Illustrator << /Private (C:\\\\Users\\\\mariam) >> >> >>",
            &content,
            "<< /Author (Mariam Al Kaabi) /Creator (Microsoft Word) /Producer (Microsoft: Print To PDF) /Title (C:\\\\Users\\\\mariam\\\\Documents\\\\pricing-internal-DRAFT.docx) /Subject (internal) /Keywords (draft) >>",
            &xmp,
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        ],
        "/Info 5 0 R",
    )
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_pdf_loses_its_document_information_xmp_and_private_data() {
    let source = word_pdf("");
    assert_eq!(check(&source), None);
    let out = clean(&source).unwrap();
    for s in [
        &b"Mariam"[..],
        b"pricing-internal-DRAFT",
        b"Users",
        b"Microsoft",
        b"/Author",
        b"/Producer",
        b"xmpmeta",
        b"PieceInfo",
    ] {
        assert!(contains(&source, s), "{}", String::from_utf8_lossy(s));
        assert!(!contains(&out, s), "{}", String::from_utf8_lossy(s));
    }
    // The page and its text are still there.
    let doc = Document::load_mem(&out).unwrap();
    assert_eq!(doc.get_pages().len(), 1);
    assert!(contains(&out, b"(Price list) Tj"));
    assert!(doc.trailer.get(b"Info").is_err());
    // Cleaned again, nothing more goes.
    assert_eq!(check(&out), None);
    assert!(!contains(&clean(&out).unwrap(), b"Mariam"));
}

#[test]
fn a_pdf_that_acts_is_refused() {
    let what =
        |catalog: &str| check(&word_pdf(catalog)).map(|(m, h)| (m.render("en"), h.render("en")));
    let (message, help) = what("/OpenAction << /S /JavaScript /JS (app.alert(1)) >>").unwrap();
    assert!(message.contains("/OpenAction"), "{message}");
    assert!(help.contains("export the PDF without scripts"), "{help}");
    let (message, _) = what("/AA << /WC << /S /Launch /F (cmd.exe) >> >>").unwrap();
    assert!(message.contains("/AA"), "{message}");
    let (message, _) =
        what("/Names << /JavaScript << /Names [(a) << /S /JavaScript /JS (x) >>] >> >>").unwrap();
    assert!(message.contains("JavaScript"), "{message}");
    let (message, _) = what("/Outlines << /First << /A << /S /Launch /F (calc) >> >> >>").unwrap();
    assert!(message.contains("/Launch"), "{message}");
    // Opening at a page is no action.
    assert_eq!(what("/OpenAction [3 0 R /Fit]"), None);
    assert!(matches!(
        clean(&word_pdf("/OpenAction << /S /JavaScript /JS (x) >>")),
        Err(Problem::Action("/OpenAction"))
    ));
}

#[test]
fn a_damaged_pdf_is_refused_without_a_panic() {
    let (message, help) = check(b"%PDF-1.7\nnot a pdf").unwrap();
    assert!(message.render("en").contains("the PDF cannot be read"));
    assert!(help.render("en").contains("export the PDF again"));
    let whole = word_pdf("");
    for end in (0..whole.len()).step_by(11) {
        let _ = check(&whole[..end]);
        let _ = clean(&whole[..end]);
    }
    for at in (0..whole.len()).step_by(5) {
        let mut b = whole.clone();
        b[at] ^= 0x5A;
        let _ = check(&b);
        let _ = clean(&b);
    }
}
