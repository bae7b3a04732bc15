"""A GraphQL server with @defer: Strawberry (PyPI strawberry-graphql) on graphql-core 3.3 with
enable_experimental_incremental_execution, served by uvicorn. The incremental delivery peer of
StrawberryDeferTests and of Scripts/bench's @defer benchmark. Listens on 127.0.0.1 at a port the
kernel picks, prints "listening on http://127.0.0.1:PORT/graphql", and serves until its standard
input closes. Answers with graphql-js 17's format (pending / incremental with id / completed).

Schema (Strawberry's camelCase names):
  query { launch(id: ID!, delayMs: Int = 0, gate: String = null) { id site rocket { id name } broken } }
    rocket resolves after delayMs milliseconds (defer it to see the first part earlier), and
    then, when a gate is named, once that gate is opened;
    broken always raises "the rocket's telemetry is unavailable".
  mutation { openGate(name: String!): Boolean }
    opens the gate (before or after a launch waits on it), so a test can hold a deferred part
    back until it has seen the first one, without timing.
"""
import asyncio
import os
import sys
from collections import defaultdict
from typing import Optional

import strawberry
from strawberry.asgi import GraphQL
from strawberry.schema.config import StrawberryConfig

# The serving the tests' Python peers share (Tests/TestSupport/Peers/uvicorn_serving.py).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "TestSupport", "Peers"))
from uvicorn_serving import serve_until_stdin_closes  # noqa: E402


# Gates by name, created by whichever comes first: the launch waiting or the mutation opening it.
gates = defaultdict(asyncio.Event)


@strawberry.type
class Rocket:
    id: strawberry.ID
    name: str


@strawberry.type
class Launch:
    id: strawberry.ID
    site: Optional[str]
    delay_ms: strawberry.Private[int]
    gate: strawberry.Private[Optional[str]]

    @strawberry.field
    async def rocket(self) -> Optional[Rocket]:
        await asyncio.sleep(self.delay_ms / 1000)
        if self.gate is not None:
            await gates[self.gate].wait()
        return Rocket(id=strawberry.ID("falcon9"), name="Falcon 9")

    @strawberry.field
    async def broken(self) -> Optional[str]:
        raise ValueError("the rocket's telemetry is unavailable")


@strawberry.type
class Query:
    @strawberry.field
    def launch(self, id: strawberry.ID, delay_ms: int = 0, gate: Optional[str] = None) -> Optional[Launch]:
        return Launch(id=id, site="CCAFS SLC 40", delay_ms=delay_ms, gate=gate)


@strawberry.type
class Mutation:
    @strawberry.mutation
    def open_gate(self, name: str) -> bool:
        gates[name].set()
        return True


async def main():
    schema = strawberry.Schema(query=Query, mutation=Mutation, config=StrawberryConfig(enable_experimental_incremental_execution=True))
    app = GraphQL(schema, graphql_ide=None)
    await serve_until_stdin_closes(app)


asyncio.run(main())
