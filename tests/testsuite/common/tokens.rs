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
    }
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
        });
    }
    out
}
