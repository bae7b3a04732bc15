import Foundation
import Testing
import TestSupport

/// Without `libsqlite3.so.0` nothing is cached, the commands still answer from the network,
/// and the reason is said once per command.
@Suite("Cache without SQLite", .timeLimit(.minutes(5)))
struct MissingSQLiteTests {
    // Skipped without root, unshare(1) or a mount namespace: the library cannot be hidden then.
    @Test(.enabled("needs root, unshare(1) and a mount namespace to hide libsqlite3.so.0") { await HiddenLibrary.canHide("libsqlite3.so.0") })
    func commandsAnswerFromTheNetworkAndSayOnceThatNothingIsCached() async throws {
        let session = try await FaultSession(prepared: false)
        func run(_ arguments: [String]) async throws -> ProcessResult {
            try await HiddenLibrary.run(hiding: "libsqlite3.so.0", ["--endpoint", session.endpoint] + arguments, home: session.home)
        }
        let first = try await run(["details", "1", "--json"])
        let second = try await run(["details", "1", "--json"])
        let expected = "rocket-reserver: warning: Nothing is cached: the SQLite library libsqlite3.so.0 could not be loaded.\n"
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stderr == expected)
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stderr == expected)
        #expect(session.server.requests.filter { $0.graphQLQuery.contains("launch(") }.count == 2, "each run asked the server")
        #expect(session.cacheFiles(session.home.snapshot()).isEmpty, "no cache file was made")
    }
}
