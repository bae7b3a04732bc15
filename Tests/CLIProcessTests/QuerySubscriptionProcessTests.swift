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
@Suite("rocket-reserver binary: query with a subscription", .timeLimit(.minutes(5)))
struct QuerySubscriptionProcessTests {
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
        let running = try await RunningClient(["query", file], environment: ClientEnvironment.make(home: home, endpoint: peer.endpoint.absoluteString))
        defer { running.terminateIfRunning() }
        // The peer sends 2, -1 and 1, then nothing until the client stops.
        let expected = "{\"tripsBooked\":2}\n{\"tripsBooked\":-1}\n{\"tripsBooked\":1}\n"
        #expect(await running.stdout.text(timeout: 30) { $0 == expected } == expected)
        #expect(await running.stop(with: signal) == 0)
        #expect(await running.stderr.text(timeout: 10) { _ in false }.isEmpty)
    }

    /// The reference server restarts under a running `query`: a note on standard error, then
    /// another once it is back, and the next booking prints.
    @Test(.enabled(if: ReferenceServer.isAvailable, "needs the reference server: Scripts/test builds it, or swift build -c release --package-path Server")) func aLostConnectionIsNotedAndReconnected() async throws {
        let client = try await ReferenceServerClient(prefix: "query-subscription")
        defer { client.stop() }
        let first = client.server
        #expect(try await client.run("login", "subscriber@example.com").status == 0)
        let file = try document("subscription Activity { tripsBooked }", in: client.home)
        let running = try await RunningClient(["query", file], environment: client.environment)
        defer { running.terminateIfRunning() }

        try await client.bookUntilPrinted(running, launches: 1...10)
        await first.stopAndWait()
        let lost = await running.stderr.text(timeout: 30) { $0.contains("reconnecting") }
        #expect(lost.hasPrefix("rocket-reserver: The live connection was lost ("), "\(lost)")

        let second = try await ReferenceServer(port: first.port)
        defer { second.stop() }
        let back = await running.stderr.text(timeout: 30) { $0.contains("Reconnected") }
        #expect(back.contains("rocket-reserver: Reconnected; events published while the connection was down were missed.\n"), "\(back)")
        try await client.bookUntilPrinted(running, launches: 11...20)
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
}
