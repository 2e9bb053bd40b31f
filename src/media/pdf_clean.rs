//! A PDF as it is published: without what its properties say about who wrote it and where,
//! and never with an action that runs.
//!
//! A PDF exported from Word carries its document information (`/Info`: `/Author`, `/Creator`,
//! `/Producer`, `/Title`, which is often the source's path, such as
//! `C:\Users\…\pricing-internal-DRAFT.docx`, `/Subject`, `/Keywords`) and the same again as XMP
//! (`/Metadata` streams, in the catalog and on pages and images), and Illustrator keeps its
//! private data in `/PieceInfo`. The file is parsed with `lopdf` (object streams and
//! incremental updates included; a file locked with a password other than the empty one is
//! refused), those entries are removed, the objects nothing refers to any more are dropped, and
//! the document is written again.
//!
//! A PDF that acts when it is opened or used is refused ([`check`]): an `/OpenAction` that is
//! an action (one that only says which page to show is kept), additional actions (`/AA`: on
//! opening a page, on a form field), JavaScript (`/JS`, `/JavaScript`, an action of type
//! `/JavaScript`) and `/Launch` actions, which start a program, anywhere in the file.

use lopdf::{Document, Object};

use crate::messages::Msg;

/// Why a PDF is not published.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Problem {
    /// It does not parse: lopdf's words.
    Unreadable(String),
    /// It is encrypted with a password.
    Locked,
    /// It holds an action: which (`/OpenAction`, `/AA`, JavaScript, `/Launch`).
    Action(&'static str),
}

/// The keys removed from every dictionary: XMP, and applications' private data.
const REMOVED: [&[u8]; 2] = [b"Metadata", b"PieceInfo"];

/// What keeps a PDF from being published: (message, help).
pub(super) fn check(bytes: &[u8]) -> Option<(Msg, Msg)> {
    let problem = match load(bytes) {
        Ok(doc) => action(&doc).map(Problem::Action),
        Err(p) => Some(p),
    }?;
    Some(match problem {
        Problem::Unreadable(detail) => (
            crate::msg!("media-pdf-unreadable", detail = detail),
            crate::msg!("media-pdf-unreadable-help"),
        ),
        Problem::Locked => (
            crate::msg!("media-pdf-locked"),
            crate::msg!("media-pdf-locked-help"),
        ),
        Problem::Action(what) => (
            crate::msg!("media-pdf-action", what = what),
            crate::msg!("media-pdf-action-help"),
        ),
    })
}

/// The PDF without its document information, XMP and private data, written again.
pub(super) fn clean(bytes: &[u8]) -> Result<Vec<u8>, Problem> {
    let mut doc = load(bytes)?;
    if let Some(what) = action(&doc) {
        return Err(Problem::Action(what));
    }
    doc.trailer.remove(b"Info");
    for object in doc.objects.values_mut() {
        let dict = match object {
            Object::Dictionary(d) => d,
            Object::Stream(s) => &mut s.dict,
            _ => continue,
        };
        for key in REMOVED {
            dict.remove(key);
        }
    }
    doc.prune_objects();
    let mut out = Vec::with_capacity(bytes.len());
    doc.save_to(&mut out)
        .map_err(|e| Problem::Unreadable(e.to_string()))?;
    Ok(out)
}

fn load(bytes: &[u8]) -> Result<Document, Problem> {
    // A file whose cross-reference table is damaged or missing (edited by hand, cut and
    // pasted) is read again by scanning it for its objects, as readers do.
    let doc = Document::load_mem(bytes)
        .or_else(|_| {
            let options = lopdf::LoadOptions {
                force_reconstruct: true,
                ..lopdf::LoadOptions::default()
            };
            Document::load_mem_with_options(bytes, options)
        })
        .map_err(|e| match e {
            lopdf::Error::Decryption(_) | lopdf::Error::InvalidPassword => Problem::Locked,
            e => Problem::Unreadable(e.to_string()),
        })?;
    // Decrypted with the empty password (a file "protected" against printing or copying only),
    // its `/Encrypt` is gone; one still there needs a password.
    if doc.trailer.has(b"Encrypt") || (doc.objects.is_empty() && doc.was_encrypted()) {
        return Err(Problem::Locked);
    }
    if doc.catalog().is_err() {
        return Err(Problem::Unreadable("no catalog".to_string()));
    }
    Ok(doc)
}

/// The first action the document holds, by name.
fn action(doc: &Document) -> Option<&'static str> {
    if let Ok(catalog) = doc.catalog()
        && let Ok(open) = catalog.get(b"OpenAction")
    {
        let open = match open {
            Object::Reference(id) => doc.get_object(*id).ok(),
            o => Some(o),
        };
        if matches!(open, Some(Object::Dictionary(_))) {
            return Some("/OpenAction");
        }
    }
    doc.objects.values().find_map(|o| action_in(o, 0))
}

/// An action in `object` or what it holds (references are not followed: every object is
/// walked on its own). Nesting is bounded by lopdf's parser; `depth` bounds it here too.
fn action_in(object: &Object, depth: usize) -> Option<&'static str> {
    if depth > 512 {
        return None;
    }
    let dict = match object {
        Object::Dictionary(d) => d,
        Object::Stream(s) => &s.dict,
        Object::Array(items) => return items.iter().find_map(|o| action_in(o, depth + 1)),
        _ => return None,
    };
    for (key, value) in dict.iter() {
        match key.as_slice() {
            b"JS" | b"JavaScript" => return Some("JavaScript"),
            b"AA" => return Some("/AA"),
            b"S" => match value.as_name().ok() {
                Some(b"JavaScript") => return Some("JavaScript"),
                Some(b"Launch") => return Some("/Launch"),
                _ => {}
            },
            _ => {}
        }
        if let Some(found) = action_in(value, depth + 1) {
            return Some(found);
        }
    }
    None
}

#[cfg(test)]
mod tests;
