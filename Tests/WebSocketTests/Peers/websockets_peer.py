"""A WebSocket server from the `websockets` package (PyPI), the third-party peer of
WebSocketInteropTests. Listens on 127.0.0.1 at a port the kernel picks, prints
"listening on PORT", and serves until its standard input closes.

Paths:
  /echo              echoes every message (subprotocols graphql-transport-ws, graphql-ws)
  /fragments         sends a fragmented text and a fragmented binary message, then echoes
  /ping              pings the client, waits for its pong, says "pong received"
  /close/CODE        closes with CODE and the reason "bye"
  /size/N            sends one binary message of N bytes
  /push/N/SIZE       sends N binary messages of SIZE bytes as fast as it can (server push)
  /raw/NAME          writes a frame that breaks RFC 6455 straight to the socket (RAW_FRAMES)
  /bad-accept        answers the handshake with a wrong Sec-WebSocket-Accept
"""
import asyncio
import sys

from websockets.asyncio.server import serve


# Frames no conforming server sends, written past websockets' own checks.
RAW_FRAMES = {
    "ping-126": b"\x89\x7e\x00\x7e" + b"p" * 126,
    "bad-utf8": b"\x81\x02\xc3\x28",
    "masked": b"\x81\x82\x01\x02\x03\x04" + bytes([ord("h") ^ 1, ord("i") ^ 2]),
    "reserved-bit": b"\xc1\x02hi",
    "opcode-3": b"\x83\x00",
}


def process_response(connection, request, response):
    if request.path == "/bad-accept":
        del response.headers["Sec-WebSocket-Accept"]
        response.headers["Sec-WebSocket-Accept"] = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="
    return response


async def handler(ws):
    path = ws.request.path
    if path.startswith("/raw/"):
        ws.transport.write(RAW_FRAMES[path.split("/")[2]])
        await ws.wait_closed()
        return
    if path.startswith("/fragments"):
        await ws.send(["frag", "mented ", "tëxt"])
        await ws.send([b"\x01\x02", b"", b"\x03"])
    if path.startswith("/ping"):
        waiter = await ws.ping(b"are you there")
        await waiter
        await ws.send("pong received")
    if path.startswith("/close/"):
        await ws.close(int(path.split("/")[2]), "bye")
        return
    if path.startswith("/push/"):
        _, _, count, size = path.split("/")
        payload = bytes(int(size))
        for _ in range(int(count)):
            await ws.send(payload)
    if path.startswith("/size/"):
        await ws.send(bytes(int(path.split("/")[2])))
    async for message in ws:
        await ws.send(message)


def select_subprotocol(connection, offered):
    """The first offered subprotocol the peer speaks, or none (websockets refuses that by default)."""
    return next((name for name in offered if name in ("graphql-transport-ws", "graphql-ws")), None)


async def main():
    async with serve(handler, "127.0.0.1", 0, max_size=None, select_subprotocol=select_subprotocol, process_response=process_response,
                     compression=None, ping_interval=None) as server:
        port = server.sockets[0].getsockname()[1]
        print(f"listening on {port}", flush=True)
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)


asyncio.run(main())
