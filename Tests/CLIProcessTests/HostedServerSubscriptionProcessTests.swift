import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing
import TestSupport

/// `watch`, `trips --watch` and `query` with a subscription against a server that behaves as the
/// hosted tutorial server does (`rocket-reserver-server --hosted-websocket`): it echoes the first
/// offered subprotocol, closes with 1002 unless that is `graphql-ws`, sends `ka`, and takes the
/// login from `connection_init`. Each works, and says nothing about a lost connection.
@Suite(
    "rocket-reserver binary: subscriptions against a server like the hosted one", .timeLimit(.minutes(3)),
    .enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")
)
struct HostedServerSubscriptionProcessTests {
    @Test func watchFollowsBookingsOnALegacyOnlyServer() async throws {
        let client = try await ReferenceServerClient(prefix: "hosted-watch", serverArguments: ["--hosted-websocket"])
        defer { client.stop() }
        #expect(try await client.run("login", "hosted-watcher@example.com").status == 0)
        let running = try await client.start("watch", "--json")
        defer { running.terminateIfRunning() }
        let launch = try #require(try await client.bookUntilPrinted(running, launches: 1...20))
        #expect(try await client.run("cancel", String(launch)).status == 0)
        _ = await running.stdout.text(timeout: 30) { $0.hasSuffix("{\"tripsBooked\":-1}\n") }
        #expect(await running.stop(with: SIGTERM) == 0)
        // Neither the refused first offer nor anything else was reported as a lost connection.
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)

        // The next process offers graphql-ws first, as remembered, and works at once as well.
        let second = try await client.start("watch", "--json")
        defer { second.terminateIfRunning() }
        try #require(try await client.bookUntilPrinted(second, launches: 1...20) != nil)
        #expect(await second.stop(with: SIGTERM) == 0)
        #expect(await second.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }

    @Test func tripsWatchShowsAnotherProcesssBookingOnALegacyOnlyServer() async throws {
        let client = try await ReferenceServerClient(prefix: "hosted-trips", serverArguments: ["--hosted-websocket"])
        defer { client.stop() }
        #expect(try await client.run("login", "hosted-trips@example.com").status == 0)
        #expect(try await client.run("book", "3").status == 0)
        let running = try await client.start("trips", "--watch")
        defer { running.terminateIfRunning() }
        _ = await running.stdout.text(timeout: 30) { $0.contains("\n3 ") }
        // Nothing says when the subscription is live (issue 33): book until a listing shows one.
        var shown: Int?
        for launch in 4...12 where shown == nil {
            #expect(try await client.run("book", String(launch)).status == 0)
            let text = await running.stdout.text(timeout: 3) { $0.contains("\n\(launch) ") }
            if text.contains("\n\(launch) ") { shown = launch }
        }
        #expect(shown != nil, "no new listing after a booking")
        #expect(await running.stop(with: SIGTERM) == 0)
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }

    @Test func aQuerySubscriptionPrintsEventsFromALegacyOnlyServer() async throws {
        let client = try await ReferenceServerClient(prefix: "hosted-query", serverArguments: ["--hosted-websocket"])
        defer { client.stop() }
        let file = client.home.url.appendingPathComponent("TripsBooked.graphql")
        try Data("subscription TripsBooked { tripsBooked }".utf8).write(to: file)
        #expect(try await client.run("login", "hosted-query@example.com").status == 0)
        let running = try await client.start("query", file.path)
        defer { running.terminateIfRunning() }
        let launch = try #require(try await client.bookUntilPrinted(running, launches: 1...20))
        #expect(launch > 0)
        #expect(await running.stop(with: SIGTERM) == 0)
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }
}
