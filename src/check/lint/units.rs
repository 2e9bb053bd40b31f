//! The text values the content lint reads: YAML scalars and Markdown text, each a list of
//! characters with their byte offsets ([`Unit`]).

use super::*;

/// The text values of YAML between bytes `start` and `end` of `text`: quoted and plain scalars
/// of `key: value` and `- value` lines, and block scalars (`|`, `>`), except the values of
/// [`NOT_TEXT`] keys and flow collections (`[A, B]`).
pub(super) fn yaml_units(text: &str, start: usize, end: usize, units: &mut Vec<Unit>) {
    let region = text.get(start..end).unwrap_or_default();
    let mut offset = start;
    // The key (and its indentation) whose value the following, deeper lines hold.
    let mut keys: Vec<(usize, String)> = Vec::new();
    let mut block: Option<(usize, Unit)> = None;
    // The end of the last quoted scalar, which may reach past its first line.
    let mut resume_at = start;
    for line in region.split_inclusive('\n') {
        let line_start = offset;
        offset += line.len();
        if line_start < resume_at {
            continue;
        }
        let content = line.trim_end_matches(['\n', '\r']);
        let indent = content.len() - content.trim_start_matches(' ').len();
        let body = content.trim_start_matches(' ');
        if let Some((block_indent, unit)) = &mut block {
            if body.is_empty() || indent > *block_indent {
                if !unit.is_empty() {
                    unit.push(Ch {
                        at: line_start,
                        c: '\n',
                        piece: 0,
                    });
                }
                let skip = line_start + indent.min(content.len());
                unit.extend(chars_at(body, skip));
                continue;
            }
            if let Some((_, unit)) = block.take() {
                units.push(unit);
            }
        }
        if body.is_empty() || body.starts_with('#') || body == "---" {
            continue;
        }
        let mut value_at = line_start + indent;
        let mut value = body;
        let item = value.strip_prefix("- ");
        if let Some(rest) = item {
            value_at += 2;
            value = rest;
        }
        let column = value_at - line_start;
        if let Some((key, rest)) = split_key(value) {
            while keys.last().is_some_and(|(i, _)| *i >= column) {
                keys.pop();
            }
            keys.push((column, key.to_string()));
            let trimmed = rest.trim_start_matches(' ');
            value_at += value.len() - trimmed.len();
            value = trimmed;
            if NOT_TEXT.contains(&key) {
                continue;
            }
        } else {
            while keys.last().is_some_and(|(i, _)| *i > indent) {
                keys.pop();
            }
            if keys
                .last()
                .is_some_and(|(_, k)| NOT_TEXT.contains(&k.as_str()))
            {
                continue;
            }
        }
        if value.is_empty() || value.starts_with(['[', '{', '&', '*', '!']) {
            continue;
        }
        if value.starts_with(['|', '>']) {
            block = Some((indent, Unit::new()));
            continue;
        }
        // A quoted scalar may go on over the following lines: it is read from the rest of the
        // region, and the lines it takes are not read again as values of their own.
        let value = if value.starts_with(['"', '\'']) {
            text.get(value_at..end).unwrap_or(value)
        } else {
            value
        };
        if let Some((unit, taken)) = scalar(value, value_at) {
            units.push(unit);
            resume_at = value_at + taken;
        }
    }
    if let Some((_, unit)) = block {
        units.push(unit);
    }
}

/// `key: rest` (a plain key of letters, digits, `_` and `-`), or `key:` alone.
fn split_key(line: &str) -> Option<(&str, &str)> {
    let (key, rest) = line.split_once(':')?;
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    (plain && (rest.is_empty() || rest.starts_with(' '))).then_some((key, rest))
}

fn chars_at(s: &str, at: usize) -> impl Iterator<Item = Ch> + '_ {
    s.char_indices().map(move |(i, c)| Ch {
        at: at + i,
        c,
        piece: 0,
    })
}

/// One scalar written at byte `at`: double-quoted (with its escapes), single-quoted or plain,
/// and the bytes of `value` it takes (a quoted scalar may go on over several lines).
pub(super) fn scalar(value: &str, at: usize) -> Option<(Unit, usize)> {
    if let Some(inner) = value.strip_prefix('"') {
        let mut unit = Unit::new();
        let mut taken = value.len();
        let mut chars = inner.char_indices();
        while let Some((i, c)) = chars.next() {
            let here = at + 1 + i;
            match c {
                '"' => {
                    taken = 1 + i + 1;
                    break;
                }
                '\\' => {
                    let Some((_, e)) = chars.next() else { break };
                    let hex = |n: usize, chars: &mut std::str::CharIndices| {
                        let digits: String = chars.by_ref().take(n).map(|(_, d)| d).collect();
                        u32::from_str_radix(&digits, 16)
                            .ok()
                            .and_then(char::from_u32)
                    };
                    let decoded = match e {
                        'n' => Some('\n'),
                        't' => Some('\t'),
                        '"' => Some('"'),
                        '\\' => Some('\\'),
                        '/' => Some('/'),
                        ' ' => Some(' '),
                        '_' => Some('\u{A0}'),
                        'N' => Some('\u{85}'),
                        'L' => Some('\u{2028}'),
                        'P' => Some('\u{2029}'),
                        'x' => hex(2, &mut chars),
                        'u' => hex(4, &mut chars),
                        'U' => hex(8, &mut chars),
                        _ => None,
                    };
                    if let Some(c) = decoded {
                        unit.push(Ch {
                            at: here,
                            c,
                            piece: 0,
                        });
                    }
                }
                _ => unit.push(Ch {
                    at: here,
                    c,
                    piece: 0,
                }),
            }
        }
        return Some((unit, taken));
    }
    if let Some(inner) = value.strip_prefix('\'') {
        let mut unit = Unit::new();
        let mut taken = value.len();
        let mut chars = inner.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            if c == '\'' {
                if chars.peek().is_some_and(|&(_, n)| n == '\'') {
                    chars.next();
                } else {
                    taken = 1 + i + 1;
                    break;
                }
            }
            unit.push(Ch {
                at: at + 1 + i,
                c,
                piece: 0,
            });
        }
        return Some((unit, taken));
    }
    let plain = value.split(" #").next().unwrap_or(value).trim_end();
    Some((chars_at(plain, at).collect(), value.len()))
}

/// The blocks of a Markdown body starting at byte `body_start` of the file: the text of each
/// paragraph, heading, list item or table cell, with the formatting marks between pieces.
/// Code and URLs are not text.
pub(super) fn markdown_units(
    parsed: &crate::content::markdown::ParsedBody<'_>,
    body_start: usize,
    every_block: bool,
    units: &mut Vec<Unit>,
) {
    use pulldown_cmark::{Event, Tag, TagEnd};
    /// A text of a block: where it starts in the file, whether it is written there as it is
    /// (else its characters all point at its start: an entity, an escape), and its piece.
    struct Text<'t> {
        text: &'t str,
        at: usize,
        exact: bool,
        piece: u32,
    }
    // A block's texts become characters only when a rule reads it: every block, or only
    // those whose texts are in more than one piece.
    let flush = |block: &mut Vec<Text<'_>>, units: &mut Vec<Unit>| {
        let pieces_differ = block
            .first()
            .is_some_and(|first| block.iter().any(|t| t.piece != first.piece));
        if every_block || pieces_differ {
            let mut unit = Unit::new();
            for t in block.iter() {
                if t.exact {
                    unit.extend(t.text.char_indices().map(|(i, c)| Ch {
                        at: t.at + i,
                        c,
                        piece: t.piece,
                    }));
                } else {
                    unit.extend(t.text.chars().map(|c| Ch {
                        at: t.at,
                        c,
                        piece: t.piece,
                    }));
                }
            }
            if !unit.is_empty() {
                units.push(unit);
            }
        }
        block.clear();
    };
    let body = parsed.body;
    let mut block: Vec<Text<'_>> = Vec::new();
    let mut piece = 0u32;
    let mut in_code = false;
    let mut in_image = 0usize;
    // The text of an autolink (`<https://...>`) is marked as such in its piece.
    let mut autolink = 0u32;
    for (event, range) in &parsed.events {
        match event {
            Event::Text(t) if !in_code && in_image == 0 => {
                let source = body.get(range.clone()).unwrap_or_default();
                block.push(Text {
                    text: t,
                    at: body_start + range.start,
                    exact: source == &**t,
                    piece: piece | autolink,
                });
            }
            Event::Start(Tag::Link {
                link_type: pulldown_cmark::LinkType::Autolink | pulldown_cmark::LinkType::Email,
                ..
            }) => {
                piece += 1;
                autolink = AUTOLINK;
            }
            Event::End(TagEnd::Link) => {
                piece += 1;
                autolink = 0;
            }
            Event::SoftBreak | Event::HardBreak => block.push(Text {
                text: "\n",
                at: body_start + range.start,
                exact: false,
                piece,
            }),
            Event::Start(Tag::Image { .. }) => in_image += 1,
            Event::End(TagEnd::Image) => in_image = in_image.saturating_sub(1),
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            Event::Start(t) if crate::content::markdown::is_inline(&t.to_end()) => piece += 1,
            Event::End(t) if crate::content::markdown::is_inline(t) => piece += 1,
            Event::Code(_) | Event::InlineHtml(_) => piece += 1,
            Event::Start(_) | Event::End(_) | Event::Html(_) | Event::Rule => {
                flush(&mut block, units);
                piece += 1;
            }
            _ => {}
        }
    }
    flush(&mut block, units);
}
