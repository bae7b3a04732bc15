import Domain
import InMemoryAdapters
import Ports
import Testing
import UseCases

@Suite("ListLaunches", .timeLimit(.minutes(5)))
struct ListLaunchesTests {
    @Test func firstPageIsNewestFirstWithACursor() async throws {
        let fixture = try Fixture(launchCount: 30)
        let page = try await fixture.listLaunches(pageSize: 10)
        #expect(page.launches.map(\.id.rawValue) == (21...30).reversed().map(String.init))
        #expect(page.hasMore)
        let next = try await fixture.listLaunches(pageSize: 10, after: page.cursor)
        #expect(next.launches.first?.id.rawValue == "20")
    }

    @Test func allFollowsCursorsToTheLastPage() async throws {
        let fixture = try Fixture(launchCount: 45)
        let all = try await fixture.listLaunches.all(pageSize: 20)
        #expect(all.launches.count == 45)
        #expect(Set(all.launches.map(\.id)).count == 45)
        #expect(!all.hasMore)
        #expect(await fixture.requests == ["LaunchList", "LaunchList", "LaunchList"])
    }

    @Test func rejectsAnInvalidPageSizeBeforeAnyRequest() async throws {
        let fixture = try Fixture()
        await #expect(throws: DomainError.invalidPageSize(0)) { try await fixture.listLaunches(pageSize: 0) }
        #expect(await fixture.requests.isEmpty)
    }

    @Test func allStopsWhenTheServerRepeatsACursor() async throws {
        let stuck = StuckLaunchRepository()
        await #expect(throws: UseCaseError.pagingDidNotAdvance(cursor: "same")) {
            try await ListLaunches(launches: stuck).all()
        }
        #expect(stuck.calls.withLock { $0 } == 2)
    }
}

import Synchronization

/// A repository whose every page says "more after cursor `same`".
private final class StuckLaunchRepository: LaunchRepository {
    let calls = Mutex(0)

    func launchPage(_ request: LaunchPageRequest, freshness: Freshness) async throws -> LaunchPage {
        calls.withLock { $0 += 1 }
        return LaunchPage(launches: [], cursor: "same", hasMore: true)
    }

    func launchDetails(id: LaunchID, freshness: Freshness) async throws -> LaunchDetails? { nil }
}
