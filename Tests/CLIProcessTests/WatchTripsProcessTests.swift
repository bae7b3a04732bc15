import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `rocket-reserver trips --watch` piped, against the reference server: the listing now, then
/// a new listing after another process books on the same cache; SIGTERM ends it with 0.
@Suite("rocket-reserver binary: trips --watch against the reference server", .timeLimit(.minutes(5)), .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server"))
struct WatchTripsProcessTests {
    @Test func anotherProcesssBookingShowsAsANewListing() async throws {
        let client = try await ReferenceServerClient(prefix: "watch-trips")
        defer { client.stop() }
        #expect(try await client.run("login", "trips-watcher@example.com").status == 0)
        #expect(try await client.run("book", "3").status == 0)

        let running = try await client.start("trips", "--watch")
        defer { running.terminateIfRunning() }

        let first = await running.stdout.text(timeout: 30) { $0.contains("\n3 ") }
        #expect(first.hasPrefix("Trips for trips-watcher@example.com:\n"), "\(first)")
        #expect(!first.contains("\n4 "))
        #expect(try await client.run("book", "4").status == 0)
        // Piped, each new listing is appended: the second one holds both trips.
        let both = await running.stdout.text(timeout: 30) { $0.components(separatedBy: "Trips for").count == 3 && $0.contains("\n4 ") }
        let listings = both.components(separatedBy: "Trips for trips-watcher@example.com:\n").filter { !$0.isEmpty }
        #expect(listings.count >= 2, "\(both)")
        #expect(listings.last?.contains("\n3 ") == true && listings.last?.contains("\n4 ") == true, "\(both)")

        #expect(await running.stop(with: SIGTERM) == 0)
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }
}
