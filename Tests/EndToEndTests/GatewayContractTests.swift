import Domain
import Foundation
import GraphQLClient
import GraphQLGateway
import InMemoryAdapters
import NormalizedCache
import Ports
import SocketTransport
import Testing
import TestSupport

/// The contract of the server-facing ports (`LaunchRepository`, `TripBookingService`,
/// `TripRepository`, `Authenticator`) and of the cache's `LaunchWatcher`, run against every adapter: the in-memory gateway and the
/// GraphQL gateway talking to the reference server over HTTP.
@Suite("Gateway contract", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct GatewayContractTests {
    /// One adapter under test, with the credential store its requests are authorised from.
    struct Subject: Sendable {
        let name: String
        let launches: any LaunchRepository
        let booking: any TripBookingService
        let trips: any TripRepository
        let authenticator: any Authenticator
        let launchWatcher: any LaunchWatcher
        let credentials: InMemoryCredentialStore
        /// Keeps the server (if any) alive for the subject's lifetime and stops it afterwards.
        let teardown: @Sendable () -> Void

        func logIn(_ address: String) async throws {
            let email = try EmailAddress(address)
            let token = try #require(try await authenticator.logIn(email: email))
            try await credentials.save(Credential(email: email, token: token))
        }
    }

    enum Adapter: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inMemory, graphQL
        var testDescription: String { rawValue }

        func make() async throws -> Subject {
            let credentials = InMemoryCredentialStore()
            switch self {
            case .inMemory:
                let gateway = InMemoryGateway(server: InMemoryTutorialServer(launches: SampleLaunches.make(count: 30)), credentials: credentials)
                return Subject(name: rawValue, launches: gateway, booking: gateway, trips: gateway, authenticator: gateway,
                               launchWatcher: gateway, credentials: credentials, teardown: {})
            case .graphQL:
                let folder = try TemporaryDirectory(prefix: "contract")
                let server = try await ReferenceServer(stateFile: folder.url.appendingPathComponent("state.json"))
                let endpoint = try #require(URL(string: server.endpoint))
                let cache = NormalizedCache(persistence: .inMemory())
                let client = GraphQLClient(interceptors: GraphQLInterceptors.standard(
                    endpoint: endpoint, session: SocketHTTPSession(), timeout: .seconds(10), cache: cache,
                    authorization: AuthorizationInterceptor { try await credentials.credential()?.token.rawValue }
                ))
                let gateway = GraphQLGateway(client: client, cache: cache)
                return Subject(name: rawValue, launches: gateway.launches, booking: gateway.booking, trips: gateway.trips,
                               authenticator: gateway.authenticator, launchWatcher: GraphQLLaunchWatcher(cache: cache), credentials: credentials,
                               teardown: { server.stop(); folder.remove() })
            }
        }
    }

    @Test(arguments: Adapter.allCases)
    func pagesAreNewestFirstAndFollowTheirCursor(_ adapter: Adapter) async throws {
        let subject = try await adapter.make()
        defer { subject.teardown() }
        let first = try await subject.launches.launchPage(LaunchPageRequest(pageSize: 5))
        #expect(first.launches.count == 5)
        #expect(first.hasMore)
        let second = try await subject.launches.launchPage(LaunchPageRequest(pageSize: 5, after: first.cursor))
        #expect(Set(first.launches.map(\.id)).isDisjoint(with: second.launches.map(\.id)))
        let ids = (first.launches + second.launches).map(\.id)
        #expect(ids == ids.sorted(by: >), "launches are not newest first")
    }

    @Test(arguments: Adapter.allCases)
    func anUnknownLaunchIsNil(_ adapter: Adapter) async throws {
        let subject = try await adapter.make()
        defer { subject.teardown() }
        #expect(try await subject.launches.launchDetails(id: try LaunchID("98765"), freshness: .fromServer) == nil)
    }

    @Test(arguments: Adapter.allCases)
    func bookingShowsInCachedAndFreshDetails(_ adapter: Adapter) async throws {
        let subject = try await adapter.make()
        defer { subject.teardown() }
        let id = try LaunchID("3")
        #expect(try await subject.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == false)
        try await subject.logIn("contract@example.com")

        let booked = try await subject.booking.bookTrip(id)
        #expect(booked.success)
        #expect(booked.launchID == id)
        #expect(booked.launch?.id == id)
        #expect(booked.launch?.isBooked == true)
        #expect(try await subject.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == true)
        #expect(try await subject.launches.launchDetails(id: id, freshness: .fromServer)?.isBooked == true)
        #expect(try await subject.trips.currentUser()?.trips.map(\.id) == [id])

        let cancelled = try await subject.booking.cancelTrip(id)
        #expect(cancelled.success)
        #expect(cancelled.launch?.id == id)
        #expect(cancelled.launch?.isBooked == false)
        #expect(try await subject.launches.launchDetails(id: id, freshness: .cachedIfAvailable)?.isBooked == false)
        #expect(try await subject.launches.launchDetails(id: id, freshness: .fromServer)?.isBooked == false)
        #expect(try await subject.trips.currentUser()?.trips.isEmpty == true)
    }

    /// A watch of a launch's details: nothing before anything is cached, then the fetched
    /// details, then the booking and the cancel as each is answered (an optimistic value may
    /// come first, and equals the answer: the next element is what the answer left).
    @Test(arguments: Adapter.allCases)
    func aWatchFollowsTheCachedDetailsThroughABookingAndACancel(_ adapter: Adapter) async throws {
        let subject = try await adapter.make()
        defer { subject.teardown() }
        try await subject.logIn("watcher@example.com")
        let id = try LaunchID("4")
        let watch = subject.launchWatcher.watchLaunchDetails(id: id).makeAsyncIterator()
        #expect(try await watch.next() == .some(nil))
        let fetched = try await subject.launches.launchDetails(id: id, freshness: .fromServer)
        #expect(try await watch.next() == .some(fetched))
        #expect(fetched?.isBooked == false)
        _ = try await subject.booking.bookTrip(id)
        #expect(try await watch.next()??.isBooked == true)
        _ = try await subject.booking.cancelTrip(id)
        #expect(try await watch.next()??.isBooked == false)
    }

    @Test(arguments: Adapter.allCases)
    func cancellingATripThatIsNotBookedFails(_ adapter: Adapter) async throws {
        let subject = try await adapter.make()
        defer { subject.teardown() }
        try await subject.logIn("contract@example.com")
        let update = try await subject.booking.cancelTrip(try LaunchID("4"))
        #expect(!update.success)
        #expect(update.message == "failed to cancel trip")
        #expect(update.launch == nil)
    }

    /// The update carries the launch from the server's answer, whatever is cached: nothing is here.
    @Test(arguments: Adapter.allCases)
    func anUpdateCarriesTheLaunchWithNothingCached(_ adapter: Adapter) async throws {
        let subject = try await adapter.make()
        defer { subject.teardown() }
        try await subject.logIn("contract@example.com")
        let id = try LaunchID("5")
        let booked = try await subject.booking.bookTrip(id)
        #expect(booked.launch?.id == id)
        #expect(booked.launch?.isBooked == true)
        #expect(booked.launch?.launch.mission?.name?.isEmpty == false)
        let unknown = try await subject.booking.bookTrip(try LaunchID("98765"))
        #expect(!unknown.success)
        #expect(unknown.launch == nil)
    }

    @Test(arguments: Adapter.allCases)
    func anonymousRequestsKnowNoUserAndCannotBook(_ adapter: Adapter) async throws {
        let subject = try await adapter.make()
        defer { subject.teardown() }
        #expect(try await subject.trips.currentUser() == nil)
        let error = await #expect(throws: ServiceError.self) { try await subject.booking.bookTrip(try LaunchID("3")) }
        #expect(error?.kind == .unauthenticated)
    }
}
