import Domain
import Ports
import Testing
import UseCases

@Suite("LoadLaunchDetails", .timeLimit(.minutes(5)))
struct LoadLaunchDetailsTests {
    @Test func cacheFirstServesASecondReadWithoutARequest() async throws {
        let fixture = try Fixture()
        let first = try await fixture.loadDetails(id: "7")
        let second = try await fixture.loadDetails(id: "7")
        #expect(first == second)
        #expect(await fixture.requests == ["LaunchDetails"])
    }

    @Test func forceReloadGoesToTheServerEvenWhenCached() async throws {
        let fixture = try Fixture()
        _ = try await fixture.loadDetails(id: "7")
        _ = try await fixture.loadDetails(id: "7", forceReload: true)
        #expect(await fixture.requests == ["LaunchDetails", "LaunchDetails"])
    }

    @Test func forceReloadWithAnEmptyCacheFetchesAndFillsIt() async throws {
        let fixture = try Fixture()
        _ = try await fixture.loadDetails(id: "7", forceReload: true)
        _ = try await fixture.loadDetails(id: "7")
        #expect(await fixture.requests == ["LaunchDetails"])
    }

    @Test func forceReloadRefreshesAStaleCache() async throws {
        let fixture = try Fixture(loggedInAs: "me@example.com")
        let id = try LaunchID("7")
        #expect(try await fixture.loadDetails(id: "7").isBooked == false)
        // Booked elsewhere (another device): the server knows, the cache does not.
        _ = try await fixture.server.book(id, token: AuthToken("token-for-me@example.com"))
        #expect(try await fixture.loadDetails(id: "7").isBooked == false)
        #expect(try await fixture.loadDetails(id: "7", forceReload: true).isBooked == true)
        #expect(try await fixture.loadDetails(id: "7").isBooked == true)
    }

    @Test func anUnknownIDIsNotFound() async throws {
        let fixture = try Fixture(launchCount: 5)
        await #expect(throws: UseCaseError.launchNotFound(try LaunchID("999"))) {
            try await fixture.loadDetails(id: "999")
        }
    }

    @Test func aMalformedIDIsRejectedBeforeAnyRequest() async throws {
        let fixture = try Fixture()
        await #expect(throws: DomainError.invalidLaunchID(reason: .invalidCharacters)) {
            try await fixture.loadDetails(id: "1 2")
        }
        #expect(await fixture.requests.isEmpty)
    }
}
