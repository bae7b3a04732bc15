import Domain
import InMemoryAdapters
import Ports
import Testing
import UseCases

@Suite("Freshness: offline answers and the fallback to the cache", .timeLimit(.minutes(5)))
struct OfflineAndFallbackTests {
    static let unreachable = ServiceError(.unreachable, operation: "LaunchList", detail: "Connection refused.")

    @Test func cachedOnlyNeverAsksTheServerAndAMissIsNotCached() async throws {
        let fixture = try Fixture(launchCount: 30)
        _ = try await fixture.listLaunches(pageSize: 10)
        let before = await fixture.requests
        let cached = try await fixture.listLaunches.page(pageSize: 10, freshness: .cachedOnly)
        #expect(cached.value.launches.count == 10)
        #expect(cached.source == .asAsked)
        await #expect(throws: ServiceError(.notCached, operation: "LaunchList", detail: "The cache does not hold the answer.")) {
            try await fixture.listLaunches.page(pageSize: 5, freshness: .cachedOnly)
        }
        #expect(await fixture.requests == before)
    }

    @Test func fromServerElseCachedFallsBackOnlyWhenUnreachable() async throws {
        let fixture = try Fixture(launchCount: 30)
        let fresh = try await fixture.listLaunches.page(pageSize: 10, freshness: .fromServerElseCached)
        #expect(fresh.source == .asAsked)

        await fixture.server.failNextRequest(with: Self.unreachable)
        let fallback = try await fixture.listLaunches.page(pageSize: 10, freshness: .fromServerElseCached)
        #expect(fallback.source == .cacheWhileUnreachable)
        #expect(fallback.value == fresh.value)

        let refused = ServiceError(.rejected, operation: "LaunchList", detail: "No.")
        await fixture.server.failNextRequest(with: refused)
        await #expect(throws: refused) { try await fixture.listLaunches.page(pageSize: 10, freshness: .fromServerElseCached) }

        // Nothing cached: the server's failure, not the miss.
        await fixture.server.failNextRequest(with: Self.unreachable)
        await #expect(throws: Self.unreachable) { try await fixture.listLaunches.page(pageSize: 3, freshness: .fromServerElseCached) }
    }

    /// Every failure kind: only a server that cannot be reached or does not answer in time
    /// falls back; one that cannot be trusted (certificate, TLS), a refusing proxy and every
    /// answer the server gave do not, although the cache holds the page.
    @Test(arguments: [
        (ServiceError.Kind.unreachable, true), (.timedOut, true),
        (.untrustedCertificate, false), (.tlsFailed, false), (.proxyFailed, false), (.unreadableResponse, false),
        (.rejected, false), (.unauthenticated, false), (.cancelled, false), (.notCached, false),
    ])
    func fallsBackForExactlyTheUnreachableKinds(kind: ServiceError.Kind, fallsBack: Bool) async throws {
        let fixture = try Fixture(launchCount: 30)
        let fresh = try await fixture.listLaunches.page(pageSize: 10, freshness: .fromServerElseCached)
        let failure = ServiceError(kind, operation: "LaunchList", detail: "A failure.")
        await fixture.server.failNextRequest(with: failure)
        if fallsBack {
            let fallback = try await fixture.listLaunches.page(pageSize: 10, freshness: .fromServerElseCached)
            #expect(fallback.source == .cacheWhileUnreachable)
            #expect(fallback.value == fresh.value)
        } else {
            await #expect(throws: failure) { try await fixture.listLaunches.page(pageSize: 10, freshness: .fromServerElseCached) }
        }
    }

    @Test func pagesArriveOneAtATimeAndStayInTheCacheAfterAFallback() async throws {
        let fixture = try Fixture(launchCount: 25)
        var numbers: [Int] = []
        var counts: [Int] = []
        for try await element in fixture.listLaunches.pages(pageSize: 10) {
            numbers.append(element.number)
            counts.append(element.launchCount)
            #expect(await fixture.requests.count == element.number, "a page is asked for only when the previous one was taken")
        }
        #expect(numbers == [1, 2, 3])
        #expect(counts == [10, 20, 25])

        await fixture.server.failNextRequest(with: Self.unreachable)
        var sources: [AnswerSource] = []
        for try await element in fixture.listLaunches.pages(pageSize: 10, freshness: .fromServerElseCached) {
            sources.append(element.source)
        }
        #expect(sources == [.cacheWhileUnreachable, .cacheWhileUnreachable, .cacheWhileUnreachable])
        #expect(await fixture.requests.count == 4, "after the fallback, the rest came from the cache without asking")
    }

    @Test func tripsAndDetailsOffline() async throws {
        let fixture = try Fixture(launchCount: 5, loggedInAs: "me@example.com")
        _ = try await fixture.bookTrip(id: "3")
        let online = try await fixture.myTrips()
        _ = try await fixture.loadDetails(id: "3")
        let before = await fixture.requests
        #expect(try await fixture.myTrips(freshness: .cachedOnly).value == online)
        #expect(try await fixture.loadDetails(id: "3", freshness: .cachedOnly).value.launch.id.rawValue == "3")
        await #expect(throws: ServiceError.self) { try await fixture.loadDetails(id: "4", freshness: .cachedOnly) }
        #expect(await fixture.requests == before)
    }
}
