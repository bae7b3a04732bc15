import Foundation
import GraphQLClient
import GraphQLSubscriptions
import GraphQLTestDoubles
import JSON
import Synchronization
import Testing
import Transport

/// A server that speaks only the legacy `graphql-ws` yet takes whatever is offered first and then
/// closes with 1002 (the hosted tutorial server's subscriptions-transport-ws), and the memory of
/// which subprotocol worked.
@Suite(.timeLimit(.minutes(1)))
struct LegacyOnlyServerTests {
    /// A memory in a box the test can read and preset.
    final class Memory: Sendable {
        let stored: Mutex<GraphQLSubscriptionProtocol?>
        let writes = Mutex(0)
        init(_ initial: GraphQLSubscriptionProtocol? = nil) { stored = Mutex(initial) }
        var memory: SubscriptionProtocolMemory {
            SubscriptionProtocolMemory(
                recall: { self.stored.withLock { $0 } },
                remember: { picked in
                    self.stored.withLock { $0 = picked }
                    self.writes.withLock { $0 += 1 }
                }
            )
        }
    }

    /// Plays the hosted server on `server`: closes with 1002 when it "picked" something other than
    /// `graphql-ws`; otherwise acknowledges `connection_init`. Returns whether it acknowledged.
    private func answerAsHosted(_ server: InMemoryWebSocketServer) async throws -> Bool {
        guard server.request.subprotocols.first == "graphql-ws" else {
            #expect(try await server.next()?["type"] == "connection_init")
            server.close(code: .protocolError, reason: "")
            return false
        }
        _ = try await server.acknowledge()
        return true
    }

    @Test func aCloseWith1002AfterPickingGraphQLTransportWSIsRetriedAtOnceWithGraphQLWSAlone() async throws {
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let memory = Memory()
        let client = GraphQLSubscriptionClient(
            endpoint: loopbackEndpoint, session: session, reconnection: reconnection(sleep), memory: memory.memory
        )
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let first = await session.accept()
        #expect(first.request.subprotocols == ["graphql-transport-ws", "graphql-ws"])
        #expect(try await answerAsHosted(first) == false)
        let second = await session.accept()
        #expect(second.request.subprotocols == ["graphql-ws"])
        #expect(try await answerAsHosted(second))
        let start = try await second.next()
        #expect(start?["type"] == "start")
        let id = try #require(start?["id"])
        try second.send(json: ["type": "ka"])
        try second.send(json: ["type": "data", "id": id, "payload": ["data": ["tripsBooked": 1]]])
        #expect(try await events.next() == .started)
        #expect(try await events.next() == .data(["tripsBooked": 1]))
        // No backoff was waited for: the retry is immediate, not a reconnection.
        #expect(sleep.delays.allSatisfy { $0 == .seconds(5) })
        #expect(memory.stored.withLock { $0 } == .graphQLWS)
    }

    @Test func theRememberedSubprotocolIsOfferedFirstAndNoFailedAttemptIsMade() async throws {
        let session = InMemoryWebSocketSession()
        let memory = Memory(.graphQLWS)
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, memory: memory.memory)
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let server = await session.accept()
        #expect(server.request.subprotocols == ["graphql-ws", "graphql-transport-ws"])
        #expect(try await answerAsHosted(server))
        let id = try #require(try await server.next()?["id"])
        try server.send(json: ["type": "data", "id": id, "payload": ["data": ["tripsBooked": -1]]])
        #expect(try await events.next() == .started)  // the first event counts as live
        #expect(try await events.next() == .data(["tripsBooked": -1]))
        #expect(memory.writes.withLock { $0 } == 0) // nothing new to remember
    }

    @Test func anAcknowledgementOfTheOtherSubprotocolReplacesWhatWasRemembered() async throws {
        // The endpoint now runs a server that picks graphql-transport-ws even when offered second.
        let session = InMemoryWebSocketSession(subprotocol: { _ in "graphql-transport-ws" })
        let memory = Memory(.graphQLWS)
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, memory: memory.memory)
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let server = await session.accept()
        #expect(server.request.subprotocols.first == "graphql-ws")
        _ = try await server.acknowledge()
        let id = try #require(try await server.next()?["id"])
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": 2]]])
        #expect(try await events.next() == .started)
        #expect(try await events.next() == .data(["tripsBooked": 2]))
        #expect(memory.stored.withLock { $0 } == .graphQLTransportWS)
    }

    @Test func aServerThatCannotSpeakGraphQLWSEitherFailsWithTheClose() async throws {
        // Offered only graphql-transport-ws, the client has nothing to fall back on.
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, protocols: [.graphQLTransportWS])
        let consumer = Task { for try await _ in client.subscribe(tripsBooked) {} }
        let server = await session.accept()
        #expect(try await answerAsHosted(server) == false)
        let error = await #expect(throws: GraphQLSubscriptionError.self) { try await consumer.value }
        #expect(error?.kind == .closed(code: .protocolError, reason: ""))
    }

    @Test func a1002AfterTheAcknowledgementIsNotTakenForALegacyServer() async throws {
        let session = InMemoryWebSocketSession()
        let memory = Memory()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, memory: memory.memory)
        let consumer = Task { for try await _ in client.subscribe(tripsBooked) {} }
        let server = await session.accept()
        _ = try await server.acknowledge()
        _ = try await server.next()
        server.close(code: .protocolError, reason: "")
        // A protocol error on a working connection ends the stream; no second connection is tried.
        let error = await #expect(throws: GraphQLSubscriptionError.self) { try await consumer.value }
        #expect(error?.kind == .closed(code: .protocolError, reason: ""))
        #expect(memory.stored.withLock { $0 } == .graphQLTransportWS)
        #expect(await client.activeSubscriptions == 0)
    }
}

extension LegacyOnlyServerTests {
    /// The server closes with 1002 before the client could send `connection_init`: the failed
    /// send must not hide the close, or the fallback never happens (seen under load).
    @Test func a1002BeforeConnectionInitCouldBeSentStillFallsBack() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let first = await session.accept()
        // Closed at once, before reading anything: the client's connection_init finds it closed.
        first.close(code: .protocolError, reason: "")
        let second = await session.accept()
        #expect(second.request.subprotocols == ["graphql-ws"])
        _ = try await second.acknowledge()
        let id = try #require(try await second.next()?["id"])
        try second.send(json: ["type": "data", "id": id, "payload": ["data": ["tripsBooked": 3]]])
        #expect(try await events.next() == .started)
        #expect(try await events.next() == .data(["tripsBooked": 3]))
    }
}
