import Foundation
import GraphQLClient
import GraphQLClientFixtures
import JSON
import NormalizedCache
import SQLite
import Testing
import TestSupport

/// The SQLite persistence: records survive between caches and processes, files stay private,
/// damage is moved aside with one warning, and nothing it meets ever throws at a caller.
@Suite(.timeLimit(.minutes(5)))
struct CachePersistenceTests {
    private let details = ClientFixtures.launchDetails

    private func detailsData(id: String = "25") throws -> [String: JSONValue] {
        try #require(try GraphQLResponseDecoder.decode(.init(ClientFixtures.detailsBody(id: id).utf8)).data)
    }

    @Test func recordsSurviveBetweenCachesOnTheSameDatabase() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/endpoint.sqlite")
        let data = try detailsData()
        try await NormalizedCache(persistence: .sqlite(at: file)).write(data, for: details, variables: ["launchId": "25"])
        let reopened = NormalizedCache(persistence: .sqlite(at: file))
        #expect(await reopened.read(details, variables: ["launchId": "25"]) == data)
        await reopened.setField("isBooked", of: "Launch:25", to: true)
        await reopened.removeRecord("Rocket:falcon9")
        let third = NormalizedCache(persistence: .sqlite(at: file))
        #expect(await third.record("Launch:25")?["isBooked"] == .scalar(true))
        #expect(await third.record("Rocket:falcon9") == nil)
        #expect(await third.read(details, variables: ["launchId": "25"]) == nil, "a removed record is a miss")
    }

    @Test func inMemoryPersistenceIsSharedByCachesGivenTheSameValue() async throws {
        let persistence = CachePersistence.inMemory()
        try await NormalizedCache(persistence: persistence).write(try detailsData(), for: details, variables: ["launchId": "25"])
        #expect(await NormalizedCache(persistence: persistence).read(details, variables: ["launchId": "25"]) != nil)
        #expect(await NormalizedCache(persistence: .inMemory()).read(details, variables: ["launchId": "25"]) == nil)
    }

    /// What is put at the database's path before the cache first opens it.
    static let damages = ["garbage", "truncated", "flipped-header", "other-database", "folder", "symlink", "fifo"]

    @Test(arguments: damages)
    func damageIsMovedAsideWithOneWarningAndTheCacheWorks(_ damage: String) async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.sqlite")
        try await Self.plant(damage, at: file, in: folder)
        let warnings = WarningLog()
        let cache = NormalizedCache(persistence: .sqlite(at: file, onWarning: warnings.callback))
        #expect(await cache.record("Launch:1") == nil)
        await cache.setField("isBooked", of: "Launch:2", to: .bool(true))
        #expect(warnings.messages.count == 1, "\(warnings.messages)")
        #expect(warnings.messages.first?.hasPrefix("Moved the damaged GraphQL cache \(file.path) aside") == true)
        #expect(warnings.messages.first?.contains("\n") == false)
        let reloaded = NormalizedCache(persistence: .sqlite(at: file, onWarning: warnings.callback))
        #expect(await reloaded.record("Launch:2")?["isBooked"] == .scalar(.bool(true)))
        #expect(warnings.messages.count == 1)
        #expect(FileManager.default.fileExists(atPath: file.path + ".damaged") || damage == "fifo" || damage == "folder" || damage == "symlink")
        if damage == "symlink" {
            // The link's target was never written through.
            #expect(try String(contentsOf: folder.appendingPathComponent("target"), encoding: .utf8) == "not yours")
        }
    }

    /// Puts a kind of damage at `file`.
    static func plant(_ damage: String, at file: URL, in folder: URL) async throws {
        switch damage {
        case "garbage":
            try Data(repeating: 0x5A, count: 8_192).write(to: file)
        case "truncated", "flipped-header":
            try await Self.fill(file, records: 200)
            var bytes = [UInt8](try Data(contentsOf: file))
            if damage == "truncated" { bytes = Array(bytes.prefix(bytes.count / 2 + 100)) } else { for index in 0..<16 { bytes[index] ^= 0x55 } }
            try Data(bytes).write(to: file)
        case "other-database":
            let other = try SQLiteDatabase(path: file.path)
            try other.execute("CREATE TABLE notes (text TEXT)")
            try other.execute("INSERT INTO notes VALUES ('mine')")
        case "folder":
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        case "symlink":
            try Data("not yours".utf8).write(to: folder.appendingPathComponent("target"))
            try FileManager.default.createSymbolicLink(at: file, withDestinationURL: folder.appendingPathComponent("target"))
        default:
            #expect(mkfifo(file.path, 0o600) == 0)
        }
    }

    @Test func aMissingDatabaseIsAnEmptyCacheWithoutWarning() async {
        let warnings = WarningLog()
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("none.sqlite")
        #expect(await NormalizedCache(persistence: .sqlite(at: file, onWarning: warnings.callback)).record("QUERY_ROOT") == nil)
        #expect(warnings.messages.isEmpty)
    }

    @Test func filesAreOwnerOnlyAndNamedAfterTheDatabase() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("state/user.sqlite")
        let cache = NormalizedCache(persistence: .sqlite(at: file))
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        await cache.noteMutation()
        _ = try await cache.withExclusiveAccess { 1 }
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted()
        #expect(names == ["user.sqlite", "user.sqlite-shm", "user.sqlite-wal", "user.sqlite.lock"])
        for name in names {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().appendingPathComponent(name).path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(name)")
        }
        let folderAttributes = try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)
        #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test func parallelWritersNeverLoseEachOthersRecords() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shared.sqlite")
        let writers = 4
        let recordsEach = 25
        let warnings = WarningLog()
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let cache = NormalizedCache(persistence: .sqlite(at: file, onWarning: warnings.callback))
                    for index in 0..<recordsEach {
                        await cache.setField("value", of: "Item:\(writer)-\(index)", to: .int(index))
                        await cache.setField("writer\(writer)", of: "Shared", to: .int(index))
                    }
                }
            }
        }
        #expect(warnings.messages.isEmpty, "\(warnings.messages)")
        let cache = NormalizedCache(persistence: .sqlite(at: file))
        #expect(try await cache.storageSummary().records == writers * recordsEach + 1)
        #expect(await cache.record("Shared")?.count == writers, "fields of one record written by different caches must all survive")
        #expect(await cache.record("Item:3-24")?["value"] == .scalar(24))
    }

    /// Many connections making the same new database at once: one creates the schema, the
    /// others wait for it and see it whole, so none takes it for another program's database
    /// (read in two statements, the marks and the tables could straddle the creating commit).
    @Test func connectionsCreatingOneNewDatabaseAtOnceNeverSeeItHalfMade() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let warnings = WarningLog()
        for round in 0..<20 {
            let file = folder.appendingPathComponent("new-\(round).sqlite")
            await withTaskGroup(of: Void.self) { group in
                for writer in 0..<6 {
                    group.addTask {
                        await NormalizedCache(persistence: .sqlite(at: file, onWarning: warnings.callback)).setField("value", of: "Item:\(writer)", to: .int(writer))
                    }
                }
            }
            #expect(try await NormalizedCache(persistence: .sqlite(at: file)).storageSummary().records == 6, "round \(round)")
        }
        #expect(warnings.messages.isEmpty, "\(warnings.messages)")
    }

    @Test func removeAllDeletesEveryFile() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.sqlite")
        let cache = NormalizedCache(persistence: .sqlite(at: file))
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        #expect(FileManager.default.fileExists(atPath: file.path))
        try await cache.removeAll()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(await cache.record("Launch:25") == nil)
        #expect(await NormalizedCache(persistence: .sqlite(at: file)).record("Launch:25") == nil)
    }

    @Test func anUnusableFolderCachesNothingSaysSoOnceAndNeverThrows() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: blocker)
        let warnings = WarningLog()
        let cache = NormalizedCache(persistence: .sqlite(at: blocker.appendingPathComponent("user.sqlite"), onWarning: warnings.callback))
        await cache.setField("id", of: "Launch:1", to: "1")
        await cache.setField("id", of: "Launch:2", to: "2")
        #expect(await cache.record("Launch:1") == nil)
        #expect(warnings.messages.count == 1)
        #expect(warnings.messages.first?.hasPrefix("Could not open the GraphQL cache") == true)
        #expect(warnings.messages.first?.hasSuffix("nothing is cached.") == true)
    }

    @Test func aDatabaseOfANewerVersionIsLeftAlone() async throws {
        let folder = ClientFixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.sqlite")
        try await Self.fill(file, records: 1)
        try SQLiteDatabase(path: file.path).execute("PRAGMA user_version = 99")
        let before = try Data(contentsOf: file)
        let warnings = WarningLog()
        let newer = NormalizedCache(persistence: .sqlite(at: file, onWarning: warnings.callback))
        await newer.setField("id", of: "Launch:2", to: "2")
        #expect(await newer.record("Launch:2") == nil)
        #expect(warnings.messages == ["The GraphQL cache \(file.path) is in a newer format than this version reads; nothing is cached."])
        #expect(try Data(contentsOf: file) == before)
    }
}

extension CachePersistenceTests {
    /// Writes `records` records into a new database at `file`, then folds the write-ahead log
    /// into the file, so that the file alone holds them (the cache leaves its log as it is when
    /// it closes: a plain connection's checkpoint moves it).
    static func fill(_ file: URL, records: Int) async throws {
        do {
            let cache = NormalizedCache(persistence: .sqlite(at: file))
            for index in 0..<records { await cache.setField("value", of: "Item:\(index)", to: .int(index)) }
        }
        try SQLiteDatabase(path: file.path).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        // Folded in: without the log and its index the file alone holds every record.
        for companion in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + companion) }
        #expect(await NormalizedCache(persistence: .sqlite(at: file)).record("Item:\(records - 1)") != nil, "the file alone holds the records")
        for companion in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + companion) }
    }
}
