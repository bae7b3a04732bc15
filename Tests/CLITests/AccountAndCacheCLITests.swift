import Domain
import InMemoryAdapters
import Ports
@testable import CLIFailures
import Testing

/// `whoami`, `cache info` and `cache clear` in-process, against the in-memory adapters.
@Suite("whoami and cache commands", .timeLimit(.minutes(5)))
struct AccountAndCacheCLITests {
    private let endpoint = "http://127.0.0.1:4000/graphql"

    @Test func whoamiShowsTheStoredLoginAndSendsNothing() async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": endpoint], loggedInAs: "me@example.com")
        #expect(await cli.run("whoami") == .success)
        #expect(cli.presenter.presentations == [.whoami(try EmailAddress("me@example.com"), endpoint: endpoint)])
        #expect(await cli.requests.isEmpty)
    }

    @Test func whoamiWithNobodyLoggedInExits77WithASentence() async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("whoami") == .notPermitted)
        #expect(cli.stderr.text.hasPrefix("rocket-reserver: You are not logged in."))
        #expect(cli.presenter.presentations.isEmpty)
    }

    @Test func whoamiWithAnUnreadableLoginExits77() async throws {
        let cli = try CLIHarness(loggedInAs: "me@example.com")
        await cli.credentials.simulateUnreadable()
        #expect(await cli.run("whoami") == .notPermitted)
        #expect(cli.stderr.text.contains("Log in again"))
    }

    @Test func cacheInfoCountsTheCurrentUsersRecords() async throws {
        let cli = try CLIHarness(loggedInAs: "me@example.com")
        #expect(await cli.run("details", "3") == .success)
        #expect(await cli.run("details", "4") == .success)
        #expect(await cli.run("cache", "info") == .success)
        let expected = CacheSummary(path: "memory:me@example.com", exists: true, bytes: 0, records: 2)
        #expect(cli.presenter.presentations.last == .cacheSummary(expected))
    }

    @Test func cacheClearRemovesTheCurrentUsersCacheButNotTheLogin() async throws {
        let cli = try CLIHarness(loggedInAs: "me@example.com")
        #expect(await cli.run("details", "3") == .success)
        #expect(await cli.run("cache", "clear") == .success)
        #expect(cli.presenter.presentations.last == .cacheClearing(CacheClearing(all: false, removed: 1)))
        #expect(await cli.gateway.cachedDetails(id: try LaunchID("3")) == nil)
        #expect(try await cli.credentials.credential()?.email.rawValue == "me@example.com")
        #expect(await cli.run("cache", "clear") == .success)
        #expect(cli.presenter.presentations.last == .cacheClearing(CacheClearing(all: false, removed: 0)))
    }

    @Test func cacheClearAllRemovesEveryUsersCache() async throws {
        let cli = try CLIHarness(loggedInAs: "me@example.com")
        #expect(await cli.run("details", "3") == .success)
        try await cli.credentials.removeCredential()
        #expect(await cli.run("details", "4") == .success)  // the anonymous partition
        #expect(await cli.run("cache", "clear", "--all") == .success)
        #expect(cli.presenter.presentations.last == .cacheClearing(CacheClearing(all: true, removed: 2)))
        #expect(await cli.gateway.cachedDetails(id: try LaunchID("4")) == nil)
    }

    @Test func aCacheThatCannotBeReadExits74() async throws {
        let failure = Failure(CacheInspectorError.unreadable("permission denied"), endpoint: endpoint)
        #expect(failure.code == .ioError)
        #expect(failure.message == "The cache could not be read (permission denied).")
    }
}
