import Foundation
import Testing
import TestSupport

/// `--max-age` and `ROCKET_RESERVER_MAX_AGE`: cached records older than the limit are a miss,
/// so the command asks the server (or, offline, says it has nothing fresh enough).
@Suite("Cache freshness", .timeLimit(.minutes(5)))
struct CacheFreshnessTests {
    @Test func aRecordOlderThanTheMaxAgeIsFetchedAgain() async throws {
        let session = try await FaultSession()
        let young = try await session.run(["details", FaultSession.cachedLaunch, "--max-age", "3600", "--json"])
        #expect(young.status == 0, "exit \(young.status): \(young.stderr)")
        #expect(session.server.requestCount == 0, "a record younger than an hour answers from the cache")

        let stale = try await session.run(["details", FaultSession.cachedLaunch, "--max-age", "0", "--json"])
        #expect(stale.status == 0, "exit \(stale.status): \(stale.stderr)")
        #expect(session.server.requestCount == 1, "a max age of 0 makes every record stale")
    }

    @Test func theEnvironmentSetsTheMaxAgeAndOfflineSaysNothingFreshIsCached() async throws {
        let session = try await FaultSession()
        let result = try await session.run(["details", FaultSession.cachedLaunch, "--offline"], environment: ["ROCKET_RESERVER_MAX_AGE": "0"])
        #expect(result.status == 69, "exit \(result.status): \(result.stderr)")
        #expect(session.server.requestCount == 0)
        let fresh = try await session.run(["details", FaultSession.cachedLaunch, "--offline"], environment: ["ROCKET_RESERVER_MAX_AGE": "60"])
        #expect(fresh.status == 0, "exit \(fresh.status): \(fresh.stderr)")
    }

    @Test(arguments: ["-1", "1.5", "abc", "", "315360001", "99999999999999999999"])
    func aMaxAgeThatIsNotWholeSecondsIsAUsageError(_ value: String) async throws {
        let session = try await FaultSession(prepared: false)
        let result = try await session.run(["details", "1", "--max-age=\(value)"])
        #expect(result.status == 64, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("--max-age must be a whole number of seconds"), "stderr: \(result.stderr)")
        #expect(session.server.requestCount == 0)
    }

    @Test func theFallbackSaysHowOldTheCachedDataIs() async throws {
        let session = try await FaultSession()
        #expect(try await session.run(["launches"]).status == 0)
        let database = try #require(session.cacheFiles(session.home.snapshot()).keys.first { $0.hasSuffix(".sqlite") })
        try CacheDump.age(session.home.url.path + database, bySeconds: 3 * 3_600 + 100)
        session.server.behaviour = .neverAnswer
        let result = try await session.run(["launches", "--timeout", "0.5"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.contains("Showing cached data from 3 hours ago: the server could not be reached.\n"), "stderr: \(result.stderr)")
    }
}
