import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `rocket-reserver watch --json` against the reference server over a real loopback WebSocket:
/// bookings and cancellations made with the CLI print as `{"tripsBooked":N}` lines, and
/// SIGTERM ends it with 0.
@Suite("rocket-reserver binary: watch against the reference server", .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct WatchProcessTests {
    @Test func watchPrintsBookingsAndCancellationsUntilSIGTERM() async throws {
        let client = try await ReferenceServerClient(prefix: "watch")
        defer { client.stop() }
        #expect(try await client.run("login", "watcher@example.com").status == 0)

        let running = try await client.start("watch", "--json")
        defer { running.terminateIfRunning() }
        let launch = try #require(try await client.bookUntilPrinted(running, launches: 1...20))
        #expect(try await client.run("cancel", String(launch)).status == 0)
        let text = await running.stdout.text(timeout: 30) { $0.hasSuffix("{\"tripsBooked\":-1}\n") }
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"tripsBooked":1}"#)
        #expect(lines.last == #"{"tripsBooked":-1}"#)
        #expect(lines.allSatisfy { $0 == #"{"tripsBooked":1}"# || $0 == #"{"tripsBooked":-1}"# }, "\(lines)")

        #expect(await running.stop(with: SIGTERM) == 0)
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }
}
