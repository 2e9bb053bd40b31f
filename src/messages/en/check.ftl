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

## Parity: what one language has and another lacks (check.rs)

check-no-counterpart = { $file } has no { $lang } counterpart
check-no-counterpart-help = add { $file }
check-missing-folder = the folder is missing or empty: the { $lang } content has no { $kind }s, while { $here } has { $n } { $kind }{ $n ->
        [one] {""}
       *[other] s
    }
check-missing-folder-help = copy { $here } to { $missing } and translate its files (every item exists in every language under the same name)
check-missing-list = the file is missing or has no items, while { $here } has { $n } { $kind }{ $n ->
        [one] {""}
       *[other] s
    }
check-missing-list-help = copy { $here } to { $missing } and translate it (every item exists in every language with the same id)
check-missing-file = the { $kind } `{ $id }` has no { $lang } version: { $missing } is missing
check-missing-file-help = every item exists in every language under the same name: add { $missing } (or delete { $file })
check-missing-item = the { $kind } `{ $id }` is missing from { $file }
check-missing-item-help = add an item with { $key }: { $id } to { $file } (the { $lang } text), or remove it here

## Ids, slugs and sections (check.rs)

check-duplicate-id = the { $key } `{ $id }` is used twice (first on line { $line })
check-duplicate-id-help = every { $key } in { $file } must be unique: rename one of them
check-duplicate-slug = duplicate slug `{ $slug }`: { $file } already has it
check-duplicate-slug-help = a post's slug is its file name ({ $slug }.md): remove the `slug:` line, or give the post a file name of its own
check-slug-differs = the slug `{ $slug }` differs from the file name `{ $name }.md`
check-slug-differs-help = the file name is the slug: remove the `slug:` line or rename the file
check-unknown-section = the section `{ $section }` does not exist
check-unknown-section-help = use one of the anchors in { $file }: { $anchors }

## The site's own collections (check/collections.rs)

check-collection-count = { $file } has { $count } items and its { $lang } counterpart { $other } has { $other_count }
check-collection-count-help = every language lists the same items, in the same order
check-not-given = not given
check-collection-fact = item { $item }: `{ $field }` is { $here } here and { $there } in { $file }
check-collection-fact-help = `{ $field }` is not words but a fact: give it the same value in every language

## Images' descriptions and pages' photos (check/descriptions.rs, check/photos.rs)

check-image-no-description = the image `{ $href }` has no description (alt text)
check-image-no-description-help = say what it shows, in the page's language, between the brackets: ![مكتبنا في الخليج التجاري](/media/office.jpg)
check-image-description-script = the description of the image `{ $href }` is not written in { $lang }: `{ $alt }`
check-image-description-script-help = describe the image in the page's language: a screen reader reads it in the page's voice
check-photo-outside-media = the image `{ $src }` is not a file of content/{ $folder }/
check-photo-outside-media-help = put the photo in content/{ $folder }/ and write its path from the site's root: src: /media/office.jpg
check-photo-not-a-photo = the image `{ $src }` is not a photo: a page's image is a JPEG, PNG, WebP or AVIF file, published in smaller copies for phones
check-photo-not-a-photo-help = use a photo here; a drawing or a document can go in the body as a link or an image

## Facts the same in every language: icons, footer places, timelines (check/facts.rs)

check-footer-none = no `footer:`
check-footer-value = `footer: { $n }`
check-days-none = no `timelineDays:`
check-days-value = `timelineDays: {"{"} min: { $min }, max: { $max } {"}"}`
check-footer-taken = `footer: { $n }` is also the place of { $file }
check-footer-taken-help = each service in the footer needs a place of its own: 1 first, 2 next, ...
check-service-icon = the icon `{ $icon }` differs from the { $lang } version's `{ $other_icon }` ({ $file })
check-service-icon-help = a service shows the same icon in both languages: write the same `icon:` in both files
check-fact-differs = { $here } differs from the { $lang } version's { $there } ({ $file })
check-days-differ-help = a service takes the same time in both languages: write the same `timelineDays:` in both files (or in neither)
check-footer-differs-help = the footer lists the same services, in the same order, in both languages: write the same `footer:` in both files (or in neither)
check-section-icon = the icon `{ $icon }` of the section `{ $section }` differs from the { $lang } version's `{ $other_icon }` ({ $file })
check-section-icon-help = a section shows the same icon in both languages: write the same `icon:` in both files

## The per-language page files (check/page_files.rs)

check-page-file-differs = { $place } { $what } ({ $source } is the source: { $file })
check-page-file-differs-help = every language's { $file } holds the same items and facts as the { $source } one, in { $lang } words: add or remove what differs, or copy the value
check-page-file-item = item { $n }
check-page-file-item-key = item { $n }: `{ $key }`
check-page-file-key = `{ $key }`
check-page-file-count = has { $count } items here and { $source_count } in the source
check-page-file-added = is given here and not in the source
check-page-file-missing = is missing here and given in the source
check-page-file-value = is { $here } here and { $source } in the source
check-page-file-type = is another kind of value here than in the source (text, list or section)

## Links and images of pages (check/links.rs)

check-card-link-relative = the card link `{ $href }` is relative
check-card-link-relative-help = write it from the site's root, e.g. /{ $code }/{ $path }
check-footnote-link = this footnote is a link to `{ $href }`: the site's Markdown has no footnotes, so its definition (`[^...]: { $href }`) makes the reference a link
check-footnote-link-help = write the note in the text itself (after the sentence, or in parentheses), and remove the `[^...]` reference and its definition
check-relative-link-here = the link `{ $href }` is relative: it leads to { $target } only when read on { $page } (the feed, or the page's address without its last slash, resolve it elsewhere)
check-relative-link-nowhere = the link `{ $href }` is relative and leads to { $target } from { $page }, a page that does not exist
check-relative-link = the link `{ $href }` is relative, so where it leads depends on the address it is read at
check-relative-link-post-help = link to the post's page from the site's root: { $post }
check-relative-link-root-help = write it from the site's root: { $target }
check-relative-link-help = write it from the site's root, e.g. /{ $code }/services/ or /{ $code }/blog/<slug>/
check-relative-image-from = the image `{ $href }` is relative: from { $page } it is looked for at { $target }, where the site has no file, so it would not show
check-relative-image = the image `{ $href }` is relative: it is looked for beside the page, where the site has no file, so it would not show
check-relative-image-help = put the image in content/{ $folder }/ and write it from the site's root, e.g. { $example }, or give its full address (https://...)
check-link-backslash = the link `{ $href }` starts with a backslash, which browsers read as a link to another site
check-link-backslash-help = write a site link with slashes only, e.g. /en/services/; another site's link as https://...
check-link-no-language = the link `{ $href }` has no language prefix
# $prefixes: the languages' prefixes joined by check-or (`/ar/ or /en/`).
check-link-no-language-help = site links start with { $prefixes }, e.g. /{ $code }{ $path }
check-or = { $first } or { $second }
check-link-no-page = the link `{ $href }` points to a page that does not exist
check-link-no-page-help = link to an existing page, e.g. /{ $code }/services/ or /{ $code }/blog/<slug>/; check the slug's spelling
check-link-no-anchor = the link `{ $href }` points to `#{ $fragment }`, which no heading of { $page } has
check-link-no-anchor-closest = did you mean `#{ $closest }`? A heading's anchor is made from its text, so renaming the heading changed it
check-link-no-anchor-none = { $page } has no headings to link to: link to the page itself
check-link-no-anchor-help = the anchors of the page's headings are: { $anchors }
check-link-no-section = the link `{ $href }` points to a services section that does not exist
check-link-no-section-help = use one of: { $anchors }

## review_by dates (check/review.rs)

check-review-date = the review_by date `{ $date }` is not a date
check-review-date-help = write it as yyyy-mm-dd, e.g. date: 2026-12-31
check-review-passage = the review_by passage `{ $phrase }` is not in the file: it was reworded or removed
check-review-passage-help = copy a phrase of the time-sensitive passage exactly as the file now writes it, or remove the entry if the passage is gone
check-review-due = the passage `{ $phrase }` was due for review on { $date } (today is { $today })
check-review-due-help = check that it is still true and correct it if not, then set its review_by date (line { $line }) to the next date to check, or remove the entry

## The app's interface strings (check/strings.rs)

check-strings-folder-outside = this strings folder leads out of the site
check-strings-folder-outside-help = keep a language's strings in a folder of the site (`[paths] strings`, strings/<code>/ by default), not a link to another place: its files are published in the app's bundle
check-strings-file-link = this strings file is a link
check-strings-file-link-help = copy the file into the folder instead: a link's target would be published in the app's bundle
check-string-used-missing = the interface string `{ $key }` is used here but the { $lang } strings do not have it
check-string-used-missing-help = add `{ $key }` to { $file } (in every language's strings), or the page shows the key itself
check-strings-missing = the { $lang } interface strings are missing: { $folder } does not exist
# $model: a strings folder, or check-strings-another-language.
check-strings-missing-help = copy { $model } to { $folder } and translate the values, keeping the keys and every {"{{"}placeholder{"}}"} (README.md, "Adding a language")
check-strings-another-language = another language's strings
check-strings-file-missing = this interface strings file is missing ({ $other } has it)
check-strings-file-missing-help = add { $file } with the same keys, in { $lang }
check-string-missing = the interface string `{ $key }` is missing (the { $other } strings have it)
check-string-missing-help = { $lang } pages show the { $other } string until it is added: add `{ $key }` here in { $lang }, as in { $file }, or remove it from every language
check-strings-cannot-read = cannot read { $file }: { $error }
check-strings-not-object = { $file } is not a JSON object
check-strings-not-object-help = interface strings are an object of sections and strings: {"{"}"nav": {"{"}"home": "Home"{"}"}{"}"}
check-strings-not-json = { $file } is not valid JSON: { $detail }
check-strings-not-json-help = fix the JSON at this place (a missing comma or quote, a trailing comma)

## The bidi and typography lint (check/lint.rs, check/lint/app.rs)

check-lint-bidi-control = the bidi control U+{ $code } ({ $name }) changes the direction of the text after it
check-lint-bidi-control-help = delete it: sahel isolates Latin words and numbers in Arabic text itself; to isolate by hand, write U+2066 before the text and U+2069 after it
check-lint-stray-pdi = U+2069 (POP DIRECTIONAL ISOLATE) closes no isolate
check-lint-stray-pdi-help = delete it, or write U+2066 where the left-to-right text starts
check-lint-unclosed-isolate = U+{ $code } ({ $name }) is never closed: the rest of the text is isolated with it
check-lint-unclosed-isolate-help = write U+2069 (POP DIRECTIONAL ISOLATE) where the isolated text ends, in the same paragraph or value
check-lint-split-run = the left-to-right text `{ $text }` is split by Markdown formatting, so it cannot be isolated as one piece
check-lint-split-run-help = format the whole of it or none of it (e.g. **{ $text }**), so its parts keep their order in Arabic text
check-lint-split-autolink-help = a link written as <{ $url }> is a piece of its own, which no formatting can join to the text beside it: make the words the link, e.g. [{ $words }]({ $url }), or put an Arabic word between them
check-lint-tatweel = tatweel (U+0640 ـ) stretches the word `{ $word }`
check-lint-tatweel-help = write `{ $fixed }`: stretched letters are not how Arabic is emphasised or justified (use bold for emphasis)
check-lint-straight-quotes = straight quotes around `"{ $text }"` in Arabic text
check-lint-straight-quotes-help = write Arabic quotes: «{ $text }»
check-lint-straight-quote = a straight quote `"` in Arabic text
check-lint-straight-quote-help = write Arabic quotes «…» (or delete the stray quote)
check-lint-digits-western = Western digits (0-9)
check-lint-digits-arabic-indic = Arabic-Indic digits (٠-٩)
check-lint-digits-extended = Extended Arabic-Indic digits (۰-۹)
check-lint-mixed-digits = this file mixes digit systems: { $here } here, { $main } from line { $line }
check-lint-mixed-digits-help = write every number of the file in one system; the site's content uses { $system }
check-lint-letter-spacing = letter-spacing
check-lint-justification = justification
check-lint-css = `{ $declaration }` applies { $what } to Arabic text too, which breaks the joins between its letters
check-lint-css-help = scope it to left-to-right text: put it under `:lang(en)` or `[dir="ltr"]` (selector `{ $selector }`)
check-lint-class = the class `{ $class }` applies { $what } to Arabic text too, which breaks the joins between its letters
check-lint-class-help = write `ltr:{ $utility }` so it applies only to left-to-right (English) pages
check-lint-interface-run = the left-to-right text `{ $text }` in an Arabic interface string is not isolated, so its parts can show in reverse order
check-lint-interface-run-help = write it as \u2066{ $text }\u2069 (interface strings are not isolated automatically)
