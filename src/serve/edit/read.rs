//! The editor's reads: the site's collections and entries with their translation states, one
//! entry's files, and a new entry's files.

use std::collections::BTreeMap;
use std::path::PathBuf;

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::Ctx;
use super::api::{EntryQuery, Reply};
use super::entries::{self, Folders, Kind, Layout};
use crate::content::Site;
use crate::lang::Lang;

/// What the requests of one entry need: the site's folders, its declarations, the model.
pub(crate) struct Scope<'a> {
    pub(crate) folders: Folders,
    pub(crate) kinds: Vec<Kind>,
    pub(crate) site: Option<&'a Site>,
    pub(crate) default_lang: Lang,
}

impl<'a> Scope<'a> {
    /// From the session's model, or from the config alone when the site does not load.
    pub(crate) fn of(ctx: &'a Ctx<'_>) -> Result<Scope<'a>, Reply> {
        let root = &ctx.settings.source.root;
        if let Some(session) = ctx.session.as_ref() {
            let site = &session.pipeline.site;
            return Ok(Scope {
                folders: Folders::of(root, &site.config),
                kinds: entries::kinds(&site.pages),
                site: Some(site),
                default_lang: site.config.languages.default_lang(),
            });
        }
        let config = ctx
            .settings
            .source
            .load_config()
            .map_err(|d| Reply::refuse(StatusCode::SERVICE_UNAVAILABLE, d.message.clone()))?;
        Ok(Scope {
            folders: Folders::of(root, &config),
            kinds: entries::kinds(&crate::pages::PageTable::default()),
            site: None,
            default_lang: config.languages.default_lang(),
        })
    }

    pub(crate) fn kind(&self, name: &str, ui: &str) -> Result<&Kind, Reply> {
        self.kinds.iter().find(|k| k.name == name).ok_or_else(|| {
            Reply::refuse(
                StatusCode::NOT_FOUND,
                crate::msg!("edit-no-collection", name = name).render(ui),
            )
        })
    }

    /// The entry's file in each language, each confined to the site folder.
    pub(crate) fn files(
        &self,
        kind: &Kind,
        id: &str,
        ui: &str,
    ) -> Result<Vec<(Lang, PathBuf)>, Reply> {
        let mut files = Vec::new();
        for &lang in &self.folders.languages {
            let path = entries::file_of(&self.folders, kind, id, lang).ok_or_else(|| {
                Reply::refuse(
                    StatusCode::NOT_FOUND,
                    crate::msg!("edit-no-entry", id = id).render(ui),
                )
            })?;
            entries::confined(&self.folders.root, &path).map_err(|why| {
                Reply::refuse(
                    StatusCode::FORBIDDEN,
                    crate::msg!("edit-path-refused", why = why).render(ui),
                )
            })?;
            files.push((lang, path));
        }
        Ok(files)
    }

    /// Every translation pair's state, when the site loaded.
    pub(crate) fn status(&self) -> Option<crate::translations::Status> {
        crate::translations::Status::of_site(&self.folders.root, self.site?).ok()
    }

    pub(crate) fn shown(&self, path: &std::path::Path) -> String {
        entries::shown(&self.folders.root, path)
    }
}

/// A file as the API gives it: its path, text and version (null when it does not exist).
pub(crate) fn file_json(scope: &Scope<'_>, path: &std::path::Path) -> Value {
    match std::fs::read(path) {
        Ok(bytes) => json!({
            "path": scope.shown(path),
            "text": String::from_utf8_lossy(&bytes),
            "version": entries::version(&bytes),
        }),
        Err(_) => json!({ "path": scope.shown(path), "text": null, "version": null }),
    }
}

/// The units of an entry's file, with their states.
fn units(
    scope: &Scope<'_>,
    status: Option<&crate::translations::Status>,
    files: &[(Lang, PathBuf)],
) -> Vec<entries::UnitState> {
    let Some(status) = status else {
        return Vec::new();
    };
    let rel = files
        .iter()
        .find_map(|(lang, path)| entries::content_rel(&scope.folders, *lang, path));
    rel.map(|rel| entries::units_of(status, &rel))
        .unwrap_or_default()
}

/// GET /site.
pub(crate) fn site(ctx: &mut Ctx<'_>, ui: &str) -> Reply {
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    let status = scope.status();
    let languages: Vec<Value> = scope
        .folders
        .languages
        .iter()
        .map(|l| {
            json!({
                "code": l.code(),
                "name": l.name(),
                "dir": l.dir(),
                "default": *l == scope.default_lang,
            })
        })
        .collect();
    let mut collections = Vec::new();
    for kind in &scope.kinds {
        let mut list = Vec::new();
        for id in entries::ids(&scope.folders, kind) {
            let Ok(files) = scope.files(kind, &id, ui) else {
                continue;
            };
            let mut titles = BTreeMap::new();
            let mut shown = BTreeMap::new();
            let mut draft = false;
            for (lang, path) in &files {
                let text = std::fs::read_to_string(path).ok();
                let title = text
                    .as_deref()
                    .map(|t| entries::title_of(t, kind).unwrap_or_else(|| id.clone()));
                draft |= text.as_deref().is_some_and(entries::is_draft);
                titles.insert(lang.code(), title);
                shown.insert(lang.code(), scope.shown(path));
            }
            let states = entries::worst(&units(&scope, status.as_ref(), &files));
            list.push(json!({
                "id": id, "titles": titles, "files": shown, "states": states, "draft": draft,
            }));
        }
        collections.push(json!({
            "name": kind.name,
            "form": kind.form,
            "fields": kind.fields,
            "entries_can_change": kind.entries_can_change() && kind.name != "pages",
            "entries": list,
        }));
    }
    Reply::ok(json!({
        "languages": languages,
        "collections": collections,
        "git": super::git::info(&scope.folders.root).to_json(ui),
        "refs": entries::refs(&scope.folders),
    }))
}

/// GET /entry.
pub(crate) fn entry(ctx: &mut Ctx<'_>, q: &EntryQuery) -> Reply {
    let ui = q.ui();
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    match entry_json(&scope, &q.collection, &q.id, &ui) {
        Ok(v) => Reply::ok(v),
        Err(reply) => reply,
    }
}

/// The entry's files and units.
pub(crate) fn entry_json(
    scope: &Scope<'_>,
    collection: &str,
    id: &str,
    ui: &str,
) -> Result<Value, Reply> {
    let kind = scope.kind(collection, ui)?;
    let files = scope.files(kind, id, ui)?;
    if files.iter().all(|(_, p)| !p.is_file()) {
        return Err(Reply::refuse(
            StatusCode::NOT_FOUND,
            crate::msg!("edit-no-entry", id = id).render(ui),
        ));
    }
    let status = scope.status();
    let mut units = units(scope, status.as_ref(), &files);
    for unit in &mut units {
        if unit.states.values().any(|s| *s == "stale") {
            unit.source_diff =
                super::history::source_diff(scope, status.as_ref(), &unit.key, &files);
        }
    }
    let by_lang: BTreeMap<&str, Value> = files
        .iter()
        .map(|(lang, path)| (lang.code(), file_json(scope, path)))
        .collect();
    Ok(json!({ "collection": collection, "id": id, "files": by_lang, "units": units }))
}

/// GET /template: a new entry's files, which `check` refuses to publish until its placeholders
/// are replaced (a post is a draft; other entries have their required fields empty).
pub(crate) fn template(ctx: &mut Ctx<'_>, q: &EntryQuery) -> Reply {
    let ui = q.ui();
    let scope = match Scope::of(ctx) {
        Ok(s) => s,
        Err(reply) => return reply,
    };
    let kind = match scope.kind(&q.collection, &ui) {
        Ok(k) => k,
        Err(reply) => return reply,
    };
    if !kind.entries_can_change() || kind.name == "pages" || !entries::valid_new_id(&q.id) {
        return Reply::refuse(
            StatusCode::BAD_REQUEST,
            crate::msg!("edit-bad-new-id", id = q.id.as_str()).render(&ui),
        );
    }
    let files = match scope.files(kind, &q.id, &ui) {
        Ok(f) => f,
        Err(reply) => return reply,
    };
    if let Some((_, taken)) = files.iter().find(|(_, p)| p.exists()) {
        return Reply::refuse(
            StatusCode::CONFLICT,
            crate::msg!("edit-id-taken", path = scope.shown(taken)).render(&ui),
        );
    }
    let today = time::OffsetDateTime::now_utc().date();
    let by_lang: BTreeMap<&str, Value> = files
        .iter()
        .map(|(lang, path)| {
            let text = match &kind.layout {
                Layout::PerEntry { ext: "md", .. } if kind.name == "posts" => {
                    crate::scaffold::post_text("", "", today, lang.code())
                }
                Layout::PerEntry { ext: "md", .. } => {
                    format!("---\n{}---\n\n", yaml_template(&kind.fields, 0))
                }
                _ => yaml_template(&kind.fields, 0),
            };
            (
                lang.code(),
                json!({ "path": scope.shown(path), "text": text, "version": null }),
            )
        })
        .collect();
    Reply::ok(json!({ "collection": kind.name, "id": q.id, "files": by_lang, "units": [] }))
}

/// The required fields of a declaration, empty (which `check` refuses until they are filled).
fn yaml_template(fields: &BTreeMap<String, crate::pages::Field>, depth: usize) -> String {
    use crate::pages::FieldType;
    let pad = "  ".repeat(depth);
    let mut out = String::new();
    for (name, field) in fields {
        if !field.required || field.kind == FieldType::Markdown {
            continue;
        }
        match field.kind {
            FieldType::Object => {
                out.push_str(&format!("{pad}{name}:\n"));
                out.push_str(&yaml_template(&field.fields, depth + 1));
            }
            FieldType::List => out.push_str(&format!("{pad}{name}: []\n")),
            _ => out.push_str(&format!("{pad}{name}: \"\"\n")),
        }
    }
    out
}
