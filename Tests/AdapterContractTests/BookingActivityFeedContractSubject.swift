import Domain
import Foundation
import GraphQLGateway
import GraphQLSubscriptions
import Transport
import InMemoryAdapters
import Ports
import Testing

/// One ``BookingActivityFeed`` implementation the contract suite runs against, with handles
/// on the server behind it.
struct BookingActivityFeedContractSubject: Sendable, CustomTestStringConvertible {
    /// A feed and the server behind it.
    struct Setup: Sendable {
        let feed: any BookingActivityFeed
        /// Books `launch` as a user the server knows (any user: the feed is the server's).
        let book: @Sendable (LaunchID) async throws -> Void
        /// Cancels `launch` for the same user.
        let cancel: @Sendable (LaunchID) async throws -> Void
        /// Returns once `count` iterations are connected: `true`; `false` when the waiting task
        /// is cancelled first (the suite's time limit cancels it).
        let connected: @Sendable (Int) async -> Bool
        /// Makes later connections fail with the error (`nil`: succeed again).
        let refuse: @Sendable (ServiceError?) async -> Void
    }

    let name: String
    let make: @Sendable () async throws -> Setup

    var testDescription: String { name }

    /// Every adapter of the ``BookingActivityFeed`` port.
    static let all: [Self] = [
        Self(name: "InMemoryBookingActivityFeed") {
            let feed = InMemoryBookingActivityFeed()
            let server = InMemoryTutorialServer(launches: SampleLaunches.make(count: 10), activity: feed)
            let token = AuthToken("token-for-contract@example.com")
            return Setup(
                feed: feed,
                book: { _ = try await server.book($0, token: token) },
                cancel: { _ = try await server.cancel($0, token: token) },
                connected: { await feed.subscribers.wait(until: $0) },
                refuse: { feed.refuseConnections(with: $0) }
            )
        },
        Self(name: "GraphQLBookingActivityFeed") {
            let server = TripsBookedFakeServer()
            let client = GraphQLSubscriptionClient(endpoint: URL(string: "http://127.0.0.1:4000/graphql")!, session: server.session)
            return Setup(
                feed: GraphQLBookingActivityFeed(client: client),
                book: { _ in server.publish(1) },
                cancel: { _ in server.publish(-1) },
                connected: { await server.wait(until: $0) },
                refuse: { server.refuse($0 == nil ? nil : HTTPTransportError(.connectionRefused)) }
            )
        },
    ]
}
