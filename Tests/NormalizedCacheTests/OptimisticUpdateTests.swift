import Foundation
import GraphQLClient
import GraphQLClientFixtures
import JSON
import NormalizedCache
import Testing

/// A mutation with an optimistic result: watchers see it at once, the outcome replaces it, a
/// failure rolls it back; nothing optimistic is ever stored.
@Suite(.timeLimit(.minutes(1)))
struct OptimisticUpdateTests {
    private let details = ClientFixtures.launchDetails
    private let variables: [String: JSONValue] = ["launchId": "25"]

    private func cache(in folder: URL) async throws -> NormalizedCache {
        let cache = NormalizedCache(persistence: .sqlite(at: folder.appendingPathComponent("o.sqlite"), maximumBytes: nil))
        let data = try #require(try GraphQLResponseDecoder.decode(.init(ClientFixtures.detailsBody(id: "25", isBooked: false).utf8)).data)
        try await cache.write(data, for: details, variables: variables)
        return cache
    }

    private func isBooked(_ answer: [String: JSONValue]??) -> Bool? {
        answer??["launch"]?["isBooked"]?.boolValue
    }

    @Test func watchersSeeTheOptimisticValueAtOnceAndTheRollbackOnFailure() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try await cache(in: folder)
        var watch = cache.watch(details, variables: variables).makeAsyncIterator()
        #expect(isBooked(await watch.next()) == false)
        let (gate, opened) = AsyncStream.makeStream(of: Void.self)
        let mutation = Task {
            try await cache.performOptimistically(.setting("isBooked", of: "Launch:25", to: true)) {
                for await _ in gate { break }
                throw CancellationError()
            }
        }
        #expect(isBooked(await watch.next()) == true)
        // Another cache on the same file (another process) never sees the optimistic value.
        let other = NormalizedCache(persistence: .sqlite(at: folder.appendingPathComponent("o.sqlite"), maximumBytes: nil))
        #expect(isBooked(await other.read(details, variables: variables)) == false)
        opened.yield()
        await #expect(throws: CancellationError.self) { try await mutation.value }
        #expect(isBooked(await watch.next()) == false)
        #expect(await cache.optimisticLayerCount == 0)
    }

    @Test func onSuccessTheStoredOutcomeStaysWithoutFlicker() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try await cache(in: folder)
        var watch = cache.watch(details, variables: variables).makeAsyncIterator()
        #expect(isBooked(await watch.next()) == false)
        let result = try await cache.performOptimistically(.setting("isBooked", of: "Launch:25", to: true)) {
            await cache.setField("isBooked", of: "Launch:25", to: true)
            return "booked"
        }
        #expect(result == "booked")
        #expect(isBooked(await watch.next()) == true)
        #expect(isBooked(await cache.read(details, variables: variables)) == true)
        #expect(await cache.optimisticLayerCount == 0)
        // Stored for real: another cache on the file reads it too.
        let other = NormalizedCache(persistence: .sqlite(at: folder.appendingPathComponent("o.sqlite"), maximumBytes: nil))
        #expect(isBooked(await other.read(details, variables: variables)) == true)
    }

    @Test func layersStackAndEachIsRemovedOnItsOwn() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try await cache(in: folder)
        let (gate, opened) = AsyncStream.makeStream(of: Void.self)
        let outer = Task {
            try await cache.performOptimistically(.setting("isBooked", of: "Launch:25", to: true)) {
                for await _ in gate { break }
            }
        }
        while await cache.optimisticLayerCount < 1 { await Task.yield() }
        try await cache.performOptimistically(.setting("isBooked", of: "Launch:25", to: false)) {
            #expect(isBooked(await cache.read(details, variables: variables)) == false)
        }
        #expect(isBooked(await cache.read(details, variables: variables)) == true)
        opened.yield()
        try await outer.value
        #expect(isBooked(await cache.read(details, variables: variables)) == false)
    }
}
