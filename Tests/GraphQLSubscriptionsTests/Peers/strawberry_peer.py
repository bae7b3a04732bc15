"""A GraphQL server from Strawberry (PyPI strawberry-graphql, served by uvicorn), the third-party
subscription peer of StrawberrySubscriptionTests and the CLI's `query` process tests. Listens on
127.0.0.1 at a port the kernel picks, prints "listening on http://127.0.0.1:PORT/graphql", and
serves until its standard input closes. Subscriptions in both graphql-transport-ws and graphql-ws.

Schema (Strawberry's camelCase names):
  subscription { tripsBooked }          2, -1 and 1, then nothing until the client stops it
  subscription { countdown(start: N) }  N, N-1, ..., 1, then the server completes it
  subscription { failing }              1, then an error
  query { cancelledSubscriptions(atLeast: N) }
                                        how many tripsBooked subscriptions the client stopped,
                                        answered once there are at least N (or after 10 s)
  query { lastAuthorization }           the authorization of the last connection_init payload
"""
import asyncio
import socket
import sys
from typing import AsyncGenerator, Optional

import strawberry
import uvicorn
from strawberry.asgi import GraphQL


class State:
    cancelled = 0
    changed: Optional[asyncio.Condition] = None
    authorization: Optional[str] = None


@strawberry.type
class Query:
    @strawberry.field
    async def cancelled_subscriptions(self, at_least: int = 0) -> int:
        async with State.changed:
            try:
                await asyncio.wait_for(State.changed.wait_for(lambda: State.cancelled >= at_least), 10)
            except asyncio.TimeoutError:
                pass
            return State.cancelled

    @strawberry.field
    def last_authorization(self) -> Optional[str]:
        return State.authorization


@strawberry.type
class Subscription:
    @strawberry.subscription
    async def trips_booked(self) -> AsyncGenerator[Optional[int], None]:
        for value in (2, -1, 1):
            yield value
        try:
            await asyncio.Event().wait()
        finally:
            async with State.changed:
                State.cancelled += 1
                State.changed.notify_all()

    @strawberry.subscription
    async def countdown(self, start: int) -> AsyncGenerator[int, None]:
        for value in range(start, 0, -1):
            yield value

    @strawberry.subscription
    async def failing(self) -> AsyncGenerator[int, None]:
        yield 1
        raise ValueError("the feed broke")


class App(GraphQL):
    async def on_ws_connect(self, context):
        params = context.get("connection_params") if isinstance(context, dict) else getattr(context, "connection_params", None)
        if isinstance(params, dict):
            State.authorization = params.get("authorization")
        return None


async def main():
    State.changed = asyncio.Condition()
    app = App(strawberry.Schema(query=Query, subscription=Subscription), graphql_ide=None, keep_alive=True, keep_alive_interval=5)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", ws="websockets", lifespan="off"))
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


asyncio.run(main())
