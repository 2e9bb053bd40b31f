//! Parity of the site's own collections (`[check] parity`): every language has as many items,
//! and the values that are not words (dates, numbers, yes-or-no, enum values, references) are
//! the same item by item, as a service's `timelineDays` are.

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::messages::Arg;
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
                        Diagnostic::msg(
                            &file,
                            crate::msg!(
                                "check-collection-count",
                                file = file.display(),
                                count = mine.len(),
                                other = there.display(),
                                other_count = theirs.len()
                            )
                            .language("lang", other.code()),
                        )
                        .help_msg(crate::msg!("check-collection-count-help")),
                    );
                    continue;
                }
                for (i, (a, b)) in mine.iter().zip(theirs).enumerate() {
                    for (field, decl) in &collection.fields {
                        let words = matches!(decl.kind, FieldType::Text | FieldType::List);
                        if words || a.get(field) == b.get(field) {
                            continue;
                        }
                        let shown = |v: Option<&serde_json::Value>| -> Arg {
                            match v {
                                None | Some(serde_json::Value::Null) => {
                                    crate::msg!("check-not-given").into()
                                }
                                Some(serde_json::Value::String(s)) => format!("`{s}`").into(),
                                Some(v) => format!("`{v}`").into(),
                            }
                        };
                        self.out.push(
                            Diagnostic::msg(
                                &file,
                                crate::msg!(
                                    "check-collection-fact",
                                    item = i + 1,
                                    field = field,
                                    here = shown(a.get(field)),
                                    there = shown(b.get(field)),
                                    file = there.display()
                                ),
                            )
                            .help_msg(crate::msg!("check-collection-fact-help", field = field)),
                        );
                    }
                }
            }
        }
    }
}
