//! Writing `dist/`: the minijinja document shell around each rendered page, the page-data
//! files, the root redirect and 404 pages, the client assets; all into a temporary folder that
//! replaces `dist/` only when everything succeeded.

use std::path::Path;

use anyhow::Context;
use minijinja::{Environment, UndefinedBehavior, Value, context, path_loader};
use serde::Serialize;

use crate::assets::EntryAssets;
use crate::head::Head;
use crate::lang::Lang;

mod guard;
mod owner;
pub use guard::interrupt_and_exit;
use guard::resolve_path;
pub(crate) use guard::{OUTPUT_MARKER, Protected, Staging, check_output_target};
pub(crate) use owner::{
    OutputLock, Writer, check_no_serve, describes, lock_for_serve, lock_output, remove_leftovers,
    reusable, with_help, write_marker,
};

/// Template names under `templates/`.
const PAGE_TEMPLATE: &str = "page.html";
const ROOT_REDIRECT_TEMPLATE: &str = "root-redirect.html";
/// Every template a build uses.
const TEMPLATES: [&str; 9] = [
    PAGE_TEMPLATE,
    ROOT_REDIRECT_TEMPLATE,
    "sitemap.xml",
    "sitemap-index.xml",
    "feed.xml",
    "robots.txt",
    "_redirects",
    "_headers",
    "nginx.conf",
];

/// The one minijinja environment of a build.
pub fn template_env(templates: &Path) -> anyhow::Result<Environment<'static>> {
    if !templates.is_dir() {
        anyhow::bail!(crate::msg!(
            "output-no-templates-folder",
            path = templates.display()
        ));
    }
    let mut env = Environment::new();
    env.set_loader(path_loader(templates));
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_formatter(html_formatter);
    // Fail early, with the template's name, if a template does not parse.
    for name in TEMPLATES {
        env.get_template(name).map_err(|e| {
            anyhow::anyhow!(crate::msg!(
                "output-template-error",
                name = name.to_string(),
                detail = format!("{e:#}")
            ))
        })?;
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
        escape_html(&mut escaped, &text);
        out.write_str(&escaped).map_err(minijinja::Error::from)
    } else {
        minijinja::escape_formatter(out, state, value)
    }
}

/// The shell's HTML escaping (`&`, `<`, `>`, `"`, `'`), appended to `out`.
fn escape_html(out: &mut String, text: &str) {
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// JSON safe to place inside `<script type="application/json">`.
fn script_safe_json(json: &str) -> String {
    // Most page data has none of them: copied as it is, without decoding it.
    if !json.bytes().any(|b| matches!(b, b'<' | b'>' | b'&'))
        && !json.contains('\u{2028}')
        && !json.contains('\u{2029}')
    {
        return json.to_string();
    }
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

/// A page's head as the shell writes it: its language and direction, and its tags and JSON-LD
/// blocks already written as HTML. Routes are prepared with this rather than the [`Head`]
/// itself: with its many small strings and JSON values, a head took about 10 KB of memory per
/// route (its HTML, under 3 KB), held until the page was written.
pub(crate) struct ShellHead {
    pub(crate) lang: Lang,
    pub(crate) dir: &'static str,
    /// [`head_tags_html`].
    pub(crate) tags: String,
    /// [`json_ld_html`].
    pub(crate) json_ld: String,
}

impl ShellHead {
    pub(crate) fn new(head: &Head) -> ShellHead {
        ShellHead {
            lang: head.lang,
            dir: head.dir,
            tags: head_tags_html(head),
            json_ld: json_ld_html(head),
        }
    }
}

/// The head's tags as the shell writes them, one per line: `<title>` with its text, `<meta>` and
/// `<link>` with their attributes in order, escaped as the template engine escapes. Written
/// here rather than by a loop in `page.html`: handing the tag list to the template engine cost
/// more than the rest of the document.
pub(crate) fn head_tags_html(head: &Head) -> String {
    let mut out = String::with_capacity(2048);
    for t in &head.tags {
        match &t.text {
            Some(text) if t.tag == "title" => {
                out.push_str("<title>");
                escape_html(&mut out, text);
                out.push_str("</title>\n");
            }
            _ => {
                out.push('<');
                out.push_str(t.tag);
                for (name, value) in &t.attrs {
                    out.push(' ');
                    out.push_str(name);
                    out.push_str("=\"");
                    escape_html(&mut out, value);
                    out.push('"');
                }
                out.push_str(">\n");
            }
        }
    }
    out
}

/// The head's JSON-LD blocks, one `<script type="application/ld+json">` per line, the JSON made
/// safe inside a script element.
pub(crate) fn json_ld_html(head: &Head) -> String {
    let mut out = String::new();
    for block in &head.json_ld {
        out.push_str("<script type=\"application/ld+json\">");
        out.push_str(&script_safe_json(&block.to_string()));
        out.push_str("</script>\n");
    }
    out
}

/// React 19 may put resource hints (`<link rel="preload">` ...) at the start of its output;
/// they belong in `<head>`. Returns (hoisted tags, the rest).
fn split_hoisted(app_html: &str) -> (&str, &str) {
    let mut rest = app_html;
    while rest.starts_with("<link") || rest.starts_with("<meta") {
        match rest.split_once('>') {
            Some((_, after)) => rest = after.trim_start_matches(|c: char| c.is_ascii_whitespace()),
            None => break,
        }
    }
    app_html.split_at(app_html.len() - rest.len())
}

#[derive(Serialize)]
struct ShellAssets<'a> {
    script: &'a str,
    css: &'a [String],
    /// The stylesheets' text when they are inlined (`EntryAssets::inline_css`).
    inline_css: &'a str,
    modulepreload: &'a [String],
    fonts: &'a [String],
    /// This page's chunks: its language's strings and its screen.
    screen: Vec<&'a str>,
    /// What the boot script preloads, space-separated: `modulepreload`, then `screen`.
    preload: String,
}

/// The values of one page that go into the shell. Everything else the shell shows depends only
/// on the page's language, direction and kind (and the build's assets).
struct PageValues<'a> {
    head_tags: &'a str,
    json_ld: &'a str,
    hoisted: &'a str,
    body: &'a str,
    data_json: String,
}

/// The five values, in [`PageValues`] order: the slots of a cut shell.
const SLOTS: usize = 5;

/// What marks slot `i` in a shell rendered to be cut: private-use delimiters around characters
/// every escaping or filter would change, so a value the template does not write exactly as
/// given (escaped, measured, upper-cased) leaves no mark and the shell is not cut.
fn slot_mark(i: usize) -> String {
    format!("\u{E000}<&\"'sahel-shell-{i}'\"&>\u{E001}")
}

/// A shell rendered once per language, direction and page kind, cut at its five values: a
/// page is the pieces and its values, concatenated, instead of a template render (which copied
/// the page's HTML and data into template values). `None`: this template cannot be cut, or a
/// cut version did not reproduce the full render; its pages are rendered in full.
type Cut = Option<(Vec<String>, [usize; SLOTS])>;

/// A shell's language, direction and page kind.
type ShellKey = (Lang, &'static str, String);

/// The documents of one build: the shell (`templates/page.html`) around each page.
pub(crate) struct Documents<'a> {
    env: &'a Environment<'static>,
    assets: &'a EntryAssets,
    dev_script: Option<&'a str>,
    cuts: std::sync::Mutex<std::collections::HashMap<ShellKey, std::sync::Arc<Cut>>>,
}

impl<'a> Documents<'a> {
    pub(crate) fn new(
        env: &'a Environment<'static>,
        assets: &'a EntryAssets,
        dev_script: Option<&'a str>,
    ) -> Self {
        Self {
            env,
            assets,
            dev_script,
            cuts: std::sync::Mutex::default(),
        }
    }

    /// The complete HTML document of one page.
    pub(crate) fn render(
        &self,
        head: &ShellHead,
        page_kind: &str,
        app_html: &str,
        data_json: &str,
    ) -> anyhow::Result<String> {
        let (hoisted, body) = split_hoisted(app_html);
        let values = PageValues {
            head_tags: &head.tags,
            json_ld: &head.json_ld,
            hoisted,
            body,
            data_json: script_safe_json(data_json),
        };
        let key = (head.lang, head.dir, page_kind.to_string());
        let known = self
            .cuts
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(&key)
            .cloned();
        let cut = match known {
            Some(cut) => cut,
            None => {
                // The first page of its kind: render it in full, and cut a shell that must
                // reproduce it byte for byte.
                let full = self.render_full(head, page_kind, &values)?;
                let cut = self
                    .cut(head, page_kind)
                    .filter(|cut| fill(cut, &values) == full);
                self.cuts
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .insert(key, std::sync::Arc::new(cut));
                return Ok(full);
            }
        };
        match cut.as_ref() {
            Some(cut) => Ok(fill(cut, &values)),
            None => self.render_full(head, page_kind, &values),
        }
    }

    /// The shell of this language, direction and kind, cut at its values.
    fn cut(&self, head: &ShellHead, page_kind: &str) -> Cut {
        let marks: Vec<String> = (0..SLOTS).map(slot_mark).collect();
        let [head_tags, json_ld, hoisted, body, data_json] = marks.as_slice() else {
            return None;
        };
        let marked = PageValues {
            head_tags,
            json_ld,
            hoisted,
            body,
            data_json: data_json.clone(),
        };
        let shell = self.render_full(head, page_kind, &marked).ok()?;
        let mut found: Vec<(usize, usize)> = Vec::with_capacity(SLOTS);
        for (i, mark) in marks.iter().enumerate() {
            let mut at = shell.match_indices(mark.as_str()).map(|(at, _)| at);
            let (Some(first), None) = (at.next(), at.next()) else {
                return None;
            };
            found.push((first, i));
        }
        found.sort_unstable();
        let mut pieces = Vec::with_capacity(SLOTS + 1);
        let mut order = [0; SLOTS];
        let mut from = 0;
        for (n, &(at, i)) in found.iter().enumerate() {
            pieces.push(shell.get(from..at)?.to_string());
            *order.get_mut(n)? = i;
            from = at + marks.get(i)?.len();
        }
        pieces.push(shell.get(from..)?.to_string());
        Some((pieces, order))
    }

    fn render_full(
        &self,
        head: &ShellHead,
        page_kind: &str,
        values: &PageValues<'_>,
    ) -> anyhow::Result<String> {
        let assets = self.assets;
        let mut screen: Vec<&str> = assets
            .strings
            .get(head.lang.code())
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        screen.extend(
            assets
                .screens
                .get(page_kind)
                .into_iter()
                .flatten()
                .map(String::as_str),
        );
        let tmpl = self.env.get_template(PAGE_TEMPLATE)?;
        let subset = if head.lang.is_arabic_script() {
            "arabic"
        } else {
            "latin"
        };
        tmpl.render(context! {
            lang => head.lang.code(),
            dir => head.dir,
            font_prefix => format!("/assets/{}-{subset}-400-", head.lang.spec().font),
            head_tags => Value::from_safe_string(values.head_tags.to_string()),
            json_ld => Value::from_safe_string(values.json_ld.to_string()),
            assets => ShellAssets {
                script: &assets.script,
                css: &assets.css,
                inline_css: &assets.inline_css,
                modulepreload: &assets.modulepreload,
                fonts: &assets.fonts,
                preload: assets
                    .modulepreload
                    .iter()
                    .map(String::as_str)
                    .chain(screen.iter().copied())
                    .collect::<Vec<_>>()
                    .join(" "),
                screen,
            },
            hoisted => values.hoisted,
            app_html => values.body,
            data_json => &values.data_json,
            dev_script => self.dev_script,
            boot_script => Value::from_safe_string(crate::seo::boot_script().to_string()),
        })
        .map_err(|e| {
            anyhow::anyhow!(crate::msg!(
                "output-template-error",
                name = PAGE_TEMPLATE,
                detail = format!("{e:#}")
            ))
        })
    }
}

/// A cut shell filled with one page's values.
fn fill((pieces, order): &(Vec<String>, [usize; SLOTS]), values: &PageValues<'_>) -> String {
    let value = |i: usize| -> &str {
        match i {
            0 => values.head_tags,
            1 => values.json_ld,
            2 => values.hoisted,
            3 => values.body,
            _ => &values.data_json,
        }
    };
    let len = pieces.iter().map(String::len).sum::<usize>()
        + (0..SLOTS).map(|i| value(i).len()).sum::<usize>();
    let mut out = String::with_capacity(len);
    for (n, piece) in pieces.iter().enumerate() {
        out.push_str(piece);
        if let Some(&i) = order.get(n) {
            out.push_str(value(i));
        }
    }
    out
}

/// The root `index.html` that sends visitors to `/ar/`.
pub(crate) fn render_root_redirect(
    env: &Environment<'_>,
    site: &crate::content::Site,
) -> anyhow::Result<String> {
    let origin = site.config.origin();
    let home = crate::routes::route_path(
        site.language_table().default_lang(),
        &crate::routes::RouteKind::Home,
    );
    env.get_template(ROOT_REDIRECT_TEMPLATE)?
        .render(context! {
            target => &home,
            canonical => format!("{origin}{home}"),
            ..crate::seo::language_context(site)
        })
        .map_err(|e| {
            anyhow::anyhow!(crate::msg!(
                "output-template-error",
                name = ROOT_REDIRECT_TEMPLATE,
                detail = format!("{e:#}")
            ))
        })
}

/// Copies Vite's client output (not its `.vite/` manifest folder) into `dir`; `scan` sees each
/// file's path (relative to `dir`) and contents.
pub(crate) fn copy_client_assets(
    client_dir: &Path,
    dir: &Path,
    scan: &(dyn Fn(&Path, &[u8]) + Sync),
) -> anyhow::Result<(usize, u64)> {
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
            crate::fingerprint::output_dir(parent)?;
        }
        let contents = std::fs::read(entry.path())
            .with_context(|| crate::msg!("output-cannot-read", path = entry.path().display()))?;
        std::fs::write(&dest, &contents)
            .with_context(|| crate::msg!("output-cannot-write", path = dest.display()))?;
        scan(rel, &contents);
        bytes += contents.len() as u64;
        count += 1;
    }
    Ok((count, bytes))
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::head::HeadTag;
    use crate::lang::Lang;

    #[test]
    fn every_client_asset_copied_is_shown_to_the_scan_and_a_key_in_one_is_found() {
        let client = tempfile::tempdir().unwrap();
        let out = tempfile::tempdir().unwrap();
        // A key a developer inlined into the app's JavaScript (a `VITE_*` value, say).
        use base64::Engine;
        let payload =
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(r#"{"role":"service_role"}"#);
        let key = format!("eyJhbGciOiJIUzI1NiJ9.{payload}.c2lnbmF0dXJl");
        let files = [
            (
                "assets/index-1.js",
                format!("const a=1;\nconst k=\"{key}\";\n"),
            ),
            ("assets/cairo-arabic-400.woff2", key.clone()),
            (".vite/manifest.json", format!("{{\"k\":\"{key}\"}}")),
            ("favicon.svg", "<svg/>".to_string()),
        ];
        for (rel, text) in &files {
            let path = client.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let scanner = crate::secrets::Scanner::default();
        let seen = std::sync::Mutex::new(Vec::new());
        let (count, bytes) = copy_client_assets(client.path(), out.path(), &|rel, contents| {
            seen.lock().unwrap().push(rel.to_path_buf());
            scanner.file(rel, contents);
        })
        .unwrap();
        // Vite's manifest folder is not copied, so not scanned; everything copied is.
        let mut seen = seen.into_inner().unwrap();
        seen.sort();
        assert_eq!(
            seen,
            [
                "assets/cairo-arabic-400.woff2",
                "assets/index-1.js",
                "favicon.svg"
            ]
            .map(PathBuf::from)
        );
        assert_eq!(count, 3);
        assert_eq!(
            bytes,
            std::fs::read(out.path().join("assets/index-1.js"))
                .unwrap()
                .len() as u64
                + key.len() as u64
                + 6
        );
        // The key in the script is found, at its line; the font's bytes are not read as text.
        let found: Vec<String> = scanner.findings().iter().map(|f| f.to_string()).collect();
        assert_eq!(
            found,
            [format!(
                "{}:2: a service_role JWT (eyJhbGci…)",
                Path::new("assets/index-1.js").display()
            )]
        );
    }

    fn assets() -> EntryAssets {
        EntryAssets {
            script: "/assets/index-1.js".into(),
            css: vec!["/assets/index-1.css".into()],
            modulepreload: vec!["/assets/vendor-1.js".into()],
            fonts: vec![
                "/assets/cairo-arabic-700.woff2".into(),
                "/assets/poppins-latin-400.woff2".into(),
            ],
            screens: [(
                "blogPost".to_string(),
                vec!["/assets/post-1.js".to_string()],
            )]
            .into(),
            strings: [("ar".to_string(), vec!["/assets/ar-1.js".to_string()])].into(),
            ..EntryAssets::default()
        }
    }

    fn head(lang: Lang, title: &str) -> Head {
        Head {
            lang,
            dir: if lang == Lang::ar() { "rtl" } else { "ltr" },
            tags: vec![HeadTag {
                tag: "title",
                attrs: vec![],
                text: Some(title.into()),
            }],
            json_ld: vec![serde_json::json!({"name": title})],
        }
    }

    /// Pages made from a cut shell are byte for byte what rendering the template gives, for
    /// the shipped template, for values holding what the marks are made of, and for templates
    /// that escape, drop, repeat or measure a value (which are not cut).
    #[test]
    fn documents_from_a_cut_shell_equal_full_renders() {
        let shipped = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/page.html"),
        )
        .unwrap_or_default();
        let templates = [
            shipped.clone(),
            shipped.replace("{{ app_html|safe }}", "{{ app_html }}"),
            shipped.replace("{{ data_json|safe }}", "{{ data_json|length }}"),
            shipped.replace("{{ json_ld }}", "{{ json_ld }}{{ json_ld }}"),
            shipped.replace("{{ head_tags }}", ""),
            shipped.replace("{{ hoisted|safe }}", "{{ hoisted|upper|safe }}"),
        ];
        let assets = assets();
        let pages = [
            (
                Lang::ar(),
                "blogPost",
                "عنوان <1> & \"2\"",
                "<link rel=\"preload\" href=\"/x\"><main>نص</main>",
                "{\"a\":\"</script>\"}",
            ),
            (
                Lang::ar(),
                "blogPost",
                "\u{E000}<&\"'sahel-shell-3'\"&>\u{E001}",
                "<main>\u{E000}sahel-shell-1\u{E001}</main>",
                "{}",
            ),
            (
                Lang::en(),
                "home",
                "Home & more",
                "<p>plain</p>",
                "{\"b\":\"\u{2028}\"}",
            ),
            (
                Lang::ar(),
                "blogPost",
                "ثالث",
                "<main>ثالث</main>",
                "{\"c\":1}",
            ),
            (Lang::en(), "home", "Again", "<p>again</p>", "{}"),
        ];
        for (n, text) in templates.iter().enumerate() {
            let dir =
                std::env::temp_dir().join(format!("sahel-shell-test-{}-{n}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap_or_default();
            for name in TEMPLATES.iter().filter(|&&n| n != PAGE_TEMPLATE) {
                let from = Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("templates")
                    .join(name);
                std::fs::copy(from, dir.join(name)).unwrap_or_default();
            }
            std::fs::write(dir.join(PAGE_TEMPLATE), text).unwrap_or_default();
            let env = template_env(&dir).expect("templates");
            for dev in [None, Some("/__dev.js")] {
                let documents = Documents::new(&env, &assets, dev);
                for (lang, kind, title, html, json) in pages {
                    let head = ShellHead::new(&head(lang, title));
                    let made = documents.render(&head, kind, html, json).expect("document");
                    let (hoisted, body) = split_hoisted(html);
                    let values = PageValues {
                        head_tags: &head.tags,
                        json_ld: &head.json_ld,
                        hoisted,
                        body,
                        data_json: script_safe_json(json),
                    };
                    let full = documents.render_full(&head, kind, &values).expect("full");
                    assert_eq!(made, full, "template {n}, {title}");
                }
            }
            // The shipped template is cut; the ones that change or drop a value are not.
            let cut = Documents::new(&env, &assets, None);
            let _ = cut.render(
                &ShellHead::new(&head(Lang::ar(), "x")),
                "blogPost",
                "<p>x</p>",
                "{}",
            );
            let is_cut = cut
                .cuts
                .lock()
                .map(|m| m.values().all(|c| c.is_some()))
                .unwrap_or(false);
            assert_eq!(is_cut, n == 0, "template {n}");
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn head_tags_are_written_in_order_and_escaped_like_the_shell() {
        let head = Head {
            lang: Lang::ar(),
            dir: "rtl",
            tags: vec![
                HeadTag {
                    tag: "title",
                    attrs: vec![],
                    text: Some("تأشيرات <الإقامة> & \"العمل\" – 'دبي'".into()),
                },
                HeadTag {
                    tag: "link",
                    attrs: vec![
                        ("rel", "alternate".into()),
                        ("hreflang", "en".into()),
                        ("href", "https://x.ae/en/?a=1&b=\"2\"".into()),
                    ],
                    text: None,
                },
            ],
            json_ld: vec![serde_json::json!({"@type": "Thing", "name": "</script><b>"})],
        };
        assert_eq!(
            head_tags_html(&head),
            "<title>تأشيرات &lt;الإقامة&gt; &amp; &quot;العمل&quot; – &#39;دبي&#39;</title>\n\
             <link rel=\"alternate\" hreflang=\"en\" href=\"https://x.ae/en/?a=1&amp;b=&quot;2&quot;\">\n"
        );
        // Key order kept as computed; no `</script>` can close the block early.
        assert_eq!(
            json_ld_html(&head),
            "<script type=\"application/ld+json\">{\"@type\":\"Thing\",\"name\":\"\\u003c/script\\u003e\\u003cb\\u003e\"}</script>\n"
        );
    }

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
}
