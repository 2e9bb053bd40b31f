//! `sahel check`: its flags, and the check with its summary of what the content holds.

use std::path::PathBuf;

use super::report;

/// Validate all content (both languages, links, ids) without writing anything.
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
}

pub fn execute(args: Args) -> u8 {
    let Args {
        root,
        lang: _,
        config,
        deny_warnings,
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
                format!(
                    "{} posts, {} services, {} FAQ items, {} testimonials, {} pages",
                    c.posts.len(),
                    c.services.len(),
                    c.faq.len(),
                    c.testimonials.len(),
                    c.pages.len()
                )
            };
            let warnings = site.warnings();
            eprint!("{}", warnings.render());
            if deny_warnings && !warnings.is_empty() {
                eprintln!(
                    "error: --deny-warnings: {} warning{} count as errors; fix them, or set their rules' levels under [lint] in site.toml",
                    warnings.len(),
                    if warnings.len() == 1 { "" } else { "s" }
                );
                return 1;
            }
            let counts: Vec<String> = site
                .languages()
                .iter()
                .map(|&l| format!("{}: {}", sahel::lang::english_name(l), count(l)))
                .collect();
            println!("Content is valid. {}. {translations}", counts.join(". "));
            0
        }
        Err(e) => report(e),
    }
}
