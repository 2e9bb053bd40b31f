#!/usr/bin/env python3
"""Runs a command and reports the peak memory of its whole process tree (the command plus every
descendant, proportional set sizes summed at each sample), which GNU time's "maximum resident
set size" does not give: it reports the largest single process.

    bench/tree-rss.py [--interval S] -- COMMAND [ARGS...]

Prints `wall_s peak_tree_mib peak_main_mib` on stderr's last line; the command's exit status is
returned. Samples /proc every 100 ms by default (a short-lived peak between samples is missed).
Reading a large process's page summary slows it down (it takes the process's memory-map lock),
so the wall time printed is not a benchmark figure: time builds with run.sh, without sampling.
"""
import os
import subprocess
import sys
import time


def children_map():
    kids = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read().decode("latin-1")
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        kids.setdefault(ppid, []).append(int(pid))
    return kids


def rss_kib(pid):
    """The process's proportional set size: its resident pages, each shared page divided among
    the processes sharing it. Summed over a tree this counts every page once (resident set
    sizes count a page shared with a child just forked or spawned twice)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def tree(root):
    kids = children_map()
    out, todo = [], [root]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def main():
    args = sys.argv[1:]
    interval = 0.1
    if args[:1] == ["--interval"]:
        interval = float(args[1])
        args = args[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    if not args:
        sys.exit(__doc__)
    start = time.perf_counter()
    proc = subprocess.Popen(args)
    peak_tree = peak_main = 0
    while proc.poll() is None:
        pids = tree(proc.pid)
        total = sum(rss_kib(p) for p in pids)
        peak_tree = max(peak_tree, total)
        peak_main = max(peak_main, rss_kib(proc.pid))
        time.sleep(interval)
    wall = time.perf_counter() - start
    print(f"{wall:.3f} {peak_tree / 1024:.0f} {peak_main / 1024:.0f}", file=sys.stderr)
    sys.exit(proc.returncode)


if __name__ == "__main__":
    main()
