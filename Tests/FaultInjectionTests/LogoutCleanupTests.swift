import Foundation
import Testing
import TestSupport

/// `logout` removes that endpoint's credential and every file of its users (cache, lock and
/// temporary files) in every state the folders can be in, or says precisely what it could not
/// remove; and no user's cached data outlives their login.
@Suite("Logout cleanup", .timeLimit(.minutes(5)))
struct LogoutCleanupTests {
    @Test func logoutRightAfterLoginWithNoCacheFolderRemovesTheCredential() async throws {
        let session = try await FaultSession(prepared: false)
        let login = try await session.run(["login", "me@example.com"])
        #expect(login.status == 0, "login exited \(login.status): \(login.stderr)")
        #expect(!FileManager.default.fileExists(atPath: session.home.url.appendingPathComponent("cache").path))

        let logout = try await session.run(["logout"])
        #expect(logout.status == 0, "logout exited \(logout.status): \(logout.stderr)")
        #expect(logout.stdout == "Logged out.\n")
        #expect(logout.stderr.isEmpty, "stderr: \(logout.stderr)")
        #expect(session.credentialFiles(session.home.snapshot()).isEmpty)
        #expect(session.filesHolding(session.token).isEmpty)
    }

    @Test func logoutRemovesTheCacheLockAndLeftoverFilesOfTheUser() async throws {
        let session = try await FaultSession()
        let cache = session.home.url.appendingPathComponent("cache")
        let name = try #require(session.cacheFiles(session.home.snapshot()).keys.first).split(separator: "/").last.map(String.init) ?? ""
        // A temporary file of a killed cache write and an orphaned lock file of another user.
        try Data("me@example.com".utf8).write(to: cache.appendingPathComponent(".\(name).999999999.0123456789abcdef.tmp"))
        let otherUser = String(name.prefix(23)) + "fedcba9876543210.rrcache.lock"
        _ = FileManager.default.createFile(atPath: cache.appendingPathComponent(otherUser).path, contents: nil)

        let logout = try await session.run(["logout"])
        #expect(logout.status == 0, "logout exited \(logout.status): \(logout.stderr)")
        #expect(session.allPaths().filter { !["/cache", "/credentials"].contains($0) }.isEmpty,
                "left: \(session.allPaths())")
    }

    // Skipped as root where mount namespaces or read-only bind mounts are forbidden (root ignores modes).
    @Test(.enabled("needs a read-only folder: as root, a read-only bind mount in a mount namespace") { await HostCapabilities.canMakeFoldersReadOnly() })
    func logoutWithAReadOnlyStateFolderSaysWhatItCouldNotRemove() async throws {
        let session = try await FaultSession()
        let logout = try #require(try await session.runReadOnly(["logout"]), "the state folder could not be made read-only")
        #expect(logout.status == 73, "exit \(logout.status): \(logout.stderr)")
        #expect(logout.stderr.hasPrefix("rocket-reserver: The logout is incomplete."), "stderr: \(logout.stderr)")
        #expect(logout.stderr.contains("The stored login could not be removed"), "stderr: \(logout.stderr)")
        #expect(logout.stderr.contains("credential-"), "stderr does not name the file: \(logout.stderr)")
        #expect(!logout.stderr.contains("unexpected"), "stderr: \(logout.stderr)")
        FaultExpectations.expectNoToken(logout, session: session)

        // Writable again, logout finishes the job.
        let again = try await session.run(["logout"])
        #expect(again.status == 0, "exit \(again.status): \(again.stderr)")
        #expect(session.credentialFiles(session.home.snapshot()).isEmpty)
        #expect(session.cacheFiles(session.home.snapshot()).isEmpty)
    }

    @Test func logoutWithAnUnreadableCredentialStillRemovesTheUsersCache() async throws {
        let session = try await FaultSession()
        let credential = try #require(session.credentialFiles(session.home.snapshot()).keys.first)
        try Data("{not json".utf8).write(to: session.home.url.appendingPathComponent(String(credential.dropFirst())))

        let logout = try await session.run(["logout"])
        #expect(logout.status == 0, "exit \(logout.status): \(logout.stderr)")
        let left = session.home.snapshot()
        #expect(session.credentialFiles(left).isEmpty)
        #expect(left.keys.filter { $0.hasPrefix("/cache/") }.isEmpty, "left: \(left.keys.sorted())")
    }

    @Test func logoutLeavesOtherEndpointsAlone() async throws {
        let session = try await FaultSession()
        let other = try FaultServer(FaultServerTutorial.behaviour(token: "other-endpoint-token"))
        defer { other.stop() }
        await #expect(try session.run(["login", "you@example.com"], endpoint: other.endpoint).status == 0)
        await #expect(try session.run(["details", "1"], endpoint: other.endpoint).status == 0)
        let before = session.home.snapshot()

        await #expect(try session.run(["logout"]).status == 0)
        let after = session.home.snapshot()
        #expect(session.credentialFiles(after).count == 1)
        #expect(session.cacheFiles(after).count == 1)
        #expect(after.values.contains { $0.range(of: Data("other-endpoint-token".utf8)) != nil })
        #expect(session.cacheFiles(before).count == 2)
    }

    @Test func loggingInAsAnotherUserSaysWhomItReplacedAndDropsTheirCache() async throws {
        let session = try await FaultSession()
        let firstUsersCache = try #require(session.cacheFiles(session.home.snapshot()).keys.first)

        let second = try await session.run(["login", "b@example.com"])
        #expect(second.status == 0, "exit \(second.status): \(second.stderr)")
        #expect(second.stdout == "Logged in as b@example.com (replacing me@example.com).\n")
        #expect(!session.allPaths().contains { $0.hasPrefix(firstUsersCache) }, "left: \(session.allPaths())")

        await #expect(try session.run(["details", "1"]).status == 0)
        let again = try await session.run(["login", "b@example.com", "--json"])
        #expect(again.stdout == #"{"email":"b@example.com","replaced":null}"# + "\n")
        #expect(session.cacheFiles(session.home.snapshot()).count == 1, "re-login as the same user keeps their cache")
    }
}
