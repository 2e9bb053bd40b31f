#!/usr/bin/env bash
# Tests docs/contact-messages.sql, the contact form's table, against a real PostgreSQL (Debian's
# `postgresql` package, installed with apt-get when missing and run as root). It starts its own
# server on a temporary folder (Unix socket in that folder only, no TCP), creates the roles as
# Supabase has them, loads the file, then sends what PostgREST sends for the site's anon key:
# in a transaction, `set local role anon` and the JWT claims, then the insert. It checks that a
# valid message is stored, that every broken rule is refused by its own constraint, that a
# message in any language code sahel's language table accepts is stored (Urdu, zh-Hant, ar-AE...)
# and junk codes are not, that anon can do nothing else, and the table's defences: one row per
# insert (a 5,000-row array is refused), the proof of work (made by the form's own solver, run
# with node), and the hourly limits per sender and in all, also under two inserts at once. Then
# the file's migration for a table made when only ar and en were allowed (its commented `alter
# table`, run on a table with the old check). Last, a field added in one place: the form, run
# by Vitest with a copy of its field declaration that adds an optional company name
# (site/src/features/contact/__tests__/company-name.test.tsx), sends a row that is inserted into
# this file's table with a company_name column added, and read back. The server and the folder
# are removed however it ends.
# Prints one line per check and ends with "N passed, M failed"; exits 1 on a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SQL_FILE="$ROOT/docs/contact-messages.sql"

# --- PostgreSQL's programs --------------------------------------------------------------------
pg_bindir() {
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k5 -n -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then echo "$dir"; return 0; fi
  done
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then pg_config --bindir; return 0; fi
  return 1
}
if ! BIN=$(pg_bindir) || ! command -v psql >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's postgresql package..."
    log="${TMPDIR:-/tmp}/sahel-apt-postgresql.log"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql) >"$log" 2>&1 \
      || { echo "apt-get could not install postgresql; see $log"; echo "0 passed, 1 failed"; exit 1; }
    BIN=$(pg_bindir) || { echo "postgresql is installed but initdb was not found"; echo "0 passed, 1 failed"; exit 1; }
  else
    echo "Missing: PostgreSQL. Install it with: sudo apt-get install -y --no-install-recommends postgresql"
    echo "0 passed, 1 failed"
    exit 1
  fi
fi
PSQL=$(command -v psql)
[ -x "$BIN/psql" ] && PSQL="$BIN/psql"

# --- A private server -------------------------------------------------------------------------
# PostgreSQL refuses to run as root: as root, the server runs as the postgres user (or nobody),
# in a folder it owns; psql connects over the folder's socket as any user.
AS=()
if [ "$(id -u)" = 0 ]; then
  if id postgres >/dev/null 2>&1; then RUN_USER=postgres; else RUN_USER=nobody; fi
  AS=(runuser -u "$RUN_USER" --)
fi
DIR=$(mktemp -d "${TMPDIR:-/tmp}/sahel-pg.XXXXXX") || { echo "mktemp failed"; echo "0 passed, 1 failed"; exit 1; }
STARTED=0
cleanup() {
  if [ "$STARTED" = 1 ]; then "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1; fi
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
[ "${#AS[@]}" -gt 0 ] && chown "$RUN_USER" "$DIR"

if ! "${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --no-locale >"$DIR/initdb.log" 2>&1; then
  cat "$DIR/initdb.log"; echo "0 passed, 1 failed"; exit 1
fi
STARTED=1 # from here on, however the script ends, it stops the server (stopping none is harmless)
if ! "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
    -o "-c listen_addresses='' -k $DIR -c fsync=off -c full_page_writes=off" start >/dev/null 2>&1; then
  cat "$DIR/server.log" 2>/dev/null; echo "0 passed, 1 failed"; exit 1
fi
echo "PostgreSQL $("$BIN/postgres" --version | awk '{ print $3 }') on $DIR"

# psql as a role: psql_as ROLE [psql options...] < SQL (in the database $PGDB, or postgres)
psql_as() {
  local role=$1; shift
  "$PSQL" -X -q -At -v ON_ERROR_STOP=1 -h "$DIR" -U "$role" -d "${PGDB:-postgres}" "$@"
}

# --- Checks -----------------------------------------------------------------------------------
passed=0
failed=0
pass() { echo "ok   $1"; passed=$((passed + 1)); }
fail() {
  echo "FAIL $1"
  if [ -n "${2:-}" ]; then printf '%s\n' "$2" | sed 's/^/       /'; fi
  failed=$((failed + 1))
}

# Supabase's roles: the API roles cannot log in; PostgREST logs in as authenticator and switches
# to the request's role. Like Supabase, every API role gets everything on new tables in public,
# so the file has to take that back.
if setup=$(psql_as postgres 2>&1 <<'SQL'
create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator login noinherit;
grant anon, authenticated, service_role to authenticator;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
SQL
); then
  pass "Supabase's roles and default privileges are set up"
else
  fail "Supabase's roles and default privileges are set up" "$setup"
fi

if out=$(psql_as postgres -1 -f "$SQL_FILE" 2>&1); then
  pass "docs/contact-messages.sql loads into a fresh database"
else
  fail "docs/contact-messages.sql loads into a fresh database" "$out"
  echo "$passed passed, $failed failed"
  exit 1
fi

# The guide shows the file itself: the ```sql block of docs/backend.md ("The table defends
# itself"), unindented.
guide_sql=$(awk '
  !inside && /^ *```sql$/ { inside = 1; match($0, /^ */); indent = RLENGTH; next }
  inside && /^ *```$/ { exit }
  inside { print substr($0, indent + 1) }
' "$ROOT/docs/backend.md")
if [ "$guide_sql" = "$(cat "$SQL_FILE")" ]; then
  pass "docs/backend.md quotes docs/contact-messages.sql exactly"
else
  fail "docs/backend.md quotes docs/contact-messages.sql exactly" "$(diff <(printf '%s\n' "$guide_sql") "$SQL_FILE" | head -20)"
fi

# Runs SQL as PostgREST does for a request with the anon key (or ROLE's key): as authenticator,
# in a transaction that switches role and sets the JWT claims. Rolls back unless told to commit.
# request [--role ROLE] [--commit] [psql -v options...] <<< SQL
request() {
  local role=anon end=rollback
  while [ $# -gt 0 ]; do
    case $1 in
      --role) role=$2; shift 2 ;;
      --commit) end=commit; shift ;;
      *) break ;;
    esac
  done
  { printf 'begin;\nset local role %s;\n' "$role"
    printf "select set_config('request.jwt.claims', '{\"role\":\"%s\"}', true) is not null as claims \\\\gset\n" "$role"
    cat
    printf '\n;\n%s;\n' "$end"
  } | psql_as authenticator "$@" 2>&1 >/dev/null
}

# The insert PostgREST runs for `POST /rest/v1/contact_messages` with `Prefer: return=minimal`:
# the JSON body's keys as columns, the row read from the body, `returning 1` counted.
INSERT_ROW="with pgrst_source as (
  insert into public.contact_messages (full_name, email, phone, message, language, proof_minute, proof_nonce)
  select b.full_name, b.email, b.phone, b.message, b.language, b.proof_minute, b.proof_nonce
  from json_to_record(json_build_object(
    'full_name', :'full_name'::text, 'email', :'email'::text, 'phone', :'phone'::text,
    'message', :'message'::text, 'language', :'language'::text,
    'proof_minute', nullif(:'proof_minute', '')::bigint, 'proof_nonce', nullif(:'proof_nonce', '')::bigint
  )) as b(full_name text, email text, phone text, message text, language text, proof_minute bigint, proof_nonce bigint)
  returning 1
)
select count(*) from pgrst_source"

# The row the form sends, as psql -v options, with KEY=VALUE overrides. Its proof of work is this
# minute's, with a random nonce: until the proof's own checks, proof_bits is 0 (any nonce does).
row_vars() {
  local -A v=(
    [full_name]='سارة المنصوري'
    [email]='sara@example.com'
    [phone]='+971 50 123 4567'
    [message]='أرغب في استخراج رخصة تجارية لشركة استشارات في البر الرئيسي.'
    [language]='ar'
    [proof_minute]=$(( $(date +%s) / 60 ))
    [proof_nonce]=$(( (RANDOM << 30) | (RANDOM << 15) | RANDOM ))
  )
  local kv
  for kv in "$@"; do v[${kv%%=*}]=${kv#*=}; done
  for kv in full_name email phone message language proof_minute proof_nonce; do printf '%s\0%s\0' -v "$kv=${v[$kv]}"; done
}

# accepted NAME [KEY=VALUE...]: the row with these values is stored.
accepted() {
  local name=$1 out; shift
  local -a vars; mapfile -d '' vars < <(row_vars "$@")
  if out=$(request "${vars[@]}" <<< "$INSERT_ROW"); then pass "$name"; else fail "$name" "$out"; fi
}
# refused NAME PATTERN [KEY=VALUE...]: the row with these values is refused, with an error
# matching PATTERN (a constraint's name, or the permission error; the error's lines are joined
# with spaces, so a pattern can span the message and its DETAIL).
refused() {
  local name=$1 pattern=$2 out; shift 2
  local -a vars; mapfile -d '' vars < <(row_vars "$@")
  if out=$(request "${vars[@]}" <<< "$INSERT_ROW"); then
    fail "$name" "the row was stored"
  elif grep -Eq -- "$pattern" <<< "${out//$'\n'/ }"; then
    pass "$name"
  else
    fail "$name" "refused, but not by /$pattern/: $out"
  fi
}
# denied NAME PATTERN [--role ROLE] <<< SQL: the statement fails with an error matching PATTERN.
denied() {
  local name=$1 pattern=$2 out; shift 2
  if out=$(request "$@"); then
    fail "$name" "the statement succeeded"
  elif grep -Eq -- "$pattern" <<< "${out//$'\n'/ }"; then
    pass "$name"
  else
    fail "$name" "failed, but not with /$pattern/: $out"
  fi
}

repeat() { local s; printf -v s '%*s' "$2" ''; printf '%s' "${s// /$1}"; }

# As the owner: until the proof's own section, any nonce does, and the limits are out of reach.
limits() { psql_as postgres -c "update public.contact_message_limits set $1" >/dev/null; }
limits 'proof_bits = 0, per_sender_per_hour = 1000, all_senders_per_hour = 1000'

echo
echo "The form's message, as anon:"
mapfile -d '' vars < <(row_vars)
if out=$(request --commit "${vars[@]}" <<< "$INSERT_ROW"); then
  pass "a valid message (Arabic name, +971 phone) is stored"
else
  fail "a valid message (Arabic name, +971 phone) is stored" "$out"
fi
stored=$(psql_as postgres -c "select count(*) || ' ' || bool_and(id is not null and created_at > now() - interval '5 minutes' and full_name = 'سارة المنصوري') from public.contact_messages" 2>&1)
if [ "$stored" = "1 true" ]; then
  pass "the stored row has its name intact, and its id and created_at from the defaults"
else
  fail "the stored row has its name intact, and its id and created_at from the defaults" "$stored"
fi
accepted "an English message with a 00 number is stored" full_name='Sara Al Mansoori' phone='00971 4 555 0100' language=en \
  message='I need a trade licence for a consultancy on the mainland.'
accepted "a UAE number dialled locally, with parentheses, dashes and dots, is stored" phone='(050) 123-45.67'
accepted "the shortest name (2 characters) and message (10 characters) are stored" full_name='سا' message='0123456789'
accepted "the longest name (100), e-mail (254), phone (25) and message (2000) are stored" \
  full_name="$(repeat س 100)" email="$(repeat a 242)@example.com" phone='+971 (0) 50 - 123 - 45.67' message="$(repeat م 2000)"

echo
echo "Any language the site's table can have (src/lang.rs's codes), sent as anon, read with the service role:"
URDU_MESSAGE='مجھے مین لینڈ پر ایک مشاورتی کمپنی کے لیے تجارتی لائسنس چاہیے۔'
# SQL as a server with the service role key: as authenticator, switched to service_role.
as_service_role() {
  { printf 'begin;\nset local role service_role;\n'
    printf "select set_config('request.jwt.claims', '{\"role\":\"service_role\"}', true) is not null as claims \\\\gset\n"
    cat
    printf '\n;\ncommit;\n'
  } | psql_as authenticator 2>&1
}
LANGUAGES=(ur fa ps ckb zh-Hant zh-Hans ar-AE en-US sr-Latn-RS de-CH-1996 es-419 "ar$(repeat -abcdefgh 3)-abcde")
for i in "${!LANGUAGES[@]}"; do
  language=${LANGUAGES[i]} message='I need a trade licence for a consultancy on the mainland.'
  [ "$language" = ur ] && message=$URDU_MESSAGE
  mapfile -d '' vars < <(row_vars email="lang.$i@example.com" language="$language" message="$message")
  if [ "${#language}" -gt 30 ]; then shown="the longest code, ${#language} characters"; else shown="$language"; fi
  if out=$(request --commit "${vars[@]}" <<< "$INSERT_ROW"); then pass "a message in $shown is stored"; else fail "a message in $shown is stored" "$out"; fi
done
got=$(as_service_role <<< "select string_agg(language, ' ' order by id) from public.contact_messages where email like 'lang.%'")
if [ "$got" = "${LANGUAGES[*]}" ]; then
  pass "the service role reads them back with their codes intact"
else
  fail "the service role reads them back with their codes intact" "expected ${LANGUAGES[*]}, got: $got"
fi
got=$(as_service_role <<< "select message from public.contact_messages where email like 'lang.%' and language = 'ur'")
if [ "$got" = "$URDU_MESSAGE" ]; then pass "the Urdu message reads back intact"; else fail "the Urdu message reads back intact" "$got"; fi

echo
echo "Each rule, broken:"
refused "an empty name is refused" contact_messages_full_name_length full_name=''
refused "a one-letter name is refused" contact_messages_full_name_length full_name='س'
refused "a 101-character name is refused" contact_messages_full_name_length full_name="$(repeat s 101)"
refused "a name of spaces and tabs is refused" contact_messages_full_name_not_blank full_name=$' \t '
refused "a 255-character e-mail is refused" contact_messages_email_length email="$(repeat a 243)@example.com"
for email in 'sara@example' 'sara@' '@example.com' 'sara example@x.com' 'sara@@x.com' 'sara@x..com' 'sara@x.com ' $'sara@x.com\n' 'sara'; do
  refused "the e-mail '${email//$'\n'/\\n}' is refused" contact_messages_email_format email="$email"
done
refused "a 26-character phone is refused" contact_messages_phone_length phone='+971 (0) 50 - 123 - 4.5.67'
for phone in '12345' '+123456' '+971' 'call me' '+971 50 123 4567 ext' '0000' '+1234567890123456' '+971+50 123 4567' \
  $'+971\t50 123 4567' '٠٥٠ ١٢٣ ٤٥٦٧'; do
  refused "the phone '${phone//$'\t'/\\t}' is refused" contact_messages_phone_format phone="$phone"
done
refused "a 9-character message is refused" contact_messages_message_length message='012345678'
refused "a 2001-character message is refused" contact_messages_message_length message="$(repeat m 2001)"
refused "a message of spaces and line breaks is refused" contact_messages_message_not_blank message="$(repeat ' ' 8)"$'\n\n\t'
# Codes sahel's language table refuses (src/lang.rs, is_language_code): a lowercase 2-3 letter
# language, subtags of 1 to 8 ASCII letters or digits, at most 35 characters.
for language in '' x english abcd 'ar en' '<script>' '<script>alert(1)</script>' "ar'" 'ar;' $'ar\n' $'ar\r' $'ar\t' \
  $'\x01ar' $'ar\x7f' $'ar\xe2\x80\x8f' $'ar\xc2\xa0' AR Ar aR EN-us 'ar ' ' ar' ar- -ar ar--AE ar_AE ar.AE ar-AE- ar-abcdefghi \
  'ａｒ' 'аr' 'ar-ÄE' 'عر' 'ar-٤١٩' "$(repeat a 100)" "ar$(repeat -ar 32)" "ar$(repeat -abcdefgh 3)-abcdef"; do
  if [ "${#language}" -gt 30 ]; then shown="a ${#language}-character code (${language:0:12}...)"; else shown="the language ${language@Q}"; fi
  case $language in
    $'ar\xe2\x80\x8f') shown="the language ar and a right-to-left mark (U+200F)" ;;
    $'ar\xc2\xa0') shown="the language ar and a no-break space (U+00A0)" ;;
  esac
  refused "$shown is refused" contact_messages_language language="$language"
done
denied "a message without an e-mail is refused" 'null value in column "email"' <<'SQL'
insert into public.contact_messages (full_name, phone, message, language, proof_minute, proof_nonce)
values ('Sara', '+971 50 123 4567', 'I need a trade licence.', 'en', floor(extract(epoch from now()) / 60), 1)
SQL

echo
echo "Everything else anon might try:"
denied "anon cannot read messages (SELECT)" 'permission denied for table contact_messages' <<< 'select * from public.contact_messages'
denied "anon cannot count messages" 'permission denied for table contact_messages' <<< 'select count(*) from public.contact_messages'
denied "anon cannot change messages (UPDATE)" 'permission denied for table contact_messages' <<< "update public.contact_messages set message = 'changed message'"
denied "anon cannot delete messages (DELETE)" 'permission denied for table contact_messages' <<< 'delete from public.contact_messages'
denied "anon cannot empty the table (TRUNCATE)" 'permission denied for table contact_messages' <<< 'truncate public.contact_messages'
denied "anon cannot set created_at" 'permission denied for table contact_messages' <<'SQL'
insert into public.contact_messages (full_name, email, phone, message, language, created_at)
values ('Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en', '2001-01-01')
SQL
denied "anon cannot set id (overriding system value)" 'permission denied for table contact_messages' <<'SQL'
insert into public.contact_messages (id, full_name, email, phone, message, language) overriding system value
values (424242, 'Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en')
SQL
denied "anon cannot set id" 'permission denied for table contact_messages|cannot insert a non-DEFAULT value into column "id"' <<'SQL'
insert into public.contact_messages (id, full_name, email, phone, message, language)
values (424242, 'Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en')
SQL
denied "anon cannot read its row back (Prefer: return=representation), so the site sends return=minimal" \
  'permission denied for table contact_messages' <<'SQL'
insert into public.contact_messages (full_name, email, phone, message, language)
values ('Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en')
returning *
SQL
denied "anon cannot upsert over a message (Prefer: resolution=merge-duplicates)" 'permission denied for table contact_messages' <<'SQL'
insert into public.contact_messages (full_name, email, phone, message, language)
values ('Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en')
on conflict (id) do update set message = excluded.message
SQL
denied "anon cannot use or reset the id sequence" 'permission denied for sequence contact_messages_id_seq' \
  <<< "select setval('public.contact_messages_id_seq', 1)"
denied "a signed-in user (authenticated) cannot insert" 'permission denied for table contact_messages' --role authenticated <<< "$INSERT_ROW" \
  -v full_name=Sara -v email=sara@example.com -v phone='+971 50 123 4567' -v message='I need a trade licence.' -v language=en \
  -v proof_minute="$(( $(date +%s) / 60 ))" -v proof_nonce=7
denied "a signed-in user (authenticated) cannot read messages" 'permission denied for table contact_messages' --role authenticated \
  <<< 'select * from public.contact_messages'

# Row level security is the second lock: were SELECT ever granted by mistake, anon would still
# see no rows, as no policy lets it read.
rls=$(psql_as postgres 2>&1 <<'SQL'
begin;
grant select on public.contact_messages to anon;
set local role anon;
select count(*) from public.contact_messages;
rollback;
SQL
)
if [ "$rls" = "0" ]; then
  pass "row level security: with SELECT granted by mistake, anon still sees no message"
else
  fail "row level security: with SELECT granted by mistake, anon still sees no message" "$rls"
fi

# --- The table's defences -----------------------------------------------------------------------
NODE="$ROOT/node_modules/.bin/node"
[ -x "$NODE" ] || NODE=$(command -v node)
# The form's own solver (site/src/features/contact/proof-of-work.ts), run by node on the row in
# R_* variables: prints a nonce for MINUTE. MODE valid: PROOF_BITS leading zero bits or more;
# short: exactly PROOF_BITS - 1; wrong: fewer than PROOF_BITS.
SOLVER='
const { pathToFileURL } = await import("node:url");
const pow = await import(pathToFileURL(process.env.SOLVER_FILE).href);
const e = process.env;
const row = { full_name: e.R_full_name, email: e.R_email, phone: e.R_phone, message: e.R_message, language: e.R_language };
const minute = Number(e.MINUTE);
let start = Math.floor(Math.random() * 2 ** 40);
for (;;) {
  const bits = e.MODE === "valid" ? pow.PROOF_BITS : e.MODE === "short" ? pow.PROOF_BITS - 1 : 0;
  const proof = await pow.solveProof(row, { minute, bits, start });
  const zeros = pow.proofZeros(row, proof);
  if (e.MODE === "valid" || (e.MODE === "short" && zeros === pow.PROOF_BITS - 1) || (e.MODE === "wrong" && zeros < pow.PROOF_BITS)) {
    console.log(proof.proof_nonce);
    break;
  }
  start = proof.proof_nonce + 1;
}'
# solve MODE MINUTE [KEY=VALUE...]: the nonce for row_vars' row with these values.
solve() {
  local mode=$1 minute=$2 i; shift 2
  local -a vars env=(); mapfile -d '' vars < <(row_vars "$@")
  for ((i = 1; i < ${#vars[@]}; i += 2)); do env+=("R_${vars[i]%%=*}=${vars[i]#*=}"); done
  env "${env[@]}" MODE="$mode" MINUTE="$minute" SOLVER_FILE="$ROOT/site/src/features/contact/proof-of-work.ts" \
    "$NODE" --input-type=module -e "$SOLVER"
}
now_minute() { echo $(( $(date +%s) / 60 )); }
sql_value() { psql_as postgres -c "$1" 2>&1; }
clear_table() { psql_as postgres -c 'delete from public.contact_messages' >/dev/null; }
# stored NAME EXPECTED SQL: the owner's query gives EXPECTED.
stored_check() {
  local got; got=$(sql_value "$3")
  if [ "$got" = "$2" ]; then pass "$1"; else fail "$1" "expected $2, got: $got"; fi
}

echo
echo "The proof of work, at the form's difficulty:"
psql_as postgres -c 'update public.contact_message_limits set proof_bits = default' >/dev/null
form_bits=$(sed -n 's/^export const PROOF_BITS = \([0-9]*\);.*/\1/p' "$ROOT/site/src/features/contact/proof-of-work.ts")
stored_check "the table's default proof_bits is the form's PROOF_BITS ($form_bits)" "$form_bits" \
  'select proof_bits from public.contact_message_limits'
m=$(now_minute)
if nonce=$(solve valid "$m" email=proof@example.com) && [ -n "$nonce" ]; then
  mapfile -d '' vars < <(row_vars email=proof@example.com proof_minute="$m" proof_nonce="$nonce")
  if out=$(request --commit "${vars[@]}" <<< "$INSERT_ROW"); then
    pass "a proof made by the form's solver is accepted"
  else
    fail "a proof made by the form's solver is accepted" "$out"
  fi
  refused "the same proof again (a replay) is refused" '^ERROR: +proof_reused' email=proof@example.com proof_minute="$m" proof_nonce="$nonce"
  refused "the proof for another message is refused" '^ERROR: +proof_invalid' email=proof@example.com proof_minute="$m" proof_nonce="$nonce" \
    message='A different message with the same proof.'
  refused "the proof with another minute is refused" '^ERROR: +proof_invalid' email=proof@example.com proof_minute="$((m - 1))" proof_nonce="$nonce"
else
  fail "a proof made by the form's solver is accepted" "node could not run the solver: $nonce"
fi
# The challenge includes the language: an Urdu message's proof, and the same sent as Farsi.
if nonce=$(solve valid "$m" email=urdu.proof@example.com language=ur message="$URDU_MESSAGE") && [ -n "$nonce" ]; then
  mapfile -d '' vars < <(row_vars email=urdu.proof@example.com language=ur message="$URDU_MESSAGE" proof_minute="$m" proof_nonce="$nonce")
  if out=$(request --commit "${vars[@]}" <<< "$INSERT_ROW"); then
    pass "a proof made by the form's solver for an Urdu (ur) message is accepted"
  else
    fail "a proof made by the form's solver for an Urdu (ur) message is accepted" "$out"
  fi
  refused "the Urdu message's proof, sent with the language fa, is refused" '^ERROR: +proof_invalid' \
    email=urdu.proof@example.com language=fa message="$URDU_MESSAGE" proof_minute="$m" proof_nonce="$nonce"
else
  fail "a proof made by the form's solver for an Urdu (ur) message is accepted" "node could not run the solver: $nonce"
fi
refused "a wrong nonce is refused" '^ERROR: +proof_invalid' proof_minute="$m" proof_nonce="$(solve wrong "$m")"
refused "a nonce one zero bit short is refused, saying how many bits are required" \
  "DETAIL: +sha256\(challenge \|\| nonce\) starts with $((form_bits - 1)) zero bits; $form_bits are required" \
  proof_minute="$m" proof_nonce="$(solve short "$m")"
refused "a proof 11 minutes old is refused as stale, giving the server's minute" '^ERROR: +proof_stale .*DETAIL: +server_minute=[0-9]+' \
  proof_minute="$((m - 11))" proof_nonce="$(solve valid $((m - 11)))"
# (12, not 11: the minute may turn while the test runs, and the window follows the server's clock)
refused "a proof 12 minutes ahead is refused as stale" '^ERROR: +proof_stale' proof_minute="$((m + 12))" proof_nonce="$(solve valid $((m + 12)))"
accepted "a proof 9 minutes old (a slow clock) is accepted" proof_minute="$((m - 9))" proof_nonce="$(solve valid $((m - 9)))"
refused "a message without a proof is refused" '^ERROR: +proof_missing' proof_minute= proof_nonce=
denied "a signed-in user (authenticated) cannot send without a proof either" 'permission denied for table contact_messages|proof_missing' \
  --role authenticated <<< "insert into public.contact_messages (full_name, email, phone, message, language)
    values ('Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en')"
if out=$(request --role service_role <<< "$INSERT_ROW" \
    -v full_name=Sara -v email=server@example.com -v phone='+971 50 123 4567' -v message='Sent without JavaScript.' -v language=en \
    -v proof_minute= -v proof_nonce=); then
  pass "a server's insert with the service role key (form_endpoint's function) needs no proof"
else
  fail "a server's insert with the service role key (form_endpoint's function) needs no proof" "$out"
fi
mapfile -d '' vars < <(row_vars email=owner@example.com proof_minute= proof_nonce=)
if out=$(psql_as postgres "${vars[@]}" <<< "begin; $INSERT_ROW; rollback;" 2>&1); then
  pass "the owner's insert (the SQL editor) needs no proof"
else
  fail "the owner's insert (the SQL editor) needs no proof" "$out"
fi
denied "anon cannot set proof_hash" 'permission denied for table contact_messages' <<'SQL'
insert into public.contact_messages (full_name, email, phone, message, language, proof_minute, proof_nonce, proof_hash)
values ('Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en', 1, 1, '\x00')
SQL

echo
echo "The hourly limits (3 per sender, 200 in all; proof_bits 0 so any nonce does):"
clear_table
limits 'proof_bits = 0, per_sender_per_hour = default, all_senders_per_hour = default'
for i in 1 2 3; do
  mapfile -d '' vars < <(row_vars email=repeat@example.com phone='+971 50 000 0001')
  request --commit "${vars[@]}" <<< "$INSERT_ROW" >/dev/null || fail "message $i of 3 from repeat@example.com is stored"
done
stored_check "3 messages in an hour from one sender are stored" 3 "select count(*) from public.contact_messages where email = 'repeat@example.com'"
refused "the 4th in an hour from the same e-mail is refused" '^ERROR: +rate_limited_sender.*DETAIL: +At most 3 messages an hour' \
  email=repeat@example.com phone='+971 50 999 9999'
refused "the same e-mail in other letter cases counts as the same sender" '^ERROR: +rate_limited_sender' \
  email=Repeat@EXAMPLE.com phone='+971 50 999 9999'
refused "the 4th from the same phone (another e-mail) is refused" '^ERROR: +rate_limited_sender' \
  email=other@example.com phone='+971 50 000 0001'
refused "the same phone written 00971 50-000-0001 counts as the same sender" '^ERROR: +rate_limited_sender' \
  email=other@example.com phone='00971 50-000-0001'
refused "the same phone dialled locally, (050) 000 0001, counts as the same sender" '^ERROR: +rate_limited_sender' \
  email=other@example.com phone='(050) 000 0001'
accepted "a different sender still passes" email=someone.else@example.com phone='+971 55 111 2222'
psql_as postgres -c "update public.contact_messages set created_at = now() - interval '61 minutes'" >/dev/null
accepted "messages older than an hour do not count" email=repeat@example.com phone='+971 50 000 0001'

# Two inserts at once from a sender with two messages: the first holds the lock (and sleeps a
# second before committing); the second waits for it, then sees three and is refused.
clear_table
for i in 1 2; do
  mapfile -d '' vars < <(row_vars email=racer@example.com phone="+971 50 100 000$i")
  request --commit "${vars[@]}" <<< "$INSERT_ROW" >/dev/null
done
mapfile -d '' vars < <(row_vars email=racer@example.com phone='+971 50 100 0003')
request --commit "${vars[@]}" <<< "$INSERT_ROW;"$'\n'"select pg_sleep(1)" >"$DIR/race-a.out" &
race_a=$!
sleep 0.3
mapfile -d '' vars < <(row_vars email=racer@example.com phone='+971 50 100 0004')
request --commit "${vars[@]}" <<< "$INSERT_ROW" >"$DIR/race-b.out"
wait "$race_a"
race=$(sql_value "select count(*) from public.contact_messages where email = 'racer@example.com'")
if [ "$race" = 3 ] && grep -q rate_limited_sender "$DIR/race-a.out" "$DIR/race-b.out"; then
  pass "two inserts at once for the last place: one is stored, the other refused"
else
  fail "two inserts at once for the last place: one is stored, the other refused" \
    "$race stored; $(cat "$DIR/race-a.out" "$DIR/race-b.out")"
fi

clear_table
# 200 inserts, each its own transaction (the owner too gets one row per transaction)
if out=$(for i in $(seq 200); do
  echo "insert into public.contact_messages (full_name, email, phone, message, language, proof_minute, proof_nonce)
    values ('Sara', 's$i@example.com', '+971 50 $((1000000 + i))', 'I need a trade licence.', 'en', floor(extract(epoch from now()) / 60), $i);"
done | psql_as postgres 2>&1); then pass "200 messages from 200 senders in an hour are stored"; else fail "200 messages from 200 senders in an hour are stored" "$out"; fi
refused "the 201st message in an hour, from a new sender, is refused" '^ERROR: +rate_limited_global.*DETAIL: +At most 200 messages an hour' \
  email=new.sender@example.com phone='+971 56 777 8888'
limits 'all_senders_per_hour = 201'
accepted "with all_senders_per_hour raised to 201 by the owner, it is stored" email=new.sender@example.com phone='+971 56 777 8888'

echo
echo "The limits are the owner's:"
denied "anon cannot raise the limits (UPDATE)" 'permission denied for table contact_message_limits' \
  <<< 'update public.contact_message_limits set per_sender_per_hour = 1000000, all_senders_per_hour = 1000000, proof_bits = 0'
denied "anon cannot read the limits" 'permission denied for table contact_message_limits' <<< 'select * from public.contact_message_limits'
denied "anon cannot replace the limits (DELETE)" 'permission denied for table contact_message_limits' <<< 'delete from public.contact_message_limits'
denied "anon cannot add a row of limits" 'permission denied for table contact_message_limits' <<< 'insert into public.contact_message_limits (id) values (true)'
denied "a signed-in user (authenticated) cannot raise the limits" 'permission denied for table contact_message_limits' --role authenticated \
  <<< 'update public.contact_message_limits set per_sender_per_hour = 1000000'
denied "anon cannot call the guard's functions" 'permission denied for function contact_phone_key' <<< "select public.contact_phone_key('+971 50 123 4567')"
denied "anon cannot turn the guard off" 'must be owner of (table|relation) contact_messages' \
  <<< 'alter table public.contact_messages disable trigger contact_messages_guard'
if out=$(psql_as postgres -c 'insert into public.contact_message_limits (id) values (false)' 2>&1); then
  fail "the owner's table of limits holds one row" "a second row was added"
elif grep -q contact_message_limits_one_row <<< "$out"; then
  pass "the owner's table of limits holds one row"
else
  fail "the owner's table of limits holds one row" "$out"
fi

echo
echo "One row per insert (PostgREST sends a JSON array as one INSERT ... SELECT):"
# bulk_insert N: the insert PostgREST runs for a JSON array of N rows, each from its own sender
# with its own nonce.
bulk_insert() {
  cat <<SQL
with pgrst_source as (
  insert into public.contact_messages (full_name, email, phone, message, language, proof_minute, proof_nonce)
  select b.full_name, b.email, b.phone, b.message, b.language, b.proof_minute, b.proof_nonce
  from json_to_recordset((
    select json_agg(json_build_object(
      'full_name', 'Bulk sender', 'email', format('bulk%s@example.com', i), 'phone', format('+971 50 %s', 2000000 + i),
      'message', 'Buy cheap followers now, limited offer.', 'language', 'en',
      'proof_minute', floor(extract(epoch from now()) / 60), 'proof_nonce', i))
    from generate_series(1, $1) as i
  )) as b(full_name text, email text, phone text, message text, language text, proof_minute bigint, proof_nonce bigint)
  returning 1
)
select count(*) from pgrst_source
SQL
}
clear_table
limits 'proof_bits = 0, per_sender_per_hour = 100000, all_senders_per_hour = 100000'
started=$(date +%s%N)
denied "a 5,000-row array is refused, even with the proof and the hourly limits out of the way" \
  '^ERROR: +too_many_rows .*DETAIL: +A request may insert one message' --commit <<< "$(bulk_insert 5000)"
echo "       (refused in $(( ($(date +%s%N) - started) / 1000000 )) ms)"
denied "a 2-row array is refused" '^ERROR: +too_many_rows' --commit <<< "$(bulk_insert 2)"
denied "two single-row inserts in one transaction are refused" '^ERROR: +too_many_rows' <<'SQL'
insert into public.contact_messages (full_name, email, phone, message, language, proof_minute, proof_nonce)
values ('Sara', 'one@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en', floor(extract(epoch from now()) / 60), 1);
insert into public.contact_messages (full_name, email, phone, message, language, proof_minute, proof_nonce)
values ('Sara', 'two@example.com', '+971 50 123 4568', 'I need a trade licence.', 'en', floor(extract(epoch from now()) / 60), 2)
SQL
stored_check "the refused arrays added nothing" 0 'select count(*) from public.contact_messages'
limits 'proof_bits = default, per_sender_per_hour = default, all_senders_per_hour = default'
denied "with the default limits, a 5,000-row array is refused at its first row" '^ERROR: +proof_invalid' --commit <<< "$(bulk_insert 5000)"
limits 'proof_bits = 0'
if out=$(request <<< "$(bulk_insert 1)"); then pass "a 1-row array is stored"; else fail "a 1-row array is stored" "$out"; fi

echo
echo "The migration for a table made when only ar and en were allowed (the file's commented alter table):"
# The statement the file gives in its comment, uncommented.
migration=$(awk '
  /^-- +alter table public\.contact_messages drop constraint/ { inside = 1 }
  inside { sub(/^-- ?/, ""); print }
  inside && /;$/ { exit }
' "$SQL_FILE")
# A database with the file loaded, then its language check put back as the old file had it.
if [ -n "$migration" ] \
  && out=$(psql_as postgres -c 'create database old_languages' 2>&1) \
  && out=$(PGDB=old_languages psql_as postgres 2>&1 <<'SQL'
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
SQL
) && out=$(PGDB=old_languages psql_as postgres -1 -f "$SQL_FILE" 2>&1) \
  && out=$(PGDB=old_languages psql_as postgres 2>&1 <<'SQL'
alter table public.contact_messages drop constraint contact_messages_language,
  add constraint contact_messages_language check (language in ('ar', 'en'));
update public.contact_message_limits set proof_bits = 0;
SQL
); then
  pass "a table with the old check (language in ('ar', 'en')) is made"
else
  fail "a table with the old check (language in ('ar', 'en')) is made" "${out:-the file has no commented alter table statement}"
fi
PGDB=old_languages refused "before the migration, an Urdu message is refused by the old check" contact_messages_language language=ur
if out=$(PGDB=old_languages psql_as postgres <<< "$migration" 2>&1) && out=$(PGDB=old_languages psql_as postgres <<< "$migration" 2>&1); then
  pass "the migration runs, and runs again (idempotent)"
else
  fail "the migration runs, and runs again (idempotent)" "$out"
fi
old_def=$(PGDB=old_languages sql_value "select pg_get_constraintdef(oid) from pg_constraint where conname = 'contact_messages_language'")
new_def=$(sql_value "select pg_get_constraintdef(oid) from pg_constraint where conname = 'contact_messages_language'")
if [ -n "$new_def" ] && [ "$old_def" = "$new_def" ]; then
  pass "the migrated check is the file's own"
else
  fail "the migrated check is the file's own" "migrated: $old_def; file: $new_def"
fi
for language in ur zh-Hant ar-AE ar en; do
  PGDB=old_languages accepted "after the migration, a message in $language is stored" language="$language"
done
for language in AR 'ar en' '<script>'; do
  PGDB=old_languages refused "after the migration, the language ${language@Q} is still refused" contact_messages_language language="$language"
done

echo
echo "A field added in one place: the form with a company name, to a table with its column:"
# The file with the column, its check and anon's grant added, loaded into a database of its own
# (with Supabase's grants and default privileges there too).
sed -e "s/^  message text not null,\$/&\n  company_name text not null default '',/" \
  -e 's/^\(  constraint contact_messages_message_length check .*\)$/\1\n  constraint contact_messages_company_name_length check (char_length(company_name) <= 120),/' \
  -e 's/^grant insert (full_name, /grant insert (full_name, company_name, /' "$SQL_FILE" > "$DIR/with-company.sql"
if [ "$(grep -c company_name "$DIR/with-company.sql")" = 3 ] \
  && out=$(psql_as postgres -c 'create database fields_copy' 2>&1) \
  && out=$(PGDB=fields_copy psql_as postgres 2>&1 <<'SQL'
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
SQL
) && out=$(PGDB=fields_copy psql_as postgres -1 -f "$DIR/with-company.sql" 2>&1); then
  pass "the file with a company_name column (at most 120 characters) loads"
else
  fail "the file with a company_name column (at most 120 characters) loads" "$out"
fi
# The form fills in, validates and sends the row (its proof of work made by the form too); the
# request body is written to payload.json.
if out=$(cd "$ROOT" && SAHEL_CONTACT_PAYLOAD="$DIR/payload.json" nice -n 10 "$ROOT/node_modules/.bin/vitest" run --config site/vite.config.ts \
    src/features/contact/__tests__/company-name.test.tsx 2>&1) && [ -s "$DIR/payload.json" ]; then
  pass "the form with a company name sends it (Vitest: company-name.test.tsx)"
else
  fail "the form with a company name sends it (Vitest: company-name.test.tsx)" "$(tail -30 <<< "$out")"
fi
# PostgREST's insert for that body: its keys as the columns, typed as the table's.
body=$(cat "$DIR/payload.json" 2>/dev/null)
typed=$(PGDB=fields_copy psql_as postgres -v body="$body" 2>&1 <<'SQL'
select string_agg(format('%I %s', a.attname, format_type(a.atttypid, a.atttypmod)), ', ' order by a.attnum)
from pg_attribute a
where a.attrelid = 'public.contact_messages'::regclass and a.attname in (select json_object_keys(:'body'::json))
SQL
)
columns=$(PGDB=fields_copy psql_as postgres -v body="$body" 2>&1 <<'SQL'
select string_agg(format('%I', a.attname), ', ' order by a.attnum)
from pg_attribute a
where a.attrelid = 'public.contact_messages'::regclass and a.attname in (select json_object_keys(:'body'::json))
SQL
)
body_insert="with pgrst_source as (
  insert into public.contact_messages ($columns)
  select $columns from json_to_record(:'body'::json) as b($typed)
  returning 1
)
select count(*) from pgrst_source"
if out=$(PGDB=fields_copy request --commit -v body="$body" <<< "$body_insert"); then
  pass "the form's row, with the proof it made, is stored as anon (columns: $columns)"
else
  fail "the form's row, with the proof it made, is stored as anon (columns: $columns)" "$out"
fi
got=$(PGDB=fields_copy psql_as postgres -v body="$body" 2>&1 <<'SQL'
select count(*) || ' ' || bool_and(to_jsonb(m) - 'id' - 'created_at' - 'proof_hash' = :'body'::jsonb) || ' ' || string_agg(company_name, '')
from public.contact_messages m
SQL
)
if [ "$got" = "1 true Sahel Trading LLC" ]; then
  pass "the row read back is the form's body, company_name 'Sahel Trading LLC' included"
else
  fail "the row read back is the form's body, company_name 'Sahel Trading LLC' included" "$got; body: $body"
fi
# Two more rows, with any nonce (proof_bits 0): a company name too long, and none.
PGDB=fields_copy psql_as postgres -c 'update public.contact_message_limits set proof_bits = 0, per_sender_per_hour = 1000' >/dev/null
long_body=$(PGDB=fields_copy psql_as postgres -v body="$body" <<< "select (:'body'::jsonb || jsonb_build_object('company_name', repeat('c', 121), 'proof_nonce', 1))::text" 2>&1)
if out=$(PGDB=fields_copy request -v body="$long_body" <<< "$body_insert"); then
  fail "a 121-character company name is refused by its check" "the row was stored"
elif grep -q contact_messages_company_name_length <<< "$out"; then
  pass "a 121-character company name is refused by its check"
else
  fail "a 121-character company name is refused by its check" "$out"
fi
empty_body=$(PGDB=fields_copy psql_as postgres -v body="$body" <<< "select (:'body'::jsonb - 'company_name' || '{\"proof_nonce\": 2}')::text" 2>&1)
if out=$(PGDB=fields_copy request -v body="$empty_body" <<< "${body_insert//company_name, /}"); then
  pass "a row without company_name (left empty: optional) is stored"
else
  fail "a row without company_name (left empty: optional) is stored" "$out"
fi

echo
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
