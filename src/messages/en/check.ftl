# `sahel check`'s whole-site checks (src/check.rs and src/check/).

## Text copied, not translated (check/untranslated.rs)

check-untranslated-item = the { $lang } { $kind } `{ $id }` is not translated: its text is the same as the { $other } version's
check-untranslated-file = this { $lang } { $kind } is not translated: its text is the same as the { $other } version's
check-untranslated-help = translate it into { $lang }; if the text is right as it is, set `untranslated = "off"` under [lint] in site.toml
check-copied-language = { $lang } is not translated yet: its { $count } texts are the same as the { $other } ones, so the site would show { $other } under /{ $code }/
check-copied-language-help = translate the files of { $folder } (the `untranslated` warnings list each one; `sahel serve` shows the language meanwhile), or, to publish it as it is, set `untranslated = "off"` under [lint] in site.toml

## Drafts and placeholders (check/drafts.rs)

check-draft = this post is a draft (`draft: true`): `sahel build` leaves it out, in every language, until the line is removed
check-draft-twin = another language's version of this post is a draft: `sahel build` leaves the post out, in every language, until it is published
check-draft-help = `sahel serve` shows it, marked as a draft; remove `draft: true` from every language's file when the post is ready
check-placeholder = the placeholder `{ $phrase }` is still in this published post
check-placeholder-help = write the post's own text in its place, or keep `draft: true` in the front matter until it is ready
