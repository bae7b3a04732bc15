import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `rocket-reserver query FILE` with a subscription, over a real loopback WebSocket: each event's
/// `data` as one JSON line until the server completes it (exit 0) or a signal stops it (exit 0);
/// the server's error ends it with 1; a lost connection is noted and reconnected; 69 when it
/// cannot connect at all; 64 with --offline before anything is sent.
@Suite("rocket-reserver binary: query with a subscription")
struct QuerySubscriptionProcessTests {
    /// A running `rocket-reserver query`, its output read as it comes.
    struct Running {
        let process: Process
        let exit: ProcessExit
        let stdout: PipeText
        let stderr: PipeText

        init(_ arguments: [String], environment: [String: String]) async throws {
            process = Process()
            process.executableURL = BuiltProducts.client
            process.arguments = arguments
            process.environment = environment
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            process.standardInput = FileHandle.nullDevice
            exit = try await ProcessExit(starting: process)
            stdout = PipeText(output.fileHandleForReading)
            stderr = PipeText(errors.fileHandleForReading)
        }

        /// Sends `signal` and returns the exit status once the process has ended.
        func stop(with signal: Int32) async -> Int32 {
            kill(process.processIdentifier, signal)
            await exit.wait()
            return process.terminationStatus
        }
    }

    private func document(_ text: String, in home: TemporaryDirectory) throws -> String {
        let url = home.url.appendingPathComponent("operation.graphql")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test(.enabled(if: StrawberryPeer.python != nil, Comment(rawValue: StrawberryPeer.unavailableNote)))
    func eventsPrintAsJSONLinesUntilTheServerCompletes() async throws {
        let peer = try await StrawberryPeer()
        defer { peer.stop() }
        let home = try TemporaryDirectory(prefix: "query-subscription")
        defer { home.remove() }
        let file = try document("subscription Countdown($start: Int!) { countdown(start: $start) }", in: home)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["query", file, "--var", "start=3"],
            environment: ClientEnvironment.make(home: home, endpoint: peer.endpoint.absoluteString), deadline: 60
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"countdown\":3}\n{\"countdown\":2}\n{\"countdown\":1}\n")
        #expect(result.stderr.isEmpty)
    }

    @Test(.enabled(if: StrawberryPeer.python != nil, Comment(rawValue: StrawberryPeer.unavailableNote)))
    func anErrorFromTheServerEndsItWithStatusOne() async throws {
        let peer = try await StrawberryPeer()
        defer { peer.stop() }
        let home = try TemporaryDirectory(prefix: "query-subscription")
        defer { home.remove() }
        let file = try document("subscription { failing }", in: home)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["query", file], environment: ClientEnvironment.make(home: home, endpoint: peer.endpoint.absoluteString), deadline: 60
        )
        #expect(result.status == 1)
        #expect(result.stdout == "{\"failing\":1}\n")
        #expect(result.stderr.contains("the feed broke"), "\(result.stderr)")
    }

    @Test(
        .enabled(if: StrawberryPeer.python != nil, Comment(rawValue: StrawberryPeer.unavailableNote)),
        arguments: [SIGINT, SIGTERM]
    )
    func aSignalStopsItWithStatusZero(signal: Int32) async throws {
        let peer = try await StrawberryPeer()
        defer { peer.stop() }
        let home = try TemporaryDirectory(prefix: "query-subscription")
        defer { home.remove() }
        let file = try document("subscription { tripsBooked }", in: home)
        let running = try await Running(["query", file], environment: ClientEnvironment.make(home: home, endpoint: peer.endpoint.absoluteString))
        defer { if running.process.isRunning { running.process.terminate() } }
        // The peer sends 2, -1 and 1, then nothing until the client stops.
        let expected = "{\"tripsBooked\":2}\n{\"tripsBooked\":-1}\n{\"tripsBooked\":1}\n"
        #expect(await running.stdout.text(timeout: 30) { $0 == expected } == expected)
        #expect(await running.stop(with: signal) == 0)
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }

    /// The reference server restarts under a running `query`: a note on standard error, then
    /// another once it is back, and the next booking prints.
    @Test func aLostConnectionIsNotedAndReconnected() async throws {
        let first = try await ReferenceServer()
        defer { first.stop() }
        let home = try TemporaryDirectory(prefix: "query-subscription")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: first.endpoint)
        func run(_ arguments: String...) async throws -> ProcessResult {
            try await ProcessRunner.run(BuiltProducts.client, arguments, environment: environment, deadline: 60)
        }
        #expect(try await run("login", "subscriber@example.com").status == 0)
        let file = try document("subscription Activity { tripsBooked }", in: home)
        let running = try await Running(["query", file], environment: environment)
        defer { if running.process.isRunning { running.process.terminate() } }

        // Nothing says when `query` has subscribed: book launch after launch until one shows.
        try await bookUntilPrinted(running, launches: 1...10, run: run)
        await first.stopAndWait()
        let lost = await running.stderr.text(timeout: 30) { $0.contains("reconnecting") }
        #expect(lost.hasPrefix("rocket-reserver: The live connection was lost ("), "\(lost)")

        let second = try await ReferenceServer(port: first.port)
        defer { second.stop() }
        let back = await running.stderr.text(timeout: 30) { $0.contains("Reconnected") }
        #expect(back.contains("rocket-reserver: Reconnected; events published while the connection was down were missed.\n"), "\(back)")
        try await bookUntilPrinted(running, launches: 11...20, run: run)
        #expect(await running.stop(with: SIGTERM) == 0)
    }

    @Test func itExits69WhenItCannotConnectWithinTheTimeout() async throws {
        let home = try TemporaryDirectory(prefix: "query-subscription")
        defer { home.remove() }
        let port = try #require(ClosedLoopbackPort.make())
        let schema = home.url.appendingPathComponent("schema.graphqls")
        try Data("type Query { hello: String }\ntype Subscription { tripsBooked: Int }\n".utf8).write(to: schema)
        let file = try document("subscription { tripsBooked }", in: home)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["query", file, "--schema", schema.path, "--timeout", "5"],
            environment: ClientEnvironment.make(home: home, endpoint: "http://127.0.0.1:\(port)/graphql"), deadline: 60
        )
        #expect(result.status == 69, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("rocket-reserver: "))
    }

    /// Against a closed port: trying to connect would end with 69, so 64 says it never tried.
    @Test func offlineRefusesWith64BeforeAnythingIsSent() async throws {
        let home = try TemporaryDirectory(prefix: "query-subscription")
        defer { home.remove() }
        let port = try #require(ClosedLoopbackPort.make())
        let file = try document("subscription { tripsBooked }", in: home)
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["--offline", "query", file],
            environment: ClientEnvironment.make(home: home, endpoint: "http://127.0.0.1:\(port)/graphql"), deadline: 60
        )
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--offline"), "\(result.stderr)")
    }

    private func bookUntilPrinted(
        _ running: Running, launches: ClosedRange<Int>, run: (String...) async throws -> ProcessResult
    ) async throws {
        let before = await running.stdout.text(timeout: 0) { _ in true }
        for launch in launches {
            let result = try await run("book", String(launch))
            #expect(result.status == 0, "book \(launch): \(result.stderr)")
            let text = await running.stdout.text(timeout: 3) { $0.count > before.count && $0.hasSuffix("\n") }
            if text.count > before.count {
                #expect(text.dropFirst(before.count).split(separator: "\n").allSatisfy { $0 == "{\"tripsBooked\":1}" }, "\(text)")
                return
            }
        }
        let errors = await running.stderr.text(timeout: 0) { _ in true }
        Issue.record("no event reached query; stderr: \(errors)")
    }
}
