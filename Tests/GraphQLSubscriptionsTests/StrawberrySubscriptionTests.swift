import Foundation
import GraphQLClient
import GraphQLSubscriptions
import Transport
import JSON
import RocketReserverAPI
import SocketTransport
import Testing
import TestSupport

/// The subscription client against a third-party server, Strawberry (PyPI, served by uvicorn:
/// `Peers/strawberry_peer.py`), over a real loopback WebSocket in each subprotocol: typed events,
/// the token in `connection_init`, a clean stop the server sees, a completion and an error.
@Suite(.enabled(if: StrawberryPeer.python != nil, Comment(rawValue: StrawberryPeer.unavailableNote)), .timeLimit(.minutes(5)))
struct StrawberrySubscriptionTests {
    @Test(arguments: GraphQLSubscriptionProtocol.allCases)
    func typedEventsArriveAndStoppingIsSeenByTheServer(subprotocol: GraphQLSubscriptionProtocol) async throws {
        let peer = try await StrawberryPeer()
        let client = GraphQLSubscriptionClient(
            endpoint: peer.endpoint, session: WebSocketClient(), credentials: SubscriptionCredentials { "strawberry-token" }, protocols: [subprotocol]
        )
        var values: [Int?] = []
        // The peer publishes 2, -1 and 1, then nothing until the client stops the subscription.
        for try await event in client.subscribe(TripsBookedSubscription()) {
            if case .started = event { continue }
            guard case .data(let data) = event else {
                Issue.record("unexpected connection news: \(event)")
                break
            }
            values.append(data.tripsBooked)
            if values.count == 3 { break }
        }
        #expect(values == [2, -1, 1])

        // The server's subscription ends once the client's `complete`/`stop` arrives (the query
        // answers when at least one has, or after ten seconds with what it has).
        let answer = try await query("{ cancelledSubscriptions(atLeast: 1) lastAuthorization }", at: peer.endpoint)
        #expect(answer["cancelledSubscriptions"] == .int(1))
        #expect(answer["lastAuthorization"] == .string("strawberry-token"))
        #expect(await client.activeSubscriptions == 0)
        await peer.stopAndWait()
    }

    @Test(arguments: GraphQLSubscriptionProtocol.allCases)
    func aSubscriptionTheServerCompletesEndsTheStream(subprotocol: GraphQLSubscriptionProtocol) async throws {
        let peer = try await StrawberryPeer()
        let client = GraphQLSubscriptionClient(endpoint: peer.endpoint, session: WebSocketClient(), protocols: [subprotocol])
        let countdown = GraphQLSubscriptionOperation(name: "Countdown", selections: [GraphQLField("countdown", arguments: ["start": .literal(3)])])
        var values: [JSONValue?] = []
        for try await event in client.subscribe(countdown) {
            if case .started = event { continue }
            guard case .data(let data) = event else {
                Issue.record("unexpected connection news: \(event)")
                break
            }
            values.append(data["countdown"])
        }
        #expect(values == [.int(3), .int(2), .int(1)])
        #expect(await client.activeSubscriptions == 0)
        await peer.stopAndWait()
    }

    @Test(arguments: GraphQLSubscriptionProtocol.allCases)
    func anErrorMidStreamEndsItWithTheServersMessage(subprotocol: GraphQLSubscriptionProtocol) async throws {
        let peer = try await StrawberryPeer()
        let client = GraphQLSubscriptionClient(endpoint: peer.endpoint, session: WebSocketClient(), protocols: [subprotocol])
        let failing = GraphQLSubscriptionOperation(name: "Failing", selections: [GraphQLField("failing")])
        var values: [JSONValue?] = []
        let error = await #expect(throws: GraphQLSubscriptionError.self) {
            for try await event in client.subscribe(failing) {
                if case .data(let data) = event { values.append(data["failing"]) }
            }
        }
        #expect(values == [.int(1)])
        guard case .rejected(let errors)? = error?.kind else {
            Issue.record("expected the server's error, got \(String(describing: error))")
            return
        }
        #expect(errors.map(\.message) == ["the feed broke"])
        #expect(error?.operationName == "Failing")
        await peer.stopAndWait()
    }

    /// Runs `document` over HTTP and returns its `data`.
    private func query(_ document: String, at endpoint: URL) async throws -> JSONValue {
        let body = JSONWriter.string(["query": .string(document)])
        let response = try await SocketHTTPSession().send(HTTPRequest(
            url: endpoint, headers: ["Content-Type": "application/json"], body: Data(body.utf8)
        ))
        #expect(response.statusCode == 200)
        let answer = try JSONParser.parse(response.body)
        #expect(answer["errors"] == nil, "\(answer)")
        return answer["data"] ?? .null
    }
}
