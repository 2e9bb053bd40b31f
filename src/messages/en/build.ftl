# `sahel build`'s summary and progress, and what the commands print (src/build.rs,
# src/build/, src/cmd/, src/main.rs).

## The build's summary (build.rs)

build-summary = Built { $routes } routes ({ $rendered } rendered{ $templated }, { $reused } unchanged), { $files } files, { $size } MiB into { $out } in { $seconds } s ({ $stages })
build-summary-templated = , { $count } of them from { $templates } { $templates ->
        [one] template
       *[other] templates
    }
build-stage-time = { $stage } { $ms } ms
# Between the stages' times.
build-list-separator = {", "}
build-milliseconds = { $ms } ms
build-stage-bundles = bundles
build-stage-cards = cards
build-stage-data = data
build-stage-load = load
build-stage-plan = plan
build-stage-render = render
build-stage-reuse = reuse
build-stage-snapshot = snapshot
build-stage-workers = workers
build-stage-write = write
build-stage-other = { $name }

## The build's stages (build/stages.rs)

build-site-files-panicked = the thread writing the site's files panicked
build-cards-panicked = the thread drawing the social cards panicked
build-cards-drawn = { $drawn } social cards drawn, { $reused } unchanged cards reused ({ $ms } ms, alongside rendering)
build-workers-panicked = the thread starting the render workers panicked
build-workers-from-snapshot = (the workers started from the worker snapshot)
build-secret-in-site = the built site contains a secret key, so it was not published ({ $count } found):{"\u000A"}{ $list }
build-secret-in-site-help = only the public `anon` key may appear in the site: remove the secret from the file it came from (site.toml, content or templates) and revoke it if it was ever deployed
build-snapshot-made = worker snapshot made: { $path }
build-no-snapshot = no worker snapshot: { $detail }
build-snapshot-panicked = no worker snapshot: the thread making it panicked
build-pages-rendered = { $rendered } pages rendered ({ $filled } filled from { $templates } templates), { $reused } unchanged pages reused

## The commands (cmd/, main.rs)

cmd-error = error: { $detail }
cmd-internal-error = sahel stopped on an internal error (a bug in sahel, described above); nothing was written. Please report it with the input that caused it.
cmd-today-not-a-date = { $var }=`{ $value }` is not a date: write it as yyyy-mm-dd, e.g. { $var }=2027-01-01, or unset it to use today's
cmd-ctrl-c-not-handled = warning: Ctrl-C will not clean up: { $detail }
cmd-created = Created { $path }
cmd-marked-pair = fresh  { $pair }
cmd-marked = Marked { $count } translation(s) as fresh.
cmd-check-counts = { $lang }: { $posts } posts, { $services } services, { $faq } FAQ items, { $testimonials } testimonials, { $pages } pages
cmd-check-deny-warnings = --deny-warnings: { $count } { $count ->
        [one] warning
       *[other] warnings
    } count as errors; fix them, or set their rules' levels under [lint] in site.toml
cmd-check-valid = Content is valid. { $counts }. { $translations }
