//! `sahel check`: its flags, and the check with its summary of what the content holds.

use std::path::PathBuf;

use super::report;

/// Validate all content (every language of the site, links, ids) without writing anything.
#[derive(clap::Args)]
pub struct Args {
    /// The site folder (holding site.toml).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// The language of sahel's messages: `ar` or `en` [default: SAHEL_LANG, else the
    /// locale (LANG), else English].
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
    /// A config file to use instead of <root>/site.toml (e.g. staging); paths in it stay
    /// relative to the site folder.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Fail (exit 1) on warnings too, not only on errors (for CI).
    #[arg(long)]
    pub deny_warnings: bool,
    /// Check every outbound http(s) link too (as `[check] external = true` does): each once,
    /// politely, with a cache in .cache/ (see the README's "Link checking").
    #[arg(long)]
    pub external: bool,
    /// Let the external check request loopback and private addresses (never link-local or
    /// cloud metadata ones).
    #[arg(long, requires = "external")]
    pub allow_private: bool,
    /// The external check's report: text, or JSON (on stdout) for CI.
    #[arg(long, value_enum, default_value = "text")]
    pub format: sahel::check::external::Format,
}

/// `message` with the language `l` as its `lang`: by its name in the reader's language, or, for
/// a language sahel's messages do not name as English does ([`sahel::lang::english_name`]: a
/// regional variant, a language sahel does not know), by that English name.
fn language(message: sahel::messages::Msg, l: sahel::lang::Lang) -> sahel::messages::Msg {
    let english = sahel::lang::english_name(l);
    if sahel::messages::language_name(l.code(), sahel::messages::REFERENCE) == english {
        message.language("lang", l.code())
    } else {
        message.arg("lang", english)
    }
}

pub fn execute(args: Args) -> u8 {
    let Args {
        root,
        lang: _,
        config,
        deny_warnings,
        external,
        allow_private,
        format,
    } = args;
    match (sahel::pipeline::Source {
        root,
        config,
        base_url: None,
    })
    .check()
    {
        Ok((site, translations)) => {
            let count = |l: sahel::lang::Lang| {
                let c = site.lang(l);
                language(
                    sahel::msg!(
                        "cmd-check-counts",
                        posts = c.posts.len(),
                        services = c.services.len(),
                        faq = c.faq.len(),
                        testimonials = c.testimonials.len(),
                        pages = c.pages.len()
                    ),
                    l,
                )
                .text()
            };
            let warnings = site.warnings();
            eprint!("{}", warnings.render());
            if deny_warnings && !warnings.is_empty() {
                eprintln!(
                    "{}",
                    super::error_line(sahel::msg!(
                        "cmd-check-deny-warnings",
                        count = warnings.len()
                    ))
                );
                return 1;
            }
            let counts: Vec<String> = site.languages().iter().map(|&l| count(l)).collect();
            let valid = sahel::msg!(
                "cmd-check-valid",
                counts = counts.join(". "),
                translations = translations.to_string()
            );
            // With a JSON report, stdout holds the JSON alone.
            if format == sahel::check::external::Format::Json {
                eprintln!("{valid}");
            } else {
                println!("{valid}");
            }
            if !(external || sahel::check::external::enabled(&site)) {
                return 0;
            }
            let request = sahel::check::external::Request {
                allow_private,
                format,
            };
            match sahel::check::external::check_site(&site, &request, deny_warnings) {
                Ok((report, failed)) => {
                    print!("{report}");
                    u8::from(failed)
                }
                Err(message) => {
                    eprintln!("{}", super::error_line(message));
                    1
                }
            }
        }
        Err(e) => report(e),
    }
}
