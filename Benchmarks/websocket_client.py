"""The WebSocket benchmark's table (Docs/Performance.md): round trips (p50, p99) and pipelined
echoed messages per second, 100 B and 64 KiB, and server push, for the Python websockets client
against the websockets echo peer (Tests/WebSocketTests/Peers/websockets_peer.py), started as a
child. Numbers only, never asserted; run from the package root.

With --swift-bench BIN (rocket-reserver-websocket-bench) it is the whole benchmark: for each of
--rounds rounds it runs that program (this client's numbers against an in-process echo server
and against the same peer) and then its own measurements, one after the other, and prints the
median of every cell over the rounds.

    Benchmarks/.venv/bin/python Benchmarks/websocket_client.py [--quick]
    Benchmarks/.venv/bin/python Benchmarks/websocket_client.py --swift-bench BIN [--rounds 3] [--quick]
"""
import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import time

from websockets.asyncio.client import connect

HEADER = "| peer | message | round trip p50 (ms) | p99 (ms) | echoed messages/s (pipelined) |"


def label(size):
    return "100 B" if size == 100 else "64 KiB"


async def measure(url, size, quick):
    payload = bytes(i & 0xFF for i in range(size))
    round_trips = 200 if quick else (5000 if size == 100 else 1000)
    count = 1000 if quick else (50000 if size == 100 else 5000)
    async with connect(url, max_size=None, compression=None, ping_interval=None) as ws:
        for _ in range(50):
            await ws.send(payload)
            await ws.recv()
        latencies = []
        for _ in range(round_trips):
            start = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            latencies.append(time.perf_counter() - start)
        latencies.sort()

        async def sender():
            for _ in range(count):
                await ws.send(payload)

        start = time.perf_counter()
        task = asyncio.create_task(sender())
        for _ in range(count):
            await ws.recv()
        await task
        elapsed = time.perf_counter() - start
    p50 = latencies[int(len(latencies) * 0.5)] * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    return f"| Python websockets client → Python websockets | {label(size)} | {p50:.3f} | {p99:.3f} | {int(count / elapsed)} |"


async def push(base, size, quick):
    count = 1000 if quick else (100000 if size == 100 else 10000)
    async with connect(f"{base}/push/{count}/{size}", max_size=None, compression=None, ping_interval=None) as ws:
        start = time.perf_counter()
        for _ in range(count):
            await ws.recv()
        elapsed = time.perf_counter() - start
    return f"| Python websockets client ← Python websockets | server push, {label(size)} | | | {int(count / elapsed)} received |"


async def python_rows(quick):
    peer = subprocess.Popen([sys.executable, "Tests/WebSocketTests/Peers/websockets_peer.py"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    port = int(peer.stdout.readline().decode().split()[-1])
    rows = []
    try:
        for size in (100, 64 * 1024):
            rows.append(await measure(f"ws://127.0.0.1:{port}/echo", size, quick))
        for size in (100, 64 * 1024):
            rows.append(await push(f"ws://127.0.0.1:{port}", size, quick))
    finally:
        peer.stdin.close()
        peer.wait()
    return rows


def swift_rows(binary, quick):
    argv = [binary, "--python", sys.executable] + (["--quick"] if quick else [])
    output = subprocess.run(argv, stdout=subprocess.PIPE, check=True).stdout.decode()
    return [line for line in output.splitlines() if line.startswith("| ") and not line.startswith("| peer ")]


def cells(row):
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def median_rows(rounds):
    """One row per (peer, message), each numeric cell the median over the rounds."""
    table = {}
    for rows in rounds:
        for row in rows:
            parts = cells(row)
            table.setdefault((parts[0], parts[1]), []).append(parts[2:])
    out = []
    for (peer, message), samples in table.items():
        merged = []
        for column in zip(*samples):
            numbers = [float(value.split()[0]) for value in column if value]
            suffix = " received" if any(value.endswith("received") for value in column) else ""
            if not numbers:
                merged.append("")
            elif all(value.split()[0].isdigit() for value in column if value):
                merged.append(f"{int(statistics.median(numbers)):,}{suffix}")
            else:
                merged.append(f"{statistics.median(numbers):.3f}")
        out.append("| " + " | ".join([peer, message] + merged) + " |")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer messages: a smoke run")
    parser.add_argument("--swift-bench", help="rocket-reserver-websocket-bench, to run this client's side too")
    parser.add_argument("--rounds", type=int, default=3, help="rounds with --swift-bench (default 3)")
    args = parser.parse_args()
    if not args.swift_bench:
        print(HEADER)
        print("|---|---|---|---|---|")
        for row in asyncio.run(python_rows(args.quick)):
            print(row)
        return
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    rounds = []
    for _ in range(args.rounds):
        rounds.append(swift_rows(args.swift_bench, args.quick) + asyncio.run(python_rows(args.quick)))
    print(f"WebSocket, loopback: median of {args.rounds} rounds (this client, then Python's, each round); "
          f"load average {load} at start, {' '.join(f'{x:.2f}' for x in os.getloadavg())} at end.\n")
    print(HEADER)
    print("|---|---|---|---|---|")
    for row in median_rows(rounds):
        print(row)


if __name__ == "__main__":
    main()
