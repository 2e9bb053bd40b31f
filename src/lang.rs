//! The two languages of the site and what follows from each: direction, locale, date style.

use serde::{Deserialize, Serialize};

/// A site language. Arabic is the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Ar,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Ar, Lang::En];
    pub(crate) const DEFAULT: Lang = Lang::Ar;

    pub fn code(self) -> &'static str {
        match self {
            Lang::Ar => "ar",
            Lang::En => "en",
        }
    }

    pub(crate) fn dir(self) -> &'static str {
        match self {
            Lang::Ar => "rtl",
            Lang::En => "ltr",
        }
    }

    /// Open Graph locale.
    pub(crate) fn locale(self) -> &'static str {
        match self {
            Lang::Ar => "ar_AE",
            Lang::En => "en_AE",
        }
    }

    pub(crate) fn other(self) -> Lang {
        match self {
            Lang::Ar => Lang::En,
            Lang::En => Lang::Ar,
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "ar" => Some(Lang::Ar),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// A date as visitors read it: ISO for Arabic, long form for English ("March 10, 2025").
    pub(crate) fn format_date(self, date: time::Date) -> String {
        match self {
            Lang::Ar => iso_date(date),
            Lang::En => format!("{} {}, {}", date.month(), date.day(), date.year()),
        }
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

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn dates_follow_the_language() {
        assert_eq!(Lang::Ar.format_date(date!(2025 - 03 - 10)), "2025-03-10");
        assert_eq!(
            Lang::En.format_date(date!(2025 - 03 - 10)),
            "March 10, 2025"
        );
    }
}
