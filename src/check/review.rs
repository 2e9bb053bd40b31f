//! `review_by`: time-sensitive passages (a relief that ends on a date, a fee the authority may
//! change) marked with the date by which an editor should check them again. A blog post's or
//! long page's front matter, a service's YAML file, a pricing file or one of its plans, or an
//! FAQ item lists them:
//!
//! ```yaml
//! review_by:
//!   - date: 2026-12-31
//!     passage: "This relief is temporary"
//! ```
//!
//! `passage` is a phrase copied from the passage as the file writes it, so the mark stays tied
//! to it: a phrase the file no longer holds (the passage was reworded or removed) is an error,
//! and so is a date that is not `yyyy-mm-dd`. Once the date has passed, the passage is reported
//! at its place under the lint rule `review-by` (a warning by default).
//!
//! "Today" comes from one place, [`today`]: `SAHEL_TODAY` (for tests), else the system clock.
//! It changes only what is reported, never the output.

use std::path::Path;

use super::lint::Rule;
use crate::diagnostics::{Diagnostic, Mark, line_col};

/// The environment variable that sets "today" (`yyyy-mm-dd`) instead of the system clock.
pub const TODAY_VAR: &str = "SAHEL_TODAY";

pub use crate::content::Review;

/// Every `review_by` list of a file's YAML, in the order they are written: the top level's and
/// those of the items of its lists (an FAQ item, a plan). The content model has checked their
/// shape; anything else is skipped.
fn review_lists(value: &serde_json::Value, out: &mut Vec<Vec<Review>>) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                if key == "review_by" {
                    out.push(serde_json::from_value(v.clone()).unwrap_or_default());
                } else {
                    review_lists(v, out);
                }
            }
        }
        serde_json::Value::Array(items) => {
            for item in items {
                review_lists(item, out);
            }
        }
        _ => {}
    }
}

fn parse_date(s: &str) -> Option<time::Date> {
    let fmt = time::macros::format_description!("[year]-[month]-[day]");
    time::Date::parse(s.trim(), &fmt).ok()
}

/// `SAHEL_TODAY` when set, whether it is a date.
pub fn today_override() -> Option<Result<time::Date, String>> {
    let value = std::env::var(TODAY_VAR).ok()?;
    Some(parse_date(&value).ok_or(value))
}

/// Today's date, for `review_by`: `SAHEL_TODAY` when it is a date, else the system clock's (UTC).
pub fn today() -> time::Date {
    match today_override() {
        Some(Ok(date)) => date,
        _ => time::OffsetDateTime::now_utc().date(),
    }
}

/// The findings of the `review_by` list of one content file (`text`, shown as `file`): dates
/// that are not dates and phrases the file does not hold (errors of no rule), and passages due
/// for review by `today` (rule `review-by`). Files without the key have none.
pub(crate) fn file(text: &str, file: &Path, today: time::Date) -> Vec<Diagnostic> {
    if !text.contains("review_by") {
        return Vec::new();
    }
    let is_markdown = file.extension().is_some_and(|e| e == "md");
    let (yaml, yaml_at) = if is_markdown {
        match crate::content::parse::split_front_matter(text, file) {
            Ok(split) => (split.front_matter, split.front_matter_offset),
            Err(_) => return Vec::new(),
        }
    } else {
        (text, 0)
    };
    // The content model has checked the shape already; a file it refused is not read here.
    let Ok(value) = serde_saphyr::from_str::<serde_json::Value>(yaml) else {
        return Vec::new();
    };
    let mut lists = Vec::new();
    review_lists(&value, &mut lists);
    if lists.iter().all(Vec::is_empty) {
        return Vec::new();
    }
    let blocks = Block::find_all(yaml, yaml_at);
    // Where a passage may be: anywhere in the file but the review_by lists themselves.
    let outside: Vec<(usize, usize)> = {
        let mut spans = Vec::new();
        let mut from = 0;
        for b in &blocks {
            spans.push((from, b.start));
            from = b.end;
        }
        spans.push((from, text.len()));
        spans
    };
    let find_phrase = |phrase: &str| -> Option<usize> {
        outside
            .iter()
            .find_map(|&(a, b)| text.get(a..b).and_then(|t| t.find(phrase)).map(|i| a + i))
    };
    let mut out = Vec::new();
    let none = Block::empty(yaml_at);
    for (list, block) in lists
        .iter()
        .zip(blocks.iter().chain(std::iter::repeat(&none)))
    {
        for (i, review) in list.iter().enumerate() {
            let date_at = block.dates.get(i).copied().unwrap_or(block.start);
            let passage_at = block.passages.get(i).copied().unwrap_or(block.start);
            let Some(date) = parse_date(&review.date) else {
                out.push(
                    Diagnostic::msg(file, crate::msg!("check-review-date", date = &review.date))
                        .at_mark(&Mark::in_line(text, date_at))
                        .help_msg(crate::msg!("check-review-date-help")),
                );
                continue;
            };
            let phrase = review.passage.trim();
            let found = (!phrase.is_empty()).then(|| find_phrase(phrase)).flatten();
            let Some(found) = found else {
                out.push(
                    Diagnostic::msg(file, crate::msg!("check-review-passage", phrase = phrase))
                        .at_mark(&Mark::in_line(text, passage_at))
                        .help_msg(crate::msg!("check-review-passage-help")),
                );
                continue;
            };
            if date < today {
                let (line, _) = line_col(text, date_at);
                out.push(
                    Diagnostic::msg(
                        file,
                        crate::msg!(
                            "check-review-due",
                            phrase = phrase,
                            date = review.date.trim(),
                            today = today.to_string()
                        ),
                    )
                    .at_mark(&Mark::in_line(text, found))
                    .help_msg(crate::msg!("check-review-due-help", line = line))
                    .rule(Rule::ReviewBy),
                );
            }
        }
    }
    out
}

/// A Markdown file's text without the `review_by` list of its front matter: what a
/// translation's freshness is computed from ([`crate::translations`]), as a review date marks
/// when to check a passage, not what to translate.
pub(crate) fn without_marks(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains("review_by") {
        return text.into();
    }
    let Ok(split) = crate::content::parse::split_front_matter(text, Path::new("")) else {
        return text.into();
    };
    let block = Block::find(split.front_matter, split.front_matter_offset);
    match (text.get(..block.start), text.get(block.end..)) {
        (Some(head), Some(tail)) if block.end > block.start => format!("{head}{tail}").into(),
        _ => text.into(),
    }
}

/// Where a `review_by` list is written: its key's line to the next line indented no deeper
/// than the key, and the byte offset of each entry's `date` and `passage` value, in order.
struct Block {
    start: usize,
    end: usize,
    /// The column of its key (0 at the top level).
    indent: usize,
    dates: Vec<usize>,
    passages: Vec<usize>,
}

impl Block {
    fn empty(at: usize) -> Block {
        Block {
            start: at,
            end: at,
            indent: 0,
            dates: Vec::new(),
            passages: Vec::new(),
        }
    }

    /// The top-level list of a Markdown file's front matter, `yaml`, which starts at byte `at`
    /// of the file (the first one, when the front matter holds several).
    fn find(yaml: &str, at: usize) -> Block {
        Block::find_all(yaml, at)
            .into_iter()
            .find(|b| b.indent == 0)
            .unwrap_or_else(|| Block::empty(at))
    }
}

impl Block {
    /// Every list in `yaml`, which starts at byte `at` of the file, at any depth (`review_by:`
    /// as a key of the top level, of a list's item — `- review_by:` or under `- id: x` — or of
    /// a nested map), in the order they are written.
    fn find_all(yaml: &str, at: usize) -> Vec<Block> {
        let mut found: Vec<Block> = Vec::new();
        let mut current: Option<(usize, Block)> = None;
        let mut offset = at;
        for line in yaml.split_inclusive('\n') {
            let line_start = offset;
            offset += line.len();
            let content = line.trim_end_matches(['\n', '\r']);
            let body = content.trim_start();
            let indent = content.len() - body.len();
            if let Some((key_indent, block)) = current.as_mut() {
                // A list may be written at its key's own indentation (`review_by:` then `- date:`).
                let inside = body.is_empty()
                    || body.starts_with('#')
                    || indent > *key_indent
                    || (indent == *key_indent && body.starts_with("- "));
                if inside {
                    if !body.is_empty() {
                        block.end = offset;
                    }
                    let item = body.strip_prefix("- ").unwrap_or(body).trim_start();
                    let value_at = |key: &str| {
                        let rest = item.strip_prefix(key)?;
                        let value = rest.trim_start();
                        Some(line_start + content.len() - value.len())
                    };
                    if let Some(v) = value_at("date:") {
                        block.dates.push(v);
                    } else if let Some(v) = value_at("passage:") {
                        block.passages.push(v);
                    }
                    continue;
                }
                if let Some((_, block)) = current.take() {
                    found.push(block);
                }
            }
            // `review_by:` as a key, perhaps after the `- ` of a list item.
            let mut key = body;
            let mut key_indent = indent;
            while let Some(rest) = key.strip_prefix("- ") {
                let rest_trimmed = rest.trim_start();
                key_indent += key.len() - rest_trimmed.len();
                key = rest_trimmed;
            }
            if key.starts_with("review_by:") {
                current = Some((
                    key_indent,
                    Block {
                        start: line_start,
                        end: offset,
                        indent: key_indent,
                        dates: Vec::new(),
                        passages: Vec::new(),
                    },
                ));
            }
        }
        if let Some((_, block)) = current {
            found.push(block);
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> time::Date {
        parse_date(s).unwrap()
    }

    const POST: &str = "---\ntitle: \"T\"\nauthor: \"A\"\ndate: 2025-01-01\nexcerpt: \"E\"\nreview_by:\n  - date: 2026-12-31\n    passage: \"This relief is temporary\"\n---\n\nIntro.\n\nThis relief is temporary: it ends in 2026.\n";

    fn found(text: &str, name: &str, today: &str) -> Vec<String> {
        file(text, Path::new(name), date(today))
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn a_passed_date_names_the_passage_at_its_place() {
        let post = |today| found(POST, "content/en/blog/x.md", today);
        assert_eq!(
            post("2027-01-01"),
            [
                "content/en/blog/x.md:13:1: the passage `This relief is temporary` was due for review on 2026-12-31 (today is 2027-01-01) (help: check that it is still true and correct it if not, then set its review_by date (line 7) to the next date to check, or remove the entry)"
            ]
        );
        let d = file(POST, Path::new("x.md"), date("2027-01-01"));
        assert_eq!(d[0].rule, Some(Rule::ReviewBy));
        assert!(post("2026-12-31").is_empty(), "due on the day, not before");
        assert!(post("2026-06-01").is_empty());
    }

    #[test]
    fn a_date_that_is_not_one_is_an_error_at_its_place() {
        let bad = POST.replace("date: 2026-12-31", "date: 31/12/2026");
        let d = file(&bad, Path::new("x.md"), date("2025-01-01"));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].position, Some((7, 11)));
        assert_eq!(d[0].rule, None, "an error whatever the levels");
        assert!(d[0].message.contains("`31/12/2026` is not a date"));
    }

    #[test]
    fn a_phrase_the_file_no_longer_holds_is_an_error() {
        let reworded = POST.replace("This relief is temporary:", "The relief ends");
        let d = file(&reworded, Path::new("x.md"), date("2025-01-01"));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].position, Some((8, 14)));
        assert!(d[0].message.contains("not in the file"), "{}", d[0].message);
    }

    #[test]
    fn translations_do_not_see_the_marks() {
        let without = POST.replace(
            "review_by:\n  - date: 2026-12-31\n    passage: \"This relief is temporary\"\n",
            "",
        );
        assert_eq!(without_marks(POST), without);
        assert_eq!(without_marks(&without), without);
    }

    #[test]
    fn a_yaml_file_lists_them_at_the_top_level() {
        let service = "title: \"T\"\nreview_by:\n  - date: 2026-12-31\n    passage: \"Relief ends\"\ncontent:\n  notes:\n    - \"Relief ends with 2026.\"\n";
        assert_eq!(
            found(service, "content/en/services/s.yaml", "2027-02-01"),
            [
                "content/en/services/s.yaml:7:8: the passage `Relief ends` was due for review on 2026-12-31 (today is 2027-02-01) (help: check that it is still true and correct it if not, then set its review_by date (line 3) to the next date to check, or remove the entry)"
            ]
        );
        assert!(found(service, "s.yaml", "2026-01-01").is_empty());
    }

    #[test]
    fn items_of_a_list_carry_their_own() {
        let faq = "- id: a\n  question: \"Q?\"\n  answer: \"Taxed at 9% above AED 375,000.\"\n  review_by:\n    - date: 2027-06-30\n      passage: \"9% above\"\n- id: b\n  question: \"R?\"\n  answer: \"Fees change.\"\n  review_by:\n  - date: 2027-03-31\n    passage: \"Fees change\"\n";
        assert!(found(faq, "faq.yaml", "2027-01-01").is_empty());
        assert_eq!(
            found(faq, "content/en/faq.yaml", "2027-05-01"),
            [
                "content/en/faq.yaml:9:12: the passage `Fees change` was due for review on 2027-03-31 (today is 2027-05-01) (help: check that it is still true and correct it if not, then set its review_by date (line 11) to the next date to check, or remove the entry)"
            ]
        );
        assert_eq!(found(faq, "faq.yaml", "2027-07-01").len(), 2);
        // A phrase only the list itself holds is not the passage.
        let gone = faq.replace("Fees change.", "Fees vary.");
        let d = file(&gone, Path::new("faq.yaml"), date("2027-01-01"));
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].position, Some((12, 14)));
        // A plan of a pricing file, beside the file's own list.
        let pricing = "plans:\n  - id: p\n    name: \"P\"\n    features:\n      - \"Tax advice\"\n    review_by:\n      - date: bad\n        passage: \"Tax advice\"\nrules:\n  - \"Fees are separate.\"\nreview_by:\n  - date: 2027-01-31\n    passage: \"Fees are separate\"\n";
        let d = file(pricing, Path::new("pricing.yaml"), date("2027-02-01"));
        let shown: Vec<String> = d.iter().map(ToString::to_string).collect();
        assert_eq!(d.len(), 2, "{shown:?}");
        assert_eq!(d[0].position, Some((7, 15)), "{shown:?}");
        assert!(d[0].message.contains("`bad` is not a date"));
        assert_eq!(d[1].position, Some((10, 6)), "{shown:?}");
        assert_eq!(d[1].rule, Some(Rule::ReviewBy));
    }
}
