#!/usr/bin/env python3
"""The cache at any size (issue: "A cache that scales"): the CLI with a small and a large cache,
side by side in one run, each a separate process, interleaved (A, B, A, B, ...).

- `details 5` from the cache and `details 5 --force-reload`, with 110 cached launches and with
  N (default 100,000): wall time and peak RSS (ru_maxrss);
- `launches --all --page-size 50` over 2,000 and 10,000 launches (each against its own
  server), and a Python `http.client` loop that follows the same cursors over one keep-alive
  connection (Benchmarks/cursor_walk.py);
- curl's one request for the same details (the small-cache hit is compared with it).

Numbers are printed, never asserted. Standard library only; builds nothing.

    cache_scale.py --client [NAME=]BIN [--client ...] --server BIN [--curl BIN] [--big 100000]
                   [--walks 2000,10000] [--runs 15] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench  # noqa: E402  (the launcher, contenders, server start-up and rendering)

DETAILS = bench.DOCUMENTS["LaunchDetails"]


def make_dataset(path, count):
    """`count` launches shaped like the bundled ones: ids 1…count, newest last."""
    sites = ["Cape Meridian LC-12", "Vandal Ridge SLC-4", "Kestrel Atoll Pad A", "Boca Verde Pad 1"]
    launches = []
    for ordinal in range(1, count + 1):
        day, minute = divmod(ordinal * 37, 1440)
        year, day = divmod(day, 360)
        launches.append({
            "id": str(ordinal),
            "date": f"{2000 + year:04d}-{day // 30 + 1:02d}-{day % 30 + 1:02d}T{minute // 60:02d}:{minute % 60:02d}:00Z",
            "site": sites[ordinal % len(sites)],
            "mission": {
                "name": f"Mission {ordinal}",
                "missionPatchSmall": f"https://images.rocketreserver.invalid/patches/{ordinal}-small.png",
                "missionPatchLarge": f"https://images.rocketreserver.invalid/patches/{ordinal}-large.png",
            },
            "rocket": {"id": "falcon9", "name": "Falcon 9", "type": "FT"},
        })
    with open(path, "w") as handle:
        json.dump({"launches": launches}, handle)


class Server:
    """A reference server on its own dataset, a client home for each client, logged out."""

    def __init__(self, server_bin, workdir, count):
        self.count = count
        self.folder = os.path.join(workdir, f"server-{count}")
        os.makedirs(self.folder)
        data = None
        if count != 110:
            data = os.path.join(self.folder, "launches.json")
            make_dataset(data, count)
        self.process, self.endpoint = start_server(server_bin, self.folder, data)

    def home(self, client_name):
        return os.path.join(self.folder, f"home-{client_name}")

    def stop(self):
        bench.stop_server(self.process)


def start_server(server_bin, folder, data):
    """bench.start_server, with `--data` when given."""
    if data is None:
        return bench.start_server(server_bin, folder)
    original = bench.subprocess.Popen

    def popen(argv, **kwargs):
        return original(list(argv) + ["--data", data], **kwargs)

    bench.subprocess.Popen = popen
    try:
        return bench.start_server(server_bin, folder)
    finally:
        bench.subprocess.Popen = original


def fill(client, server, name):
    """Caches every launch of `server` in the client's home (pages of 1,000)."""
    env = bench.client_env(server.endpoint, server.home(name))
    bench.run_checked([client, "launches", "--all", "--page-size", "1000", "--max-pages", "1000", "--json"], env,
                      f"filling the cache with {server.count} launches")
    bench.run_checked([client, "details", "5", "--json"], env, "warming details 5")
    info = json.loads(bench.run_checked([client, "cache", "info", "--json"], env, "cache info"))
    return info


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--client", action="append", required=True, help="[NAME=]BIN of a rocket-reserver build")
    parser.add_argument("--server", required=True)
    parser.add_argument("--curl", default=shutil.which("curl"))
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--walks", default="2000,10000")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    clients = []
    for text in args.client:
        name, _, path = text.rpartition("=")
        clients.append((name or os.path.basename(path), os.path.abspath(path)))
    walks = [int(part) for part in args.walks.split(",") if part]

    bench.SPAWNER = bench.Launcher()
    workdir = tempfile.mkdtemp(prefix="rocket-reserver-cache-scale-")
    servers = []
    try:
        small, big = Server(args.server, workdir, 110), Server(args.server, workdir, args.big)
        servers += [small, big]
        infos = {}
        for name, client in clients:
            for server in (small, big):
                infos[(name, server.count)] = fill(client, server, name)

        contenders = []
        for name, client in clients:
            for server in (small, big):
                env = bench.client_env(server.endpoint, server.home(name))
                contenders.append(bench.Contender(f"{name}: details 5, cache hit, {server.count:,} cached", [client, "details", "5"], env))
                contenders.append(bench.Contender(f"{name}: details 5 --force-reload, {server.count:,} cached",
                                                  [client, "details", "5", "--force-reload"], env))
        body = os.path.join(workdir, "details.json")
        with open(body, "w") as handle:
            json.dump({"operationName": "LaunchDetails", "query": DETAILS, "variables": {"launchId": "5"}}, handle)
        if args.curl:
            contenders.append(bench.Contender("curl: the same details request", [
                args.curl, "-sS", "--fail", "-o", "/dev/null", "-X", "POST", "-H", "Content-Type: application/json",
                "-H", "Accept: application/json", "--data-binary", f"@{body}", small.endpoint], dict(os.environ)))
        bench.interleave(contenders, args.runs, workdir)
        rows = [[c.name, bench.fmt_ms(c.median_ms()), bench.fmt_ms(c.p90_ms()), bench.fmt_mib(c.median_rss_mib()),
                 f"{c.failures} failed" if c.failures else ""] for c in contenders]
        notes = [f"{name}, {count:,} launches cached: {info['records']:,} records, {info['bytes']:,} bytes"
                 for (name, count), info in sorted(infos.items())]
        for name, _ in clients:
            by_name = {c.name: c for c in contenders}
            for kind in ("details 5, cache hit", "details 5 --force-reload"):
                small_c = by_name[f"{name}: {kind}, {small.count:,} cached"]
                big_c = by_name[f"{name}: {kind}, {big.count:,} cached"]
                notes.append(f"{name} {kind}: {big.count:,} / 110 = {big_c.median_ms() / small_c.median_ms():.2f}× time, "
                             f"+{big_c.median_rss_mib() - small_c.median_rss_mib():.1f} MiB peak RSS")
            if args.curl:
                hit = by_name[f"{name}: details 5, cache hit, {small.count:,} cached"]
                notes.append(f"{name} small-cache hit / curl's request = {hit.median_ms() / contenders[-1].median_ms():.2f}×")
        print(bench.render(f"Cache at any size: {args.runs} runs each, interleaved", ["contender", "median", "p90", "peak RSS", ""],
                           rows, notes, args.markdown))

        # launches --all over two dataset sizes, and the keep-alive Python loop over the same cursors.
        walk_servers = [Server(args.server, workdir, count) for count in walks]
        servers += walk_servers
        contenders = []
        for server in walk_servers:
            for name, client in clients:
                env = bench.client_env(server.endpoint, server.home(name))
                bench.run_checked([client, "launches", "--all", "--page-size", "50", "--max-pages", "1000", "--json"], env, "warming the walk")
                contenders.append(bench.Contender(f"{name}: launches --all --page-size 50, {server.count:,} launches",
                                                  [client, "launches", "--all", "--page-size", "50", "--max-pages", "1000", "--json"], env))
            contenders.append(bench.Contender(f"python http.client keep-alive loop, {server.count:,} launches",
                                              [sys.executable, "-E", "-s", os.path.join(HERE, "cursor_walk.py"), server.endpoint, "50"], {}))
        runs = max(3, args.runs // 3)
        bench.interleave(contenders, runs, workdir, warmups=1)
        rows = [[c.name, bench.fmt_ms(c.median_ms()), bench.fmt_ms(c.p90_ms()), bench.fmt_mib(c.median_rss_mib()),
                 f"{c.failures} failed" if c.failures else ""] for c in contenders]
        by_name = {c.name: c for c in contenders}
        notes = []
        if len(walks) >= 2:
            low, high = walks[0], walks[-1]
            for name, _ in clients:
                a = by_name[f"{name}: launches --all --page-size 50, {low:,} launches"]
                b = by_name[f"{name}: launches --all --page-size 50, {high:,} launches"]
                notes.append(f"{name}: {high:,} / {low:,} launches = {b.median_ms() / a.median_ms():.2f}× time ({high / low:.0f}× the launches)")
            for name, _ in clients:
                for count in walks:
                    a = by_name[f"{name}: launches --all --page-size 50, {count:,} launches"]
                    p = by_name[f"python http.client keep-alive loop, {count:,} launches"]
                    notes.append(f"{name} / python loop at {count:,}: {a.median_ms() / p.median_ms():.2f}×")
        print(bench.render(f"launches --all: {runs} runs each, interleaved (warm cache)", ["contender", "median", "p90", "peak RSS", ""],
                           rows, notes, args.markdown))
    finally:
        for server in servers:
            server.stop()
        bench.SPAWNER.close()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    try:
        main()
    except bench.Failure as failure:
        print(f"cache_scale: {failure}", file=sys.stderr)
        sys.exit(1)
