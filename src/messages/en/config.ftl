# The site config, site.toml (src/config.rs, src/config/), and its language table (src/lang.rs).
# Values quoted from the file come masked: a secret never reaches a message.

## Reading the file (config.rs): the TOML parser's own message stays as it is, in `detail`

config-toml = { $detail }
config-help-unknown-field = check the spelling; the accepted keys are listed after `expected`. See README.md, section "Site config"
config-help-missing-field = add the key; README.md, section "Site config", shows a complete example
config-help-shape = see README.md, section "Site config", for the expected shape
config-cannot-read = cannot read the site config: { $error }
config-cannot-read-help = run the command from the site's folder, or pass --root <folder> (or --config <file>)

## Texts per language (config.rs)

config-per-lang-unknown = `{ $key }` has a text in `{ $code }`, which is not a language of the site ({ $codes })
config-per-lang-unknown-help = remove it, or add the language to the [[languages]] table
config-per-lang-missing = `{ $key }` has no text in `{ $code }`
config-per-lang-missing-help = give it in every language of the site: { $key } = {"{"} { $pairs } {"}"}
config-source-unknown = translations.source `{ $code }` is not a language of the site ({ $codes })
config-source-unknown-help = name one of the table's languages, or remove the key (the default language is the source)

## The language table, [[languages]] (lang.rs, config.rs)

config-language-table = the language table: { $problem }
config-language-table-help = README.md, "Adding a language", lists each key of a [[languages]] entry
config-languages-empty = the language table is empty: declare at least one [[languages]]
config-languages-empty-short = the language table is empty
config-language-twice = the language `{ $code }` is declared twice
config-language-fallback = the fallback `{ $fallback }` of `{ $code }` is not another language of the table
config-language-none-marked = no language is marked `{ $key } = true`: mark exactly one
config-language-many-marked = { $count } languages are marked `{ $key } = true`: mark exactly one
config-language-code = `{ $code }` is not a language code sahel can use: write a BCP 47 tag such as `ar`, `fa` or `zh-Hans` (lowercase language, letters, digits and hyphens)
config-language-name = the language `{ $code }` has no `name`
config-language-font = the language `{ $code }` asks for the page font `{ $font }`, which the app does not ship: use one of { $fonts }
config-language-card-font = the language `{ $code }` asks for the card font `{ $font }`: use one of { $fonts }
config-date-format-unclosed = the `date_format` of `{ $code }` has a `{"{"}` without its `{"}"}`
config-date-format-field = the `date_format` of `{ $code }` has `{"{"}{ $name }{"}"}`: use {"{"}year{"}"}, {"{"}month{"}"}, {"{"}month2{"}"}, {"{"}day{"}"}, {"{"}day2{"}"} or {"{"}month_name{"}"}
config-date-format-months = the `date_format` of `{ $code }` uses {"{"}month_name{"}"}, so `months` must list the twelve month names ({ $count } given)
config-language-locale = the language `{ $code }` needs `locale` and `og_locale`

## The values' checks (config/validate.rs, config/redaction.rs)

config-secret = the site config holds { $what }
config-secret-help = remove it: whatever the config holds may be published in the pages, and the file is in the repository's history, so revoke the key too. Only the public `anon` key belongs here (backend.anon_key)
config-control-character = `{ $key }` holds the invisible control character U+{ $code }, which no page or feed can show
config-control-character-help = retype the value, or remove the character (it usually comes with text pasted from another program)
config-base-url-not-absolute = base_url `{ $url }` is not an absolute http(s) URL
config-base-url-not-origin = base_url `{ $url }` is not a plain origin: it holds { $what }
config-base-url-query = a query (`?`)
config-base-url-fragment = a fragment (`#`)
config-base-url-user = a user name (`@`)
config-base-url-char = the character U+{ $code }
config-base-url-help = write the origin the site is served from, e.g. base_url = "https://www.example.ae"
config-base-url-flag-help = pass the origin the site is served from, e.g. --base-url https://staging.example.ae
config-whatsapp = company.whatsapp `{ $value }` is not a phone number in international form
config-whatsapp-help = write the country code and number in Western digits, e.g. whatsapp = "+971 50 555 0100" (the wa.me link keeps only the digits)
config-hours = hours.{ $key } `{ $value }` is not a 24-hour time
config-hours-help = write it as HH:MM, e.g. "09:00" or "20:00"
config-per-page = blog.per_page { $n } is out of range
config-per-page-help = use a number of posts per list page from 1 to 1000, e.g. per_page = 12
config-backend-incomplete = the [backend] section needs both `url` and `anon_key`
config-backend-incomplete-help = set both, or remove the [backend] section to run without a backend
config-anon-secret = backend.anon_key is a secret key (service_role / sb_secret_): it bypasses row-level security, and published in the pages it would let anyone read or delete every contact message
config-anon-secret-help = use the public key instead: the `anon` JWT or the `sb_publishable_...` key from the project's API settings; revoke the secret key if it was ever published
config-anon-jwt-role = backend.anon_key is a JWT whose `role` claim is not `anon`
config-anon-jwt-role-help = use the public `anon` JWT or the `sb_publishable_...` key from the project's API settings
config-anon-unknown = backend.anon_key is neither a JWT with role `anon` nor an `sb_publishable_` key
config-anon-unknown-help = copy the public `anon` key (a JWT starting with `eyJ`) or the `sb_publishable_...` key from the project's API settings
config-backend-url-not-absolute = backend.{ $key } `{ $url }` is not an absolute https:// URL
config-backend-url-not-absolute-help = write the full https:// address, e.g. "https://<project>.supabase.co"
config-backend-url-credentials = backend.{ $key } `{ $url }` carries a user name or password, which every page would publish
config-backend-url-credentials-help = remove the `user:password@` part: the browser reaches the backend with the public anon key only. A database password must never be in the site config: revoke it if this file was ever committed
config-backend-url-http = backend.{ $key } `{ $url }` is plain http://: visitors' messages and the key would cross the network unencrypted
config-backend-url-http-help = use the backend's https:// address (http:// is allowed only for localhost or 127.0.0.1, for local development)
config-backend-url-scheme = backend.{ $key } `{ $url }` is a { $scheme }:// URL, not the backend's https:// address
config-backend-url-scheme-help = write the backend's https:// address, e.g. "https://<project>.supabase.co"; a database URL never belongs in the site config
config-backend-name = backend.{ $key } `{ $value }` is not a valid name
config-backend-name-help = use letters, digits, `_` and `-` only, e.g. "contact_messages"
config-backend-http-local = backend.{ $key } `{ $url }` is plain http://, allowed for a backend on this machine only
config-backend-http-local-help = use the https:// address of the backend before the site is deployed
