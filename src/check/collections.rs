//! Parity of the site's own collections (`[check] parity`): every language has as many items,
//! and the values that are not words (dates, numbers, yes-or-no, enum values, references) are
//! the same item by item, as a service's `timelineDays` are.

use super::{Checker, lang_name};
use crate::diagnostics::Diagnostic;
use crate::pages::FieldType;

impl Checker<'_> {
    pub(super) fn collection_parity(&mut self) {
        let site = self.site;
        let Some((&first, rest)) = site.languages().split_first() else {
            return;
        };
        for (name, collection) in &site.pages.collections {
            let Some(mine) = site.lang(first).collections.get(name) else {
                continue;
            };
            let file = self.file(first, &collection.file);
            for &other in rest {
                let Some(theirs) = site.lang(other).collections.get(name) else {
                    continue;
                };
                let there = self.file(other, &collection.file);
                if mine.len() != theirs.len() {
                    self.out.push(
                        Diagnostic::new(
                            &file,
                            format!(
                                "{} has {} items and its {} counterpart {} has {}",
                                file.display(),
                                mine.len(),
                                lang_name(other),
                                there.display(),
                                theirs.len()
                            ),
                        )
                        .help("every language lists the same items, in the same order"),
                    );
                    continue;
                }
                for (i, (a, b)) in mine.iter().zip(theirs).enumerate() {
                    for (field, decl) in &collection.fields {
                        let words = matches!(decl.kind, FieldType::Text | FieldType::List);
                        if words || a.get(field) == b.get(field) {
                            continue;
                        }
                        let shown = |v: Option<&serde_json::Value>| match v {
                            None | Some(serde_json::Value::Null) => "not given".to_string(),
                            Some(serde_json::Value::String(s)) => format!("`{s}`"),
                            Some(v) => format!("`{v}`"),
                        };
                        self.out.push(
                            Diagnostic::new(
                                &file,
                                format!(
                                    "item {}: `{field}` is {} here and {} in {}",
                                    i + 1,
                                    shown(a.get(field)),
                                    shown(b.get(field)),
                                    there.display()
                                ),
                            )
                            .help(format!(
                                "`{field}` is not words but a fact: give it the same value in every language"
                            )),
                        );
                    }
                }
            }
        }
    }
}
