# Writing the output: files and folders, the output folder's guard, the bundles, the render
# workers, templates, social cards and the secret scan (src/output.rs, src/output/,
# src/assets.rs, src/ssr/, src/template/, src/cards/, src/pipeline/, src/seo.rs, src/secrets.rs).

## Files and folders

output-cannot-read = cannot read { $path }
output-cannot-write = cannot write { $path }
output-cannot-write-in = cannot write in { $path }
output-cannot-create = cannot create { $path }
output-cannot-empty = cannot empty { $path }
output-cannot-open = cannot open { $path }
output-cannot-lock = cannot lock { $path }
output-cannot-run = cannot run { $path }
output-cannot-copy = cannot copy { $from } to { $to }
output-cannot-copy-one = cannot copy { $path }
output-missing = { $path } missing
# A message, and how to fix it on a line of its own below it.
output-with-help = { $message }{"\u000A  "}help: { $help }

## Templates and the site's files (output.rs, seo.rs, pipeline/)

output-no-templates-folder = the templates folder { $path } does not exist; set [paths] templates in site.toml
output-template-error = template { $name }: { $detail }
output-wrote-types = wrote { $path } from the page table
output-cannot-write-types = warning: cannot write { $path }: { $detail }
output-page-written-already = its page was written already
output-route-failed = route { $route }: { $detail }
output-routes-failed = { $count } { $count ->
        [one] route
       *[other] routes
    } failed to render; the previous output was left as it was:{"\u000A"}{ $failures }

## The output folder's guard (output/guard.rs, output/owner.rs)

output-folder-site = site folder
output-folder-content = content folder
output-folder-templates = templates folder
output-folder-app = app folder
output-folder-app-source = app's source folder
output-target-is-protected = refusing to write the site into { $target }: it is the { $folder } ({ $path }), which the build would delete
output-target-holds-protected = refusing to write the site into { $target }: it contains the { $folder } ({ $path }), which the build would delete
output-target-protected-help = choose an output folder of its own, e.g. --out dist (pass --force to replace it anyway)
output-target-is-file = refusing to write the site into { $target }: it is a file, not a folder
output-target-is-file-help = choose another output folder with --out (or pass --force to replace it)
output-cannot-read-output = cannot read the output folder { $path }
output-refuse-replace = refusing to replace { $path }: { $why }
output-interrupted = interrupted: the previous output folder is unchanged
output-cannot-create-staging = cannot create a staging folder in { $path }
output-cannot-move-aside = cannot move the previous { $path } aside
output-cannot-move-in = cannot move the new output to { $path } (is another build writing it at the same time?)
output-cannot-remove-old = cannot remove the previous output { $path }
output-and-more = and { $count } more
output-force-hint = pass --force if everything in it may be deleted
output-choose-empty-help = choose an empty or new folder with --out, or { $force }
output-move-out-help = move them out of the folder (files to publish go in content/media/), or { $force }
output-not-written-by-sahel = the folder is not empty and was not written by sahel (it has no { $marker } file), so building would delete what it holds: { $entries }
output-marker-unreadable = its { $marker } file is not one sahel wrote, so what sahel wrote in it is unknown and building would delete what it holds: { $entries }
output-older-foreign = it holds entries an earlier sahel's build does not write, which building would delete: { $entries }
output-marker-elsewhere = its { $marker } file was written for another folder (copied or moved here along with a build's files), so it does not show that sahel wrote this one
output-marker-elsewhere-foreign = its { $marker } file was written for another folder (copied or moved here along with a build's files), so it does not show that sahel wrote this one; building would delete entries sahel did not write: { $entries }
output-marker-elsewhere-help = build into a folder of its own and copy the result where it is published, or { $force }
output-foreign = it holds entries sahel did not write, which building would delete: { $entries }
output-waiting-for-lock = Waiting for another build (or a `sahel serve`) writing into { $path } to finish...
output-serve-running = another `sahel serve` is writing into { $path }
output-serve-running-help = stop it (Ctrl-C), or choose another folder with --out
output-serve-writing = refusing to replace { $path }: `sahel serve` is writing into it, and would go on writing its pages (with the dev client script) into the new output
output-serve-writing-help = stop `sahel serve` (Ctrl-C) and build again, or build into another folder with --out
output-leftover-removed = removed { $path }, left by a build that was killed
output-leftover-not-removed = warning: cannot remove { $path }, left by a build that was killed: { $detail }

## The React bundles (assets.rs)

output-vite-manifest-invalid = Vite's manifest.json is not valid
output-vite-manifest-no-entry = Vite's manifest has no entry `{ $entry }`
output-no-app-folder = the app folder { $path } does not exist
output-not-an-app = { $path } has no package.json and site/ (the React app); set [paths] app in site.toml
output-building-bundles = Building the React bundles with Vite (site/ changed)...
output-vite-failed = Vite failed ({ $status }):
output-vite-panicked = the thread running Vite panicked
output-client-build-failed = the client build failed
output-server-build-failed = the server build failed
output-vite-no-manifest = Vite wrote no manifest
output-installing-npm = Installing npm dependencies (first run only)...
output-cannot-run-npm = cannot run npm; install Node.js 20.19 or newer with npm
output-npm-failed = npm could not install the dependencies ({ $status }); see its messages above

## The render workers (ssr/)

output-render-threw = React threw while rendering { $url }: { $message }
output-render-crashed = the render worker for { $url } stopped ({ $reason }); it was restarted
output-render-timed-out = rendering { $url } took longer than { $timeout }; the worker was restarted
output-render-start = cannot start the render worker: { $reason }
output-seconds = { $n } s
output-milliseconds = { $n } ms
output-worker-start-panicked = the thread starting it panicked
output-pool-empty = the pool has no workers
output-worker-no-stdin = the worker has no stdin
output-worker-no-stdout = the worker has no stdout
output-worker-unexpected-message = unexpected first message: { $line }
output-worker-no-status = no status
output-worker-exited = the worker exited before it was ready ({ $status }); see the messages above
output-worker-url = the URL cannot be sent: { $detail }
output-worker-input-closed = its input is closed
output-worker-cannot-write = cannot write to it: { $detail }
output-worker-cannot-read = cannot read from it: { $detail }
output-worker-not-json = it sent a message that is not JSON: { $detail }
output-worker-wrong-reply = it answered request { $answered } instead of { $asked }
output-worker-not-utf8 = it sent a page that is not UTF-8: { $detail }
output-worker-empty-answer = it sent an empty answer
output-worker-reply-size = a reply of { $bytes } bytes
output-spawner-not-running = the thread that starts workers is not running
output-spawner-stopped = the thread that starts workers stopped
output-no-snapshot-place = no place for the worker snapshot
output-script-failed = { $script } failed ({ $status }): { $detail }

## Templates of a data shape (template/)

output-no-route = no route { $n }
output-verbose-shapes = shapes
output-verbose-shapes-time = { $ms } ms  ({ $routes } routes slotted into { $shapes } shapes)
output-verbose-react-time = { $ms } ms  ({ $routes } routes, { $templates } templates)
output-verbose-templates = templates
output-verbose-templates-time = { $ms } ms  ({ $routes } routes filled, mostly while React rendered; { $after } ms after it)
output-template-not-used = the template for { $url } ({ $count } routes) is not used, { $why }; they are rendered one by one
output-template-not-rendered = it was not rendered
output-template-differs = it does not reproduce { $url } { $difference }
output-template-route-failed = { $url } failed to render in full
output-template-difference = at byte { $at }: template gives { $template }, React gives { $react }
output-shape-stalled = not rendered: rendering { $first }, of the same data shape, timed out, so the rest of the shape fails without waiting
output-template-malformed = a sentinel at byte { $at } is not followed by a number and its end
output-template-encoded = a sentinel was percent-encoded (a URL was built from a slotted string): { $excerpt }
output-template-unknown = sentinel { $n } has no value ({ $values } values)
output-template-raw = the value of `{ $key }` is written unescaped (dangerouslySetInnerHTML) and only { $keys } may be: { $excerpt }
output-template-unsafe = the value of `{ $key }` lands { $place }, where filling it in could differ from React or be unsafe: { $excerpt }
output-place-inside = inside <{ $tag }>
output-place-comment = inside a comment or a declaration
output-place-tag = inside a tag, outside any attribute value
output-place-unescaped = unescaped inside a tag or a comment
output-place-url-start = at the start of the URL in <{ $tag } { $name }> (React blocks javascript: URLs there)
output-place-url-list = in <{ $tag } { $name }>, a list of URLs
output-place-style = in <{ $tag } style> (CSS)
output-place-code = in <{ $tag } { $name }> (code or a document)

## Social cards (cards/)

output-card-photo-changed = { $path } changed after it was checked: build again
output-cannot-draw-card = cannot draw the card of { $path }
output-card-allocate = cannot allocate the card
output-card-mark-path = the logo mark's path: { $detail }
output-card-font-missing = cannot read { $path }, a font the social cards are drawn with: run `npm install` in { $app }, or turn the cards off with `[cards] enabled = false` in site.toml
output-card-font-decode = cannot decode the font { $path }: { $detail }
output-card-font-parse = cannot parse the font { $path }

## Secret keys (secrets.rs): what was found, with its first few characters

output-secret-found = { $what } ({ $shown })
output-secret-supabase-secret-key = a Supabase secret key
output-secret-supabase-access-token = a Supabase access token
output-secret-stripe-secret-key = a Stripe secret key
output-secret-github-token = a GitHub token
output-secret-github-fine-grained-token = a GitHub fine-grained token
output-secret-aws-access-key-id = an AWS access key id
output-secret-aws-secret-access-key = an AWS secret access key
output-secret-slack-token = a Slack token
output-secret-slack-app-token = a Slack app token
output-secret-slack-webhook-url = a Slack webhook URL
output-secret-google-api-key = a Google API key
output-secret-anthropic-api-key = an Anthropic API key
output-secret-openai-api-key = an OpenAI API key
output-secret-private-key = a private key
output-secret-database-url = a database URL with a password
output-secret-key = a secret key
output-secret-service-role-jwt = a service_role JWT
output-secret-jwt-role = a JWT with role `{ $role }`
output-secret-rules-broken = nothing: the secret scan's patterns do not compile
