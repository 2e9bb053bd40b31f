//! Keys that must never reach the site.
//!
//! The backend's `anon_key` is public by design: it is written into every page so the browser
//! can insert contact messages, and row-level security decides what it may do. A Supabase
//! `service_role` key (or any JWT of another role, or an `sb_secret_` key) bypasses row-level
//! security: published, it lets anyone read or delete every contact message. [`classify_key`]
//! tells them apart for the config check, and a build's [`Scanner`] looks at every file it
//! writes, as it is written, for anything that looks like such a key, or like another service's
//! secret ([`RULES`]: Stripe, GitHub, AWS, Slack, Google, database URLs with a password, private
//! keys...), so a secret pasted into content, a template or the app's assets is caught too. What
//! it reports shows only a key's first characters; [`secret_spans`] says what to mask in
//! anything else that is printed.

use std::path::{Path, PathBuf};

use base64::Engine;
use memchr::memmem;

use crate::messages::Msg;

/// What a key written in `site.toml` or found in the output is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyKind {
    /// A JWT whose `role` claim is `anon`: the public key.
    AnonJwt,
    /// An `sb_publishable_` key: the public key of Supabase's newer key scheme.
    Publishable,
    /// A JWT whose `role` is `service_role`: full access, never public.
    ServiceRoleJwt,
    /// A JWT of another role (`authenticated`, `supabase_admin`, ...), or with no role at all.
    OtherJwt(Option<String>),
    /// An `sb_secret_` key: full access, never public.
    Secret,
    /// Neither a JWT nor a Supabase key.
    Unknown,
}

impl KeyKind {
    /// A key that may be published.
    pub fn is_public(&self) -> bool {
        matches!(self, KeyKind::AnonJwt | KeyKind::Publishable)
    }
}

/// Tells what kind of key `key` is.
pub fn classify_key(key: &str) -> KeyKind {
    let key = key.trim();
    if key.starts_with("sb_publishable_") {
        return KeyKind::Publishable;
    }
    if key.starts_with("sb_secret_") {
        return KeyKind::Secret;
    }
    match jwt_role(key) {
        Some(Some(role)) if role == "anon" => KeyKind::AnonJwt,
        Some(Some(role)) if role == "service_role" => KeyKind::ServiceRoleJwt,
        Some(role) => KeyKind::OtherJwt(role),
        None => KeyKind::Unknown,
    }
}

/// `Some(role claim)` when `token` is a JWT (three base64url segments, the first two JSON
/// objects); `None` when it is not one.
fn jwt_role(token: &str) -> Option<Option<String>> {
    let mut parts = token.split('.');
    let (header, payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || signature.is_empty() || !is_base64url(signature) {
        return None;
    }
    let engine = base64::engine::GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        base64::engine::GeneralPurposeConfig::new()
            .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
    );
    let json = |segment: &str| -> Option<serde_json::Map<String, serde_json::Value>> {
        let bytes = engine.decode(segment).ok()?;
        match serde_json::from_slice(&bytes).ok()? {
            serde_json::Value::Object(map) => Some(map),
            _ => None,
        }
    };
    json(header)?;
    let claims = json(payload)?;
    Some(
        claims
            .get("role")
            .and_then(|r| r.as_str())
            .map(str::to_string),
    )
}

fn is_base64url(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'=')
}

/// A secret key found in a file of the output.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The file, relative to the scanned folder.
    pub file: PathBuf,
    /// 1-based line of the key in the file.
    pub line: usize,
    /// What was found, e.g. "a service_role JWT (eyJhbGci…)".
    pub what: Msg,
}

impl std::fmt::Display for Finding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file.display(), self.line, self.what)
    }
}

/// File types that cannot hold a key as text (fonts, images) and are not read.
const BINARY_EXTENSIONS: &[&str] = &[
    "woff2", "woff", "ttf", "otf", "png", "jpg", "jpeg", "webp", "avif", "gif", "ico",
];

/// The secret keys in the files a build writes. Each file is scanned from memory as it is
/// written, from whichever thread writes it; fonts and images are not read. Reading the output
/// back instead meant walking every folder of it: at 100,000 pages, 200,000 entries.
#[derive(Debug, Default)]
pub struct Scanner(std::sync::Mutex<Vec<Finding>>);

impl Scanner {
    /// Scans one file's contents; `rel` is its path relative to the output folder.
    pub fn file(&self, rel: &Path, bytes: &[u8]) {
        let binary = rel
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| BINARY_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()));
        if binary {
            return;
        }
        let mut here = scan_file(rel, bytes);
        if !here.is_empty() {
            self.0
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .append(&mut here);
        }
    }

    /// Everything found, by file and line.
    pub fn findings(self) -> Vec<Finding> {
        let mut all = self.0.into_inner().unwrap_or_else(|p| p.into_inner());
        all.sort_by(|a, b| (&a.file, a.line).cmp(&(&b.file, b.line)));
        all
    }
}

/// The secret keys in the contents of one file (`rel`, relative to the output folder): for a
/// file scanned while it is written, from the bytes in memory, instead of reading it back.
pub fn scan_file(rel: &Path, bytes: &[u8]) -> Vec<Finding> {
    scan_bytes(bytes)
        .into_iter()
        .map(|(offset, what)| Finding {
            file: rel.to_path_buf(),
            line: memchr::memchr_iter(b'\n', bytes.get(..offset).unwrap_or(bytes)).count() + 1,
            what,
        })
        .collect()
}

/// How much of a match a finding shows.
#[derive(Clone, Copy)]
enum Shown {
    /// The rule's fixed prefix, of this many bytes, and four more bytes.
    Prefix(usize),
    /// All of it (a private key's header line, which holds nothing secret).
    All,
    /// A URL up to its password.
    Url,
    /// The name before an AWS secret key, and four bytes of the key.
    Named,
}

/// The kinds of secret the scan finds besides JWTs (which [`scan_bytes`] finds by their `eyJ`
/// header and then decodes). Each rule's pattern starts with a fixed text the regex engine
/// searches for first, so a file without any of them is passed over at memory speed; none is
/// anchored to what precedes or follows, so a key is found wherever it stands (after a letter,
/// `%20` or a quote, inside a URL or a JSON string, before a full stop). The shapes follow
/// gitleaks' default rules. A `/` may be written `\/` (JSON), `&#x2f;` (HTML) or `%2F`.
const RULES: &[(&str, &str, Shown)] = &[
    (
        "a Supabase secret key",
        r"sb_secret_[A-Za-z0-9_-]{8,}",
        Shown::Prefix(10),
    ),
    (
        "a Supabase access token",
        r"sbp_[0-9a-f]{40}",
        Shown::Prefix(4),
    ),
    (
        "a Stripe secret key",
        r"[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,}",
        Shown::Prefix(8),
    ),
    (
        "a GitHub token",
        r"gh[pousr]_[A-Za-z0-9]{36}",
        Shown::Prefix(4),
    ),
    (
        "a GitHub fine-grained token",
        r"github_pat_[A-Za-z0-9_]{22,}",
        Shown::Prefix(11),
    ),
    (
        "an AWS access key id",
        r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}",
        Shown::Prefix(4),
    ),
    (
        "an AWS secret access key",
        r#"(?:[sS]ecret_?[aA]ccess_?[kK]ey|SECRET_?ACCESS_?KEY|secret-access-key)["']?\s*(?:=|:|=>)\s*["']?[A-Za-z0-9/+]{40}"#,
        Shown::Named,
    ),
    (
        "a Slack token",
        r"xox[bpeos]-[0-9]+-[0-9A-Za-z-]{8,}|xox[ar]-(?:[0-9]-)?[0-9A-Za-z]{8,}",
        Shown::Prefix(5),
    ),
    (
        "a Slack app token",
        r"xapp-[0-9]+-[0-9A-Za-z-]{10,}",
        Shown::Prefix(5),
    ),
    (
        "a Slack webhook URL",
        r"hooks\.slack\.com(?:/|\\/|&#x2[fF];|&#47;|%2[fF])(?:services|workflows|triggers)(?:/|\\/|&#x2[fF];|&#47;|%2[fF])[A-Za-z0-9+/]{8,}",
        Shown::Prefix(16),
    ),
    (
        "a Google API key",
        r"AIza[0-9A-Za-z_-]{35}",
        Shown::Prefix(4),
    ),
    (
        "an Anthropic API key",
        r"sk-ant-[a-z]+[0-9]*-[A-Za-z0-9_-]{20,}",
        Shown::Prefix(7),
    ),
    (
        "an OpenAI API key",
        r"sk-[A-Za-z0-9_-]{0,40}T3BlbkFJ[A-Za-z0-9_-]{10,}",
        Shown::Prefix(3),
    ),
    (
        "a private key",
        r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----",
        Shown::All,
    ),
    (
        "a database URL with a password",
        r#"(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?)(?::|%3[aA])(?:/|\\/|&#x2[fF];|&#47;|%2[fF]){2}[^\s"'<>@/:]*(?::|%3[aA])[^\s"'<>@/]+(?:@|%40|&#64;|&#x40;)[A-Za-z0-9\[]"#,
        Shown::Url,
    ),
];

/// [`RULES`] as one regex (alternatives tried in order), and the rules' own, to tell which one
/// matched.
struct Rules {
    any: regex::bytes::Regex,
    each: Vec<(&'static str, Shown, regex::bytes::Regex)>,
}

fn rules() -> Option<&'static Rules> {
    static RULES_RE: std::sync::OnceLock<Option<Rules>> = std::sync::OnceLock::new();
    RULES_RE
        .get_or_init(|| {
            let any = RULES
                .iter()
                .map(|(_, p, _)| format!("(?:{p})"))
                .collect::<Vec<_>>()
                .join("|");
            let each = RULES
                .iter()
                .map(|(what, p, shown)| {
                    let re = regex::bytes::Regex::new(&format!("^(?:{p})")).ok()?;
                    Some((*what, *shown, re))
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Rules {
                any: regex::bytes::Regex::new(&any).ok()?,
                each,
            })
        })
        .as_ref()
}

/// What a finding shows of a secret: the few characters that say what it is and no more.
fn redacted(token: &[u8], shown: usize) -> String {
    match token.get(..shown) {
        Some(head) if shown < token.len() => format!("{}…", String::from_utf8_lossy(head)),
        _ => String::from_utf8_lossy(token).into_owned(),
    }
}

/// How many bytes of a match a finding shows ([`Shown`]).
fn shown_len(shown: Shown, token: &[u8]) -> usize {
    match shown {
        Shown::Prefix(fixed) => fixed + 4,
        Shown::All => token.len(),
        Shown::Named => token.len().saturating_sub(40) + 4,
        Shown::Url => {
            // Up to the separator before the password: the last `:` (or `%3A`) before the `@`.
            let scheme = memmem::find(token, b"//")
                .map(|i| i + 2)
                .or_else(|| memmem::find(token, b"%2").map(|i| i + 6))
                .or_else(|| memmem::find(token, b"&#").map(|i| i + 6))
                .unwrap_or(0);
            let rest = token.get(scheme..).unwrap_or_default();
            let at = memchr::memchr(b'@', rest)
                .or_else(|| memmem::find(rest, b"%40"))
                .or_else(|| memmem::find(rest, b"&#"))
                .unwrap_or(rest.len());
            let userinfo = rest.get(..at).unwrap_or_default();
            memchr::memchr(b':', userinfo)
                .map(|i| i + 1)
                .or_else(|| memmem::find(userinfo, b"%3").map(|i| i + 3))
                .map_or(scheme, |i| scheme + i)
        }
    }
}

/// AWS's documentation key ids, which end in `EXAMPLE`, are not keys.
fn is_placeholder(what: &str, token: &[u8]) -> bool {
    what == "an AWS access key id" && token.ends_with(b"EXAMPLE")
}

/// The longest header and signature a JWT is taken to have (real ones are a few dozen to a
/// few hundred characters), and the longest payload: a longer run of base64url text is not
/// decoded, so a file of `eyJeyJeyJ...` costs linear time.
const JWT_HEADER_MAX: usize = 2048;
const JWT_PAYLOAD_MAX: usize = 64 * 1024;

fn is_base64url_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'_'
}

/// Offsets and descriptions of the secret keys in `bytes`. A description names the kind of
/// key and shows its first few characters only (`a Stripe secret key (sk_live_51Hx…)`), so
/// a report never prints a whole secret.
pub fn scan_bytes(bytes: &[u8]) -> Vec<(usize, Msg)> {
    scan(bytes)
        .into_iter()
        .map(|h| (h.offset, h.what))
        .collect()
}

/// What to hide of the secret keys in `bytes` when it is printed (byte ranges): the keys, and
/// a private key's body.
pub fn secret_spans(bytes: &[u8]) -> Vec<std::ops::Range<usize>> {
    scan(bytes).into_iter().map(|h| h.secret).collect()
}

/// A secret key found.
struct Hit {
    /// Where it starts.
    offset: usize,
    /// What of it is secret: all of it, or a private key's body after its header.
    secret: std::ops::Range<usize>,
    /// What it is, with its first few characters.
    what: Msg,
}

/// A rule's kind of key ([`RULES`]' English names, or "a secret key"), as messages name it.
fn rule_name(what: &str) -> Msg {
    match what {
        "a Supabase secret key" => crate::msg!("output-secret-supabase-secret-key"),
        "a Supabase access token" => crate::msg!("output-secret-supabase-access-token"),
        "a Stripe secret key" => crate::msg!("output-secret-stripe-secret-key"),
        "a GitHub token" => crate::msg!("output-secret-github-token"),
        "a GitHub fine-grained token" => crate::msg!("output-secret-github-fine-grained-token"),
        "an AWS access key id" => crate::msg!("output-secret-aws-access-key-id"),
        "an AWS secret access key" => crate::msg!("output-secret-aws-secret-access-key"),
        "a Slack token" => crate::msg!("output-secret-slack-token"),
        "a Slack app token" => crate::msg!("output-secret-slack-app-token"),
        "a Slack webhook URL" => crate::msg!("output-secret-slack-webhook-url"),
        "a Google API key" => crate::msg!("output-secret-google-api-key"),
        "an Anthropic API key" => crate::msg!("output-secret-anthropic-api-key"),
        "an OpenAI API key" => crate::msg!("output-secret-openai-api-key"),
        "a private key" => crate::msg!("output-secret-private-key"),
        "a database URL with a password" => crate::msg!("output-secret-database-url"),
        _ => crate::msg!("output-secret-key"),
    }
}

/// The secret keys in `bytes`: where each is (for a private key, its body) and its
/// description, by offset.
fn scan(bytes: &[u8]) -> Vec<Hit> {
    let mut found = Vec::new();
    scan_jwts(bytes, &mut found);
    let Some(rules) = rules() else {
        // The patterns are fixed and tested (`every_rule_compiles`): this does not happen.
        found.push(Hit {
            offset: 0,
            secret: 0..bytes.len(),
            what: crate::msg!("output-secret-rules-broken"),
        });
        return found;
    };
    let mut at = 0;
    while let Some(m) = rules.any.find_at(bytes, at) {
        let token = m.as_bytes();
        let (what, shown) = rules
            .each
            .iter()
            .find(|(_, _, re)| re.is_match(token))
            .map_or(("a secret key", Shown::Prefix(0)), |(what, shown, _)| {
                (*what, *shown)
            });
        if is_placeholder(what, token) {
            // Whatever a placeholder overlaps is looked at too.
            at = m.start() + 1;
            continue;
        }
        found.push(Hit {
            offset: m.start(),
            secret: match shown {
                // A private key's header holds nothing secret; its body, to its end line, does.
                Shown::All => m.end()..private_key_end(bytes, m.end()),
                _ => m.range(),
            },
            what: crate::msg!(
                "output-secret-found",
                what = rule_name(what),
                shown = redacted(token, shown_len(shown, token))
            ),
        });
        at = m.end().max(m.start() + 1);
    }
    found.sort_by_key(|h| (h.offset, h.secret.end));
    found
}

/// Where the body of a private key whose header ends at `from` ends: after its `-----END ...-----`
/// line, or, without one within 64 KiB, after the base64 text (and line breaks, raw or escaped)
/// that follows the header.
fn private_key_end(bytes: &[u8], from: usize) -> usize {
    let window = bytes.get(from..).unwrap_or_default();
    let window = window.get(..64 * 1024).unwrap_or(window);
    if let Some(end) = memmem::find(window, b"-----END") {
        let after = end + "-----END".len();
        let close = window
            .get(after..)
            .and_then(|rest| memmem::find(rest, b"-----"))
            .map_or(window.len(), |i| after + i + "-----".len());
        return from + close;
    }
    let body = window
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b"+/=\\\n\r ".contains(&b)))
        .unwrap_or(window.len());
    from + body
}

/// Every JWT of another role than `anon` in `bytes`, wherever it stands. Each `eyJ` (the
/// base64url of `{"`, how every JWT header starts) is looked at, even inside a longer run of
/// base64url text, so nothing written before a token hides it; a token ends at the first
/// byte that is not base64url, so a full stop after it does not either.
fn scan_jwts(bytes: &[u8], found: &mut Vec<Hit>) {
    // Where the run of base64url bytes holding the last `eyJ` ends, and where the two runs
    // after it end: every `eyJ` of one run shares them, so each is found once.
    let mut runs: Option<(usize, usize, Option<usize>)> = None;
    let run_end = |from: usize, max: usize| -> Option<usize> {
        let rest = bytes.get(from..)?;
        let len = rest
            .iter()
            .take(max + 1)
            .position(|&b| !is_base64url_byte(b))?;
        (len <= max).then_some(from + len)
    };
    for start in memmem::find_iter(bytes, b"eyJ") {
        let (header_end, payload_end, sig_end) = match runs {
            Some((h, p, s)) if start < h => (h, p, s),
            _ => {
                let Some(h) = run_end(start, usize::MAX - 1) else {
                    // The run reaches the end of the file: no dot follows.
                    break;
                };
                let (p, s) = if bytes.get(h) == Some(&b'.') {
                    let p = run_end(h + 1, JWT_PAYLOAD_MAX).unwrap_or(0);
                    let s = if p > h + 1 && bytes.get(p) == Some(&b'.') {
                        Some(run_end(p + 1, usize::MAX - 1).unwrap_or(bytes.len()))
                    } else {
                        None
                    };
                    (p, s)
                } else {
                    (0, None)
                };
                runs = Some((h, p, s));
                (h, p, s)
            }
        };
        let Some(sig_end) = sig_end else {
            continue;
        };
        if header_end - start > JWT_HEADER_MAX || sig_end <= payload_end + 1 {
            continue;
        }
        let Some(token) = bytes
            .get(start..sig_end)
            .and_then(|t| std::str::from_utf8(t).ok())
        else {
            continue;
        };
        let what = match classify_key(token) {
            KeyKind::ServiceRoleJwt => crate::msg!("output-secret-service-role-jwt"),
            KeyKind::OtherJwt(Some(role)) => crate::msg!("output-secret-jwt-role", role = role),
            _ => continue,
        };
        found.push(Hit {
            offset: start,
            secret: start..sig_end,
            what: crate::msg!(
                "output-secret-found",
                what = what,
                shown = redacted(token.as_bytes(), 8)
            ),
        });
    }
}

/// The sample tokens the integration tests use too.
#[cfg(test)]
#[path = "../tests/testsuite/common/tokens.rs"]
pub(crate) mod test_tokens;

#[cfg(test)]
mod tests {
    use super::*;
    use test_tokens as tokens;

    /// [`super::scan_bytes`] with each description in English.
    fn scan_bytes(bytes: &[u8]) -> Vec<(usize, String)> {
        super::scan_bytes(bytes)
            .into_iter()
            .map(|(offset, what)| (offset, what.render("en")))
            .collect()
    }

    use tokens::jwt;

    #[test]
    fn keys_are_told_apart() {
        assert_eq!(
            classify_key(&jwt(r#"{"iss":"supabase","role":"anon"}"#)),
            KeyKind::AnonJwt
        );
        assert_eq!(
            classify_key(&jwt(r#"{"iss":"supabase","role":"service_role"}"#)),
            KeyKind::ServiceRoleJwt
        );
        assert_eq!(
            classify_key(&jwt(r#"{"role":"authenticated"}"#)),
            KeyKind::OtherJwt(Some("authenticated".into()))
        );
        assert_eq!(
            classify_key(&jwt(r#"{"sub":"1"}"#)),
            KeyKind::OtherJwt(None)
        );
        assert_eq!(
            classify_key("sb_publishable_abc123DEF"),
            KeyKind::Publishable
        );
        assert_eq!(classify_key("sb_secret_abc123DEF"), KeyKind::Secret);
        for junk in ["", "k", "a.b.c", "eyJ.eyJ.", "قسم.قسم.قسم", "x.y.z.w"] {
            assert_eq!(classify_key(junk), KeyKind::Unknown, "{junk}");
        }
        assert!(KeyKind::AnonJwt.is_public() && KeyKind::Publishable.is_public());
        assert!(!KeyKind::ServiceRoleJwt.is_public() && !KeyKind::Unknown.is_public());
    }

    #[test]
    fn scan_finds_secret_keys_in_text_and_json() {
        let service = jwt(r#"{"role":"service_role"}"#);
        let anon = jwt(r#"{"role":"anon"}"#);
        let text = format!(
            "<p>ok</p>\n{{\"anon_key\":\"{anon}\"}}\n<script>k=\"{service}\"</script>\nsb_secret_0123456789abcdef\n-----BEGIN RSA PRIVATE KEY-----\n"
        );
        let found = scan_bytes(text.as_bytes());
        let what: Vec<&str> = found.iter().map(|(_, w)| w.as_str()).collect();
        assert_eq!(
            what,
            [
                "a service_role JWT (eyJhbGci…)",
                "a Supabase secret key (sb_secret_0123…)",
                "a private key (-----BEGIN RSA PRIVATE KEY-----)"
            ],
            "{found:?}"
        );
        // Words that merely mention the names are not keys.
        assert!(scan_bytes(b"use the service_role key? never. sb_secret_ keys too.").is_empty());
    }

    /// Each sample token, written in `context` (`{}` stands for it), is found, named as its
    /// kind, and its description shows none of the token's secret part.
    fn assert_found_in(context: &str) {
        for sample in tokens::samples() {
            let text = context.replace("{}", &sample.token);
            let found = scan_bytes(text.as_bytes());
            assert!(
                found.iter().any(|(_, w)| *w == sample.finding()),
                "{} not found in {context:?}: {found:?}",
                sample.finding()
            );
            for (_, what) in &found {
                assert!(
                    !what.contains(&sample.secret_tail),
                    "the finding prints the secret: {what}"
                );
            }
        }
    }

    #[test]
    fn every_format_is_found_whatever_stands_around_it() {
        for context in [
            "{}",
            "key: {}.",
            "x{}",
            "the key%20{}%20here",
            "{\"k\":\"{}\"}",
            "<a href=\"https://example.com/?k={}&amp;x=1\">link</a>",
            "https://example.com/{}/page",
            "(`{}`)",
            "0{}0",
            "\u{0643}\u{0644}\u{0645}\u{0629}{}\u{0643}\u{0644}\u{0645}\u{0629}",
        ] {
            assert_found_in(context);
        }
    }

    #[test]
    fn a_jwt_is_found_after_base64url_text_or_a_token_that_is_not_one() {
        let key = jwt(r#"{"role":"service_role"}"#);
        let anon = jwt(r#"{"role":"anon"}"#);
        for text in [
            format!("AAAA{key}"),
            format!("eyJunk.eyJunk.junk{key}"),
            format!("eyJ{key}"),
            format!("{anon}{key}"),
            format!("{anon}.{key}."),
            format!("eyJhbGciOiJIUzI1NiJ9.{key}"),
        ] {
            let found = scan_bytes(text.as_bytes());
            assert!(
                found
                    .iter()
                    .any(|(_, w)| w.starts_with("a service_role JWT")),
                "{text}: {found:?}"
            );
        }
        // A token written in a JSON string as JSON escapes it, or in an HTML attribute.
        let url = "postgresql://app:hunter2hunter2@db.example.com/app";
        let json = serde_json::to_string(&serde_json::json!({ "u": url })).unwrap_or_default();
        for text in [
            url.replace('/', "\\/"),
            url.replace('/', "&#x2f;"),
            url.replace('/', "%2F")
                .replace(':', "%3A")
                .replace('@', "%40"),
            json,
        ] {
            let found = scan_bytes(text.as_bytes());
            assert!(
                found
                    .iter()
                    .any(|(_, w)| w.starts_with("a database URL with a password")),
                "{text}: {found:?}"
            );
            assert!(
                !found.iter().any(|(_, w)| w.contains("hunter2")),
                "{found:?}"
            );
        }
    }

    #[test]
    fn public_keys_and_mentions_are_not_secrets() {
        let anon = jwt(r#"{"iss":"supabase","role":"anon"}"#);
        for text in [
            anon.as_str(),
            "sb_publishable_abcDEF0123456789",
            "pk_live_0123456789abcdef",
            "use the service_role key? never. sb_secret_ keys too.",
            "sk_live_ keys and ghp_ tokens",
            "postgres://localhost/app and postgresql://user@db.example.com/app",
            "mysql://db.example.com:3306/app redis://:6379 https://user@example.com",
            "AKIAIOSFODNN7EXAMPLE is the id AWS's documentation uses",
            "-----BEGIN PUBLIC KEY-----",
            "https://hooks.slack.com/ and xoxb- tokens",
            "task-list desk-top sk-learn",
            "xoxo-hugs-and-kisses-forever, xoxb-token-goes-here",
            "eyJ.eyJ.eyJ",
        ] {
            assert_eq!(scan_bytes(text.as_bytes()), Vec::new(), "{text}");
        }
    }

    #[test]
    fn every_rule_compiles() {
        assert!(rules().is_some());
        for (what, pattern, _) in RULES {
            assert!(regex::bytes::Regex::new(pattern).is_ok(), "{what}");
        }
    }

    #[test]
    fn the_scan_takes_linear_time_on_text_made_to_slow_it() {
        let mb = 1 << 20;
        for unit in [
            "eyJ",
            "eyJa.",
            "eyJa.b.",
            "postgres://a:",
            "sk_live_",
            "AKIA",
        ] {
            let mut text = unit.repeat(mb / unit.len());
            text.push_str(".x.y@h");
            let started = std::time::Instant::now();
            let _ = scan_bytes(text.as_bytes());
            let took = started.elapsed();
            // Quadratic work on a megabyte would take minutes; linear takes milliseconds (a
            // debug build on a shared machine is given plenty of room).
            assert!(
                took < std::time::Duration::from_secs(3),
                "{unit:?}: {took:?}"
            );
        }
    }

    /// Throughput of the scan on a built site's pages (`SCAN_DIR`, by default `dist/`),
    /// printed: `SCAN_DIR=dist cargo test --release --lib secrets::tests::scan_throughput --
    /// --ignored --nocapture`.
    #[test]
    #[ignore = "a measurement, not a check"]
    fn scan_throughput() {
        let dist = std::env::var_os("SCAN_DIR").map_or_else(
            || Path::new(env!("CARGO_MANIFEST_DIR")).join("dist"),
            PathBuf::from,
        );
        let mut files = Vec::new();
        for entry in walkdir::WalkDir::new(&dist).into_iter().flatten() {
            if entry.file_type().is_file()
                && entry
                    .path()
                    .extension()
                    .is_some_and(|e| e == "html" || e == "json" || e == "js" || e == "css")
            {
                files.push(std::fs::read(entry.path()).unwrap_or_default());
            }
        }
        let bytes: usize = files.iter().map(Vec::len).sum();
        let started = std::time::Instant::now();
        let rounds = 5;
        for _ in 0..rounds {
            for f in &files {
                std::hint::black_box(scan_bytes(f));
            }
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{} files, {:.1} MB: {:.0} MB/s",
            files.len(),
            bytes as f64 / 1e6,
            (bytes * rounds) as f64 / 1e6 / secs
        );
    }

    #[test]
    fn scanner_names_file_and_line_and_skips_binary_files() {
        let scanner = Scanner::default();
        let key = jwt(r#"{"role":"service_role"}"#);
        std::thread::scope(|s| {
            s.spawn(|| {
                scanner.file(
                    Path::new("en/blog/page-data.json"),
                    format!("{{\n\"k\": \"{key}\"\n}}").as_bytes(),
                );
            });
            s.spawn(|| scanner.file(Path::new("index.html"), b"<p>clean</p>"));
            s.spawn(|| {
                scanner.file(
                    Path::new("a/feed.xml"),
                    format!("<x>\n\n\n{key}</x>").as_bytes(),
                );
            });
            // A font or an image cannot hold a key as text, even if its bytes spell one.
            s.spawn(|| scanner.file(Path::new("assets/logo.PNG"), key.as_bytes()));
        });
        let found: Vec<String> = scanner.findings().iter().map(|f| f.to_string()).collect();
        assert_eq!(
            found,
            [
                format!(
                    "{}:4: a service_role JWT (eyJhbGci…)",
                    Path::new("a/feed.xml").display()
                ),
                format!(
                    "{}:2: a service_role JWT (eyJhbGci…)",
                    Path::new("en/blog/page-data.json").display()
                ),
            ]
        );
    }
}
