import CacheRecords
import CacheStorage
import Foundation
import Testing
import TestSupport

/// What every backend does, in memory and in an SQLite file: updates merged over what is
/// stored, ages kept or renewed, the mutation count and the saves it skips, settings, the
/// summary, and removing everything.
@Suite(.timeLimit(.minutes(2)))
struct CacheBackendTests {
    enum Kind: String, CaseIterable, Sendable { case memory, sqlite }

    /// A backend of `kind`, and the folder to remove afterwards (SQLite only).
    static func backend(_ kind: Kind) throws -> (any CacheBackend, TemporaryDirectory?) {
        switch kind {
        case .memory:
            return (InMemoryCacheBackend(maximumBytes: nil), nil)
        case .sqlite:
            let folder = try TemporaryDirectory(prefix: "cache-storage")
            let files = CacheDatabaseFiles(path: folder.url.appendingPathComponent("cache.sqlite").path, legacyPath: nil)
            return (SQLiteCacheBackend(files: files, maximumBytes: nil, onWarning: { Issue.record("unexpected warning: \($0)") }), folder)
        }
    }

    static func read(_ backend: any CacheBackend, _ key: String) -> (CacheRecord?, Int64?) {
        backend.read { snapshot in
            let stored = snapshot.record(key)
            return (stored.flatMap { RecordCodec.record($0.slot) }, stored?.receivedAt)
        }
    }

    static func write(_ fields: CacheRecord, to key: String) -> RecordUpdate {
        RecordUpdate(key: key, change: RecordChange(writesAllFields: true), local: fields)
    }

    @Test(arguments: Kind.allCases)
    func updatesMergeOverWhatIsStoredAndStampTheirAge(_ kind: Kind) throws {
        let (backend, folder) = try Self.backend(kind)
        defer { folder?.remove() }
        #expect(Self.read(backend, "A:1").0 == nil)
        backend.save([Self.write(["a": .scalar(1), "b": .scalar(2)], to: "A:1")], receivedAt: 10, countsMutation: false, unlessMutatedSince: nil)
        backend.save([RecordUpdate(key: "A:1", change: RecordChange(setting: ["b"]), local: ["b": .scalar(3)])], receivedAt: 20, countsMutation: false, unlessMutatedSince: nil)
        #expect(Self.read(backend, "A:1") == (["a": .scalar(1), "b": .scalar(3)], 20))
        // Maintenance (no stamp) keeps the age.
        var removal = RecordChange()
        removal.didRemove("a")
        backend.save([RecordUpdate(key: "A:1", change: removal, local: nil)], receivedAt: nil, countsMutation: false, unlessMutatedSince: nil)
        #expect(Self.read(backend, "A:1") == (["b": .scalar(3)], 20))
        backend.save([RecordUpdate(key: "A:1", change: RecordChange(dropsStoredRecord: true), local: nil)], receivedAt: 30, countsMutation: false, unlessMutatedSince: nil)
        #expect(Self.read(backend, "A:1").0 == nil)
        #expect(backend.allRecords().isEmpty)
    }

    @Test func theSQLiteBackendCountsMutationsAndSkipsASaveThatPredatesOne() throws {
        let (backend, folder) = try Self.backend(.sqlite)
        defer { folder?.remove() }
        let before = try #require(backend.mutationCount())
        backend.save([], receivedAt: 1, countsMutation: true, unlessMutatedSince: nil)
        #expect(backend.mutationCount() == before + 1)
        backend.save([Self.write(["a": .scalar(1)], to: "A:1")], receivedAt: 2, countsMutation: false, unlessMutatedSince: before)
        #expect(Self.read(backend, "A:1").0 == nil)
        backend.save([Self.write(["a": .scalar(1)], to: "A:1")], receivedAt: 2, countsMutation: false, unlessMutatedSince: before + 1)
        #expect(Self.read(backend, "A:1").0 == ["a": .scalar(1)])
    }

    @Test(arguments: Kind.allCases)
    func settingsSummaryAndRemovingEverything(_ kind: Kind) throws {
        let (backend, folder) = try Self.backend(kind)
        defer { folder?.remove() }
        backend.storeSetting(7, named: "x")
        backend.save([Self.write(["a": .scalar(1)], to: "A:1"), Self.write(["b": .scalar(2)], to: "B:1")], receivedAt: 5, countsMutation: false, unlessMutatedSince: nil)
        #expect(backend.setting(named: "x") == 7)
        let summary = try backend.summary()
        #expect(summary.records == 2)
        #expect(summary.receivedRange == 5...5)
        #expect(summary.exists)
        backend.storeSetting(nil, named: "x")
        #expect(backend.setting(named: "x") == nil)
        try backend.removeAll()
        #expect(backend.allRecords().isEmpty)
        #expect(try backend.summary().records == 0)
    }

    @Test func twoBackendsOnOneFileSeeEachOthersCommits() throws {
        let folder = try TemporaryDirectory(prefix: "cache-storage")
        defer { folder.remove() }
        let path = folder.url.appendingPathComponent("cache.sqlite").path
        let first = SQLiteCacheBackend(files: CacheDatabaseFiles(path: path, legacyPath: nil), maximumBytes: nil, onWarning: { _ in })
        let second = SQLiteCacheBackend(files: CacheDatabaseFiles(path: path, legacyPath: nil), maximumBytes: nil, onWarning: { _ in })
        first.save([Self.write(["a": .scalar(1)], to: "A:1")], receivedAt: 1, countsMutation: false, unlessMutatedSince: nil)
        let version = second.dataVersion()
        #expect(Self.read(second, "A:1").0 == ["a": .scalar(1)])
        first.save([Self.write(["a": .scalar(2)], to: "A:1")], receivedAt: 2, countsMutation: false, unlessMutatedSince: nil)
        #expect(second.dataVersion() != version)
        #expect(Self.read(second, "A:1") == (["a": .scalar(2)], 2))
    }

    @Test func theMemoryBoundEvictsTheLeastRecentlyUsedFirst() {
        let backend = InMemoryCacheBackend(maximumBytes: 400)
        let filler = CacheValue.scalar(.string(String(repeating: "x", count: 90)))
        for index in 0..<3 { backend.save([Self.write(["v": filler], to: "R:\(index)")], receivedAt: Int64(index), countsMutation: false, unlessMutatedSince: nil) }
        backend.markUsed(["R:0"], at: 100)
        for index in 3..<6 { backend.save([Self.write(["v": filler], to: "R:\(index)")], receivedAt: Int64(index), countsMutation: false, unlessMutatedSince: nil) }
        let kept = Set(backend.allRecords().keys)
        #expect(kept.contains("R:0"))
        #expect(kept.contains("R:5"))
        #expect(!kept.contains("R:1"))
        #expect(RecordSize.estimate(key: "R:0", ["v": filler]) * kept.count <= 400)
    }
}
