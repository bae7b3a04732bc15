"""How the Python GraphQL peers of the tests serve (PythonPeerProcess.graphQLServer starts them):
an ASGI app under uvicorn on 127.0.0.1 at a port the kernel picks, announced on standard output
as "listening on http://127.0.0.1:PORT/graphql" once uvicorn has started, and served until
standard input closes (the test's end, or its process's).
"""
import asyncio
import socket
import sys

import uvicorn


async def serve_until_stdin_closes(app, **config):
    """Serves `app` (uvicorn.Config's options in `config`) as the module says; returns when done."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", **config))
    serving = asyncio.create_task(server.serve(sockets=[listener]))
    while not server.started:
        if serving.done():
            await serving
            return
        await asyncio.sleep(0.01)
    print(f"listening on http://127.0.0.1:{port}/graphql", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    server.should_exit = True
    await serving
