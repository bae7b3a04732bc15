import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Without `libsqlite3.so.0` nothing is cached, the commands still answer from the network,
/// and the reason is said once per command.
@Suite("Cache without SQLite")
struct MissingSQLiteTests {
    @Test func commandsAnswerFromTheNetworkAndSayOnceThatNothingIsCached() async throws {
        let session = try await FaultSession(prepared: false)
        // Load the library into this process to learn its file, then hide that file from the
        // client by mounting /dev/null over it in a mount namespace of the client's own.
        _ = dlopen("libsqlite3.so.0", RTLD_NOW | RTLD_LOCAL)
        let maps = FileHandle(forReadingAtPath: "/proc/self/maps").map { String(decoding: $0.readDataToEndOfFile(), as: UTF8.self) } ?? ""
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
              let library = maps.split(separator: "\n").compactMap({ $0.split(separator: " ").last }).first(where: { $0.contains("/libsqlite3.so") })
        else {
            print("skipped: hiding libsqlite3.so.0 needs root, unshare(1) and a loadable libsqlite3.so.0")
            return
        }
        let script = #"mount --bind /dev/null "$1" || exit 99; shift; exec "$@""#
        func run(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/unshare"),
                ["-m", "/bin/sh", "-c", script, "sh", String(library), BuiltProducts.client.path, "--endpoint", session.endpoint] + arguments,
                environment: ClientEnvironment.make(home: session.home)
            )
        }
        let first = try await run(["details", "1", "--json"])
        if first.status == 99 || first.stderr.contains("unshare:") {
            print("skipped: no mount namespace here (\(first.stderr.prefix(200)))")
            return
        }
        let expected = "rocket-reserver: warning: Nothing is cached: the SQLite library libsqlite3.so.0 could not be loaded.\n"
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(first.stderr == expected)
        let second = try await run(["details", "1", "--json"])
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(second.stderr == expected)
        #expect(session.server.requests.filter { $0.graphQLQuery.contains("launch(") }.count == 2, "each run asked the server")
        #expect(session.cacheFiles(session.home.snapshot()).isEmpty, "no cache file was made")
    }
}
