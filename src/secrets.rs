//! Keys that must never reach the site.
//!
//! The backend's `anon_key` is public by design: it is written into every page so the browser
//! can insert contact messages, and row-level security decides what it may do. A Supabase
//! `service_role` key (or any JWT of another role, or an `sb_secret_` key) bypasses row-level
//! security: published, it lets anyone read or delete every contact message. [`classify_key`]
//! tells them apart for the config check, and a build's [`Scanner`] looks at every file it
//! writes, as it is written, for anything that looks like such a key, so a secret pasted into
//! content, a template or the app's assets is caught too.

use std::path::{Path, PathBuf};

use base64::Engine;
use memchr::memmem;

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The file, relative to the scanned folder.
    pub file: PathBuf,
    /// 1-based line of the key in the file.
    pub line: usize,
    /// What was found, e.g. "a service_role JWT".
    pub what: String,
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

/// Offsets and descriptions of the secret keys in `bytes`.
pub fn scan_bytes(bytes: &[u8]) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let token_at = |start: usize| -> &str {
        let rest = bytes.get(start..).unwrap_or_default();
        let len = rest
            .iter()
            .position(|&b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.'))
            .unwrap_or(rest.len());
        // Only ASCII bytes were taken, so this is valid UTF-8.
        std::str::from_utf8(rest.get(..len).unwrap_or_default()).unwrap_or_default()
    };
    for at in memmem::find_iter(bytes, b"sb_secret_") {
        if token_at(at).len() >= "sb_secret_".len() + 8 {
            found.push((at, "an sb_secret_ key".to_string()));
        }
    }
    for at in memmem::find_iter(bytes, b"eyJ") {
        // A JWT starts with a base64url JSON header; the token ends at the first other byte.
        let preceded_by_token = at
            .checked_sub(1)
            .and_then(|i| bytes.get(i))
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.');
        if preceded_by_token {
            continue;
        }
        match classify_key(token_at(at)) {
            KeyKind::ServiceRoleJwt => found.push((at, "a service_role JWT".to_string())),
            KeyKind::OtherJwt(Some(role)) => found.push((
                at,
                format!("a JWT with role `{role}` (only `anon` is public)"),
            )),
            _ => {}
        }
    }
    for at in memmem::find_iter(bytes, b"PRIVATE KEY-----") {
        let line_start = bytes
            .get(..at)
            .and_then(|b| memchr::memrchr(b'\n', b))
            .map_or(0, |i| i + 1);
        if bytes
            .get(line_start..at)
            .is_some_and(|prefix| prefix.starts_with(b"-----BEGIN "))
        {
            found.push((line_start, "a private key".to_string()));
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jwt(payload: &str) -> String {
        let e = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        format!(
            "{}.{}.c2lnbmF0dXJl",
            e.encode(r#"{"alg":"HS256","typ":"JWT"}"#),
            e.encode(payload)
        )
    }

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
            ["a service_role JWT", "an sb_secret_ key", "a private key"],
            "{found:?}"
        );
        // Words that merely mention the names are not keys.
        assert!(scan_bytes(b"use the service_role key? never. sb_secret_ keys too.").is_empty());
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
                    "{}:4: a service_role JWT",
                    Path::new("a/feed.xml").display()
                ),
                format!(
                    "{}:2: a service_role JWT",
                    Path::new("en/blog/page-data.json").display()
                ),
            ]
        );
    }
}
