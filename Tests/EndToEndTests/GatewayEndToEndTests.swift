import Domain
import Foundation
import GraphQLClient
import GraphQLGateway
import NormalizedCache
import Ports
import SocketTransport
import Synchronization
import Testing
import TestSupport

/// Drives the GraphQL client and gateway in-process against the built reference server over
/// real HTTP through the default session (`SocketHTTPSession`).
@Suite("Gateway against the reference server", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct GatewayEndToEndTests {
    /// Counts the requests that reach the network fetch at the end of the chain.
    struct NetworkCounter: GraphQLInterceptor {
        let count = Counter()

        func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
            count.increment(request.operation.name)
            return try await next(request)
        }
    }

    final class Counter: Sendable {
        private let operations = Mutex<[String]>([])
        func increment(_ name: String) { operations.withLock { $0.append(name) } }
        var all: [String] { operations.withLock { $0 } }
    }

    /// A token holder standing in for the keychain.
    final class TokenBox: Sendable {
        private let value = Mutex<String?>(nil)
        func set(_ token: String?) { value.withLock { $0 = token } }
        func get() -> String? { value.withLock { $0 } }
    }

    @Test func theTutorialFlowOverRealHTTP() async throws {
        let folder = try TemporaryDirectory(prefix: "gateway-e2e")
        defer { folder.remove() }
        let server = try await ReferenceServer(stateFile: folder.url.appendingPathComponent("state.json"))
        defer { server.stop() }
        let endpoint = try #require(URL(string: server.endpoint))

        let token = TokenBox()
        let counter = NetworkCounter()
        let cache = NormalizedCache(persistence: .sqlite(at: folder.url.appendingPathComponent("cache.bin")))
        var chain = GraphQLInterceptors.standard(
            endpoint: endpoint, session: SocketHTTPSession(), timeout: .seconds(10), cache: cache,
            authorization: AuthorizationInterceptor(scheme: .raw) { token.get() }
        )
        chain.insert(counter, at: chain.count - 1)
        let gateway = GraphQLGateway(client: GraphQLClient(interceptors: chain), cache: cache)

        var page = try await gateway.launches.launchPage(LaunchPageRequest())
        var ids = page.launches.map(\.id)
        #expect(ids.count == 20)
        while page.hasMore {
            page = try await gateway.launches.launchPage(LaunchPageRequest(after: page.cursor))
            ids += page.launches.map(\.id)
        }
        #expect(Set(ids.map(\.rawValue)) == Set((1...110).map(String.init)))

        let id = try LaunchID("17")
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .fromServer)?.isBooked == false)
        #expect(try await gateway.launches.launchDetails(id: try LaunchID("4242"), freshness: .fromServer) == nil)

        let issued = try #require(try await gateway.authenticator.logIn(email: try EmailAddress("inproc@example.com")))
        #expect(issued.rawValue == Data("inproc@example.com".utf8).base64EncodedString())
        token.set(issued.rawValue)

        let booked = try await gateway.booking.bookTrip(id)
        #expect(booked.success)
        let before = counter.count.all.count
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == true)
        #expect(counter.count.all.count == before, "a cache-first read after booking went to the network")
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .fromServer)?.isBooked == true)

        let user = try #require(try await gateway.trips.currentUser())
        #expect(user.email.rawValue == "inproc@example.com")
        #expect(user.trips.map(\.id) == [id])

        let cancelled = try await gateway.booking.cancelTrip(id)
        #expect(cancelled.success)
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == false)
        #expect(try await gateway.launches.launchDetails(id: id, freshness: .fromServer)?.isBooked == false)
        #expect(try await gateway.booking.cancelTrip(id).success == false)

        token.set(nil)
        let anonymous = await #expect(throws: ServiceError.self) { try await gateway.booking.bookTrip(id) }
        #expect(anonymous?.kind == .unauthenticated)
    }
}
