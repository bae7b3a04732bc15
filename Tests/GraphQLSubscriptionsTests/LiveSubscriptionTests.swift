import Foundation
import GraphQLClient
import GraphQLSubscriptions
import GraphQLTestDoubles
import JSON
import Synchronization
import Testing
import Transport

/// `startSubscription` returns once the server has the subscription, in each subprotocol, over
/// the in-memory WebSocket seam: what it sends to find out, what counts as an answer, and what
/// ends the wait.
@Suite(.timeLimit(.minutes(1)))
struct LiveSubscriptionTests {
    @Test func graphQLTransportWSIsLiveOnceThePingAfterTheSubscriptionIsAnswered() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let start = Task { try await client.startSubscription(tripsBooked) }
        let server = await session.accept()
        _ = try await server.acknowledge()
        let subscribe = try await server.next()
        #expect(subscribe?["type"] == "subscribe")
        let id = try #require(subscribe?["id"])
        #expect(try await server.next() == ["type": "ping"])
        try server.send(json: ["type": "pong"])
        var events = try await start.value.makeAsyncIterator()
        #expect(try await events.next() == .started)
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": 1]]])
        #expect(try await events.next() == .data(["tripsBooked": 1]))
    }

    @Test func untilThePongTheWaitIsNotOver() async throws {
        // The server rejects the subscription after the ping but before answering it: a client
        // that had returned at the send would not see the rejection as its start's outcome.
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let start = Task { try await client.startSubscription(tripsBooked) }
        let server = await session.accept()
        _ = try await server.acknowledge()
        let id = try #require(try await server.next()?["id"])
        #expect(try await server.next() == ["type": "ping"])
        try server.send(json: ["type": "error", "id": id, "payload": [["message": "no such subscription"]]])
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await start.value }
        #expect(error?.kind == .rejected([GraphQLError(message: "no such subscription")]))
    }

    @Test func aFirstEventCountsAsLiveWhenTheServerDoesNotAnswerThePing() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let start = Task { try await client.startSubscription(tripsBooked) }
        let server = await session.accept()
        _ = try await server.acknowledge()
        let id = try #require(try await server.next()?["id"])
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": 5]]])
        var events = try await start.value.makeAsyncIterator()
        #expect(try await events.next() == .started)
        #expect(try await events.next() == .data(["tripsBooked": 5]))
    }

    @Test func aPongThatAnswersAnEarlierPingDoesNotCount() async throws {
        // A keep-alive ping sent before the subscription: its pong says nothing about it.
        let session = InMemoryWebSocketSession()
        let sleep = ManualSleep()
        let client = GraphQLSubscriptionClient(
            endpoint: loopbackEndpoint, session: session, reconnection: reconnection(sleep, keepAlive: .seconds(10))
        )
        let first = client.subscribe(tripsBooked).makeAsyncIterator()
        let server = await session.accept()
        _ = try await server.acknowledge()
        _ = try await server.next()  // the first subscription
        #expect(try await server.next() == ["type": "ping"])  // its probe, not answered yet
        await sleep.release(next: .seconds(10))
        #expect(try await server.next() == ["type": "ping"])  // keep-alive, not answered yet
        let start = Task { try await client.startSubscription(tripsBooked) }
        let secondID = try #require(try await server.next()?["id"])
        #expect(try await server.next() == ["type": "ping"])  // the probe
        try server.send(json: ["type": "pong"])  // answers the keep-alive
        // Still waiting: the rejection that follows is the start's outcome.
        try server.send(json: ["type": "error", "id": secondID, "payload": [["message": "refused"]]])
        await #expect(throws: GraphQLSubscriptionError.self) { _ = try await start.value }
        _ = first
    }

    @Test func graphQLWSIsLiveOnceAProbeOperationSentAfterItIsAnswered() async throws {
        let session = InMemoryWebSocketSession(subprotocol: { _ in "graphql-ws" })
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let start = Task { try await client.startSubscription(tripsBooked) }
        let server = await session.accept()
        _ = try await server.acknowledge()
        let subscription = try await server.next()
        #expect(subscription?["type"] == "start")
        let id = try #require(subscription?["id"])
        let probe = try await server.next()
        #expect(probe?["type"] == "start")
        #expect(probe?["payload"]?["query"] == "query LiveProbe { __typename }")
        let probeID = try #require(probe?["id"])
        #expect(probeID != id)
        try server.send(json: ["type": "data", "id": probeID, "payload": ["data": ["__typename": "Query"]]])
        try server.send(json: ["type": "complete", "id": probeID])
        var events = try await start.value.makeAsyncIterator()
        try server.send(json: ["type": "data", "id": id, "payload": ["data": ["tripsBooked": 2]]])
        // The probe's answer never reaches the subscription's stream: only `started` does.
        #expect(try await events.next() == .started)
        #expect(try await events.next() == .data(["tripsBooked": 2]))
    }

    @Test func aConnectionThatFailsFirstEndsTheWaitWithItsError() async throws {
        let session = InMemoryWebSocketSession(subprotocol: { _ in nil })
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await client.startSubscription(tripsBooked) }
        #expect(error?.kind == .noCommonSubprotocol(picked: nil))
        #expect(await client.activeSubscriptions == 0)
    }

    @Test func cancellingTheWaitStopsTheSubscription() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let start = Task { try await client.startSubscription(tripsBooked) }
        let server = await session.accept()
        _ = try await server.acknowledge()
        let id = try #require(try await server.next()?["id"])
        #expect(try await server.next() == ["type": "ping"])
        start.cancel()
        await #expect(throws: CancellationError.self) { _ = try await start.value }
        #expect(try await server.next() == ["type": "complete", "id": id])
    }

    @Test func oneTokenSourceServesHTTPAndSubscriptions() async throws {
        let token = TokenSource(scheme: .bearer) { "token-3" }
        let http = StubHTTPSession([StubHTTPSession.json(#"{"data":{"me":null}}"#)])
        let client = GraphQLClient(interceptors: [
            AuthorizationInterceptor(token), ResponseParsingInterceptor(), NetworkFetchInterceptor(endpoint: loopbackEndpoint, session: http),
        ])
        _ = try await client.fetch(GraphQLOperation(.query, name: "Me", selections: [GraphQLField("me")]), cachePolicy: .networkOnly)
        #expect(http.requests.first?.headers["Authorization"] == "Bearer token-3")

        let session = InMemoryWebSocketSession()
        let subscriptions = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, credentials: SubscriptionCredentials(token))
        let consumer = Task { for try await _ in subscriptions.subscribe(tripsBooked) {} }
        let server = await session.accept()
        #expect(try await server.acknowledge() == ["authorization": "Bearer token-3"])
        consumer.cancel()
    }
}
