import Foundation
import GraphQLClient
import JSON
import NormalizedCache
import Testing

struct CachePersistenceTests {
    private let details = TestSupport.launchDetails

    private func detailsData(id: String = "25") throws -> [String: JSONValue] {
        try #require(try GraphQLResponseDecoder.decode(.init(TestSupport.detailsBody(id: id).utf8)).data)
    }

    @Test func recordsSurviveBetweenCachesOnTheSameFile() async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("nested/endpoint.cache")
        let data = try detailsData()
        try await NormalizedCache(persistence: .file(at: file)).write(data, for: details, variables: ["launchId": "25"])
        let reopened = NormalizedCache(persistence: .file(at: file))
        #expect(await reopened.read(details, variables: ["launchId": "25"]) == data)
        await reopened.setField("isBooked", of: "Launch:25", to: true)
        await reopened.removeRecord("Rocket:falcon9")
        let third = NormalizedCache(persistence: .file(at: file))
        #expect(await third.record("Launch:25")?["isBooked"] == .scalar(true))
        #expect(await third.record("Rocket:falcon9") == nil)
    }

    @Test func inMemoryPersistenceIsSharedByCachesGivenTheSameValue() async throws {
        let persistence = CachePersistence.inMemory()
        try await NormalizedCache(persistence: persistence).write(try detailsData(), for: details, variables: ["launchId": "25"])
        #expect(await NormalizedCache(persistence: persistence).read(details, variables: ["launchId": "25"]) != nil)
        #expect(await NormalizedCache(persistence: .inMemory()).read(details, variables: ["launchId": "25"]) == nil)
    }

    @Test(arguments: ["empty", "garbage", "truncated", "flipped", "folder"])
    func unusableFilesAreDiscardedWithOneWarning(_ damage: String) async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.cache")
        let good = CacheFileFormat.encode(["Launch:1": ["id": .scalar("1")], "QUERY_ROOT": ["x": .reference("Launch:1")]])
        switch damage {
        case "empty": try Data().write(to: file)
        case "garbage": try Data("<html>not a cache</html>".utf8).write(to: file)
        case "truncated": try good.prefix(good.count - 5).write(to: file)
        case "flipped":
            var bytes = [UInt8](good)
            bytes[12] ^= 0x40
            try Data(bytes).write(to: file)
        default: try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        }
        let warnings = WarningLog()
        let cache = NormalizedCache(persistence: .file(at: file, onWarning: warnings.callback))
        #expect(await cache.record("Launch:1") == nil)
        #expect(warnings.messages.count == 1)
        #expect(warnings.messages.first?.contains("\n") == false)
        #expect(warnings.messages.first?.contains(file.path) == true)
    }

    @Test(arguments: ["empty", "garbage", "truncated"])
    func aDiscardedFileIsRebuiltWithoutASecondWarning(_ damage: String) async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.cache")
        let good = CacheFileFormat.encode(["Launch:1": ["id": .scalar("1")]])
        switch damage {
        case "empty": try Data().write(to: file)
        case "garbage": try Data("<html>not a cache</html>".utf8).write(to: file)
        default: try good.prefix(good.count - 5).write(to: file)
        }
        let warnings = WarningLog()
        let cache = NormalizedCache(persistence: .file(at: file, onWarning: warnings.callback))
        await cache.setField("isBooked", of: "Launch:2", to: .bool(true))
        #expect(warnings.messages.count == 1)
        let reloaded = NormalizedCache(persistence: .file(at: file, onWarning: warnings.callback))
        #expect(await reloaded.record("Launch:2")?["isBooked"] == .scalar(.bool(true)))
        #expect(warnings.messages.count == 1)
    }

    @Test func aMissingFileIsAnEmptyCacheWithoutWarning() async {
        let warnings = WarningLog()
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("none.cache")
        #expect(await NormalizedCache(persistence: .file(at: file, onWarning: warnings.callback)).record("QUERY_ROOT") == nil)
        #expect(warnings.messages.isEmpty)
    }

    @Test func writesReplaceTheFileAtomicallyAndOnlyWhenSomethingChanged() async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.cache")
        let cache = NormalizedCache(persistence: .file(at: file))
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        let firstInode = try inode(file)
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        #expect(try inode(file) == firstInode, "an identical answer must not rewrite the file")
        await cache.setField("isBooked", of: "Launch:25", to: true)
        #expect(try inode(file) != firstInode, "a change must replace the file, not edit it in place")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["user.cache", "user.cache.lock"])
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func parallelWritersNeverLoseEachOthersRecords() async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("shared.cache")
        let writers = 4
        let recordsEach = 25
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let cache = NormalizedCache(persistence: .file(at: file))
                    for index in 0..<recordsEach {
                        await cache.setField("value", of: "Item:\(writer)-\(index)", to: .int(index))
                        await cache.setField("writer\(writer)", of: "Shared", to: .int(index))
                    }
                }
            }
        }
        let records = try CacheFileFormat.decode(try Data(contentsOf: file))
        #expect(records.count == writers * recordsEach + 1)
        #expect(records["Shared"]?.count == writers, "fields of one record written by different caches must all survive")
        #expect(records["Item:3-24"]?["value"] == .scalar(24))
    }

    @Test func removeAllDeletesTheFile() async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("user.cache")
        let cache = NormalizedCache(persistence: .file(at: file))
        try await cache.write(try detailsData(), for: details, variables: ["launchId": "25"])
        #expect(FileManager.default.fileExists(atPath: file.path))
        try await cache.removeAll()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(await cache.record("Launch:25") == nil)
        #expect(await NormalizedCache(persistence: .file(at: file)).record("Launch:25") == nil)
    }

    @Test func saveFailuresAreWarnedNotThrown() async throws {
        let folder = TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let blocker = folder.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: blocker)
        let warnings = WarningLog()
        let cache = NormalizedCache(persistence: .file(at: blocker.appendingPathComponent("user.cache"), onWarning: warnings.callback))
        await cache.setField("id", of: "Launch:1", to: "1")
        #expect(warnings.messages.count == 1)
        #expect(warnings.messages.first?.hasPrefix("Could not save the GraphQL cache file") == true)
        #expect(await cache.record("Launch:1")?["id"] == .scalar("1"))
    }

    @Test func fileFormatRoundTripsEveryKindOfValue() throws {
        let records: [String: CacheRecord] = [
            "R": [
                "null": .scalar(nil), "yes": .scalar(true), "no": .scalar(false),
                "int": .scalar(.int(Int.min)), "big": .scalar(.int(Int.max)), "double": .scalar(-1.25),
                "text": .scalar("żółw 🚀\n"), "ref": .reference("Launch:1"),
                "list": .list([.reference("A:1"), .scalar(nil), .list([.scalar(3)])]),
                "json": .scalar(["a": [1, "b", ["c": nil]]]),
            ],
            "": [:],
        ]
        #expect(try CacheFileFormat.decode(CacheFileFormat.encode(records)) == records)
    }

    @Test func loaderNeverTrapsOnDamagedBytes() throws {
        let good = [UInt8](CacheFileFormat.encode([
            "Launch:1": ["id": .scalar("1"), "list": .list([.reference("x"), .scalar(["k": [1.5]])])],
        ]))
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<3_000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                bytes[position] = UInt8.random(in: 0...255, using: &generator)
            }
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            _ = try? CacheFileFormat.decode(Data(bytes))
            _ = try? CacheFileFormat.decode(Data(bytes), verifyingChecksum: false)
        }
        #expect(throws: CacheFileFormat.DecodingError.empty) { try CacheFileFormat.decode(Data()) }
    }

    private func inode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require((attributes[.systemFileNumber] as? NSNumber)?.intValue)
    }
}
