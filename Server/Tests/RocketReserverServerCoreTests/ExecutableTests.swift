import Foundation
import Testing
import RocketReserverServerCore

/// Tests of the real `rocket-reserver-server` binary: listening line, signals, exit codes.
@Suite("rocket-reserver-server executable")
struct ExecutableTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func printsOneListeningLineAndExitsZeroOnSignal(signal: Int32) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rr-exec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stateFile = directory.appendingPathComponent("state.json")

        let child = try ChildProcess(arguments: ["--port", "0", "--state", stateFile.path])
        let line = await child.readLine()
        let prefix = "listening on http://127.0.0.1:"
        guard let line, line.hasPrefix(prefix), line.hasSuffix("/graphql"),
            let port = Int(line.dropFirst(prefix.count).dropLast("/graphql".count)), port > 0,
            let url = URL(string: String(line.dropFirst("listening on ".count)))
        else {
            child.signal(SIGKILL)
            let exit = await child.waitForExit()
            Issue.record("unexpected first line \(line ?? "<none>"); stderr: \(exit.stderr)")
            return
        }
        let client = HTTPClient(url: url)
        let login = try? await client.post(#"{"query":"mutation { login(email: \"proc@example.com\") { id } }"}"#)
        client.close()
        #expect(login?.status == 200)
        #expect(JSONPath.string(login?.json, "data", "login", "id") == "1")

        child.signal(signal)
        let exit = await child.waitForExit()
        #expect(exit.normalExit && exit.status == 0, "exit \(exit.status); stderr: \(exit.stderr)")
        #expect(exit.stdout.isEmpty, "more on stdout: \(exit.stdout)")
        let state = try String(contentsOf: stateFile, encoding: .utf8)
        #expect(state.contains("proc@example.com"))
    }

    @Test func unreadableOrInvalidDataFileExitsNonZero() async throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("rr-bad-\(UUID().uuidString).json")
        try Data(#"{"launches": "nope"}"#.utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        for path in ["/nonexistent/rr-launches.json", bad.path] {
            let child = try ChildProcess(arguments: ["--port", "0", "--data", path])
            let exit = await child.waitForExit()
            #expect(exit.normalExit && exit.status != 0, "\(path): exit \(exit.status)")
            #expect(exit.stdout.isEmpty)
            #expect(exit.stderr.contains(path), "stderr: \(exit.stderr)")
        }
    }

    @Test func nonLoopbackHostExitsNonZero() async throws {
        let child = try ChildProcess(arguments: ["--host", "rocket-reserver.invalid", "--port", "0"])
        let exit = await child.waitForExit()
        #expect(exit.normalExit && exit.status != 0)
        #expect(exit.stdout.isEmpty)
        #expect(exit.stderr.contains("loopback"))
    }

    @Test func helpListsTheFlags() async throws {
        let child = try ChildProcess(arguments: ["--help"])
        let exit = await child.waitForExit()
        #expect(exit.status == 0)
        for flag in ["--host", "--port", "--state", "--data"] {
            #expect(exit.stdout.contains(flag), "help lacks \(flag)")
        }
    }
}
