#!/usr/bin/env python3
"""How long a photo an editor drops into content/media/ takes to appear, resized, in the open
page under `sahel serve`: TRIALS times, copy a new 12-megapixel JPEG (examples/gen-photos.rs)
into the media folder, then link it from the golden visa post (`![...](/media/new-K.jpg)`), and
poll the served post every 5 ms until it shows the photo as a <picture> whose AVIF copies are
served. Latency = from the photo's write to the first copy served (the watcher, the copies'
encoding, the rebuild and the serving).

    bench/photo-latency.py SITE [--trials 3]

SITE is a copy of the site to edit (scripts/build-team-fixture.sh leaves one in
target/team-site; it is restored at the end). Uses the release build. Traffic goes to
127.0.0.1 only; every loop is bounded.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from serve_http import free_port, get, stop

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("--trials", type=int, default=3)
    a = ap.parse_args()
    site = os.path.abspath(a.site)
    exe = os.path.join(HERE, "target/release/sahel")
    photos = tempfile.mkdtemp(prefix="sahel-photos-")
    subprocess.run(["cargo", "run", "--release", "--quiet", "--example", "gen-photos", "--",
                    photos, str(a.trials + 1)], cwd=HERE, check=True)
    post = os.path.join(site, "content/en/blog/golden-visa-guide.md")
    original = open(post, "rb").read()
    media = os.path.join(site, "content/media")
    os.makedirs(media, exist_ok=True)
    port = free_port()
    url = f"http://127.0.0.1:{port}/en/blog/golden-visa-guide/"
    log = open(os.path.join(photos, "serve.log"), "w")
    proc = subprocess.Popen([exe, "serve", "--quiet", "--root", site, "--port", str(port)],
                            cwd=site, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    lat, added = [], []
    try:
        t0 = time.monotonic()
        while get(url) is None:
            if proc.poll() is not None or time.monotonic() - t0 > 300:
                sys.exit(f"the server did not start; see {log.name}")
            time.sleep(0.2)
        time.sleep(2)
        for k in range(a.trials):
            name = f"new-{os.getpid()}-{k}.jpg"
            source = os.path.join(photos, f"photo-{k + 1:02}.jpg")
            t0 = time.monotonic()
            shutil.copyfile(source, os.path.join(media, name))
            added.append(os.path.join(media, name))
            with open(post, "ab") as fh:
                fh.write(f"\n\n![A new photo {k}](/media/{name})\n".encode())
            found = None
            while time.monotonic() - t0 < 60 and found is None:
                body = get(url) or ""
                # The picture whose <img> (its src is the fallback copy) has this photo's alt.
                m = re.search(r'<source type="image/avif" srcset="(/media/_v/[^ "]+)[^>]*>'
                              r'(?:<source[^>]*>)*<img [^>]*alt="A new photo ' + str(k) + '"', body)
                if m and get(f"http://127.0.0.1:{port}{m.group(1)}", timeout=5) is not None:
                    found = time.monotonic() - t0
                else:
                    time.sleep(0.005)
            lat.append(found if found is not None else float("nan"))
            time.sleep(1.5)
    finally:
        with open(post, "wb") as fh:
            fh.write(original)
        for f in added:
            if os.path.exists(f):
                os.remove(f)
        time.sleep(1.5)
        stop(proc)
        shutil.rmtree(photos, ignore_errors=True)
    good = [x for x in lat if x == x]
    if not good:
        sys.exit("no photo appeared within 60 s")
    print(f"12-megapixel photo to served copies: trials={len(lat)} median_s={statistics.median(good):.3f} "
          f"min_s={min(good):.3f} max_s={max(good):.3f} all={' '.join(f'{x:.3f}' for x in lat)}")


if __name__ == "__main__":
    main()
