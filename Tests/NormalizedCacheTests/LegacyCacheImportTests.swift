import Foundation
import GraphQLClient
import GraphQLClientFixtures
import JSON
import NormalizedCache
import Testing
import TestSupport

/// The upgrade: a cache file of the earlier whole-file format (`.rrcache`, the fixtures were
/// written by that version of the CLI) is imported on first use, then removed, so nothing
/// cached is lost.
@Suite(.timeLimit(.minutes(5)))
struct LegacyCacheImportTests {
    /// `Tests/Fixtures/Cache`: `anonymous-v1.rrcache` holds `launches --page-size 3` and
    /// `details 109`; `user-v1.rrcache` holds launch 108, booked, and `me` with that trip.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Cache")

    /// Copies a fixture into a new folder as `cache.rrcache`, last written at `written`.
    private func install(_ name: String, written: Date) throws -> (folder: URL, legacy: URL) {
        let folder = ClientFixtures.temporaryFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let legacy = folder.appendingPathComponent("cache.rrcache")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(name), to: legacy)
        try FileManager.default.setAttributes([.modificationDate: written], ofItemAtPath: legacy.path)
        try Data().write(to: URL(fileURLWithPath: legacy.path + ".lock"))
        return (folder, legacy)
    }

    @Test func everyRecordIsImportedAgedByTheFileAndTheFileIsRemoved() async throws {
        let written = Date(timeIntervalSince1970: 1_790_000_000)
        let (folder, legacy) = try install("user-v1.rrcache", written: written)
        defer { try? FileManager.default.removeItem(at: folder) }
        let warnings = WarningLog()
        let cache = NormalizedCache(
            persistence: .sqlite(at: folder.appendingPathComponent("cache.sqlite"), importing: legacy, onWarning: warnings.callback),
            configuration: CacheConfiguration(now: { written.addingTimeInterval(3 * 3_600) })
        )
        let launch = try #require(await cache.record("Launch:108"))
        #expect(launch["isBooked"] == .scalar(true))
        #expect(await cache.record("QUERY_ROOT")?["me"] == .reference("QUERY_ROOT.me"))
        #expect(await cache.record("CACHE_STATE") == nil, "the old bookkeeping record is not a record")
        let answer = try #require(await cache.cachedAnswer(ClientFixtures.launchDetails, variables: ["launchId": "108"]))
        #expect(answer.receivedAt == written)
        #expect(warnings.messages.isEmpty, "\(warnings.messages)")
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        #expect(!FileManager.default.fileExists(atPath: legacy.path + ".lock"))
        let fixture = try CacheFileFormat.decode(Data(contentsOf: Self.fixtures.appendingPathComponent("user-v1.rrcache")))
        #expect(try await cache.storageSummary().records == fixture.keys.filter { $0 != "CACHE_STATE" }.count)
        for (key, record) in fixture where key != "CACHE_STATE" {
            #expect(await cache.record(key) == record, "\(key)")
        }
    }

    @Test func recordsTheDatabaseAlreadyHoldsAreNewerAndStay() async throws {
        let (folder, legacy) = try install("anonymous-v1.rrcache", written: Date(timeIntervalSince1970: 1_790_000_000))
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("cache.sqlite")
        // A database written by the new version first (without the old file in view).
        await NormalizedCache(persistence: .sqlite(at: database)).setField("site", of: "Launch:109", to: "Newer site")
        let cache = NormalizedCache(persistence: .sqlite(at: database, importing: legacy))
        #expect(await cache.record("Launch:109") == ["site": .scalar("Newer site")])
        let fixture = try CacheFileFormat.decode(Data(contentsOf: Self.fixtures.appendingPathComponent("anonymous-v1.rrcache")))
        #expect(fixture.count > 5)
        for (key, record) in fixture where key != "CACHE_STATE" && key != "Launch:109" {
            #expect(await cache.record(key) == record, "\(key) was imported")
        }
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
    }

    @Test(arguments: ["garbage", "truncated", "symlink"])
    func anUnusableOldFileIsReportedRemovedAndNeverFollowed(_ damage: String) async throws {
        let (folder, legacy) = try install("anonymous-v1.rrcache", written: Date())
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("target")
        switch damage {
        case "garbage": try Data("not a cache".utf8).write(to: legacy)
        case "truncated": try Data(try Data(contentsOf: legacy).prefix(100)).write(to: legacy)
        default:
            try FileManager.default.moveItem(at: legacy, to: target)
            try FileManager.default.createSymbolicLink(at: legacy, withDestinationURL: target)
        }
        let warnings = WarningLog()
        let cache = NormalizedCache(persistence: .sqlite(at: folder.appendingPathComponent("cache.sqlite"), importing: legacy, onWarning: warnings.callback))
        #expect(await cache.record("Launch:109") == nil)
        await cache.setField("x", of: "A", to: 1)
        #expect(await cache.record("A") == ["x": .scalar(1)], "the cache works")
        #expect(warnings.messages.count == 1, "\(warnings.messages)")
        #expect(warnings.messages.first?.hasPrefix("Discarded the old GraphQL cache file \(legacy.path):") == true)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: legacy.path)) == nil)
        #expect(!FileManager.default.fileExists(atPath: legacy.path))
        if damage == "symlink" { #expect(FileManager.default.fileExists(atPath: target.path), "the link's target is left alone") }
    }
}
