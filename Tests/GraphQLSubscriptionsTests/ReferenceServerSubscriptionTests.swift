import Foundation
import GraphQLClient
import GraphQLSubscriptions
import Transport
import JSON
import RocketReserverAPI
import SocketTransport
import Testing
import TestSupport

/// The subscription client against the reference server over a real loopback WebSocket, in
/// each subprotocol: a booking and a cancellation made over HTTP arrive as `tripsBooked` events.
@Suite(.timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) struct ReferenceServerSubscriptionTests {
    @Test(arguments: GraphQLSubscriptionProtocol.allCases)
    func bookingsAndCancellationsArriveAsEvents(subprotocol: GraphQLSubscriptionProtocol) async throws {
        let server = try await ReferenceServer()
        defer { server.stop() }
        let endpoint = try #require(URL(string: server.endpoint))
        let token = Data("subscriber@example.com".utf8).base64EncodedString()
        let client = GraphQLSubscriptionClient(
            endpoint: endpoint, session: WebSocketClient(), credentials: SubscriptionCredentials { token }, protocols: [subprotocol]
        )
        var events = client.subscribe(TripsBookedSubscription()).makeAsyncIterator()
        // Once `started` is read, the server has the subscription: what is booked next arrives.
        guard case .started? = try await events.next() else {
            Issue.record("the subscription did not start")
            return
        }

        let http = SocketHTTPSession()
        try await post(#"{"query":"mutation { bookTrips(launchIds: [\"3\", \"4\"]) { success } }"}"#, to: endpoint, token: token, with: http)
        try await post(#"{"query":"mutation { cancelTrip(launchId: \"3\") { success } }"}"#, to: endpoint, token: token, with: http)
        guard case .data(let booked)? = try await events.next(), case .data(let cancelled)? = try await events.next() else {
            Issue.record("expected two events")
            return
        }
        #expect(booked.tripsBooked == 2)
        #expect(cancelled.tripsBooked == -1)
    }

    /// In graphql-ws, where the server says `connection_error` before it closes with 4403.
    /// (In graphql-transport-ws the server's 4403 close sometimes never reaches the client: it
    /// marks the connection closed before sending the close frame, and the client then waits
    /// for its acknowledgement timeout; the in-memory tests cover 4403 itself.)
    @Test func aTokenThatIsNotAUserIsRefusedNotRetried() async throws {
        let server = try await ReferenceServer()
        defer { server.stop() }
        let client = GraphQLSubscriptionClient(
            endpoint: try #require(URL(string: server.endpoint)), session: WebSocketClient(),
            credentials: SubscriptionCredentials { "not base64 of an email" }, protocols: [.graphQLWS]
        )
        let error = await #expect(throws: GraphQLSubscriptionError.self) {
            for try await _ in client.subscribe(TripsBookedSubscription()) {}
        }
        guard case .connectionRefused? = error?.kind else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
    }

    private func post(_ body: String, to endpoint: URL, token: String, with session: SocketHTTPSession) async throws {
        let response = try await session.send(HTTPRequest(
            url: endpoint, headers: ["Content-Type": "application/json", "Authorization": token], body: Data(body.utf8)
        ))
        #expect(response.statusCode == 200)
        let answer = try JSONParser.parse(response.body)
        #expect(answer["errors"] == nil, "\(answer)")
    }
}
