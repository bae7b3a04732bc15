import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `rocket-reserver watch --json` against the reference server over a real loopback WebSocket:
/// bookings and cancellations made with the CLI print as `{"tripsBooked":N}` lines, and
/// SIGTERM ends it with 0.
@Suite("rocket-reserver binary: watch against the reference server")
struct WatchProcessTests {
    @Test func watchPrintsBookingsAndCancellationsUntilSIGTERM() async throws {
        let server = try await ReferenceServer()
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "watch")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: server.endpoint)
        func run(_ arguments: String...) async throws -> ProcessResult {
            try await ProcessRunner.run(BuiltProducts.client, arguments, environment: environment, deadline: 60)
        }
        #expect(try await run("login", "watcher@example.com").status == 0)

        let process = Process()
        process.executableURL = BuiltProducts.client
        process.arguments = ["watch", "--json"]
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let exit = try await ProcessExit(starting: process)
        defer { if process.isRunning { process.terminate() } }
        let stdout = PipeText(output.fileHandleForReading)
        let stderr = PipeText(errors.fileHandleForReading)

        // Nothing says when `watch` has subscribed: book launch after launch until one shows.
        var booked: String?
        for launch in 1...20 {
            let result = try await run("book", String(launch))
            #expect(result.status == 0, "book \(launch): \(result.stderr)")
            if await stdout.text(timeout: 3, until: { $0.contains("\n") }).contains("\n") {
                booked = String(launch)
                break
            }
        }
        let stderrSoFar = await stderr.text(timeout: 0) { _ in true }
        let launch = try #require(booked, "no event reached watch; stderr: \(stderrSoFar)")
        #expect(try await run("cancel", launch).status == 0)
        let text = await stdout.text(timeout: 30) { $0.hasSuffix("{\"tripsBooked\":-1}\n") }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"tripsBooked":1}"#)
        #expect(lines.last == #"{"tripsBooked":-1}"#)
        #expect(lines.allSatisfy { $0 == #"{"tripsBooked":1}"# || $0 == #"{"tripsBooked":-1}"# }, "\(lines)")

        kill(process.processIdentifier, SIGTERM)
        await exit.wait()
        #expect(process.terminationStatus == 0)
        #expect(await stderr.text(timeout: 10) { _ in false }.isEmpty)
    }
}
