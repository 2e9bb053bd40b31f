//! `sahel build`: its flags, and the build with its summary.

use std::path::PathBuf;

use sahel::build::{BuildOptions, Verbosity, build_site};

use super::report;

/// Validate the content and write every route, in every language of the site, into the output
/// folder.
#[derive(clap::Args)]
pub struct Args {
    /// The site folder (holding site.toml).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// The language of sahel's messages: `ar` or `en` [default: SAHEL_LANG, else the
    /// locale (LANG), else English].
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
    /// Output folder [default: <root>/dist].
    #[arg(long, short)]
    pub out: Option<PathBuf>,
    /// A config file to use instead of <root>/site.toml (e.g. staging); paths in it stay
    /// relative to the site folder.
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// Absolute origin for canonical and hreflang URLs, overriding base_url in site.toml.
    #[arg(long)]
    pub base_url: Option<String>,
    /// Print errors only (no progress, no warnings).
    #[arg(long, short, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print per-stage timings and the bundler's output.
    #[arg(long, short)]
    pub verbose: bool,
    /// Rebuild the JavaScript bundles even if site/ did not change.
    #[arg(long)]
    pub force_bundles: bool,
    /// Most render workers at once [default: one per core]; one starts, and one is used per
    /// 100 pages React renders.
    #[arg(long, short)]
    pub jobs: Option<usize>,
    /// Render every route through React instead of filling routes of one shape from one
    /// checked template (slower; the output is the same).
    #[arg(long)]
    pub no_templates: bool,
    /// Replace the output folder even if sahel did not write it or it holds the site's own
    /// folders (everything in it is deleted).
    #[arg(long)]
    pub force: bool,
    /// During a cold build, run sahel's own threads at a lower priority (nice +10) than its
    /// render workers: a few percent faster on an otherwise idle machine, much slower when
    /// other programs are busy (they then take the CPU from sahel's loading and writing).
    #[arg(long)]
    pub nice: bool,
}

pub fn execute(args: Args) -> u8 {
    let Args {
        root,
        lang: _,
        out,
        config,
        base_url,
        quiet,
        verbose,
        force_bundles,
        jobs,
        no_templates,
        force,
        nice,
    } = args;
    let verbosity = if quiet {
        Verbosity::Quiet
    } else if verbose {
        Verbosity::Verbose
    } else {
        Verbosity::Normal
    };
    let opts = BuildOptions {
        root,
        out,
        config,
        base_url,
        verbosity,
        force_bundles,
        jobs,
        templates: !no_templates,
        force,
        nice,
    };
    // Ctrl-C: remove the unfinished output (the previous one stays as it was); the
    // render workers end with this process.
    if let Err(e) = ctrlc::set_handler(|| sahel::output::interrupt_and_exit(130)) {
        eprintln!(
            "{}",
            sahel::msg!("cmd-ctrl-c-not-handled", detail = e.to_string())
        );
    }
    match build_site(&opts) {
        Ok(report) => {
            if verbosity > Verbosity::Quiet {
                println!("{}", report.summary());
            }
            0
        }
        Err(e) => report(e),
    }
}
