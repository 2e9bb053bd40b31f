# `sahel serve` in the terminal, and its plain answers to the browser (src/serve/mod.rs,
# src/serve/session.rs, src/serve/http.rs, src/serve/watch.rs).

## Starting and running

serve-no-site-folder = the site folder { $path } does not exist
serve-no-config-file = the config file { $path } does not exist
serve-cannot-create-output = cannot create the output folder { $path }
serve-cannot-write-output = cannot write into the output folder { $path }
serve-cannot-listen = cannot listen on 127.0.0.1:{ $port }
serve-cannot-handle-ctrl-c = cannot install the Ctrl-C handler
serve-cannot-watch-start = cannot start the file watcher
serve-cannot-watch = cannot watch { $path }
serve-built = Built in { $ms } ms
serve-rerendered = Re-rendered { $count } { $count ->
        [one] page
       *[other] pages
    } in { $ms } ms
serve-serving = Serving on { $url } (Ctrl-C stops)
serve-editing = The editor is at { $url } (for this machine only)
serve-editing-public = The editor is at { $url }, and for your team at { $public } through the proxy
serve-public-url-without-edit = --public-url is for the editor: add --edit (or run sahel edit).
serve-public-url-invalid = --public-url { $url } is not an address staff can open ({ $error }): give the scheme and the host, such as https://cms.example.com.
serve-stopped = Stopped.
# The end of a report of errors while serving (the build's says "nothing was written").
serve-errors-found = { $errors ->
        [one] 1 error
       *[other] { $errors } errors
    }{ $warnings ->
        [0] {""}
        [one] {" "}and 1 warning
       *[other] {" "}and { $warnings } warnings
    } found; the last good pages are still served.
serve-internal-error = internal error in sahel (please report it): { $what }
serve-internal-error-help = the pages are rebuilt from scratch on the next change

## Answers to the browser

serve-http-host = sahel serve answers only to 127.0.0.1:PORT and localhost:PORT
serve-http-too-large = the request body is too large
serve-http-too-slow = the body came too slowly
serve-http-method = only GET and HEAD are answered
serve-http-too-many-streams = too many pages are listening for live reload; this one tries again later
serve-http-lookup-failed = the lookup failed
serve-http-cannot-read = cannot read the file
serve-no-pages = No page here yet: the site did not build.
# The direction of the reader's language, for the page above: `ltr` or `rtl`.
serve-direction = ltr
