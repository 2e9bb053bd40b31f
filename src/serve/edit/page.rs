//! The editor's page (with the run's token), its bundle, and the drafts' previews.

use std::path::{Component, Path};
use std::sync::Arc;

use axum::extract::{Path as UrlPath, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use super::Editor;
use super::api::EDITOR_CSP;

/// The editor's code, built from `editor/` by `npx vite build --config editor/vite.config.ts`.
const SCRIPT: &[u8] = include_bytes!("ui/editor.js");
const STYLES: &[u8] = include_bytes!("ui/editor.css");

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The page: the token in a `<meta>`, the site's default language as the page's.
pub(super) async fn page(State(editor): State<Arc<Editor>>) -> Response {
    // The editor speaks Arabic and English: Arabic when the site's default language is, else
    // English (the app then follows the editor's own choice).
    let (lang, dir) = if editor.default_lang == "ar" {
        ("ar", "rtl")
    } else {
        ("en", "ltr")
    };
    let html = format!(
        "<!doctype html>\n<html lang=\"{lang}\" dir=\"{dir}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<link rel=\"icon\" href=\"data:,\">\n\
         <meta name=\"sahel-edit-token\" content=\"{token}\">\n\
         <title>sahel</title>\n<link rel=\"stylesheet\" href=\"/_edit/fonts.css\">\n\
         <link rel=\"stylesheet\" href=\"/_edit/editor.css\">\n\
         <script type=\"module\" src=\"/_edit/editor.js\"></script>\n</head>\n\
         <body>\n<div id=\"root\"></div>\n</body>\n</html>\n",
        token = escape(&editor.token),
    );
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, EDITOR_CSP),
        ],
        html,
    )
        .into_response()
}

pub(super) async fn to_page() -> Redirect {
    Redirect::permanent("/_edit/")
}

pub(super) async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, EDITOR_CSP),
        ],
        SCRIPT,
    )
        .into_response()
}

pub(super) async fn styles() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, EDITOR_CSP),
        ],
        STYLES,
    )
        .into_response()
}

/// The site's own `@font-face` rules (Cairo, Poppins...), from its built stylesheets: the panes
/// show each language in the font its pages use.
pub(super) async fn fonts(State(editor): State<Arc<Editor>>) -> Response {
    static FACES: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"@font-face\s*\{[^}]*\}").ok());
    let mut css = String::new();
    let assets = editor.out.join("assets");
    let mut sheets: Vec<_> = std::fs::read_dir(&assets)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    sheets.sort();
    for sheet in sheets
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "css"))
    {
        let (Ok(text), Some(re)) = (std::fs::read_to_string(sheet), FACES.as_ref()) else {
            continue;
        };
        for face in re.find_iter(&text) {
            css.push_str(face.as_str());
            css.push('\n');
        }
    }
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, EDITOR_CSP),
        ],
        css,
    )
        .into_response()
}

/// A draft's page, as the check last rendered it, without its scripts (the app would not
/// know the preview's address), framed by the editor only.
pub(super) async fn preview(
    State(editor): State<Arc<Editor>>,
    UrlPath(path): UrlPath<String>,
) -> Response {
    let rel = Path::new(&path);
    if rel.components().any(|c| !matches!(c, Component::Normal(_))) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let mut file = editor.preview.join(rel);
    if path.ends_with('/') || path.is_empty() {
        file.push("index.html");
    }
    if super::entries::confined(&editor.preview, &file).is_err() {
        return StatusCode::NOT_FOUND.into_response();
    }
    let Ok(html) = tokio::fs::read_to_string(&file).await else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let html = without_scripts(&html);
    let csp = preview_csp(&html);
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8".to_string()),
            (header::CONTENT_SECURITY_POLICY, csp),
        ],
        html,
    )
        .into_response()
}

/// The page without its scripts and their preloads: the preview shows the page as rendered,
/// and its policy would refuse them anyway (each a console error in the editor).
fn without_scripts(html: &str) -> String {
    static SCRIPTS: std::sync::LazyLock<Option<regex::Regex>> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r#"(?is)<script\b[^>]*>.*?</script>|<link\b[^>]*\brel="modulepreload"[^>]*>"#,
        )
        .ok()
    });
    match SCRIPTS.as_ref() {
        Some(re) => re.replace_all(html, "").into_owned(),
        None => html.to_string(),
    }
}

/// The site's own rules for a page, but framed by the editor (same origin) and with no script.
/// The stylesheet sahel inlined in the page's head is allowed by its hash, as the site's policy
/// does (`assets::inline_styles`); nothing in the body is.
fn preview_csp(html: &str) -> String {
    let head = html.split_once("<body").map_or("", |(head, _)| head);
    let styles: String = head
        .split("<style>")
        .skip(1)
        .filter_map(|rest| rest.split_once("</style>"))
        .map(|(css, _)| format!(" {}", crate::seo::csp_hash(css)))
        .collect();
    format!(
        "default-src 'self'; script-src 'none'; style-src 'self'{styles}; img-src 'self' data:; \
         font-src 'self'; frame-ancestors 'self'; base-uri 'none'; object-src 'none'; \
         form-action 'none'"
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_preview_allows_the_heads_inlined_stylesheet_only() {
        let page = "<head><style>a{color:red}</style></head><body><style>b{}</style></body>";
        let csp = super::preview_csp(page);
        // echo -n 'a{color:red}' | openssl dgst -sha256 -binary | base64
        assert!(
            csp.contains("style-src 'self' 'sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs=';"),
            "{csp}"
        );
        assert_eq!(csp.matches("'sha256-").count(), 1, "{csp}");
        assert!(super::preview_csp("<head></head><body></body>").contains("style-src 'self';"));
    }

    #[test]
    fn a_preview_has_no_script() {
        let page = "<head><link rel=\"modulepreload\" href=\"/assets/a.js\"><script type=\"module\" src=\"/assets/e.js\"></script></head><body><p>x</p><SCRIPT type=\"application/json\">{\"a\":\"</p>\"}</SCRIPT></body>";
        assert_eq!(
            super::without_scripts(page),
            "<head></head><body><p>x</p></body>"
        );
    }
}
