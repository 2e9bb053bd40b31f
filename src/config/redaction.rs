//! Secret refusal and redaction: no secret stays in the config, and no message shows one.

use std::path::Path;

use super::SiteConfig;
use crate::diagnostics::{Diagnostic, line_col};

impl SiteConfig {
    /// Nothing in the file may be a secret key: whatever a field holds ends up in pages, and the
    /// file itself is in the repository. (A secret as the value of `backend.anon_key`, `url` or
    /// `form_endpoint` is left to the checks of those keys, whose messages say what to put there
    /// instead.)
    pub(super) fn refuse_secrets(&self, text: &str, file: &Path) -> Result<(), Diagnostic> {
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
                Err(
                    Diagnostic::msg(file, crate::msg!("config-secret", what = what))
                        .at(line, col)
                        .with_source(text)
                        .help_msg(crate::msg!("config-secret-help")),
                )
            }
            None => Ok(()),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
