import Domain
import Foundation
import GraphQLClient
import GraphQLGateway
import InMemoryAdapters
import NormalizedCache
import Ports
import Testing

/// One ``TripWatcher`` implementation the contract suite runs against, with the repository
/// whose reads and writes go through the same cache.
struct TripWatcherContractSubject: Sendable, CustomTestStringConvertible {
    /// A watcher, its cache's repositories, and the server behind them.
    struct Setup: Sendable {
        let watcher: any TripWatcher
        /// Fetches the current user from the server (and writes it to the cache).
        let fetchUser: @Sendable () async throws -> Void
        /// Fetches a launch's details from the server (a write the user's answer does not read).
        let fetchLaunch: @Sendable (LaunchID) async throws -> Void
        /// Books on the server for the signed-in user, without touching the cache.
        let bookOnServer: @Sendable (LaunchID) async throws -> Void
        /// Returns once `count` watches are alive: `true`; `false` when the waiting task is
        /// cancelled first (the suite's time limit cancels it).
        let watches: @Sendable (Int) async -> Bool
    }

    let name: String
    let make: @Sendable () async throws -> Setup

    var testDescription: String { name }

    /// Every adapter of the ``TripWatcher`` port.
    static let all: [Self] = [
        Self(name: "InMemoryGateway") {
            let server = InMemoryTutorialServer(launches: SampleLaunches.make(count: 10))
            let email = try EmailAddress("watcher@example.com")
            let token = AuthToken("token-for-watcher@example.com")
            let gateway = InMemoryGateway(server: server, credentials: InMemoryCredentialStore(credential: Credential(email: email, token: token)))
            return Setup(
                watcher: gateway,
                fetchUser: { _ = try await gateway.currentUser(freshness: .fromServer) },
                fetchLaunch: { _ = try await gateway.launchDetails(id: $0, freshness: .fromServer) },
                bookOnServer: { _ = try await server.book($0, token: token) },
                watches: { await gateway.liveWatchers.wait(until: $0) }
            )
        },
        Self(name: "GraphQLTripWatcher") {
            let session = TripsFakeHTTPSession()
            let cache = NormalizedCache()
            let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
                endpoint: URL(string: "http://127.0.0.1:4000/graphql")!, session: session, cache: cache, retry: RetryInterceptor(delays: [])
            ))
            let gateway = GraphQLGateway(client: client, cache: cache)
            return Setup(
                watcher: GraphQLTripWatcher(cache: cache),
                fetchUser: { _ = try await gateway.trips.currentUser(freshness: .fromServer) },
                fetchLaunch: { _ = try await gateway.launches.launchDetails(id: $0, freshness: .fromServer) },
                bookOnServer: { session.book($0.rawValue) },
                watches: { count in
                    // The cache counts its watches; a stopped one is removed by its own task.
                    while await cache.activeWatchers != count {
                        if Task.isCancelled { return false }
                        await Task.yield()
                    }
                    return true
                }
            )
        },
    ]
}
