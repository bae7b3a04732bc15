import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` at random points while `launches --all` and `details --force-reload` write the
/// cache: after every kill the database is whole (SQLite's integrity check), opens without a
/// warning, and holds no half-written answer (no reference to a record that is not there).
@Suite("Cache kill storm", .timeLimit(.minutes(5)))
struct CacheKillStormTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: BuiltProducts.server.path), "needs the reference server"))
    func everyKillLeavesAWholeCache() async throws {
        let server = try await ReferenceServer()
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "cache-storm")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: server.endpoint)
        #expect(try await ProcessRunner.run(BuiltProducts.client, ["login", "storm@example.com"], environment: environment).status == 0)
        let runs = 40
        for run in 0..<runs {
            let process = ChildProcess()
            process.executableURL = BuiltProducts.client
            process.arguments = run.isMultiple(of: 2)
                ? ["launches", "--all", "--page-size", "3"]
                : ["details", String(run % 20 + 1), "--force-reload"]
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let exit = try await ProcessExit(starting: process)
            // A random point in the run to kill it at (a delay, not a synchronisation).
            try await Task.sleep(for: .microseconds(Int.random(in: 0...80_000)))
            process.signal(SIGKILL)
            await exit.wait()

            let databases = (try? FileManager.default.contentsOfDirectory(atPath: home.url.appendingPathComponent("cache").path))?
                .filter { $0.hasSuffix(".sqlite") } ?? []
            for name in databases {
                let path = home.url.appendingPathComponent("cache/\(name)").path
                #expect(CacheDump.integrityCheck(path) == "ok", "run \(run): \(name)")
            }
            let collected = try await ProcessRunner.run(BuiltProducts.client, ["cache", "gc", "--json"], environment: environment)
            #expect(collected.status == 0 && collected.stderr.isEmpty, "run \(run): exit \(collected.status): \(collected.stderr)")
            #expect(collected.stdout == #"{"danglingReferences":0,"unreachableRecords":0}"# + "\n", "run \(run): \(collected.stdout)")
        }
        let final = try await ProcessRunner.run(BuiltProducts.client, ["launches", "--all", "--page-size", "3", "--json"], environment: environment)
        #expect(final.status == 0 && final.stderr.isEmpty, "exit \(final.status): \(final.stderr)")
        let offline = try await ProcessRunner.run(BuiltProducts.client, ["launches", "--all", "--page-size", "3", "--json", "--offline"], environment: environment)
        #expect(offline.status == 0, "exit \(offline.status): \(offline.stderr)")
        #expect(offline.stdout == final.stdout, "the cache answers every page as the server did")
    }
}
