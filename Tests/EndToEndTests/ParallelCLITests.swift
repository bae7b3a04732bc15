import Foundation
import Synchronization
import Testing
import TestSupport

/// Many `rocket-reserver` processes at once against one reference server, all logged in as
/// the same user in the same home, so that they race on the same cache file.
///
/// The mix is chosen so that every final value is known: within a phase no two processes touch
/// the same launch, so whatever order they run in, the server and the cache must end the same.
/// A write lost by the cache file's lock and merge shows as a cached `isBooked` that is wrong,
/// or missing (then the cache-only read below times out against the paused server: exit 69).
@Suite("Parallel CLI processes sharing one cache file", .serialized, .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct ParallelCLITests {
    /// A client home, a running server and the CLI's environment, torn down together.
    final class Session: Sendable {
        let home: TemporaryDirectory
        let server: ReferenceServer

        init() async throws {
            home = try TemporaryDirectory(prefix: "parallel-client")
            do {
                // In memory: a state file would put an fsync per booking on the server's path,
                // and on a busy disk that measures the disk, not the client's cache.
                server = try await ReferenceServer()
            } catch {
                home.remove()
                throw error
            }
        }

        deinit {
            server.stop()
            home.remove()
        }

        func environment(timeout: String = "60") -> [String: String] {
            ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["ROCKET_RESERVER_TIMEOUT": timeout])
        }

        func run(_ arguments: [String], timeout: String = "60") async throws -> ProcessResult {
            try await ProcessRunner.run(BuiltProducts.client, arguments, environment: environment(timeout: timeout), deadline: 180)
        }

        /// Runs every command at once, each in its own process, and returns their results in order.
        ///
        /// Each command is a child task that awaits its process without holding a thread
        /// (``ProcessExit``) and takes no slot (``ProcessRunner``), so all of them start together
        /// however few cores there are.
        func runConcurrently(_ commands: [[String]], timeout: String = "60") async -> [Result<ProcessResult, any Error>] {
            let environment = environment(timeout: timeout)
            return await withTaskGroup(of: (Int, Result<ProcessResult, any Error>).self) { group in
                for (index, arguments) in commands.enumerated() {
                    group.addTask {
                        do {
                            return (index, .success(try await ProcessRunner.run(
                                BuiltProducts.client, arguments, environment: environment, deadline: 180, takesSlot: false
                            )))
                        } catch {
                            return (index, .failure(error))
                        }
                    }
                }
                var results: [Int: Result<ProcessResult, any Error>] = [:]
                for await (index, result) in group { results[index] = result }
                return commands.indices.compactMap { results[$0] }
            }
        }
    }

    /// One command of a phase and the exit status it must end with.
    struct Command: CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var description: String { arguments.joined(separator: " ") }
    }

    static func details(_ id: Int, forceReload: Bool = false) -> Command {
        Command(arguments: ["details", String(id), "--json"] + (forceReload ? ["--force-reload"] : []), status: 0)
    }

    static func book(_ id: Int) -> Command { Command(arguments: ["book", String(id), "--json"], status: 0) }
    /// Cancelling a trip that is booked succeeds; one that is not is refused (`success: false`, exit 1).
    static func cancel(_ id: Int, isBooked: Bool) -> Command {
        Command(arguments: ["cancel", String(id), "--json"], status: isBooked ? 0 : 1)
    }

    /// Runs a phase's commands at once and checks each one's exit status; returns what they printed.
    @discardableResult
    func phase(_ name: String, _ session: Session, _ commands: [Command], timeout: String = "60") async throws -> [ProcessResult] {
        let outcomes = await session.runConcurrently(commands.map(\.arguments), timeout: timeout)
        var results: [ProcessResult] = []
        for (command, outcome) in zip(commands, outcomes) {
            let result = try outcome.get()
            #expect(result.status == command.status, "\(name): `\(command)` exited \(result.status): \(result.stderr)")
            #expect(!result.stderr.contains("warning"), "\(name): `\(command)` warned: \(result.stderr)")
            results.append(result)
        }
        return results
    }

    static func isBooked(_ result: ProcessResult) -> Bool? {
        let object = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["isBooked"] as? Bool
    }

    @Test func racingProcessesLoseNoCacheWrite() async throws {
        let session = try await Session()
        let login = try await session.run(["login", "racer@example.com", "--json"])
        try #require(login.status == 0, "login exited \(login.status): \(login.stderr)")

        let touched = Array(1...28)
        // Phase 0: 28 cache-first reads, each adding its launch to the same QUERY_ROOT record.
        let first = try await phase("phase 0", session, touched.map { Self.details($0) })
        #expect(first.map(Self.isBooked) == touched.map { _ in false })

        // Phase 1: book 1...10 while 11...20 are reloaded from the server.
        try await phase("phase 1", session, (1...10).map(Self.book) + (11...20).map { Self.details($0, forceReload: true) })

        // Phase 2: cancel 1...5, book 21...25, reload 6...10, cancel 26...28 (never booked),
        // and list the trips twice (which writes the launches' list fields).
        let second = try await phase(
            "phase 2", session,
            (1...5).map { Self.cancel($0, isBooked: true) }
                + (21...25).map(Self.book)
                + (6...10).map { Self.details($0, forceReload: true) }
                + (26...28).map { Self.cancel($0, isBooked: false) }
                + [Command(arguments: ["trips", "--json"], status: 0), Command(arguments: ["trips", "--json"], status: 0)]
        )
        #expect(second[10..<15].map(Self.isBooked) == Array(repeating: true, count: 5), "a reload of a booked launch")

        let booked = Set(6...10).union(21...25)
        let expected = touched.map { booked.contains($0) }

        // The server's truth.
        let trips = try await session.run(["trips", "--json"])
        #expect(trips.status == 0, "trips exited \(trips.status): \(trips.stderr)")
        let tripsObject = try JSONSerialization.jsonObject(with: Data(trips.stdout.utf8)) as? [String: Any]
        let tripIDs = (tripsObject?["trips"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(tripIDs.map { Set($0) } == Set(booked.map(String.init)), "the server holds trips \(tripIDs ?? [])")
        #expect(tripIDs?.count == booked.count, "a trip is listed twice: \(tripIDs ?? [])")

        // The cache alone, read by 28 processes at once: the server is frozen, so a missing
        // record times out (exit 69) instead of being fetched.
        session.server.pause()
        let fromCache: [ProcessResult]
        do {
            defer { session.server.resume() }
            fromCache = try await phase("cache only", session, touched.map { Self.details($0) }, timeout: "2")
        }
        #expect(fromCache.map(Self.isBooked) == expected, "cached isBooked for launches 1...28")

        // And the server again, for every launch.
        let reloaded = try await phase("reload", session, touched.map { Self.details($0, forceReload: true) })
        #expect(reloaded.map(Self.isBooked) == expected, "isBooked from the server for launches 1...28")

        // One cache database for the user (plus its lock), and no temporary file left behind.
        let cacheFolder = session.home.url.appendingPathComponent("cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path).sorted()
        #expect(names.filter { $0.hasSuffix(".sqlite") }.count == 1, "cache folder holds \(names)")
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "temporary files left behind: \(names)")
    }
}
