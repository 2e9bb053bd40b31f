//! The site's languages: the table `site.toml` declares (`[[languages]]`, in order; without
//! one, `site/languages.default.json`: Arabic, then English) and what follows from each
//! language: its URL prefix, direction, locale, date style and fonts.

use std::collections::BTreeSet;
use std::sync::{LazyLock, Mutex};

use serde::{Deserialize, Serialize};

use crate::messages::Msg;

/// One entry of the language table, as `site.toml` writes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LangSpec {
    /// BCP 47 code, also the URL prefix (`/ar/`) and the content folder (`content/ar/`).
    pub code: String,
    /// The language's own name, in the language switch.
    pub name: String,
    /// `rtl` or `ltr`.
    pub dir: Dir,
    /// The locale dates and numbers are formatted for in the app (`ar-AE`).
    pub locale: String,
    /// The digits numbers and dates are written with (an `Intl` numbering system).
    #[serde(default)]
    pub digits: Digits,
    /// How sahel writes a post's date: `{year}`, `{month}`, `{month2}` (two digits), `{day}`,
    /// `{day2}`, `{month_name}` (from `months`).
    pub date_format: String,
    /// The twelve month names, when `date_format` uses `{month_name}`.
    #[serde(default)]
    pub months: Vec<String>,
    /// The page font (a family the app ships: [`PAGE_FONTS`]).
    pub font: String,
    /// The social cards' font (a family the cards are drawn with: [`CARD_FONTS`]).
    pub card_font: String,
    /// Open Graph locale (`ar_AE`).
    pub og_locale: String,
    /// The default language: `/` redirects to it. Exactly one.
    #[serde(default)]
    pub default: bool,
    /// The language `hreflang="x-default"` points to. Exactly one.
    #[serde(default)]
    pub x_default: bool,
    /// Where the interface strings a language lacks are taken from, in order.
    #[serde(default)]
    pub fallback: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Rtl,
    Ltr,
}

/// The digit systems a language may write numbers with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Digits {
    /// 0123456789
    #[default]
    Latn,
    /// Arabic-Indic: ٠١٢٣٤٥٦٧٨٩
    Arab,
    /// Extended Arabic-Indic (Persian, Urdu): ۰۱۲۳۴۵۶۷۸۹
    Arabext,
}

impl Digits {
    fn zero(self) -> char {
        match self {
            Digits::Latn => '0',
            Digits::Arab => '\u{0660}',
            Digits::Arabext => '\u{06F0}',
        }
    }
}

/// The page fonts the app ships (`site/src/styles.css`).
pub const PAGE_FONTS: [&str; 3] = ["cairo", "poppins", "vazirmatn"];
/// The families the social cards are drawn with (`cards::fonts`).
pub const CARD_FONTS: [&str; 3] = ["cairo", "poppins", "vazirmatn"];

/// The primary language subtags written in the Arabic script: the assistant folds their
/// letters, the lint and bidi isolation treat their text as Arabic-script text.
const ARABIC_SCRIPT: [&str; 12] = [
    "ar", "fa", "ur", "ps", "ckb", "sd", "ug", "ks", "bal", "prs", "pnb", "skr",
];

struct LangData {
    index: usize,
    spec: LangSpec,
}

/// A language of a site's table: a small handle (copied freely) to its entry. Two handles
/// are equal when they are the same position and code; languages sort in table order.
#[derive(Clone, Copy)]
pub struct Lang(&'static LangData);

/// Every entry ever loaded, so reloading the same table (`serve`) allocates nothing new.
static INTERNED: LazyLock<Mutex<Vec<&'static LangData>>> = LazyLock::new(Mutex::default);

fn intern(index: usize, spec: &LangSpec) -> Lang {
    let mut all = INTERNED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&d) = all.iter().find(|d| d.index == index && d.spec == *spec) {
        return Lang(d);
    }
    let d: &'static LangData = Box::leak(Box::new(LangData {
        index,
        spec: spec.clone(),
    }));
    all.push(d);
    Lang(d)
}

impl PartialEq for Lang {
    fn eq(&self, other: &Lang) -> bool {
        self.0.index == other.0.index && self.0.spec.code == other.0.spec.code
    }
}
impl Eq for Lang {}
impl std::hash::Hash for Lang {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.index.hash(state);
        self.0.spec.code.hash(state);
    }
}
impl PartialOrd for Lang {
    fn partial_cmp(&self, other: &Lang) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Lang {
    fn cmp(&self, other: &Lang) -> std::cmp::Ordering {
        (self.0.index, &self.0.spec.code).cmp(&(other.0.index, &other.0.spec.code))
    }
}
impl std::fmt::Debug for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
impl Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl Lang {
    /// The default table's Arabic (tests, and a site without a table).
    // invariant: the default table is compiled in and tested to hold Arabic and English.
    #[allow(clippy::expect_used)]
    pub fn ar() -> Lang {
        Languages::builtin()
            .get("ar")
            .expect("the default table has Arabic")
    }

    /// The default table's English (tests, and a site without a table).
    // invariant: as `ar`.
    #[allow(clippy::expect_used)]
    pub fn en() -> Lang {
        Languages::builtin()
            .get("en")
            .expect("the default table has English")
    }

    pub fn code(self) -> &'static str {
        &self.0.spec.code
    }

    /// Its position in the table (content and per-language data are stored in that order).
    pub fn index(self) -> usize {
        self.0.index
    }

    pub fn spec(self) -> &'static LangSpec {
        &self.0.spec
    }

    /// The language's own name.
    pub fn name(self) -> &'static str {
        &self.0.spec.name
    }

    pub(crate) fn dir(self) -> &'static str {
        match self.0.spec.dir {
            Dir::Rtl => "rtl",
            Dir::Ltr => "ltr",
        }
    }

    pub fn is_rtl(self) -> bool {
        self.0.spec.dir == Dir::Rtl
    }

    /// Whether the language is written in the Arabic script (Arabic, Farsi, Urdu, ...): the
    /// assistant folds its letters and the lint reads it as Arabic-script text.
    pub fn is_arabic_script(self) -> bool {
        let code = self.code();
        let primary = code.split('-').next().unwrap_or(code);
        ARABIC_SCRIPT.contains(&primary) || code.split('-').any(|s| s == "Arab")
    }

    /// Open Graph locale.
    pub(crate) fn og_locale(self) -> &'static str {
        &self.0.spec.og_locale
    }

    /// A number as visitors read it: in the language's digits.
    pub(crate) fn number(self, n: usize) -> String {
        to_digits(&n.to_string(), self.0.spec.digits)
    }

    /// A date as visitors read it, by the table's `date_format`, `months` and `digits`
    /// (`2025-03-10` in Arabic, `March 10, 2025` in English).
    pub(crate) fn format_date(self, date: time::Date) -> String {
        let spec = &self.0.spec;
        let month = u8::from(date.month());
        let mut out = String::with_capacity(spec.date_format.len() + 8);
        for piece in pieces(&spec.date_format) {
            match piece {
                Piece::Text(t) => out.push_str(t),
                Piece::Field("year") => out.push_str(&date.year().to_string()),
                Piece::Field("month") => out.push_str(&month.to_string()),
                Piece::Field("month2") => out.push_str(&format!("{month:02}")),
                Piece::Field("day") => out.push_str(&date.day().to_string()),
                Piece::Field("day2") => out.push_str(&format!("{:02}", date.day())),
                Piece::Field("month_name") => out.push_str(
                    spec.months
                        .get(usize::from(month).saturating_sub(1))
                        .map_or("", String::as_str),
                ),
                // Refused when the table is read.
                Piece::Field(other) => {
                    out.push('{');
                    out.push_str(other);
                    out.push('}');
                }
                Piece::Unclosed(t) => out.push_str(t),
            }
        }
        to_digits(&out, spec.digits)
    }
}

/// A part of a `date_format`.
enum Piece<'a> {
    Text(&'a str),
    /// `{name}`
    Field(&'a str),
    /// A `{` without its `}`, and what follows.
    Unclosed(&'a str),
}

/// A `date_format` cut into text and `{fields}`.
fn pieces(format: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = format;
    while let Some((before, after)) = rest.split_once('{') {
        out.push(Piece::Text(before));
        match after.split_once('}') {
            Some((name, next)) => {
                out.push(Piece::Field(name));
                rest = next;
            }
            None => {
                out.push(Piece::Unclosed(after));
                rest = "";
            }
        }
    }
    out.push(Piece::Text(rest));
    out
}

/// `text` with its ASCII digits written in `digits`.
fn to_digits(text: &str, digits: Digits) -> String {
    if digits == Digits::Latn {
        return text.to_string();
    }
    let zero = u32::from(digits.zero());
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if c.is_ascii_digit() => char::from_u32(zero + d).unwrap_or(c),
            _ => c,
        })
        .collect()
}

/// A site's languages, in the table's order.
#[derive(Clone)]
pub struct Languages {
    all: Vec<Lang>,
    default: Lang,
    x_default: Lang,
}

impl std::fmt::Debug for Languages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.all).finish()
    }
}

/// The default table's text (`site/languages.default.json`).
pub const DEFAULT_TABLE: &str = include_str!("../site/languages.default.json");

impl Languages {
    /// The default table: Arabic (the default and `x-default`), then English.
    // invariant: the default table is compiled in, and a test checks it parses and is valid.
    #[allow(clippy::expect_used)]
    pub fn builtin() -> &'static Languages {
        static BUILTIN: LazyLock<Languages> = LazyLock::new(|| {
            let specs: Vec<LangSpec> =
                serde_json::from_str(DEFAULT_TABLE).expect("site/languages.default.json parses");
            Languages::new(&specs).expect("site/languages.default.json is a valid table")
        });
        &BUILTIN
    }

    /// The table's languages after checking it; the error says what is wrong (the caller
    /// places it in the file).
    pub fn new(specs: &[LangSpec]) -> Result<Languages, Msg> {
        if specs.is_empty() {
            return Err(crate::msg!("config-languages-empty"));
        }
        let mut codes = BTreeSet::new();
        for s in specs {
            check_spec(s)?;
            if !codes.insert(s.code.as_str()) {
                return Err(crate::msg!("config-language-twice", code = &s.code));
            }
        }
        for s in specs {
            for f in &s.fallback {
                if !codes.contains(f.as_str()) || *f == s.code {
                    return Err(crate::msg!(
                        "config-language-fallback",
                        fallback = f,
                        code = &s.code
                    ));
                }
            }
        }
        let one = |what: &str, pick: fn(&LangSpec) -> bool| -> Result<usize, Msg> {
            let marked: Vec<usize> = specs
                .iter()
                .enumerate()
                .filter(|(_, s)| pick(s))
                .map(|(i, _)| i)
                .collect();
            match marked.as_slice() {
                [i] => Ok(*i),
                [] if specs.len() == 1 => Ok(0),
                [] => Err(crate::msg!("config-language-none-marked", key = what)),
                _ => Err(crate::msg!(
                    "config-language-many-marked",
                    count = marked.len(),
                    key = what
                )),
            }
        };
        let default = one("default", |s| s.default)?;
        let x_default = one("x_default", |s| s.x_default)?;
        let all: Vec<Lang> = specs
            .iter()
            .enumerate()
            .map(|(i, s)| intern(i, s))
            .collect();
        let at = |i: usize| {
            all.get(i)
                .copied()
                .ok_or_else(|| crate::msg!("config-languages-empty-short"))
        };
        Ok(Languages {
            default: at(default)?,
            x_default: at(x_default)?,
            all,
        })
    }

    /// Where the problem [`Languages::new`] reports is written: the entry (its position in
    /// the table) and the key. `None` for a problem of the whole table (an empty table, no
    /// default).
    pub fn problem_at(specs: &[LangSpec]) -> Option<(usize, &'static str)> {
        if let Some((i, key)) = specs
            .iter()
            .enumerate()
            .find_map(|(i, s)| check_spec_keyed(s).err().map(|(k, _)| (i, k)))
        {
            return Some((i, key));
        }
        let mut codes = BTreeSet::new();
        if let Some(i) = specs.iter().position(|s| !codes.insert(s.code.as_str())) {
            return Some((i, "code"));
        }
        if let Some(i) = specs.iter().position(|s| {
            s.fallback
                .iter()
                .any(|f| !codes.contains(f.as_str()) || *f == s.code)
        }) {
            return Some((i, "fallback"));
        }
        for (key, pick) in [
            (
                "default",
                (|s: &LangSpec| s.default) as fn(&LangSpec) -> bool,
            ),
            ("x_default", |s: &LangSpec| s.x_default),
        ] {
            if let Some(i) = specs.iter().enumerate().filter(|(_, s)| pick(s)).nth(1) {
                return Some((i.0, key));
            }
        }
        None
    }

    /// Every language, in the table's order.
    pub fn all(&self) -> &[Lang] {
        &self.all
    }

    pub fn len(&self) -> usize {
        self.all.len()
    }

    pub fn is_empty(&self) -> bool {
        self.all.is_empty()
    }

    /// The default language (`/` redirects to it).
    pub fn default_lang(&self) -> Lang {
        self.default
    }

    /// The language `hreflang="x-default"` points to.
    pub fn x_default(&self) -> Lang {
        self.x_default
    }

    /// The language of a code, if the table has it.
    pub fn get(&self, code: &str) -> Option<Lang> {
        self.all.iter().copied().find(|l| l.code() == code)
    }

    /// Every language but `lang`, in order.
    pub fn others(&self, lang: Lang) -> impl Iterator<Item = Lang> + '_ {
        self.all.iter().copied().filter(move |&l| l != lang)
    }

    /// The codes, for messages: `ar, en`.
    pub fn codes(&self) -> String {
        self.all
            .iter()
            .map(|l| l.code())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The table as the app reads it (`SAHEL_LANGUAGES`).
    pub fn to_json(&self) -> String {
        let specs: Vec<&LangSpec> = self.all.iter().map(|l| l.spec()).collect();
        serde_json::to_string(&specs).unwrap_or_default()
    }
}

/// Whether `code` is a BCP 47 tag sahel can use as a folder and URL prefix: letters, digits
/// and hyphens, starting with a 2–3 letter lowercase primary subtag.
fn is_language_code(code: &str) -> bool {
    let mut parts = code.split('-');
    let primary = parts.next().unwrap_or("");
    (2..=3).contains(&primary.len())
        && primary.bytes().all(|b| b.is_ascii_lowercase())
        && parts.all(|p| (1..=8).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_alphanumeric()))
        && code.len() <= 35
}

fn check_spec(s: &LangSpec) -> Result<(), Msg> {
    check_spec_keyed(s).map_err(|(_, m)| m)
}

/// [`check_spec`], with the key the problem is at.
fn check_spec_keyed(s: &LangSpec) -> Result<(), (&'static str, Msg)> {
    let code = s.code.as_str();
    if !is_language_code(code) {
        return Err(("code", crate::msg!("config-language-code", code = code)));
    }
    if s.name.trim().is_empty() {
        return Err(("name", crate::msg!("config-language-name", code = code)));
    }
    if !PAGE_FONTS.contains(&s.font.as_str()) {
        return Err((
            "font",
            crate::msg!(
                "config-language-font",
                code = code,
                font = &s.font,
                fonts = PAGE_FONTS.join(", ")
            ),
        ));
    }
    if !CARD_FONTS.contains(&s.card_font.as_str()) {
        return Err((
            "card_font",
            crate::msg!(
                "config-language-card-font",
                code = code,
                font = &s.card_font,
                fonts = CARD_FONTS.join(", ")
            ),
        ));
    }
    for piece in pieces(&s.date_format) {
        let name = match piece {
            Piece::Text(_) => continue,
            Piece::Unclosed(_) => {
                return Err((
                    "date_format",
                    crate::msg!("config-date-format-unclosed", code = code),
                ));
            }
            Piece::Field(name) => name,
        };
        if !["year", "month", "month2", "day", "day2", "month_name"].contains(&name) {
            return Err((
                "date_format",
                crate::msg!("config-date-format-field", code = code, name = name),
            ));
        }
        if name == "month_name" && s.months.len() != 12 {
            return Err((
                "months",
                crate::msg!(
                    "config-date-format-months",
                    code = code,
                    count = s.months.len()
                ),
            ));
        }
    }
    if s.og_locale.is_empty() || s.locale.is_empty() {
        return Err(("locale", crate::msg!("config-language-locale", code = code)));
    }
    Ok(())
}

/// The language's name in English, for maintainers' messages ("Arabic"); a language sahel has
/// no English name for is named by its own name and code.
pub fn english_name(lang: Lang) -> String {
    let primary = lang.code().split('-').next().unwrap_or_default();
    let known = match primary {
        "ar" => "Arabic",
        "en" => "English",
        "fa" => "Persian",
        "ur" => "Urdu",
        "ru" => "Russian",
        "zh" => "Chinese",
        "hi" => "Hindi",
        "fr" => "French",
        "de" => "German",
        "es" => "Spanish",
        "tr" => "Turkish",
        "ps" => "Pashto",
        "bn" => "Bengali",
        "ml" => "Malayalam",
        "ta" => "Tamil",
        "tl" | "fil" => "Filipino",
        _ => "",
    };
    match (known, primary == lang.code()) {
        ("", _) => format!("{} ({})", lang.name(), lang.code()),
        (known, true) => known.to_string(),
        // A regional or script variant (`zh-Hans`): the code says which.
        (known, false) => format!("{known} ({})", lang.code()),
    }
}

/// `yyyy-mm-dd`: the machine-readable form of a date (sitemaps, feeds, JSON-LD, `<time>`).
pub fn iso_date(date: time::Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn farsi() -> LangSpec {
        LangSpec {
            code: "fa".into(),
            name: "فارسی".into(),
            dir: Dir::Rtl,
            locale: "fa-IR".into(),
            digits: Digits::Arabext,
            date_format: "{day} {month_name} {year}".into(),
            months: [
                "ژانویه",
                "فوریه",
                "مارس",
                "آوریل",
                "مه",
                "ژوئن",
                "ژوئیه",
                "اوت",
                "سپتامبر",
                "اکتبر",
                "نوامبر",
                "دسامبر",
            ]
            .map(String::from)
            .to_vec(),
            font: "vazirmatn".into(),
            card_font: "vazirmatn".into(),
            og_locale: "fa_IR".into(),
            default: false,
            x_default: false,
            fallback: vec!["en".into()],
        }
    }

    fn with_farsi() -> Vec<LangSpec> {
        let mut specs: Vec<LangSpec> = serde_json::from_str(DEFAULT_TABLE).unwrap();
        specs.push(farsi());
        specs
    }

    #[test]
    fn dates_follow_the_table() {
        assert_eq!(Lang::ar().format_date(date!(2025 - 03 - 10)), "2025-03-10");
        assert_eq!(
            Lang::en().format_date(date!(2025 - 03 - 10)),
            "March 10, 2025"
        );
        let table = Languages::new(&with_farsi()).unwrap();
        let fa = table.get("fa").unwrap();
        assert_eq!(fa.format_date(date!(2025 - 03 - 10)), "۱۰ مارس ۲۰۲۵");
        assert!(fa.is_rtl() && fa.is_arabic_script());
        assert!(!Lang::en().is_arabic_script());
    }

    #[test]
    fn the_default_table_is_arabic_then_english() {
        let t = Languages::builtin();
        assert_eq!(t.codes(), "ar, en");
        assert_eq!(t.default_lang(), Lang::ar());
        assert_eq!(t.x_default(), Lang::en());
        assert_eq!(Lang::ar().dir(), "rtl");
        assert_eq!(Lang::en().og_locale(), "en_AE");
        assert!(Lang::ar() < Lang::en());
        assert_eq!(t.others(Lang::ar()).collect::<Vec<_>>(), [Lang::en()]);
    }

    #[test]
    fn bad_tables_are_refused_saying_why() {
        let err = |f: &dyn Fn(&mut Vec<LangSpec>)| {
            let mut specs = with_farsi();
            f(&mut specs);
            Languages::new(&specs).unwrap_err().render("en")
        };
        assert!(err(&|s| s[2].code = "../etc".into()).contains("not a language code"));
        assert!(err(&|s| s[2].code = "en".into()).contains("declared twice"));
        assert!(err(&|s| s[2].default = true).contains("2 languages are marked `default"));
        assert!(err(&|s| s[1].x_default = false).contains("no language is marked `x_default"));
        assert!(err(&|s| s[2].fallback = vec!["de".into()]).contains("fallback `de`"));
        assert!(err(&|s| s[2].font = "comic".into()).contains("does not ship"));
        assert!(err(&|s| s[2].months.pop().map_or((), drop)).contains("twelve month names"));
        assert!(err(&|s| s[2].date_format = "{dd}".into()).contains("{dd}"));
        assert!(
            Languages::new(&[])
                .unwrap_err()
                .render("en")
                .contains("empty")
        );
    }

    #[test]
    fn reloading_a_table_gives_equal_languages_without_new_entries() {
        let a = Languages::new(&with_farsi()).unwrap();
        let b = Languages::new(&with_farsi()).unwrap();
        assert_eq!(a.all(), b.all());
        for (x, y) in a.all().iter().zip(b.all()) {
            assert!(std::ptr::eq(x.0, y.0), "{x} was allocated again");
        }
    }
}
