# The app's page table, site/src/shared/pages.json, its screens and its collections'
# declarations (src/pages/).

## Reading the table (pages/mod.rs)

pages-table-link = the page table is a link, so it was not read
pages-table-link-help = keep the page table in the app as a file of its own: copy it in instead of linking to it
pages-cannot-read = cannot read the page table: { $error }
pages-cannot-read-help = the app declares its page kinds there: copy it from sahel's own app
pages-invalid = the page table is not valid: { $error }
pages-invalid-help = each entry of `pages` has `paths`, `module` and `export` (and `collection` for a kind of the site's own); see README, "Adding a page"

## Page kinds (pages/mod.rs)

pages-builtin-missing = sahel's page kind `{ $name }` is not declared
pages-builtin-missing-help = add `"{ $name }": {"{"} "paths": { $paths }, "module": ..., "export": ... {"}"}` to `pages`
pages-builtin-paths = the paths of sahel's page kind `{ $name }` are { $expected }, not { $found }
pages-builtin-paths-help = sahel's own kinds keep their paths; declare a kind of your own for another path
pages-builtin-collection = sahel's page kind `{ $name }` takes no `collection`
pages-builtin-collection-help = remove `collection`: sahel makes this page's data itself
pages-kind-name = the page kind name `{ $name }` is not a camelCase name
pages-kind-name-help = name it with ASCII letters and digits, starting with a lowercase letter: `team`, `caseStudies`
pages-module-name = the screen module `{ $module }` of page kind `{ $name }` is not a file name in { $dir }
pages-module-name-help = give the file's name without `.tsx`, in lowercase words joined by `-`, ending in `-screen` or `-screens`
pages-export-name = the screen `{ $export }` of page kind `{ $name }` is not a component name
pages-export-name-help = give the name of the component the module exports, ending in `Route`: `TeamRoute`
pages-no-path = page kind `{ $name }` has no path
pages-no-path-help = give at least one path after the language prefix: `"paths": ["team"]`
pages-shared-path = page kinds `{ $other }` and `{ $name }` share the path `{ $path }`
pages-shared-path-help = give each kind a path of its own
pages-many-paths = page kind `{ $name }` has { $count } paths
pages-many-paths-help = a kind of your own shows one page per language, at one path
pages-shadowed = the path `{ $path }` of page kind `{ $name }` is also a page of kind `{ $other }` (`{ $pattern }`): one of the two would hide the other
pages-shadowed-help = give the kind a path that no other kind's path or pattern matches, such as a first segment of its own (`our-team`, not `services/team`)
pages-not-fixed = the path `{ $path }` of page kind `{ $name }` is not a fixed path
pages-not-fixed-help = a kind of your own shows one page per language: give lowercase ASCII words joined by `-` (and `/`), such as `team` or `about/team`
pages-no-collection = page kind `{ $name }` is not one of sahel's and lists no collection
pages-no-collection-help = add `"collection": "<name>"` naming an entry of `collections`, or use one of sahel's kinds
pages-unknown-collection = page kind `{ $name }` lists the collection `{ $collection }`, which `collections` does not declare
pages-unknown-collection-help = declare it in `collections` with its `file` and `fields`

## Collections (pages/mod.rs)

pages-collection-name = the collection name `{ $name }` is not a camelCase name
pages-identifier-help = name it with ASCII letters and digits, starting with a lowercase letter
pages-unused-collection = no page kind lists the collection `{ $name }`
pages-unused-collection-help = add a page kind with `"collection": "..."`, or remove the collection
pages-collection-file = the file `{ $file }` of collection `{ $name }` is not a file name of its own
pages-collection-file-help = give a lowercase name ending in `.yaml` that sahel does not read itself (not screens.yaml, home.yaml, faq.yaml...): `team.yaml`
pages-shared-file = collections `{ $other }` and `{ $name }` read the same file `{ $file }`
pages-shared-file-help = give each collection its own file
pages-no-fields = collection `{ $name }` declares no field
pages-no-fields-help = declare its items' fields: `"fields": {"{"} "name": {"{"} "type": "text", "required": true {"}"} {"}"}`
pages-shipped-name = `{ $name }` is one of sahel's own collections
pages-shipped-name-help = sahel declares its posts, pages, services, pricing, faq and testimonials itself: give your collection another name
pages-not-list = collection `{ $name }` is not a plain YAML list
pages-not-list-help = a collection of your own is a YAML list in one file per language: remove `form` and `validators`
pages-collection-problem = collection `{ $name }`: { $problem }
pages-field-name = the field name `{ $field }` of collection `{ $name }` is not a camelCase name
pages-field-problem = field `{ $field }` of collection `{ $name }`: { $problem }
pages-settings-help = see README, "Adding a page", for each type's settings

## What is wrong with a declaration (pages/fields.rs): `problem` above

pages-markdown-one = a Markdown collection declares one `markdown` field, its body
pages-markdown-only = only a Markdown collection has a `markdown` field
pages-no-validator = there is no validator `{ $name }`; sahel's are { $list }
pages-field-of-not-list = only a list has `of`
pages-field-of-kind = a list's items are text, numbers, dates, enums, references or objects
pages-field-of-flags = a list's `of` takes no `required` or `onlyOne`
pages-field-items = its items: { $problem }
pages-field-object-fields = an object declares its `fields`
pages-field-fields-not-object = only an object has `fields`
pages-field-markdown-nested = `{ $name }`: a Markdown body is a top-level field
pages-field-nested = `{ $name }`: { $problem }
pages-field-nested-name = the field name `{ $name }` is not a name the app can read: use ASCII letters, digits and `_` (not first a digit), and no word JavaScript reserves (`class`, `constructor`, `__proto__`…)
pages-field-only-one = only a yes-or-no field has `onlyOne`
pages-field-bounds-kind = `min` and `max` apply to text, number and list fields only
pages-field-min-max = `min` ({ $min }) is more than `max` ({ $max })
pages-field-whole = a length or count is a whole number of 0 or more
pages-field-enum-values = an enum lists its `values`
pages-field-enum-empty = an enum value is not empty
pages-field-values = only an enum has `values`
pages-field-ref-to = a reference says what it points at: `"to": "services"`
pages-field-ref-target = it points at `{ $to }`; a reference points at `services` (a service's id) or `posts` (a post's slug)
pages-field-to = only a reference has `to`

## Screens (pages/screens.rs)

pages-no-screen-file = page kind `{ $name }` has no screen: { $file } does not exist
pages-no-screen-file-help = write the screen there, exporting `{ $export }`, or fix `module`
pages-no-screen-export = page kind `{ $name }` has no screen: { $file } does not export `{ $export }`
pages-no-screen-export-help = export it (`export function { $export }({"{"} data, lang {"}"}: ScreenProps)`), or fix `export`
pages-screen-unused = the screen `{ $export }` is shown by no page kind
pages-screen-unused-help = declare a kind for it in { $table } (`"module": "{ $module }", "export": "{ $export }"`), or remove it

## Type-checking the screens (pages/typecheck.rs, pages/typescript.rs): the compiler's own words stay as they are

pages-typecheck-failed = the screens could not be type-checked: { $error }
pages-typecheck-failed-help = run `npm install` in the app's folder, then the command again
pages-cannot-copy = cannot copy { $file }
pages-cannot-run = cannot run { $program }
pages-compiler-failed = the compiler failed: { $error }
pages-type-error = type error: { $detail }
pages-type-error-declaration-help = a declaration of the page table (site/src/shared/pages.json) gives a type TypeScript refuses: check its field names
pages-type-error-screen-help = the screen reads what the collections' declarations do not give (site/src/shared/pages.json, or sahel's own in content/README.md): declare the field, or change the screen
pages-types-link = { $file } is a link; remove it so sahel can write the generated types
