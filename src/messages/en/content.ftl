# The content files: reading them (src/content/), checking them against their collection's
# declaration, and `sahel new post` (src/scaffold.rs).

## YAML (content/yaml.rs): the parser's own message stays as it is, in `detail`

content-yaml = { $detail }
content-yaml-help-duplicate = a key may appear only once in each item: remove or rename one of them
content-yaml-help-unknown-field = check the key's spelling against content/README.md; keys are case-sensitive
content-yaml-help-missing-field = add the missing key; content/README.md lists every key
content-yaml-help-unknown-variant = use one of the values listed after `expected`
content-yaml-help-expected-string = this key takes text: write it on one line, in double quotes
content-yaml-help-number = this key takes a whole number
content-yaml-help-syntax = fix the YAML syntax: indent with spaces, quote text that contains `:` or `#`
content-yaml-help-type = this key has the wrong kind of value (text, list or number); compare with content/README.md
content-quote-unclosed = this text opens a quote ({ $quote }) that is never closed
content-quote-unclosed-help = end the text with { $quote } on the same line; a { $quote } inside the text is written { $escape }
content-control-character = `{ $key }` holds the control character U+{ $code }, which pages and feeds cannot show
content-control-character-help = delete it; it is invisible, so retype the text around it if your editor does not show it

## Reading the content folder (content/load.rs)

content-folder-missing = the content folder does not exist
content-folder-missing-help = create a folder per language ({ $folders }) in it, or set [paths] content in site.toml
content-lang-folder-missing = the { $code } content folder does not exist
content-lang-folder-missing-help = create { $folder }
content-file-name-not-utf8 = the file name is not valid UTF-8
content-file-name-not-utf8-help = rename the file: a post's file name is its slug, lowercase ASCII words joined by `-`
content-cannot-read = cannot read: { $error }
content-collection-file-missing = the { $code } content has no { $file }
content-collection-file-missing-help = page kind `{ $kind }` lists collection `{ $name }`: write its items there, a YAML list, or remove the kind from the page table
content-screens-no-page = screens.yaml has no `pages.{ $kind }`: the title and lead of page kind `{ $kind }`
content-screens-no-page-help = add `pages:` with `{ $kind }: {"{"} title: ..., description: ... {"}"}` (and `card:`, the social card's name for the kind, if not the title)
content-no-screens = the { $code } content has no screens.yaml
content-no-screens-help = sahel has built-in screens' strings for Arabic and English only: copy content/en/screens.yaml here and translate it, its `labels` included
content-no-labels = screens.yaml has no `labels`
content-no-labels-help = sahel has built-in labels for Arabic and English only: copy the `labels` section of content/en/screens.yaml here and translate it
content-ref-not-service = item { $n }: `{ $field }` is `{ $id }`, which is not a service's id in this language
content-ref-not-post = item { $n }: `{ $field }` is `{ $id }`, which is not a post's slug in this language
content-ref-help = use the file name of one of content/<lang>/{ $to }/ without its extension
content-not-content-file = this file is not part of any content type
content-not-content-file-help = content/README.md lists where each kind of content goes (blog/*.md, pages/*.md, services/*.yaml, screens.yaml, home.yaml, ...); move or delete the file
content-cannot-read-file = cannot read the file: { $error }
content-secret-key = this file contains a secret key, { $what }, which would be published
content-secret-key-help = remove it from the file, and revoke it if it was ever published or committed: only the public `anon` key may appear in the site
content-not-utf8 = the file is not UTF-8 text (byte 0x{ $byte })
content-not-utf8-help = save the file as UTF-8 (in most editors: Save with encoding, UTF-8)

## Posts, pages, services and screens (content/parse.rs)

content-front-matter-missing = the file does not start with front matter
content-front-matter-missing-help = start the file with a line `---`, the YAML keys (title, ...), and another line `---`
content-front-matter-unclosed = the front matter is never closed
content-front-matter-unclosed-help = add a line `---` after the last front-matter key, before the Markdown body
content-date-invalid = `{ $date }` is not a valid date
content-date-invalid-help = write the date as yyyy-mm-dd, e.g. 2025-03-10
content-too-deep = this element is nested more than { $max } levels deep
content-too-deep-help = a body may nest at most { $max } elements one inside another (raw HTML tags, `>` quotes and lists together): close the elements you open (`<div>` … `</div>`) or flatten the structure
content-timeline-order = `timelineDays` has `min: { $min }` above `max: { $max }`
content-timeline-order-help = write the shorter time as `min` and the longer as `max` (equal for a single figure)
content-timeline-mismatch = `timelineDays` says { $min } to { $max } working days, but `timeline` ("{ $timeline }") does not write { $missing }
content-timeline-missing-one = { $n }
content-timeline-missing-two = { $first } nor { $second }
content-timeline-mismatch-help = make `min` and `max` the numbers the `timeline` text gives, or correct the text
content-placeholder-unknown = `blogPage` has the unknown placeholder `{"{{"}{ $name }{"}}"}`
content-placeholder-unknown-help = write `{"{{"}page{"}}"}` for the page's number and `{"{{"}pages{"}}"}` for the number of pages, e.g. "Page {"{{"}page{"}}"} of {"{{"}pages{"}}"}"
content-slug-invalid = the file name `{ $slug }` is not a valid slug
content-slug-invalid-help = rename the file to lowercase ASCII words joined by `-`, e.g. golden-visa-guide

## A file checked against its collection's declaration (content/collection.rs)

# Where a value is: `at` and `owner` in the messages below.
content-place-item = item { $n }
content-place-key = `{ $path }`
content-place-item-key = item { $n }: `{ $path }`
content-place-file = the file
content-place-front-matter = the front matter

# What kind of value was written: `found` and `expected`.
content-node-empty = empty
content-node-bool = true or false
content-node-number = a number
content-node-text = text
content-node-list = a list
content-node-keys = a set of keys

content-not-a-list = { $file } is { $found }, not a list of items
content-not-a-list-help = { $file } is a list of items, one `- ` per item, each with the fields of collection `{ $name }`: { $fields }
content-not-keys = { $owner } is { $found }, not a set of keys
content-not-keys-help = write its fields as `key: value` lines: { $fields }
content-unknown-field = { $owner } has a field `{ $key }` that collection `{ $name }` does not declare
content-unknown-field-meant = did you mean `{ $name }`? Keys are case-sensitive
content-unknown-field-own = its fields are { $fields }; declare `{ $key }` in the page table or remove it
content-unknown-field-shipped = its fields are { $fields }; check the key's spelling (keys are case-sensitive) against content/README.md
content-field-missing = { $owner } has no `{ $field }`, which collection `{ $name }` requires
content-field-missing-help = add `{ $field }:` ({ $kind }) to it
content-field-is = `{ $field }` is { $kind }
content-only-one = { $count } items of the list set `{ $field }` (the first on line { $line }); at most one may
content-only-one-key = { $count } items of `{ $path }` set `{ $field }` (the first on line { $line }); at most one may
content-only-one-help = keep `{ $field }: true` on one item ({ $kind })

# A value's problem: `problem` of `content-value-problem`.
content-value-problem = { $at } { $problem }
content-problem-unrenderable = holds the character U+{ $code }, which no page can show
content-problem-not = is { $found }, not { $expected }
content-problem-is = is { $found }
content-problem-empty = is empty
content-problem-date = is `{ $value }`, not a date written yyyy-mm-dd
content-problem-enum = is `{ $value }`, which is not one of its values
content-problem-count-below = has a count of { $n }, less than { $min }
content-problem-count-above = has a count of { $n }, more than { $max }
content-problem-length-below = has a length of { $n }, less than { $min }
content-problem-length-above = has a length of { $n }, more than { $max }
content-problem-value-below = is { $n }, less than { $min }
content-problem-value-above = is { $n }, more than { $max }

# What a field's declaration asks for: `kind` of the helps.
content-kind-text-not-blank = text, not blank
content-kind-text = text{ $bounds }
content-kind-number = a number{ $bounds }
content-kind-boolean = true or false
content-kind-date = a date, yyyy-mm-dd (2025-03-10)
content-kind-texts = a list of texts{ $bounds }
content-kind-list = a list{ $bounds }, each item { $item }
content-kind-enum = one of { $values }
content-kind-ref = the id of one of the { $to }
content-kind-ref-items = the id of one of the items
content-kind-object = a set of keys: { $keys }
content-bounds-none = {""}
content-bounds-range = , { $min } to { $max }
content-bounds-min = , at least { $min }
content-bounds-max = , at most { $max }
content-bounds-chars-range = , { $min } to { $max } characters
content-bounds-chars-min = , at least { $min } characters
content-bounds-chars-max = , at most { $max } characters
content-bounds-items-range = , { $min } to { $max } items
content-bounds-items-min = , at least { $min } items
content-bounds-items-max = , at most { $max } items

## `sahel new post` (scaffold.rs)

scaffold-unknown-lang = --lang `{ $code }` is not a language of the site: use one of { $codes } (the [[languages]] table of site.toml)
scaffold-no-slug = cannot make a slug from the title `{ $title }`; pass one with --slug, e.g. --slug golden-visa-guide
scaffold-bad-slug = `{ $slug }` is not a valid slug: use lowercase ASCII words joined by `-`
scaffold-exists = { $file } already exists; nothing was written. Choose another title or --slug
