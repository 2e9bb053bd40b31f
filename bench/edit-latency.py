#!/usr/bin/env python3
"""One-post edit latency of `sahel serve`, measured as ../shared/bench/peers/incremental.py
measures hugo and zola, so the figures compare: start the dev server on 127.0.0.1, wait until
the middle English post is served, then TRIALS times append a unique marker paragraph to that
post's Markdown file and poll the served page over HTTP every 5 ms until the marker is in it.
Latency = from the write of the file to the first response holding the marker (the watcher's
debounce, the rebuild and the serving). The post is restored at the end.

    bench/edit-latency.py WORKDIR [--trials 5] [--port P]

WORKDIR is a site made by setup_sahel.sh. Prints one line like incremental.py's. All traffic
goes to 127.0.0.1 only; every loop is bounded.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

from serve_http import free_port, get, stop


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("workdir")
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--startup-timeout", type=float, default=600)
    a = ap.parse_args()
    w = os.path.abspath(a.workdir)
    version = open(os.path.join(w, "version.txt")).read().strip()
    build = open(os.path.join(w, "build.sh")).read()
    exe = build.split('exec "', 1)[1].split('"', 1)[0]

    blog = os.path.join(w, "content", "en", "blog")
    posts = sorted(f for f in os.listdir(blog) if f.endswith(".md") and not f.startswith("_"))
    target = posts[len(posts) // 2]
    slug = target[:-3]
    path = os.path.join(blog, target)
    original = open(path, "rb").read()
    pages = 2 * len(posts) + 2

    port = a.port or free_port()
    cmd = [exe, "serve", "--quiet", "--root", w, "--port", str(port)]
    url = f"http://127.0.0.1:{port}/en/blog/{slug}/"
    subprocess.run([os.path.join(w, "clean.sh")], check=True)
    log = open(os.path.join(w, "serve-sahel.log"), "w")
    proc = subprocess.Popen(cmd, cwd=w, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    lat = []
    try:
        t0 = time.monotonic()
        while get(url) is None:
            if proc.poll() is not None:
                sys.exit(f"server exited rc={proc.returncode}; see {log.name}")
            if time.monotonic() - t0 > a.startup_timeout:
                sys.exit("server did not serve the page in time")
            time.sleep(0.2)
        startup = time.monotonic() - t0
        time.sleep(2)  # let the watcher settle
        for k in range(a.trials):
            marker = f"incremental-marker-{os.getpid()}-{k}"
            data = original + f"\n\n{marker}\n".encode()
            t0 = time.monotonic()
            with open(path, "wb") as fh:
                fh.write(data)
            while True:
                body = get(url)
                if body is not None and marker in body:
                    lat.append(time.monotonic() - t0)
                    break
                if time.monotonic() - t0 > 60:
                    lat.append(float("nan"))
                    break
                time.sleep(0.005)
            time.sleep(1.5)  # let any trailing rebuild finish
    finally:
        with open(path, "wb") as fh:
            fh.write(original)
        time.sleep(1.5)
        stop(proc)
        subprocess.run([os.path.join(w, "clean.sh")])
    good = [x for x in lat if x == x]
    if not good:
        sys.exit("no edit was served within 60 s")
    print(f"sahel {version} {pages} startup_s={startup:.2f} trials={len(lat)} "
          f"median_s={statistics.median(good):.3f} min_s={min(good):.3f} max_s={max(good):.3f} "
          f"all={' '.join(f'{x:.3f}' for x in lat)}")


if __name__ == "__main__":
    main()
