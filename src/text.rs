//! Characters text is checked for, below every module that reads or writes text: the bidi
//! isolates (written by `content::bidi`, checked by the lint) and the characters no page or
//! feed may carry (refused in `site.toml`, content values and Markdown bodies).

/// LEFT-TO-RIGHT ISOLATE.
pub const LRI: char = '\u{2066}';
/// RIGHT-TO-LEFT ISOLATE.
pub const RLI: char = '\u{2067}';
/// FIRST STRONG ISOLATE.
pub const FSI: char = '\u{2068}';
/// POP DIRECTIONAL ISOLATE.
pub const PDI: char = '\u{2069}';

/// Whether `s` may hold a character of [`is_unrenderable`], from its bytes: C0 controls but tab
/// and line ends, DEL, C1 controls (`C2 80`–`C2 9F`), `EF B7 ..` and `EF BF ..` (U+FDD0–U+FDEF,
/// U+FFFE, U+FFFF) and any character beyond the BMP. False means none; true, look at the
/// characters. Most text is ruled out without decoding it.
pub fn may_hold_unrenderable(s: &str) -> bool {
    let b = s.as_bytes();
    b.iter().enumerate().any(|(i, &x)| match x {
        0x00..=0x1F => !matches!(x, b'\t' | b'\n' | b'\r'),
        0x7F | 0xF0..=0xF4 => true,
        0xC2 => b.get(i + 1).is_some_and(|&n| n <= 0x9F),
        0xEF => matches!(b.get(i + 1), Some(0xB7 | 0xBF)),
        _ => false,
    })
}

/// A character no page or feed may carry: controls other than tab, LF and CR (ESC, VT, DEL,
/// C1 controls), which XML forbids or HTML's parser rejects, and noncharacters (U+FFFE, U+FDD0
/// ...). Markdown bodies show each as U+FFFD; text values holding one are an error.
pub fn is_unrenderable(c: char) -> bool {
    let n = u32::from(c);
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
        || (0xFDD0..=0xFDEF).contains(&n)
        || (n & 0xFFFE) == 0xFFFE
}
