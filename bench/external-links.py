#!/usr/bin/env python3
"""`sahel check --external` on the shipped site plus LINKS distinct outbound links on HOSTS
hosts, each host a local server that answers after DELAY ms (127.0.0.1 to 127.0.0.HOSTS, the
loopback range: no internet, nothing leaves the machine). Runs the check twice: the first run
asks every link; the second, on the unchanged site, must answer from the cache.

    bench/external-links.py [--links 500] [--hosts 60] [--delay-ms 100] [--sahel target/release/sahel]

Prints each run's wall time, the report's summary, and the requests the servers received.
Exits 1 when a run fails, the first takes a minute or more, or the second asks anything.
"""
import argparse
import http.server
import json
import os
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Handler(http.server.BaseHTTPRequestHandler):
    delay = 0.1
    counts = {}
    lock = threading.Lock()

    def answer(self, body):
        with Handler.lock:
            Handler.counts[self.command] = Handler.counts.get(self.command, 0) + 1
        time.sleep(Handler.delay)
        page = b"<html><body><h2 id=\"fees\">Fees</h2></body></html>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        if body:
            self.wfile.write(page)

    def do_HEAD(self):
        self.answer(False)

    def do_GET(self):
        self.answer(True)

    def log_message(self, *args):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--links", type=int, default=500)
    ap.add_argument("--hosts", type=int, default=60)
    ap.add_argument("--delay-ms", type=int, default=100)
    ap.add_argument("--sahel", default=os.path.join(ROOT, "target", "release", "sahel"))
    a = ap.parse_args()
    if not 1 <= a.hosts <= 250:
        sys.exit("--hosts must be between 1 and 250")
    Handler.delay = a.delay_ms / 1000

    servers = []
    port = None
    for i in range(1, a.hosts + 1):
        s = Server((f"127.0.0.{i}", port or 0), Handler)
        port = s.server_address[1]
        threading.Thread(target=s.serve_forever, daemon=True).start()
        servers.append(s)

    work = tempfile.mkdtemp(prefix="sahel-links-")
    try:
        site = os.path.join(work, "site")
        os.makedirs(site)
        shutil.copytree(os.path.join(ROOT, "content"), os.path.join(site, "content"))
        toml = open(os.path.join(ROOT, "site.toml"), encoding="utf-8").read()
        toml = toml.replace('[paths]\n', f'[paths]\napp = {json.dumps(ROOT)}\ntemplates = {json.dumps(os.path.join(ROOT, "templates"))}\n', 1) \
            if "[paths]\n" in toml else toml + f'\n[paths]\napp = {json.dumps(ROOT)}\ntemplates = {json.dumps(os.path.join(ROOT, "templates"))}\n'
        open(os.path.join(site, "site.toml"), "w", encoding="utf-8").write(toml)
        # The links in an English post (a translation: editing it leaves the Arabic source's
        # record as it is), one in five with an anchor.
        for lang, part in (("en", 0),):
            blog = os.path.join(site, "content", lang, "blog")
            post = os.path.join(blog, sorted(f for f in os.listdir(blog) if f.endswith(".md"))[0])
            lines = []
            for n in range(part, a.links):
                host = f"127.0.0.{n % a.hosts + 1}"
                anchor = "#fees" if n % 5 == 0 else ""
                lines.append(f"\n[{n}](http://{host}:{port}/page/{n}{anchor})\n")
            with open(post, "a", encoding="utf-8") as f:
                f.write("".join(lines))

        def run(label):
            before = dict(Handler.counts)
            start = time.monotonic()
            p = subprocess.run([a.sahel, "check", "--external", "--allow-private", "--format", "json"],
                               cwd=site, capture_output=True, text=True, env={**os.environ, "SAHEL_LANG": "en"})
            took = time.monotonic() - start
            if p.returncode != 0:
                print(p.stderr[-3000:], file=sys.stderr)
                sys.exit(f"{label}: sahel check exited {p.returncode}")
            summary = json.loads(p.stdout)["summary"]
            asked = sum(Handler.counts.values()) - sum(before.values())
            print(f"{label}: {took:.2f} s, {summary['links']} links on {summary['hosts']} hosts, "
                  f"{summary['ok']} ok, {summary['cached']} from the cache, {asked} requests received")
            return took, summary, asked

        first, s1, _ = run("first run")
        second, s2, asked2 = run("second run")
        if s1["links"] < a.links or s1["ok"] < a.links:
            sys.exit(f"expected {a.links} ok links, got {s1}")
        if first >= 60:
            sys.exit(f"the first run took {first:.1f} s (the goal is under a minute)")
        if asked2 != 0 or second >= 1:
            sys.exit(f"the second run asked {asked2} requests in {second:.2f} s (the goal: none, under a second)")
    finally:
        for s in servers:
            s.shutdown()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
