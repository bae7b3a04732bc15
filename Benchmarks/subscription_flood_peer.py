"""A GraphQL-over-WebSocket server that floods: the peer of the subscription throughput
benchmark (Benchmarks/live_bench.py, Docs/Performance.md "Subscriptions (issue 19)").

Python `websockets` (PyPI) on 127.0.0.1 at a port the kernel picks; prints
"listening on http://127.0.0.1:PORT/graphql" and serves until its standard input closes. Speaks
graphql-transport-ws and graphql-ws. Every subscription, whatever its document, gets
`{"tripsBooked": N}` for N = 1, 2, ... at RATE events a second for SECONDS seconds (sent in
batches every millisecond-ish tick, each batch as many as the clock says are due), then
`complete`. At the end it prints "sent COUNT in ELAPSED s" on standard error.

    python subscription_flood_peer.py [--rate 10000] [--seconds 10]
"""
import asyncio
import json
import sys
import time

from websockets.asyncio.server import serve


def option(name, default):
    return float(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


RATE = option("--rate", 10000)
SECONDS = option("--seconds", 10)


async def flood(ws, operation_id, event_type):
    total = int(RATE * SECONDS)
    sent = 0
    start = time.perf_counter()
    while sent < total:
        due = min(total, int((time.perf_counter() - start) * RATE) + 1)
        while sent < due:
            sent += 1
            await ws.send('{"type":"%s","id":%s,"payload":{"data":{"tripsBooked":%d}}}' % (event_type, json.dumps(operation_id), sent))
        await asyncio.sleep(0.001)
    elapsed = time.perf_counter() - start
    await ws.send(json.dumps({"type": "complete", "id": operation_id}))
    print(f"sent {sent} in {elapsed:.3f} s", file=sys.stderr, flush=True)


async def handler(ws):
    transport_ws = ws.subprotocol == "graphql-transport-ws"
    tasks = []
    async for text in ws:
        message = json.loads(text)
        kind = message.get("type")
        if kind == "connection_init":
            await ws.send('{"type":"connection_ack"}')
        elif kind == "ping":
            await ws.send('{"type":"pong"}')
        elif kind in ("subscribe", "start"):
            tasks.append(asyncio.create_task(flood(ws, message["id"], "next" if transport_ws else "data")))
        elif kind == "connection_terminate":
            break
    for task in tasks:
        task.cancel()


def select_subprotocol(connection, offered):
    return next((name for name in offered if name in ("graphql-transport-ws", "graphql-ws")), None)


async def main():
    async with serve(handler, "127.0.0.1", 0, max_size=None, select_subprotocol=select_subprotocol, compression=None, ping_interval=None) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"listening on http://127.0.0.1:{port}/graphql", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)


asyncio.run(main())
