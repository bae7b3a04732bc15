import Foundation
import GraphQLClient
import GraphQLSubscriptions
import Transport
import JSON
import RocketReserverAPI
import SocketTransport
import Testing
import TestSupport

/// The reference server restarts mid-stream, in each subprotocol: the subscriber gets an event,
/// the server process ends, a new one starts on the same port, and the client reports the gap,
/// reconnects, subscribes again and gets the next booking.
@Suite(.timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) struct ReferenceServerRestartTests {
    @Test(arguments: GraphQLSubscriptionProtocol.allCases)
    func theClientReconnectsAndResubscribesAfterARestart(subprotocol: GraphQLSubscriptionProtocol) async throws {
        let first = try await ReferenceServer()
        defer { first.stop() }
        let endpoint = try #require(URL(string: first.endpoint))
        let token = Data("restart@example.com".utf8).base64EncodedString()
        // Short real delays: the reconnections while the server is down are refused at once.
        let reconnection = SubscriptionReconnection(initialDelay: .milliseconds(20), maximumDelay: .milliseconds(200), keepAliveInterval: nil)
        let client = GraphQLSubscriptionClient(
            endpoint: endpoint, session: WebSocketClient(), credentials: SubscriptionCredentials { token },
            reconnection: reconnection, protocols: [subprotocol]
        )
        var events = client.subscribe(TripsBookedSubscription()).makeAsyncIterator()
        guard case .started? = try await events.next() else {
            Issue.record("the subscription did not start")
            return
        }
        try await book(["1", "2"], at: endpoint, token: token)
        guard case .data(let before)? = try await events.next() else {
            Issue.record("expected the first event")
            return
        }
        #expect(before.tripsBooked == 2)

        await first.stopAndWait()
        guard case .interrupted(let gap)? = try await events.next() else {
            Issue.record("the client did not report the gap")
            return
        }
        #expect(gap.isTransient)
        #expect(gap.operationName == "TripsBooked")

        let second = try await ReferenceServer(port: first.port)
        defer { second.stop() }
        #expect(second.endpoint == first.endpoint)
        guard case .resumed? = try await events.next() else {
            Issue.record("the client did not say it was back")
            return
        }
        try await waitUntilRegistered(on: client)
        try await book(["3"], at: endpoint, token: token)
        guard case .data(let after)? = try await events.next() else {
            Issue.record("expected the event after the restart")
            return
        }
        #expect(after.tripsBooked == 1)
    }

    /// Returns once the server has registered the subscriptions sent before: it handles a
    /// socket's messages in order, so once a later operation on the same socket is answered
    /// (rejected), the earlier subscription gets events.
    private func waitUntilRegistered(on client: GraphQLSubscriptionClient) async throws {
        let probe = GraphQLSubscriptionOperation(name: "Probe", selections: [GraphQLField("noSuchField")])
        let error = await #expect(throws: GraphQLSubscriptionError.self) {
            for try await _ in client.subscribe(probe) {}
        }
        guard case .rejected? = error?.kind else {
            Issue.record("the probe was not rejected: \(String(describing: error))")
            return
        }
    }

    private func book(_ ids: [String], at endpoint: URL, token: String) async throws {
        let list = ids.map { "\\\"\($0)\\\"" }.joined(separator: ", ")
        let body = #"{"query":"mutation { bookTrips(launchIds: ["# + list + #"]) { success } }"}"#
        let response = try await SocketHTTPSession().send(HTTPRequest(
            url: endpoint, headers: ["Content-Type": "application/json", "Authorization": token], body: Data(body.utf8)
        ))
        #expect(response.statusCode == 200)
        let answer = try JSONParser.parse(response.body)
        #expect(answer["errors"] == nil, "\(answer)")
        #expect(answer["data"]?["bookTrips"]?["success"] == .bool(true), "\(answer)")
    }
}
