import Foundation
import GraphQLClient
import GraphQLOperationSupport
import GraphQLSubscriptions
import RocketReserverAPI
import SocketTransport
import Synchronization
import Testing
import TestSupport

/// Subscribe, wait until live, book: the booking's event arrives, in each subprotocol, against
/// the reference server over a real loopback WebSocket, with no sleep and no probe of the test's own.
@Suite(.timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build --package-path Server"))
struct ReferenceServerLiveSubscriptionTests {
    @Test(arguments: GraphQLSubscriptionProtocol.allCases)
    func aBookingMadeOnceLiveArrives(subprotocol: GraphQLSubscriptionProtocol) async throws {
        let server = try await ReferenceServer()
        defer { server.stop() }
        let endpoint = try #require(URL(string: server.endpoint))
        let stored = Mutex<String?>(nil)
        let token = TokenSource { stored.withLock { $0 } }
        let client = GraphQLClient(interceptors: [
            AuthorizationInterceptor(token), ResponseParsingInterceptor(), NetworkFetchInterceptor(endpoint: endpoint, session: SocketHTTPSession()),
        ])
        let login = try await client.run(LoginMutation(email: "live@example.com"))
        stored.withLock { $0 = login.data.login?.token }
        let subscriptions = GraphQLSubscriptionClient(
            endpoint: endpoint, session: WebSocketClient(), credentials: SubscriptionCredentials(token), protocols: [subprotocol]
        )

        var events = try await subscriptions.startSubscription(TripsBookedSubscription()).makeAsyncIterator()
        guard case .started? = try await events.next() else {
            Issue.record("the stream did not begin with started")
            return
        }
        let booked = try await client.run(BookTripMutation(id: "5"))
        #expect(booked.data.bookTrips.fragments.tripUpdateDetails.success)
        guard case .data(let event)? = try await events.next() else {
            Issue.record("the booking's event did not arrive")
            return
        }
        #expect(event.tripsBooked == 1)
    }
}
