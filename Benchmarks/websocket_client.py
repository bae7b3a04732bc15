"""The Python websockets client's numbers for the WebSocket benchmark's table (Docs/Performance.md):
round trips (p50, p99) and pipelined echoed messages per second, 100 B and 64 KiB, against the
websockets echo peer (Tests/WebSocketTests/Peers/websockets_peer.py), both in this process's
event loop's peer started as a child. Numbers only.

    Benchmarks/.venv/bin/python Benchmarks/websocket_client.py [--quick]
"""
import asyncio
import subprocess
import sys
import time

from websockets.asyncio.client import connect


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
    label = "100 B" if size == 100 else "64 KiB"
    print(f"| Python websockets client → Python websockets | {label} | {p50:.3f} | {p99:.3f} | {int(count / elapsed)} |")


async def push(base, size, quick):
    count = 1000 if quick else (100000 if size == 100 else 10000)
    async with connect(f"{base}/push/{count}/{size}", max_size=None, compression=None, ping_interval=None) as ws:
        start = time.perf_counter()
        for _ in range(count):
            await ws.recv()
        elapsed = time.perf_counter() - start
    label = "100 B" if size == 100 else "64 KiB"
    print(f"| Python websockets client ← Python websockets | server push, {label} | | | {int(count / elapsed)} received |")


async def main():
    quick = "--quick" in sys.argv
    peer = subprocess.Popen([sys.executable, "Tests/WebSocketTests/Peers/websockets_peer.py"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    port = int(peer.stdout.readline().decode().split()[-1])
    try:
        for size in (100, 64 * 1024):
            await measure(f"ws://127.0.0.1:{port}/echo", size, quick)
        for size in (100, 64 * 1024):
            await push(f"ws://127.0.0.1:{port}", size, quick)
    finally:
        peer.stdin.close()
        peer.wait()


asyncio.run(main())
