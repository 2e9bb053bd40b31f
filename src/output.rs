//! Writing `dist/`: the minijinja document shell around each rendered page, the page-data
//! files, the root redirect and 404 pages, the client assets; all into a temporary folder that
//! replaces `dist/` only when everything succeeded.

use std::path::{Path, PathBuf};

use anyhow::Context;
use minijinja::{Environment, UndefinedBehavior, context, path_loader};
use serde::Serialize;

use crate::assets::EntryAssets;
use crate::routes::Head;

/// Template names under `templates/`.
pub const PAGE_TEMPLATE: &str = "page.html";
pub const ROOT_REDIRECT_TEMPLATE: &str = "root-redirect.html";

/// The one minijinja environment of a build.
pub fn template_env(templates: &Path) -> anyhow::Result<Environment<'static>> {
    if !templates.is_dir() {
        anyhow::bail!(
            "the templates folder {} does not exist; set [paths] templates in site.toml",
            templates.display()
        );
    }
    let mut env = Environment::new();
    env.set_loader(path_loader(templates));
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_formatter(html_formatter);
    // Fail early, with the template's name, if a template does not parse.
    for name in [
        PAGE_TEMPLATE,
        ROOT_REDIRECT_TEMPLATE,
        "sitemap.xml",
        "sitemap-index.xml",
        "feed.xml",
        "robots.txt",
        "_redirects",
        "_headers",
        "nginx.conf",
    ] {
        env.get_template(name)
            .map_err(|e| anyhow::anyhow!("template {name}: {e:#}"))?;
    }
    Ok(env)
}

/// HTML escaping that leaves `/` alone (minijinja's default writes `&#x2f;`, which is valid
/// but makes every URL in the head unreadable).
fn html_formatter(
    out: &mut minijinja::Output<'_>,
    state: &minijinja::State<'_, '_>,
    value: &minijinja::Value,
) -> Result<(), minijinja::Error> {
    if state.auto_escape() == minijinja::AutoEscape::Html && !value.is_safe() && !value.is_none() {
        let text = value.to_string();
        let mut escaped = String::with_capacity(text.len());
        for ch in text.chars() {
            match ch {
                '&' => escaped.push_str("&amp;"),
                '<' => escaped.push_str("&lt;"),
                '>' => escaped.push_str("&gt;"),
                '"' => escaped.push_str("&quot;"),
                '\'' => escaped.push_str("&#39;"),
                c => escaped.push(c),
            }
        }
        out.write_str(&escaped).map_err(minijinja::Error::from)
    } else {
        minijinja::escape_formatter(out, state, value)
    }
}

/// JSON safe to place inside `<script type="application/json">`.
pub fn script_safe_json(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 16);
    for ch in json.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// React 19 may put resource hints (`<link rel="preload">` ...) at the start of its output;
/// they belong in `<head>`. Returns (hoisted tags, the rest).
pub fn split_hoisted(app_html: &str) -> (&str, &str) {
    let mut end = 0;
    let bytes = app_html.as_bytes();
    while app_html[end..].starts_with("<link") || app_html[end..].starts_with("<meta") {
        match app_html[end..].find('>') {
            Some(i) => end += i + 1,
            None => break,
        }
        while end < bytes.len() && bytes[end].is_ascii_whitespace() {
            end += 1;
        }
    }
    app_html.split_at(end)
}

#[derive(Serialize)]
struct ShellAssets<'a> {
    script: &'a str,
    css: &'a [String],
    modulepreload: &'a [String],
    fonts: &'a [String],
    /// This page's chunks: its language's strings and its screen.
    screen: Vec<&'a str>,
}

/// The complete HTML document of one page.
pub fn render_document(
    env: &Environment<'_>,
    head: &Head,
    page_kind: &str,
    assets: &EntryAssets,
    app_html: &str,
    data_json: &str,
    dev_script: Option<&str>,
) -> anyhow::Result<String> {
    let (hoisted, body) = split_hoisted(app_html);
    let mut screen: Vec<&str> = assets
        .strings
        .get(head.lang.code())
        .into_iter()
        .flatten()
        .map(String::as_str)
        .collect();
    screen.extend(
        crate::assets::screen_module(page_kind)
            .and_then(|m| assets.screens.get(m))
            .into_iter()
            .flatten()
            .map(String::as_str),
    );
    let tmpl = env.get_template(PAGE_TEMPLATE)?;
    tmpl.render(context! {
        head => head,
        assets => ShellAssets {
            script: &assets.script,
            css: &assets.css,
            modulepreload: &assets.modulepreload,
            fonts: &assets.fonts,
            screen,
        },
        hoisted => hoisted,
        app_html => body,
        data_json => script_safe_json(data_json),
        dev_script => dev_script,
    })
    .map_err(|e| anyhow::anyhow!("template {PAGE_TEMPLATE}: {e:#}"))
}

/// The root `index.html` that sends visitors to `/ar/`.
pub fn render_root_redirect(env: &Environment<'_>, origin: &str) -> anyhow::Result<String> {
    env.get_template(ROOT_REDIRECT_TEMPLATE)?
        .render(context! { target => "/ar/", canonical => format!("{origin}/ar/") })
        .map_err(|e| anyhow::anyhow!("template {ROOT_REDIRECT_TEMPLATE}: {e:#}"))
}

/// A folder next to `dist/` that becomes `dist/` on [`Staging::commit`] and is removed if
/// dropped before that.
pub struct Staging {
    pub dir: PathBuf,
    target: PathBuf,
    committed: bool,
}

impl Staging {
    pub fn new(target: &Path) -> anyhow::Result<Staging> {
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "dist".into());
        let dir = parent.join(format!(".{name}.tmp-{}", std::process::id()));
        if dir.exists() {
            std::fs::remove_dir_all(&dir)?;
        }
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        Ok(Staging {
            dir,
            target: target.to_path_buf(),
            committed: false,
        })
    }

    /// Swaps the staging folder in place of the target.
    pub fn commit(mut self) -> anyhow::Result<()> {
        let old = self.dir.with_extension("old");
        if self.target.exists() {
            std::fs::rename(&self.target, &old).with_context(|| {
                format!("cannot move the previous {} aside", self.target.display())
            })?;
        }
        std::fs::rename(&self.dir, &self.target)
            .with_context(|| format!("cannot move the new output to {}", self.target.display()))?;
        self.committed = true;
        if old.exists() {
            std::fs::remove_dir_all(&old)?;
        }
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Copies Vite's client output (not its `.vite/` manifest folder) into `dir`.
pub fn copy_client_assets(client_dir: &Path, dir: &Path) -> anyhow::Result<(usize, u64)> {
    let mut count = 0;
    let mut bytes = 0;
    for entry in walkdir::WalkDir::new(client_dir).sort_by_file_name() {
        let entry = entry?;
        if !entry.file_type().is_file() {
            continue;
        }
        let rel = entry.path().strip_prefix(client_dir)?;
        if rel.starts_with(".vite") {
            continue;
        }
        let dest = dir.join(rel);
        if let Some(parent) = dest.parent() {
            std::fs::create_dir_all(parent)?;
        }
        bytes += std::fs::copy(entry.path(), &dest)
            .with_context(|| format!("cannot copy {}", entry.path().display()))?;
        count += 1;
    }
    Ok((count, bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_cannot_close_the_script() {
        let s = script_safe_json(r#"{"a":"</script><b>&"}"#);
        assert!(!s.contains("</script>"));
        assert_eq!(s, r#"{"a":"\u003c/script\u003e\u003cb\u003e\u0026"}"#);
    }

    #[test]
    fn leading_resource_hints_are_hoisted() {
        let (h, b) = split_hoisted(r#"<link rel="preload" as="image" href="/a.png"/><div>x</div>"#);
        assert_eq!(h, r#"<link rel="preload" as="image" href="/a.png"/>"#);
        assert_eq!(b, "<div>x</div>");
        let (h, b) = split_hoisted("<div>x</div>");
        assert_eq!(h, "");
        assert_eq!(b, "<div>x</div>");
    }

    #[test]
    fn staging_dropped_leaves_target_untouched() {
        let tmp = tempfile::tempdir().unwrap();
        let target = tmp.path().join("dist");
        std::fs::create_dir_all(&target).unwrap();
        std::fs::write(target.join("keep.html"), "old").unwrap();
        {
            let s = Staging::new(&target).unwrap();
            crate::build::write_file(&s.dir, "new.html", b"new").unwrap();
        }
        assert_eq!(
            std::fs::read_to_string(target.join("keep.html")).unwrap(),
            "old"
        );
        assert!(!target.join("new.html").exists());
        let s = Staging::new(&target).unwrap();
        crate::build::write_file(&s.dir, "new.html", b"new").unwrap();
        s.commit().unwrap();
        assert!(!target.join("keep.html").exists());
        assert_eq!(
            std::fs::read_to_string(target.join("new.html")).unwrap(),
            "new"
        );
        assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 1);
    }
}
