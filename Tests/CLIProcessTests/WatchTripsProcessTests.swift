import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `rocket-reserver trips --watch` piped, against the reference server: the listing now, then
/// a new listing after another process books on the same cache; SIGTERM ends it with 0.
@Suite("rocket-reserver binary: trips --watch against the reference server")
struct WatchTripsProcessTests {
    @Test func anotherProcesssBookingShowsAsANewListing() async throws {
        let server = try await ReferenceServer()
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "watch-trips")
        defer { home.remove() }
        let environment = ClientEnvironment.make(home: home, endpoint: server.endpoint)
        func run(_ arguments: String...) async throws -> ProcessResult {
            try await ProcessRunner.run(BuiltProducts.client, arguments, environment: environment, deadline: 60)
        }
        #expect(try await run("login", "trips-watcher@example.com").status == 0)
        #expect(try await run("book", "3").status == 0)

        let process = Process()
        process.executableURL = BuiltProducts.client
        process.arguments = ["trips", "--watch"]
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

        let first = await stdout.text(timeout: 30) { $0.contains("\n3 ") }
        #expect(first.hasPrefix("Trips for trips-watcher@example.com:\n"), "\(first)")
        #expect(!first.contains("\n4 "))
        #expect(try await run("book", "4").status == 0)
        // Piped, each new listing is appended: the second one holds both trips.
        let both = await stdout.text(timeout: 30) { $0.components(separatedBy: "Trips for").count == 3 && $0.contains("\n4 ") }
        let listings = both.components(separatedBy: "Trips for trips-watcher@example.com:\n").filter { !$0.isEmpty }
        #expect(listings.count >= 2, "\(both)")
        #expect(listings.last?.contains("\n3 ") == true && listings.last?.contains("\n4 ") == true, "\(both)")

        kill(process.processIdentifier, SIGTERM)
        _ = await exit.wait()
        #expect(process.terminationStatus == 0)
        #expect(await stderr.text(timeout: 10) { _ in false }.isEmpty)
    }
}
