//! sahel's own words in the reader's language: every message of `check`, `build`, `serve` and
//! the browser overlay comes from a catalogue per language, Fluent files built into the binary
//! (`src/messages/<code>/*.ftl`: one folder per language, its files split by area; a third
//! language is a folder of its own). English is the reference: a message another catalogue
//! lacks is shown in English.
//!
//! A message is a [`Msg`]: its id and its arguments (text, numbers, other messages, a
//! language's name), made with [`msg!`]. It is rendered when shown, in the language the reader
//! chose (`--lang`, else `SAHEL_LANG`, else the environment's locale: `LC_ALL`,
//! `LC_MESSAGES`, `LANG`; [`reader`]), or in the page's language for `serve`'s overlay
//! ([`Msg::render`]). Placeables are not wrapped in bidi isolates: terminals show them as
//! characters; the overlay isolates each message as a paragraph of its own.

use std::collections::BTreeMap;
use std::sync::{LazyLock, OnceLock};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

/// The built-in catalogues: (language code, file name, text), written by `build.rs` from
/// `src/messages/`.
const SOURCES: &[(&str, &str, &str)] = include!(concat!(env!("OUT_DIR"), "/messages.rs"));

/// The language messages fall back to, and the reference catalogue.
pub const REFERENCE: &str = "en";

/// One language's catalogue.
struct Catalogue {
    bundle: FluentBundle<FluentResource>,
}

static CATALOGUES: LazyLock<BTreeMap<&'static str, Catalogue>> = LazyLock::new(|| {
    let mut by_lang: BTreeMap<&'static str, Vec<&'static str>> = BTreeMap::new();
    for (lang, _, text) in SOURCES {
        by_lang.entry(lang).or_default().push(text);
    }
    by_lang
        .into_iter()
        .map(|(lang, texts)| {
            let id: unic_langid::LanguageIdentifier = lang
                .parse()
                .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            bundle.set_use_isolating(false);
            let code: &'static str = lang;
            // A catalogue's selectors on a count go through PLURAL: see `plural_category`.
            let _ = bundle.add_function("PLURAL", move |positional, _| match positional.first() {
                Some(FluentValue::Number(n)) => match plural_category(code, n.value) {
                    Some(category) => FluentValue::String(category.into()),
                    None => FluentValue::Number(n.clone()),
                },
                Some(other) => other.clone(),
                None => FluentValue::None,
            });
            for text in texts {
                // A catalogue that does not parse is a test failure (messages::tests); what
                // parsed of it is used.
                let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
                let _ = bundle.add_resource(resource);
            }
            (lang, Catalogue { bundle })
        })
        .collect()
});

/// The plural category of `n` in `lang`, where sahel decides it itself: Arabic, whose rules
/// the plural library gets wrong past 100 (it reads `few` and `many` from the whole number, not
/// from its last two digits: «103 صفحة» for «103 صفحات»). `None`: the library's own (Fluent's
/// selector on the number). CLDR's rules for Arabic cardinals: zero 0; one 1; two 2; few when
/// n % 100 is 3–10; many when n % 100 is 11–99; other for the rest and for fractions.
fn plural_category(lang: &str, n: f64) -> Option<&'static str> {
    if lang != "ar" {
        return None;
    }
    if n.fract() != 0.0 || n < 0.0 || !n.is_finite() {
        return Some("other");
    }
    // invariant: a non-negative whole number below 2^64 (a count)
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let i = n as u64;
    Some(match (i, i % 100) {
        (0, _) => "zero",
        (1, _) => "one",
        (2, _) => "two",
        (_, 3..=10) => "few",
        (_, 11..=99) => "many",
        _ => "other",
    })
}

/// The languages sahel's messages are written in.
pub fn languages() -> Vec<&'static str> {
    CATALOGUES.keys().copied().collect()
}

/// The reader's language, once chosen ([`set_reader`]), else from the environment.
static READER: OnceLock<&'static str> = OnceLock::new();

/// Chooses the reader's language for this process: `code` (`--lang`) when given and a
/// catalogue has it, else [`from_environment`]. Returns the language chosen.
pub fn set_reader(code: Option<&str>) -> &'static str {
    let chosen = code
        .and_then(catalogue_for)
        .unwrap_or_else(from_environment);
    READER.get_or_init(|| chosen)
}

/// The language sahel's messages are shown in.
pub fn reader() -> &'static str {
    READER.get().copied().unwrap_or_else(from_environment)
}

/// The catalogue's code for a language code or locale (`ar`, `ar-AE`, `ar_AE.UTF-8`).
pub fn catalogue_for(code: &str) -> Option<&'static str> {
    let primary = code
        .split(['_', '-', '.', '@'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    CATALOGUES.keys().copied().find(|l| *l == primary)
}

/// `SAHEL_LANG`, else the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
fn from_environment() -> &'static str {
    ["SAHEL_LANG", "LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .find(|v| !v.is_empty())
        .and_then(|v| catalogue_for(&v))
        .unwrap_or(REFERENCE)
}

/// A value a message is given.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Number(f64),
    /// Another message, rendered in the same language.
    Msg(Box<Msg>),
    /// A language of the site, by code: its name in the reader's language
    /// (`language-<code>` in the catalogue), else its own English name.
    Language(String),
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}
impl From<std::borrow::Cow<'_, str>> for Arg {
    fn from(s: std::borrow::Cow<'_, str>) -> Arg {
        Arg::Text(s.into_owned())
    }
}
impl From<std::path::Display<'_>> for Arg {
    fn from(d: std::path::Display<'_>) -> Arg {
        Arg::Text(d.to_string())
    }
}
impl From<Msg> for Arg {
    fn from(m: Msg) -> Arg {
        Arg::Msg(Box::new(m))
    }
}
macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_args!(usize, u8, u16, u32, u64, i32, i64, f64);

/// A message of the catalogues: its id and its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Msg {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// `msg!("check-stale", file = path.display(), n = 3)`: the message `check-stale` with its
/// arguments.
#[macro_export]
macro_rules! msg {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::messages::Msg::new($id)$(.arg(stringify!($name), $value))*
    };
}

impl Msg {
    pub fn new(id: &'static str) -> Msg {
        Msg {
            id,
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Msg {
        self.args.push((name, value.into()));
        self
    }

    /// A language's name as an argument.
    pub fn language(self, name: &'static str, code: &str) -> Msg {
        self.arg(name, Arg::Language(code.to_string()))
    }

    pub fn id(&self) -> &'static str {
        self.id
    }

    /// The message in `lang` (a catalogue's code; English where that catalogue lacks it).
    pub fn render(&self, lang: &str) -> String {
        for l in [lang, REFERENCE] {
            if let Some(text) = self.try_render(l) {
                return text;
            }
        }
        // Never in a shipped sahel (messages::tests): the id, so the reader sees something.
        self.id.to_string()
    }

    /// The message in the reader's language ([`reader`]).
    pub fn text(&self) -> String {
        self.render(reader())
    }

    fn try_render(&self, lang: &str) -> Option<String> {
        let catalogue = CATALOGUES.get(lang)?;
        let pattern = catalogue.bundle.get_message(self.id)?.value()?;
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            let value: FluentValue<'_> = match value {
                Arg::Text(s) => s.clone().into(),
                Arg::Number(n) => (*n).into(),
                Arg::Msg(m) => m.render(lang).into(),
                Arg::Language(code) => language_name(code, lang).into(),
            };
            args.set(*name, value);
        }
        let mut errors = Vec::new();
        let text = catalogue
            .bundle
            .format_pattern(pattern, Some(&args), &mut errors);
        Some(text.into_owned())
    }
}

impl std::fmt::Display for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

/// The kind of content `what` names in English (`"FAQ item"`, as the checks' lists call it), as
/// a message (`kind-faq-item`): an argument of messages about items of that kind.
pub fn kind(what: &str) -> Msg {
    let id = match what {
        "blog post" => "kind-blog-post",
        "service" => "kind-service",
        "page" => "kind-page",
        "FAQ item" => "kind-faq-item",
        "testimonial" => "kind-testimonial",
        "plan" => "kind-plan",
        "services section" => "kind-services-section",
        "list of package rules" => "kind-package-rules",
        "home page file" => "kind-home-file",
        "screens file" => "kind-screens-file",
        "collection" => "kind-collection",
        _ => "kind-item",
    };
    Msg::new(id)
}

/// A language's name in `lang`: `language-<code>` (its primary subtag) from the catalogue,
/// else the English name sahel knows, else the code.
pub fn language_name(code: &str, lang: &str) -> String {
    let primary = code.split('-').next().unwrap_or(code);
    let id = format!("language-{primary}");
    for l in [lang, REFERENCE] {
        if let Some(name) = CATALOGUES
            .get(l)
            .and_then(|c| c.bundle.get_message(&id))
            .and_then(|m| m.value())
            .map(|p| {
                let mut errors = Vec::new();
                CATALOGUES
                    .get(l)
                    .map(|c| c.bundle.format_pattern(p, None, &mut errors).into_owned())
                    .unwrap_or_default()
            })
        {
            return name;
        }
    }
    code.to_string()
}

#[cfg(test)]
mod tests;
