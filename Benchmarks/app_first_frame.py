"""The app's first frame from a warm cache with the server down, against a `details` cache hit
(Docs/Performance.md, "The terminal app"); numbers only, never asserted.

The cache is warmed against the reference server (the app opened once until its list shows,
and `details 25`), then the server is stopped: its port is closed. Then, interleaved, RUNS times each:
- `rocket-reserver details 25`: a cache hit, timed from spawn to exit;
- `rocket-reserver app` in a pseudo-terminal of 80x24: timed from spawn until the first frame
  with the cached launches has been written (its title row's position, "1/N", and the status
  line's "? help" have both arrived); then `q` quits it (not timed).

    python3 Benchmarks/app_first_frame.py --client NAME=BIN [--client NAME=BIN]... --server BIN
                                          [--runs 30] [--markdown]
"""
import argparse
import fcntl
import os
import re
import select
import shutil
import statistics
import struct
import subprocess
import tempfile
import termios
import time

from live_bench import start_server  # the reference server on a free loopback port

POSITION = re.compile(rb"1/\d+")


def environment(home, endpoint):
    return {
        "PATH": "/usr/bin:/bin", "HOME": home, "ROCKET_RESERVER_HOME": home, "ROCKET_RESERVER_ENDPOINT": endpoint,
        "TERM": "xterm-256color", "NO_COLOR": "1", "LANG": "C.UTF-8",
    }


def app_first_frame(binary, env, deadline=20.0):
    """Seconds from spawn to the first frame with launches; the app is then quit."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    start = time.perf_counter()
    process = subprocess.Popen([binary, "app"], stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    seen = b""
    shown = None
    try:
        while time.perf_counter() - start < deadline:
            ready, _, _ = select.select([master], [], [], 1.0)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
            if POSITION.search(seen) and b"? help" in seen:
                shown = time.perf_counter() - start
                break
        os.write(master, b"q")
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    finally:
        # Drain what is left so the app never blocks on a full pseudo-terminal while quitting.
        try:
            while select.select([master], [], [], 0)[0] and os.read(master, 65536):
                pass
        except OSError:
            pass
        os.close(master)
    if shown is None:
        raise SystemExit(f"app_first_frame: {binary} app showed no launches within {deadline:.0f} s")
    return shown


def details_hit(binary, env):
    start = time.perf_counter()
    result = subprocess.run([binary, "details", "25"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"app_first_frame: details 25 failed ({result.returncode}): {result.stderr.decode()[:200]}")
    return elapsed


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--client", action="append", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    clients = [entry.split("=", 1) for entry in args.client]
    rows = []
    for name, binary in clients:
        home = tempfile.mkdtemp(prefix="rocket-reserver-app-bench-")
        try:
            server, endpoint = start_server(args.server)
            env = environment(home, endpoint)
            try:
                app_first_frame(binary, env)  # caches the first page, as the app asks for it
                details_hit(binary, env)  # caches launch 25's details
            finally:
                server.terminate()
                server.wait()
            # The server is down now: its port is closed.
            for _ in range(2):
                app_first_frame(binary, env)
                details_hit(binary, env)
            frames, hits = [], []
            for _ in range(args.runs):
                frames.append(app_first_frame(binary, env))
                hits.append(details_hit(binary, env))
            rows.append((name, statistics.median(hits) * 1000, statistics.median(frames) * 1000))
        finally:
            shutil.rmtree(home, ignore_errors=True)
    print(f"The app's first frame, warm cache, server down ({args.runs} runs each, interleaved, medians)")
    if args.markdown:
        print("| build | `details 25` cache hit | `app` first frame | ratio (target ≤ 2.0) |")
        print("|---|---|---|---|")
    for name, hit, frame in rows:
        ratio = frame / hit
        if args.markdown:
            print(f"| {name} | {hit:.1f} ms | {frame:.1f} ms | {ratio:.2f}× |")
        else:
            print(f"  {name:8} details cache hit {hit:7.1f} ms   app first frame {frame:7.1f} ms   ratio {ratio:.2f}x (target <= 2.0)")


if __name__ == "__main__":
    main()
