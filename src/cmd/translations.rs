//! `sahel translations`: its flags, the freshness table and `mark`.

use std::path::PathBuf;

use clap::Subcommand;

use super::report;

/// Show whether each translation still follows its source (fresh, stale, missing,
/// unrecorded), or record translations as up to date.
#[derive(clap::Args)]
pub struct Args {
    /// Print the state of every pair as JSON (for CI).
    #[arg(long)]
    pub json: bool,
    /// The site folder (holding site.toml).
    #[arg(long, default_value = ".", global = true)]
    pub root: PathBuf,
    /// A config file to use instead of <root>/site.toml.
    #[arg(long, global = true)]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub action: Option<TranslationsCommand>,
}

#[derive(Subcommand)]
pub enum TranslationsCommand {
    /// Record translations as fresh: made from their source's current text.
    Mark {
        /// Files (content/en/blog/<slug>.md: every pair in the file) or items
        /// (content/en/faq.yaml#<id>); the file of any of the site's languages names the pair.
        #[arg(required_unless_present = "all")]
        targets: Vec<String>,
        /// Every unit that exists in every language.
        #[arg(long)]
        all: bool,
        /// Record this language (a code of the site's language table) as the units' source
        /// [default: each unit's own, else [translations] source in site.toml].
        #[arg(long)]
        source: Option<String>,
        /// Mark only the translations into this language (a code of the table; repeatable)
        /// [default: every translation the files name].
        #[arg(long = "lang", value_name = "CODE")]
        langs: Vec<String>,
    },
}

pub fn execute(args: Args) -> u8 {
    let Args {
        json,
        root,
        config,
        action,
    } = args;
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
            langs,
        }) => {
            let request = sahel::translations::MarkRequest {
                targets,
                all,
                source,
                langs,
            };
            match status.mark(&request) {
                Ok(marked) => {
                    for pair in &marked {
                        println!(
                            "{}",
                            sahel::msg!(
                                "cmd-marked-pair",
                                pair = sahel::translations::Status::describe(pair)
                            )
                        );
                    }
                    println!("{}", sahel::msg!("cmd-marked", count = marked.len()));
                }
                Err(e) => return report(e),
            }
        }
    }
    0
}
