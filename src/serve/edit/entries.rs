//! What the editor can edit: the collections the site declares, their entries, and each
//! entry's file in every language. Paths are computed here from a collection's name and an
//! entry's id, never taken from a request, and confined: no `..`, no absolute path, no symlink
//! on the way from the site folder to the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::lang::Lang;
use crate::pages::{Collection, Field, Form};

/// The files without a declaration that the editor still offers, as text.
const RAW_FILES: [&str; 3] = ["home", "screens", "service-sections"];

/// How an entry's files are found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Layout {
    /// One file per entry in `dir` of each language's content folder, with this extension.
    PerEntry { dir: String, ext: &'static str },
    /// One file per language holding the whole collection: the entry is that file.
    Whole { file: String },
    /// `<id>.yaml` in each language's content folder (a file without a declaration).
    Raw,
    /// `<id>.json` in each language's strings folder.
    Strings,
}

/// A collection as the editor shows it.
#[derive(Debug, Clone)]
pub(crate) struct Kind {
    pub(crate) name: String,
    pub(crate) form: &'static str,
    pub(crate) fields: BTreeMap<String, Field>,
    pub(crate) layout: Layout,
}

impl Kind {
    /// Whether entries can be added and deleted.
    pub(crate) fn entries_can_change(&self) -> bool {
        matches!(self.layout, Layout::PerEntry { .. })
    }
}

/// The site's folders the editor reads and writes.
#[derive(Debug, Clone)]
pub(crate) struct Folders {
    /// The site folder (canonical).
    pub(crate) root: PathBuf,
    /// `content/`.
    pub(crate) content: PathBuf,
    /// Each language's strings folder.
    pub(crate) strings: Vec<(Lang, PathBuf)>,
    pub(crate) languages: Vec<Lang>,
}

impl Folders {
    pub(crate) fn of(root: &Path, config: &crate::config::SiteConfig) -> Folders {
        Folders {
            root: root.to_path_buf(),
            content: root.join(&config.paths.content),
            strings: crate::check::strings::strings_dirs(root, config),
            languages: config.languages.all().to_vec(),
        }
    }

    /// The media folder (`content/media/`).
    pub(crate) fn media(&self) -> PathBuf {
        self.content.join("media")
    }
}

fn form_name(form: Form) -> &'static str {
    match form {
        Form::List => "list",
        Form::Record => "record",
        Form::Files => "files",
        Form::Markdown => "markdown",
    }
}

fn kind_of(name: &str, c: &Collection) -> Kind {
    let layout = match c.form {
        Form::Markdown => Layout::PerEntry {
            dir: c.file.clone(),
            ext: "md",
        },
        Form::Files => Layout::PerEntry {
            dir: c.file.clone(),
            ext: "yaml",
        },
        Form::List | Form::Record => Layout::Whole {
            file: c.file.clone(),
        },
    };
    let mut fields = c.fields.clone();
    // Read by `check` only (a reminder to review a passage): not a field staff edit.
    fields.remove("review_by");
    Kind {
        name: name.to_string(),
        form: form_name(c.form),
        fields,
        layout,
    }
}

/// Every collection of the site: sahel's own, the site's, the interface strings, and the
/// content files without a declaration.
pub(crate) fn kinds(pages: &crate::pages::PageTable) -> Vec<Kind> {
    let shipped = crate::pages::shipped();
    let order = [
        "posts",
        "pages",
        "services",
        "pricing",
        "faq",
        "testimonials",
    ];
    let mut kinds: Vec<Kind> = order
        .iter()
        .filter_map(|n| shipped.get(*n).map(|c| kind_of(n, c)))
        .collect();
    kinds.extend(pages.collections.iter().map(|(n, c)| kind_of(n, c)));
    kinds.push(Kind {
        name: "strings".into(),
        form: "strings",
        fields: BTreeMap::new(),
        layout: Layout::Strings,
    });
    kinds.push(Kind {
        name: "files".into(),
        form: "raw",
        fields: BTreeMap::new(),
        layout: Layout::Raw,
    });
    kinds
}

/// Whether `id` may name an entry's file: letters, digits, `-`, `_` and `.` (not first), at
/// most 100 characters. No separator, so no `..` and no absolute path.
pub(crate) fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 100
        && !id.starts_with('.')
        && !id.contains("..")
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Whether `id` may name a new entry (what `new post` makes of a title: the URL's part).
pub(crate) fn valid_new_id(id: &str) -> bool {
    valid_id(id)
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !id.starts_with('-')
        && !id.ends_with('-')
}

/// The entry's file in `lang`, relative to the site folder's content or strings folder, or
/// `None` for an id that cannot name a file.
pub(crate) fn file_of(folders: &Folders, kind: &Kind, id: &str, lang: Lang) -> Option<PathBuf> {
    if !valid_id(id) {
        return None;
    }
    let lang_dir = folders.content.join(lang.code());
    Some(match &kind.layout {
        Layout::PerEntry { dir, ext } => lang_dir.join(dir).join(format!("{id}.{ext}")),
        Layout::Whole { file } => {
            if Path::new(file).file_stem().and_then(|s| s.to_str()) != Some(id) {
                return None;
            }
            lang_dir.join(file)
        }
        Layout::Raw => {
            if !RAW_FILES.contains(&id) {
                return None;
            }
            lang_dir.join(format!("{id}.yaml"))
        }
        Layout::Strings => {
            let dir = folders.strings.iter().find(|(l, _)| *l == lang)?;
            dir.1.join(format!("{id}.json"))
        }
    })
}

/// The ids of a collection's entries: the files present in any language.
pub(crate) fn ids(folders: &Folders, kind: &Kind) -> Vec<String> {
    let mut ids = std::collections::BTreeSet::new();
    for &lang in &folders.languages {
        let lang_dir = folders.content.join(lang.code());
        match &kind.layout {
            Layout::PerEntry { dir, ext } => {
                ids.extend(stems(&lang_dir.join(dir), ext));
            }
            Layout::Whole { file } => {
                if lang_dir.join(file).is_file()
                    && let Some(stem) = Path::new(file).file_stem().and_then(|s| s.to_str())
                {
                    ids.insert(stem.to_string());
                }
            }
            Layout::Raw => {
                for name in RAW_FILES {
                    if lang_dir.join(format!("{name}.yaml")).is_file() {
                        ids.insert(name.to_string());
                    }
                }
            }
            Layout::Strings => {
                if let Some((_, dir)) = folders.strings.iter().find(|(l, _)| *l == lang) {
                    ids.extend(stems(dir, "json"));
                }
            }
        }
    }
    ids.into_iter().filter(|id| valid_id(id)).collect()
}

/// The names, without `ext`, of the regular files (not symlinks) of `dir` ending in `.ext`.
fn stems(dir: &Path, ext: &str) -> Vec<String> {
    let Ok(read) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for entry in read.flatten() {
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        if !meta.is_file() {
            continue;
        }
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        if let Some(stem) = name.strip_suffix(&format!(".{ext}")) {
            out.push(stem.to_string());
        }
    }
    out
}

/// Refuses a path that leaves the site folder or passes through a symlink (the file itself
/// included) between the site folder and the file.
pub(crate) fn confined(root: &Path, path: &Path) -> Result<(), String> {
    let rel = path
        .strip_prefix(root)
        .map_err(|_| format!("{} is outside the site folder", path.display()))?;
    let mut at = root.to_path_buf();
    for part in rel.components() {
        match part {
            std::path::Component::Normal(p) => at.push(p),
            _ => return Err(format!("{} is not a plain path", path.display())),
        }
        match at.symlink_metadata() {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(format!("{} is a symbolic link", at.display()));
            }
            _ => {}
        }
    }
    Ok(())
}

/// A file's version: the hash of its bytes.
pub(crate) fn version(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().chars().take(16).collect()
}

/// The file's path as the editor and messages show it (relative to the site folder).
pub(crate) fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The title an entry's file gives itself (a post's `title`, a testimonial's `name`).
pub(crate) fn title_of(text: &str, kind: &Kind) -> Option<String> {
    let yaml = match &kind.layout {
        Layout::PerEntry { ext: "md", .. } => front_matter(text)?,
        Layout::PerEntry { .. } => text,
        _ => return None,
    };
    let value: serde_json::Value = serde_saphyr::from_str(yaml).ok()?;
    ["title", "name", "question"]
        .iter()
        .find_map(|k| value.get(*k).and_then(|v| v.as_str()))
        .map(|s| s.chars().take(200).collect())
}

/// Whether a post's front matter says `draft: true`.
pub(crate) fn is_draft(text: &str) -> bool {
    front_matter(text)
        .and_then(|y| serde_saphyr::from_str::<serde_json::Value>(y).ok())
        .and_then(|v| v.get("draft").and_then(serde_json::Value::as_bool))
        .unwrap_or(false)
}

/// The YAML between a Markdown file's `---` lines.
fn front_matter(text: &str) -> Option<&str> {
    let rest = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))?;
    let end = rest.find("\n---")?;
    rest.get(..end)
}

/// The translation state of each of an entry's files, from `sahel translations`' pairs: the
/// worst of the units in that file (`source` in the language they are translated from).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct UnitState {
    pub(crate) key: String,
    pub(crate) source: String,
    pub(crate) states: BTreeMap<String, &'static str>,
    pub(crate) source_diff: Option<String>,
}

/// The units of the file `rel` (relative to `content/<lang>/`, `/`-separated).
pub(crate) fn units_of(status: &crate::translations::Status, rel: &str) -> Vec<UnitState> {
    status
        .pairs
        .iter()
        .filter(|p| p.file_part() == rel)
        .map(|p| {
            let mut states = BTreeMap::new();
            states.insert(p.source.code().to_string(), "source");
            for (lang, state) in p.translation_states() {
                states.insert(lang.code().to_string(), state.name());
            }
            UnitState {
                key: p.key.clone(),
                source: p.source.code().to_string(),
                states,
                source_diff: None,
            }
        })
        .collect()
}

/// The worst state per language of `units`.
pub(crate) fn worst(units: &[UnitState]) -> BTreeMap<String, &'static str> {
    let rank = |s: &str| match s {
        "missing" => 4,
        "stale" => 3,
        "unrecorded" => 2,
        "fresh" => 1,
        _ => 0,
    };
    let mut out: BTreeMap<String, &'static str> = BTreeMap::new();
    for unit in units {
        for (lang, state) in &unit.states {
            let now = out.entry(lang.clone()).or_insert(state);
            if rank(state) > rank(now) {
                *now = state;
            }
        }
    }
    out
}

/// The file `rel` relative to its language's content folder, `/`-separated, when it is one.
pub(crate) fn content_rel(folders: &Folders, lang: Lang, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(folders.content.join(lang.code())).ok()?;
    Some(rel.to_string_lossy().replace('\\', "/"))
}

/// The site's collections' ids a reference may point at.
pub(crate) fn refs(folders: &Folders) -> BTreeMap<String, Vec<String>> {
    let mut refs = BTreeMap::new();
    let shipped = crate::pages::shipped();
    for name in ["services", "posts"] {
        if let Some(c) = shipped.get(name) {
            refs.insert(name.to_string(), ids(folders, &kind_of(name, c)));
        }
    }
    refs
}
