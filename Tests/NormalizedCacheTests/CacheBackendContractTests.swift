import Foundation
import GraphQLClient
import GraphQLClientFixtures
import JSON
import NormalizedCache
import Synchronization
import Testing

/// One contract, two persistences (in memory and SQLite), in the style of essential-feed's
/// `FeedStoreSpecs`: whatever a program builds on ``NormalizedCache`` behaves the same on both.
/// Time comes from an injected clock, never from sleeping.
@Suite(.timeLimit(.minutes(5)))
struct CacheBackendContractTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }

        /// A new, empty persistence of this kind (in `folder` for SQLite).
        func persistence(in folder: URL, maximumBytes: Int? = nil) -> CachePersistence {
            switch self {
            case .memory: .inMemory(maximumBytes: maximumBytes)
            case .sqlite: .sqlite(at: folder.appendingPathComponent("contract.sqlite"), maximumBytes: maximumBytes)
            }
        }
    }

    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
        func advance(by seconds: Double) { now.withLock { $0 += seconds } }
        var read: @Sendable () -> Date { { [self] in now.withLock { $0 } } }
    }

    private let details = ClientFixtures.launchDetails

    private func detailsData(id: String = "25", isBooked: Bool = false) throws -> [String: JSONValue] {
        try #require(try GraphQLResponseDecoder.decode(.init(ClientFixtures.detailsBody(id: id, isBooked: isBooked).utf8)).data)
    }

    @Test(arguments: Backend.allCases)
    func anEmptyCacheMissesEverything(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NormalizedCache(persistence: backend.persistence(in: folder))
        #expect(await cache.read(details, variables: ["launchId": "25"]) == nil)
        #expect(await cache.record("QUERY_ROOT") == nil)
        #expect(try await cache.storageSummary().records == 0)
    }

    @Test(arguments: Backend.allCases)
    func whatIsWrittenReadsBackAndAnotherCacheSeesIt(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let persistence = backend.persistence(in: folder)
        let data = try detailsData()
        try await NormalizedCache(persistence: persistence).write(data, for: details, variables: ["launchId": "25"])
        let other = NormalizedCache(persistence: persistence)
        #expect(await other.read(details, variables: ["launchId": "25"]) == data)
        #expect(await other.read(details, variables: ["launchId": "26"]) == nil)
        #expect(try await other.storageSummary().records == 4)  // root, launch, its mission (path key), rocket
    }

    @Test(arguments: Backend.allCases)
    func aWriteMergesFieldsAndTheLastValueWins(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NormalizedCache(persistence: backend.persistence(in: folder))
        await cache.setField("a", of: "Item:1", to: 1)
        await cache.setField("b", of: "Item:1", to: 2)
        await cache.setField("a", of: "Item:1", to: 3)
        #expect(await cache.record("Item:1") == ["a": .scalar(3), "b": .scalar(2)])
        await cache.removeField("a", of: "Item:1")
        #expect(await cache.record("Item:1") == ["b": .scalar(2)])
        await cache.removeField("b", of: "Item:1")
        #expect(await cache.record("Item:1") == nil, "a record without fields is gone")
        try await cache.write(try detailsData(isBooked: true), for: details, variables: ["launchId": "25"])
        try await cache.write(try detailsData(isBooked: false), for: details, variables: ["launchId": "25"])
        #expect(await cache.record("Launch:25")?["isBooked"] == .scalar(false))
    }

    @Test(arguments: Backend.allCases)
    func aRefusedAnswerWritesNothing(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NormalizedCache(persistence: backend.persistence(in: folder))
        var data = try detailsData()
        guard case .object(var launch)? = data["launch"] else {
            Issue.record("the fixture has no launch")
            return
        }
        launch["__typename"] = "Not a name"
        data["launch"] = .object(launch)
        await #expect(throws: CacheIdentityError.self) { try await cache.write(data, for: details, variables: ["launchId": "25"]) }
        #expect(try await cache.storageSummary().records == 0)
    }

    @Test(arguments: Backend.allCases)
    func recordsOlderThanTheMaxAgeAreAMissAndAFreshAnswerRenewsThem(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let persistence = backend.persistence(in: folder)
        let clock = ManualClock()
        let writer = NormalizedCache(persistence: persistence, configuration: CacheConfiguration(now: clock.read))
        let strict = NormalizedCache(persistence: persistence, configuration: CacheConfiguration(maxAge: .seconds(60), now: clock.read))
        let data = try detailsData()
        try await writer.write(data, for: details, variables: ["launchId": "25"])
        clock.advance(by: 59)
        #expect(await strict.read(details, variables: ["launchId": "25"]) == data)
        let answer = try #require(await strict.cachedAnswer(details, variables: ["launchId": "25"]))
        #expect(abs(answer.receivedAt.timeIntervalSince(clock.read()) + 59) < 0.01, "the age is the oldest record's")
        clock.advance(by: 2)
        #expect(await strict.read(details, variables: ["launchId": "25"]) == nil, "61 seconds old is too old")
        #expect(await writer.read(details, variables: ["launchId": "25"]) == data, "without a max age, still a hit")
        // The same answer again (no value changed) makes every record fresh again.
        try await writer.write(data, for: details, variables: ["launchId": "25"])
        #expect(await strict.read(details, variables: ["launchId": "25"]) == data)
        // One stale record is enough for a miss.
        clock.advance(by: 30)
        await writer.setField("site", of: "Launch:25", to: "Somewhere else")
        clock.advance(by: 31)
        #expect(await strict.read(details, variables: ["launchId": "25"]) == nil)
    }

    @Test(arguments: Backend.allCases)
    func garbageCollectionRemovesWhatNoRootReachesAndDanglingReferences(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = NormalizedCache(persistence: backend.persistence(in: folder))
        let data = try detailsData()
        try await cache.write(data, for: details, variables: ["launchId": "25"])
        await cache.setField("name", of: "Orphan:1", to: "nobody refers to me")
        await cache.setField("next", of: "Orphan:2", to: "x")
        await cache.removeRecord("Rocket:falcon9")
        let report = await cache.collectGarbage()
        #expect(report == GarbageReport(unreachableRecords: 2, danglingReferences: 1))
        #expect(await cache.record("Orphan:1") == nil)
        #expect(await cache.record("Launch:25")?["rocket"] == nil, "the reference to the removed rocket is gone")
        #expect(await cache.record("Launch:25")?["site"] != nil, "the rest of the launch stays")
        #expect(await cache.collectGarbage() == GarbageReport(unreachableRecords: 0, danglingReferences: 0))
    }

    @Test(arguments: Backend.allCases)
    func theSizeBoundRemovesTheLeastRecentlyUsedFirst(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bound = 256 * 1024
        let clock = ManualClock()
        let cache = NormalizedCache(persistence: backend.persistence(in: folder, maximumBytes: bound), configuration: CacheConfiguration(now: clock.read))
        let filler = String(repeating: "x", count: 200)
        let early = try detailsData(id: "1")
        try await cache.write(early, for: details, variables: ["launchId": "1"])
        clock.advance(by: 3_600)
        let items = 5_000
        for index in 0..<items {
            await cache.setField("payload", of: "Item:\(index)", to: .string(filler))
            clock.advance(by: 1)
            if index % 50 == 0 {
                // Launch 1 is read all along (a read marks a use once an hour): it stays;
                // nothing else reads Item:0…
                #expect(await cache.read(details, variables: ["launchId": "1"]) == early, "after \(index) items")
                clock.advance(by: 3_601)
            }
        }
        let summary = try await cache.storageSummary()
        #expect(summary.records < items, "records were removed")
        #expect(await cache.record("Item:0") == nil, "the least recently used went first")
        #expect(await cache.record("Item:\(items - 1)") != nil, "the newest stays")
        #expect(await cache.read(details, variables: ["launchId": "1"]) == early, "the record read all along stays")
        if backend == .sqlite {
            #expect(summary.bytes <= bound + 1_100_000, "database and its log: \(summary.bytes) bytes")
        } else {
            #expect(summary.bytes <= bound)
        }
    }

    @Test(arguments: Backend.allCases)
    func removeAllForgetsEverything(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let persistence = backend.persistence(in: folder)
        let cache = NormalizedCache(persistence: persistence)
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        try await cache.removeAll()
        #expect(await NormalizedCache(persistence: persistence).read(details, variables: ["launchId": "25"]) == nil)
        #expect(try await cache.storageSummary().exists == false)
    }

    @Test(arguments: Backend.allCases)
    func aQueryFetchedBeforeAMutationIsNotStoredOverItsOutcome(_ backend: Backend) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let persistence = backend.persistence(in: folder)
        let cache = NormalizedCache(persistence: persistence)
        let stamp = try await cache.mutationStamp()
        // Another cache (another process, for SQLite) books meanwhile.
        let other = NormalizedCache(persistence: persistence)
        await other.setField("isBooked", of: "Launch:25", to: true)
        await other.noteMutation()
        try await cache.write(try detailsData(isBooked: false), for: details, variables: ["launchId": "25"], unlessMutatedSince: stamp)
        if backend == .sqlite {
            #expect(await cache.record("Launch:25")?["isBooked"] == .scalar(true), "the older answer was not stored")
        } else {
            #expect(stamp == nil, "in memory no other process can write")
        }
    }
}
