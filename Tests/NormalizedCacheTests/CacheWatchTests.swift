import Foundation
import GraphQLClient
import GraphQLClientFixtures
import JSON
import NormalizedCache
import Testing

/// `NormalizedCache.watch`: the answer now, again after a write that changes it (this
/// process's or another connection's on the same SQLite file), nothing for unrelated writes,
/// and nothing left alive once the consumer stops.
@Suite(.timeLimit(.minutes(1)))
struct CacheWatchTests {
    private let details = ClientFixtures.launchDetails

    private func detailsData(id: String) throws -> [String: JSONValue] {
        try #require(try GraphQLResponseDecoder.decode(.init(ClientFixtures.detailsBody(id: id).utf8)).data)
    }

    /// Waits (yielding, bounded) until the cache has `count` watchers alive.
    private func watchers(of cache: NormalizedCache, reach count: Int) async -> Bool {
        for _ in 0..<1_000_000 {
            if await cache.activeWatchers == count { return true }
            await Task.yield()
        }
        return false
    }

    @Test func yieldsNowThenAfterAWriteThatChangesTheAnswerButNotAfterAnUnrelatedOne() async throws {
        let cache = NormalizedCache()
        let variables: [String: JSONValue] = ["launchId": "25"]
        var answers = cache.watch(details, variables: variables).makeAsyncIterator()
        #expect(await answers.next() == .some(nil))
        let data = try detailsData(id: "25")
        try await cache.write(data, for: details, variables: variables)
        #expect(await answers.next() == .some(data))

        // Another launch's record: nothing the answer read.
        try await cache.write(try detailsData(id: "26"), for: details, variables: ["launchId": "26"])
        // The same answer written again: unchanged.
        try await cache.write(data, for: details, variables: variables)
        await cache.setField("isBooked", of: "Launch:25", to: true)
        let booked = try #require(await answers.next() ?? nil)
        #expect(booked["launch"]?["isBooked"] == true)
        #expect(await cache.activeWatchers == 1)
    }

    @Test func anotherConnectionsWriteIsSeenByPolling() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("watched.sqlite")
        let variables: [String: JSONValue] = ["launchId": "25"]
        let data = try detailsData(id: "25")
        let writer = NormalizedCache(persistence: .sqlite(at: file))
        try await writer.write(data, for: details, variables: variables)
        let watched = NormalizedCache(persistence: .sqlite(at: file))
        var answers = watched.watch(details, variables: variables, pollInterval: .milliseconds(20)).makeAsyncIterator()
        #expect(await answers.next() == .some(data))
        await writer.setField("isBooked", of: "Launch:25", to: true)
        let booked = try #require(await answers.next() ?? nil)
        #expect(booked["launch"]?["isBooked"] == true)
    }

    /// With the file monitor on, a watch never polls: each of another connection's commits
    /// reaches it only through the kernel's file events (a lost one would hang the test until
    /// its time limit), and each is seen, however quickly the next one follows.
    @Test func anotherConnectionsCommitsWakeTheWatchThroughFileEvents() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("watched.sqlite")
        let variables: [String: JSONValue] = ["launchId": "25"]
        let writer = NormalizedCache(persistence: .sqlite(at: file))
        try await writer.write(try detailsData(id: "25"), for: details, variables: variables)
        let watched = NormalizedCache(persistence: .sqlite(at: file))
        var answers = watched.watch(details, variables: variables).makeAsyncIterator()
        _ = await answers.next()
        #expect(await watched.followsOtherProcessesByFileEvents)
        for round in 1...20 {
            let booked = round % 2 == 1
            await writer.setField("isBooked", of: "Launch:25", to: .bool(booked))
            let answer = try #require(await answers.next() ?? nil)
            #expect(answer["launch"]?["isBooked"] == .bool(booked), "round \(round)")
        }
    }

    @Test func aCacheInMemoryHasNoOtherProcessToFollow() async {
        let cache = NormalizedCache()
        var answers = cache.watch(details, variables: ["launchId": "25"]).makeAsyncIterator()
        _ = await answers.next()
        #expect(await cache.followsOtherProcessesByFileEvents == false)
    }

    @Test func stoppingIterationFreesTheWatch() async throws {
        let cache = NormalizedCache()
        let consumers = (0..<50).map { _ in
            Task {
                for await _ in cache.watch(details, variables: ["launchId": "25"]) { break }
            }
        }
        for consumer in consumers { await consumer.value }
        #expect(await watchers(of: cache, reach: 0))
        let cancelled = Task { for await _ in cache.watch(details, variables: ["launchId": "25"]) {} }
        #expect(await watchers(of: cache, reach: 1))
        cancelled.cancel()
        await cancelled.value
        #expect(await watchers(of: cache, reach: 0))
    }
}
