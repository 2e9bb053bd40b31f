//! The `sahel` command line: thin wrappers that parse flags and call the library.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// mimalloc instead of the system allocator: a build allocates and frees millions of strings
/// from several threads, and glibc's malloc took about a quarter of a large build's CPU time.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
use sahel::build::{BuildError, BuildOptions, Verbosity, build_site};

#[derive(Parser)]
#[command(
    name = "sahel",
    version,
    about = "Builds the bilingual (Arabic/English) site into a pre-rendered React app"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate the content and write every /ar and /en route into the output folder.
    Build {
        /// The site folder (holding site.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Output folder [default: <root>/dist].
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// A config file to use instead of <root>/site.toml (e.g. staging); paths in it stay
        /// relative to the site folder.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Absolute origin for canonical and hreflang URLs, overriding base_url in site.toml.
        #[arg(long)]
        base_url: Option<String>,
        /// Print errors only (no progress, no warnings).
        #[arg(long, short, conflicts_with = "verbose")]
        quiet: bool,
        /// Print per-stage timings and the bundler's output.
        #[arg(long, short)]
        verbose: bool,
        /// Rebuild the JavaScript bundles even if site/ did not change.
        #[arg(long)]
        force_bundles: bool,
        /// Most render workers at once [default: one per core]; one starts, and one is used per
        /// 100 pages React renders.
        #[arg(long, short)]
        jobs: Option<usize>,
        /// Render every route through React instead of filling routes of one shape from one
        /// checked template (slower; the output is the same).
        #[arg(long)]
        no_templates: bool,
        /// Replace the output folder even if sahel did not write it or it holds the site's own
        /// folders (everything in it is deleted).
        #[arg(long)]
        force: bool,
        /// During a cold build, run sahel's own threads at a lower priority (nice +10) than its
        /// render workers: a few percent faster on an otherwise idle machine, much slower when
        /// other programs are busy (they then take the CPU from sahel's loading and writing).
        #[arg(long)]
        nice: bool,
    },
    /// Build, serve on 127.0.0.1, and rebuild what changes; open pages reload themselves.
    Serve {
        /// The site folder (holding site.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Port on 127.0.0.1 (0 picks a free one).
        #[arg(long, short, default_value_t = 8000)]
        port: u16,
        /// Output folder [default: <root>/.cache/serve].
        #[arg(long, short)]
        out: Option<PathBuf>,
        /// A config file to use instead of <root>/site.toml (e.g. staging); paths in it stay
        /// relative to the site folder.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Absolute origin for canonical and hreflang URLs, overriding base_url in site.toml.
        #[arg(long)]
        base_url: Option<String>,
        /// Number of render workers [default: one per core].
        #[arg(long, short)]
        jobs: Option<usize>,
        /// Print errors only (no progress, no warnings).
        #[arg(long, short)]
        quiet: bool,
    },
    /// Create content.
    New {
        #[command(subcommand)]
        what: NewCommand,
    },
    /// Validate all content (both languages, links, ids) without writing anything.
    Check {
        /// The site folder (holding site.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// A config file to use instead of <root>/site.toml (e.g. staging); paths in it stay
        /// relative to the site folder.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Fail (exit 1) on warnings too, not only on errors (for CI).
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Show whether each translation still follows its source (fresh, stale, missing,
    /// unrecorded), or record translations as up to date.
    Translations {
        /// Print the state of every pair as JSON (for CI).
        #[arg(long)]
        json: bool,
        /// The site folder (holding site.toml).
        #[arg(long, default_value = ".", global = true)]
        root: PathBuf,
        /// A config file to use instead of <root>/site.toml.
        #[arg(long, global = true)]
        config: Option<PathBuf>,
        #[command(subcommand)]
        action: Option<TranslationsCommand>,
    },
}

#[derive(Subcommand)]
enum TranslationsCommand {
    /// Record translations as fresh: made from their source's current text.
    Mark {
        /// Files (content/en/blog/<slug>.md: every pair in the file) or items
        /// (content/en/faq.yaml#<id>); either language's file names the pair.
        #[arg(required_unless_present = "all")]
        targets: Vec<String>,
        /// Every unit that exists in every language.
        #[arg(long)]
        all: bool,
        /// Record this language (a code of the site's language table) as the units' source
        /// [default: each unit's own, else [translations] source in site.toml].
        #[arg(long)]
        source: Option<String>,
    },
}

#[derive(Subcommand)]
enum NewCommand {
    /// A blog post with valid front matter, a slug from the title and today's date.
    Post {
        /// The post's title.
        title: String,
        /// Language of the post (a code of the site's language table) [default: the default
        /// language].
        #[arg(long)]
        lang: Option<String>,
        /// The slug (file name); by default made from the title (required for Arabic titles).
        #[arg(long)]
        slug: Option<String>,
        /// Also create its counterpart in every other language, with the same slug.
        #[arg(long)]
        both: bool,
        /// The site folder (holding site.toml).
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
}

fn main() {
    no_transparent_huge_pages();
    let cli = Cli::parse();
    // A panic is a bug in sahel, never the editor's fault: it still exits 1 (not 101), after
    // the unwinding removed any unfinished output.
    let code = match std::panic::catch_unwind(move || run(cli)) {
        Ok(code) => code,
        Err(_) => {
            eprintln!(
                "error: sahel stopped on an internal error (a bug in sahel, described above); nothing was written. Please report it with the input that caused it."
            );
            1
        }
    };
    exit_now(code);
}

/// Ends the process once what it printed is flushed, without the C library's exit handlers:
/// the one mimalloc registers gives every arena's memory back to the kernel page by page
/// (`madvise`), which the kernel is about to free whole anyway; it was 2% of a 240-page build's
/// CPU time, at the end of its critical path. Everything sahel writes is complete and closed
/// by then; threads still freeing memory or reaping render workers are ended with the process
/// (the workers die with it: `PR_SET_PDEATHSIG`).
fn exit_now(code: u8) -> ! {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    #[cfg(unix)]
    // SAFETY: `_exit` ends the process; no Rust code runs after it, so no invariant is broken.
    unsafe {
        libc::_exit(i32::from(code))
    }
    #[cfg(not(unix))]
    std::process::exit(i32::from(code))
}

/// Turns transparent huge pages off for sahel and the render workers it starts (the setting is
/// inherited). mimalloc asks for them on its arenas, and the kernel then zeroes a whole 2 MiB
/// page at the first touch of any byte of it: on a 240-page build a fifth of all CPU time went
/// to `clear_page_erms` for memory that was never used, and every process's resident size grew
/// by the untouched rest of its huge pages.
fn no_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes integer arguments only and changes no memory of ours; a
    // kernel without it returns an error, which changes nothing either.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn run(cli: Cli) -> u8 {
    // "Today" for `review_by` dates: a test's date, or the system clock's.
    if let Some(Err(value)) = sahel::check::review::today_override() {
        eprintln!(
            "error: {}=`{value}` is not a date: write it as yyyy-mm-dd, e.g. {}=2027-01-01, or unset it to use today's",
            sahel::check::review::TODAY_VAR,
            sahel::check::review::TODAY_VAR
        );
        return 2;
    }
    match cli.command {
        Command::Serve {
            root,
            port,
            out,
            config,
            base_url,
            jobs,
            quiet,
        } => {
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
            };
            match sahel::serve::serve(&opts) {
                Ok(()) => 0,
                Err(e) => report(BuildError::Other(e)),
            }
        }
        Command::New {
            what:
                NewCommand::Post {
                    title,
                    lang,
                    slug,
                    both,
                    root,
                },
        } => {
            let today = time::OffsetDateTime::now_local()
                .unwrap_or_else(|_| time::OffsetDateTime::now_utc())
                .date();
            match sahel::scaffold::new_post(
                &root,
                lang.as_deref(),
                &title,
                slug.as_deref(),
                both,
                today,
            ) {
                Ok(files) => {
                    for f in files {
                        println!("Created {}", f.display());
                    }
                    0
                }
                Err(e) => report(BuildError::Other(e)),
            }
        }
        Command::Translations {
            json,
            root,
            config,
            action,
        } => {
            let source = sahel::pipeline::Source {
                root,
                config,
                base_url: None,
            };
            let mut status = match source.translations_status() {
                Ok(s) => s,
                Err(e) => return report(e),
            };
            match action {
                None if json => print!("{}", status.json()),
                None => print!("{}", status.table()),
                Some(TranslationsCommand::Mark {
                    targets,
                    all,
                    source,
                }) => {
                    let request = sahel::translations::MarkRequest {
                        targets,
                        all,
                        source,
                    };
                    match status.mark(&request) {
                        Ok(marked) => {
                            for pair in &marked {
                                println!("fresh  {}", sahel::translations::Status::describe(pair));
                            }
                            println!("Marked {} translation(s) as fresh.", marked.len());
                        }
                        Err(e) => return report(e),
                    }
                }
            }
            0
        }
        Command::Check {
            root,
            config,
            deny_warnings,
        } => match (sahel::pipeline::Source {
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
        },
        Command::Build {
            root,
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
        } => {
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
                eprintln!("warning: Ctrl-C will not clean up: {e}");
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
    }
}

/// Prints a failed build's or check's errors; content, config and build errors all exit 1.
fn report(error: BuildError) -> u8 {
    match error {
        BuildError::Content(d) => eprint!("{}", d.render()),
        BuildError::Other(e) => eprintln!("error: {e:#}"),
    }
    1
}
