import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Odd files in the state folder: a FIFO, a symlink to a device, a huge sparse file at the
/// cache path, a dangling symlink or a FIFO at the lock path. Each is damaged state: one
/// warning, then replaced by a regular file, never followed, never blocking.
@Suite("Special files in the state folder", .timeLimit(.minutes(5)))
struct SpecialStateFileTests {
    /// A way to put something odd at a path.
    struct Oddity: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var warning: String
        var make: @Sendable (String) throws -> Void
    }

    static let atCachePath: [Oddity] = [
        Oddity(testDescription: "FIFO", warning: "a FIFO") { #expect(mkfifo($0, 0o600) == 0) },
        Oddity(testDescription: "symlink to /dev/zero", warning: "symbolic link") { #expect(symlink("/dev/zero", $0) == 0) },
        Oddity(testDescription: "1.5 GB sparse file", warning: "is damaged") { path in
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 1_500_000_000) == 0)
        },
    ]

    @Test(arguments: atCachePath)
    func anOddCacheFileIsReportedOnceAndReplaced(_ oddity: Oddity) async throws {
        let session = try await FaultSession()
        let cache = try #require(session.cacheFiles(session.home.snapshot()).keys.first)
        let path = session.home.url.path + cache
        try FileManager.default.removeItem(atPath: path)
        try oddity.make(path)

        let result = try await session.run(["details", FaultSession.cachedLaunch, "--json"], deadline: 20)
        let elapsed = result.duration
        print("\(oddity.testDescription) at the cache path: answered in \(elapsed)")
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(elapsed < .seconds(10))
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && result.stderr.contains(oddity.warning), "stderr: \(result.stderr)")
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG, "the cache path was not replaced by a regular file")
        #expect(info.st_size < 1_000_000)
    }

    static let atLockPath: [Oddity] = [
        Oddity(testDescription: "dangling symlink", warning: "symbolic link") { _ in },
        Oddity(testDescription: "FIFO", warning: "a FIFO") { #expect(mkfifo($0, 0o600) == 0) },
    ]

    @Test(arguments: atLockPath)
    func anOddLockFileIsNeverFollowedNorWaitedOn(_ oddity: Oddity) async throws {
        let session = try await FaultSession()
        let cache = try #require(session.cacheFiles(session.home.snapshot()).keys.first)
        let lock = session.home.url.path + cache + ".lock"
        let outside = try TemporaryDirectory(prefix: "outside")
        defer { outside.remove() }
        let target = outside.url.appendingPathComponent("created-through-the-link").path
        try? FileManager.default.removeItem(atPath: lock)
        if oddity.testDescription == "dangling symlink" {
            #expect(symlink(target, lock) == 0)
        } else {
            try oddity.make(lock)
        }

        // A mutation takes the lock (queries never do).
        let result = try await session.run(["book", "2", "--json"], deadline: 20)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(oddity.warning), "stderr: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target), "the lock was created through the symlink")
        var info = stat()
        #expect(lstat(lock, &info) == 0 && info.st_mode & S_IFMT == S_IFREG)
        #expect(session.server.requestCount == 1)
    }

    /// The credential reader already refused these; the test keeps it so for every command.
    @Test(arguments: ["FIFO", "symlink"])
    func anOddCredentialFileIsNeverFollowedAndLogoutRemovesIt(_ kind: String) async throws {
        let session = try await FaultSession()
        let credential = try #require(session.credentialFiles(session.home.snapshot()).keys.first)
        let path = session.home.url.path + credential
        let outside = try TemporaryDirectory(prefix: "outside")
        defer { outside.remove() }
        let target = outside.url.appendingPathComponent("target").path
        #expect(FileManager.default.createFile(atPath: target, contents: Data(#"{"keep":true}"#.utf8)))
        try FileManager.default.removeItem(atPath: path)
        #expect(kind == "FIFO" ? mkfifo(path, 0o600) == 0 : symlink(target, path) == 0)

        let book = try await session.run(["book", "1"], deadline: 20)
        #expect(book.status == 77, "exit \(book.status): \(book.stderr)")
        #expect(session.bookingRequests.isEmpty)
        let logout = try await session.run(["logout"], deadline: 20)
        #expect(logout.status == 0, "exit \(logout.status): \(logout.stderr)")
        var info = stat()
        #expect(lstat(path, &info) != 0, "the \(kind) is still there")
        #expect(FileManager.default.contents(atPath: target) == Data(#"{"keep":true}"#.utf8), "the link's target was touched")
        #expect(session.cacheFiles(session.home.snapshot()).isEmpty)
    }
}
