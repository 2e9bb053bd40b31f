# `sahel check --external`: outbound links (src/check/external/).

ext-checking = Checking { $links } external { $links ->
        [one] link
       *[other] links
    } on { $hosts } { $hosts ->
        [one] host
       *[other] hosts
    } ({ $cached } from the cache)…
ext-summary = { $links } external { $links ->
        [one] link
       *[other] links
    }: { $ok } ok, { $broken } broken, { $moved } moved, { $unknown } unknown, { $refused } not checked ({ $cached } from the cache, { $requests } { $requests ->
        [one] request
       *[other] requests
    })
ext-by-link = External links that need a look, by link:
ext-by-file = By file:
ext-class-broken = broken
ext-class-broken-once = broken (run { $runs } of the { $needed } in a row that make it an error)
ext-class-unknown = unknown
ext-class-moved = moved
ext-class-refused = not checked
ext-moved-to = moved permanently to { $to }: write the new address in the link
ext-why-answered = the page answers
ext-why-missing = the page does not exist (HTTP { $status }), on two tries
ext-why-no-such-name = the host name does not resolve, on two tries
ext-why-tls = the secure connection failed: { $detail }
ext-why-redirect-loop = its redirects go round in a circle
ext-why-too-many-redirects = it redirects more than { $max } times
ext-why-bad-url = it is not a valid web address
ext-why-rate-limited = the site asked to be asked later (HTTP 429); it is checked again on the next run
ext-why-refused = the site refused the checker (HTTP { $status }): bot protection or a login; open the link in a browser
ext-why-server-error = the site failed (HTTP { $status }); it is checked again on the next run
ext-why-status = the site answered HTTP { $status }; open the link in a browser
ext-why-timeout = the site did not answer within { $secs } s; it is checked again on the next run
ext-why-host-silent = the host did not answer the { $tries } requests before this one, so it was not asked again in this run; it is checked again on the next run
ext-why-connection = the connection failed: { $detail }
ext-why-not-web = it redirects to { $to }, which is not a web address
ext-why-private = it leads to { $address }, a private address, which is not requested (`--allow-private` checks it); visitors cannot reach it either
ext-why-metadata = it leads to { $address }, a link-local or cloud metadata address, which is never requested
ext-why-no-anchor = the page has no anchor `#{ $fragment }`
ext-why-no-anchor-closest = the page has no anchor `#{ $fragment }`; did you mean `#{ $closest }`?
ext-why-script-anchors = the page makes its anchors with script: `#{ $fragment }` could not be checked
ext-why-anchor-beyond-cap = the anchor `#{ $fragment }` is not in the first { $mib } MiB of the page, which is all that is read
ext-cache-link = the cache { $file } is behind a link (symlink): it is neither read nor written
ext-cache-unreadable = the cache { $file } could not be read or written; every link is checked again
ext-config-range = [check] { $key } in site.toml must be between { $min } and { $max }, not { $value }
ext-client = the HTTP client could not start: { $detail }
