import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `launches --all` through the built binary: rows are printed as their pages arrive, a
/// progress line is drawn on standard error only when it is a terminal and erased at the end,
/// and `--json` stays one document.
@Suite("rocket-reserver binary: launches --all streams", .timeLimit(.minutes(5)))
struct StreamingProcessTests {
    static let scriptCommand = "/usr/bin/script"

    /// A page of two launches numbered from `first`, with `hasMore` unless it is page `last`.
    static func page(_ number: Int, of last: Int) -> FaultServerBehaviour {
        let ids = [2 * number - 1, 2 * number]
        let items = ids.map {
            #"{"__typename":"Launch","id":"\#($0)","site":"Site \#($0)","mission":{"__typename":"Mission","name":"Mission \#($0)","missionPatch":null}}"#
        }
        return .json(#"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"c\#(number)","hasMore":\#(number < last),"launches":["#
            + items.joined(separator: ",") + "]}}}")
    }

    /// `pages` pages of two launches; the cursor `cN` leads to page N + 1, which `hold` may hold.
    static func server(pages: Int, holding gate: FaultServerGate? = nil) throws -> FaultServer {
        try FaultServer(.decide { request in
            let after = (request.graphQLVariables["cursor"] as? String).flatMap { Int($0.dropFirst()) } ?? 0
            let answer = page(after + 1, of: pages)
            guard let gate, after + 1 == pages else { return answer }
            return .held(gate, answer)
        })
    }

    @Test("The first page's rows are on stdout while the last page is still held at the server")
    func rowsArriveBeforeTheLastPage() async throws {
        // The gate and the client's timeout are long, so that a test starved of threads on a
        // busy machine still sees the held page answered, not timed out.
        let gate = FaultServerGate(limit: 120)
        let server = try Self.server(pages: 2, holding: gate)
        defer { gate.open(); server.stop() }
        let home = try TemporaryDirectory(prefix: "stream")
        defer { home.remove() }

        let process = ChildProcess()
        process.executableURL = BuiltProducts.client
        process.arguments = ["launches", "--all"]
        process.environment = ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["ROCKET_RESERVER_TIMEOUT": "150"])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let exit = try await ProcessExit(starting: process)
        defer { if process.isRunning { process.terminate() } }
        let reader = PipeText(output.fileHandleForReading)

        // The gate holds the last page; the rows before it must not wait for it. Whether it had
        // let the page go is noted when the rows arrive, on the reader's thread, not when this
        // task next gets a thread of the pool.
        let releasedWhenSeen = Mutex<Bool?>(nil)
        let firstRows = await reader.text(timeout: 100) { text in
            guard text.contains("2   Mission 2  Site 2\n") else { return false }
            releasedWhenSeen.withLock { if $0 == nil { $0 = gate.hasReleased } }
            return true
        }
        #expect(releasedWhenSeen.withLock { $0 } == false, "page 1's rows only came when the held page was let go")
        #expect(firstRows == "ID  MISSION    SITE\n1   Mission 1  Site 1\n2   Mission 2  Site 2\n")
        #expect(await server.waitForRequests(2, timeout: 10), "the second page was never asked for")

        gate.open()
        await exit.wait()
        let all = await reader.text(timeout: 10) { _ in false }
        #expect(process.terminationStatus == 0)
        #expect(all == firstRows + "3   Mission 3  Site 3\n4   Mission 4  Site 4\n")
    }

    @Test(
        "On a terminal, stderr shows page N · M launches and erases it at the end; stdout holds only rows",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptCommand))
    )
    func progressOnATerminal() async throws {
        let server = try Self.server(pages: 3)
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "stream-tty")
        defer { home.remove() }
        let rows = home.url.appendingPathComponent("rows.txt")
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: Self.scriptCommand),
            ["-qec", "exec \(Self.quoted(BuiltProducts.client.path)) launches --all > \(Self.quoted(rows.path))", "/dev/null"],
            environment: ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["SHELL": "/bin/sh"]),
            deadline: 30
        )
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let erase = "\r\u{1B}[K"
        // What the terminal received: only stderr, as stdout went to the file.
        #expect(result.stdout == erase + "page 1 · 2 launches" + erase + erase + "page 2 · 4 launches" + erase + erase
            + "page 3 · 6 launches" + erase)
        let text = try String(contentsOf: rows, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 7)
        #expect(!text.contains("page "))
    }

    @Test("Piped, stderr has no progress line; --json is one document of every page")
    func pipedHasNoProgressAndJSONIsOneDocument() async throws {
        let server = try Self.server(pages: 3)
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "stream-pipe")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: server.endpoint)
        let text = try await ProcessRunner.run(BuiltProducts.client, ["launches", "--all"], environment: environment, deadline: 30)
        #expect(text.status == 0)
        #expect(text.stderr.isEmpty, "\(text.stderr)")
        #expect(text.stdout.split(separator: "\n").count == 7)

        let json = try await ProcessRunner.run(BuiltProducts.client, ["launches", "--all", "--json"], environment: environment, deadline: 30)
        #expect(json.status == 0)
        #expect(json.stderr.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let ids = (document["launches"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(ids == (1...6).map(String.init))
        #expect(document["hasMore"] as? Bool == false)
        #expect(document["cursor"] as? String == "c3")
    }

    @Test(
        "With --json on a terminal's stderr, the progress is drawn and erased, and stdout is one document",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptCommand))
    )
    func jsonWithProgress() async throws {
        let server = try Self.server(pages: 2)
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "stream-json")
        defer { home.remove() }
        let file = home.url.appendingPathComponent("all.json")
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: Self.scriptCommand),
            ["-qec", "exec \(Self.quoted(BuiltProducts.client.path)) launches --all --json > \(Self.quoted(file.path))", "/dev/null"],
            environment: ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["SHELL": "/bin/sh"]),
            deadline: 30
        )
        #expect(result.status == 0)
        #expect(result.stdout.contains("page 2 · 4 launches"))
        let erase = "\r\u{1B}[K"
        #expect(result.stdout.hasSuffix(erase))
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        #expect((document?["launches"] as? [Any])?.count == 4)
    }

    @Test(
        "A failure after some pages erases the progress line before the error",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptCommand))
    )
    func failureErasesTheProgress() async throws {
        let server = try FaultServer(.decide { request in
            request.graphQLVariables["cursor"] == nil ? Self.page(1, of: 3) : .json("not json")
        })
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "stream-fail")
        defer { home.remove() }
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: Self.scriptCommand),
            ["-qec", "exec \(Self.quoted(BuiltProducts.client.path)) launches --all > /dev/null", "/dev/null"],
            environment: ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["SHELL": "/bin/sh"]),
            deadline: 30
        )
        #expect(result.status == 76, "\(result.stdout)")
        let expected = "\r\u{1B}[Kpage 1 · 2 launches\r\u{1B}[Krocket-reserver: "
        #expect(result.stdout.hasPrefix(expected), "\(result.stdout.debugDescription)")
    }

    @Test(
        "Ctrl-C while a page is held erases the progress line",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptCommand))
    )
    func interruptErasesTheProgress() async throws {
        let gate = FaultServerGate(limit: 30)
        let server = try Self.server(pages: 3, holding: gate)
        defer { gate.open(); server.stop() }
        let home = try TemporaryDirectory(prefix: "stream-int")
        defer { home.remove() }
        let terminal = home.url.appendingPathComponent("terminal.txt")
        _ = FileManager.default.createFile(atPath: terminal.path, contents: nil)
        let capture = try FileHandle(forWritingTo: terminal)
        defer { try? capture.close() }

        let script = ChildProcess()
        script.executableURL = URL(fileURLWithPath: Self.scriptCommand)
        script.arguments = ["-qec", "exec \(Self.quoted(BuiltProducts.client.path)) launches --all > /dev/null", "/dev/null"]
        script.environment = ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["SHELL": "/bin/sh"])
        script.standardOutput = capture
        script.standardError = FileHandle.nullDevice
        script.standardInput = FileHandle.nullDevice
        let exit = try await ProcessExit(starting: script)
        defer { if script.isRunning { script.terminate() } }

        #expect(await server.waitForRequests(3, timeout: 20), "the walk never reached the held page")
        // `script` runs the command (exec'd by its shell) as its only child.
        let children = try String(contentsOfFile: "/proc/\(script.processIdentifier)/task/\(script.processIdentifier)/children", encoding: .utf8)
        let client = try #require(children.split(separator: " ").first.flatMap { Int32($0) })
        kill(client, SIGINT)
        await exit.wait()
        let shown = try String(contentsOf: terminal, encoding: .utf8)
        let erase = "\r\u{1B}[K"
        #expect(shown.hasSuffix("page 2 · 4 launches" + erase), "\(shown.debugDescription)")
    }

    /// `text` in single quotes for `sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
