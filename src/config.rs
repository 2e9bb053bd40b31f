//! The site configuration (`site.toml`), parsed strictly: an unknown or misspelt key is an
//! error naming the key, the file, the line and the column.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::diagnostics::{Diagnostic, line_col};

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
}

impl Default for Checks {
    fn default() -> Self {
        Checks {
            parity: true,
            links: true,
            typography: true,
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
            d.message = redact(&d.message);
            d.help = d.help.map(|h| redact(&h));
            if let Some(source) = &d.source {
                d.source = Some(redact(source).into());
            }
            d
        })
    }

    fn parse_unredacted(text: &str, file: &Path) -> Result<SiteConfig, Diagnostic> {
        let mut config: SiteConfig = toml::from_str(text).map_err(|e| {
            let mut d = Diagnostic::new(file, e.message().trim_end().to_string())
                .with_source(text)
                .help(config_help(e.message()));
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
            Diagnostic::new(&path, format!("cannot read the site config: {e}"))
                .help("run the command from the site's folder, or pass --root <folder> (or --config <file>)")
        })?;
        SiteConfig::parse(&text, &shown)
    }

    /// Checks the language table (`[[languages]]`) and every text given per language against
    /// it: each has every language of the table and no other.
    fn resolve_languages(&mut self, text: &str, file: &Path) -> Result<(), Diagnostic> {
        let at = |needle: &str, message: String, help: &str| {
            let offset = text.find(needle).unwrap_or(0);
            let (line, col) = line_col(text, offset);
            Diagnostic::new(file, message)
                .at(line, col)
                .with_source(text)
                .help(help.to_string())
        };
        if !self.language_specs.is_empty() {
            let specs = &self.language_specs;
            self.languages = crate::lang::Languages::new(specs).map_err(|m| {
                // At the entry the message names, else at the table.
                let entry = specs
                    .iter()
                    .map(|s| s.code.as_str())
                    .find(|c| m.contains(&format!("`{c}`")))
                    .and_then(|c| {
                        let needle = format!("code = \"{c}\"");
                        text.contains(&needle).then_some(needle)
                    })
                    .unwrap_or_else(|| "[[languages]]".to_string());
                at(
                    &entry,
                    format!("the language table: {m}"),
                    "README.md, \"Adding a language\", lists each key of a [[languages]] entry",
                )
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
            for code in value.0.keys() {
                if langs.get(code).is_none() {
                    return Err(at(
                        place,
                        format!(
                            "`{key}` has a text in `{code}`, which is not a language of the site ({})",
                            langs.codes()
                        ),
                        "remove it, or add the language to the [[languages]] table",
                    ));
                }
            }
            for lang in langs.all() {
                if !value.0.contains_key(lang.code()) {
                    return Err(at(
                        place,
                        format!("`{key}` has no text in `{}`", lang.code()),
                        &format!(
                            "give it in every language of the site: {key} = {{ {} }}",
                            langs
                                .all()
                                .iter()
                                .map(|l| format!("{} = \"...\"", l.code()))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ));
                }
            }
        }
        if let Some(code) = &self.translations.source
            && langs.get(code).is_none()
        {
            return Err(at(
                "\nsource",
                format!(
                    "translations.source `{code}` is not a language of the site ({})",
                    langs.codes()
                ),
                "name one of the table's languages, or remove the key (the default language is the source)",
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

    fn validate(&self, text: &str, file: &Path) -> Result<(), Diagnostic> {
        let at_key = |key: &str, msg: String, help: &str| {
            // A key starting with a newline matches at the start of a line only.
            let skip = usize::from(key.starts_with('\n'));
            let offset = text
                .find(&format!("{key} ="))
                .or_else(|| text.find(key))
                .map_or(0, |o| o + skip);
            let (line, col) = line_col(text, offset);
            Diagnostic::new(file, msg)
                .at(line, col)
                .with_source(text)
                .help(help.to_string())
        };
        self.refuse_secrets(text, file)?;
        // Every text value ends up in pages and feeds: none may hold a character they cannot
        // carry (a control character pasted with the text, a noncharacter).
        let mut strings = Vec::new();
        if let Ok(value) = serde_json::to_value(self) {
            collect_strings(&value, "", &mut strings);
        }
        for (key, value) in &strings {
            if let Some(c) = value.chars().find(|&c| crate::text::is_unrenderable(c)) {
                let leaf = key
                    .rsplit('.')
                    .find(|k| self.languages.get(k).is_none())
                    .unwrap_or(key);
                let mut d = at_key(
                    &format!("\n{leaf}"),
                    format!(
                        "`{key}` holds the invisible control character U+{:04X}, which no page or feed can show",
                        u32::from(c)
                    ),
                    "retype the value, or remove the character (it usually comes with text pasted from another program)",
                );
                // Point at the character itself when it is written raw in the file.
                if let Some(offset) = text.find(c) {
                    let (line, col) = line_col(text, offset);
                    d = d.at(line, col);
                }
                return Err(d);
            }
        }
        if let Err(message) = check_base_url(&self.base_url) {
            return Err(at_key(
                "base_url",
                message,
                "write the origin the site is served from, e.g. base_url = \"https://www.example.ae\"",
            ));
        }
        if !is_whatsapp_number(&self.company.whatsapp) {
            return Err(at_key(
                "\nwhatsapp",
                format!(
                    "company.whatsapp `{}` is not a phone number in international form",
                    self.company.whatsapp
                ),
                "write the country code and number in Western digits, e.g. whatsapp = \"+971 50 555 0100\" (the wa.me link keeps only the digits)",
            ));
        }
        for (key, value) in [("opens", &self.hours.opens), ("closes", &self.hours.closes)] {
            if !is_hh_mm(value) {
                return Err(at_key(
                    key,
                    format!("hours.{key} `{value}` is not a 24-hour time"),
                    "write it as HH:MM, e.g. \"09:00\" or \"20:00\"",
                ));
            }
        }
        if self.blog.per_page == 0 || self.blog.per_page > 1000 {
            return Err(at_key(
                "per_page",
                format!("blog.per_page {} is out of range", self.blog.per_page),
                "use a number of posts per list page from 1 to 1000, e.g. per_page = 12",
            ));
        }
        if let Some(b) = &self.backend {
            if b.url.trim().is_empty() || b.anon_key.trim().is_empty() {
                return Err(at_key(
                    "[backend]",
                    "the [backend] section needs both `url` and `anon_key`".into(),
                    "set both, or remove the [backend] section to run without a backend",
                ));
            }
            let key_kind = crate::secrets::classify_key(&b.anon_key);
            if !key_kind.is_public() {
                let (what, help) = match key_kind {
                    crate::secrets::KeyKind::ServiceRoleJwt | crate::secrets::KeyKind::Secret => (
                        "is a secret key (service_role / sb_secret_): it bypasses row-level security, and published in the pages it would let anyone read or delete every contact message",
                        "use the public key instead: the `anon` JWT or the `sb_publishable_...` key from the project's API settings; revoke the secret key if it was ever published",
                    ),
                    crate::secrets::KeyKind::OtherJwt(_) => (
                        "is a JWT whose `role` claim is not `anon`",
                        "use the public `anon` JWT or the `sb_publishable_...` key from the project's API settings",
                    ),
                    _ => (
                        "is neither a JWT with role `anon` nor an `sb_publishable_` key",
                        "copy the public `anon` key (a JWT starting with `eyJ`) or the `sb_publishable_...` key from the project's API settings",
                    ),
                };
                // Without the source line: the error must not print the key into a CI log.
                let offset = text.find("\nanon_key").map_or(0, |o| o + 1);
                let (line, col) = line_col(text, offset);
                return Err(Diagnostic::new(file, format!("backend.anon_key {what}"))
                    .at(line, col)
                    .help(help));
            }
            for (key, value) in [
                ("url", Some(&b.url)),
                ("form_endpoint", b.form_endpoint.as_ref()),
            ] {
                if let Some(v) = value
                    && let Err((message, help)) = check_backend_url(key, v)
                {
                    return Err(at_key(&format!("\n{key}"), message, help));
                }
            }
            for (key, value) in [
                ("contact_table", Some(&b.contact_table)),
                ("assistant_function", b.assistant_function.as_ref()),
            ] {
                if let Some(v) = value
                    && (v.is_empty()
                        || !v
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                {
                    return Err(at_key(
                        &format!("\n{key}"),
                        format!("backend.{key} `{v}` is not a valid name"),
                        "use letters, digits, `_` and `-` only, e.g. \"contact_messages\"",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Nothing in the file may be a secret key: whatever a field holds ends up in pages, and the
    /// file itself is in the repository. (A secret as the value of `backend.anon_key`, `url` or
    /// `form_endpoint` is left to the checks of those keys, whose messages say what to put there
    /// instead.)
    fn refuse_secrets(&self, text: &str, file: &Path) -> Result<(), Diagnostic> {
        let checked: Vec<&str> = self
            .backend
            .iter()
            .flat_map(|b| [Some(&b.anon_key), Some(&b.url), b.form_endpoint.as_ref()])
            .flatten()
            .map(|v| v.trim())
            .filter(|v| !v.is_empty())
            .collect();
        let found = crate::secrets::scan_bytes(text.as_bytes())
            .into_iter()
            .find(|(offset, _)| {
                !checked
                    .iter()
                    .any(|v| text.get(*offset..).is_some_and(|at| at.starts_with(v)))
            });
        match found {
            Some((offset, what)) => {
                let (line, col) = line_col(text, offset);
                Err(Diagnostic::new(file, format!("the site config holds {what}"))
                    .at(line, col)
                    .with_source(text)
                    .help("remove it: whatever the config holds may be published in the pages, and the file is in the repository's history, so revoke the key too. Only the public `anon` key belongs here (backend.anon_key)"))
            }
            None => Ok(()),
        }
    }

    /// The backend URLs that are allowed for local development only (`http://localhost`).
    fn backend_warnings(&self, text: &str, file: &Path) -> Vec<Diagnostic> {
        let Some(b) = &self.backend else {
            return Vec::new();
        };
        [
            ("url", Some(&b.url)),
            ("form_endpoint", b.form_endpoint.as_ref()),
        ]
        .into_iter()
        .filter_map(|(key, v)| {
            let v = v?;
            let url = url::Url::parse(v).ok()?;
            (url.scheme() == "http").then(|| {
                let offset = text.find(&format!("\n{key}")).map_or(0, |o| o + 1);
                let (line, col) = line_col(text, offset);
                Diagnostic::new(
                    file,
                    format!(
                        "backend.{key} `{}` is plain http://, allowed for a backend on this machine only",
                        redact(v)
                    ),
                )
                .at(line, col)
                .help("use the https:// address of the backend before the site is deployed")
            })
        })
        .collect()
    }

    /// Replaces `base_url` (`--base-url`), with the same check as in the file.
    pub(crate) fn set_base_url(&mut self, url: &str) -> Result<(), Diagnostic> {
        check_base_url(url).map_err(|message| {
            Diagnostic::new("--base-url", redact(&message))
                .help("pass the origin the site is served from, e.g. --base-url https://staging.example.ae")
        })?;
        self.base_url = url.to_string();
        Ok(())
    }

    /// `base_url` without a trailing slash.
    pub(crate) fn origin(&self) -> &str {
        self.base_url.trim_end_matches('/')
    }
}

fn check_base_url(base_url: &str) -> Result<(), String> {
    let url = base_url.trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    let Some(rest) = rest.filter(|r| !r.is_empty() && !r.starts_with('/')) else {
        return Err(format!(
            "base_url `{base_url}` is not an absolute http(s) URL"
        ));
    };
    // An origin (and at most a path): canonical, hreflang, sitemap and feed URLs are built by
    // appending `/ar/...` to it.
    if let Some(c) = rest.chars().find(|&c| {
        c.is_whitespace()
            || c.is_control()
            || is_invisible_format(c)
            || matches!(c, '?' | '#' | '@' | '\\' | '"' | '<' | '>')
    }) {
        return Err(format!(
            "base_url `{}` is not a plain origin: it holds {}",
            base_url.escape_debug(),
            match c {
                '?' => "a query (`?`)".to_string(),
                '#' => "a fragment (`#`)".to_string(),
                '@' => "a user name (`@`)".to_string(),
                c => format!("the character U+{:04X}", u32::from(c)),
            }
        ));
    }
    Ok(())
}

/// Bidi controls, zero-width characters and other invisible format characters.
fn is_invisible_format(c: char) -> bool {
    matches!(
        u32::from(c),
        0x061C | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x2064 | 0x2066..=0x2069 | 0xFEFF
    )
}

/// `+971 50 555 0100`, `00971505550100`, `971505550100`: Western digits (7 to 15 of them) with
/// only spaces, `+`, `-`, `.` and parentheses between them.
fn is_whatsapp_number(number: &str) -> bool {
    let digits = number.chars().filter(char::is_ascii_digit).count();
    (7..=15).contains(&digits)
        && number
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, ' ' | '+' | '-' | '.' | '(' | ')'))
}

/// Every string of a config, with its dotted key (`company.name.ar`).
fn collect_strings(value: &serde_json::Value, key: &str, out: &mut Vec<(String, String)>) {
    match value {
        serde_json::Value::String(s) => out.push((key.to_string(), s.clone())),
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                let path = if key.is_empty() {
                    k.clone()
                } else {
                    format!("{key}.{k}")
                };
                collect_strings(v, &path, out);
            }
        }
        serde_json::Value::Array(items) => {
            for v in items {
                collect_strings(v, key, out);
            }
        }
        _ => {}
    }
}

/// A backend address (`backend.url`, `backend.form_endpoint`): every visitor's browser reads it
/// in the pages and the CSP names it, so it is `https://` and carries no user name or password;
/// `http://` only to this machine (`localhost`, `127.0.0.1`, `[::1]`), for local development
/// ([`SiteConfig::backend_warnings`]). The error shows the URL without its credentials.
fn check_backend_url(key: &str, v: &str) -> Result<(), (String, &'static str)> {
    let example = "write the full https:// address, e.g. \"https://<project>.supabase.co\"";
    let shown = redact(v);
    let url = match url::Url::parse(v) {
        Ok(url) if url.has_host() && !v.contains(char::is_whitespace) => url,
        _ => {
            return Err((
                format!("backend.{key} `{shown}` is not an absolute https:// URL"),
                example,
            ));
        }
    };
    let local = matches!(
        url.host(),
        Some(url::Host::Domain("localhost"))
            | Some(url::Host::Ipv4(std::net::Ipv4Addr::LOCALHOST))
            | Some(url::Host::Ipv6(std::net::Ipv6Addr::LOCALHOST))
    );
    match url.scheme() {
        "https" | "http" if !url.username().is_empty() || url.password().is_some() => Err((
            format!(
                "backend.{key} `{shown}` carries a user name or password, which every page would publish"
            ),
            "remove the `user:password@` part: the browser reaches the backend with the public anon key only. A database password must never be in the site config: revoke it if this file was ever committed",
        )),
        "https" => Ok(()),
        "http" if local => Ok(()),
        "http" => Err((
            format!(
                "backend.{key} `{shown}` is plain http://: visitors' messages and the key would cross the network unencrypted"
            ),
            "use the backend's https:// address (http:// is allowed only for localhost or 127.0.0.1, for local development)",
        )),
        scheme => Err((
            format!(
                "backend.{key} `{shown}` is a {scheme}:// URL, not the backend's https:// address"
            ),
            "write the backend's https:// address, e.g. \"https://<project>.supabase.co\"; a database URL never belongs in the site config",
        )),
    }
}

/// `text` with its secrets masked, for messages: the value of every `anon_key`, the user name
/// and password of every URL, and every key the secret scan finds ([`crate::secrets`]). Each
/// masked character becomes one `*` (the first few of a key stay), so lines and columns keep
/// their places.
pub(crate) fn redact(text: &str) -> String {
    static PATTERNS: std::sync::OnceLock<Option<(regex::Regex, regex::Regex)>> =
        std::sync::OnceLock::new();
    let mut spans: Vec<std::ops::Range<usize>> = crate::secrets::secret_spans(text.as_bytes())
        .into_iter()
        .map(|s| (s.start + 4).min(s.end)..s.end)
        .collect();
    if let Some((anon_key, userinfo)) = PATTERNS
        .get_or_init(|| {
            Some((
                regex::Regex::new(r#"anon_key\s*=\s*(?:"((?:[^"\\\n]|\\.)*)"|'([^'\n]*)')"#)
                    .ok()?,
                regex::Regex::new(r#"[A-Za-z][A-Za-z0-9+.\-]*://([^\s/?#@"'<>`]+)@"#).ok()?,
            ))
        })
        .as_ref()
    {
        for c in anon_key.captures_iter(text) {
            if let Some(value) = c.get(1).or_else(|| c.get(2)) {
                spans.push((value.start() + 4).min(value.end())..value.end());
            }
        }
        for c in userinfo.captures_iter(text) {
            if let Some(info) = c.get(1) {
                spans.push(info.range());
            }
        }
    }
    if spans.is_empty() {
        return text.to_string();
    }
    text.char_indices()
        .map(|(i, c)| {
            if c != '\n' && spans.iter().any(|s| s.contains(&i)) {
                '*'
            } else {
                c
            }
        })
        .collect()
}

fn is_hh_mm(v: &str) -> bool {
    let two_digits = |s: &str| s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit());
    v.split_once(':').is_some_and(|(h, m)| {
        two_digits(h)
            && two_digits(m)
            && h.parse::<u8>().is_ok_and(|h| h < 24)
            && m.parse::<u8>().is_ok_and(|m| m < 60)
    })
}

fn config_help(message: &str) -> String {
    if message.contains("unknown field") {
        "check the spelling; the accepted keys are listed after `expected`. See README.md, section \"Site config\"".into()
    } else if message.contains("missing field") {
        "add the key; README.md, section \"Site config\", shows a complete example".into()
    } else {
        "see README.md, section \"Site config\", for the expected shape".into()
    }
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
    fn hours_are_checked_without_slicing_characters() {
        assert!(is_hh_mm("09:00") && is_hh_mm("23:59"));
        for bad in [
            "24:00",
            "9:00",
            "09:60",
            "ا:00",
            "٠٩:٠٠",
            "09:0ا",
            "",
            ":",
            "09:00:00",
        ] {
            assert!(!is_hh_mm(bad), "{bad}");
        }
        assert_eq!(line_col("سطر\nثاني", 8), (2, 1));
        assert_eq!(line_col("سطر", 1), (1, 1));
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
    fn redacting_keeps_every_line_and_column() {
        let text =
            "a = 1\nanon_key = \"eyJhbGciOiJIUzI1NiJ9\" # كلمة\nu = \"https://me:pw@h.example\"\n";
        let masked = redact(text);
        assert_eq!(
            masked,
            "a = 1\nanon_key = \"eyJh****************\" # كلمة\nu = \"https://*****@h.example\"\n"
        );
        for (a, b) in text.lines().zip(masked.lines()) {
            assert_eq!(a.chars().count(), b.chars().count());
        }
    }

    #[test]
    fn bad_hours_are_rejected() {
        let text = GOOD.replace("\"20:00\"", "\"8 PM\"");
        let e = SiteConfig::parse(&text, Path::new("site.toml")).unwrap_err();
        assert!(e.message.contains("closes"), "{}", e.message);
    }
}
