import Foundation
import Testing
import TestSupport

/// Output that cannot be written is an error (74); a reader that stops reading is not; and a
/// warning that repeats is printed once per command.
@Suite("Output failures and repeated warnings", .timeLimit(.minutes(5)))
struct OutputFailureTests {
    @Test(arguments: [["launches", "--all", "--json"], ["launches"], ["details", "1"], ["--help"], ["trips", "--json"]])
    func aFullDiskOnStandardOutputExits74WithOneSentence(_ command: [String]) async throws {
        let session = try await FaultSession()
        let result = try await session.shell(#"exec "$@" > /dev/full"#, command)
        #expect(result.status == 74, "exit \(result.status): \(result.stderr)")
        FaultExpectations.expectPlainMessage(result.stderr)
        #expect(result.stderr.contains("could not be written"), "stderr: \(result.stderr)")
        // Only the error: no hint about output that never arrived (the next page's command).
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("--after"), "stderr: \(result.stderr)")
    }

    /// A note about the results (they came from the cache) is no more use than a hint when the
    /// results could not be written.
    @Test(arguments: [["launches"], ["trips"], ["launches", "--all"]])
    func aFullDiskAfterAFallbackPrintsOnlyTheWriteError(_ command: [String]) async throws {
        let session = try await FaultSession()
        for warm in [["launches"], ["trips"], ["launches", "--all"]] {
            #expect(try await session.run(warm).status == 0)
        }
        session.server.stop()
        let shown = try await session.run(command)
        #expect(shown.status == 0 && shown.stderr.contains("Showing cached data"), "the control did not fall back: \(shown.stderr)")
        let result = try await session.shell(#"exec "$@" > /dev/full"#, command)
        #expect(result.status == 74, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Showing cached data"), "stderr: \(result.stderr)")
    }

    @Test(arguments: [["launches", "--all"], ["launches", "--json"], ["--help"]])
    func aClosedPipeStaysQuiet(_ command: [String]) async throws {
        let session = try await FaultSession()
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()  // the reader is gone before anything is written
        let errors = try TemporaryDirectory(prefix: "stderr")
        defer { errors.remove() }
        let errorURL = errors.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let process = ChildProcess()
        process.executableURL = BuiltProducts.client
        process.arguments = ["--endpoint", session.server.endpoint] + command
        process.environment = ClientEnvironment.make(home: session.home)
        process.standardOutput = pipe.fileHandleForWriting
        process.standardError = try FileHandle(forWritingTo: errorURL)
        let exit = try await ProcessExit(starting: process)
        await exit.wait()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0, "ended with \(process.terminationStatus)")
        #expect(try String(contentsOf: errorURL, encoding: .utf8).isEmpty)
    }

    /// A server that pages launches three at a time over six pages.
    static func pagingServer(token: String) -> FaultServerBehaviour {
        .decide { request in
            guard request.graphQLQuery.contains("launches") else {
                return .respond(status: 200, body: FaultServerTutorial.answer(to: request, token: token))
            }
            let page = Int(request.graphQLVariables["cursor"] as? String ?? "0") ?? 0
            let items = (1...3).map { index in
                let id = String(page * 3 + index)
                return #"{"__typename":"Launch","id":"\#(id)","site":"S","mission":{"__typename":"Mission","name":"M\#(id)","missionPatch":"https://p.invalid/\#(id).png"}}"#
            }
            let hasMore = page < 5 ? "true" : "false"
            let body = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"\#(page + 1)","hasMore":\#(hasMore),"launches":[\#(items.joined(separator: ","))]}}}"#
            return .respond(status: 200, body: Data(body.utf8))
        }
    }

    @Test func aCacheThatCannotBeSavedIsReportedOncePerCommand() async throws {
        let session = try await FaultSession()
        session.server.behaviour = Self.pagingServer(token: session.token)
        // Every save fails: the cache file may not grow past 512 bytes (EFBIG, SIGXFSZ ignored).
        let script = #"trap '' XFSZ; (ulimit -f 1; exec "$@") 2>&1 > /dev/null | cat >&2"#
        let result = try await session.shell(script, ["launches", "--all", "--json"])
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("GraphQL cache") }
        #expect(warnings.count == 1, "stderr: \(result.stderr)")
        #expect(session.server.requests.filter { $0.graphQLQuery.contains("launches") }.count == 6, "exit \(result.status), stdout: \(result.stdout.prefix(300)), requests: \(session.server.requests.map { $0.graphQLVariables.description })")
    }

    /// Only mutations take the lock: a query neither waits on it nor reports it.
    @Test func aLockFolderInTheWayIsReportedOncePerCommand() async throws {
        let session = try await FaultSession()
        let cache = try #require(session.cacheFiles(session.home.snapshot()).keys.first)
        let lock = session.home.url.path + cache + ".lock"
        try? FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createDirectory(atPath: lock + "/inside", withIntermediateDirectories: true)
        session.server.behaviour = Self.pagingServer(token: session.token)
        let result = try await session.run(["launches", "--all", "--json"])
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        #expect(result.stderr.isEmpty, "stderr: \(result.stderr)")
        session.server.behaviour = FaultServerTutorial.behaviour(token: session.token)
        let booked = try await session.run(["book", "3", "--json"])
        #expect(booked.status == 0, "exit \(booked.status): \(booked.stderr)")
        #expect(booked.stderr.split(separator: "\n").count == 1, "stderr: \(booked.stderr)")
    }
}
