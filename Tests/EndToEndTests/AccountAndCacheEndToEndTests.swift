import Foundation
import Testing
import TestSupport

/// `whoami`, `cache info` and `cache clear` through the built binary against the reference server.
@Suite("whoami and cache against the reference server", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct AccountAndCacheEndToEndTests {
    private typealias Session = CLIEndToEndTests.Session

    /// The cache files (not their lock files) in the session's state folder.
    private func cacheFiles(_ session: Session) -> [String] {
        session.home.snapshot().keys.filter { $0.hasPrefix("/cache/") && $0.hasSuffix(".sqlite") }.sorted()
    }

    private func credentialFiles(_ session: Session) -> [String: Data] {
        session.home.snapshot().filter { $0.key.hasPrefix("/credentials/") }
    }

    @Test func whoamiReadsTheStoredLoginAndNeverContactsTheServer() async throws {
        let session = try await Session()
        let nobody = try await session.run("whoami")
        #expect(nobody.status == 77)
        #expect(nobody.stdout.isEmpty)
        #expect(nobody.stderr == "rocket-reserver: You are not logged in. Log in first with `rocket-reserver login <email>`.\n")

        #expect(try await session.run("login", "me@example.com").status == 0)
        // The server is gone: any request would fail with 69.
        session.server.stop()
        let text = try await session.run("whoami")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout == "me@example.com\n")
        let json = try await session.json("whoami")
        #expect(json["email"] as? String == "me@example.com")
        #expect(json["endpoint"] as? String == session.server.endpoint)
        #expect(json.count == 2)
        #expect(try await session.run("launches").status == 69, "the server really is unreachable")
    }

    @Test func cacheInfoDescribesTheCurrentUsersFile() async throws {
        let session = try await Session()
        let empty = try await session.json("cache", "info")
        #expect(empty["bytes"] as? Int == 0)
        #expect(empty["records"] as? Int == 0)

        #expect(try await session.run("login", "me@example.com").status == 0)
        #expect(try await session.run("launches", "--page-size", "3").status == 0)
        #expect(try await session.run("details", "3").status == 0)
        let info = try await session.json("cache", "info")
        let path = try #require(info["path"] as? String)
        // `cache info` folds the write-ahead log into the database before it measures.
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(info["bytes"] as? Int == size)
        #expect((info["records"] as? Int ?? 0) >= 4, "three launches and the query root at least: \(info)")
        #expect(Set(info.keys) == ["path", "bytes", "records", "oldestRecordAgeSeconds", "newestRecordAgeSeconds"])
        #expect((info["oldestRecordAgeSeconds"] as? Int).map { (0...60).contains($0) } == true, "\(info)")
        #expect(cacheFiles(session).map { session.home.url.path + $0 } == [path])

        let text = try await session.run("cache", "info")
        #expect(text.stdout.contains("Path:     \(path)\n"))
        #expect(text.stdout.contains("Size:     \(size) bytes\n"))
    }

    @Test func cacheClearRemovesTheCurrentCacheButNeverTheLogin() async throws {
        let session = try await Session()
        #expect(try await session.run("login", "me@example.com").status == 0)
        let login = credentialFiles(session)
        #expect(!login.isEmpty)
        #expect(try await session.run("details", "3").status == 0)
        #expect(cacheFiles(session).count == 1)

        let cleared = try await session.run("cache", "clear")
        #expect(cleared.status == 0)
        #expect(cleared.stdout == "Cleared the cache of this endpoint and user.\n")
        #expect(cacheFiles(session).isEmpty)
        #expect(credentialFiles(session) == login)
        #expect(try await session.run("whoami").stdout == "me@example.com\n")
        #expect(try await session.run("cache", "clear").stdout == "Nothing was cached for this endpoint and user.\n")
    }

    @Test func cacheClearAllRemovesEveryEndpointsAndUsersCache() async throws {
        let session = try await Session()
        let other = try await ReferenceServer()
        defer { other.stop() }
        #expect(try await session.run("details", "3").status == 0)                       // anonymous
        #expect(try await session.run("login", "me@example.com").status == 0)
        #expect(try await session.run("details", "3").status == 0)                       // me@example.com
        #expect(try await session.run("details", "3", extra: ["ROCKET_RESERVER_ENDPOINT": other.endpoint]).status == 0)
        #expect(cacheFiles(session).count == 3)
        let login = credentialFiles(session)

        let json = try await session.json("cache", "clear", "--all")
        #expect(json["all"] as? Bool == true)
        #expect(json["removed"] as? Int == 3)
        #expect(cacheFiles(session).isEmpty)
        #expect(credentialFiles(session) == login)
        #expect(try await session.run("details", "3").status == 0, "the cache is rebuilt as usual")
    }
}
