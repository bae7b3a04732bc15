#!/usr/bin/env python3
"""The client comparison (Docs/Performance.md, "Kept-alive connections (issue 18)"): 1,000
LaunchDetails queries at once against the reference server, through one GraphQLClient over
three transports, each contender a process of its own (so its threads and peak RSS are its
own): SocketHTTPSession (this project's), URLSession (GraphQLURLSession) and AsyncHTTPClient.

Rounds are interleaved (the order rotates each round); each process warms up (110 queries, then
one unrecorded batch), runs --batches timed batches and reports them with its peak thread count
(sampled every millisecond from /proc/self/task) and its peak RSS (VmHWM). Medians over every
timed batch of every round. Numbers are printed, never asserted. Standard library only.

    compare.py --server BIN --contender NAME=BIN [--contender ...] [--bench ROCKET_RESERVER_BENCH]
               [--rounds 5] [--batches 3] [--queries 1000] [--modes client,session] [--markdown]

The first contender is the one the others are compared with (SocketHTTPSession in Scripts/bench).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import bench  # noqa: E402  (server start-up, rendering)

TARGETS = {"URLSession": ("≥ 2×", 2.0), "AsyncHTTPClient": ("≥ 1.0×", 1.0)}
THREAD_BOUND = 16


def run_contender(binary, endpoint, args, mode):
    """One process: returns its JSON report (with its wall and CPU seconds per batch)."""
    argv = [binary, "--endpoint", endpoint, "--queries", str(args.queries), "--batches", str(args.batches), "--mode", mode]
    result = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, timeout=900)
    lines = result.stdout.decode("utf-8", "replace").strip().splitlines()
    if not lines:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise bench.Failure(f"{os.path.basename(binary)} printed nothing (exit {result.returncode}): {message[-1] if message else ''}")
    report = json.loads(lines[-1])
    if result.returncode != 0:
        raise bench.Failure(f"{report.get('contender')}: {report.get('warm_up_failure', 'exit ' + str(result.returncode))}")
    return report


def check_documents(contenders, bench_bin):
    """Every contender renders the LaunchDetails text the root's generated code sends."""
    expected = None
    if bench_bin:
        expected = json.loads(subprocess.run([bench_bin, "--print-documents"], stdout=subprocess.PIPE, check=True).stdout)["LaunchDetails"]
    texts = {name: subprocess.run([binary, "--print-document"], stdout=subprocess.PIPE, check=True).stdout.decode().strip()
             for name, binary in contenders}
    if len(set(texts.values())) != 1 or (expected is not None and expected not in texts.values()):
        raise bench.Failure(f"the contenders' LaunchDetails documents differ: {texts} (expected {expected!r})")
    return "the request's document is the generated LaunchDetails text" + (" (checked against rocket-reserver-bench)" if expected else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", required=True, help="the release rocket-reserver-server binary")
    parser.add_argument("--contender", action="append", required=True, metavar="NAME=BIN")
    parser.add_argument("--bench", help="rocket-reserver-bench, to check the query text against the generated one")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batches", type=int, default=3)
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--modes", default="client,session")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    contenders = [tuple(text.split("=", 1)) for text in args.contender]
    modes = [mode for mode in args.modes.split(",") if mode]
    document_note = check_documents(contenders, args.bench)

    workdir = tempfile.mkdtemp(prefix="rocket-reserver-compare-")
    load_start = " ".join(f"{x:.2f}" for x in os.getloadavg())
    server = None
    reports = {(name, mode): [] for name, _ in contenders for mode in modes}
    try:
        server, endpoint = bench.start_server(args.server, workdir)
        for round_index in range(args.rounds):
            shift = round_index % len(contenders)
            for name, binary in contenders[shift:] + contenders[:shift]:
                for mode in modes:
                    reports[(name, mode)].append(run_contender(binary, endpoint, args, mode))
    finally:
        if server is not None:
            bench.stop_server(server)
        shutil.rmtree(workdir, ignore_errors=True)
    load_end = " ".join(f"{x:.2f}" for x in os.getloadavg())

    print(f"Machine: {os.cpu_count()} CPUs; load average {load_start} at start, {load_end} at end.\n")
    base_name = contenders[0][0]
    for mode in modes:
        rows, rates = [], {}
        for name, _ in contenders:
            runs = reports[(name, mode)]
            walls = [w for r in runs for w in r["wall_seconds"]]
            cpus = [c for r in runs for c in r["cpu_seconds"]]
            wall = statistics.median(walls)
            rates[name] = args.queries / wall
            threads = max(r["threads_peak"] for r in runs)
            rss = [r["rss_peak_kib"] / 1024 for r in runs]
            failures = sum(r["failures"] for r in runs)
            rows.append([name, str(len(walls)), bench.fmt_ms(wall * 1000), f"{rates[name]:,.0f}",
                         f"{statistics.median(cpus) / args.queries * 1e6:.0f}", f"{min(r['threads_at_start'] for r in runs)}",
                         str(threads), f"{statistics.median(rss):.1f} MiB", f"{max(rss):.1f} MiB", str(failures)])
        notes = []
        for name, _ in contenders[1:]:
            ratio = rates[base_name] / rates[name]
            target, bound = TARGETS.get(name, ("", None))
            verdict = f" (target {target}: {bench.verdict(ratio >= bound)})" if bound else ""
            notes.append(f"{base_name} q/s ÷ {name} q/s: {ratio:.2f}×{verdict}")
        base_threads = max(r["threads_peak"] for r in reports[(base_name, mode)])
        notes.append(f"{base_name} peak threads {base_threads} (target ≤ {THREAD_BOUND}: {bench.verdict(base_threads <= THREAD_BOUND)})")
        notes.append(document_note)
        failed = [r.get("first_failure") for name, _ in contenders for r in reports[(name, mode)] if r.get("first_failure")]
        if failed:
            notes.append(f"first failure: {failed[0]}")
        what = ("through one GraphQLClient (standard chain, network-only, answers normalized into an in-memory cache)"
                if mode == "client" else "bare POSTs through the transport, each answer parsed to check its id")
        title = (f"{args.queries:,} LaunchDetails queries at once, {what}: {args.rounds} rounds × {args.batches} batches, "
                 "each contender its own process, interleaved")
        header = ["transport", "batches", "median wall", "q/s", "CPU µs/query", "threads at start", "peak threads",
                  "median peak RSS", "max peak RSS", "failures"]
        print(bench.render(title, header, rows, notes, args.markdown))


if __name__ == "__main__":
    try:
        main()
    except bench.Failure as error:
        print(f"compare.py: {error}", file=sys.stderr)
        sys.exit(1)
