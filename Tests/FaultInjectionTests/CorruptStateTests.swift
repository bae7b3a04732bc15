import Foundation
import Testing
import TestSupport

/// Damaged local state: a broken cache is reported and rebuilt, a broken login asks to log in
/// again, and a token file open to others is made private (never widened).
@Suite("Corrupt local state", .timeLimit(.minutes(5)))
struct CorruptStateTests {
    /// A way to damage a file.
    struct Damage: Sendable, CustomTestStringConvertible {
        var name: String
        var apply: @Sendable (Data) -> Data
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "garbage") { _ in Data("this is not a cache file \u{0}\u{1}\u{2}".utf8) },
        Damage(name: "empty") { _ in Data() },
        Damage(name: "truncated") { Data($0.prefix($0.count / 2)) },
        Damage(name: "random bytes") { data in Data((0..<max(64, data.count)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }) },
    ]

    @Test(arguments: damages)
    func aCorruptCacheIsReportedAndRebuilt(_ damage: Damage) async throws {
        let session = try await FaultSession()
        let cache = try #require(session.cacheFiles(session.home.snapshot()).first)
        let cacheURL = session.home.url.appendingPathComponent(String(cache.key.dropFirst()))
        let corrupt = damage.apply(try Data(contentsOf: cacheURL))
        try corrupt.write(to: cacheURL)
        for companion in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cacheURL.path + companion) }

        let result = try await session.run(["details", FaultSession.cachedLaunch, "--json"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["id"] as? String == FaultSession.cachedLaunch)
        let warning = result.stderr.split(separator: "\n")
        if damage.name == "empty" {
            // An empty file is an empty SQLite database: nothing was lost, nothing to say.
            #expect(warning.isEmpty, "stderr: \(result.stderr)")
        } else {
            #expect(warning.count == 1, "expected a one-line warning, got: \(result.stderr)")
            #expect(result.stderr.hasPrefix("rocket-reserver: warning: Moved the damaged GraphQL cache "), "stderr: \(result.stderr)")
        }
        FaultExpectations.expectNoToken(result, session: session)
        #expect(session.server.requestCount >= 1, "the answer did not come from the server")
        let rebuilt = try Data(contentsOf: cacheURL)
        #expect(rebuilt != corrupt && !rebuilt.isEmpty)

        // The rebuilt cache serves the launch alone: the server now hangs up on every request.
        session.server.behaviour = .closeWithoutAnswer
        session.server.clearRequests()
        let cached = try await session.run(["details", FaultSession.cachedLaunch, "--json", "--timeout", "5"])
        #expect(cached.status == 0, "the rebuilt cache did not serve the launch: exit \(cached.status): \(cached.stderr)")
        #expect(cached.stderr.isEmpty, "stderr: \(cached.stderr)")
        #expect(session.server.requestCount == 0)
    }

    @Test(arguments: [
        Damage(name: "garbage") { _ in Data("{not json".utf8) },
        Damage(name: "empty") { _ in Data() },
        Damage(name: "truncated") { Data($0.prefix($0.count / 2)) },
        Damage(name: "wrong shape") { _ in Data(#"{"token":42}"#.utf8) },
    ])
    func aCorruptLoginAsksToLogInAgain(_ damage: Damage) async throws {
        let session = try await FaultSession()
        let credential = try #require(session.credentialFiles(session.home.snapshot()).first)
        try damage.apply(credential.value).write(to: session.home.url.appendingPathComponent(String(credential.key.dropFirst())))
        let before = session.home.snapshot()

        let result = try await session.run(["book", FaultSession.cachedLaunch])
        FaultExpectations.expectCleanFailure(result, status: [77], session: session, before: before, allowing: [.tokenMayBeForgotten])
        #expect(result.stderr.lowercased().contains("log in again"), "stderr: \(result.stderr)")
        #expect(session.bookingRequests.isEmpty)
    }

    @Test func aTokenFileOpenToOthersIsMadePrivateOrReported() async throws {
        let session = try await FaultSession()
        let credential = try #require(session.credentialFiles(session.home.snapshot()).first)
        let path = session.home.url.appendingPathComponent(String(credential.key.dropFirst())).path
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)

        let result = try await session.run(["details", "2", "--json"])
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) & 0o777
        if result.status == 0 {
            #expect(mode == 0o600, "the token file is still \(String(mode, radix: 8))")
            #expect(session.server.requests.contains { $0.header("Authorization") != nil })
        } else {
            #expect(result.status == 77, "exit \(result.status): \(result.stderr)")
            FaultExpectations.expectPlainMessage(result.stderr)
            #expect(mode & ~0o644 == 0, "the token file was widened to \(String(mode, radix: 8))")
        }
        FaultExpectations.expectNoToken(result, session: session)
    }
}
