//! The browser editor (`sahel serve --edit`, `sahel edit`): its page at `/_edit/` and its API
//! under `/_edit/api/`, answered only when `--edit` is given. The contract with the editor's
//! code (`editor/`, built into `ui/`) is `editor/src/api.ts`.
//!
//! - [`entries`]: collections, entries and their files (paths computed, never taken from a
//!   request; confined to the site's folders, no symlink followed);
//! - [`draft`]: a draft checked and rendered as a build would, saved atomically;
//! - [`api`]: the HTTP side: the per-run token and the `Origin` check on every call;
//! - [`git`]: what changed, commit, publish.
//!
//! Requests that read or change the site model run on the thread that holds the session (a
//! [`Job`] sent over the watcher's channel), so a save and a file change never race.

mod api;
mod draft;
mod entries;
pub(crate) mod git;
mod history;
mod media;
mod page;
mod publish;
mod read;

use std::path::PathBuf;
use std::sync::mpsc::Sender;

pub(crate) use api::router;
pub(crate) use media::MAX_UPLOAD;

use super::session::{Session, Settings};
use super::watch::Msg;

/// A request's work on the session's thread; returns the files it changed, which the session
/// applies at once (as the watcher would a moment later).
pub(crate) type Job = Box<dyn FnOnce(&mut Ctx<'_>) -> Vec<PathBuf> + Send>;

/// What a job may use.
pub(crate) struct Ctx<'a> {
    pub(crate) session: &'a mut Option<Session>,
    pub(crate) settings: &'a Settings,
}

/// The editor of one `serve --edit` run.
pub(crate) struct Editor {
    /// The per-run secret every API request carries (`X-Sahel-Edit-Token`).
    pub(crate) token: String,
    /// Origins (`http://127.0.0.1:8000`) a request may come from.
    pub(crate) origins: Vec<String>,
    pub(crate) jobs: Sender<Msg>,
    /// Where drafts' pages are rendered (`.cache/edit-preview/`).
    pub(crate) preview: PathBuf,
    /// The served site (`.cache/serve/`): the editor's panes use the site's own fonts.
    pub(crate) out: PathBuf,
    /// The site's default language's code (the editor's language unless it chose another).
    pub(crate) default_lang: String,
}

impl Editor {
    pub(crate) fn new(
        port: u16,
        public: Option<&str>,
        jobs: Sender<Msg>,
        (preview, out): (PathBuf, PathBuf),
        default_lang: String,
    ) -> anyhow::Result<Editor> {
        let mut origins = vec![
            format!("http://127.0.0.1:{port}"),
            format!("http://localhost:{port}"),
        ];
        if let Some(public) = public {
            origins.push(public_origin(public)?);
        }
        Ok(Editor {
            token: token()?,
            origins,
            jobs,
            preview,
            out,
            default_lang,
        })
    }
}

/// The origin a browser sends for pages of `url` (`https://cms.example.com`: scheme, host in
/// lower case, the port only when it is not the scheme's own), or why `url` cannot be one.
fn public_origin(url: &str) -> anyhow::Result<String> {
    let parsed = url::Url::parse(url).map_err(|e| {
        anyhow::anyhow!(crate::msg!(
            "serve-public-url-invalid",
            url = url,
            error = e.to_string()
        ))
    })?;
    let path_ok = matches!(parsed.path(), "" | "/") && parsed.query().is_none();
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host().is_none() || !path_ok {
        anyhow::bail!(crate::msg!(
            "serve-public-url-invalid",
            url = url,
            error = "https://host[:port]"
        ));
    }
    Ok(parsed.origin().ascii_serialization())
}

/// 32 random bytes from the system, as hex.
fn token() -> anyhow::Result<String> {
    use std::io::Read;
    let mut bytes = [0u8; 32];
    std::fs::File::open("/dev/urandom")?.read_exact(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_public_url_is_compared_as_the_browser_sends_its_origin() {
        for (given, origin) in [
            ("https://cms.office.example", "https://cms.office.example"),
            (
                "https://CMS.Office.example:443/",
                "https://cms.office.example",
            ),
            ("http://10.0.0.5:8080", "http://10.0.0.5:8080"),
        ] {
            assert_eq!(super::public_origin(given).unwrap(), origin);
        }
        for bad in [
            "cms.office.example",
            "ftp://x",
            "https://x/edit",
            "https://x/?a=1",
        ] {
            assert!(super::public_origin(bad).is_err(), "{bad}");
        }
    }
}
