"""What the `serve` latency benchmarks (edit-latency.py, photo-latency.py) share: a GET on
127.0.0.1 that never raises, a free local port, and stopping the server's process group."""
import os
import signal
import socket
import subprocess
import urllib.request


def get(url, timeout=5):
    """The body of `url`, or None if it cannot be fetched."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.read().decode("utf-8", "replace")
    except Exception:
        return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(proc):
    """Interrupts the server started with start_new_session=True (as Ctrl-C would), then kills
    it if it is still there after 10 s."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
