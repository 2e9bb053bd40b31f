//! `sahel serve`: its flags, and the dev server.

use std::path::PathBuf;

use sahel::build::{BuildError, Verbosity};

use super::report;

/// Build, serve on 127.0.0.1, and rebuild what changes; open pages reload themselves.
#[derive(clap::Args)]
pub struct Args {
    /// The site folder (holding site.toml).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// The language of sahel's messages: `ar` or `en` [default: SAHEL_LANG, else the
    /// locale (LANG), else English].
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
    /// Port on 127.0.0.1 (0 picks a free one).
    #[arg(long, short, default_value_t = 8000)]
    pub port: u16,
    /// Output folder [default: <root>/.cache/serve].
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// A config file to use instead of <root>/site.toml (e.g. staging); paths in it stay
    /// relative to the site folder.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Absolute origin for canonical and hreflang URLs, overriding base_url in site.toml.
    #[arg(long)]
    pub base_url: Option<String>,
    /// Number of render workers [default: one per core].
    #[arg(long, short)]
    pub jobs: Option<usize>,
    /// Print errors only (no progress, no warnings).
    #[arg(long, short)]
    pub quiet: bool,
    /// Also serve the browser editor at /_edit/ (for this machine only; see the README's
    /// "Editing in the browser").
    #[arg(long)]
    pub edit: bool,
    /// With --edit behind a reverse proxy: the address staff open (https://cms.example.com);
    /// requests from it are accepted besides this machine's.
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
}

pub fn execute(args: Args) -> u8 {
    let Args {
        root,
        lang: _,
        port,
        out,
        config,
        base_url,
        jobs,
        quiet,
        edit,
        public_url,
    } = args;
    if public_url.is_some() && !edit {
        eprintln!(
            "{}",
            super::error_line(sahel::msg!("serve-public-url-without-edit"))
        );
        return 2;
    }
    let opts = sahel::serve::ServeOptions {
        root,
        port,
        out,
        config,
        base_url,
        jobs,
        verbosity: if quiet {
            Verbosity::Quiet
        } else {
            Verbosity::Normal
        },
        edit,
        public_url,
    };
    match sahel::serve::serve(&opts) {
        Ok(()) => 0,
        Err(e) => report(BuildError::Other(e)),
    }
}
