//! Facts content declares once per language that must hold together: each language has its
//! `screens.yaml`.

use super::Checker;
use crate::diagnostics::Diagnostic;
use crate::lang::Lang;

impl Checker<'_> {
    pub(super) fn facts(&mut self) {
        for lang in Lang::ALL {
            self.screens_file(lang);
        }
    }

    /// `screens.yaml` exists: the screens' titles come from it.
    fn screens_file(&mut self, lang: Lang) {
        if self.site.lang(lang).screens.is_some() {
            return;
        }
        let file = self.file(lang, "screens.yaml");
        let model = self.file(lang.other(), "screens.yaml");
        self.out.push(
            Diagnostic::new(&file, "this file is missing").help(format!(
                "it holds each screen's title and description and the breadcrumbs' names: copy {} and translate it (content/README.md lists its keys)",
                model.display()
            )),
        );
    }
}
