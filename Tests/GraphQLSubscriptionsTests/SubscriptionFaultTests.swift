import Foundation
import GraphQLClient
import GraphQLSubscriptions
import GraphQLTestDoubles
import Transport
import JSON
import Testing

/// Hostile and unlucky servers: errors, refusals, nonsense, silence, and dropped connections
/// (reconnected on an injected sleep, never a real one).
@Suite(.timeLimit(.minutes(5))) struct SubscriptionFaultTests {
    /// Subscribes, acknowledges, answers the live probe, reads `started`, and returns the
    /// server's end and the subscription's id.
    private func subscribed(
        _ client: GraphQLSubscriptionClient, _ session: InMemoryWebSocketSession
    ) async throws -> (AsyncThrowingStream<GraphQLSubscriptionEvent<[String: JSONValue]>, any Error>.AsyncIterator, InMemoryWebSocketServer, JSONValue) {
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let server = await session.accept()
        _ = try await server.acknowledge()
        let id = try #require(try await server.subscription()?["id"])
        #expect(try await events.next() == .started)
        return (events, server, id)
    }

    @Test func aServerErrorEndsTheSubscriptionWithItsMessages() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        var (events, server, id) = try await subscribed(client, session)
        try server.send(json: ["type": "error", "id": id, "payload": [["message": "Not allowed"]]])
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await events.next() }
        #expect(error?.kind == .rejected([GraphQLError(message: "Not allowed")]))
        #expect(error?.operationName == "TripsBooked")
        #expect(try await server.receive() == nil) // nothing else used the socket: closed
    }

    @Test(arguments: [
        WebSocketMessage.text("not json"), .text("[1,2]"), .text(#"{"type":"surprise"}"#), .text(#"{"type":"next","payload":{}}"#),
        .text(#"{"type":"next","id":"1","payload":{"data":[1]}}"#), .text(#"{"id":"1"}"#), .binary(Data([0, 1, 2])),
    ])
    func aHostileMessageEndsTheStreamWithATypedError(message: WebSocketMessage) async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        var (events, server, _) = try await subscribed(client, session)
        try server.send(message)
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await events.next() }
        guard case .malformedMessage? = error?.kind else {
            Issue.record("expected malformedMessage, got \(String(describing: error))")
            return
        }
        #expect(try await server.receive() == nil)
    }

    @Test(arguments: [4401, 4403] as [UInt16])
    func aRefusedLoginIsFinalNotRetried(code: UInt16) async throws {
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, reconnection: reconnection(sleep))
        var (events, server, _) = try await subscribed(client, session)
        server.close(code: WebSocketCloseCode(rawValue: code), reason: "Forbidden")
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await events.next() }
        #expect(error?.kind == .connectionRefused(code: WebSocketCloseCode(rawValue: code), reason: "Forbidden"))
        #expect(sleep.delays.allSatisfy { $0 == .seconds(5) }) // only acknowledgement waits, no backoff
    }

    @Test func aConnectionErrorBeforeTheAcknowledgementIsARefusal() async throws {
        let session = InMemoryWebSocketSession(subprotocol: { _ in "graphql-ws" })
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let server = await session.accept()
        _ = try await server.next()
        try server.send(json: ["type": "connection_error", "payload": ["message": "bad token"]])
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await events.next() }
        #expect(error?.kind == .connectionRefused(code: nil, reason: "bad token"))
    }

    @Test func aServerThatNeverAcknowledgesTimesOut() async throws {
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, reconnection: reconnection(sleep, ackTimeout: .seconds(3)))
        var events = client.subscribe(tripsBooked).makeAsyncIterator()
        let server = await session.accept()
        #expect(try await server.next()?["type"] == "connection_init")
        await sleep.release(next: .seconds(3))
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await events.next() }
        #expect(error?.kind == .acknowledgementTimedOut)
        #expect(try await server.receive() == nil)
        #expect(server.clientClose?.code.rawValue == 4408)
    }

    @Test func cancellingDuringTheHandshakeClosesTheSocket() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let consumer = Task { for try await _ in client.subscribe(tripsBooked) {} }
        let server = await session.accept()
        #expect(try await server.next()?["type"] == "connection_init")
        consumer.cancel()
        #expect(try await server.receive() == nil)
        #expect(server.clientClose != nil)
        #expect(await client.activeSubscriptions == 0)
    }

    @Test func aDroppedConnectionReconnectsWithBackoffResubscribesAndReportsTheGap() async throws {
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, reconnection: reconnection(sleep))
        var (events, server, id) = try await subscribed(client, session)
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": 1]]])
        #expect(try await events.next() == .data(["tripsBooked": 1]))

        server.close(code: .goingAway, reason: "restarting")
        guard case .interrupted(let error)? = try await events.next() else {
            Issue.record("expected interrupted")
            return
        }
        #expect(error.kind == .closed(code: .goingAway, reason: "restarting"))
        await sleep.release(next: .milliseconds(100))
        let second = await session.accept()
        #expect(try await second.next()?["type"] == "connection_init")
        second.close(code: .internalError, reason: "")   // fails again before the acknowledgement
        await sleep.release(next: .milliseconds(200))
        let third = await session.accept()
        _ = try await third.acknowledge()
        let resubscribe = try await third.next()
        #expect(resubscribe?["type"] == "subscribe")
        #expect(resubscribe?["payload"]?["operationName"] == "TripsBooked")
        #expect(try await events.next() == .resumed)
        let newID = try #require(resubscribe?["id"])
        try third.send(json: ["type": "next", "id": newID, "payload": ["data": ["tripsBooked": -1]]])
        #expect(try await events.next() == .data(["tripsBooked": -1]))
        #expect(sleep.delays.filter { $0 != .seconds(5) } == [.milliseconds(100), .milliseconds(200)])
    }

    @Test func theBackoffDoublesUpToItsMaximumWithJitterApplied() {
        let policy = SubscriptionReconnection(
            initialDelay: .milliseconds(100), maximumDelay: .milliseconds(1_000), jitter: { $0 / 2 }, sleep: { _ in }
        )
        let delays = (0..<6).map { policy.delayForTesting(attempt: $0) }
        #expect(delays == [50, 100, 200, 400, 500, 500].map { Duration.milliseconds($0) })
    }

    @Test func theFirstConnectionFailingEndsTheStream() async throws {
        let session = InMemoryWebSocketSession(refusal: HTTPTransportError(.connectionRefused))
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let error = await #expect(throws: GraphQLSubscriptionError.self) {
            for try await _ in client.subscribe(tripsBooked) {}
        }
        #expect(error?.kind == .transport(.connectionRefused))
    }

    @Test func aFloodKeepsOnlyTheNewestEventsForASlowConsumer() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, bufferLimit: 4)
        var (events, server, id) = try await subscribed(client, session)
        for value in 1...10_000 {
            try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": .int(value)]]])
        }
        try server.send(json: ["type": "complete", "id": id])
        // The consumer reads nothing until the client has taken every message (the complete ends
        // the subscription), as a consumer far slower than the server would.
        var spins = 0
        while await client.activeSubscriptions > 0, spins < 10_000_000 {
            spins += 1
            await Task.yield()
        }
        var received: [Int] = []
        while let event = try await events.next() {
            if case .data(let data) = event, let value = data["tripsBooked"]?.intValue { received.append(value) }
        }
        #expect(received == Array(9_997...10_000))
    }

    @Test func aSilentConnectionIsPingedThenDroppedAndReopened() async throws {
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, reconnection: reconnection(sleep, keepAlive: .seconds(15)))
        var (events, server, id) = try await subscribed(client, session)
        await sleep.release(next: .seconds(15))
        #expect(try await server.next() == ["type": "ping"])
        // An event read by the consumer: the client has counted it, so the silence starts again.
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": 1]]])
        #expect(try await events.next() == .data(["tripsBooked": 1]))
        await sleep.release(next: .seconds(15))
        #expect(try await server.next() == ["type": "ping"])
        await sleep.release(next: .seconds(15))
        #expect(try await server.next() == ["type": "ping"])
        await sleep.release(next: .seconds(15))   // two intervals without a message: dropped
        #expect(try await server.receive() == nil)
        #expect(server.clientClose?.code == .goingAway)
        guard case .interrupted? = try await events.next() else {
            Issue.record("expected interrupted")
            return
        }
        await sleep.release(next: .milliseconds(100))
        let reopened = await session.accept()
        _ = try await reopened.acknowledge()
        #expect(try await reopened.next()?["type"] == "subscribe")
        #expect(try await events.next() == .resumed)
    }
}
