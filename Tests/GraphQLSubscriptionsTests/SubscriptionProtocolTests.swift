import Foundation
import GraphQLClient
import GraphQLSubscriptions
import GraphQLTestDoubles
import Transport
import JSON
import RocketReserverAPI
import Testing

/// Both subprotocols against the in-memory WebSocket seam: the handshake, the token, events,
/// keep-alives, and what cancelling sends.
@Suite(.timeLimit(.minutes(5))) struct SubscriptionProtocolTests {
    @Test func graphQLTransportWSSubscribesDeliversAndCompletesOnCancel() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(
            endpoint: loopbackEndpoint, session: session, credentials: SubscriptionCredentials(scheme: .raw) { "token-1" }
        )
        let consumer = Task {
            var received: [GraphQLSubscriptionEvent<[String: JSONValue]>] = []
            for try await event in client.subscribe(tripsBooked) {
                received.append(event)
                if case .data = event { break }
            }
            return received
        }
        let server = await session.accept()
        #expect(server.request.url.absoluteString == "ws://127.0.0.1:4000/graphql")
        #expect(server.request.subprotocols == ["graphql-transport-ws", "graphql-ws"])
        #expect(try await server.acknowledge() == ["authorization": "token-1"])
        let subscribe = try await server.subscription()
        #expect(subscribe?["type"] == "subscribe")
        #expect(subscribe?["payload"]?["query"] == "subscription TripsBooked { tripsBooked }")
        #expect(subscribe?["payload"]?["operationName"] == "TripsBooked")
        let id = try #require(subscribe?["id"])
        try server.send(json: ["type": "ping"])
        #expect(try await server.next() == ["type": "pong"])
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": 2]]])
        #expect(try await consumer.value == [.started, .data(["tripsBooked": 2])])
        #expect(try await server.next() == ["type": "complete", "id": id])
        #expect(try await server.receive() == nil)
        #expect(server.clientClose?.code == .normalClosure)
    }

    @Test func graphQLWSSpeaksTheLegacyProtocolWithABearerToken() async throws {
        let session = InMemoryWebSocketSession(subprotocol: { _ in "graphql-ws" })
        let client = GraphQLSubscriptionClient(
            endpoint: URL(string: "https://api.example.invalid/graphql")!, session: session,
            credentials: SubscriptionCredentials(scheme: .bearer) { "token-2" }
        )
        let consumer = Task {
            var received: [GraphQLSubscriptionEvent<[String: JSONValue]>] = []
            for try await event in client.subscribe(tripsBooked) {
                received.append(event)
                if received.count == 3 { break }
            }
            return received
        }
        let server = await session.accept()
        #expect(server.request.url.absoluteString == "wss://api.example.invalid/graphql")
        #expect(try await server.acknowledge() == ["authorization": "Bearer token-2"])
        try server.send(json: ["type": "ka"])
        let start = try await server.subscription()
        #expect(start?["type"] == "start")
        let id = try #require(start?["id"])
        try server.send(json: ["type": "data", "id": id, "payload": ["data": ["tripsBooked": 1]]])
        try server.send(json: ["type": "ka"])
        try server.send(json: ["type": "data", "id": id, "payload": ["data": ["tripsBooked": -1]]])
        #expect(try await consumer.value == [.started, .data(["tripsBooked": 1]), .data(["tripsBooked": -1])])
        #expect(try await server.next() == ["type": "stop", "id": id])
        #expect(try await server.next() == ["type": "connection_terminate"])
        #expect(try await server.receive() == nil)
        #expect(server.clientClose?.code == .normalClosure)
    }

    @Test func aServerThatPicksNeitherSubprotocolGetsAnErrorNamingBoth() async throws {
        for picked in [nil, "graphql-sse"] as [String?] {
            let session = InMemoryWebSocketSession(subprotocol: { _ in picked })
            let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
            let error = await #expect(throws: GraphQLSubscriptionError.self) {
                for try await _ in client.subscribe(tripsBooked) {}
            }
            #expect(error?.kind == .noCommonSubprotocol(picked: picked))
            #expect(error?.description.contains("graphql-transport-ws") == true)
            #expect(error?.description.contains("graphql-ws") == true)
        }
    }

    @Test(arguments: [
        ("http://api.example.invalid/graphql", false), ("ws://api.example.invalid/graphql", false),
        ("ws://lan-host.invalid/graphql", false), ("ws://localhost.example.invalid/graphql", false),
        ("https://api.example.invalid/graphql", true), ("ws://[::1]:4000/graphql", true), ("ws://localhost:4000/graphql", true),
    ])
    func theTokenGoesOnlyOverWSSOrToLoopback(endpoint: String, sendsToken: Bool) async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(
            endpoint: URL(string: endpoint)!, session: session, credentials: SubscriptionCredentials { "secret-token" }
        )
        let consumer = Task { for try await _ in client.subscribe(tripsBooked) {} }
        let server = await session.accept()
        let payload = try await server.acknowledge()
        #expect((payload?["authorization"] != nil) == sendsToken)
        #expect(server.request.headers.isEmpty)
        consumer.cancel()
    }

    @Test func aCallerThatDecidedItselfMaySendTheTokenOverPlainWS() async throws {
        for (endpoint, sendsToken) in [("http://api.example.invalid/graphql", true), ("ftp://api.example.invalid/graphql", false)] {
            let session = InMemoryWebSocketSession()
            let client = GraphQLSubscriptionClient(
                endpoint: URL(string: endpoint)!, session: session,
                credentials: SubscriptionCredentials(allowsPlainTextToAnyHost: true) { "secret-token" }
            )
            let consumer = Task { for try await _ in client.subscribe(tripsBooked) {} }
            if sendsToken {
                let server = await session.accept()
                #expect(try await server.acknowledge() == ["authorization": "secret-token"])
                consumer.cancel()
            } else {
                // Not a WebSocket URL: refused before anything is sent.
                let result = await consumer.result
                #expect((try? result.get()) == nil)
            }
        }
    }

    @Test func severalSubscriptionsShareOneSocketThatClosesWithTheLast() async throws {
        let session = InMemoryWebSocketSession()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session)
        let first = Task { () -> [String: JSONValue]? in
            for try await event in client.subscribe(tripsBooked) { if case .data(let data) = event { return data } }
            return nil
        }
        let server = await session.accept()
        _ = try await server.acknowledge()
        let firstID = try #require(try await server.subscription()?["id"])
        let second = Task { () -> [String: JSONValue]? in
            for try await event in client.subscribe(tripsBooked) { if case .data(let data) = event { return data } }
            return nil
        }
        let secondID = try #require(try await server.subscription()?["id"])
        #expect(firstID != secondID)
        try server.send(json: ["type": "next", "id": secondID, "payload": ["data": ["tripsBooked": 2]]])
        #expect(try await second.value == ["tripsBooked": 2])
        #expect(try await server.next() == ["type": "complete", "id": secondID])
        #expect(await client.activeSubscriptions == 1)
        try server.send(json: ["type": "next", "id": firstID, "payload": ["data": ["tripsBooked": 3]]])
        #expect(try await first.value == ["tripsBooked": 3])
        #expect(try await server.next() == ["type": "complete", "id": firstID])
        #expect(try await server.receive() == nil)
        #expect(server.clientClose?.code == .normalClosure)
    }

    @Test func eventsReachTheSinkAndGeneratedSubscriptionsDecode() async throws {
        let session = InMemoryWebSocketSession()
        let seen = SinkLog()
        let client = GraphQLSubscriptionClient(endpoint: loopbackEndpoint, session: session, eventSink: { operation, data, _ in
            await seen.append(operation.name, data)
        })
        var events = client.subscribe(TripsBookedSubscription()).makeAsyncIterator()
        let server = await session.accept()
        _ = try await server.acknowledge()
        let id = try #require(try await server.subscription()?["id"])
        guard case .started? = try await events.next() else {
            Issue.record("not started")
            return
        }
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": 4]]])
        guard case .data(let data)? = try await events.next() else {
            Issue.record("no event")
            return
        }
        #expect(data.tripsBooked == 4)
        #expect(await seen.entries == [.init(name: "TripsBooked", data: ["tripsBooked": 4])])
        try server.send(json: ["type": "next", "id": id, "payload": ["data": ["tripsBooked": "many"]]])
        let error = await #expect(throws: GraphQLSubscriptionError.self) { _ = try await events.next() }
        guard case .unexpectedShape? = error?.kind else {
            Issue.record("expected unexpectedShape, got \(String(describing: error))")
            return
        }
    }
}

/// What an event sink saw.
actor SinkLog {
    struct Entry: Equatable {
        var name: String
        var data: [String: JSONValue]
    }

    private(set) var entries: [Entry] = []

    func append(_ name: String, _ data: [String: JSONValue]) {
        entries.append(Entry(name: name, data: data))
    }
}
