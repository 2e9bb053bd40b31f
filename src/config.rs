//! The site configuration (`site.toml`), parsed strictly: an unknown or misspelt key is an
//! error naming the key, the file, the line and the column.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diagnostics::{Diagnostic, line_col};
use crate::messages::Msg;

mod redaction;
mod validate;

pub(crate) use redaction::redact;
use validate::check_base_url;

pub(crate) const CONFIG_FILE: &str = "site.toml";

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// Absolute origin the site is served from, e.g. `https://www.example.ae`.
    base_url: String,
    pub company: Company,
    pub hours: Hours,
    #[serde(default)]
    pub(crate) backend: Option<Backend>,
    #[serde(default)]
    pub(crate) paths: Paths,
    #[serde(default)]
    pub(crate) check: Checks,
    /// Each lint rule's level (`crate::diagnostics::levels`).
    #[serde(default)]
    pub(crate) lint: crate::diagnostics::levels::LintLevels,
    #[serde(default)]
    pub blog: BlogConfig,
    #[serde(default)]
    pub(crate) translations: TranslationsConfig,
    #[serde(default)]
    pub(crate) cards: CardsConfig,
    /// The photos' smaller copies (`[images]`: widths and qualities).
    #[serde(default)]
    pub(crate) images: crate::media::ImageSettings,
    /// The language table as written (`[[languages]]`, in order); empty: the default table.
    #[serde(default, rename = "languages", skip_serializing_if = "Vec::is_empty")]
    language_specs: Vec<crate::lang::LangSpec>,
    /// The site's languages: the table checked, or the default one (Arabic, English).
    #[serde(skip, default = "default_languages")]
    pub(crate) languages: crate::lang::Languages,
    /// What the config allows but a maintainer should know (an `http://localhost` backend),
    /// printed by every command that reads it.
    #[serde(skip)]
    pub(crate) warnings: Vec<Diagnostic>,
}

/// Translation freshness (`sahel translations`, [`crate::translations`]).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct TranslationsConfig {
    /// The language translations are made from, for every unit whose record does not name
    /// another (`sahel translations mark --source`); by default, the default language.
    pub(crate) source: Option<String>,
}

fn default_languages() -> crate::lang::Languages {
    crate::lang::Languages::builtin().clone()
}

/// The social cards (`src/cards/`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct CardsConfig {
    /// Draw a card for every page and name it in the head (`og:image`, `twitter:image`).
    pub(crate) enabled: bool,
}

impl Default for CardsConfig {
    fn default() -> Self {
        CardsConfig { enabled: true }
    }
}

/// The blog list.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct BlogConfig {
    /// Posts per blog list page; page 1 is `/{lang}/blog/`, page n is `/{lang}/blog/page/n/`.
    pub per_page: usize,
}

impl Default for BlogConfig {
    fn default() -> Self {
        BlogConfig { per_page: 12 }
    }
}

/// Which whole-site checks run (all by default).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct Checks {
    /// Every item exists in every language. Turn off only for sites (such as benchmark
    /// corpora) whose languages hold different posts.
    pub(crate) parity: bool,
    /// Internal links point to pages that exist.
    pub(crate) links: bool,
    /// The bidi and typography lint (`check::lint`), at the levels `[lint]` sets: `false` turns
    /// every rule off. Turn off only for generated or imported text that is not the site's own
    /// writing.
    pub(crate) typography: bool,
    /// `sahel check` checks outbound links too, as `--external` does
    /// ([`crate::check::external`]).
    pub(crate) external: bool,
    /// One request's time limit, in seconds (1 to 120).
    pub(crate) external_timeout: u64,
    /// The pause between two requests to one host, in milliseconds (0 to 10000).
    pub(crate) external_pause_ms: u64,
    /// How long a broken link is left before it is asked again in the same run, in seconds
    /// (0 to 600).
    pub(crate) external_recheck_secs: u64,
    /// Runs in a row a link must be broken on to fail the check (1 to 10; the cache keeps
    /// the count).
    pub(crate) external_broken_runs: u32,
    /// Addresses not checked, by prefix (`https://www.linkedin.com/`).
    pub(crate) external_skip: Vec<String>,
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            parity: true,
            links: true,
            typography: true,
            external: false,
            external_timeout: 15,
            external_pause_ms: 250,
            external_recheck_secs: 5,
            external_broken_runs: 1,
            external_skip: Vec::new(),
        }
    }
}

/// A text in every language of the table: `{ ar = "...", en = "..." }` (checked against the
/// table when the config is read: no language missing, none unknown).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(transparent)]
pub struct PerLang(std::collections::BTreeMap<String, String>);

impl PerLang {
    pub fn get(&self, lang: crate::lang::Lang) -> &str {
        self.0.get(lang.code()).map_or("", String::as_str)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Company {
    pub name: PerLang,
    /// Phone number as dialled, e.g. `+971 4 555 0100`.
    pub phone: String,
    /// Chat-app (WhatsApp) number in international form, digits only or with `+` and spaces.
    pub whatsapp: String,
    pub email: String,
    pub address: PerLang,
}

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Hours {
    /// Opening time, 24-hour `HH:MM`.
    pub opens: String,
    /// Closing time, 24-hour `HH:MM`.
    pub(crate) closes: String,
    /// The days as visitors read them.
    pub days: PerLang,
}

/// The optional Supabase-compatible backend for the contact form and the assistant.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Backend {
    pub(crate) url: String,
    /// The public anon key (public by design; never put a secret here).
    pub(crate) anon_key: String,
    #[serde(default = "default_contact_table")]
    pub(crate) contact_table: String,
    #[serde(default)]
    pub(crate) assistant_function: Option<String>,
    /// Where the contact form posts (as an ordinary HTML form, `application/x-www-form-urlencoded`)
    /// when the visitor's browser runs no JavaScript, e.g. `<url>/functions/v1/contact-form`.
    #[serde(default)]
    pub(crate) form_endpoint: Option<String>,
}

fn default_contact_table() -> String {
    "contact_messages".into()
}

/// Where the parts of the site live, relative to `site.toml`.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct Paths {
    pub(crate) content: PathBuf,
    pub(crate) templates: PathBuf,
    /// The folder holding `package.json` and `site/` (the React app).
    pub(crate) app: PathBuf,
    /// The site's own interface strings: `<strings>/<code>/*.json` for a language the app
    /// has no strings for (the app's are `site/src/i18n/<code>/`), or to replace them.
    pub(crate) strings: PathBuf,
}

impl Default for Paths {
    fn default() -> Self {
        Paths {
            content: "content".into(),
            templates: "templates".into(),
            app: ".".into(),
            strings: "strings".into(),
        }
    }
}

impl SiteConfig {
    /// Parses and validates the text of a config file. `file` is used in messages only.
    ///
    /// No message shows a secret of the file: in the lines it quotes and in what it says, the
    /// value of `anon_key`, any URL's user name and password, and anything the secret scan
    /// finds are masked ([`redact`]); a CI log keeps no key.
    pub fn parse(text: &str, file: &Path) -> Result<SiteConfig, Diagnostic> {
        SiteConfig::parse_unredacted(text, file).map_err(|d| {
            let mut d = d;
            if let Some(source) = &d.source {
                d.source = Some(redact(source).into());
            }
            let message = redact(&d.message);
            let help = d.help.as_deref().map(redact);
            if message == d.message && help == d.help {
                // The values the messages quote were masked as they were given (`shown`), in
                // every language.
                return d;
            }
            // A secret the messages' values did not mask: the report is shown in English,
            // masked, rather than in another language unmasked.
            let mut masked = Diagnostic::new(d.file, message);
            masked.position = d.position;
            masked.help = help;
            masked.source = d.source;
            masked.severity = d.severity;
            masked.rule = d.rule;
            masked
        })
    }

    fn parse_unredacted(text: &str, file: &Path) -> Result<SiteConfig, Diagnostic> {
        let mut config: SiteConfig = toml::from_str(text).map_err(|e| {
            // The parser's own words, in a frame of the reader's language.
            let mut d = Diagnostic::msg(
                file,
                crate::msg!("config-toml", detail = shown(e.message().trim_end())),
            )
            .with_source(text)
            .help_msg(config_help(e.message()));
            if let Some(span) = e.span() {
                let (line, col) = line_col(text, span.start);
                d = d.at(line, col);
            }
            d
        })?;
        config.resolve_languages(text, file)?;
        config.validate(text, file)?;
        config.warnings = config.backend_warnings(text, file);
        Ok(config)
    }

    /// Reads `site.toml` from a folder.
    pub(crate) fn load(root: &Path) -> Result<SiteConfig, Diagnostic> {
        SiteConfig::load_file(root, None)
    }

    /// Reads the config from `file` (relative to the working folder), or `<root>/site.toml`
    /// when there is none. Paths inside it stay relative to `root`.
    pub(crate) fn load_file(root: &Path, file: Option<&Path>) -> Result<SiteConfig, Diagnostic> {
        let (path, shown) = match file {
            Some(f) => (f.to_path_buf(), f.to_path_buf()),
            None => (root.join(CONFIG_FILE), PathBuf::from(CONFIG_FILE)),
        };
        let text = std::fs::read_to_string(&path).map_err(|e| {
            Diagnostic::msg(
                &path,
                crate::msg!("config-cannot-read", error = e.to_string()),
            )
            .help_msg(crate::msg!("config-cannot-read-help"))
        })?;
        SiteConfig::parse(&text, &shown)
    }

    /// Checks the language table (`[[languages]]`) and every text given per language against
    /// it: each has every language of the table and no other.
    fn resolve_languages(&mut self, text: &str, file: &Path) -> Result<(), Diagnostic> {
        let at = |needle: &str, message: Msg, help: Msg| {
            let offset = text.find(needle).unwrap_or(0);
            let (line, col) = line_col(text, offset);
            Diagnostic::msg(file, message)
                .at(line, col)
                .with_source(text)
                .help_msg(help)
        };
        if !self.language_specs.is_empty() {
            let specs = &self.language_specs;
            self.languages = crate::lang::Languages::new(specs).map_err(|m| {
                // At the entry and key at fault (the key's entry when it has no such key),
                // else at the table.
                let place = crate::lang::Languages::problem_at(specs).and_then(|(i, key)| {
                    let i = i.to_string();
                    toml_offset(text, &["languages", &i, key])
                        .or_else(|| toml_offset(text, &["languages", &i]))
                });
                let offset = place.or_else(|| text.find("[[languages]]")).unwrap_or(0);
                let (line, col) = line_col(text, offset);
                Diagnostic::msg(file, crate::msg!("config-language-table", problem = m))
                    .at(line, col)
                    .with_source(text)
                    .help_msg(crate::msg!("config-language-table-help"))
            })?;
        }
        let langs = &self.languages;
        let per_lang = [
            ("company.name", "\nname", &self.company.name),
            ("company.address", "\naddress", &self.company.address),
            ("hours.days", "\ndays", &self.hours.days),
        ];
        for (key, needle, value) in per_lang {
            let place = text.find(needle).map_or(needle, |_| needle);
            let path: Vec<&str> = key.split('.').collect();
            // At the key's value (`{ ar = "...", en = "..." }`), which lacks the language.
            let value_at = |d: Diagnostic| match toml_offset(text, &path) {
                Some(offset) => {
                    let (line, col) = line_col(text, offset);
                    d.at(line, col)
                }
                None => d,
            };
            for code in value.0.keys() {
                if langs.get(code).is_none() {
                    let mut at_code = path.clone();
                    at_code.push(code);
                    let offset = toml_offset(text, &at_code);
                    let d = at(
                        place,
                        crate::msg!(
                            "config-per-lang-unknown",
                            key = key,
                            code = shown(code),
                            codes = langs.codes()
                        ),
                        crate::msg!("config-per-lang-unknown-help"),
                    );
                    return Err(match offset {
                        Some(o) => {
                            let (line, col) = line_col(text, o);
                            d.at(line, col)
                        }
                        None => value_at(d),
                    });
                }
            }
            for lang in langs.all() {
                if !value.0.contains_key(lang.code()) {
                    let pairs = langs
                        .all()
                        .iter()
                        .map(|l| format!("{} = \"...\"", l.code()))
                        .collect::<Vec<_>>()
                        .join(", ");
                    return Err(value_at(at(
                        place,
                        crate::msg!("config-per-lang-missing", key = key, code = lang.code()),
                        crate::msg!("config-per-lang-missing-help", key = key, pairs = pairs),
                    )));
                }
            }
        }
        if let Some(code) = &self.translations.source
            && langs.get(code).is_none()
        {
            return Err(at(
                "\nsource",
                crate::msg!(
                    "config-source-unknown",
                    code = shown(code),
                    codes = langs.codes()
                ),
                crate::msg!("config-source-unknown-help"),
            ));
        }
        Ok(())
    }

    /// The language translations are made from when a record does not say.
    pub(crate) fn translation_source(&self) -> crate::lang::Lang {
        self.translations
            .source
            .as_deref()
            .and_then(|c| self.languages.get(c))
            .unwrap_or_else(|| self.languages.default_lang())
    }

    /// Replaces `base_url` (`--base-url`), with the same check as in the file.
    pub(crate) fn set_base_url(&mut self, url: &str) -> Result<(), Diagnostic> {
        check_base_url(url).map_err(|message| {
            Diagnostic::msg("--base-url", message)
                .help_msg(crate::msg!("config-base-url-flag-help"))
        })?;
        self.base_url = url.to_string();
        Ok(())
    }

    /// `base_url` without a trailing slash.
    pub(crate) fn origin(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }
}

/// Where the key at `path` (table keys and list positions: `["languages", "2", "code"]`) is
/// written in the TOML `text`: the byte offset of the key, or of the value for a list's item.
fn toml_offset(text: &str, path: &[&str]) -> Option<usize> {
    use toml::de::{DeTable, DeValue};
    let root = DeValue::Table(DeTable::parse(text).ok()?.into_inner());
    let mut current = &root;
    let mut offset = None;
    for segment in path {
        let next = match current {
            DeValue::Table(t) => t
                .iter()
                .find(|(k, _)| k.get_ref() == segment)
                .map(|(k, v)| {
                    offset = Some(k.span().start);
                    v
                }),
            DeValue::Array(items) => segment
                .parse::<usize>()
                .ok()
                .and_then(|i| items.get(i))
                .inspect(|v| offset = Some(v.span().start)),
            _ => None,
        }?;
        current = next.get_ref();
    }
    offset
}

/// How to fix what the TOML parser's `message` (English, the library's) says.
fn config_help(message: &str) -> Msg {
    if message.contains("unknown field") {
        crate::msg!("config-help-unknown-field")
    } else if message.contains("missing field") {
        crate::msg!("config-help-missing-field")
    } else {
        crate::msg!("config-help-shape")
    }
}

/// A value of the config as a message quotes it: its secrets masked ([`redact`]), in every
/// language the message is shown in.
pub(crate) fn shown(value: &str) -> String {
    redact(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
base_url = "https://www.example.ae"
[company]
name = { ar = "نهج", en = "Nahj" }
phone = "+971 4 555 0100"
whatsapp = "971505550100"
email = "info@example.ae"
address = { ar = "دبي", en = "Dubai" }
[hours]
opens = "09:00"
closes = "20:00"
days = { ar = "يومياً", en = "Monday to Sunday" }
"#;

    #[test]
    fn parses_a_complete_config() {
        let c = SiteConfig::parse(GOOD, Path::new("site.toml")).unwrap();
        assert_eq!(c.origin(), "https://www.example.ae");
        assert!(c.backend.is_none());
    }

    #[test]
    fn unknown_key_names_key_file_and_line() {
        let text = GOOD.replace("phone =", "phnoe =");
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("phnoe"), "{}", e.message);
        assert_eq!(e.position, Some((5, 1)));
        assert_eq!(e.file, Path::new("site.toml"));
    }

    #[test]
    fn image_settings_are_read_and_checked_at_their_line() {
        let c = SiteConfig::parse(GOOD, Path::new("site.toml")).unwrap();
        assert_eq!(c.images, crate::media::ImageSettings::default());
        let text =
            format!("{GOOD}\n[images]\nwidths = [320, 640, 960, 1280, 1920]\nwebp_quality = 80\n");
        let c = SiteConfig::parse(&text, Path::new("site.toml")).unwrap();
        assert_eq!(c.images.widths, [320, 640, 960, 1280, 1920]);
        assert_eq!((c.images.webp_quality, c.images.avif_quality), (80, 55));
        let text = format!("{GOOD}\n[images]\nwidths = [960, 480]\n");
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("narrowest first"), "{}", e.message);
        let line = text.lines().position(|l| l.starts_with("widths")).unwrap() + 1;
        assert_eq!(e.position, Some((line, 1)));
        let text = format!("{GOOD}\n[images]\navif_speed = 0\n");
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(
            e.message.contains("images.avif_speed 0 is out of range"),
            "{}",
            e.message
        );
    }

    #[test]
    fn backend_needs_both_url_and_key() {
        let text = format!("{GOOD}\n[backend]\nurl = \"https://x.supabase.co\"\nanon_key = \"\"\n");
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("anon_key"), "{}", e.message);
        let text = format!("{GOOD}\n[backend]\nurl = \"https://x.supabase.co\"\n");
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("anon_key"), "{}", e.message);
    }

    #[test]
    fn secret_keys_are_refused_with_the_line_and_a_hint() {
        let e64 = |s: &str| {
            use base64::Engine;
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(s)
        };
        let jwt = |role: &str| {
            format!(
                "{}.{}.c2ln",
                e64(r#"{"alg":"HS256","typ":"JWT"}"#),
                e64(&format!(r#"{{"iss":"supabase","role":"{role}"}}"#))
            )
        };
        let with_key = |key: &str| {
            format!("{GOOD}\n[backend]\nurl = \"https://x.supabase.co\"\nanon_key = \"{key}\"\n")
        };
        for (key, says) in [
            (jwt("service_role"), "secret key"),
            (
                "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz".to_string(),
                "secret key",
            ),
            (jwt("authenticated"), "not `anon`"),
            ("test-anon-key".to_string(), "neither a JWT"),
        ] {
            let text = with_key(&key);
            let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
            assert!(e.message.contains(says), "{key}: {}", e.message);
            let line = text
                .lines()
                .position(|l| l.starts_with("anon_key"))
                .unwrap()
                + 1;
            assert_eq!(e.position, Some((line, 1)), "{key}");
            assert!(e.help.as_deref().unwrap_or("").contains("sb_publishable_"));
        }
        for key in [jwt("anon"), "sb_publishable_abcDEF123".to_string()] {
            SiteConfig::parse(&with_key(&key), Path::new("site.toml")).unwrap();
        }
    }

    #[test]
    fn backend_urls_and_names_are_checked() {
        let good = format!(
            "{GOOD}\n[backend]\nurl = \"https://x.supabase.co\"\nanon_key = \"sb_publishable_k3y\"\nform_endpoint = \"https://x.supabase.co/functions/v1/contact-form\"\n"
        );
        let c = SiteConfig::parse(&good, Path::new("site.toml")).unwrap();
        let b = c.backend.unwrap();
        assert_eq!(b.contact_table, "contact_messages");
        assert!(b.form_endpoint.is_some());
        let e = SiteConfig::parse(
            &good.replace("https://x.supabase.co\"\nanon", "x.supabase.co\"\nanon"),
            Path::new("site.toml"),
        )
        .unwrap_err();
        assert!(e.message.contains("backend.url"), "{}", e.message);
        let bad_table = format!("{good}contact_table = \"messages; drop\"\n");
        let e = SiteConfig::parse(&bad_table, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("contact_table"), "{}", e.message);
        assert_eq!(e.position.map(|p| p.0), Some(bad_table.lines().count()));
    }

    /// `GOOD` with a `[backend]` section of these lines.
    fn with_backend(lines: &str) -> String {
        format!("{GOOD}\n[backend]\n{lines}\n")
    }

    fn anon_jwt() -> String {
        use base64::Engine;
        let e = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        format!(
            "{}.{}.c2lnbmF0dXJlLW9mLXRoZS1hbm9uLWtleQ",
            e.encode(r#"{"alg":"HS256","typ":"JWT"}"#),
            e.encode(r#"{"iss":"supabase","role":"anon"}"#)
        )
    }

    /// Everything an error shows: its one-line form and its full report.
    fn shown(e: &Diagnostic) -> String {
        format!("{e}\n{}", e.render())
    }

    #[test]
    fn an_error_quoting_the_backend_section_masks_the_anon_key() {
        let key = anon_jwt();
        let text = with_backend(&format!(
            "url = \"https://x.supabase.co\"\nanon_key = \"{key}\"\nanon_kye = \"typo\""
        ));
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        let shown = shown(&e);
        assert!(shown.contains("anon_kye"), "{shown}");
        assert!(
            shown.contains("anon_key = \"eyJh****"),
            "the line is quoted: {shown}"
        );
        assert!(!shown.contains(key.get(4..).unwrap()), "{shown}");
        // The error still points at the unknown key, on its line.
        let line = text
            .lines()
            .position(|l| l.starts_with("anon_kye"))
            .unwrap()
            + 1;
        assert_eq!(e.position, Some((line, 1)));
    }

    #[test]
    fn backend_urls_are_https_without_credentials_and_errors_hide_the_password() {
        let key = anon_jwt();
        for (url, says) in [
            (
                "https://postgres:s3cr3t-pa55@x.supabase.co",
                "user name or password",
            ),
            ("https://s3cr3t-pa55@x.supabase.co", "user name or password"),
            (
                "postgresql://postgres:s3cr3t-pa55@db.x.supabase.co:5432/postgres",
                "postgresql:// URL",
            ),
            ("http://x.supabase.co", "plain http://"),
            ("ftp://x.supabase.co", "ftp:// URL"),
        ] {
            for field in ["url", "form_endpoint"] {
                let lines = if field == "url" {
                    format!("url = \"{url}\"\nanon_key = \"{key}\"")
                } else {
                    format!(
                        "url = \"https://x.supabase.co\"\nanon_key = \"{key}\"\nform_endpoint = \"{url}\""
                    )
                };
                let text = with_backend(&lines);
                let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
                let shown = shown(&e);
                assert!(
                    e.message.contains(&format!("backend.{field}")) && e.message.contains(says),
                    "{url}: {shown}"
                );
                assert!(
                    !shown.contains("s3cr3t"),
                    "the password is not printed: {shown}"
                );
                let line = text
                    .lines()
                    .position(|l| l.starts_with(&format!("{field} =")))
                    .unwrap()
                    + 1;
                assert_eq!(e.position, Some((line, 1)), "{url}");
            }
        }
    }

    #[test]
    fn a_backend_on_this_machine_may_be_plain_http_with_a_warning() {
        let key = anon_jwt();
        for url in [
            "http://127.0.0.1:4190",
            "http://localhost:54321",
            "http://[::1]:4190",
        ] {
            let text = with_backend(&format!(
                "url = \"{url}\"\nanon_key = \"{key}\"\nform_endpoint = \"{url}/functions/v1/contact-form\""
            ));
            let c = SiteConfig::parse(&text, Path::new("site.toml")).unwrap();
            let warned: Vec<String> = c.warnings.iter().map(ToString::to_string).collect();
            assert_eq!(warned.len(), 2, "{warned:?}");
            assert!(warned[0].contains("backend.url") && warned[0].contains("http://"));
            assert!(warned[1].contains("backend.form_endpoint"));
        }
        let text = with_backend(&format!(
            "url = \"https://x.supabase.co\"\nanon_key = \"{key}\""
        ));
        assert!(
            SiteConfig::parse(&text, Path::new("site.toml"))
                .unwrap()
                .warnings
                .is_empty()
        );
        // The browser tests' config stays accepted.
        let e2e = include_str!("../tests/e2e/backend-site.toml");
        let c = SiteConfig::parse(e2e, Path::new("backend-site.toml")).unwrap();
        assert_eq!(c.warnings.len(), 2);
    }

    #[test]
    fn a_secret_anywhere_in_the_config_is_refused_at_its_place_and_not_printed() {
        let sample = format!("sk_live_{}", "4eC39HqLyjWDarjtT1zdp7dc");
        let text = GOOD.replace("en = \"Dubai\"", &format!("en = \"Dubai {sample}\""));
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        let shown = shown(&e);
        assert!(
            e.message.contains("a Stripe secret key (sk_live_4eC3…)"),
            "{shown}"
        );
        let line = text.lines().position(|l| l.contains("Dubai")).unwrap() + 1;
        let l = text.lines().nth(line - 1).unwrap();
        let col = l.get(..l.find("sk_live").unwrap()).unwrap().chars().count() + 1;
        assert_eq!(e.position, Some((line, col)));
        assert!(!shown.contains("9HqLyjWDarjtT1zdp7dc"), "{shown}");
    }

    #[test]
    fn a_base_url_with_a_password_is_refused_without_printing_it() {
        let text = GOOD.replace(
            "https://www.example.ae",
            "https://admin:hunter22@www.example.ae",
        );
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("user name"), "{e}");
        assert!(!shown(&e).contains("hunter22"), "{}", shown(&e));
        let mut c = SiteConfig::parse(GOOD, Path::new("site.toml")).unwrap();
        let e = c
            .set_base_url("https://admin:hunter22@www.example.ae")
            .unwrap_err();
        assert!(!shown(&e).contains("hunter22"), "{}", shown(&e));
    }

    #[test]
    fn bad_hours_are_rejected() {
        let text = GOOD.replace("\"20:00\"", "\"8 PM\"");
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("closes"), "{}", e.message);
    }
}
