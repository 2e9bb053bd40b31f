# sahel's own words: the frame of every report, the languages' names, the overlay.
# A message's id is the same in every language's folder; `{ $name }` is a value sahel gives.

## The end of a report

report-errors-found = { $errors ->
        [one] 1 error
       *[other] { $errors } errors
    }{ $warnings ->
        [0] {""}
        [one] {" "}and 1 warning
       *[other] {" "}and { $warnings } warnings
    } found; nothing was written.
report-warnings-only = { $warnings ->
        [one] 1 warning
       *[other] { $warnings } warnings
    } (they stop nothing; `sahel check --deny-warnings` fails on them, and `[lint]` in site.toml sets each rule's level).

## Labels of a report

label-help = help
label-here = here
label-warning = warning

## Languages, as messages name them

language-ar = Arabic
language-en = English
language-fa = Persian
language-ur = Urdu
language-ru = Russian
language-zh = Chinese
language-hi = Hindi
language-fr = French
language-de = German
language-es = Spanish
language-tr = Turkish
language-ps = Pashto
language-bn = Bengali
language-ml = Malayalam
language-ta = Tamil
language-tl = Filipino
language-fil = Filipino

## serve's overlay in the browser

overlay-errors = { $count ->
        [one] 1 content error
       *[other] { $count } content errors
    }
overlay-errors-lead = The last good version of the page is under this overlay; it goes away when the file is fixed.
overlay-errors-label = Content errors
overlay-warnings = { $count ->
        [one] 1 content warning
       *[other] { $count } content warnings
    } (the page is built; fix them when you can)
overlay-warnings-label = Content warnings
overlay-dismiss = Dismiss

## The kinds of content, as messages name them (`kind` values)

kind-blog-post = blog post
kind-service = service
kind-page = page
kind-faq-item = FAQ item
kind-testimonial = testimonial
kind-plan = plan
kind-services-section = services section
kind-package-rules = list of package rules
kind-home-file = home page file
kind-screens-file = screens file
kind-collection = collection
kind-item = item
