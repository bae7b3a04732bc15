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
import os
import sys
from typing import AsyncGenerator, Optional

import strawberry
from strawberry.asgi import GraphQL

# The serving the tests' Python peers share (Tests/TestSupport/Peers/uvicorn_serving.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "TestSupport", "Peers"))
from uvicorn_serving import serve_until_stdin_closes  # noqa: E402


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
    await serve_until_stdin_closes(app, ws="websockets")


asyncio.run(main())
