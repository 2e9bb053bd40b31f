#!/usr/bin/env bash
# Tests docs/contact-messages.sql, the contact form's table, against a real PostgreSQL (Debian's
# `postgresql` package, installed with apt-get when missing and run as root). It starts its own
# server on a temporary folder (Unix socket in that folder only, no TCP), creates the roles as
# Supabase has them, loads the file, then sends what PostgREST sends for the site's anon key:
# in a transaction, `set local role anon` and the JWT claims, then the insert. It checks that a
# valid message is stored, that every broken rule is refused by its own constraint, that a
# message in any language code sahel's language table accepts is stored (Urdu, zh-Hant, ar-AE...)
# and junk codes are not, that anon can do nothing else, and the table's defences: one row per
# insert (a 5,000-row array is refused); the proof of work, for the challenge anon asks of
# contact_message_challenge (made by the form's own solver, run with node): bound to the current
# minute or the one before, never a later one, its difficulty rising with the last hour's
# messages and falling after the hour, and a flood of random senders never refusing a customer
# who proves the current challenge; the hourly limit per sender, counting rewritten phones and
# addresses as one (the cases of site/src/features/contact/__tests__/sender-cases.json, which the
# form's code must count the same), also under two inserts at once; the limit per client address,
# read from the header the limits name and from no other. Then running the file again: on its own
# table it changes nothing, and it brings a table made by the previous version of the file (its
# statements are below) up to the fresh one, keeping the rows and the owner's limits; and the
# file's migration for a table made when only ar and en were allowed (its commented `alter
# table`, run on a table with the old check). Last, a field added in one place: the form, run
# by Vitest with a copy of its field declaration that adds an optional company name
# (site/src/features/contact/__tests__/company-name.test.tsx), proves the database's challenge and
# sends a row that is inserted into this file's table with a company_name column added, and read
# back. The server and the folder are removed however it ends.
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
# in a transaction that switches role and sets the JWT claims and the request's headers (a JSON
# object, names in lowercase: what the gateway in front of PostgREST passed on). Rolls back unless
# told to commit.
# request [--role ROLE] [--commit] [--headers JSON] [psql -v options...] <<< SQL
request() {
  local role=anon end=rollback headers='{}'
  while [ $# -gt 0 ]; do
    case $1 in
      --role) role=$2; shift 2 ;;
      --commit) end=commit; shift ;;
      --headers) headers=$2; shift 2 ;;
      *) break ;;
    esac
  done
  { printf 'begin;\nset local role %s;\n' "$role"
    printf "select set_config('request.jwt.claims', '{\"role\":\"%s\"}', true) is not null as claims \\\\gset\n" "$role"
    printf "select set_config('request.headers', %s, true) is not null as headers \\\\gset\n" "'${headers//\'/\'\'}'"
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

# As the owner: until the proof's own section, any nonce does (no bits, and none added for the
# rows stored), and the limits are out of reach.
limits() { psql_as postgres -c "update public.contact_message_limits set $1" >/dev/null; }
limits 'proof_bits = 0, proof_bits_step = 0, per_sender_per_hour = 1000'

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
# R_* variables and the challenge in CHALLENGE (contact_message_challenge's JSON): prints a nonce.
# MODE valid: the challenge's bits or more; short: exactly one bit fewer; wrong: fewer.
SOLVER='
const { pathToFileURL } = await import("node:url");
const pow = await import(pathToFileURL(process.env.SOLVER_FILE).href);
const e = process.env;
const row = { full_name: e.R_full_name, email: e.R_email, phone: e.R_phone, message: e.R_message, language: e.R_language };
const challenge = pow.readChallenge(JSON.parse(e.CHALLENGE));
if (!challenge) throw new Error(`not a challenge: ${e.CHALLENGE}`);
const bits = challenge.bits;
let start = Math.floor(Math.random() * 2 ** 40);
for (;;) {
  const want = e.MODE === "valid" ? bits : e.MODE === "short" ? bits - 1 : 0;
  const proof = await pow.solveProof(row, { ...challenge, bits: want }, { start });
  const zeros = pow.proofZeros(row, proof, challenge.seed);
  if (e.MODE === "valid" || (e.MODE === "short" && zeros === bits - 1) || (e.MODE === "wrong" && zeros < bits)) {
    console.log(proof.proof_nonce);
    break;
  }
  start = proof.proof_nonce + 1;
}'
# solve MODE CHALLENGE [KEY=VALUE...]: the nonce for row_vars' row with these values.
solve() {
  local mode=$1 challenge=$2 i; shift 2
  local -a vars env=(); mapfile -d '' vars < <(row_vars "$@")
  for ((i = 1; i < ${#vars[@]}; i += 2)); do env+=("R_${vars[i]%%=*}=${vars[i]#*=}"); done
  env "${env[@]}" MODE="$mode" CHALLENGE="$challenge" SOLVER_FILE="$ROOT/site/src/features/contact/proof-of-work.ts" \
    "$NODE" --input-type=module -e "$SOLVER"
}
now_minute() { echo $(( $(date +%s) / 60 )); }
sql_value() { psql_as postgres -c "$1" 2>&1; }
clear_table() { psql_as postgres -c 'delete from public.contact_messages' >/dev/null; }
# owner_denied NAME PATTERN SQL: the owner's statement fails with an error matching PATTERN.
owner_denied() {
  local out
  if out=$(psql_as postgres -c "$3" 2>&1); then fail "$1" "the statement succeeded"
  elif grep -Eq -- "$2" <<< "${out//$'\n'/ }"; then pass "$1"
  else fail "$1" "failed, but not with /$2/: $out"; fi
}
# stored NAME EXPECTED SQL: the owner's query gives EXPECTED.
stored_check() {
  local got; got=$(sql_value "$3")
  if [ "$got" = "$2" ]; then pass "$1"; else fail "$1" "expected $2, got: $got"; fi
}
# SQL as PostgREST runs a function for the anon key (`POST /rest/v1/rpc/...`), printing its result.
as_anon() {
  { printf 'begin;\nset local role anon;\n'
    printf "select set_config('request.jwt.claims', '{\"role\":\"anon\"}', true) is not null as claims \\\\gset\n"
    cat
    printf '\n;\ncommit;\n'
  } | psql_as authenticator 2>&1
}
# The challenge anon is given now, and one the owner computes for minute M.
anon_challenge() { as_anon <<< 'select public.contact_message_challenge()'; }
challenge_for() { sql_value "select public.contact_proof_challenge($1)"; }
# json_field NAME JSON: a field of a challenge (a number, or the seed's hex).
json_field() { sed -nE "s/.*\"$1\" : \"?([0-9a-f]+)\"?.*/\\1/p" <<< "$2"; }
# A minute's first seconds, when one is near its end: a check that a later minute is refused must
# not see that minute begin while it runs.
away_from_minute_end() { local s; s=$(( $(date +%s) % 60 )); [ "$s" -lt 48 ] || sleep $(( 61 - s )); }
# proven NAME CHALLENGE [KEY=VALUE...]: the row, with a proof made by the form's solver for the
# challenge, is stored (committed).
proven() {
  local name=$1 challenge=$2 nonce out; shift 2
  if ! nonce=$(solve valid "$challenge" "$@") || [ -z "$nonce" ]; then fail "$name" "node could not run the solver: $nonce"; return; fi
  local -a vars; mapfile -d '' vars < <(row_vars "$@" proof_minute="$(json_field minute "$challenge")" proof_nonce="$nonce")
  if out=$(request --commit "${vars[@]}" <<< "$INSERT_ROW"); then pass "$name"; else fail "$name" "$out"; fi
}
# owner_rows N TAG [AGE]: N messages from N senders (TAG.<i>@example.com), stored by the owner
# (who needs no proof), one a transaction, then dated AGE ago (default: now).
owner_rows() {
  local n=$1 tag=$2 age=${3:-0 minutes} i
  for ((i = 1; i <= n; i++)); do
    echo "insert into public.contact_messages (full_name, email, phone, message, language)
      values ('Sender $i', '$tag.$i@example.com', '+971 50 $((3000000 + i))', 'I need a trade licence.', 'en');"
  done | psql_as postgres >/dev/null
  psql_as postgres -c "update public.contact_messages set created_at = now() - interval '$age' where email like '$tag.%'" >/dev/null
}
# char_of HEX: the code point's character (as UTF-8), e.g. char_of 200b.
char_of() { "$NODE" -e 'process.stdout.write(String.fromCodePoint(parseInt(process.argv[1], 16)))' "$1"; }

echo
echo "The proof of work, for the challenge anon asks for (contact_message_challenge):"
clear_table
limits 'proof_bits = default, proof_bits_step = 0'
default_bits=$(sql_value "select column_default from information_schema.columns where table_schema = 'public' and table_name = 'contact_message_limits' and column_name = 'proof_bits'")
away_from_minute_end
challenge=$(anon_challenge)
m=$(json_field minute "$challenge")
if [[ $challenge =~ ^\{\"minute\"\ :\ [0-9]+,\ \"bits\"\ :\ $default_bits,\ \"seed\"\ :\ \"[0-9a-f]{64}\"\}$ ]] && [ "$m" = "$(now_minute)" ]; then
  pass "anon's challenge (POST /rest/v1/rpc/contact_message_challenge) gives the database's minute, the default $default_bits bits and the minute's seed"
else
  fail "anon's challenge (POST /rest/v1/rpc/contact_message_challenge) gives the database's minute, the default $default_bits bits and the minute's seed" "$challenge"
fi
if [ "$(anon_challenge)" = "$challenge" ] && [ "$(challenge_for "$m")" = "$challenge" ] \
    && [ "$(json_field seed "$(challenge_for $((m - 1)))")" != "$(json_field seed "$challenge")" ] \
    && [ "$(sql_value "select count(distinct public.contact_proof_seed(x)) from generate_series($m - 100, $m + 100) as x")" = 201 ]; then
  pass "a minute's seed is the same all the minute, and every minute has its own"
else
  fail "a minute's seed is the same all the minute, and every minute has its own" "$challenge; $(challenge_for $((m - 1)))"
fi
if nonce=$(solve valid "$challenge" email=proof@example.com) && [ -n "$nonce" ]; then
  mapfile -d '' vars < <(row_vars email=proof@example.com proof_minute="$m" proof_nonce="$nonce")
  if out=$(request --commit "${vars[@]}" <<< "$INSERT_ROW"); then
    pass "a proof made by the form's solver for anon's challenge is accepted"
  else
    fail "a proof made by the form's solver for anon's challenge is accepted" "$out"
  fi
  refused "the same proof again (a replay) is refused" '^ERROR: +proof_reused' email=proof@example.com proof_minute="$m" proof_nonce="$nonce"
  refused "the proof for another message is refused" '^ERROR: +proof_invalid' email=proof@example.com proof_minute="$m" proof_nonce="$nonce" \
    message='A different message with the same proof.'
  refused "the proof sent as another minute's (another seed) is refused" '^ERROR: +proof_invalid' email=proof@example.com \
    proof_minute="$((m - 1))" proof_nonce="$nonce"
else
  fail "a proof made by the form's solver for anon's challenge is accepted" "node could not run the solver: $nonce"
fi
# The challenge includes the language: an Urdu message's proof, and the same sent as Farsi.
if nonce=$(solve valid "$challenge" email=urdu.proof@example.com language=ur message="$URDU_MESSAGE") && [ -n "$nonce" ]; then
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
refused "a wrong nonce is refused" '^ERROR: +proof_invalid' proof_minute="$m" proof_nonce="$(solve wrong "$challenge")"
refused "a nonce one zero bit short is refused, saying how many bits are required, the challenge to prove in its details" \
  "^ERROR: +proof_invalid .*DETAIL: +\{\"minute\" : [0-9]+, \"bits\" : $default_bits, \"seed\" : \"[0-9a-f]{64}\"\} .*HINT: +sha256\(challenge \|\| nonce\) starts with $((default_bits - 1)) zero bits; $default_bits are required for minute $m" \
  proof_minute="$m" proof_nonce="$(solve short "$challenge")"
accepted "a proof for the minute before (a challenge given then, sent now) is accepted" \
  proof_minute="$((m - 1))" proof_nonce="$(solve valid "$(challenge_for $((m - 1)))")"
refused "a proof two minutes old is refused as stale, the current challenge in its details" \
  "^ERROR: +proof_stale .*DETAIL: +\{\"minute\" : [0-9]+, \"bits\" : $default_bits, \"seed\" : \"[0-9a-f]{64}\"\}" \
  proof_minute="$((m - 2))" proof_nonce="$(solve valid "$(challenge_for $((m - 2)))")"
# ahead_refused NAME MINUTES: a proof for that many minutes ahead, made with the seed the owner can
# compute here (anon could not know it before the minute), is refused, sent before the minute it
# names begins (made again if the minute turned while it was made).
ahead_refused() {
  local name=$1 ahead=$2 now nonce try
  for try in 1 2 3; do
    away_from_minute_end
    now=$(now_minute)
    nonce=$(solve valid "$(challenge_for $((now + ahead)))")
    [ "$(now_minute)" = "$now" ] && break
  done
  refused "$name" '^ERROR: +proof_stale .*HINT: +A proof is for the server.s minute' proof_minute="$((now + ahead))" proof_nonce="$nonce"
}
ahead_refused "a proof for the next minute is refused" 1
ahead_refused "a proof for ten minutes ahead is refused" 10
refused "a message without a proof is refused, the challenge to prove in its details" '^ERROR: +proof_missing .*DETAIL: +\{"minute" : ' \
  proof_minute= proof_nonce=
denied "a signed-in user (authenticated) cannot send without a proof either" 'permission denied for table contact_messages|proof_missing' \
  --role authenticated <<< "insert into public.contact_messages (full_name, email, phone, message, language)
    values ('Sara', 'sara@example.com', '+971 50 123 4567', 'I need a trade licence.', 'en')"
if out=$(request --role service_role <<< "$INSERT_ROW" \
    -v full_name=Sara -v email=server@example.com -v phone='+971 50 123 4567' -v message='Stored by the owner.' -v language=en \
    -v proof_minute= -v proof_nonce=); then
  pass "the owner's server, with the service role key, needs no proof (the site never uses that key)"
else
  fail "the owner's server, with the service role key, needs no proof (the site never uses that key)" "$out"
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
for f in "contact_proof_seed($((m + 1)))" "contact_proof_challenge($((m + 1)))" "contact_proof_bits($m)"; do
  denied "anon cannot compute a later minute's seed or challenge, nor count: ${f%%(*}() is the owner's" \
    "permission denied for function ${f%%(*}" <<< "select public.$f"
done

echo
echo "The difficulty: one bit more for every proof_bits_step messages of the hour before the minute, up to proof_bits_max, fewer after the hour (4, 5 and 7 here):"
clear_table
limits 'proof_bits = 4, proof_bits_step = 5, proof_bits_max = 7, per_sender_per_hour = 1000'
away_from_minute_end
bits_now() { json_field bits "$(anon_challenge)"; }
# The difficulty of the database's minute as the check runs.
CURRENT_BITS="select public.contact_proof_bits(floor(extract(epoch from now()) / 60)::bigint)"
stored_check "no message in the last hour: proof_bits (4)" 4 "select (public.contact_message_challenge() ->> 'bits')"
owner_rows 4 early '2 minutes'
if [ "$(bits_now)" = 4 ]; then pass "4 messages stored before this minute: still 4 bits"; else fail "4 messages stored before this minute: still 4 bits" "$(anon_challenge)"; fi
owner_rows 1 fifth '2 minutes'
challenge=$(anon_challenge)
m=$(json_field minute "$challenge")
if [ "$(json_field bits "$challenge")" = 5 ]; then pass "the 5th: 5 bits"; else fail "the 5th: 5 bits" "$challenge"; fi
# A proof made for the 4 bits of before (the minute's difficulty rose as it began) is refused; its
# refusal names the challenge, and a proof for that, the form's one more try, is stored.
mapfile -d '' vars < <(row_vars email=rising@example.com proof_minute="$m" proof_nonce="$(solve short "$challenge" email=rising@example.com)")
if out=$(request "${vars[@]}" <<< "$INSERT_ROW"); then
  fail "a proof of 4 bits, now 5 are required, is refused, its details naming the 5 bits" "the row was stored"
elif grep -Eq "proof_invalid .*DETAIL: +\{\"minute\" : [0-9]+, \"bits\" : 5, " <<< "${out//$'\n'/ }"; then
  pass "a proof of 4 bits, now 5 are required, is refused, its details naming the 5 bits"
  named=$(sed -nE 's/^DETAIL: +(\{.*\})$/\1/p' <<< "$out")
  proven "the form's one more try, a proof for the challenge the refusal named, is stored" "$named" email=rising@example.com
else
  fail "a proof of 4 bits, now 5 are required, is refused, its details naming the 5 bits" "$out"
fi
away_from_minute_end
owner_rows 5 meanwhile
# The minute they were stored in (the same for all five, or the check means nothing).
stored_in=$(sql_value "select min(floor(extract(epoch from created_at) / 60)) || ' ' || max(floor(extract(epoch from created_at) / 60)) from public.contact_messages where email like 'meanwhile.%'")
mm=${stored_in%% *}
if [ "$mm" = "${stored_in##* }" ] && [ "$(sql_value "select public.contact_proof_bits($mm)")" = 5 ] \
    && [ "$(sql_value "select public.contact_proof_bits($mm + 1)")" = 6 ]; then
  pass "messages stored during a minute do not change its difficulty (5 bits), only the next minute's (6)"
else
  fail "messages stored during a minute do not change its difficulty (5 bits), only the next minute's (6)" \
    "stored in minutes $stored_in: $(sql_value "select public.contact_proof_bits($mm)") then $(sql_value "select public.contact_proof_bits($mm + 1)")"
fi
owner_rows 15 more '2 minutes'
stored_check "20 messages before this minute: 8 bits, held at proof_bits_max (7)" 7 "$CURRENT_BITS"
psql_as postgres -c "update public.contact_messages set created_at = now() - interval '59 minutes'" >/dev/null
stored_check "59 minutes later, they still count (7 bits)" 7 "$CURRENT_BITS"
psql_as postgres -c "update public.contact_messages set created_at = now() - interval '61 minutes'" >/dev/null
stored_check "61 minutes later, none counts: back to proof_bits (4)" 4 "$CURRENT_BITS"
psql_as postgres -c "update public.contact_messages set created_at = now() - interval '2 minutes'" >/dev/null
limits 'proof_bits_step = 0'
stored_check "with proof_bits_step 0, the difficulty stays proof_bits whatever comes" 4 "$CURRENT_BITS"
owner_denied "the owner cannot set proof_bits_max below proof_bits" 'contact_message_limits_bits_max' \
  'update public.contact_message_limits set proof_bits_max = 3'

echo
echo "A flood of random senders (1,300 in the hour): each costs more, and a customer proving the current challenge is never refused for it:"
clear_table
limits 'proof_bits = 2, proof_bits_step = 10, proof_bits_max = 12, per_sender_per_hour = default'
owner_rows 1000 flood '2 minutes'
away_from_minute_end
challenge=$(anon_challenge)
stored_check "1,000 messages from 1,000 senders in the last hour: the difficulty is at proof_bits_max (12)" 12 \
  "select (public.contact_message_challenge() ->> 'bits')"
# The customer asks for the challenge; 300 more come while they prove it; then they send.
nonce=$(solve valid "$challenge" email=customer@example.com phone='+971 56 123 4567')
owner_rows 300 meanwhile
mapfile -d '' vars < <(row_vars email=customer@example.com phone='+971 56 123 4567' proof_minute="$(json_field minute "$challenge")" proof_nonce="$nonce")
if out=$(request --commit "${vars[@]}" <<< "$INSERT_ROW"); then
  pass "the customer's message, proven for the challenge they were given while 300 more came, is stored"
else
  fail "the customer's message, proven for the challenge they were given while 300 more came, is stored" "$out"
fi
proven "and so is the next new sender's, the 1,302nd in the hour: there is no cap on all senders together" "$(anon_challenge)" \
  email=next.customer@example.com phone='+971 56 765 4321'
stored_check "1,302 messages in the hour are stored" 1302 "select count(*) from public.contact_messages where created_at > now() - interval '1 hour'"

echo
echo "The hourly limit per sender (3; proof_bits 0, so any nonce does), a rewritten phone or address being the same sender:"
clear_table
limits 'proof_bits = 0, proof_bits_step = 0, per_sender_per_hour = default'
for i in 1 2 3; do
  mapfile -d '' vars < <(row_vars email=sara@example.com phone='+971 50 123 4567')
  request --commit "${vars[@]}" <<< "$INSERT_ROW" >/dev/null || fail "message $i of 3 from sara@example.com is stored"
done
stored_check "3 messages in an hour from one sender are stored" 3 "select count(*) from public.contact_messages where email = 'sara@example.com'"
refused "the 4th in an hour from the same e-mail is refused" '^ERROR: +rate_limited_sender.*DETAIL: +At most 3 messages an hour' \
  email=sara@example.com phone='+971 50 999 9999'
i=0
for phone in '+971 (0)50 123 4567' '+9710501234567' '000971501234567' '0097105 0123 4567' '00971 50.123.4567' \
  '050-123-4567' '(050) 123-45.67'; do
  i=$((i + 1))
  refused "the same phone written ${phone@Q} (another e-mail) counts as the same sender" '^ERROR: +rate_limited_sender' \
    email="other.$i@example.com" phone="$phone"
done
i=0
for email in 'Sara@EXAMPLE.com' 'sara+1@example.com' 'SARA+news@Example.com' 'ｓａｒａ@example.com' 'sara@ｅｘａｍｐｌｅ.com'; do
  i=$((i + 1))
  refused "the same address written ${email@Q} (another phone) counts as the same sender" '^ERROR: +rate_limited_sender' \
    email="$email" phone="+971 55 000 000$i"
done
accepted "a different sender still passes" email=someone.else@example.com phone='+971 55 111 2222'
accepted "so does another number of the same country code (+971 50 123 4568)" email=neighbour@example.com phone='+971 50 123 4568'
psql_as postgres -c "update public.contact_messages set created_at = now() - interval '61 minutes'" >/dev/null
accepted "messages older than an hour do not count" email=sara@example.com phone='+971 50 123 4567'

# The keys of sender-cases.json: the table's functions and the form's code (sender.ts) give each.
CASES="$ROOT/site/src/features/contact/__tests__/sender-cases.json"
for kind in phones emails; do
  fn=contact_phone_key ts=contactPhoneKey
  [ "$kind" = emails ] && fn=contact_email_key ts=contactEmailKey
  want=$("$NODE" -e 'for (const [, key] of require(process.argv[1])[process.argv[2]]) console.log(key)' "$CASES" "$kind")
  form=$("$NODE" --input-type=module -e '
    const { readFileSync } = await import("node:fs");
    const { pathToFileURL } = await import("node:url");
    const sender = await import(pathToFileURL(process.argv[1]).href);
    for (const [input] of JSON.parse(readFileSync(process.argv[2], "utf8"))[process.argv[3]]) console.log(sender[process.argv[4]](input));
  ' "$ROOT/site/src/features/contact/sender.ts" "$CASES" "$kind" "$ts" 2>&1)
  table=$("$NODE" -e 'for (const [input] of require(process.argv[1])[process.argv[2]]) console.log(input)' "$CASES" "$kind" \
    | while IFS= read -r input; do psql_as postgres -v v="$input" <<< "select public.$fn(:'v')" 2>&1; done)
  if [ -n "$want" ] && [ "$table" = "$want" ] && [ "$form" = "$want" ]; then
    pass "the $(wc -l <<< "$want") ${kind%s} cases of sender-cases.json: the table's $fn and the form's $ts give each its key"
  else
    fail "the $(wc -l <<< "$want") ${kind%s} cases of sender-cases.json: the table's $fn and the form's $ts give each its key" \
      "$(diff <(echo "$want") <(echo "$table") | sed 's/^/table /'; diff <(echo "$want") <(echo "$form") | sed 's/^/form /')"
  fi
done

# Invisible characters would make one address look like another: the format check refuses them
# (the e-mail's check lists them; the phone's takes only digits, spaces, + ( ) . and -).
for point in 200b:'a zero-width space' 200c:'a zero-width non-joiner' 200d:'a zero-width joiner' 2060:'a word joiner' \
  feff:'a byte order mark' 200e:'a left-to-right mark' 200f:'a right-to-left mark' 202e:'a right-to-left override' \
  2066:'a left-to-right isolate' 061c:'an Arabic letter mark' 00ad:'a soft hyphen' fe0f:'a variation selector' \
  e0041:'a tag' 00a0:'a no-break space' 3000:'an ideographic space'; do
  c=$(char_of "${point%%:*}")
  refused "an e-mail address with ${point#*:} (U+${point%%:*}) is refused" contact_messages_email_format email="sara${c}@example.com"
  refused "a phone number with ${point#*:} (U+${point%%:*}) is refused" contact_messages_phone_format phone="+971 50 123${c} 4567"
done

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
mapfile -d '' vars < <(row_vars email=Racer+2@example.com phone='+971 50 100 0004')
request --commit "${vars[@]}" <<< "$INSERT_ROW" >"$DIR/race-b.out"
wait "$race_a"
race=$(sql_value "select count(*) from public.contact_messages where public.contact_email_key(email) = 'racer@example.com'")
if [ "$race" = 3 ] && grep -q rate_limited_sender "$DIR/race-a.out" "$DIR/race-b.out"; then
  pass "two inserts at once for the last place: one is stored, the other refused"
else
  fail "two inserts at once for the last place: one is stored, the other refused" \
    "$race stored; $(cat "$DIR/race-a.out" "$DIR/race-b.out")"
fi

echo
echo "The hourly limit per client address (3 here), read only from the header contact_message_limits names:"
clear_table
limits 'per_sender_per_hour = 1000, per_address_per_hour = 3, client_address_header = null'
SPOOF='{"x-forwarded-for": "203.0.113.7", "cf-connecting-ip": "203.0.113.7", "x-real-ip": "203.0.113.7"}'
for i in 1 2 3 4 5; do
  mapfile -d '' vars < <(row_vars email="same.address.$i@example.com" phone="+971 50 200 000$i")
  request --commit --headers "$SPOOF" "${vars[@]}" <<< "$INSERT_ROW" >/dev/null || fail "message $i from one address, no header named, is stored"
done
stored_check "no header named (the default): 5 messages with the same address headers are stored, and no address is kept" "5 0" \
  "select count(*) || ' ' || count(sender_address) from public.contact_messages"
# addressed NAME STORED|REFUSED HEADERS [KEY=VALUE...]: the row sent with these request headers.
address_n=0
addressed() {
  local name=$1 want=$2 headers=$3 out; shift 3
  address_n=$((address_n + 1))
  local -a vars; mapfile -d '' vars < <(row_vars email="address.$address_n@example.com" phone="+971 50 300 $((1000 + address_n))" "$@")
  if out=$(request --commit --headers "$headers" "${vars[@]}" <<< "$INSERT_ROW"); then
    if [ "$want" = stored ]; then pass "$name"; else fail "$name" "the row was stored"; fi
  elif [ "$want" = refused ] && grep -Eq '^ERROR: +rate_limited_address .*DETAIL: +At most 3 messages an hour from one address' <<< "${out//$'\n'/ }"; then
    pass "$name"
  else
    fail "$name" "$out"
  fi
}
clear_table
limits "client_address_header = 'cf-connecting-ip'"
for i in 1 2 3; do
  addressed "cf-connecting-ip named: message $i from 203.0.113.7 (a new sender each time) is stored" stored \
    "{\"cf-connecting-ip\": \"203.0.113.7\", \"x-forwarded-for\": \"198.51.100.$i\"}"
done
addressed "the 4th from 203.0.113.7 is refused, whatever x-forwarded-for the client makes up" refused \
  '{"cf-connecting-ip": "203.0.113.7", "x-forwarded-for": "198.51.100.99"}'
addressed "another address (203.0.113.8) is stored" stored '{"cf-connecting-ip": "203.0.113.8"}'
for a in 2001:db8:1:2::1 2001:db8:1:2:ffff:ffff:ffff:ffff 2001:db8:1:2:abcd::9; do
  addressed "an IPv6 address counts as its /64: $a is stored" stored "{\"cf-connecting-ip\": \"$a\"}"
done
addressed "the 4th from 2001:db8:1:2::/64 (2001:db8:1:2:5::5) is refused" refused '{"cf-connecting-ip": "2001:db8:1:2:5::5"}'
addressed "the next /64 (2001:db8:1:3::1) is stored" stored '{"cf-connecting-ip": "2001:db8:1:3::1"}'
stored_check "the addresses kept are the IPv4 address and the IPv6 /64" \
  "2001:db8:1:2::/64 3|2001:db8:1:3::/64 1|203.0.113.7 3|203.0.113.8 1" \
  "select string_agg(a || ' ' || n, '|' order by a) from (select abbrev(sender_address) as a, count(*) as n from public.contact_messages where sender_address is not null group by 1) as c"
addressed "a request without the header is stored, and counted for no address" stored '{"x-forwarded-for": "203.0.113.7"}'
addressed "a header that is not an address is stored, and counted for no address" stored '{"cf-connecting-ip": "203.0.113.7; drop table"}'
psql_as postgres -c "update public.contact_messages set created_at = now() - interval '61 minutes'" >/dev/null
addressed "messages older than an hour do not count: 203.0.113.7 is stored again" stored '{"cf-connecting-ip": "203.0.113.7"}'
clear_table
limits "client_address_header = 'x-forwarded-for'"
for i in 1 2 3; do
  addressed "x-forwarded-for named: message $i, whose first entry the client makes up, is stored" stored \
    "{\"x-forwarded-for\": \"10.9.8.$i, 192.0.2.50\"}"
done
addressed "the 4th is refused: the list's last entry (192.0.2.50), the one the proxy added, is the address" refused \
  '{"x-forwarded-for": "10.9.8.77, 192.0.2.50"}'
owner_denied "the header is named in lowercase, as PostgREST gives headers" 'contact_message_limits_address_header' \
  "update public.contact_message_limits set client_address_header = 'X-Forwarded-For'"
limits 'client_address_header = null, per_address_per_hour = default, per_sender_per_hour = default'

echo
echo "The limits are the owner's:"
denied "anon cannot raise the limits (UPDATE)" 'permission denied for table contact_message_limits' \
  <<< 'update public.contact_message_limits set per_sender_per_hour = 1000000, proof_bits = 0, proof_bits_max = 0'
denied "anon cannot name a header of its choosing for the address" 'permission denied for table contact_message_limits' \
  <<< "update public.contact_message_limits set client_address_header = 'x-my-address'"
denied "anon cannot read the limits (nor the seeds' secret)" 'permission denied for table contact_message_limits' <<< 'select * from public.contact_message_limits'
denied "anon cannot replace the limits (DELETE)" 'permission denied for table contact_message_limits' <<< 'delete from public.contact_message_limits'
denied "anon cannot add a row of limits" 'permission denied for table contact_message_limits' <<< 'insert into public.contact_message_limits (id) values (true)'
denied "a signed-in user (authenticated) cannot raise the limits" 'permission denied for table contact_message_limits' --role authenticated \
  <<< 'update public.contact_message_limits set per_sender_per_hour = 1000000'
for f in "contact_phone_key('+971 50 123 4567')" "contact_email_key('sara@example.com')" "contact_client_address('x-forwarded-for')"; do
  denied "anon cannot call the guard's function ${f%%(*}" "permission denied for function ${f%%(*}" <<< "select public.$f"
done
denied "a signed-in user (authenticated) cannot ask for the challenge either (the site asks as anon)" \
  'permission denied for function contact_message_challenge' --role authenticated <<< 'select public.contact_message_challenge()'
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
limits 'proof_bits = 0, proof_bits_step = 0, per_sender_per_hour = 100000'
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
limits 'proof_bits = default, proof_bits_step = default, proof_bits_max = default, per_sender_per_hour = default'
denied "with the default limits, a 5,000-row array is refused at its first row" '^ERROR: +proof_invalid' --commit <<< "$(bulk_insert 5000)"
limits 'proof_bits = 0, proof_bits_step = 0'
if out=$(request <<< "$(bulk_insert 1)"); then pass "a 1-row array is stored"; else fail "a 1-row array is stored" "$out"; fi

echo
echo "Running the file again (after updating sahel):"
# catalogue: what the file makes, as the owner sees it: each table's columns (type, default, not
# null, grants), checks (and whether old rows were checked), indexes, policies, row level
# security, grants, the functions (their text and grants) and triggers.
catalogue() {
  psql_as postgres <<'SQL'
select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' default ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '-')
  || case when a.attnotnull then ' not null' else '' end || ' ' || coalesce(a.attacl::text, '-')
from pg_attribute a join pg_class c on c.oid = a.attrelid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where c.relname in ('contact_messages', 'contact_message_limits') and c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
union all
select 'constraint ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated from pg_constraint
where conrelid in ('public.contact_messages'::regclass, 'public.contact_message_limits'::regclass)
union all
select 'index ' || indexdef from pg_indexes where schemaname = 'public'
union all
select 'policy ' || polname || ' ' || polcmd::text || ' ' || polroles::regrole[]::text || ' ' || coalesce(pg_get_expr(polwithcheck, polrelid), '-') from pg_policy
union all
select 'table ' || relname || ' rls ' || relrowsecurity || ' ' || coalesce(relacl::text, '-') from pg_class
where relnamespace = 'public'::regnamespace and relkind in ('r', 'S')
union all
select 'function ' || p.oid::regprocedure || ' ' || md5(pg_get_functiondef(p.oid)) || ' ' || coalesce(p.proacl::text, '-') from pg_proc p
where p.pronamespace = 'public'::regnamespace
union all
select 'trigger ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
order by 1
SQL
}
# A database of its own, with Supabase's grants and default privileges.
new_database() {
  psql_as postgres -c "create database $1" >/dev/null && PGDB=$1 psql_as postgres >/dev/null <<'SQL'
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
SQL
}
# On its own table, with its rows and the owner's limits: nothing changes.
limits 'per_sender_per_hour = 7, proof_bits = 17, proof_bits_max = 21'
before=$(catalogue; sql_value 'select count(*), sum(length(email)) from public.contact_messages'; sql_value 'select * from public.contact_message_limits')
if out=$(psql_as postgres -1 -f "$SQL_FILE" 2>&1) \
    && after=$(catalogue; sql_value 'select count(*), sum(length(email)) from public.contact_messages'; sql_value 'select * from public.contact_message_limits') \
    && [ "$after" = "$before" ]; then
  pass "run again on its own table, the file changes nothing: the messages, the limits (and the seeds' secret), the checks, functions and grants"
else
  fail "run again on its own table, the file changes nothing: the messages, the limits (and the seeds' secret), the checks, functions and grants" \
    "$out$(diff <(echo "$before") <(echo "${after:-}") | head -20)"
fi
limits 'per_sender_per_hour = default, proof_bits = default, proof_bits_max = default'

# The previous version of the file (a fixed cap on all senders, proofs of any minute within ten of
# the database's), its statements as it gave them: a table made by it, with messages and an
# owner's limits, then the file run on it.
previous_file() {
  cat <<'SQL'
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create table public.contact_messages (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  full_name text not null,
  email text not null,
  phone text not null,
  message text not null,
  language text not null,
  proof_minute bigint,
  proof_nonce bigint,
  proof_hash bytea,
  constraint contact_messages_proof_once unique (proof_hash),
  constraint contact_messages_full_name_length check (char_length(full_name) between 2 and 100),
  constraint contact_messages_full_name_not_blank check (full_name ~ '[^ \t\n\r\f\v]'),
  constraint contact_messages_email_length check (char_length(email) <= 254),
  constraint contact_messages_email_format check (
    email ~ '^[^@ \t\n\r\f\v]+@[^@. \t\n\r\f\v]+(\.[^@. \t\n\r\f\v]+)+$' and strpos(email, '..') = 0
  ),
  constraint contact_messages_phone_length check (char_length(phone) <= 25),
  constraint contact_messages_phone_format check (
    phone ~ '^[0-9+ ().-]+$'
    and translate(phone, ' ().-', '') ~ '^(\+[0-9]{7,15}|00[0-9]{7,15}|0[0-9]{8,9})$'
  ),
  constraint contact_messages_message_length check (char_length(message) between 10 and 2000),
  constraint contact_messages_message_not_blank check (message ~ '[^ \t\n\r\f\v]'),
  constraint contact_messages_language check (
    char_length(language) <= 35 and language ~ '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$'
  )
);
revoke all on table public.contact_messages from public, anon, authenticated;
revoke all on sequence public.contact_messages_id_seq from public, anon, authenticated;
grant insert (full_name, email, phone, message, language, proof_minute, proof_nonce) on table public.contact_messages to anon;
alter table public.contact_messages enable row level security;
create policy "visitors can send messages" on public.contact_messages
  for insert to anon with check (true);
create table public.contact_message_limits (
  id boolean primary key default true constraint contact_message_limits_one_row check (id),
  per_sender_per_hour integer not null default 3 check (per_sender_per_hour >= 0),
  all_senders_per_hour integer not null default 200 check (all_senders_per_hour >= 0),
  proof_bits integer not null default 17 check (proof_bits between 0 and 64),
  proof_max_age_minutes integer not null default 10 check (proof_max_age_minutes between 1 and 1440)
);
insert into public.contact_message_limits default values;
revoke all on table public.contact_message_limits from public, anon, authenticated;
alter table public.contact_message_limits enable row level security;
create index contact_messages_created_at on public.contact_messages (created_at);
create function public.contact_phone_key(phone text) returns text
language sql immutable strict set search_path = ''
as $$
  select case
    when d like '00%' then substr(d, 3)
    when d like '0%' and phone !~ '^[[:space:]]*[+]' then '971' || substr(d, 2)
    else d
  end
  from (select regexp_replace(phone, '[^0-9]', '', 'g') as d) as digits
$$;
create function public.contact_messages_guard() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  limits public.contact_message_limits;
  server_minute bigint := floor(extract(epoch from now()) / 60);
  challenge bytea;
  zeros integer;
  recent integer;
begin
  if current_setting('contact_messages.inserted', true) = 'yes' then
    raise exception using errcode = 'P0001', message = 'too_many_rows',
      detail = 'A request may insert one message.', hint = 'Send one JSON object, not an array.';
  end if;
  perform set_config('contact_messages.inserted', 'yes', true);
  select * into strict limits from public.contact_message_limits;
  if current_setting('role') not in ('anon', 'authenticated') and new.proof_minute is null and new.proof_nonce is null then
    new.proof_hash := null;
  elsif new.proof_minute is null or new.proof_nonce is null then
    raise exception using errcode = 'P0001', message = 'proof_missing',
      detail = 'proof_minute and proof_nonce are required.',
      hint = 'The contact form computes them (site/src/features/contact/proof-of-work.ts).';
  elsif new.proof_minute not between server_minute - limits.proof_max_age_minutes
      and server_minute + limits.proof_max_age_minutes then
    raise exception using errcode = 'P0001', message = 'proof_stale',
      detail = format('server_minute=%s', server_minute),
      hint = format('The proof must be made within %s minutes of the server''s clock: make it again for the server''s minute.',
        limits.proof_max_age_minutes);
  else
    challenge := extensions.digest(convert_to(concat_ws(e'\n', 'sahel-contact-1', new.proof_minute::text,
      new.language, new.email, new.phone, new.full_name, new.message), 'UTF8'), 'sha256');
    new.proof_hash := extensions.digest(challenge || int8send(new.proof_nonce), 'sha256');
    zeros := position(b'1' in ('x' || encode(substr(new.proof_hash, 1, 8), 'hex'))::bit(64));
    zeros := case when zeros = 0 then 64 else zeros - 1 end;
    if zeros < limits.proof_bits then
      raise exception using errcode = 'P0001', message = 'proof_invalid',
        detail = format('sha256(challenge || nonce) starts with %s zero bits; %s are required.', zeros, limits.proof_bits),
        hint = 'The challenge is the sha256 of the version, minute, language, e-mail, phone, name and message, one a line.';
    end if;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('public.contact_messages', 0));
  if new.proof_hash is not null and exists (select 1 from public.contact_messages where proof_hash = new.proof_hash) then
    raise exception using errcode = 'P0001', message = 'proof_reused',
      detail = 'This proof was already used for a message.', hint = 'Make a new proof for each message.';
  end if;
  select count(*) into recent from public.contact_messages m
  where m.created_at > now() - interval '1 hour'
    and (lower(m.email) = lower(new.email) or public.contact_phone_key(m.phone) = public.contact_phone_key(new.phone));
  if recent >= limits.per_sender_per_hour then
    raise exception using errcode = 'P0001', message = 'rate_limited_sender',
      detail = format('At most %s messages an hour from one e-mail address or phone number.', limits.per_sender_per_hour),
      hint = 'Try again later, or reach us on WhatsApp.';
  end if;
  select count(*) into recent from public.contact_messages m where m.created_at > now() - interval '1 hour';
  if recent >= limits.all_senders_per_hour then
    raise exception using errcode = 'P0001', message = 'rate_limited_global',
      detail = format('At most %s messages an hour from all senders.', limits.all_senders_per_hour),
      hint = 'Try again later, or reach us on WhatsApp.';
  end if;
  return new;
end
$$;
create trigger contact_messages_guard before insert on public.contact_messages
  for each row execute function public.contact_messages_guard();
revoke all on function public.contact_phone_key(text) from public, anon, authenticated;
revoke all on function public.contact_messages_guard() from public, anon, authenticated;
SQL
}
if new_database previous_version && new_database fresh \
    && out=$(PGDB=previous_version psql_as postgres -1 <<< "$(previous_file)" 2>&1) \
    && out=$(PGDB=previous_version psql_as postgres 2>&1 <<'SQL'
insert into public.contact_messages (full_name, email, phone, message, language) values ('Sara', 'sara@example.com', '+971 50 123 4567', 'An older message, kept.', 'en');
insert into public.contact_messages (full_name, email, phone, message, language) values ('Omar', 'omar@example.com', '+971 50 765 4321', 'Another older message.', 'ar');
update public.contact_message_limits set per_sender_per_hour = 5, all_senders_per_hour = 500, proof_max_age_minutes = 30;
SQL
) && [ "$(PGDB=previous_version sql_value 'select count(*) from public.contact_messages')" = 2 ]; then
  pass "a table made by the previous version of the file, with 2 messages and the owner's limits"
else
  fail "a table made by the previous version of the file, with 2 messages and the owner's limits" "$out"
fi
if out=$(PGDB=previous_version psql_as postgres -1 -f "$SQL_FILE" 2>&1) && out=$(PGDB=fresh psql_as postgres -1 -f "$SQL_FILE" 2>&1); then
  pass "the file runs on it"
else
  fail "the file runs on it" "$out"
fi
upgraded=$(PGDB=previous_version catalogue)
fresh=$(PGDB=fresh catalogue)
if [ -n "$fresh" ] && [ "$upgraded" = "$fresh" ]; then
  pass "then it is the table the file makes afresh: the same columns, checks, limits' settings, functions, trigger and grants ($(wc -l <<< "$fresh") items)"
else
  fail "then it is the table the file makes afresh: the same columns, checks, limits' settings, functions, trigger and grants" \
    "$(diff <(echo "$fresh") <(echo "$upgraded") | head -30)"
fi
PGDB=previous_version stored_check "its messages are kept" 'An older message, kept.|Another older message.' \
  "select string_agg(message, '|' order by id) from public.contact_messages"
PGDB=previous_version stored_check "its owner's limit per sender is kept (5), its proof_bits too (17), and the new settings are at their defaults" \
  '5 17 20 22 5 off 32' \
  "select concat_ws(' ', per_sender_per_hour, proof_bits, proof_bits_step, proof_bits_max, per_address_per_hour, coalesce(client_address_header, 'off'), octet_length(proof_secret)) from public.contact_message_limits"
PGDB=previous_version proven "and it takes a message proven for anon's challenge" "$(PGDB=previous_version anon_challenge)" \
  email=after.update@example.com

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
update public.contact_message_limits set proof_bits = 0, proof_bits_step = 0;
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
# The form fills in, validates and sends the row, its proof made by the form too, for the challenge
# this database gives anon (a proof is good until the end of the next minute); the request body is
# written to payload.json.
fields_challenge=$(PGDB=fields_copy as_anon <<< 'select public.contact_message_challenge()')
if out=$(cd "$ROOT" && SAHEL_CONTACT_PAYLOAD="$DIR/payload.json" SAHEL_CONTACT_CHALLENGE="$fields_challenge" nice -n 10 "$ROOT/node_modules/.bin/vitest" run --config site/vite.config.ts \
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
select count(*) || ' ' || bool_and(to_jsonb(m) - 'id' - 'created_at' - 'proof_hash' - 'sender_address' = :'body'::jsonb) || ' ' || string_agg(company_name, '')
from public.contact_messages m
SQL
)
if [ "$got" = "1 true Sahel Trading LLC" ]; then
  pass "the row read back is the form's body, company_name 'Sahel Trading LLC' included"
else
  fail "the row read back is the form's body, company_name 'Sahel Trading LLC' included" "$got; body: $body"
fi
# Two more rows, with any nonce (proof_bits 0): a company name too long, and none.
PGDB=fields_copy psql_as postgres -c 'update public.contact_message_limits set proof_bits = 0, proof_bits_step = 0, per_sender_per_hour = 1000' >/dev/null
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
