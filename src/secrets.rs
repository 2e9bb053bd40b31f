//! Keys that must never reach the site.
//!
//! The backend's `anon_key` is public by design: it is written into every page so the browser
//! can insert contact messages, and row-level security decides what it may do. A Supabase
//! `service_role` key (or any JWT of another role, or an `sb_secret_` key) bypasses row-level
//! security: published, it lets anyone read or delete every contact message. [`classify_key`]
//! tells them apart for the config check, and a build's [`Scanner`] looks at every file it
//! writes, as it is written, for anything that looks like such a key, or like another service's
//! secret, so a secret pasted into content, a template or the app's assets is caught too. What
//! it reports shows only a key's first characters; [`secret_spans`] says what to mask in
//! anything else that is printed.
//!
//! A file is scanned as its bytes are and, when it spells a key's character with a character
//! reference (`&#x73;k_live_...`, which a browser shows as the key), as a browser shows it
//! (`entities.rs`). A PDF of the media folder is scanned in what it means too: its streams
//! inflated and its strings decoded (`media/pdf.rs`).
//!
//! The formats follow gitleaks' default rule set, v8.30.1 (`config/gitleaks.toml`), written
//! from its published rules (no crate that ships them builds on this toolchain): the rules
//! with a fixed prefix are one regex whose alternatives each start with a literal
//! (`rules.rs`), and the rules gitleaks ties to a word (`twitter_api_secret = "..."`) are
//! found through one search for all the words (`gated.rs`). The test
//! `every_gitleaks_rule_is_covered` lists gitleaks' rules by id and what stands for each.
//! Found, each with its gitleaks id:
//! - JWTs of another role than `anon`, as they are (`jwt`) and base64-encoded (`jwt-base64`),
//!   decoded and their role read, so the public key passes;
//! - sahel's first rules: Supabase secret keys and access tokens, Stripe secret and restricted
//!   keys, GitHub tokens (`gh[pousr]_`, `github_pat_`), AWS access key ids and secret keys,
//!   Slack tokens, app tokens and webhooks, Google API keys, Anthropic and OpenAI keys,
//!   private keys, database URLs with a password;
//! - by prefix: 1Password (secret key, service account token), Adobe client secret, age,
//!   Airtable PAT, Alibaba access key id, Amazon Bedrock (long- and short-lived), JFrog
//!   Artifactory (API key, reference token), Atlassian `ATATT3`, Authress, ClickHouse Cloud,
//!   Clojars, Cloudflare Origin CA, Databricks, DigitalOcean (`doo_v1_`, `dop_v1_`, `dor_v1_`),
//!   Doppler, Duffel, Dynatrace, EasyPost (live and test), Facebook page tokens (`EAAM`/`EAAC`),
//!   Flutterwave secret and encryption keys, Fly.io, Frame.io, GitLab (`glpat-` and routable,
//!   `glcbt-`, `gldt-`, `glffct-`, `glft-`, `glimt-`, `glagent-`, `gloas-`, `glptt-`,
//!   `GR1348941`, `glrt-` and routable, `glsoat-`, `_gitlab_session=`), Grafana (API key,
//!   cloud token, service account token), Harness, Heroku `HRKU-AA`, Hugging Face (`hf_`,
//!   `api_org_`), Infracost, 42 Intra, Linear API key, Microsoft Teams webhooks, Notion, npm,
//!   Octopus Deploy, OpenShift, Perplexity, PlanetScale (token, OAuth token, password),
//!   Postman, Prefect, Pulumi, PyPI, ReadMe, RubyGems, Scalingo, SendGrid, Brevo
//!   (Sendinblue), Sentry (org and user tokens), SettleMint, Shippo, Shopify (`shpat_`,
//!   `shpca_`, `shppa_`, `shpss_`), Square (`sq0atp-`, `EAAA`), Twilio `SK`, HashiCorp Vault
//!   (`hvs.`, `hvb.`);
//! - by the word that names them: Adafruit, Adobe client id, Airtable API key, Algolia,
//!   Alibaba secret key, Asana, Atlassian/Jira/Confluence, Beamer, Bitbucket, Bittrex, Cisco
//!   Meraki, Cloudflare (API and global keys), Codecov, Cohere, Coinbase, Confluent, Contentful,
//!   Datadog, Defined Networking, Discord, Drone CI, Dropbox (three kinds), Etsy, Facebook
//!   (secret, app access token), Fastly, Finicity, Finnhub, Flickr, FreshBooks, Gitter,
//!   GoCardless, Heroku, HubSpot, Intercom, JFrog, Kraken, KuCoin, LaunchDarkly, Linear client
//!   secret, LinkedIn, Lob, Looker, Mailchimp, Mailgun (signing key), Mapbox, Mattermost,
//!   MessageBird, Netlify, New Relic (insert key, user API key and id), The New York Times,
//!   Okta, Plaid, Private AI, RapidAPI, Sendbird, Sentry, Snyk, SonarQube, Sourcegraph,
//!   Squarespace, Sumo Logic, Telegram, Travis CI, Twitch, X (Twitter: five kinds), Typeform,
//!   Vault's legacy `s.` tokens (beside `vault`), Yandex (three kinds), Zendesk; and of their own
//!   shape: Microsoft Entra ID client secrets (`Q~`), Facebook app tokens (`id|secret`),
//!   Terraform Cloud (`.atlasv1.`), MaxMind (`_mmk`), Sidekiq (credentials and URLs), Freemius,
//!   NuGet config passwords, curl's `-H Authorization`/`-u user:password`, Terraform's
//!   `administrator_login_password`;
//! - beyond gitleaks, from each service's documentation: Mailgun `key-` alone, Square OAuth
//!   secrets `sq0csp-`, Stripe webhook secrets `whsec_`, Google OAuth client secrets
//!   `GOCSPX-`, Azure Storage account keys (`AccountKey=`) and SAS signatures, Telegram bot
//!   tokens alone (`123456789:AA...`) and in the Bot API's URLs.
//!
//! Left out: gitleaks' `generic-api-key` (a guess from words like `key` or `token` beside any
//! long value, which a site's scripts are full of), its file-type rules (`pkcs12-file`,
//! `kubernetes-secret-yaml`: files a site does not publish), and four keys meant for the
//! browser, which a site may publish like the `anon` key (Flutterwave `FLWPUBK`, Lob
//! `*_pub_`, Mailgun `pubkey-`, New Relic browser `NRJS-`). Where gitleaks' `vault-service-token`
//! takes any `s.` and 24 letters, sahel wants the word `vault` before it: `s.` alone is in
//! every script.

use std::path::{Path, PathBuf};

use base64::Engine;

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

/// A rule's kind of key (the English names of sahel's first rules, or "a secret key"), as
/// messages name it.
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

/// The kind of a service's secret, as messages name it (`secrets-kind-*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    ApiKey,
    Token,
    SecretKey,
    ClientId,
    ClientSecret,
    KeyId,
    AccessKey,
    CaKey,
    Session,
    SharedSecret,
    ConnectionString,
    Password,
    WebhookSecret,
    SigningKey,
    InsertKey,
    LicenseKey,
    Credentials,
    WebhookUrl,
}

impl Kind {
    /// The kind's name, as `secrets-rule` takes it.
    fn name(self) -> Msg {
        match self {
            Kind::ApiKey => crate::msg!("secrets-kind-api-key"),
            Kind::Token => crate::msg!("secrets-kind-token"),
            Kind::SecretKey => crate::msg!("secrets-kind-secret-key"),
            Kind::ClientId => crate::msg!("secrets-kind-client-id"),
            Kind::ClientSecret => crate::msg!("secrets-kind-client-secret"),
            Kind::KeyId => crate::msg!("secrets-kind-key-id"),
            Kind::AccessKey => crate::msg!("secrets-kind-access-key"),
            Kind::CaKey => crate::msg!("secrets-kind-ca-key"),
            Kind::Session => crate::msg!("secrets-kind-session"),
            Kind::SharedSecret => crate::msg!("secrets-kind-shared-secret"),
            Kind::ConnectionString => crate::msg!("secrets-kind-connection-string"),
            Kind::Password => crate::msg!("secrets-kind-password"),
            Kind::WebhookSecret => crate::msg!("secrets-kind-webhook-secret"),
            Kind::SigningKey => crate::msg!("secrets-kind-signing-key"),
            Kind::InsertKey => crate::msg!("secrets-kind-insert-key"),
            Kind::LicenseKey => crate::msg!("secrets-kind-license-key"),
            Kind::Credentials => crate::msg!("secrets-kind-credentials"),
            Kind::WebhookUrl => crate::msg!("secrets-kind-webhook-url"),
        }
    }
}

/// A service's secret of a kind, as messages name it: `an API key for SendGrid`.
fn service_key(service: &str, kind: Kind) -> Msg {
    crate::msg!("secrets-rule", kind = kind.name(), service = service)
}

/// The secret keys in `bytes`: where each is (for a private key, its body) and its
/// description, by offset. A file that spells a key's character with a character reference
/// (`&#x73;k_live_...`) is scanned twice: as it is, and as a browser shows it
/// ([`entities::decode`]), each key found there reported at its place in the file.
fn scan(bytes: &[u8]) -> Vec<Hit> {
    let mut found = scan_view(bytes);
    if let Some(decoded) = entities::decode(bytes) {
        for hit in scan_view(&decoded.text) {
            let secret = decoded.original_range(hit.secret.clone());
            if found
                .iter()
                .any(|h| h.secret.start < secret.end && secret.start < h.secret.end)
            {
                continue;
            }
            found.push(Hit {
                offset: decoded.original(hit.offset),
                secret,
                what: hit.what,
            });
        }
    }
    found.sort_by_key(|h| (h.offset, h.secret.end));
    found
}

/// The secret keys in one view of a file.
fn scan_view(bytes: &[u8]) -> Vec<Hit> {
    let mut found = Vec::new();
    jwt::scan_jwts(bytes, &mut found);
    jwt::scan_encoded(bytes, &mut found);
    let Some(places) = search::places(bytes) else {
        // The patterns are fixed and tested (`every_rule_compiles`): this does not happen.
        found.push(Hit {
            offset: 0,
            secret: 0..bytes.len(),
            what: crate::msg!("output-secret-rules-broken"),
        });
        return found;
    };
    rules::scan(bytes, &places.prefixes, &mut found);
    gated::scan(bytes, &places.words, &mut found);
    found
}

mod entities;
mod gated;
mod jwt;
mod rules;
mod search;

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
    fn assert_found_in(context: &str, anywhere: bool) {
        for sample in tokens::samples()
            .into_iter()
            .filter(|s| s.anywhere || !anywhere)
        {
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
    fn every_format_is_found_where_a_page_may_hold_it() {
        // A format gitleaks bounds (`\\bSG\\.…` ended by a quote, a space...) is found
        // between spaces, quotes, tags and punctuation.
        for context in [
            "{}",
            "key: {}.",
            "{\"k\":\"{}\"}",
            "{\"k\":\"{}\\n\"}",
            "<a href=\"https://example.com/?k={}&amp;x=1\">link</a>",
            "<p>{}</p>",
            "(`{}`)",
            "k={};",
            "\u{0643}\u{0644}\u{0645}\u{0629} {} \u{0643}\u{0644}\u{0645}\u{0629}",
        ] {
            assert_found_in(context, false);
        }
    }

    /// A key written in a JSON string, as a YAML or TOML double-quoted string holds it too
    /// (its quotes escaped, `\"`), is found as what it is.
    #[test]
    fn every_format_is_found_in_a_quoted_string() {
        for sample in tokens::samples() {
            let quoted = serde_json::to_string(&format!("Use {} to sign in", sample.token))
                .unwrap_or_default();
            let found = scan_bytes(format!("answer: {quoted}\n").as_bytes());
            assert!(
                found.iter().any(|(_, w)| w.starts_with(sample.what)),
                "{} not found in {quoted}: {found:?}",
                sample.what
            );
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
            assert_found_in(context, true);
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
        assert!(rules::compiled().is_some());
        for rule in rules::PREFIXED {
            let re = regex::bytes::RegexBuilder::new(&rules::expand(rule.pattern))
                .unicode(false)
                .build();
            assert!(re.is_ok(), "{}: {re:?}", rule.id);
        }
        for rule in gated::GATED {
            let re = regex::bytes::RegexBuilder::new(&gated::regex_of(rule))
                .unicode(false)
                .build();
            assert!(re.is_ok(), "{}: {re:?}", rule.id);
            assert!(
                rule.words.iter().all(|w| *w == w.to_lowercase()),
                "{}",
                rule.id
            );
        }
    }

    /// Every rule of gitleaks' default configuration (v8.30.1) is one of sahel's, by its id,
    /// or left out for the reason given.
    #[test]
    fn every_gitleaks_rule_is_covered() {
        let ours: Vec<&str> = rules::PREFIXED
            .iter()
            .map(|r| r.id)
            .chain(gated::GATED.iter().map(|r| r.id))
            .collect();
        // Rules sahel covers under another id (one rule finds several of gitleaks').
        let covered_by = |id: &str| -> Option<&str> {
            Some(match id {
                "anthropic-admin-api-key" => "anthropic-api-key",
                "github-app-token" | "github-oauth" | "github-refresh-token" => "github-pat",
                "gitlab-pat-routable" => "gitlab-pat",
                "gitlab-runner-authentication-token-routable" => {
                    "gitlab-runner-authentication-token"
                }
                "easypost-test-api-token" => "easypost-api-token",
                "flutterwave-encryption-key" => "flutterwave-secret-key",
                "settlemint-application-access-token"
                | "settlemint-personal-access-token"
                | "settlemint-service-access-token" => "settlemint-access-token",
                "shopify-custom-access-token" | "shopify-private-app-access-token" => {
                    "shopify-access-token"
                }
                "bittrex-secret-key" => "bittrex-access-key",
                "slack-bot-token"
                | "slack-config-access-token"
                | "slack-config-refresh-token"
                | "slack-legacy-bot-token"
                | "slack-legacy-token"
                | "slack-legacy-workspace-token"
                | "slack-user-token" => "slack-token",
                "jwt" | "jwt-base64" => return Some("the JWT role check"),
                "generic-api-key" => return Some("left out: a guess from words like `key`"),
                "kubernetes-secret-yaml" | "pkcs12-file" => return Some("left out: a file type"),
                "flutterwave-public-key"
                | "lob-pub-api-key"
                | "mailgun-pub-key"
                | "new-relic-browser-api-token" => return Some("left out: public by design"),
                _ => return None,
            })
            .filter(|id| ours.contains(id))
        };
        let missing: Vec<&str> = GITLEAKS_V8_30_1
            .iter()
            .copied()
            .filter(|id| !ours.contains(id) && covered_by(id).is_none())
            .collect();
        assert!(missing.is_empty(), "{missing:?}");
    }

    /// The ids of gitleaks v8.30.1's default rules (`config/gitleaks.toml`).
    const GITLEAKS_V8_30_1: &[&str] = &[
        "1password-secret-key",
        "1password-service-account-token",
        "adafruit-api-key",
        "adobe-client-id",
        "adobe-client-secret",
        "age-secret-key",
        "airtable-api-key",
        "airtable-personnal-access-token",
        "algolia-api-key",
        "alibaba-access-key-id",
        "alibaba-secret-key",
        "anthropic-admin-api-key",
        "anthropic-api-key",
        "artifactory-api-key",
        "artifactory-reference-token",
        "asana-client-id",
        "asana-client-secret",
        "atlassian-api-token",
        "authress-service-client-access-key",
        "aws-access-token",
        "aws-amazon-bedrock-api-key-long-lived",
        "aws-amazon-bedrock-api-key-short-lived",
        "azure-ad-client-secret",
        "beamer-api-token",
        "bitbucket-client-id",
        "bitbucket-client-secret",
        "bittrex-access-key",
        "bittrex-secret-key",
        "cisco-meraki-api-key",
        "clickhouse-cloud-api-secret-key",
        "clojars-api-token",
        "cloudflare-api-key",
        "cloudflare-global-api-key",
        "cloudflare-origin-ca-key",
        "codecov-access-token",
        "cohere-api-token",
        "coinbase-access-token",
        "confluent-access-token",
        "confluent-secret-key",
        "contentful-delivery-api-token",
        "curl-auth-header",
        "curl-auth-user",
        "databricks-api-token",
        "datadog-access-token",
        "defined-networking-api-token",
        "digitalocean-access-token",
        "digitalocean-pat",
        "digitalocean-refresh-token",
        "discord-api-token",
        "discord-client-id",
        "discord-client-secret",
        "doppler-api-token",
        "droneci-access-token",
        "dropbox-api-token",
        "dropbox-long-lived-api-token",
        "dropbox-short-lived-api-token",
        "duffel-api-token",
        "dynatrace-api-token",
        "easypost-api-token",
        "easypost-test-api-token",
        "etsy-access-token",
        "facebook-access-token",
        "facebook-page-access-token",
        "facebook-secret",
        "fastly-api-token",
        "finicity-api-token",
        "finicity-client-secret",
        "finnhub-access-token",
        "flickr-access-token",
        "flutterwave-encryption-key",
        "flutterwave-public-key",
        "flutterwave-secret-key",
        "flyio-access-token",
        "frameio-api-token",
        "freemius-secret-key",
        "freshbooks-access-token",
        "gcp-api-key",
        "generic-api-key",
        "github-app-token",
        "github-fine-grained-pat",
        "github-oauth",
        "github-pat",
        "github-refresh-token",
        "gitlab-cicd-job-token",
        "gitlab-deploy-token",
        "gitlab-feature-flag-client-token",
        "gitlab-feed-token",
        "gitlab-incoming-mail-token",
        "gitlab-kubernetes-agent-token",
        "gitlab-oauth-app-secret",
        "gitlab-pat",
        "gitlab-pat-routable",
        "gitlab-ptt",
        "gitlab-rrt",
        "gitlab-runner-authentication-token",
        "gitlab-runner-authentication-token-routable",
        "gitlab-scim-token",
        "gitlab-session-cookie",
        "gitter-access-token",
        "gocardless-api-token",
        "grafana-api-key",
        "grafana-cloud-api-token",
        "grafana-service-account-token",
        "harness-api-key",
        "hashicorp-tf-api-token",
        "hashicorp-tf-password",
        "heroku-api-key",
        "heroku-api-key-v2",
        "hubspot-api-key",
        "huggingface-access-token",
        "huggingface-organization-api-token",
        "infracost-api-token",
        "intercom-api-key",
        "intra42-client-secret",
        "jfrog-api-key",
        "jfrog-identity-token",
        "jwt",
        "jwt-base64",
        "kraken-access-token",
        "kubernetes-secret-yaml",
        "kucoin-access-token",
        "kucoin-secret-key",
        "launchdarkly-access-token",
        "linear-api-key",
        "linear-client-secret",
        "linkedin-client-id",
        "linkedin-client-secret",
        "lob-api-key",
        "lob-pub-api-key",
        "looker-client-id",
        "looker-client-secret",
        "mailchimp-api-key",
        "mailgun-private-api-token",
        "mailgun-pub-key",
        "mailgun-signing-key",
        "mapbox-api-token",
        "mattermost-access-token",
        "maxmind-license-key",
        "messagebird-api-token",
        "messagebird-client-id",
        "microsoft-teams-webhook",
        "netlify-access-token",
        "new-relic-browser-api-token",
        "new-relic-insert-key",
        "new-relic-user-api-id",
        "new-relic-user-api-key",
        "notion-api-token",
        "npm-access-token",
        "nuget-config-password",
        "nytimes-access-token",
        "octopus-deploy-api-key",
        "okta-access-token",
        "openai-api-key",
        "openshift-user-token",
        "perplexity-api-key",
        "pkcs12-file",
        "plaid-api-token",
        "plaid-client-id",
        "plaid-secret-key",
        "planetscale-api-token",
        "planetscale-oauth-token",
        "planetscale-password",
        "postman-api-token",
        "prefect-api-token",
        "private-key",
        "privateai-api-token",
        "pulumi-api-token",
        "pypi-upload-token",
        "rapidapi-access-token",
        "readme-api-token",
        "rubygems-api-token",
        "scalingo-api-token",
        "sendbird-access-id",
        "sendbird-access-token",
        "sendgrid-api-token",
        "sendinblue-api-token",
        "sentry-access-token",
        "sentry-org-token",
        "sentry-user-token",
        "settlemint-application-access-token",
        "settlemint-personal-access-token",
        "settlemint-service-access-token",
        "shippo-api-token",
        "shopify-access-token",
        "shopify-custom-access-token",
        "shopify-private-app-access-token",
        "shopify-shared-secret",
        "sidekiq-secret",
        "sidekiq-sensitive-url",
        "slack-app-token",
        "slack-bot-token",
        "slack-config-access-token",
        "slack-config-refresh-token",
        "slack-legacy-bot-token",
        "slack-legacy-token",
        "slack-legacy-workspace-token",
        "slack-user-token",
        "slack-webhook-url",
        "snyk-api-token",
        "sonar-api-token",
        "sourcegraph-access-token",
        "square-access-token",
        "squarespace-access-token",
        "stripe-access-token",
        "sumologic-access-id",
        "sumologic-access-token",
        "telegram-bot-api-token",
        "travisci-access-token",
        "twilio-api-key",
        "twitch-api-token",
        "twitter-access-secret",
        "twitter-access-token",
        "twitter-api-key",
        "twitter-api-secret",
        "twitter-bearer-token",
        "typeform-api-token",
        "vault-batch-token",
        "vault-service-token",
        "yandex-access-token",
        "yandex-api-key",
        "yandex-aws-access-token",
        "zendesk-secret-key",
    ];

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
        let found: usize = files.iter().map(|f| scan_bytes(f).len()).sum();
        let started = std::time::Instant::now();
        let rounds = 5;
        for _ in 0..rounds {
            for f in &files {
                std::hint::black_box(scan_bytes(f));
            }
        }
        let secs = started.elapsed().as_secs_f64();
        println!(
            "{} files, {:.1} MB: {:.0} MB/s, {found} keys found",
            files.len(),
            bytes as f64 / 1e6,
            (bytes * rounds) as f64 / 1e6 / secs
        );
        for f in &files {
            for (_, what) in scan_bytes(f) {
                println!("  {what}");
            }
        }
        // Each stage's share.
        let stage = |name: &str, run: &dyn Fn(&[u8])| {
            let started = std::time::Instant::now();
            for f in &files {
                run(f);
            }
            let secs = started.elapsed().as_secs_f64();
            println!("  {name}: {:.0} MB/s", bytes as f64 / 1e6 / secs);
        };
        stage("jwts", &|f| jwt::scan_jwts(f, &mut Vec::new()));
        stage("encoded jwts", &|f| jwt::scan_encoded(f, &mut Vec::new()));
        stage("where to look (one search)", &|f| {
            std::hint::black_box(search::places(f));
        });
        stage("prefixed rules", &|f| {
            let p = search::places(f).unwrap_or_default();
            rules::scan(f, &p.prefixes, &mut Vec::new());
        });
        stage("keyword rules", &|f| {
            let p = search::places(f).unwrap_or_default();
            gated::scan(f, &p.words, &mut Vec::new());
        });
        stage("references", &|f| {
            std::hint::black_box(entities::decode(f).is_some());
        });
    }

    /// The output scan reads a page as a browser shows it: a key spelt with character
    /// references is found, at its line, and masked whole.
    #[test]
    fn a_key_spelt_with_character_references_is_found_in_a_page() {
        let key = tokens::samples()
            .into_iter()
            .find(|s| s.what == "a Stripe secret key")
            .unwrap();
        let spelt: String = key
            .token
            .chars()
            .map(|c| format!("&#x{:x};", c as u32))
            .collect();
        let page = format!("<html>\n<p>it&#x27;s &amp; ok</p>\n<p>{spelt}</p>\n</html>");
        let scanner = Scanner::default();
        scanner.file(Path::new("en/index.html"), page.as_bytes());
        let found: Vec<String> = scanner.findings().iter().map(|f| f.to_string()).collect();
        assert_eq!(
            found,
            [format!(
                "{}:3: {}",
                Path::new("en/index.html").display(),
                key.finding()
            )]
        );
        let spans = secret_spans(page.as_bytes());
        assert_eq!(spans.len(), 1);
        assert_eq!(page.get(spans[0].clone()), Some(spelt.as_str()));
        // A clean page with references (React's apostrophes) is one pass, and finds nothing.
        assert!(scan_bytes(b"<p>it&#x27;s &quot;fine&quot; &amp; &#39;ok&#39;</p>").is_empty());
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
