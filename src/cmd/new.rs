//! `sahel new`: content from a template (today, a blog post).

use std::path::PathBuf;

use clap::Subcommand;
use sahel::build::BuildError;

use super::report;

/// Create content.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub what: NewCommand,
}

#[derive(Subcommand)]
pub enum NewCommand {
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

pub fn execute(args: Args) -> u8 {
    let NewCommand::Post {
        title,
        lang,
        slug,
        both,
        root,
    } = args.what;
    let today = time::OffsetDateTime::now_local()
        .unwrap_or_else(|_| time::OffsetDateTime::now_utc())
        .date();
    match sahel::scaffold::new_post(&root, lang.as_deref(), &title, slug.as_deref(), both, today) {
        Ok(files) => {
            for f in files {
                println!("{}", sahel::msg!("cmd-created", path = f.display()));
            }
            0
        }
        Err(e) => report(BuildError::Other(e)),
    }
}
