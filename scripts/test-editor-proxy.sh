#!/usr/bin/env bash
# Tests the team setup of docs/editor-team.md with a real nginx: sahel's editor on 127.0.0.1,
# nginx in front of it over TLS with a password file, its server block being exactly
# docs/editor-nginx.conf (which the chapter quotes: checked first) with the address, port,
# certificate, password file, log and upstream replaced by this run's.
#
# A copy of the site (site.toml content site templates package.json package-lock.json
# tsconfig.json, node_modules linked) in a temporary folder is served by
# `$SAHEL_BIN serve --edit --port <free> --public-url https://127.0.0.1:<nginx port>`, the
# command of the chapter's service
# (SAHEL_BIN from the environment, else target/debug/sahel). nginx runs as the current user
# (as root, its workers too) with a temporary prefix: pid, logs and temp files in that folder,
# listening on 127.0.0.1 only. A self-signed certificate (openssl, for 127.0.0.1) and an
# htpasswd file of two people (openssl passwd -apr1, and -6) are made for the run.
#
# Checks, through nginx (curl --cacert the run's certificate): without a password, 401 for the
# editor and the site; a wrong password, 401; each person's password, 200, and the editor's page
# holds its token; an API call with the token and the public origin, 200; with another origin,
# 403; without the token, 403; a 15 MB body passes nginx and sahel takes it in (422 for bytes
# that are no photo, not 413) and a 25 MB one is refused by nginx (413); the event stream answers
# text/event-stream and its first event arrives at once; the access log names the person; a
# person added to the password file, or removed, counts without a reload. And on
# sahel's own port: Host 127.0.0.1:PORT is answered, Host cms.office.example refused (403).
# sahel and nginx are stopped and the folder removed however it ends.
# Prints one line per check and ends with "N passed, M failed"; exits 1 on a failure.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
CONF_FILE="$ROOT/docs/editor-nginx.conf"
CHAPTER="$ROOT/docs/editor-team.md"
SAHEL_BIN=${SAHEL_BIN:-$ROOT/target/debug/sahel}
# The first build of a debug binary takes 10–30 s; a loaded machine more.
START_TIMEOUT=${START_TIMEOUT:-240}

PASSED=0
FAILED=0
pass() { PASSED=$((PASSED + 1)); echo "ok   - $1"; }
fail() { FAILED=$((FAILED + 1)); echo "FAIL - $1${2:+: $2}"; }
check() { # check NAME CONDITION-STATUS [DETAIL]
  if [ "$2" = 0 ]; then pass "$1"; else fail "$1" "${3:-}"; fi
}
finish() {
  echo "$PASSED passed, $FAILED failed"
  [ "$FAILED" = 0 ]
  exit $?
}
abort() { # a step the checks cannot run without
  fail "$1" "${2:-}"
  finish
}

for tool in nginx openssl curl; do
  command -v "$tool" >/dev/null 2>&1 || abort "$tool is installed" "apt-get install -y $tool"
done
[ -x "$SAHEL_BIN" ] || abort "sahel binary at $SAHEL_BIN" "build it: cargo build --bin sahel"
"$SAHEL_BIN" serve --help 2>/dev/null | grep -q -- '--public-url' \
  || abort "$SAHEL_BIN has serve --edit --public-url" "an older build? cargo build --bin sahel"
[ -f "$CONF_FILE" ] || abort "docs/editor-nginx.conf exists"

DIR=$(mktemp -d "${TMPDIR:-/tmp}/sahel-editor-proxy.XXXXXX")
SAHEL_PID=""
NGINX_PID=""
cleanup() {
  if [ -n "$NGINX_PID" ] && kill -0 "$NGINX_PID" 2>/dev/null; then
    kill -QUIT "$NGINX_PID" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$NGINX_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$NGINX_PID" 2>/dev/null
  fi
  if [ -n "$SAHEL_PID" ] && kill -0 "$SAHEL_PID" 2>/dev/null; then
    kill -TERM "$SAHEL_PID" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$SAHEL_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$SAHEL_PID" 2>/dev/null
  fi
  wait 2>/dev/null
  rm -rf "$DIR"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- The chapter gives this file ---------------------------------------------------------------
# The first ```nginx block of the chapter, byte for byte.
awk '/^```nginx$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$CHAPTER" \
  >"$DIR/chapter.conf" 2>/dev/null
if [ -s "$DIR/chapter.conf" ] && cmp -s "$DIR/chapter.conf" "$CONF_FILE"; then
  pass "docs/editor-team.md quotes docs/editor-nginx.conf exactly"
else
  fail "docs/editor-team.md quotes docs/editor-nginx.conf exactly" \
    "$(diff "$DIR/chapter.conf" "$CONF_FILE" 2>&1 | head -5 | tr '\n' ' ')"
fi

# --- Ports, certificate, passwords ---------------------------------------------------------------
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()' 2>/dev/null \
    || node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'
}
SAHEL_PORT=$(free_port)
NGINX_PORT=$(free_port)
while [ "$NGINX_PORT" = "$SAHEL_PORT" ]; do NGINX_PORT=$(free_port); done
[ -n "$SAHEL_PORT" ] && [ -n "$NGINX_PORT" ] || abort "two free ports"
PUBLIC="https://127.0.0.1:$NGINX_PORT"

openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=127.0.0.1" \
  -addext "subjectAltName=IP:127.0.0.1" -keyout "$DIR/cms.key" -out "$DIR/cms.crt" \
  >"$DIR/openssl.log" 2>&1 || abort "a self-signed certificate" "$(tail -3 "$DIR/openssl.log")"
ANNA_PW="anna-$(openssl rand -hex 8)"
OMAR_PW="omar-$(openssl rand -hex 8)"
{
  printf 'anna:%s\n' "$(openssl passwd -apr1 "$ANNA_PW")"
  printf 'omar:%s\n' "$(openssl passwd -6 "$OMAR_PW")"
} >"$DIR/htpasswd"

# --- sahel on a copy of the site ---------------------------------------------------------------
SITE="$DIR/site"
mkdir -p "$SITE"
for item in site.toml content site templates package.json package-lock.json tsconfig.json; do
  cp -R "$ROOT/$item" "$SITE/" || abort "copy $item of the site"
done
ln -s "$ROOT/node_modules" "$SITE/node_modules"

"$SAHEL_BIN" serve --edit --root "$SITE" --port "$SAHEL_PORT" --public-url "$PUBLIC" \
  >"$DIR/sahel.log" 2>&1 &
SAHEL_PID=$!
started=""
for _ in $(seq $((START_TIMEOUT * 2))); do
  kill -0 "$SAHEL_PID" 2>/dev/null || break
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "http://127.0.0.1:$SAHEL_PORT/ar/")
  if [ "$code" = 200 ]; then started=1; break; fi
  sleep 0.5
done
if [ -n "$started" ]; then
  pass "sahel serve --edit answers on 127.0.0.1:$SAHEL_PORT"
else
  abort "sahel serve --edit answers on 127.0.0.1:$SAHEL_PORT within ${START_TIMEOUT}s" \
    "$(tail -5 "$DIR/sahel.log" | tr '\n' ' ')"
fi

# --- nginx with the documented server block ----------------------------------------------------
# Every value the chapter says to change, replaced by this run's; each must be in the file.
server_block=$(cat "$CONF_FILE")
missing=""
replace() { # replace FROM TO
  if [[ "$server_block" == *"$1"* ]]; then
    server_block=${server_block//"$1"/"$2"}
  else
    missing="$missing $1"
  fi
}
replace "listen 192.168.1.10:443 ssl;" "listen 127.0.0.1:$NGINX_PORT ssl;"
replace "/etc/nginx/cms/cms.crt" "$DIR/cms.crt"
replace "/etc/nginx/cms/cms.key" "$DIR/cms.key"
replace "/etc/nginx/cms/htpasswd" "$DIR/htpasswd"
replace "/var/log/nginx/cms.access.log" "$DIR/access.log"
replace "proxy_pass http://127.0.0.1:8000;" "proxy_pass http://127.0.0.1:$SAHEL_PORT;"
replace "proxy_set_header Host 127.0.0.1:8000;" "proxy_set_header Host 127.0.0.1:$SAHEL_PORT;"
# Nothing else may point at the documented machine.
left=$(printf '%s\n' "$server_block" | grep -v '^ *#' | grep -nE '192\.168\.|:8000|/etc/nginx|/var/log' || true)
if [ -z "$missing" ] && [ -z "$left" ]; then
  pass "the server block's address, certificate, password file, log and upstream are the ones the chapter names"
else
  fail "the server block's address, certificate, password file, log and upstream are the ones the chapter names" \
    "not found:${missing:- none}; left: ${left:-none}"
fi
mkdir -p "$DIR/nginx/tmp"
printf '%s\n' "$server_block" >"$DIR/nginx/cms.conf"
{
  # The user directive makes sense only when the master runs as root; then the workers run as
  # root too, so they can read this run's private folder.
  [ "$(id -u)" = 0 ] && echo "user root;"
  cat <<EOF
worker_processes 1;
pid $DIR/nginx/nginx.pid;
error_log $DIR/nginx/error.log;
events { worker_connections 256; }
http {
    client_body_temp_path $DIR/nginx/tmp/body;
    proxy_temp_path $DIR/nginx/tmp/proxy;
    fastcgi_temp_path $DIR/nginx/tmp/fastcgi;
    uwsgi_temp_path $DIR/nginx/tmp/uwsgi;
    scgi_temp_path $DIR/nginx/tmp/scgi;
    access_log off;
    include $DIR/nginx/cms.conf;
}
EOF
} >"$DIR/nginx/nginx.conf"

NGINX_ARGS=(-p "$DIR/nginx" -c "$DIR/nginx/nginx.conf" -e "$DIR/nginx/error.log")
if nginx "${NGINX_ARGS[@]}" -t >"$DIR/nginx-t.log" 2>&1; then
  pass "nginx -t accepts the server block"
else
  abort "nginx -t accepts the server block" "$(grep -v '^$' "$DIR/nginx-t.log" | tail -3 | tr '\n' ' ')"
fi
nginx "${NGINX_ARGS[@]}" -g 'daemon off;' >"$DIR/nginx.out" 2>&1 &
NGINX_PID=$!
up=""
for _ in $(seq 100); do
  kill -0 "$NGINX_PID" 2>/dev/null || break
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 --cacert "$DIR/cms.crt" "$PUBLIC/ar/")
  if [ "$code" = 401 ]; then up=1; break; fi
  sleep 0.1
done
[ -n "$up" ] || abort "nginx answers on $PUBLIC" "$(tail -3 "$DIR/nginx/error.log" 2>/dev/null | tr '\n' ' ')"

# --- Through nginx -------------------------------------------------------------------------------
# proxied [curl args...]: the status; headers in $DIR/h, body in $DIR/b.
proxied() {
  rm -f "$DIR/h" "$DIR/b"
  curl -sS --cacert "$DIR/cms.crt" --max-time 60 -D "$DIR/h" -o "$DIR/b" -w '%{http_code}' "$@" 2>"$DIR/curl.err"
}
header() { grep -i "^$1:" "$DIR/h" 2>/dev/null | head -1 | cut -d: -f2- | tr -d '\r' | sed 's/^ *//'; }
sahel_json() { header content-type | grep -q '^application/json'; }
# nginx's own answers carry none of the headers sahel adds to every one of its answers.
from_sahel() { header permissions-policy | grep -q 'camera=()'; }

code=$(proxied "$PUBLIC/_edit/")
[ "$code" = 401 ] && header www-authenticate | grep -q '^Basic'
check "no password: /_edit/ is 401 with a Basic challenge" $? "got $code"
code=$(proxied "$PUBLIC/ar/")
[ "$code" = 401 ]
check "no password: /ar/ is 401" $? "got $code"
code=$(proxied -u "anna:not-$ANNA_PW" "$PUBLIC/_edit/")
[ "$code" = 401 ]
check "a wrong password: 401" $? "got $code"
code=$(proxied -u "omar:$ANNA_PW" "$PUBLIC/_edit/")
[ "$code" = 401 ]
check "another person's password: 401" $? "got $code"

code=$(proxied -u "anna:$ANNA_PW" "$PUBLIC/_edit/")
TOKEN=$(sed -n 's/.*<meta name="sahel-edit-token" content="\([0-9a-f]\{64\}\)">.*/\1/p' "$DIR/b" | head -1)
[ "$code" = 200 ] && [ -n "$TOKEN" ]
check "the right password: /_edit/ is 200 and the page holds the token" $? "got $code, token '${TOKEN:0:8}'"
code=$(proxied -u "omar:$OMAR_PW" "$PUBLIC/ar/")
[ "$code" = 200 ] && grep -q '<html' "$DIR/b"
check "a second person's own password (SHA-512 hash): /ar/ is 200" $? "got $code"

AUTH=(-u "anna:$ANNA_PW")
code=$(proxied "${AUTH[@]}" -H "X-Sahel-Edit-Token: $TOKEN" -H "Origin: $PUBLIC" \
  -H "Sec-Fetch-Site: same-origin" "$PUBLIC/_edit/api/site?ui=en")
[ "$code" = 200 ] && sahel_json && grep -q '"collections"' "$DIR/b"
check "API with the token and Origin $PUBLIC: 200" $? "got $code: $(head -c 200 "$DIR/b")"
code=$(proxied "${AUTH[@]}" -H "X-Sahel-Edit-Token: $TOKEN" -H "Origin: https://evil.example" \
  "$PUBLIC/_edit/api/site?ui=en")
[ "$code" = 403 ] && sahel_json
check "API with the token and Origin https://evil.example: 403 (sahel's)" $? "got $code"
code=$(proxied "${AUTH[@]}" -H "Origin: $PUBLIC" "$PUBLIC/_edit/api/site?ui=en")
[ "$code" = 403 ] && sahel_json
check "API without the token: 403 (sahel's)" $? "got $code"

head -c $((15 * 1024 * 1024)) /dev/zero >"$DIR/15mb.jpg"
code=$(proxied "${AUTH[@]}" -H "X-Sahel-Edit-Token: $TOKEN" -H "Origin: $PUBLIC" \
  -H "Content-Type: application/octet-stream" --data-binary "@$DIR/15mb.jpg" \
  "$PUBLIC/_edit/api/media?name=photo.jpg&ui=en")
from_sahel
check "a 15 MB upload passes nginx and reaches sahel" $? "got $code: $(head -c 200 "$DIR/b")"
[ "$code" = 422 ] && sahel_json
check "sahel takes the 15 MB upload in (422 for bytes that are no photo, not 413)" $? \
  "got $code: $(head -c 200 "$DIR/b")"
rm -f "$DIR/15mb.jpg"
head -c $((25 * 1024 * 1024)) /dev/zero >"$DIR/25mb.jpg"
code=$(proxied "${AUTH[@]}" -H "X-Sahel-Edit-Token: $TOKEN" -H "Origin: $PUBLIC" \
  -H "Content-Type: application/octet-stream" --data-binary "@$DIR/25mb.jpg" \
  "$PUBLIC/_edit/api/media?name=photo.jpg&ui=en")
[ "$code" = 413 ] && ! from_sahel
check "a 25 MB upload is refused by nginx (413)" $? "got $code"
rm -f "$DIR/25mb.jpg"

# The stream never ends: curl stops after 3 s (exit 28); the first event must be there by then.
rm -f "$DIR/h" "$DIR/b"
curl -sS -N --cacert "$DIR/cms.crt" --max-time 3 "${AUTH[@]}" -D "$DIR/h" -o "$DIR/b" \
  "$PUBLIC/__sahel/events" 2>/dev/null
header content-type | grep -q '^text/event-stream' && grep -q '^event: hello' "$DIR/b"
check "the event stream through nginx: text/event-stream, its first event at once" $? \
  "content-type '$(header content-type)', body '$(head -c 100 "$DIR/b" 2>/dev/null | tr '\n' ' ')'"

sleep 0.2 # nginx writes a request's log line when it ends
grep -q '^127\.0\.0\.1 - anna \[.*"GET /_edit/api/site?ui=en HTTP/1\.1" 200 ' "$DIR/access.log"
check "the access log names the person of each request" $? "$(tail -2 "$DIR/access.log" 2>/dev/null | tr '\n' ' ')"

# The password file is read on every request: a person added or removed counts without a reload.
SARA_PW="sara-$(openssl rand -hex 8)"
printf 'sara:%s\n' "$(openssl passwd -apr1 "$SARA_PW")" >>"$DIR/htpasswd"
grep -v '^omar:' "$DIR/htpasswd" >"$DIR/htpasswd.new" && cat "$DIR/htpasswd.new" >"$DIR/htpasswd"
code=$(proxied -u "sara:$SARA_PW" "$PUBLIC/ar/")
code2=$(proxied -u "omar:$OMAR_PW" "$PUBLIC/ar/")
[ "$code" = 200 ] && [ "$code2" = 401 ]
check "a person added to the password file signs in, a removed one cannot, without a reload" $? \
  "added: $code, removed: $code2"

# --- sahel's own port ----------------------------------------------------------------------------
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "Host: 127.0.0.1:$SAHEL_PORT" \
  "http://127.0.0.1:$SAHEL_PORT/ar/")
[ "$code" = 200 ]
check "sahel's port with Host 127.0.0.1:$SAHEL_PORT: 200" $? "got $code"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 -H "Host: cms.office.example" \
  "http://127.0.0.1:$SAHEL_PORT/_edit/")
[ "$code" = 403 ]
check "sahel's port with Host cms.office.example: 403" $? "got $code"

kill -0 "$SAHEL_PID" 2>/dev/null
check "sahel is still running" $? "$(tail -5 "$DIR/sahel.log" | tr '\n' ' ')"
finish
