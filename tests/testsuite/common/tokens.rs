//! One fake token of every format the secret scan must find (`src/secrets.rs`), for tests that
//! put each one somewhere (a post, a YAML file, `site.toml`, media) and check it is refused.
//!
//! The tokens are made when the tests run, from pieces: none is written whole in the source, so
//! no secret scanner (GitHub's push protection among them) takes this file for a leak. None is
//! a real key.
//!
//! Used by the integration tests (`mod common;`) and by the unit tests of `src/secrets.rs`
//! (`#[path]`), so it needs nothing but `std` and `base64`.

#![allow(dead_code)] // not every test uses every helper

/// One sample token: what the scan calls it, and the token.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The start of the scan's description of it, e.g. `a Stripe secret key`.
    pub what: &'static str,
    /// The token as it would be pasted.
    pub token: String,
    /// What a report shows of it, e.g. `sk_live_4eC3…`: its fixed prefix and a few characters.
    pub shown: String,
    /// The part of the token after what is shown, which must never be printed.
    pub secret_tail: String,
    /// Found whatever stands around it (after a letter, before a digit); `false` for the
    /// formats gitleaks bounds (`\bSG\.…` ended by a quote, a space, `<`...).
    pub anywhere: bool,
}

impl Sample {
    /// How a finding describes it: `a Stripe secret key (sk_live_4eC3…)`.
    pub fn finding(&self) -> String {
        format!("{} ({})", self.what, self.shown)
    }
}

/// `n` characters drawn (deterministically, from `seed`) from `alphabet`.
pub fn chars(seed: u64, n: usize, alphabet: &str) -> String {
    let alphabet: Vec<char> = alphabet.chars().collect();
    let mut x = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            alphabet[(x % alphabet.len() as u64) as usize]
        })
        .collect()
}

const ALNUM: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_B32: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const HEX: &str = "0123456789abcdef";
const B64: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// A JWT with these claims (a fake signature).
pub fn jwt(payload: &str) -> String {
    use base64::Engine;
    let e = base64::engine::general_purpose::URL_SAFE_NO_PAD;
    format!(
        "{}.{}.{}",
        e.encode(r#"{"alg":"HS256","typ":"JWT"}"#),
        e.encode(payload),
        chars(99, 43, &format!("{ALNUM}-_"))
    )
}

/// A sample whose report shows `len` characters of `token` from `from` on, then `…`.
fn sample(what: &'static str, token: String, from: usize, len: usize) -> Sample {
    let shown: String = token.chars().skip(from).take(len).collect();
    Sample {
        what,
        secret_tail: token.chars().skip(from + len).collect(),
        shown: format!("{shown}…"),
        token,
        anywhere: true,
    }
}

/// A sample of a format found only between boundaries ([`Sample::anywhere`] false), shown
/// as its first `len` characters.
fn bounded(what: &'static str, token: String, len: usize) -> Sample {
    Sample {
        anywhere: false,
        ..sample(what, token, 0, len)
    }
}

/// A key-value sample: `{word}_KEY = "{secret}"`, shown up to the secret's fourth character.
fn kv(what: &'static str, word: &str, secret: String) -> Sample {
    let before = format!("{word}_KEY = \"");
    let len = before.chars().count() + 4;
    bounded(what, format!("{before}{secret}\""), len)
}

/// One token of each format. `secret_tail` is what follows the few characters a report shows.
pub fn samples() -> Vec<Sample> {
    let j = |a: &str, b: &str| format!("{a}{b}");
    let mut out = vec![
        sample(
            "a service_role JWT",
            jwt(r#"{"iss":"supabase","ref":"abcdefghijklmnop","role":"service_role"}"#),
            0,
            8,
        ),
        sample(
            "a JWT with role `authenticated`",
            jwt(r#"{"iss":"supabase","role":"authenticated","sub":"42"}"#),
            0,
            8,
        ),
        sample(
            "a Supabase secret key",
            j("sb_sec", &format!("ret_{}", chars(1, 32, ALNUM))),
            0,
            14,
        ),
        sample(
            "a Supabase access token",
            j("sb", &format!("p_{}", chars(2, 40, HEX))),
            0,
            8,
        ),
        sample(
            "a Stripe secret key",
            j("sk_li", &format!("ve_{}", chars(3, 32, ALNUM))),
            0,
            12,
        ),
        sample(
            "a Stripe secret key",
            j("rk_li", &format!("ve_{}", chars(4, 32, ALNUM))),
            0,
            12,
        ),
        sample(
            "a Stripe secret key",
            j("sk_te", &format!("st_{}", chars(5, 32, ALNUM))),
            0,
            12,
        ),
    ];
    for (i, kind) in ["p", "o", "u", "s", "r"].into_iter().enumerate() {
        out.push(sample(
            "a GitHub token",
            format!("gh{kind}_{}", chars(10 + i as u64, 36, ALNUM)),
            0,
            8,
        ));
    }
    out.extend([
        sample(
            "a GitHub fine-grained token",
            format!(
                "github_{}_{}_{}",
                "pat",
                chars(20, 22, ALNUM),
                chars(21, 59, ALNUM)
            ),
            0,
            15,
        ),
        sample(
            "an AWS access key id",
            j("AK", &format!("IA{}", chars(22, 16, UPPER_B32))),
            0,
            8,
        ),
        sample(
            "an AWS access key id",
            j("AS", &format!("IA{}", chars(23, 16, UPPER_B32))),
            0,
            8,
        ),
        sample(
            "an AWS secret access key",
            format!("aws_secret_access_key = {}", chars(24, 40, B64)),
            4,
            24,
        ),
    ]);
    for (i, kind) in ["b", "p", "a", "r"].into_iter().enumerate() {
        out.push(sample(
            "a Slack token",
            format!(
                "xox{kind}-{}-{}-{}",
                chars(30 + i as u64, 12, "0123456789"),
                chars(40 + i as u64, 12, "0123456789"),
                chars(50 + i as u64, 24, ALNUM)
            ),
            0,
            9,
        ));
    }
    out.extend([
        sample(
            "a Slack app token",
            format!(
                "xapp-1-A{}-{}-{}",
                chars(60, 10, UPPER_B32),
                chars(61, 13, "0123456789"),
                chars(62, 64, HEX)
            ),
            0,
            9,
        ),
        sample(
            "a Slack webhook URL",
            format!(
                "https://hooks.slack.com/services/T{}/B{}/{}",
                chars(63, 8, UPPER_B32),
                chars(64, 10, UPPER_B32),
                chars(65, 24, ALNUM)
            ),
            8,
            20,
        ),
        sample(
            "a Google API key",
            j("AI", &format!("za{}", chars(66, 35, ALNUM))),
            0,
            8,
        ),
        sample(
            "an Anthropic API key",
            format!("sk-ant-api03-{}", chars(67, 93, ALNUM)),
            0,
            11,
        ),
        sample(
            "an OpenAI API key",
            format!(
                "sk-proj-{}T3Blbk{}{}",
                chars(68, 20, ALNUM),
                "FJ",
                chars(69, 20, ALNUM)
            ),
            0,
            7,
        ),
    ]);
    for (i, scheme) in [
        "postgres",
        "postgresql",
        "mysql",
        "mongodb",
        "mongodb+srv",
        "redis",
        "amqp",
    ]
    .into_iter()
    .enumerate()
    {
        let password = chars(70 + i as u64, 16, ALNUM);
        let token = format!("{scheme}://admin:{password}@db.internal.example:5432/app");
        // Shown up to the password.
        let len = scheme.len() + "://admin:".len();
        out.push(sample("a database URL with a password", token, 0, len));
    }
    out.push(sample(
        "a database URL with a password",
        "postgresql://user:password@db.example.com/app".to_string(),
        0,
        "postgresql://user:".len(),
    ));
    for kind in ["RSA ", "EC ", "OPENSSH ", ""] {
        // A private key's header holds nothing secret; its body does.
        let body = chars(80, 64, B64);
        let header = format!("-----BEGIN {kind}PRIVATE KEY-----");
        out.push(Sample {
            what: "a private key",
            token: format!("{header}\n{body}\n-----END {kind}PRIVATE KEY-----"),
            shown: header,
            secret_tail: body,
            anywhere: true,
        });
    }
    out.extend(gitleaks_samples());
    out
}

const LOWER_ALNUM: &str = "abcdefghijklmnopqrstuvwxyz0123456789";
const UPPER_ALNUM: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const WORD: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
const DIGITS: &str = "0123456789";

/// One sample of each format of gitleaks' default rules (v8.30.1) that sahel's first rules
/// did not cover, and of the formats sahel adds (Mailgun, Square, Stripe webhooks, Google
/// OAuth, Azure Storage, Telegram). Each prefix is split so no token is written whole.
fn gitleaks_samples() -> Vec<Sample> {
    let c = chars;
    let j = |a: &str, b: &str| format!("{a}{b}");
    let uuid = |seed: u64| {
        format!(
            "{}-{}-{}-{}-{}",
            c(seed, 8, HEX),
            c(seed + 1, 4, HEX),
            c(seed + 2, 4, HEX),
            c(seed + 3, 4, HEX),
            c(seed + 4, 12, HEX)
        )
    };
    let mut out = vec![
        bounded(
            "a secret key for 1Password",
            format!(
                "{}-{}-{}-{}-{}-{}",
                j("A", "3"),
                c(200, 6, UPPER_ALNUM),
                c(201, 11, UPPER_ALNUM),
                c(202, 5, UPPER_ALNUM),
                c(203, 5, UPPER_ALNUM),
                c(204, 5, UPPER_ALNUM)
            ),
            7,
        ),
        bounded(
            "an access token for 1Password",
            format!("{}{}", j("ops_", "eyJ"), c(205, 260, ALNUM)),
            8,
        ),
        bounded(
            "a client secret for Adobe",
            format!("{}{}", j("p8", "e-"), c(206, 32, ALNUM)),
            8,
        ),
        bounded(
            "a secret key for age",
            format!(
                "{}{}",
                j("AGE-SECRET-", "KEY-1"),
                c(207, 58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
            ),
            20,
        ),
        bounded(
            "an access token for Airtable",
            format!("{}{}.{}", j("pa", "t"), c(208, 14, ALNUM), c(209, 64, HEX)),
            7,
        ),
        bounded(
            "an access key ID for Alibaba Cloud",
            format!("{}{}", j("LT", "AI"), c(210, 20, ALNUM)),
            8,
        ),
        bounded(
            "an API key for JFrog Artifactory",
            format!("{}{}", j("AK", "Cp"), c(211, 69, ALNUM)),
            8,
        ),
        bounded(
            "an access token for JFrog Artifactory",
            format!("{}{}", j("cmV", "md"), c(212, 59, ALNUM)),
            9,
        ),
        bounded(
            "an access token for Atlassian",
            format!("{}{}", j("ATA", "TT3"), c(213, 186, ALNUM)),
            10,
        ),
        bounded(
            "an access key for Authress",
            format!(
                "{}{}.{}.acc_{}.{}",
                j("sc", "_"),
                c(214, 10, LOWER_ALNUM),
                c(215, 5, LOWER_ALNUM),
                c(216, 20, LOWER_ALNUM),
                c(217, 40, LOWER_ALNUM)
            ),
            7,
        ),
        bounded(
            "an API key for Amazon Bedrock",
            format!("{}{}", j("AB", "SK"), c(218, 120, ALNUM)),
            8,
        ),
        bounded(
            "an API key for Amazon Bedrock",
            format!(
                "{}{}{}",
                j("bedrock-api-", "key-"),
                "YmVkcm9jay5hbWF6b25hd3MuY29t",
                c(219, 40, ALNUM)
            ),
            20,
        ),
        bounded(
            "a secret key for ClickHouse Cloud",
            format!("{}{}", j("4b", "1d"), c(220, 38, ALNUM)),
            8,
        ),
        bounded(
            "an access token for Clojars",
            format!("{}{}", j("CLOJ", "ARS_"), c(221, 60, LOWER_ALNUM)),
            12,
        ),
        bounded(
            "an Origin CA key for Cloudflare",
            format!("{}{}-{}", j("v1", ".0-"), c(222, 24, HEX), c(223, 146, HEX)),
            9,
        ),
        bounded(
            "an access token for Databricks",
            format!("{}{}", j("da", "pi"), c(224, 32, HEX)),
            8,
        ),
        bounded(
            "an access token for DigitalOcean",
            format!("{}{}", j("doo", "_v1_"), c(225, 64, HEX)),
            11,
        ),
        bounded(
            "an access token for DigitalOcean",
            format!("{}{}", j("dop", "_v1_"), c(226, 64, HEX)),
            11,
        ),
        bounded(
            "an access token for DigitalOcean",
            format!("{}{}", j("dor", "_v1_"), c(227, 64, HEX)),
            11,
        ),
        bounded(
            "an access token for Doppler",
            format!("{}{}", j("dp.", "pt."), c(228, 43, ALNUM)),
            10,
        ),
        bounded(
            "an access token for Duffel",
            format!("{}{}", j("duffel_", "test_"), c(229, 43, ALNUM)),
            16,
        ),
        bounded(
            "an access token for Dynatrace",
            format!(
                "{}{}.{}",
                j("dt0", "c01."),
                c(230, 24, UPPER_ALNUM),
                c(231, 64, UPPER_ALNUM)
            ),
            11,
        ),
        bounded(
            "an API key for EasyPost",
            format!("{}{}", j("EZ", "AK"), c(232, 54, ALNUM)),
            8,
        ),
        bounded(
            "an access token for Facebook",
            format!("{}{}", j("EA", "AM"), c(233, 110, ALNUM)),
            8,
        ),
        bounded(
            "a secret key for Flutterwave",
            format!(
                "{}{}-X",
                j("FLWSECK_", "TEST-"),
                c(234, 32, "abcdefgh0123456789")
            ),
            17,
        ),
        bounded(
            "an access token for Fly.io",
            format!("{}{}", j("fo", "1_"), c(235, 43, WORD)),
            8,
        ),
        bounded(
            "an access token for Frame.io",
            format!("{}{}", j("fio-", "u-"), c(236, 64, ALNUM)),
            10,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glp", "at-"), c(237, 20, ALNUM)),
            10,
        ),
        bounded(
            "an access token for GitLab",
            format!(
                "{}{}_{}",
                j("glc", "bt-"),
                c(238, 3, ALNUM),
                c(239, 20, ALNUM)
            ),
            10,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("gld", "t-"), c(240, 20, ALNUM)),
            9,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glff", "ct-"), c(241, 20, ALNUM)),
            11,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glf", "t-"), c(242, 20, ALNUM)),
            9,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glim", "t-"), c(243, 25, ALNUM)),
            10,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glage", "nt-"), c(244, 50, ALNUM)),
            12,
        ),
        bounded(
            "a client secret for GitLab",
            format!("{}{}", j("gloa", "s-"), c(245, 64, ALNUM)),
            10,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glpt", "t-"), c(246, 40, HEX)),
            10,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("GR134", "8941"), c(247, 20, ALNUM)),
            13,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glr", "t-"), c(248, 20, ALNUM)),
            9,
        ),
        bounded(
            "an access token for GitLab",
            format!("{}{}", j("glso", "at-"), c(249, 20, ALNUM)),
            11,
        ),
        bounded(
            "a session cookie for GitLab",
            format!("{}{}", j("_gitlab_", "session="), c(250, 32, LOWER_ALNUM)),
            20,
        ),
        bounded(
            "an API key for Grafana",
            format!("{}{}", j("eyJrI", "joi"), c(251, 80, ALNUM)),
            12,
        ),
        bounded(
            "an access token for Grafana Cloud",
            format!("{}{}", j("gl", "c_"), c(252, 40, ALNUM)),
            8,
        ),
        bounded(
            "an access token for Grafana",
            format!("{}{}_{}", j("gls", "a_"), c(253, 32, ALNUM), c(254, 8, HEX)),
            9,
        ),
        bounded(
            "an API key for Harness",
            format!(
                "{}{}.{}.{}",
                j("pa", "t."),
                c(255, 22, ALNUM),
                c(256, 24, ALNUM),
                c(257, 20, ALNUM)
            ),
            8,
        ),
        bounded(
            "an API key for Heroku",
            format!("{}{}", j("HRKU", "-AA"), c(258, 58, ALNUM)),
            11,
        ),
        bounded(
            "an access token for Hugging Face",
            format!("{}{}", j("h", "f_"), c(259, 34, LETTERS)),
            7,
        ),
        bounded(
            "an access token for Hugging Face",
            format!("{}{}", j("api_", "org_"), c(260, 34, LETTERS)),
            12,
        ),
        bounded(
            "an access token for Infracost",
            format!("{}{}", j("ic", "o-"), c(261, 32, ALNUM)),
            8,
        ),
        bounded(
            "a client secret for 42 Intra",
            format!("{}{}", j("s-s4t", "2ud-"), c(262, 64, HEX)),
            13,
        ),
        bounded(
            "an API key for Linear",
            format!("{}{}", j("lin_", "api_"), c(263, 40, ALNUM)),
            12,
        ),
        bounded(
            "an access token for Notion",
            format!(
                "{}{}{}",
                j("nt", "n_"),
                c(264, 11, DIGITS),
                c(265, 35, ALNUM)
            ),
            8,
        ),
        bounded(
            "an access token for npm",
            format!("{}{}", j("np", "m_"), c(266, 36, ALNUM)),
            8,
        ),
        bounded(
            "an API key for Octopus Deploy",
            format!("{}{}", j("AP", "I-"), c(267, 26, UPPER_ALNUM)),
            8,
        ),
        bounded(
            "an access token for OpenShift",
            format!("{}{}", j("sha2", "56~"), c(268, 43, WORD)),
            11,
        ),
        bounded(
            "an API key for Perplexity",
            format!("{}{}", j("ppl", "x-"), c(269, 48, ALNUM)),
            9,
        ),
        bounded(
            "an access token for PlanetScale",
            format!("{}{}", j("pscale_", "tkn_"), c(270, 40, ALNUM)),
            15,
        ),
        bounded(
            "an access token for PlanetScale",
            format!("{}{}", j("pscale_", "oauth_"), c(271, 40, ALNUM)),
            17,
        ),
        bounded(
            "a password for PlanetScale",
            format!("{}{}", j("pscale_", "pw_"), c(272, 40, ALNUM)),
            14,
        ),
        bounded(
            "an API key for Postman",
            format!("{}{}-{}", j("PM", "AK-"), c(273, 24, HEX), c(274, 34, HEX)),
            9,
        ),
        bounded(
            "an API key for Prefect",
            format!("{}{}", j("pn", "u_"), c(275, 36, ALNUM)),
            8,
        ),
        bounded(
            "an access token for Pulumi",
            format!("{}{}", j("pu", "l-"), c(276, 40, HEX)),
            8,
        ),
        bounded(
            "an access token for PyPI",
            format!("{}{}", j("pypi-AgEIcH", "lwaS5vcmc"), c(277, 60, WORD)),
            23,
        ),
        bounded(
            "an API key for ReadMe",
            format!("{}{}", j("rd", "me_"), c(278, 70, LOWER_ALNUM)),
            9,
        ),
        bounded(
            "an API key for RubyGems",
            format!("{}{}", j("ruby", "gems_"), c(279, 48, HEX)),
            13,
        ),
        bounded(
            "an access token for Scalingo",
            format!("{}{}", j("tk-", "us-"), c(280, 48, ALNUM)),
            10,
        ),
        bounded(
            "an API key for SendGrid",
            format!("{}{}.{}", j("S", "G."), c(281, 22, WORD), c(282, 43, WORD)),
            7,
        ),
        bounded(
            "an API key for Brevo (Sendinblue)",
            format!(
                "{}{}-{}",
                j("xkey", "sib-"),
                c(283, 64, HEX),
                c(284, 16, ALNUM)
            ),
            12,
        ),
        bounded(
            "an access token for Sentry",
            format!(
                "{}{}{}{}={}",
                j("sntrys_", "eyJpYXQiO"),
                c(285, 20, ALNUM),
                "LCJyZWdpb25fdXJs",
                c(286, 20, ALNUM),
                "_".to_string() + &c(287, 43, ALNUM)
            ),
            11,
        ),
        bounded(
            "an access token for Sentry",
            format!("{}{}", j("sntr", "yu_"), c(288, 64, HEX)),
            11,
        ),
        bounded(
            "an access token for SettleMint",
            format!("{}{}", j("sm_", "aat_"), c(289, 16, ALNUM)),
            11,
        ),
        bounded(
            "an API key for Shippo",
            format!("{}{}", j("shippo_", "live_"), c(290, 40, HEX)),
            16,
        ),
        bounded(
            "an access token for Shopify",
            format!("{}{}", j("shp", "at_"), c(291, 32, HEX)),
            10,
        ),
        bounded(
            "an access token for Shopify",
            format!("{}{}", j("shp", "ca_"), c(292, 32, HEX)),
            10,
        ),
        bounded(
            "an access token for Shopify",
            format!("{}{}", j("shp", "pa_"), c(293, 32, HEX)),
            10,
        ),
        bounded(
            "a shared secret for Shopify",
            format!("{}{}", j("shp", "ss_"), c(294, 32, HEX)),
            10,
        ),
        bounded(
            "an access token for Square",
            format!("{}{}", j("EA", "AA"), c(295, 40, WORD)),
            8,
        ),
        bounded(
            "an access token for Square",
            format!("{}{}", j("sq0a", "tp-"), c(296, 40, WORD)),
            8,
        ),
        bounded(
            "an API key for Twilio",
            format!("{}{}", j("S", "K"), c(297, 32, HEX)),
            6,
        ),
        bounded(
            "an access token for HashiCorp Vault",
            format!("{}{}", j("hv", "b."), c(298, 150, WORD)),
            8,
        ),
        bounded(
            "an access token for HashiCorp Vault",
            format!("{}{}", j("hv", "s."), c(299, 100, WORD)),
            8,
        ),
        bounded(
            "an API key for Mailgun",
            format!("{}{}", j("ke", "y-"), c(300, 32, HEX)),
            8,
        ),
        bounded(
            "a client secret for Square",
            format!("{}{}", j("sq0c", "sp-"), c(301, 43, WORD)),
            11,
        ),
        bounded(
            "a webhook signing secret for Stripe",
            format!("{}{}", j("whs", "ec_"), c(302, 32, ALNUM)),
            10,
        ),
        bounded(
            "a client secret for Google",
            format!("{}{}", j("GOC", "SPX-"), c(303, 28, WORD)),
            11,
        ),
        bounded(
            "a connection string with the account key for Azure Storage",
            format!(
                "DefaultEndpointsProtocol=https;AccountName=sahel;{}{}==;EndpointSuffix=core.windows.net",
                j("Account", "Key="),
                c(304, 86, B64)
            ),
            0,
        ),
        bounded(
            "a connection string with the account key for Azure Storage",
            format!(
                "BlobEndpoint=https://sahel.blob.core.windows.net/;{}sv=2022-11-02&ss=b&srt=co&sp=rl&se=2030-01-01T00:00:00Z&spr=https&sig={}",
                j("SharedAccess", "Signature="),
                c(305, 44, ALNUM)
            ),
            0,
        ),
        bounded(
            "a webhook URL for Microsoft Teams",
            format!(
                "https://sahel{}/webhookb2/{}@{}/IncomingWebhook/{}/{}",
                j(".webhook.", "office.com"),
                uuid(310),
                uuid(320),
                c(330, 32, HEX),
                uuid(340)
            ),
            0,
        ),
        bounded(
            "an access token for Telegram",
            format!(
                "https://{}{}:AA{}/getMe",
                j("api.telegram.org/", "bot"),
                c(306, 10, DIGITS),
                c(307, 33, WORD)
            ),
            0,
        ),
        bounded(
            "a service_role JWT",
            {
                use base64::Engine;
                base64::engine::general_purpose::STANDARD.encode(jwt(r#"{"role":"service_role"}"#))
            },
            0,
        ),
    ];
    // What is shown of the Azure and Telegram samples starts inside them.
    for s in &mut out {
        for (from, len) in [
            ("AccountKey=", 15),
            ("SharedAccessSignature=", 29),
            ("api.telegram.org", 24),
            (".webhook.office.com", 34),
        ] {
            let ours = ["Azure", "Telegram", "Teams"]
                .iter()
                .any(|w| s.what.contains(w));
            if let Some(at) = s.token.find(from).filter(|_| ours) {
                s.shown = format!("{}…", s.token.get(at..at + len).unwrap_or_default());
                s.secret_tail = s.token.get(at + len..).unwrap_or_default().to_string();
            }
        }
        if s.what == "a service_role JWT" && s.token.starts_with("ZXlK") {
            s.shown = "eyJhbGci…".to_string();
            s.secret_tail = s.token.get(12..).unwrap_or_default().to_string();
        }
    }
    // Keys beside the word that names their service, gitleaks' key-value rules.
    for (i, (what, word, alphabet, len, prefix)) in [
        ("an API key for Adafruit", "ADAFRUIT", LOWER_ALNUM, 32, ""),
        ("a client ID for Adobe", "ADOBE_CLIENT", HEX, 32, ""),
        ("an API key for Airtable", "AIRTABLE", LOWER_ALNUM, 17, ""),
        (
            "an API key for Algolia",
            "ALGOLIA_ADMIN",
            LOWER_ALNUM,
            32,
            "",
        ),
        (
            "a secret key for Alibaba Cloud",
            "ALIBABA_SECRET",
            LOWER_ALNUM,
            30,
            "",
        ),
        ("a client ID for Asana", "ASANA_CLIENT_ID", DIGITS, 16, ""),
        (
            "a client secret for Asana",
            "ASANA_CLIENT",
            LOWER_ALNUM,
            32,
            "",
        ),
        (
            "an access token for Beamer",
            "BEAMER_API",
            LOWER_ALNUM,
            44,
            "b_",
        ),
        (
            "a client ID for Bitbucket",
            "BITBUCKET_CLIENT",
            LOWER_ALNUM,
            32,
            "",
        ),
        (
            "a client secret for Bitbucket",
            "BITBUCKET_SECRET",
            LOWER_ALNUM,
            64,
            "",
        ),
        (
            "an access key for Bittrex",
            "BITTREX_ACCESS",
            LOWER_ALNUM,
            32,
            "",
        ),
        ("an API key for Cisco Meraki", "MERAKI_API", HEX, 40, ""),
        (
            "an API key for Cloudflare",
            "CLOUDFLARE_API",
            LOWER_ALNUM,
            40,
            "",
        ),
        (
            "an API key for Cloudflare",
            "CLOUDFLARE_GLOBAL",
            HEX,
            37,
            "",
        ),
        (
            "an access token for Codecov",
            "CODECOV",
            LOWER_ALNUM,
            32,
            "",
        ),
        ("an access token for Cohere", "COHERE_API", ALNUM, 40, ""),
        (
            "an access token for Coinbase",
            "COINBASE",
            LOWER_ALNUM,
            64,
            "",
        ),
        (
            "an access token for Confluent",
            "CONFLUENT_ACCESS",
            LOWER_ALNUM,
            16,
            "",
        ),
        (
            "a secret key for Confluent",
            "CONFLUENT_SECRET",
            LOWER_ALNUM,
            64,
            "",
        ),
        (
            "an access token for Contentful",
            "CONTENTFUL_DELIVERY",
            LOWER_ALNUM,
            43,
            "",
        ),
        (
            "an access token for Datadog",
            "DATADOG_ACCESS",
            LOWER_ALNUM,
            40,
            "",
        ),
        ("an access token for Discord", "DISCORD_API", HEX, 64, ""),
        (
            "a client ID for Discord",
            "DISCORD_CLIENT_ID",
            DIGITS,
            18,
            "",
        ),
        (
            "a client secret for Discord",
            "DISCORD_CLIENT",
            LOWER_ALNUM,
            32,
            "",
        ),
        (
            "an access token for Drone CI",
            "DRONECI",
            LOWER_ALNUM,
            32,
            "",
        ),
        (
            "an access token for Dropbox",
            "DROPBOX_API",
            LOWER_ALNUM,
            15,
            "",
        ),
        (
            "an access token for Dropbox",
            "DROPBOX_SHORT",
            LOWER_ALNUM,
            135,
            "sl.",
        ),
        (
            "an access token for Etsy",
            "ETSY_ACCESS",
            LOWER_ALNUM,
            24,
            "",
        ),
        (
            "a secret key for Facebook",
            "FACEBOOK_APP_SECRET",
            HEX,
            32,
            "",
        ),
        (
            "an access token for Fastly",
            "FASTLY_API",
            LOWER_ALNUM,
            32,
            "",
        ),
        ("an access token for Finicity", "FINICITY_API", HEX, 32, ""),
        (
            "a client secret for Finicity",
            "FINICITY_CLIENT",
            LOWER_ALNUM,
            20,
            "",
        ),
        (
            "an access token for Finnhub",
            "FINNHUB",
            LOWER_ALNUM,
            20,
            "",
        ),
        ("an access token for Flickr", "FLICKR", LOWER_ALNUM, 32, ""),
        (
            "an access token for FreshBooks",
            "FRESHBOOKS",
            LOWER_ALNUM,
            64,
            "",
        ),
        ("an access token for Gitter", "GITTER", LOWER_ALNUM, 40, ""),
        (
            "an access token for GoCardless",
            "GOCARDLESS",
            LOWER_ALNUM,
            40,
            "live_",
        ),
        ("an API key for Intercom", "INTERCOM", LOWER_ALNUM, 60, ""),
        ("an API key for JFrog", "JFROG_API", LOWER_ALNUM, 73, ""),
        (
            "an access token for JFrog",
            "JFROG_IDENTITY",
            LOWER_ALNUM,
            64,
            "",
        ),
        ("an access token for Kraken", "KRAKEN", LOWER_ALNUM, 85, ""),
        ("an access token for KuCoin", "KUCOIN_ACCESS", HEX, 24, ""),
        (
            "an access token for LaunchDarkly",
            "LAUNCHDARKLY",
            LOWER_ALNUM,
            40,
            "",
        ),
        ("a client secret for Linear", "LINEAR_CLIENT", HEX, 32, ""),
        (
            "a client ID for LinkedIn",
            "LINKEDIN_CLIENT",
            LOWER_ALNUM,
            14,
            "",
        ),
        (
            "a client secret for LinkedIn",
            "LINKEDIN_SECRET",
            LOWER_ALNUM,
            16,
            "",
        ),
        ("an API key for Lob", "LOB_API", HEX, 35, "live_"),
        (
            "a client ID for Looker",
            "LOOKER_CLIENT_ID",
            LOWER_ALNUM,
            20,
            "",
        ),
        (
            "a client secret for Looker",
            "LOOKER_CLIENT",
            LOWER_ALNUM,
            24,
            "",
        ),
        (
            "an access token for Mattermost",
            "MATTERMOST",
            LOWER_ALNUM,
            26,
            "",
        ),
        (
            "an access token for MessageBird",
            "MESSAGEBIRD",
            LOWER_ALNUM,
            25,
            "",
        ),
        (
            "an access token for Netlify",
            "NETLIFY",
            LOWER_ALNUM,
            43,
            "",
        ),
        (
            "an insert key for New Relic",
            "NEW_RELIC_INSERT",
            UPPER_ALNUM,
            32,
            "NRII-",
        ),
        (
            "a client ID for New Relic",
            "NEW_RELIC_USER",
            LOWER_ALNUM,
            64,
            "",
        ),
        (
            "an API key for New Relic",
            "NEW_RELIC_API",
            LOWER_ALNUM,
            27,
            "NRAK-",
        ),
        (
            "an access token for The New York Times",
            "NYTIMES",
            LOWER_ALNUM,
            32,
            "",
        ),
        ("an access token for Okta", "OKTA_API", ALNUM, 40, "00"),
        ("a client ID for Plaid", "PLAID_CLIENT", LOWER_ALNUM, 24, ""),
        (
            "a secret key for Plaid",
            "PLAID_SECRET",
            LOWER_ALNUM,
            30,
            "",
        ),
        (
            "an access token for Private AI",
            "PRIVATE_AI",
            LOWER_ALNUM,
            32,
            "",
        ),
        (
            "an access token for RapidAPI",
            "RAPIDAPI",
            LOWER_ALNUM,
            50,
            "",
        ),
        ("an access token for Sendbird", "SENDBIRD_API", HEX, 40, ""),
        ("an access token for Sentry", "SENTRY_AUTH", HEX, 64, ""),
        (
            "an access token for SonarQube",
            "SONAR_TOKEN",
            LOWER_ALNUM,
            40,
            "squ_",
        ),
        (
            "an access token for Sourcegraph",
            "SOURCEGRAPH",
            HEX,
            40,
            "",
        ),
        (
            "an access token for Sumo Logic",
            "SUMO_ACCESS",
            LOWER_ALNUM,
            64,
            "",
        ),
        (
            "an access token for Travis CI",
            "TRAVIS",
            LOWER_ALNUM,
            22,
            "",
        ),
        (
            "an access token for Twitch",
            "TWITCH_API",
            LOWER_ALNUM,
            30,
            "",
        ),
        (
            "a secret key for X (Twitter)",
            "TWITTER_ACCESS",
            LOWER_ALNUM,
            45,
            "",
        ),
        (
            "an API key for X (Twitter)",
            "TWITTER_API",
            LOWER_ALNUM,
            25,
            "",
        ),
        (
            "a secret key for X (Twitter)",
            "TWITTER_API_SECRET",
            LOWER_ALNUM,
            50,
            "",
        ),
        (
            "an access token for X (Twitter)",
            "TWITTER_BEARER",
            ALNUM,
            90,
            "AAAAAAAAAAAAAAAAAAAAAA",
        ),
        (
            "an access token for Typeform",
            "TYPEFORM",
            LOWER_ALNUM,
            59,
            "tfp_",
        ),
        (
            "an access token for HashiCorp Vault",
            "VAULT",
            LOWER_ALNUM,
            24,
            "s.",
        ),
        ("an API key for Yandex", "YANDEX_API", ALNUM, 36, "AQVN"),
        ("an access token for Yandex", "YANDEX_AWS", ALNUM, 38, "YC"),
        ("a secret key for Zendesk", "ZENDESK", LOWER_ALNUM, 40, ""),
    ]
    .into_iter()
    .enumerate()
    {
        out.push(kv(
            what,
            word,
            format!("{prefix}{}", c(400 + i as u64, len, alphabet)),
        ));
    }
    let mut uuids = Vec::new();
    for (i, (what, word)) in [
        ("an API key for Heroku", "HEROKU_API"),
        ("an API key for HubSpot", "HUBSPOT_API"),
        ("a secret key for KuCoin", "KUCOIN_SECRET"),
        ("a client ID for MessageBird", "MESSAGEBIRD_CLIENT"),
        ("a client ID for Sendbird", "SENDBIRD_ACCESS_ID"),
        ("an access token for Snyk", "SNYK_API"),
        ("an access token for Squarespace", "SQUARESPACE"),
    ]
    .into_iter()
    .enumerate()
    {
        uuids.push(kv(what, word, uuid(500 + 10 * i as u64)));
    }
    out.extend(uuids);
    out.extend([
        kv(
            "an access token for Atlassian",
            "JIRA_API",
            format!("{}{}", c(599, 20, LOWER_ALNUM), c(598, 4, HEX)),
        ),
        kv(
            "an access token for Defined Networking",
            "DNKEY",
            format!(
                "dnkey-{}-{}",
                c(600, 26, LOWER_ALNUM),
                c(601, 52, LOWER_ALNUM)
            ),
        ),
        kv(
            "an access token for Dropbox",
            "DROPBOX_LONG",
            format!(
                "{}AAAAAAAAAA{}",
                c(602, 11, LOWER_ALNUM),
                c(603, 43, LOWER_ALNUM)
            ),
        ),
        kv(
            "an API key for Mailchimp",
            "MAILCHIMP",
            format!("{}-us{}", c(604, 32, HEX), c(605, 2, DIGITS)),
        ),
        kv(
            "a signing key for Mailgun",
            "MAILGUN_SIGNING",
            format!("{}-{}-{}", c(606, 32, HEX), c(607, 8, HEX), c(608, 8, HEX)),
        ),
        kv(
            "an access token for Mapbox",
            "MAPBOX_SECRET",
            format!("sk.{}.{}", c(609, 60, LOWER_ALNUM), c(610, 22, LOWER_ALNUM)),
        ),
        kv(
            "an access token for Plaid",
            "PLAID_ACCESS",
            format!("access-sandbox-{}", uuid(611)),
        ),
        kv(
            "an access token for Telegram",
            "TELEGRAM_BOT",
            format!("{}:A{}", c(620, 10, DIGITS), c(621, 34, LOWER_ALNUM)),
        ),
        kv(
            "an access token for X (Twitter)",
            "TWITTER_ACCESS_TOKEN",
            format!("{}-{}", c(622, 18, DIGITS), c(623, 30, ALNUM)),
        ),
        kv(
            "a client ID for Sumo Logic",
            "SUMO_ACCESS_ID",
            format!("su{}", c(624, 12, ALNUM)),
        ),
    ]);
    // Rules of their own shape.
    out.extend([
        sample(
            "a client secret for Microsoft Entra ID",
            format!(
                "client_secret=\"{}{}Q~{}\"",
                c(630, 3, ALNUM),
                c(631, 1, DIGITS),
                c(632, 32, ALNUM)
            ),
            14,
            5,
        ),
        bounded(
            "an access token for Facebook",
            format!(
                "{}|{} (the facebook app's token)",
                c(633, 16, DIGITS),
                c(634, 32, LOWER_ALNUM)
            ),
            4,
        ),
        bounded(
            "an access token for Terraform Cloud",
            format!(
                "{}.{}.{}",
                c(635, 14, LOWER_ALNUM),
                j("atlas", "v1"),
                c(636, 64, LOWER_ALNUM)
            ),
            4,
        ),
        bounded(
            "a license key for MaxMind",
            format!(
                "{}_{}{}",
                c(637, 6, ALNUM),
                c(638, 29, ALNUM),
                j("_m", "mk")
            ),
            4,
        ),
        bounded(
            "credentials for Sidekiq",
            format!(
                "{}={}:{}",
                j("BUNDLE_ENTERPRISE__", "CONTRIBSYS__COM"),
                c(639, 8, HEX),
                c(640, 8, HEX)
            ),
            39,
        ),
        bounded(
            "credentials for Sidekiq",
            format!(
                "https://{}:{}@gems.{}",
                c(641, 8, HEX),
                c(642, 8, HEX),
                "contribsys.com/"
            ),
            12,
        ),
        bounded(
            "an access token for Telegram",
            format!("{}:AA{}", c(643, 10, DIGITS), c(644, 33, WORD)),
            4,
        ),
        bounded(
            "a secret key for Freemius",
            format!(
                "'{}' => '{}{}'",
                j("secret", "_key"),
                j("s", "k_"),
                c(645, 29, ALNUM)
            ),
            21,
        ),
        bounded(
            "a password for NuGet",
            format!("<add key=\"Password\" value=\"{}\" />", c(646, 16, ALNUM)),
            31,
        ),
        bounded(
            "credentials for curl",
            format!(
                "curl -H \"Authorization: Bearer {}\" https://api.example.com",
                c(647, 32, ALNUM)
            ),
            35,
        ),
        bounded(
            "credentials for curl",
            format!(
                "curl -u admin:{} https://api.example.com",
                c(648, 16, ALNUM)
            ),
            12,
        ),
        bounded(
            "a password for Terraform",
            format!(
                "administrator_login_password = \"{}\"",
                c(649, 14, LOWER_ALNUM)
            ),
            36,
        ),
    ]);
    out
}
