//! What a PDF of the media folder says, for the secret scan: a key in a PDF is rarely in its
//! bytes as written. Every exporter compresses a page's text (FlateDecode), and a document's
//! properties, links and form fields are strings that may be escaped (`(sk\137live...)`),
//! written in hex (`<736b5f...>`) or in UTF-16 (`<FEFF0073...>`).
//!
//! [`decoded_text`] inflates every stream that is not an image, with a bound on the whole
//! file's inflated size ([`INFLATED_MAX`]: a PDF bomb is an error, not a hang or a machine out
//! of memory), decodes every string, joins the pieces of a text-showing array (`[(sk_li) -20
//! (ve_...)] TJ`), and reads each page's text through its fonts' `ToUnicode` maps (lopdf),
//! which is how a page set in an embedded font spells its letters. [`check_secrets`] scans
//! each of these views and says which page a key is on when it is in a page's text.

use std::io::Write;

use memchr::memmem;

use crate::diagnostics::Diagnostic;

/// The most a PDF's streams may inflate to, all together: 64 MiB. A brochure's text, fonts
/// and metadata take a few MiB; its photos (images, which are not inflated) take no part.
pub const INFLATED_MAX: usize = 64 << 20;

/// One view of a PDF's contents: text to scan, and the page it is on when known (1-based).
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub page: Option<u32>,
    pub text: Vec<u8>,
}

/// Why a PDF could not be read for the scan.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// Its streams inflate past [`INFLATED_MAX`].
    TooLarge,
}

/// The views of a PDF the secret scan reads besides its bytes: each page's text (when lopdf
/// reads the file), every inflated stream that is not an image, and every string, decoded.
pub fn decoded_text(bytes: &[u8]) -> Result<Vec<Text>, Problem> {
    let mut views = Vec::new();
    let mut budget = INFLATED_MAX;
    let mut outside = Vec::new();
    let mut from = 0;
    for stream in streams(bytes) {
        outside.extend_from_slice(bytes.get(from..stream.data.start).unwrap_or_default());
        outside.push(b'\n');
        from = stream.data.end;
        if stream.image {
            continue;
        }
        let data = bytes.get(stream.data.clone()).unwrap_or_default();
        let inflated = match stream.filter {
            Filter::None => data.to_vec(),
            Filter::Flate => inflate(data, &mut budget)?,
            Filter::Other => continue,
        };
        let strings = strings(&inflated);
        views.push(Text {
            page: None,
            text: inflated,
        });
        views.push(Text {
            page: None,
            text: strings,
        });
    }
    outside.extend_from_slice(bytes.get(from..).unwrap_or_default());
    views.push(Text {
        page: None,
        text: strings(&outside),
    });
    // Within the bound, lopdf reads each page's text through its fonts.
    let options = lopdf::LoadOptions {
        max_decompressed_size: Some(INFLATED_MAX),
        ..lopdf::LoadOptions::default()
    };
    if let Ok(doc) = lopdf::Document::load_mem_with_options(bytes, options) {
        for page in doc.get_pages().into_keys() {
            if let Ok(text) = doc.extract_text_with_limit(&[page], INFLATED_MAX) {
                views.push(Text {
                    page: Some(page),
                    text: text.into_bytes(),
                });
            }
        }
    }
    Ok(views)
}

/// The errors of a PDF's decoded contents: a file too large to read, or each secret key its
/// views hold that its bytes do not show as they are (those the scan of its bytes reports).
pub(super) fn check_secrets(shown: &std::path::Path, bytes: &[u8], errors: &mut Vec<Diagnostic>) {
    let views = match decoded_text(bytes) {
        Ok(views) => views,
        Err(Problem::TooLarge) => {
            errors.push(
                Diagnostic::msg(
                    shown,
                    crate::msg!("secrets-pdf-too-large", limit = INFLATED_MAX >> 20),
                )
                .help_msg(crate::msg!("secrets-pdf-too-large-help")),
            );
            return;
        }
    };
    let mut reported: Vec<crate::messages::Msg> = crate::secrets::scan_bytes(bytes)
        .into_iter()
        .map(|(_, what)| what)
        .collect();
    // Page text first, so a key is reported on its page.
    let (pages, others): (Vec<&Text>, Vec<&Text>) = views.iter().partition(|v| v.page.is_some());
    for view in pages.into_iter().chain(others) {
        for (_, what) in crate::secrets::scan_bytes(&view.text) {
            if reported.contains(&what) {
                continue;
            }
            reported.push(what.clone());
            errors.push(match view.page {
                Some(page) => Diagnostic::msg(
                    shown,
                    crate::msg!("secrets-pdf-secret-page", what = what, page = page),
                )
                .help_msg(crate::msg!("secrets-pdf-secret-page-help", page = page)),
                None => Diagnostic::msg(shown, crate::msg!("secrets-pdf-secret", what = what))
                    .help_msg(crate::msg!("secrets-pdf-secret-help")),
            });
        }
    }
}

/// How a stream is encoded, as far as the scan reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Filter {
    None,
    Flate,
    /// Another filter (an image's, or one the scan does not decode).
    Other,
}

/// A stream: where its data is, its filter, and whether it is an image.
struct Stream {
    data: std::ops::Range<usize>,
    filter: Filter,
    image: bool,
}

/// The streams of a PDF, in order, found by their `stream` keyword after a dictionary (not
/// through the cross-reference table, so a damaged file is read too). A stream's data ends at
/// its `/Length` when that is a number followed by `endstream`, else at `endstream`.
fn streams(bytes: &[u8]) -> Vec<Stream> {
    let mut out: Vec<Stream> = Vec::new();
    for at in memmem::find_iter(bytes, b"stream") {
        if out.last().is_some_and(|s| at < s.data.end)
            || at >= 3 && bytes.get(at - 3..at) == Some(b"end".as_slice())
        {
            continue;
        }
        let before = bytes.get(..at).unwrap_or_default();
        let Some(close) = before.iter().rposition(|b| !b.is_ascii_whitespace()) else {
            continue;
        };
        if close < 1 || bytes.get(close - 1..=close) != Some(b">>".as_slice()) {
            continue;
        }
        let Some(open) = dict_start(bytes, close - 1) else {
            continue;
        };
        let dict = bytes.get(open..=close).unwrap_or_default();
        let mut start = at + "stream".len();
        if bytes.get(start) == Some(&b'\r') {
            start += 1;
        }
        if bytes.get(start) == Some(&b'\n') {
            start += 1;
        }
        let rest = bytes.get(start..).unwrap_or_default();
        let by_length = number_after(dict, b"/Length")
            .filter(|&len| {
                rest.get(len..).is_some_and(|after| {
                    let after = after.get(..after.len().min(16)).unwrap_or(after);
                    memmem::find(after, b"endstream").is_some()
                })
            })
            .map(|len| start + len);
        let end = by_length
            .unwrap_or_else(|| memmem::find(rest, b"endstream").map_or(bytes.len(), |i| start + i));
        out.push(Stream {
            data: start..end,
            filter: filter(dict),
            image: name_after(dict, b"/Subtype") == Some(b"Image".as_slice()),
        });
    }
    out
}

/// Where the dictionary whose `>>` starts at `close` opens (its `<<`), within 64 KiB.
fn dict_start(bytes: &[u8], close: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = close + 2;
    let floor = close.saturating_sub(64 * 1024);
    while i > floor + 1 {
        i -= 1;
        match bytes.get(i - 1..=i)? {
            b">>" => {
                depth += 1;
                i -= 1;
            }
            b"<<" => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i - 1);
                }
                i -= 1;
            }
            _ => {}
        }
    }
    None
}

/// The whole number after `key` in a dictionary (`/Length 1234`; not `/Length 12 0 R`).
fn number_after(dict: &[u8], key: &[u8]) -> Option<usize> {
    let at = find_key(dict, key)?;
    let rest = dict.get(at..)?;
    let rest = rest.get(rest.iter().position(|b| !b.is_ascii_whitespace())?..)?;
    let len = rest.iter().position(|b| !b.is_ascii_digit())?;
    let after = rest.get(len..)?;
    let after = after.get(after.iter().position(|b| !b.is_ascii_whitespace())?..)?;
    // An indirect reference: `12 0 R`.
    if after.first().is_some_and(u8::is_ascii_digit) {
        return None;
    }
    std::str::from_utf8(rest.get(..len)?).ok()?.parse().ok()
}

/// Where the value of `key` starts in a dictionary (the key followed by a delimiter).
fn find_key(dict: &[u8], key: &[u8]) -> Option<usize> {
    memmem::find_iter(dict, key)
        .map(|at| at + key.len())
        .find(|&end| {
            dict.get(end)
                .is_some_and(|b| b.is_ascii_whitespace() || b"/[<(".contains(b))
        })
}

/// The name after `key` (`/Subtype /Image` → `Image`).
fn name_after<'a>(dict: &'a [u8], key: &[u8]) -> Option<&'a [u8]> {
    let rest = dict.get(find_key(dict, key)?..)?;
    let rest = rest.get(rest.iter().position(|b| !b.is_ascii_whitespace())?..)?;
    let name = rest.strip_prefix(b"/")?;
    let len = name
        .iter()
        .position(|b| b.is_ascii_whitespace() || b"/[]<>()".contains(b))
        .unwrap_or(name.len());
    name.get(..len)
}

/// A stream's filter: none, Flate alone, or another (or a chain).
fn filter(dict: &[u8]) -> Filter {
    let Some(at) = find_key(dict, b"/Filter") else {
        return Filter::None;
    };
    let rest = dict.get(at..).unwrap_or_default();
    let rest = rest.trim_ascii_start();
    let names: Vec<&[u8]> = if let Some(array) = rest.strip_prefix(b"[") {
        let end = memchr::memchr(b']', array).unwrap_or(array.len());
        array
            .get(..end)
            .unwrap_or_default()
            .split(|b| *b == b'/' || b.is_ascii_whitespace())
            .filter(|n| !n.is_empty())
            .collect()
    } else {
        name_after(dict, b"/Filter").into_iter().collect()
    };
    match names.as_slice() {
        [] => Filter::None,
        [b"FlateDecode" | b"Fl"] => Filter::Flate,
        _ => Filter::Other,
    }
}

/// `data` inflated (zlib, or raw deflate), taking its size from `budget`; a stream that is
/// damaged gives what inflated before the damage.
fn inflate(data: &[u8], budget: &mut usize) -> Result<Vec<u8>, Problem> {
    let mut out = Bounded {
        buf: Vec::new(),
        left: *budget,
    };
    let zlib = data.first().is_some_and(|b| b & 0x0F == 8);
    let result = if zlib {
        let mut d = flate2::write::ZlibDecoder::new(&mut out);
        d.write_all(data).and_then(|()| d.try_finish())
    } else {
        let mut d = flate2::write::DeflateDecoder::new(&mut out);
        d.write_all(data).and_then(|()| d.try_finish())
    };
    if matches!(&result, Err(e) if e.kind() == std::io::ErrorKind::OutOfMemory) {
        return Err(Problem::TooLarge);
    }
    *budget = out.left;
    Ok(out.buf)
}

/// A writer that refuses to grow past `left` bytes.
struct Bounded {
    buf: Vec<u8>,
    left: usize,
}

impl Write for Bounded {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        if data.len() > self.left {
            return Err(std::io::ErrorKind::OutOfMemory.into());
        }
        self.left -= data.len();
        self.buf.extend_from_slice(data);
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The strings of PDF syntax (an object's text, a content stream), decoded, each on a line of
/// its own; the strings of one array (`[(sk_li) -20 (ve_...)] TJ`) joined on one line.
fn strings(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut array_depth = 0usize;
    let mut i = 0;
    while let Some(&b) = data.get(i) {
        match b {
            b'(' => {
                let (raw, end) = literal(data, i + 1);
                out.extend_from_slice(&text_of(raw));
                i = end;
                if array_depth == 0 {
                    out.push(b'\n');
                }
                continue;
            }
            b'<' if data.get(i + 1) == Some(&b'<') => i += 1,
            b'<' => {
                if let Some((raw, end)) = hex(data, i + 1) {
                    out.extend_from_slice(&text_of(raw));
                    if array_depth == 0 {
                        out.push(b'\n');
                    }
                    i = end;
                    continue;
                }
            }
            b'[' => array_depth += 1,
            b']' if array_depth > 0 => {
                array_depth -= 1;
                if array_depth == 0 {
                    out.push(b'\n');
                }
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// A literal string's bytes from `from` (after its `(`), escapes decoded, and where it ends.
fn literal(data: &[u8], from: usize) -> (Vec<u8>, usize) {
    let mut out = Vec::new();
    let mut depth = 1usize;
    let mut i = from;
    while let Some(&b) = data.get(i) {
        i += 1;
        match b {
            b'\\' => {
                let Some(&e) = data.get(i) else { break };
                i += 1;
                match e {
                    b'n' => out.push(b'\n'),
                    b'r' => out.push(b'\r'),
                    b't' => out.push(b'\t'),
                    b'b' => out.push(8),
                    b'f' => out.push(12),
                    b'\r' => {
                        if data.get(i) == Some(&b'\n') {
                            i += 1;
                        }
                    }
                    b'\n' => {}
                    b'0'..=b'7' => {
                        let mut value = u32::from(e - b'0');
                        for _ in 0..2 {
                            match data.get(i) {
                                Some(&d @ b'0'..=b'7') => {
                                    value = value * 8 + u32::from(d - b'0');
                                    i += 1;
                                }
                                _ => break,
                            }
                        }
                        out.push(u8::try_from(value & 0xFF).unwrap_or_default());
                    }
                    other => out.push(other),
                }
            }
            b'(' => {
                depth += 1;
                out.push(b);
            }
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
                out.push(b);
            }
            _ => out.push(b),
        }
    }
    (out, i)
}

/// A hex string's bytes from `from` (after its `<`) and where it ends; `None` when what follows
/// is not one.
fn hex(data: &[u8], from: usize) -> Option<(Vec<u8>, usize)> {
    let rest = data.get(from..)?;
    let end = memchr::memchr(b'>', rest)?;
    let digits: Vec<u8> = rest
        .get(..end)?
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    if !digits.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    let value = |b: u8| -> u8 {
        match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            _ => b.wrapping_sub(b'A').wrapping_add(10),
        }
    };
    // An odd last digit is followed by 0, as PDF reads it.
    let out = digits
        .chunks(2)
        .map(|pair| match pair {
            [hi, lo] => value(*hi) << 4 | value(*lo),
            [hi] => value(*hi) << 4,
            _ => 0,
        })
        .collect();
    Some((out, from + end + 1))
}

/// A string's text: UTF-16 (with its byte order mark) as UTF-8; other bytes as they are.
fn text_of(raw: Vec<u8>) -> Vec<u8> {
    let utf16 = |big: bool, body: &[u8]| -> Vec<u8> {
        let units: Vec<u16> = body
            .chunks_exact(2)
            .map(|p| match p {
                [a, b] if big => u16::from_be_bytes([*a, *b]),
                [a, b] => u16::from_le_bytes([*a, *b]),
                _ => 0,
            })
            .collect();
        String::from_utf16_lossy(&units).into_bytes()
    };
    if let Some(body) = raw.strip_prefix(b"\xFE\xFF") {
        utf16(true, body)
    } else if let Some(body) = raw.strip_prefix(b"\xFF\xFE") {
        utf16(false, body)
    } else {
        raw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_decoded_and_arrays_joined() {
        let text = strings(
            b"<< /T (a\\(b\\)c \\137\\n) /H <48 69> /U <FEFF00480069> >> [(sk_) -20 (live)] TJ",
        );
        assert_eq!(text, b"a(b)c _\n\nHi\nHi\nsk_live\n");
    }

    #[test]
    fn streams_are_found_inflated_and_bounded() {
        use std::io::Write;
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(b"BT (secret text) Tj ET").unwrap();
        let data = z.finish().unwrap();
        let mut pdf =
            b"%PDF-1.4\n1 0 obj\n<< /Length 3 0 R /Filter /FlateDecode >>\nstream\n".to_vec();
        pdf.extend_from_slice(&data);
        pdf.extend_from_slice(b"\nendstream\nendobj\n2 0 obj\n<< /Subtype /Image /Filter /DCTDecode /Length 4 >>\nstream\n\xFF\xD8()\nendstream\nendobj\n");
        let found = streams(&pdf);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].filter, Filter::Flate);
        assert!(found[1].image);
        let views = decoded_text(&pdf).unwrap();
        assert!(views.iter().any(|v| v.text == b"BT (secret text) Tj ET"));
        assert!(views.iter().any(|v| v.text == b"secret text\n"));
        // Inflating past the budget is an error, whatever the stream claims.
        let mut budget = 10;
        assert_eq!(inflate(&data, &mut budget), Err(Problem::TooLarge));
    }
}
