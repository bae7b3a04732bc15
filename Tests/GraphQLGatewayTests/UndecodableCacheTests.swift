import Domain
import GraphQLTestDoubles
import GraphQLGateway
import JSON
import NormalizedCache
import RocketReserverAPI
import Ports
import Testing

/// A cached answer that the gateway cannot decode (written by an older version, or damaged) is
/// a miss for cache-first reads: the gateway asks the server, never fails on it.
@Suite(.timeLimit(.minutes(5)))
struct UndecodableCacheTests {
    static let poisoned: [String] = [
        #"{"launch":{"__typename":"Launch","id":true,"site":"X","mission":null,"rocket":null,"isBooked":false}}"#,
        #"{"launch":{"__typename":"Launch","id":"25","site":5,"mission":null,"rocket":null,"isBooked":false}}"#,
        #"{"launch":{"__typename":"Launch","id":"25","site":"X","mission":null,"rocket":null,"isBooked":"yes"}}"#,
        #"{"launch":{"__typename":"Launch","id":"26","site":"X","mission":null,"rocket":null,"isBooked":false}}"#,
    ]

    @Test(arguments: poisoned)
    func anUndecodableCachedLaunchGoesToTheServer(_ cached: String) async throws {
        let cache = NormalizedCache()
        // Written straight into the cache, past the chain's validation.
        guard case .object(let data) = try JSONParser.parse(cached.data(using: .utf8) ?? .init()) else {
            Issue.record("not an object")
            return
        }
        try await cache.write(data, for: LaunchDetailsQuery.operation, variables: ["launchId": "25"])
        #expect(await cache.read(LaunchDetailsQuery.operation, variables: ["launchId": "25"]) != nil)

        let session = StubHTTPSession([GatewayFixture.details(id: "25")])
        let details = try await GatewayFixture.gateway(session, cache: cache).launches.launchDetails(id: LaunchID(trusted: "25"), freshness: .cachedIfAvailable)
        #expect(details?.launch.id == LaunchID(trusted: "25"))
        #expect(details?.launch.site == "KSC LC 39A")
        #expect(session.requests.count == 1)
        // The server's good answer replaced the poisoned one.
        let again = try await GatewayFixture.gateway(StubHTTPSession([]), cache: cache).launches.launchDetails(id: LaunchID(trusted: "25"), freshness: .cachedIfAvailable)
        #expect(again?.launch.site == "KSC LC 39A")
    }
}
