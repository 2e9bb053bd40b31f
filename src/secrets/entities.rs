//! A page's or a drawing's text as a reader sees it: HTML and XML character references
//! (`&#x73;`, `&#115;`, `&lowbar;`) decoded, so a key spelt with them, which a browser shows
//! whole, is found. Only a file that spells a key's character so is decoded: a reference to a
//! letter, a digit or one of `_-.+/=:~|@%` (React writes an apostrophe `&#x27;` on every page,
//! which is no such reference), so the scan of a clean site stays one pass.

/// The named references that stand for a character a key may hold, and those decoded with
/// them since a rule may need them (quotes, `&`, `<`, `>`, spaces).
const NAMED: &[(&[u8], u8)] = &[
    (b"lowbar;", b'_'),
    (b"UnderBar;", b'_'),
    (b"period;", b'.'),
    (b"sol;", b'/'),
    (b"plus;", b'+'),
    (b"equals;", b'='),
    (b"colon;", b':'),
    (b"commat;", b'@'),
    (b"verbar;", b'|'),
    (b"vert;", b'|'),
    (b"VerticalLine;", b'|'),
    (b"percnt;", b'%'),
    (b"hyphen;", b'-'),
    (b"dash;", b'-'),
    (b"num;", b'#'),
    (b"quot;", b'"'),
    (b"QUOT;", b'"'),
    (b"apos;", b'\''),
    (b"amp;", b'&'),
    (b"AMP;", b'&'),
    (b"lt;", b'<'),
    (b"LT;", b'<'),
    (b"gt;", b'>'),
    (b"GT;", b'>'),
    (b"nbsp;", b' '),
    (b"Tab;", b'\t'),
    (b"NewLine;", b'\n'),
];

/// A character a key may hold.
fn is_key_char(c: u32) -> bool {
    char::from_u32(c).is_some_and(|c| c.is_ascii_alphanumeric() || "_-.+/=:~|@%".contains(c))
}

/// The reference at the start of `text` (after its `&`): the character it stands for (as
/// UTF-8) and its length, `&` excluded. `None`: not a reference sahel decodes.
fn reference(text: &[u8]) -> Option<(char, usize)> {
    if let Some(rest) = text.strip_prefix(b"#") {
        let (hex, digits) = match rest.first() {
            Some(b'x' | b'X') => (true, rest.get(1..)?),
            _ => (false, rest),
        };
        let len = digits
            .iter()
            .take(8)
            .position(|b| {
                !(if hex {
                    b.is_ascii_hexdigit()
                } else {
                    b.is_ascii_digit()
                })
            })
            .unwrap_or(digits.len().min(8));
        let number = std::str::from_utf8(digits.get(..len)?).ok()?;
        let value = u32::from_str_radix(number, if hex { 16 } else { 10 }).ok()?;
        let c = char::from_u32(value)?;
        // The `;` may be left out, as browsers allow.
        let semi = usize::from(digits.get(len) == Some(&b';'));
        return Some((c, 1 + usize::from(hex) + len + semi));
    }
    NAMED
        .iter()
        .find(|(name, _)| text.starts_with(name))
        .map(|(name, c)| (char::from(*c), name.len()))
}

/// Whether `bytes` spells a key's character with a reference.
fn spells_key_chars(bytes: &[u8]) -> bool {
    memchr::memchr_iter(b'&', bytes)
        .filter_map(|at| reference(bytes.get(at + 1..)?))
        .any(|(c, _)| is_key_char(u32::from(c)))
}

/// `bytes` decoded, and where each of its bytes came from.
pub(super) struct Decoded {
    pub text: Vec<u8>,
    /// For each reference decoded: where its character starts in `text`, where the reference
    /// starts in the original, and its length there.
    refs: Vec<(usize, usize, usize)>,
}

impl Decoded {
    /// The original offset of `text`'s byte `at`.
    pub fn original(&self, at: usize) -> usize {
        // The last reference at or before `at`: bytes after its character are shifted by the
        // difference of lengths.
        let i = self.refs.partition_point(|&(d, _, _)| d <= at);
        match i.checked_sub(1).and_then(|i| self.refs.get(i)) {
            None => at,
            Some(&(d, o, len)) => {
                let char_len = self.char_len(i - 1);
                if at < d + char_len {
                    o
                } else {
                    o + len + 1 + (at - d - char_len)
                }
            }
        }
    }

    /// The length in `text` of reference `i`'s character.
    fn char_len(&self, i: usize) -> usize {
        let start = self.refs.get(i).map_or(0, |r| r.0);
        let next = self.text.get(start..).and_then(|t| t.first()).copied();
        match next {
            Some(b) if b < 0x80 => 1,
            Some(b) if b >= 0xF0 => 4,
            Some(b) if b >= 0xE0 => 3,
            _ => 2,
        }
    }

    /// The original range of `text`'s range.
    pub fn original_range(&self, r: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let start = self.original(r.start);
        let end = r
            .end
            .checked_sub(1)
            .map_or(start, |last| self.original(last) + 1);
        // A range ending in a reference ends after the whole reference.
        let end = self
            .refs
            .iter()
            .find(|&&(_, o, _)| o < end && end <= o + 1)
            .map_or(end, |&(_, o, len)| o + len + 1);
        start..end.max(start)
    }
}

/// `bytes` with its character references decoded, when it spells a key's character with one;
/// `None` otherwise.
pub(super) fn decode(bytes: &[u8]) -> Option<Decoded> {
    if memchr::memchr(b'&', bytes).is_none() || !spells_key_chars(bytes) {
        return None;
    }
    let mut text = Vec::with_capacity(bytes.len());
    let mut refs = Vec::new();
    let mut from = 0;
    for at in memchr::memchr_iter(b'&', bytes) {
        if at < from {
            continue;
        }
        let Some((c, len)) = bytes.get(at + 1..).and_then(reference) else {
            continue;
        };
        text.extend_from_slice(bytes.get(from..at).unwrap_or_default());
        refs.push((text.len(), at, len));
        let mut buf = [0u8; 4];
        text.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        from = at + 1 + len;
    }
    text.extend_from_slice(bytes.get(from..).unwrap_or_default());
    Some(Decoded { text, refs })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_decoded_and_mapped_back() {
        let page = b"<p>&#x73;k&#95;live&lowbar;x &amp; y</p>";
        let d = decode(page).unwrap();
        assert_eq!(d.text, b"<p>sk_live_x & y</p>");
        // `s` is the reference at 3; `k` follows it at 9; `x` after `&lowbar;`.
        assert_eq!(d.original(3), 3);
        assert_eq!(d.original(4), 9);
        let x = d.text.iter().position(|&b| b == b'x').unwrap();
        assert_eq!(page[d.original(x)], b'x');
        let r = d.original_range(3..x + 1);
        assert_eq!(&page[r], b"&#x73;k&#95;live&lowbar;x");
        // Apostrophes and ampersands alone do not make a page be decoded.
        assert!(decode(b"<p>it&#x27;s &amp; &quot;ok&quot;</p>").is_none());
        assert!(decode(b"no references").is_none());
    }
}
