import Domain
import GraphQLTestDoubles
import GraphQLGateway
import Ports
import Testing

/// Pages and trips are kept in the normalized cache under their arguments, so
/// ``Freshness/cachedOnly`` can answer them without a request.
@Suite(.timeLimit(.minutes(5)))
struct FreshnessTests {
    @Test func aPageFetchedOnceIsAnsweredFromTheCacheByItsArguments() async throws {
        let session = StubHTTPSession([GatewayFixture.launchList])
        let launches = GatewayFixture.gateway(session).launches
        let request = try LaunchPageRequest(pageSize: 2, after: "c0")
        let fetched = try await launches.launchPage(request, freshness: .fromServer)
        #expect(try await launches.launchPage(request, freshness: .cachedOnly) == fetched)
        let other = try LaunchPageRequest(pageSize: 3, after: "c0")
        await #expect(throws: ServiceError(.notCached, operation: "LaunchList", detail: "The cache does not hold the answer.")) {
            try await launches.launchPage(other, freshness: .cachedOnly)
        }
        #expect(session.requestCount == 1)
    }

    @Test func tripsAreAnsweredFromTheCacheOffline() async throws {
        let session = StubHTTPSession([GatewayFixture.myTrips])
        let trips = GatewayFixture.gateway(session).trips
        await #expect(throws: ServiceError.self) { try await trips.currentUser(freshness: .cachedOnly) }
        #expect(session.requestCount == 0)
        let fetched = try await trips.currentUser(freshness: .fromServer)
        #expect(try await trips.currentUser(freshness: .cachedOnly) == fetched)
        #expect(session.requestCount == 1)
    }

    @Test func detailsOfflineSendNothing() async throws {
        let session = StubHTTPSession([GatewayFixture.details()])
        let launches = GatewayFixture.gateway(session).launches
        await #expect(throws: ServiceError.self) { try await launches.launchDetails(id: LaunchID("25"), freshness: .cachedOnly) }
        #expect(session.requestCount == 0)
    }
}
