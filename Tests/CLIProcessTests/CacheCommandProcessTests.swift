import Foundation
import Testing
import TestSupport

/// `cache info` and `cache clear` through the built binary on local state alone: the endpoint
/// is a closed loopback port, so any request would fail the command with 69.
@Suite("rocket-reserver binary: cache commands offline", .timeLimit(.minutes(5)))
struct CacheCommandProcessTests {
    private func run(_ arguments: String..., home: TemporaryDirectory, port: UInt16) async throws -> ProcessResult {
        try await ProcessRunner.run(
            BuiltProducts.client, arguments,
            environment: ClientEnvironment.make(home: home, endpoint: "http://127.0.0.1:\(port)/graphql"),
            deadline: 30
        )
    }

    private func path(home: TemporaryDirectory, port: UInt16) async throws -> String {
        let result = try await run("cache", "info", "--json", home: home, port: port)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return try #require(object?["path"] as? String)
    }

    @Test func aDamagedCacheFileIsReportedWithNoRecordsAndCleared() async throws {
        let home = try TemporaryDirectory(prefix: "cache-cmd")
        defer { home.remove() }
        let port = try #require(ClosedLoopbackPort.make())
        let file = try await path(home: home, port: port)
        #expect(file.hasPrefix(home.url.path + "/cache/cache-"))
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("not a cache file".utf8).write(to: URL(fileURLWithPath: file))

        let info = try await run("cache", "info", home: home, port: port)
        #expect(info.status == 0)
        #expect(info.stdout.hasPrefix("Path:     \(file)\nSize:     "))
        #expect(info.stdout.hasSuffix("Records:  0\n"))
        #expect(info.stderr.contains("Moved the damaged GraphQL cache \(file) aside to \(file).damaged"), "stderr: \(info.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file + ".damaged")) == Data("not a cache file".utf8))
        let cleared = try await run("cache", "clear", "--json", home: home, port: port)
        #expect(cleared.stdout == "{\"all\":false,\"removed\":1}\n")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(!FileManager.default.fileExists(atPath: file + ".damaged"))
    }

    @Test(arguments: ["fifo", "folder", "symlink"])
    func aSpecialFileAtTheCachePathIsDamageNeverFollowedNorWaitedFor(kind: String) async throws {
        let home = try TemporaryDirectory(prefix: "cache-cmd")
        defer { home.remove() }
        let port = try #require(ClosedLoopbackPort.make())
        let file = try await path(home: home, port: port)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        switch kind {
        case "fifo": #expect(mkfifo(file, 0o600) == 0)
        case "folder": try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        default: try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: "/dev/zero")
        }

        // A FIFO would block a plain open and /dev/zero would never end: both must answer at once.
        let info = try await run("cache", "info", "--json", home: home, port: port)
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("\"records\":0"))
    }

    @Test func clearingWithNothingCachedSucceeds() async throws {
        let home = try TemporaryDirectory(prefix: "cache-cmd")
        defer { home.remove() }
        let port = try #require(ClosedLoopbackPort.make())
        #expect(try await run("cache", "clear", "--all", home: home, port: port).stdout == "Nothing was cached.\n")
        #expect(try await run("cache", "clear", home: home, port: port).stdout == "Nothing was cached for this endpoint and user.\n")
    }

    /// The upgrade: the cache file the earlier version wrote for this endpoint (a fixture
    /// written by that version) answers `details 109` offline after the first run imports it.
    @Test func anOldCacheFileIsImportedAndAnswersOffline() async throws {
        let home = try TemporaryDirectory(prefix: "cache-cmd")
        defer { home.remove() }
        let port = try #require(ClosedLoopbackPort.make())
        let database = try await path(home: home, port: port)
        #expect(database.hasSuffix(".sqlite"))
        let legacy = String(database.dropLast(".sqlite".count)) + ".rrcache"
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Cache/anonymous-v1.rrcache")
        try FileManager.default.createDirectory(atPath: (database as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: fixture.path, toPath: legacy)

        let details = try await run("details", "109", "--offline", "--json", home: home, port: port)
        #expect(details.status == 0, "exit \(details.status): \(details.stderr)")
        #expect(details.stderr.isEmpty, "stderr: \(details.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(details.stdout.utf8)) as? [String: Any]
        #expect(object?["id"] as? String == "109")
        #expect(!FileManager.default.fileExists(atPath: legacy), "the old file was removed once imported")
        let page = try await run("launches", "--page-size", "3", "--offline", home: home, port: port)
        #expect(page.status == 0, "exit \(page.status): \(page.stderr)")
    }
}
