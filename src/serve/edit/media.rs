//! Photos dropped in the editor: checked as the media folder's files are (type by the bytes,
//! size, bombs, scripts), then stored under `content/media/` with a safe name of their own.

use std::io::Write;
use std::path::PathBuf;

use axum::http::StatusCode;
use serde_json::json;

use super::Ctx;
use super::api::Reply;
use super::read::Scope;

/// The largest upload (a photo from a phone is 2–8 MB).
pub(crate) const MAX_UPLOAD: usize = 20 * 1024 * 1024;

/// A safe file name from what the browser said: lower-case ASCII letters, digits and `-`,
/// the extension kept (the checks compare it with the bytes).
pub(crate) fn safe_name(name: &str) -> Option<(String, String)> {
    let name = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let (stem, ext) = name.rsplit_once('.')?;
    let ext = ext.to_ascii_lowercase();
    if ext.is_empty() || !ext.chars().all(|c| c.is_ascii_alphanumeric()) || ext.len() > 5 {
        return None;
    }
    let mut out = String::new();
    for c in stem.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let mut stem: String = out.trim_end_matches('-').chars().take(60).collect();
    if stem.is_empty() {
        stem = "photo".into();
    }
    Some((stem, ext))
}

/// POST /media.
pub(crate) fn upload(
    ctx: &mut Ctx<'_>,
    name: &str,
    bytes: &[u8],
    ui: &str,
) -> (Reply, Vec<PathBuf>) {
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return (reply, Vec::new()),
    };
    let refuse = |message: String| {
        (
            Reply::refuse(StatusCode::UNPROCESSABLE_ENTITY, message),
            Vec::new(),
        )
    };
    if bytes.len() > MAX_UPLOAD {
        return refuse(
            crate::msg!("edit-upload-too-large", mb = MAX_UPLOAD / (1024 * 1024)).render(ui),
        );
    }
    let Some((stem, ext)) = safe_name(name) else {
        return refuse(crate::msg!("edit-upload-bad-name", name = name).render(ui));
    };
    let dir = scope.folders.media();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        return refuse(crate::msg!("edit-cannot-write", error = e.to_string()).render(ui));
    }
    if let Err(why) = super::entries::confined(&scope.folders.root, &dir) {
        return (
            Reply::refuse(
                StatusCode::FORBIDDEN,
                crate::msg!("edit-path-refused", why = why).render(ui),
            ),
            Vec::new(),
        );
    }
    let mut n = 1;
    let final_name = loop {
        let candidate = if n == 1 {
            format!("{stem}.{ext}")
        } else {
            format!("{stem}-{n}.{ext}")
        };
        if !dir.join(&candidate).exists() {
            break candidate;
        }
        n += 1;
    };
    // Checked where it will not be published, then moved into the folder.
    let staged = tempfile::Builder::new()
        .prefix(".sahel-upload-")
        .tempfile_in(&dir)
        .and_then(|mut t| {
            t.write_all(bytes)?;
            Ok(t)
        });
    let staged = match staged {
        Ok(t) => t,
        Err(e) => {
            return refuse(crate::msg!("edit-cannot-write", error = e.to_string()).render(ui));
        }
    };
    let cache = scope.folders.root.join(".cache/media");
    if let Err(errors) = crate::media::check_upload(&final_name, staged.path(), Some(&cache)) {
        let message = errors
            .iter()
            .map(|d| {
                let help = d.help_in(ui).map(|h| format!("\n{h}")).unwrap_or_default();
                format!("{}{help}", d.message_in(ui))
            })
            .collect::<Vec<_>>()
            .join("\n");
        return refuse(message);
    }
    let path = dir.join(&final_name);
    if let Err(e) = staged.persist_noclobber(&path) {
        return refuse(crate::msg!("edit-cannot-write", error = e.error.to_string()).render(ui));
    }
    let size = imagesize::blob_size(bytes).ok();
    (
        Reply::ok(json!({
            "src": format!("/media/{final_name}"),
            "width": size.map(|s| s.width),
            "height": size.map(|s| s.height),
        })),
        vec![path],
    )
}
