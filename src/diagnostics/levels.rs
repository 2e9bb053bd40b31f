//! The lint's rules, each with a stable name and a level (`error`, `warning`, `off`) that
//! `[lint]` in `site.toml` sets. By default only what garbles the page for readers is an error:
//! bidi controls that leak or are unbalanced. The rest inform without blocking.

use serde::{Deserialize, Serialize};

use crate::diagnostics::{Diagnostic, Severity};

/// How a rule's findings count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// `build`, `check` and `serve`'s render stop on it.
    Error,
    /// Printed (and shown in `serve`'s overlay); stops nothing but `check --deny-warnings`.
    Warning,
    /// Not reported.
    Off,
}

/// One lint rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Embeddings and overrides (U+202A–U+202E), and isolates not closed or closing nothing.
    BidiControls,
    /// A left-to-right run (`AED 1,500`) cut in two by Markdown formatting.
    SplitLtrRun,
    /// Tatweel (U+0640) stretching a word.
    Tatweel,
    /// Western, Arabic-Indic and Extended Arabic-Indic digits in one file.
    MixedDigits,
    /// Straight quotes `"` in Arabic text.
    StraightQuotes,
    /// `letter-spacing` or Tailwind's `tracking-*` applied to Arabic in the app.
    ArabicLetterSpacing,
    /// `text-align: justify` or `text-justify` applied to Arabic in the app.
    ArabicJustify,
    /// A left-to-right run in an Arabic interface string that is not isolated.
    UnisolatedInterfaceRun,
    /// A passage whose `review_by` date has passed.
    ReviewBy,
    /// An image description (`alt`) in the other script of the page: Latin letters alone on an
    /// Arabic page, Arabic on an English one.
    AltScript,
    /// A unit whose text is the same as another language's: copied, not translated.
    Untranslated,
}

impl Rule {
    /// Every rule, in the order the README lists them.
    pub const ALL: [Rule; 11] = [
        Rule::BidiControls,
        Rule::SplitLtrRun,
        Rule::Tatweel,
        Rule::MixedDigits,
        Rule::StraightQuotes,
        Rule::ArabicLetterSpacing,
        Rule::ArabicJustify,
        Rule::UnisolatedInterfaceRun,
        Rule::ReviewBy,
        Rule::AltScript,
        Rule::Untranslated,
    ];

    /// The rule's name: its key under `[lint]`, and what a warning shows (`warning[tatweel]`).
    pub const fn name(self) -> &'static str {
        match self {
            Rule::BidiControls => "bidi-controls",
            Rule::SplitLtrRun => "split-ltr-run",
            Rule::Tatweel => "tatweel",
            Rule::MixedDigits => "mixed-digits",
            Rule::StraightQuotes => "straight-quotes",
            Rule::ArabicLetterSpacing => "arabic-letter-spacing",
            Rule::ArabicJustify => "arabic-justify",
            Rule::UnisolatedInterfaceRun => "unisolated-interface-run",
            Rule::ReviewBy => "review-by",
            Rule::AltScript => "alt-script",
            Rule::Untranslated => "untranslated",
        }
    }

    /// The level without a `[lint]` key: an error only for bidi controls, which garble the page
    /// for readers.
    pub const fn default_level(self) -> Level {
        match self {
            Rule::BidiControls => Level::Error,
            _ => Level::Warning,
        }
    }

    #[cfg(test)]
    pub(crate) fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }
}

/// `[lint]` in `site.toml`: a level per rule, unset keys at the rule's default. Unknown rules
/// and levels are errors that list what is accepted (serde's own messages, at the key).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LintLevels {
    #[serde(skip_serializing_if = "Option::is_none")]
    bidi_controls: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    split_ltr_run: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    tatweel: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    mixed_digits: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    straight_quotes: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arabic_letter_spacing: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arabic_justify: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unisolated_interface_run: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    review_by: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    alt_script: Option<Level>,
    #[serde(skip_serializing_if = "Option::is_none")]
    untranslated: Option<Level>,
}

impl LintLevels {
    /// The level of `rule`: its key's, else its default.
    pub fn level(&self, rule: Rule) -> Level {
        let set = match rule {
            Rule::BidiControls => self.bidi_controls,
            Rule::SplitLtrRun => self.split_ltr_run,
            Rule::Tatweel => self.tatweel,
            Rule::MixedDigits => self.mixed_digits,
            Rule::StraightQuotes => self.straight_quotes,
            Rule::ArabicLetterSpacing => self.arabic_letter_spacing,
            Rule::ArabicJustify => self.arabic_justify,
            Rule::UnisolatedInterfaceRun => self.unisolated_interface_run,
            Rule::ReviewBy => self.review_by,
            Rule::AltScript => self.alt_script,
            Rule::Untranslated => self.untranslated,
        };
        set.unwrap_or(rule.default_level())
    }

    /// A finding of a rule at its level: `None` when the rule is off. A diagnostic that names
    /// no rule is kept as it is.
    pub(crate) fn apply(&self, d: &Diagnostic) -> Option<Diagnostic> {
        let Some(rule) = d.rule else {
            return Some(d.clone());
        };
        match self.level(rule) {
            Level::Off => None,
            Level::Error => Some(d.clone().severity(Severity::Error)),
            Level::Warning => Some(d.clone().severity(Severity::Warning)),
        }
    }
}
