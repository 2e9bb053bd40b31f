//! The kinds of secret with no fixed text of their own, found beside a word that names them
//! (`twitter_api_secret = "..."`): gitleaks' keyword rules (v8.30.1). Where the words stand,
//! ASCII case ignored, comes from the one pass of `search.rs`; each word's rules are then
//! tried on the kilobyte from it (or, for the few rules gitleaks ties to a word anywhere in the
//! file, once over the file), so a file that names none of them costs nothing more.
//!
//! Most rules are gitleaks' key-value shape: the word, up to 20 letters of a name after it
//! (`_API_KEY`), an assignment (`=`, `:`, `=>`, `,`...), quotes (also escaped, `\"`, or
//! `&quot;`), and the secret, ended as gitleaks ends it or by `<`, `&`, `,` or `)` (a page's
//! text, attribute or call). The secret's
//! Shannon entropy must pass gitleaks' threshold for the rule.

use super::{Hit, Kind};

use Kind::{ApiKey, ClientId, ClientSecret, SecretKey, Token};

/// Where a rule's match may stand from its word.
#[derive(Clone, Copy, Debug)]
pub(super) enum Scope {
    /// Starting at the word (`back` 0) or up to `back` bytes before it, within a kilobyte.
    Near(usize),
    /// Anywhere in a file where the word stands.
    File,
}

/// One rule: gitleaks' id, the service and the kind of its secret, the words that gate it
/// (lower case), its regex (group 1, or else the match, is the secret), and the least entropy.
#[derive(Clone, Copy, Debug)]
pub(super) struct Gated {
    #[cfg_attr(not(test), allow(dead_code))] // gitleaks' id: the tests name rules by it
    pub id: &'static str,
    pub service: &'static str,
    pub kind: Kind,
    pub words: &'static [&'static str],
    /// The word as a regex (key-value rules) or the whole regex ([`Gated::raw`]).
    pub pattern: &'static str,
    /// The secret's regex, for key-value rules; empty for the others.
    pub secret: &'static str,
    pub scope: Scope,
    pub entropy: f32,
}

/// A key-value rule: `word` (a regex) then the secret.
const fn kv(
    id: &'static str,
    service: &'static str,
    kind: Kind,
    words: &'static [&'static str],
    word: &'static str,
    secret: &'static str,
    entropy: f32,
) -> Gated {
    Gated {
        id,
        service,
        kind,
        words,
        pattern: word,
        secret,
        scope: Scope::Near(0),
        entropy,
    }
}

/// A rule of its own shape (`{T}`: what may follow a key, as for the rules with a prefix).
const fn raw(
    id: &'static str,
    service: &'static str,
    kind: Kind,
    words: &'static [&'static str],
    pattern: &'static str,
    scope: Scope,
    entropy: f32,
) -> Gated {
    Gated {
        id,
        service,
        kind,
        words,
        pattern,
        secret: "",
        scope,
        entropy,
    }
}

const UUID: &str = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/// The rules. A key-value rule's whole regex is case-blind, as gitleaks' are, but for the
/// parts written `(?-i:...)`.
#[rustfmt::skip]
pub(super) const GATED: &[Gated] = &[
    kv("adafruit-api-key", "Adafruit", ApiKey, &["adafruit"], "adafruit", "[a-z0-9_-]{32}", 0.0),
    kv("adobe-client-id", "Adobe", ClientId, &["adobe"], "adobe", "[a-f0-9]{32}", 2.0),
    kv("airtable-api-key", "Airtable", ApiKey, &["airtable"], "airtable", "[a-z0-9]{17}", 0.0),
    kv("algolia-api-key", "Algolia", ApiKey, &["algolia"], "algolia", "[a-z0-9]{32}", 0.0),
    kv("alibaba-secret-key", "Alibaba Cloud", SecretKey, &["alibaba"], "alibaba", "[a-z0-9]{30}", 2.0),
    kv("asana-client-id", "Asana", ClientId, &["asana"], "asana", "[0-9]{16}", 0.0),
    kv("asana-client-secret", "Asana", ClientSecret, &["asana"], "asana", "[a-z0-9]{32}", 0.0),
    kv("atlassian-api-token", "Atlassian", Token, &["atlassian", "confluence", "jira"], "(?-i:ATLASSIAN|[Aa]tlassian|CONFLUENCE|[Cc]onfluence|JIRA|[Jj]ira)", "[a-z0-9]{20}[a-f0-9]{4}", 3.5),
    kv("beamer-api-token", "Beamer", Token, &["beamer"], "beamer", "b_[a-z0-9=_-]{44}", 0.0),
    kv("bitbucket-client-id", "Bitbucket", ClientId, &["bitbucket"], "bitbucket", "[a-z0-9]{32}", 0.0),
    kv("bitbucket-client-secret", "Bitbucket", ClientSecret, &["bitbucket"], "bitbucket", "[a-z0-9=_-]{64}", 0.0),
    kv("bittrex-access-key", "Bittrex", Kind::AccessKey, &["bittrex"], "bittrex", "[a-z0-9]{32}", 0.0),
    kv("cisco-meraki-api-key", "Cisco Meraki", ApiKey, &["meraki"], "(?-i:[Mm]eraki|MERAKI)", "[0-9a-f]{40}", 3.0),
    kv("cloudflare-api-key", "Cloudflare", ApiKey, &["cloudflare"], "cloudflare", "[a-z0-9_-]{40}", 2.0),
    kv("cloudflare-global-api-key", "Cloudflare", ApiKey, &["cloudflare"], "cloudflare", "[a-f0-9]{37}", 2.0),
    kv("codecov-access-token", "Codecov", Token, &["codecov"], "codecov", "[a-z0-9]{32}", 0.0),
    kv("cohere-api-token", "Cohere", Token, &["cohere", "co_api_key"], "cohere|CO_API_KEY", "(?-i:[a-zA-Z0-9]{40})", 4.0),
    kv("coinbase-access-token", "Coinbase", Token, &["coinbase"], "coinbase", "[a-z0-9_-]{64}", 0.0),
    kv("confluent-access-token", "Confluent", Token, &["confluent"], "confluent", "[a-z0-9]{16}", 0.0),
    kv("confluent-secret-key", "Confluent", SecretKey, &["confluent"], "confluent", "[a-z0-9]{64}", 0.0),
    kv("contentful-delivery-api-token", "Contentful", Token, &["contentful"], "contentful", "[a-z0-9=_-]{43}", 0.0),
    kv("datadog-access-token", "Datadog", Token, &["datadog"], "datadog", "[a-z0-9]{40}", 0.0),
    kv("defined-networking-api-token", "Defined Networking", Token, &["dnkey"], "dnkey", "dnkey-[a-z0-9=_-]{26}-[a-z0-9=_-]{52}", 0.0),
    kv("discord-api-token", "Discord", Token, &["discord"], "discord", "[a-f0-9]{64}", 0.0),
    kv("discord-client-id", "Discord", ClientId, &["discord"], "discord", "[0-9]{18}", 2.0),
    kv("discord-client-secret", "Discord", ClientSecret, &["discord"], "discord", "[a-z0-9=_-]{32}", 2.0),
    kv("droneci-access-token", "Drone CI", Token, &["droneci"], "droneci", "[a-z0-9]{32}", 0.0),
    kv("dropbox-api-token", "Dropbox", Token, &["dropbox"], "dropbox", "[a-z0-9]{15}", 0.0),
    kv("dropbox-long-lived-api-token", "Dropbox", Token, &["dropbox"], "dropbox", "[a-z0-9]{11}AAAAAAAAAA[a-z0-9_=-]{43}", 0.0),
    kv("dropbox-short-lived-api-token", "Dropbox", Token, &["dropbox"], "dropbox", r"sl\.[a-z0-9_=-]{135}", 0.0),
    kv("etsy-access-token", "Etsy", Token, &["etsy"], "(?-i:ETSY|[Ee]tsy)", "[a-z0-9]{24}", 3.0),
    kv("facebook-secret", "Facebook", SecretKey, &["facebook"], "facebook", "[a-f0-9]{32}", 3.0),
    kv("fastly-api-token", "Fastly", Token, &["fastly"], "fastly", "[a-z0-9=_-]{32}", 0.0),
    kv("finicity-api-token", "Finicity", Token, &["finicity"], "finicity", "[a-f0-9]{32}", 0.0),
    kv("finicity-client-secret", "Finicity", ClientSecret, &["finicity"], "finicity", "[a-z0-9]{20}", 0.0),
    kv("finnhub-access-token", "Finnhub", Token, &["finnhub"], "finnhub", "[a-z0-9]{20}", 0.0),
    kv("flickr-access-token", "Flickr", Token, &["flickr"], "flickr", "[a-z0-9]{32}", 0.0),
    kv("freshbooks-access-token", "FreshBooks", Token, &["freshbooks"], "freshbooks", "[a-z0-9]{64}", 0.0),
    kv("gitter-access-token", "Gitter", Token, &["gitter"], "gitter", "[a-z0-9_-]{40}", 0.0),
    kv("gocardless-api-token", "GoCardless", Token, &["gocardless"], "gocardless", "live_[a-z0-9_=-]{40}", 0.0),
    kv("heroku-api-key", "Heroku", ApiKey, &["heroku"], "heroku", UUID, 0.0),
    kv("hubspot-api-key", "HubSpot", ApiKey, &["hubspot"], "hubspot", UUID, 0.0),
    kv("intercom-api-key", "Intercom", ApiKey, &["intercom"], "intercom", "[a-z0-9=_-]{60}", 0.0),
    kv("jfrog-api-key", "JFrog", ApiKey, &["jfrog", "artifactory", "bintray", "xray"], "jfrog|artifactory|bintray|xray", "[a-z0-9]{73}", 0.0),
    kv("jfrog-identity-token", "JFrog", Token, &["jfrog", "artifactory", "bintray", "xray"], "jfrog|artifactory|bintray|xray", "[a-z0-9]{64}", 0.0),
    kv("kraken-access-token", "Kraken", Token, &["kraken"], "kraken", "[a-z0-9/=_+-]{80,90}", 0.0),
    kv("kucoin-access-token", "KuCoin", Token, &["kucoin"], "kucoin", "[a-f0-9]{24}", 0.0),
    kv("kucoin-secret-key", "KuCoin", SecretKey, &["kucoin"], "kucoin", UUID, 0.0),
    kv("launchdarkly-access-token", "LaunchDarkly", Token, &["launchdarkly"], "launchdarkly", "[a-z0-9=_-]{40}", 0.0),
    kv("linear-client-secret", "Linear", ClientSecret, &["linear"], "linear", "[a-f0-9]{32}", 2.0),
    kv("linkedin-client-id", "LinkedIn", ClientId, &["linkedin", "linked_in", "linked-in"], "linked[_-]?in", "[a-z0-9]{14}", 2.0),
    kv("linkedin-client-secret", "LinkedIn", ClientSecret, &["linkedin", "linked_in", "linked-in"], "linked[_-]?in", "[a-z0-9]{16}", 2.0),
    kv("lob-api-key", "Lob", ApiKey, &["lob"], "lob", "(?:live|test)_[a-f0-9]{35}", 0.0),
    kv("looker-client-id", "Looker", ClientId, &["looker"], "looker", "[a-z0-9]{20}", 0.0),
    kv("looker-client-secret", "Looker", ClientSecret, &["looker"], "looker", "[a-z0-9]{24}", 0.0),
    kv("mailchimp-api-key", "Mailchimp", ApiKey, &["mailchimp"], r"MailchimpSDK\.initialize|mailchimp", "[a-f0-9]{32}-us[0-9]{2}", 0.0),
    kv("mailgun-signing-key", "Mailgun", Kind::SigningKey, &["mailgun"], "mailgun", "[a-h0-9]{32}-[a-h0-9]{8}-[a-h0-9]{8}", 0.0),
    kv("mapbox-api-token", "Mapbox", Token, &["mapbox"], "mapbox", r"sk\.[a-z0-9]{60}\.[a-z0-9]{22}", 0.0),
    kv("mattermost-access-token", "Mattermost", Token, &["mattermost"], "mattermost", "[a-z0-9]{26}", 0.0),
    kv("messagebird-api-token", "MessageBird", Token, &["messagebird", "message-bird", "message_bird"], "message[_-]?bird", "[a-z0-9]{25}", 0.0),
    kv("messagebird-client-id", "MessageBird", ClientId, &["messagebird", "message-bird", "message_bird"], "message[_-]?bird", UUID, 0.0),
    kv("netlify-access-token", "Netlify", Token, &["netlify"], "netlify", "[a-z0-9=_-]{40,46}", 0.0),
    kv("new-relic-insert-key", "New Relic", Kind::InsertKey, &["new-relic", "newrelic", "new_relic"], "new[_-]?relic", "NRII-[a-z0-9-]{32}", 0.0),
    kv("new-relic-user-api-id", "New Relic", ClientId, &["new-relic", "newrelic", "new_relic"], "new[_-]?relic", "[a-z0-9]{64}", 0.0),
    kv("new-relic-user-api-key", "New Relic", ApiKey, &["new-relic", "newrelic", "new_relic"], "new[_-]?relic", "NRAK-[a-z0-9]{27}", 0.0),
    kv("nytimes-access-token", "The New York Times", Token, &["nytimes", "new-york-times", "newyorktimes"], "nytimes|new-york-times|newyorktimes", "[a-z0-9=_-]{32}", 0.0),
    kv("okta-access-token", "Okta", Token, &["okta"], "(?-i:[Oo]kta|OKTA)", r"00[\w=-]{40}", 4.0),
    kv("plaid-api-token", "Plaid", Token, &["plaid"], "plaid", "access-(?:sandbox|development|production)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", 0.0),
    kv("plaid-client-id", "Plaid", ClientId, &["plaid"], "plaid", "[a-z0-9]{24}", 3.5),
    kv("plaid-secret-key", "Plaid", SecretKey, &["plaid"], "plaid", "[a-z0-9]{30}", 3.5),
    kv("privateai-api-token", "Private AI", Token, &["privateai", "private_ai", "private-ai"], "private[_-]?ai", "[a-z0-9]{32}", 3.0),
    kv("rapidapi-access-token", "RapidAPI", Token, &["rapidapi"], "rapidapi", "[a-z0-9_-]{50}", 0.0),
    kv("sendbird-access-id", "Sendbird", ClientId, &["sendbird"], "sendbird", UUID, 0.0),
    kv("sendbird-access-token", "Sendbird", Token, &["sendbird"], "sendbird", "[a-f0-9]{40}", 0.0),
    kv("sentry-access-token", "Sentry", Token, &["sentry"], "sentry", "[a-f0-9]{64}", 3.0),
    kv("snyk-api-token", "Snyk", Token, &["snyk"], "snyk[_.-]?(?:(?:api|oauth)[_.-]?)?(?:key|token)", UUID, 0.0),
    kv("sonar-api-token", "SonarQube", Token, &["sonar"], "sonar[_.-]?(?:login|token)", "(?:squ_|sqp_|sqa_)?[a-z0-9=_-]{40}", 0.0),
    kv("sourcegraph-access-token", "Sourcegraph", Token, &["sourcegraph"], "sourcegraph", "[a-f0-9]{40}", 3.0),
    kv("squarespace-access-token", "Squarespace", Token, &["squarespace"], "squarespace", UUID, 0.0),
    kv("sumologic-access-id", "Sumo Logic", ClientId, &["sumo"], "(?-i:[Ss]umo|SUMO)", "(?-i:su[a-zA-Z0-9]{12})", 3.0),
    kv("sumologic-access-token", "Sumo Logic", Token, &["sumo"], "(?-i:[Ss]umo|SUMO)", "[a-z0-9]{64}", 3.0),
    kv("telegram-bot-api-token", "Telegram", Token, &["telegr"], "telegr", "[0-9]{5,16}:(?-i:A)[a-z0-9_-]{34}", 0.0),
    kv("travisci-access-token", "Travis CI", Token, &["travis"], "travis", "[a-z0-9]{22}", 0.0),
    kv("twitch-api-token", "Twitch", Token, &["twitch"], "twitch", "[a-z0-9]{30}", 0.0),
    kv("twitter-access-secret", "X (Twitter)", SecretKey, &["twitter"], "twitter", "[a-z0-9]{45}", 0.0),
    kv("twitter-access-token", "X (Twitter)", Token, &["twitter"], "twitter", "[0-9]{15,25}-[a-z0-9]{20,40}", 0.0),
    kv("twitter-api-key", "X (Twitter)", ApiKey, &["twitter"], "twitter", "[a-z0-9]{25}", 0.0),
    kv("twitter-api-secret", "X (Twitter)", SecretKey, &["twitter"], "twitter", "[a-z0-9]{50}", 0.0),
    kv("twitter-bearer-token", "X (Twitter)", Token, &["twitter"], "twitter", "A{22}[a-z0-9%]{80,100}", 0.0),
    kv("typeform-api-token", "Typeform", Token, &["typeform"], "typeform", r"tfp_[a-z0-9_.=-]{59}", 0.0),
    kv("vault-service-token-legacy", "HashiCorp Vault", Token, &["vault"], "vault", r"s\.[a-z0-9]{24}", 3.5),
    kv("yandex-access-token", "Yandex", Token, &["yandex"], "yandex", r"t1\.[a-z0-9_-]+={0,2}\.[a-z0-9_-]{86}={0,2}", 0.0),
    kv("yandex-api-key", "Yandex", ApiKey, &["yandex"], "yandex", "AQVN[a-z0-9_-]{35,38}", 0.0),
    kv("yandex-aws-access-token", "Yandex", Token, &["yandex"], "yandex", "YC[a-z0-9_-]{38}", 0.0),
    kv("zendesk-secret-key", "Zendesk", SecretKey, &["zendesk"], "zendesk", "[a-z0-9]{40}", 0.0),
    raw("hashicorp-tf-password", "Terraform", Kind::Password, &["administrator_login_password"], r#"(?i)administrator_login_password[ \t]{0,5}=[ \t]{0,5}(?:"|\\"|&quot;)([a-z0-9=_-]{8,20})(?:"|\\"|&quot;)"#, Scope::Near(0), 2.0),
    // Rules of their own shape.
    raw("azure-ad-client-secret", "Microsoft Entra ID", ClientSecret, &["q~"], r#"(?:^|[\\'"\x60\s>=:(,)])([a-zA-Z0-9_~.]{3}[0-9]Q~[a-zA-Z0-9_~.-]{31,34})(?:$|[\\'"\x60\s<),&])"#, Scope::Near(5), 3.0),
    raw("facebook-access-token", "Facebook", Token, &["facebook"], r"(?i)\b([0-9]{15,16}(?:\||%7[cC])[0-9a-z_-]{27,40}){T}", Scope::File, 3.0),
    raw("hashicorp-tf-api-token", "Terraform Cloud", Token, &["atlasv1"], r"(?i)([a-z0-9]{14}\.(?-i:atlasv1)\.[a-z0-9_=-]{60,70})", Scope::Near(15), 3.5),
    raw("maxmind-license-key", "MaxMind", Kind::LicenseKey, &["_mmk"], r"\b([A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk){T}", Scope::Near(36), 4.0),
    raw("sidekiq-secret", "Sidekiq", Kind::Credentials, &["bundle_enterprise__contribsys__com", "bundle_gems__contribsys__com"], r#"(?i)(?:BUNDLE_ENTERPRISE__CONTRIBSYS__COM|BUNDLE_GEMS__CONTRIBSYS__COM)[ \t\w.-]{0,20}[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([a-f0-9]{8}:[a-f0-9]{8})"#, Scope::Near(0), 0.0),
    raw("sidekiq-sensitive-url", "Sidekiq", Kind::Credentials, &["contribsys.com"], r"(?i)https?://([a-f0-9]{8}:[a-f0-9]{8})@(?:gems|enterprise)\.contribsys\.com", Scope::Near(40), 0.0),
    raw("telegram-bot-token", "Telegram", Token, &[":aa"], r"\b([0-9]{8,10}:AA[A-Za-z0-9_-]{33})(?:[^A-Za-z0-9_-]|$)", Scope::Near(11), 3.0),
    raw("freemius-secret-key", "Freemius", SecretKey, &["secret_key"], r#"(?i)["']secret_key["']\s*=>\s*["'](sk_[\S]{29})["']"#, Scope::Near(1), 0.0),
    raw("nuget-config-password", "NuGet", Kind::Password, &["<add key=", "&lt;add key="], r#"(?i)(?:<|&lt;)add key=(?:"|\\"|&quot;)(?:(?:ClearText)?Password)(?:"|\\"|&quot;)\s*value=(?:"|\\"|&quot;)([^"\\&]{8,})(?:"|\\"|&quot;)\s*/(?:>|&gt;)"#, Scope::Near(0), 1.0),
    raw("curl-auth-header", "curl", Kind::Credentials, &["curl"], r#"(?i)\bcurl\b[^\r\n]{0,300}?\s(?:-H|--header)(?:=|[ \t]{0,5})\\?["'](?:Authorization:[ \t]{0,5}(?:Basic[ \t]([a-z0-9+/]{8,}={0,3})|(?:Bearer|(?:Api-)?Token)[ \t]([\w=~@.+/-]{8,})|([\w=~@.+/-]{8,}))|(?:X-(?:[a-z]+-)?)?(?:Api-?)?(?:Key|Token):[ \t]{0,5}([\w=~@.+/-]{8,}))\\?["']"#, Scope::Near(0), 2.75),
    raw("curl-auth-user", "curl", Kind::Credentials, &["curl"], r#"(?i)\bcurl\b[^\r\n]{0,300}?\s(?:-u|--user)(?:=|[ \t]{0,5})(?:\\?"([^:"\\]{3,}:[^"\\]{3,})\\?"|\\?'([^:'\\]{3,}:[^'\\]{3,})\\?'|([\w@.-]+:[\w@.-]{3,}))(?:\s|$)"#, Scope::Near(0), 2.0),
];

/// How far after its word a rule's match may end.
const WINDOW: usize = 1024;

/// What may follow a key-value rule's secret: as for the rules with a prefix.
use super::rules::TERM;

/// A rule's whole regex.
pub(super) fn regex_of(rule: &Gated) -> String {
    if rule.secret.is_empty() {
        return rule.pattern.replace("{T}", super::rules::TERM);
    }
    format!(
        r#"(?i)(?:{})(?:[ \t\w.-]{{0,20}})(?:[\s'"]|\\["']|&quot;){{0,3}}(?:=|>|:{{1,3}}=|\|\||:|=>|\?=|,)(?:[\x60'"\s=]|\\["']|&quot;){{0,5}}({}){TERM}"#,
        rule.pattern, rule.secret
    )
}

/// Each rule's regex: anchored at the word for `Near(0)`, else as written.
fn compiled() -> Option<&'static Vec<regex::bytes::Regex>> {
    static COMPILED: std::sync::OnceLock<Option<Vec<regex::bytes::Regex>>> =
        std::sync::OnceLock::new();
    COMPILED
        .get_or_init(|| {
            GATED
                .iter()
                .map(|rule| {
                    let re = match rule.scope {
                        Scope::Near(0) => format!("^(?:{})", regex_of(rule)),
                        _ => regex_of(rule),
                    };
                    regex::bytes::RegexBuilder::new(&re)
                        .unicode(false)
                        .build()
                        .ok()
                })
                .collect::<Option<Vec<_>>>()
        })
        .as_ref()
}

/// The secret keys [`GATED`] finds in `bytes`, added to `found` unless a key found already
/// (by a rule with a fixed prefix) covers them, looking where their words stand (`words`:
/// where, and which of `search::words()`, in order).
pub(super) fn scan(bytes: &[u8], words: &[(usize, usize)], found: &mut Vec<Hit>) {
    let Some(each) = compiled() else {
        found.push(Hit {
            offset: 0,
            secret: 0..bytes.len(),
            what: crate::msg!("output-secret-rules-broken"),
        });
        return;
    };
    let mut file_done = vec![false; GATED.len()];
    let mut seen: Vec<std::ops::Range<usize>> = found.iter().map(|h| h.secret.clone()).collect();
    let all = super::search::words();
    for &(word_start, word) in words {
        for &i in all
            .get(word)
            .map(|(_, rules)| rules.as_slice())
            .unwrap_or_default()
        {
            let (Some(rule), Some(re)) = (GATED.get(i), each.get(i)) else {
                continue;
            };
            let (from, to) = match rule.scope {
                Scope::Near(back) => (
                    word_start.saturating_sub(back),
                    (word_start + WINDOW).min(bytes.len()),
                ),
                Scope::File => match file_done.get_mut(i) {
                    Some(done) if !*done => {
                        *done = true;
                        (0, bytes.len())
                    }
                    _ => continue,
                },
            };
            let Some(window) = bytes.get(from..to) else {
                continue;
            };
            for caps in re.captures_iter(window) {
                let Some(whole) = caps.get(0) else {
                    continue;
                };
                let secret = caps
                    .iter()
                    .skip(1)
                    .flatten()
                    .find(|g| !g.is_empty())
                    .unwrap_or(whole);
                let range = from + secret.start()..from + secret.end();
                if super::rules::entropy(secret.as_bytes()) <= rule.entropy && rule.entropy > 0.0
                    || seen
                        .iter()
                        .any(|s| s.start < range.end && range.start < s.end)
                {
                    continue;
                }
                seen.push(range.clone());
                // The words before the secret, and its first four bytes.
                let before = bytes
                    .get(from + whole.start()..range.start)
                    .unwrap_or_default();
                let before = before
                    .get(before.len().saturating_sub(40)..)
                    .unwrap_or(before);
                let head = secret.as_bytes().get(..4).unwrap_or_default();
                let shown: String = format!(
                    "{}{}…",
                    String::from_utf8_lossy(before),
                    String::from_utf8_lossy(head)
                )
                .chars()
                .map(|ch| if ch.is_control() { ' ' } else { ch })
                .collect();
                found.push(Hit {
                    offset: from + whole.start(),
                    secret: range,
                    what: crate::msg!(
                        "output-secret-found",
                        what = super::service_key(rule.service, rule.kind),
                        shown = shown
                    ),
                });
                if matches!(rule.scope, Scope::Near(_)) {
                    break;
                }
            }
        }
    }
}
