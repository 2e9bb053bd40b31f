//! The kinds of secret found by a fixed text they start with ([`PREFIXED`]), as one regex whose
//! alternatives each begin with a literal: where the literals' first bytes stand is found
//! first (`search.rs`, one pass for these and the keyword rules' words), and only there is the
//! regex tried.
//!
//! The shapes follow gitleaks' default rules (v8.30.1, `config/gitleaks.toml`), each rule's
//! regex as gitleaks publishes it, with these changes, for a site's pages rather than a source
//! tree: a boundary is ASCII (`(?-u:\b)`: the lazy DFA cannot run a Unicode one); where
//! gitleaks ends a key with a quote, a space or `;`, sahel also takes `<`, `&`, `,`, `)`, `]`,
//! `}`, `|`, `%`, `?`, `#`, a backslash (JSON's `\n`, `\/`) and a full stop that ends a
//! sentence, since a key in a page stands in HTML text, an attribute or a URL; the first rules
//! (Supabase to database URLs), which sahel had before, end anywhere.

use memchr::memmem;

use super::{Hit, Kind};

/// How much of a match a finding shows.
#[derive(Clone, Copy, Debug)]
pub(super) enum Shown {
    /// The rule's fixed prefix, of this many bytes, and four more bytes.
    Prefix(usize),
    /// All of it (a private key's header line, which holds nothing secret).
    All,
    /// A URL up to its password.
    Url,
    /// The name before an AWS secret key, and four bytes of the key.
    Named,
}

/// What a rule finds: a message of its own (sahel's first rules) or a service's key of a kind.
#[derive(Clone, Copy, Debug)]
pub(super) enum Name {
    /// The English text [`super::rule_name`] maps to its message.
    Own(&'static str),
    /// A service (a proper name, the same in every language) and the kind of its secret.
    Service(&'static str, Kind),
}

/// One rule: gitleaks' id (or sahel's), what it finds, its regex, what a finding shows, and the
/// least Shannon entropy (bits per byte) its match must have, gitleaks' `entropy` (0: none).
#[derive(Clone, Copy, Debug)]
pub(super) struct Rule {
    pub id: &'static str,
    pub name: Name,
    pub pattern: &'static str,
    pub shown: Shown,
    pub entropy: f32,
}

const fn own(id: &'static str, what: &'static str, pattern: &'static str, shown: Shown) -> Rule {
    Rule {
        id,
        name: Name::Own(what),
        pattern,
        shown,
        entropy: 0.0,
    }
}

const fn svc(
    id: &'static str,
    service: &'static str,
    kind: Kind,
    pattern: &'static str,
    prefix: usize,
    entropy: f32,
) -> Rule {
    Rule {
        id,
        name: Name::Service(service, kind),
        pattern,
        shown: Shown::Prefix(prefix),
        entropy,
    }
}

/// What may follow a key (see the module's documentation), as `{T}` in [`PREFIXED`]' patterns.
pub(super) const TERM: &str = r#"(?:[\x60'"\s;<>&,)\]}|%?#\\]|\.(?:[\s<"'\\]|$)|$)"#;

use Kind::{ApiKey, ClientSecret, Password, SecretKey, Token, WebhookSecret};

/// The rules, in the order they are tried. `{B}` is an ASCII word boundary, `{T}` [`TERM`].
#[rustfmt::skip]
pub(super) const PREFIXED: &[Rule] = &[
    own("supabase-secret-key", "a Supabase secret key", r"sb_secret_[A-Za-z0-9_-]{8,}", Shown::Prefix(10)),
    own("supabase-access-token", "a Supabase access token", r"sbp_[0-9a-f]{40}", Shown::Prefix(4)),
    own("stripe-access-token", "a Stripe secret key", r"[sr]k_(?:live|test|prod)_[A-Za-z0-9]{10,}", Shown::Prefix(8)),
    own("github-pat", "a GitHub token", r"gh[pousr]_[A-Za-z0-9]{36}", Shown::Prefix(4)),
    own("github-fine-grained-pat", "a GitHub fine-grained token", r"github_pat_[A-Za-z0-9_]{22,}", Shown::Prefix(11)),
    own("aws-access-token", "an AWS access key id", r"(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}", Shown::Prefix(4)),
    own("aws-secret-access-key", "an AWS secret access key", r#"(?:[sS]ecret_?[aA]ccess_?[kK]ey|SECRET_?ACCESS_?KEY|secret-access-key)["']?\s*(?:=|:|=>)\s*["']?[A-Za-z0-9/+]{40}"#, Shown::Named),
    own("slack-token", "a Slack token", r"xox[bpeos]-[0-9]+-[0-9A-Za-z-]{8,}|xox[ar]-(?:[0-9]-)?[0-9A-Za-z]{8,}", Shown::Prefix(5)),
    own("slack-app-token", "a Slack app token", r"xapp-[0-9]+-[0-9A-Za-z-]{10,}", Shown::Prefix(5)),
    own("slack-webhook-url", "a Slack webhook URL", r"hooks\.slack\.com(?:/|\\/|&#x2[fF];|&#47;|%2[fF])(?:services|workflows|triggers)(?:/|\\/|&#x2[fF];|&#47;|%2[fF])[A-Za-z0-9+/]{8,}", Shown::Prefix(16)),
    own("gcp-api-key", "a Google API key", r"AIza[0-9A-Za-z_-]{35}", Shown::Prefix(4)),
    own("anthropic-api-key", "an Anthropic API key", r"sk-ant-[a-z]+[0-9]*-[A-Za-z0-9_-]{20,}", Shown::Prefix(7)),
    own("openai-api-key", "an OpenAI API key", r"sk-[A-Za-z0-9_-]{0,40}T3BlbkFJ[A-Za-z0-9_-]{10,}", Shown::Prefix(3)),
    own("private-key", "a private key", r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----", Shown::All),
    own("database-url", "a database URL with a password", r#"(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?)(?::|%3[aA])(?:/|\\/|&#x2[fF];|&#47;|%2[fF]){2}[^\s"'<>@/:]*(?::|%3[aA])[^\s"'<>@/]+(?:@|%40|&#64;|&#x40;)[A-Za-z0-9\[]"#, Shown::Url),
    // gitleaks' rules with a fixed prefix, by id.
    svc("1password-secret-key", "1Password", SecretKey, r"{B}A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}{B}", 3, 3.8),
    svc("1password-service-account-token", "1Password", Token, r"ops_eyJ[a-zA-Z0-9+/]{250,}={0,3}", 4, 4.0),
    svc("adobe-client-secret", "Adobe", ClientSecret, r"{B}p8e-(?i:[a-z0-9]{32}){T}", 4, 2.0),
    svc("age-secret-key", "age", SecretKey, r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", 16, 0.0),
    svc("airtable-personnal-access-token", "Airtable", Token, r"{B}pat[A-Za-z0-9]{14}\.[a-f0-9]{64}{B}", 3, 0.0),
    svc("alibaba-access-key-id", "Alibaba Cloud", Kind::KeyId, r"{B}LTAI(?i:[a-z0-9]{20}){T}", 4, 2.0),
    svc("artifactory-api-key", "JFrog Artifactory", ApiKey, r"{B}AKCp[A-Za-z0-9]{69}{B}", 4, 4.5),
    svc("artifactory-reference-token", "JFrog Artifactory", Token, r"{B}cmVmd[A-Za-z0-9]{59}{B}", 5, 4.5),
    svc("atlassian-api-token", "Atlassian", Token, r"{B}ATATT3[A-Za-z0-9_\-=]{186}{T}", 6, 3.5),
    svc("authress-service-client-access-key", "Authress", Kind::AccessKey, r"{B}(?:sc|ext|scauth|authress)_(?i:[a-z0-9]{5,30})\.(?i:[a-z0-9]{4,6})\.acc[_-](?i:[a-z0-9-]{10,32})\.(?i:[a-z0-9+/_=-]{30,120}){T}", 3, 2.0),
    svc("aws-amazon-bedrock-api-key-long-lived", "Amazon Bedrock", ApiKey, r"{B}ABSK[A-Za-z0-9+/]{109,269}={0,2}{T}", 4, 3.0),
    svc("aws-amazon-bedrock-api-key-short-lived", "Amazon Bedrock", ApiKey, r"bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t", 16, 3.0),
    svc("clickhouse-cloud-api-secret-key", "ClickHouse Cloud", SecretKey, r"{B}4b1d[A-Za-z0-9]{38}{B}", 4, 3.0),
    svc("clojars-api-token", "Clojars", Token, r"(?:CLOJARS|clojars)_(?i:[a-z0-9]{60})", 8, 2.0),
    svc("cloudflare-origin-ca-key", "Cloudflare", Kind::CaKey, r"{B}v1\.0-[a-f0-9]{24}-[a-f0-9]{146}{T}", 5, 2.0),
    svc("databricks-api-token", "Databricks", Token, r"{B}dapi[a-f0-9]{32}(?:-[0-9])?{T}", 4, 3.0),
    svc("digitalocean-access-token", "DigitalOcean", Token, r"{B}doo_v1_[a-f0-9]{64}{T}", 7, 3.0),
    svc("digitalocean-pat", "DigitalOcean", Token, r"{B}dop_v1_[a-f0-9]{64}{T}", 7, 3.0),
    svc("digitalocean-refresh-token", "DigitalOcean", Token, r"{B}(?i:dor_v1_[a-f0-9]{64}){T}", 7, 0.0),
    svc("doppler-api-token", "Doppler", Token, r"dp\.pt\.(?i:[a-z0-9]{43})", 6, 2.0),
    svc("duffel-api-token", "Duffel", Token, r"duffel_(?:test|live)_(?i:[a-z0-9_\-=]{43})", 12, 2.0),
    svc("dynatrace-api-token", "Dynatrace", Token, r"dt0c01\.(?i:[a-z0-9]{24}\.[a-z0-9]{64})", 7, 4.0),
    svc("easypost-api-token", "EasyPost", ApiKey, r"{B}EZ[AT]K(?i:[a-z0-9]{54}){B}", 4, 2.0),
    svc("facebook-page-access-token", "Facebook", Token, r"{B}EAA[MC](?i:[a-z0-9]{100,}){T}", 4, 4.0),
    svc("flutterwave-secret-key", "Flutterwave", SecretKey, r"(?:FLWSECK|flwseck)(?:_TEST|_test)?-(?i:[a-h0-9]{12})", 13, 2.0),
    svc("flyio-access-token", "Fly.io", Token, r"{B}(?:fo1_[\w-]{43}|fm1[ar]_[a-zA-Z0-9+/]{100,}={0,3}|fm2_[a-zA-Z0-9+/]{100,}={0,3}){T}", 4, 4.0),
    svc("frameio-api-token", "Frame.io", Token, r"fio-u-(?i:[a-z0-9\-_=]{64})", 6, 0.0),
    svc("gitlab-pat", "GitLab", Token, r"glpat-[\w-]{20}", 6, 3.0),
    svc("gitlab-cicd-job-token", "GitLab", Token, r"glcbt-[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_-]{20}", 6, 3.0),
    svc("gitlab-deploy-token", "GitLab", Token, r"gldt-[0-9a-zA-Z_\-]{20}", 5, 3.0),
    svc("gitlab-feature-flag-client-token", "GitLab", Token, r"glffct-[0-9a-zA-Z_\-]{20}", 7, 3.0),
    svc("gitlab-feed-token", "GitLab", Token, r"glft-[0-9a-zA-Z_\-]{20}", 5, 3.0),
    svc("gitlab-incoming-mail-token", "GitLab", Token, r"glimt-[0-9a-zA-Z_\-]{25}", 6, 3.0),
    svc("gitlab-kubernetes-agent-token", "GitLab", Token, r"glagent-[0-9a-zA-Z_\-]{50}", 8, 3.0),
    svc("gitlab-oauth-app-secret", "GitLab", ClientSecret, r"gloas-[0-9a-zA-Z_\-]{64}", 6, 3.0),
    svc("gitlab-ptt", "GitLab", Token, r"glptt-[0-9a-f]{40}", 6, 3.0),
    svc("gitlab-rrt", "GitLab", Token, r"GR1348941[\w-]{20}", 9, 3.0),
    svc("gitlab-runner-authentication-token", "GitLab", Token, r"glrt-[0-9a-zA-Z_\-]{20}", 5, 3.0),
    svc("gitlab-scim-token", "GitLab", Token, r"glsoat-[0-9a-zA-Z_\-]{20}", 7, 3.0),
    svc("gitlab-session-cookie", "GitLab", Kind::Session, r"_gitlab_session=[0-9a-z]{32}", 16, 3.0),
    svc("grafana-api-key", "Grafana", ApiKey, r"{B}eyJrIjoi[A-Za-z0-9]{70,400}={0,3}{T}", 8, 3.0),
    svc("grafana-cloud-api-token", "Grafana Cloud", Token, r"{B}glc_[A-Za-z0-9+/]{32,400}={0,3}{T}", 4, 3.0),
    svc("grafana-service-account-token", "Grafana", Token, r"{B}glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}{T}", 5, 3.0),
    svc("harness-api-key", "Harness", ApiKey, r"{B}[ps]at\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9]{24}\.[a-zA-Z0-9]{20}", 4, 0.0),
    svc("heroku-api-key-v2", "Heroku", ApiKey, r"{B}HRKU-AA[0-9a-zA-Z_-]{58}{T}", 7, 4.0),
    svc("huggingface-access-token", "Hugging Face", Token, r"{B}hf_(?i:[a-z]{34}){T}", 3, 2.0),
    svc("huggingface-organization-api-token", "Hugging Face", Token, r"{B}api_org_(?i:[a-z]{34}){T}", 8, 2.0),
    svc("infracost-api-token", "Infracost", Token, r"{B}ico-[a-zA-Z0-9]{32}{T}", 4, 3.0),
    svc("intra42-client-secret", "42 Intra", ClientSecret, r"{B}s-s4t2(?:ud|af)-(?i:[a-f0-9]{64}){T}", 9, 3.0),
    svc("linear-api-key", "Linear", ApiKey, r"lin_api_(?i:[a-z0-9]{40})", 8, 2.0),
    svc("notion-api-token", "Notion", Token, r"{B}ntn_[0-9]{11}[A-Za-z0-9]{35}{T}", 4, 4.0),
    svc("npm-access-token", "npm", Token, r"{B}(?i:npm_[a-z0-9]{36}){T}", 4, 2.0),
    svc("octopus-deploy-api-key", "Octopus Deploy", ApiKey, r"{B}API-[A-Z0-9]{26}{T}", 4, 3.0),
    svc("openshift-user-token", "OpenShift", Token, r"{B}sha256~[\w-]{43}(?:[^\w-]|$)", 7, 3.5),
    svc("perplexity-api-key", "Perplexity", ApiKey, r"{B}pplx-[a-zA-Z0-9]{48}{B}", 5, 4.0),
    svc("planetscale-api-token", "PlanetScale", Token, r"{B}pscale_tkn_(?i:[\w=.-]{32,64}){T}", 11, 3.0),
    svc("planetscale-oauth-token", "PlanetScale", Token, r"{B}pscale_oauth_[\w=.-]{32,64}{T}", 13, 3.0),
    svc("planetscale-password", "PlanetScale", Password, r"{B}(?i:pscale_pw_[\w=.-]{32,64}){T}", 10, 3.0),
    svc("postman-api-token", "Postman", ApiKey, r"{B}PMAK-(?i:[a-f0-9]{24}-[a-f0-9]{34}){T}", 5, 3.0),
    svc("prefect-api-token", "Prefect", ApiKey, r"{B}pnu_[a-zA-Z0-9]{36}{T}", 4, 2.0),
    svc("pulumi-api-token", "Pulumi", Token, r"{B}pul-[a-f0-9]{40}{T}", 4, 2.0),
    svc("pypi-upload-token", "PyPI", Token, r"pypi-AgEIcHlwaS5vcmc[\w-]{50,1000}", 19, 3.0),
    svc("readme-api-token", "ReadMe", ApiKey, r"{B}rdme_[a-z0-9]{70}{T}", 5, 2.0),
    svc("rubygems-api-token", "RubyGems", ApiKey, r"{B}rubygems_[a-f0-9]{48}{T}", 9, 2.0),
    svc("scalingo-api-token", "Scalingo", Token, r"{B}tk-us-[\w-]{48}{T}", 6, 2.0),
    svc("sendgrid-api-token", "SendGrid", ApiKey, r"{B}SG\.(?i:[a-z0-9=_\-.]{66}){T}", 3, 2.0),
    svc("sendinblue-api-token", "Brevo (Sendinblue)", ApiKey, r"{B}xkeysib-[a-f0-9]{64}-(?i:[a-z0-9]{16}){T}", 8, 2.0),
    svc("sentry-org-token", "Sentry", Token, r"{B}sntrys_eyJpYXQiO[a-zA-Z0-9+/]{10,200}(?:LCJyZWdpb25fdXJs|InJlZ2lvbl91cmwi|cmVnaW9uX3VybCI6)[a-zA-Z0-9+/]{10,200}={0,2}_[a-zA-Z0-9+/]{43}(?:[^a-zA-Z0-9+/]|$)", 7, 4.5),
    svc("sentry-user-token", "Sentry", Token, r"{B}sntryu_[a-f0-9]{64}{T}", 7, 3.5),
    svc("settlemint-access-token", "SettleMint", Token, r"{B}sm_(?:aat|pat|sat)_[a-zA-Z0-9]{16}{T}", 7, 3.0),
    svc("shippo-api-token", "Shippo", ApiKey, r"{B}shippo_(?:live|test)_[a-fA-F0-9]{40}{T}", 12, 2.0),
    svc("shopify-access-token", "Shopify", Token, r"shp(?:at|ca|pa)_[a-fA-F0-9]{32}", 6, 2.0),
    svc("shopify-shared-secret", "Shopify", Kind::SharedSecret, r"shpss_[a-fA-F0-9]{32}", 6, 2.0),
    svc("square-access-token", "Square", Token, r"{B}(?:EAAA|sq0atp-)[\w-]{22,60}{T}", 4, 2.0),
    svc("twilio-api-key", "Twilio", ApiKey, r"{B}SK[0-9a-fA-F]{32}{B}", 2, 3.0),
    svc("vault-batch-token", "HashiCorp Vault", Token, r"{B}hvb\.[\w-]{138,300}{T}", 4, 4.0),
    svc("vault-service-token", "HashiCorp Vault", Token, r"{B}hvs\.[\w-]{90,120}{T}", 4, 3.5),
    svc("microsoft-teams-webhook", "Microsoft Teams", Kind::WebhookUrl, r"\.webhook\.office\.com/webhookb2/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}@[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}/IncomingWebhook/[a-z0-9]{32}/[a-z0-9]{8}-(?:[a-z0-9]{4}-){3}[a-z0-9]{12}", 30, 0.0),
    // Formats gitleaks v8.30.1 finds only beside a keyword or not at all, written from each
    // service's documentation of its key's shape.
    svc("mailgun-private-api-token", "Mailgun", ApiKey, r"{B}key-[a-f0-9]{32}{T}", 4, 3.0),
    svc("square-oauth-secret", "Square", ClientSecret, r"{B}sq0csp-[\w-]{43}{T}", 7, 3.0),
    svc("stripe-webhook-secret", "Stripe", WebhookSecret, r"{B}whsec_[A-Za-z0-9+/=]{32,}", 6, 3.0),
    svc("gcp-oauth-client-secret", "Google", ClientSecret, r"{B}GOCSPX-[\w-]{28}", 7, 3.0),
    svc("azure-storage-account-key", "Azure Storage", Kind::ConnectionString, r"AccountKey=[A-Za-z0-9+/]{86}==", 11, 3.0),
    svc("azure-storage-sas", "Azure Storage", Kind::ConnectionString, r"SharedAccessSignature=sv=[0-9-]{10}&[^\s;'<]*sig=[A-Za-z0-9%+/]{40,}", 25, 3.0),
    svc("telegram-bot-api-url", "Telegram", Token, r"api\.telegram\.org(?:/|\\/|%2[fF])bot[0-9]{5,16}:A[A-Za-z0-9_-]{34}", 20, 3.0),
];

/// Shannon entropy of `bytes`, in bits per byte.
pub(super) fn entropy(bytes: &[u8]) -> f32 {
    if bytes.is_empty() {
        return 0.0;
    }
    let mut counts = [0u32; 256];
    for &b in bytes {
        if let Some(c) = counts.get_mut(usize::from(b)) {
            *c += 1;
        }
    }
    // invariant: a file's length fits an f32's range (precision is not needed here)
    #[allow(clippy::cast_precision_loss)]
    let len = bytes.len() as f32;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            #[allow(clippy::cast_precision_loss)]
            let p = c as f32 / len;
            -p * p.log2()
        })
        .sum()
}

/// A rule's pattern as the regex engine reads it: `{B}` and `{T}` written out, ASCII classes.
pub(super) fn expand(pattern: &str) -> String {
    pattern.replace("{B}", r"(?-u:\b)").replace("{T}", TERM)
}

/// [`PREFIXED`] as one regex anchored where a key may start (alternatives tried in order), and
/// each rule's own, anchored, to tell which one matched. Where a key may start is found by
/// `search.rs`, from the first bytes of every rule's fixed prefixes ([`prefixes`]).
pub(super) struct Compiled {
    any: regex::bytes::Regex,
    each: Vec<(Rule, regex::bytes::Regex)>,
}

/// The first bytes of the texts `pattern` can start with; `None` if one of them is shorter
/// than two bytes or there are too many (a rule must start with a fixed text).
pub(super) fn prefixes(pattern: &str) -> Option<Vec<Vec<u8>>> {
    let hir = regex_syntax::ParserBuilder::new()
        .unicode(false)
        .utf8(false)
        .build()
        .parse(&expand(pattern))
        .ok()?;
    let seq = regex_syntax::hir::literal::Extractor::new().extract(&hir);
    let literals = seq.literals()?;
    literals
        .iter()
        .map(|l| {
            let bytes = l.as_bytes();
            (bytes.len() >= 2).then(|| bytes.get(..bytes.len().min(4)).unwrap_or(bytes).to_vec())
        })
        .collect()
}

pub(super) fn compiled() -> Option<&'static Compiled> {
    static RULES_RE: std::sync::OnceLock<Option<Compiled>> = std::sync::OnceLock::new();
    RULES_RE
        .get_or_init(|| {
            let anchored = |p: &str| {
                regex::bytes::RegexBuilder::new(&format!("^(?:{p})"))
                    .unicode(false)
                    .size_limit(64 << 20)
                    .dfa_size_limit(16 << 20)
                    .build()
                    .ok()
            };
            let any = PREFIXED
                .iter()
                .map(|r| format!("(?:{})", expand(r.pattern)))
                .collect::<Vec<_>>()
                .join("|");
            let each = PREFIXED
                .iter()
                .map(|r| Some((*r, anchored(&expand(r.pattern))?)))
                .collect::<Option<Vec<_>>>()?;
            Some(Compiled {
                any: anchored(&any)?,
                each,
            })
        })
        .as_ref()
}

/// What a finding shows of a secret: the few characters that say what it is and no more.
pub(super) fn redacted(token: &[u8], shown: usize) -> String {
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
fn is_placeholder(rule: &Rule, token: &[u8]) -> bool {
    rule.id == "aws-access-token" && token.ends_with(b"EXAMPLE")
}

/// The key a match holds: the match less what [`TERM`] or a closing boundary took after it.
fn trimmed(token: &[u8]) -> &[u8] {
    let end = token
        .iter()
        .rposition(|&b| b.is_ascii_alphanumeric() || b"_-=+/".contains(&b))
        .map_or(0, |i| i + 1);
    token.get(..end).unwrap_or(token)
}

/// The secret keys [`PREFIXED`] finds in `bytes`, added to `found`, looking where a prefix of
/// theirs stands (`starts`, in order: `search.rs`).
pub(super) fn scan(bytes: &[u8], starts: &[usize], found: &mut Vec<Hit>) {
    let Some(rules) = compiled() else {
        // The patterns are fixed and tested (`every_rule_compiles`): this does not happen.
        found.push(Hit {
            offset: 0,
            secret: 0..bytes.len(),
            what: crate::msg!("output-secret-rules-broken"),
        });
        return;
    };
    let mut at = 0;
    for &start in starts {
        if start < at {
            continue;
        }
        at = start + 1;
        let rest = bytes.get(start..).unwrap_or_default();
        if !rules.any.is_match(rest) {
            continue;
        }
        // A rule that starts at a word boundary does not start after a letter or a digit.
        let after_word = start
            .checked_sub(1)
            .and_then(|i| bytes.get(i))
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_');
        let Some((rule, len)) = rules
            .each
            .iter()
            .filter(|(rule, _)| !(after_word && rule.pattern.starts_with("{B}")))
            .find_map(|(rule, re)| re.find(rest).map(|m| (rule, m.end())))
        else {
            continue;
        };
        let token = rest.get(..len).unwrap_or(rest);
        let token = match rule.name {
            Name::Service(..) => trimmed(token),
            Name::Own(_) => token,
        };
        let name = rule_name(rule);
        if is_placeholder(rule, token) || (entropy(token) <= rule.entropy && rule.entropy > 0.0) {
            // Whatever a placeholder overlaps is looked at too.
            continue;
        }
        let end = start + token.len();
        found.push(Hit {
            offset: start,
            secret: match rule.shown {
                // A private key's header holds nothing secret; its body, to its end line, does.
                Shown::All => end..private_key_end(bytes, end),
                _ => start..end,
            },
            what: crate::msg!(
                "output-secret-found",
                what = name,
                shown = redacted(token, shown_len(rule.shown, token))
            ),
        });
        at = end.max(start + 1);
    }
}

/// A rule's kind of key, as messages name it.
fn rule_name(rule: &Rule) -> crate::messages::Msg {
    match rule.name {
        Name::Own(what) => super::rule_name(what),
        Name::Service(service, kind) => super::service_key(service, kind),
    }
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

#[cfg(test)]
mod tests {
    #[test]
    fn every_rule_has_a_prefix_and_all_compile() {
        for rule in super::PREFIXED {
            assert!(super::prefixes(rule.pattern).is_some(), "{}", rule.id);
        }
        assert!(super::compiled().is_some());
    }
}
