//! The checks of a parsed config: the base URL, the phone numbers, the hours and the backend
//! addresses.

use std::path::Path;

use super::SiteConfig;
use super::shown;
use crate::diagnostics::{Diagnostic, line_col};
use crate::messages::Msg;

impl SiteConfig {
    pub(super) fn validate(&self, text: &str, file: &Path) -> Result<(), Diagnostic> {
        let at_key = |key: &str, msg: Msg, help: Msg| {
            // A key starting with a newline matches at the start of a line only.
            let skip = usize::from(key.starts_with('\n'));
            let offset = text
                .find(&format!("{key} ="))
                .or_else(|| text.find(key))
                .map_or(0, |o| o + skip);
            let (line, col) = line_col(text, offset);
            Diagnostic::msg(file, msg)
                .at(line, col)
                .with_source(text)
                .help_msg(help)
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
                    crate::msg!(
                        "config-control-character",
                        key = key,
                        code = format!("{:04X}", u32::from(c))
                    ),
                    crate::msg!("config-control-character-help"),
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
                crate::msg!("config-base-url-help"),
            ));
        }
        if !is_whatsapp_number(&self.company.whatsapp) {
            return Err(at_key(
                "\nwhatsapp",
                crate::msg!("config-whatsapp", value = shown(&self.company.whatsapp)),
                crate::msg!("config-whatsapp-help"),
            ));
        }
        for (key, value) in [("opens", &self.hours.opens), ("closes", &self.hours.closes)] {
            if !is_hh_mm(value) {
                return Err(at_key(
                    key,
                    crate::msg!("config-hours", key = key, value = shown(value)),
                    crate::msg!("config-hours-help"),
                ));
            }
        }
        if self.blog.per_page == 0 || self.blog.per_page > 1000 {
            return Err(at_key(
                "per_page",
                crate::msg!("config-per-page", n = self.blog.per_page),
                crate::msg!("config-per-page-help"),
            ));
        }
        if let Some((key, message, help)) = self.images.problem_msg() {
            return Err(at_key(key, message, help));
        }
        if let Some(b) = &self.backend {
            if b.url.trim().is_empty() || b.anon_key.trim().is_empty() {
                return Err(at_key(
                    "[backend]",
                    crate::msg!("config-backend-incomplete"),
                    crate::msg!("config-backend-incomplete-help"),
                ));
            }
            let key_kind = crate::secrets::classify_key(&b.anon_key);
            if !key_kind.is_public() {
                let (what, help) = match key_kind {
                    crate::secrets::KeyKind::ServiceRoleJwt | crate::secrets::KeyKind::Secret => (
                        crate::msg!("config-anon-secret"),
                        crate::msg!("config-anon-secret-help"),
                    ),
                    crate::secrets::KeyKind::OtherJwt(_) => (
                        crate::msg!("config-anon-jwt-role"),
                        crate::msg!("config-anon-jwt-role-help"),
                    ),
                    _ => (
                        crate::msg!("config-anon-unknown"),
                        crate::msg!("config-anon-unknown-help"),
                    ),
                };
                // Without the source line: the error must not print the key into a CI log.
                let offset = text.find("\nanon_key").map_or(0, |o| o + 1);
                let (line, col) = line_col(text, offset);
                return Err(Diagnostic::msg(file, what).at(line, col).help_msg(help));
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
                        crate::msg!("config-backend-name", key = key, value = shown(v)),
                        crate::msg!("config-backend-name-help"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// The backend URLs that are allowed for local development only (`http://localhost`).
    pub(super) fn backend_warnings(&self, text: &str, file: &Path) -> Vec<Diagnostic> {
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
                Diagnostic::msg(
                    file,
                    crate::msg!("config-backend-http-local", key = key, url = shown(v)),
                )
                .at(line, col)
                .help_msg(crate::msg!("config-backend-http-local-help"))
            })
        })
        .collect()
    }
}

/// Whether `base_url` is an origin sahel can build URLs on; the error quotes it masked.
pub(super) fn check_base_url(base_url: &str) -> Result<(), Msg> {
    let url = base_url.trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    let Some(rest) = rest.filter(|r| !r.is_empty() && !r.starts_with('/')) else {
        return Err(crate::msg!(
            "config-base-url-not-absolute",
            url = shown(base_url)
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
        return Err(crate::msg!(
            "config-base-url-not-origin",
            url = shown(&base_url.escape_debug().to_string()),
            what = match c {
                '?' => crate::msg!("config-base-url-query"),
                '#' => crate::msg!("config-base-url-fragment"),
                '@' => crate::msg!("config-base-url-user"),
                c => crate::msg!(
                    "config-base-url-char",
                    code = format!("{:04X}", u32::from(c))
                ),
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
fn check_backend_url(key: &str, v: &str) -> Result<(), (Msg, Msg)> {
    let shown = shown(v);
    let url = match url::Url::parse(v) {
        Ok(url) if url.has_host() && !v.contains(char::is_whitespace) => url,
        _ => {
            return Err((
                crate::msg!("config-backend-url-not-absolute", key = key, url = shown),
                crate::msg!("config-backend-url-not-absolute-help"),
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
            crate::msg!("config-backend-url-credentials", key = key, url = shown),
            crate::msg!("config-backend-url-credentials-help"),
        )),
        "https" => Ok(()),
        "http" if local => Ok(()),
        "http" => Err((
            crate::msg!("config-backend-url-http", key = key, url = shown),
            crate::msg!("config-backend-url-http-help"),
        )),
        scheme => Err((
            crate::msg!(
                "config-backend-url-scheme",
                key = key,
                url = shown,
                scheme = scheme
            ),
            crate::msg!("config-backend-url-scheme-help"),
        )),
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
