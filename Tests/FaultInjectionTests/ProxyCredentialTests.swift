import Foundation
import Testing
import TestSupport

/// Credentials over plain http go only straight to loopback: with a proxy in the way the
/// loopback exemption does not hold (the proxy reads everything), whatever the endpoint's name.
/// Through an https proxy tunnel they still go, inside TLS.
@Suite("Proxy credentials", .timeLimit(.minutes(5)))
struct ProxyCredentialTests {
    /// Runs the client against `endpoint` (the session's unless given) with `variables` added.
    private func run(
        _ session: FaultSession, _ arguments: [String], _ variables: [String: String], endpoint: String? = nil
    ) async throws -> ProcessResult {
        try await session.run(arguments, endpoint: endpoint, environment: variables)
    }

    static let commands: [[String]] = [["login", "me@example.com"], ["book", "1"], ["cancel", "1"], ["trips"]]

    @Test(arguments: commands)
    func aPlainHTTPProxyGetsNothingFromCommandsThatSendCredentials(_ command: [String]) async throws {
        let session = try await FaultSession()
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let before = session.home.snapshot()
        for endpoint in [session.endpoint, "http://localhost:\(session.server.port)/graphql"] {
            let result = try await run(session, command, ["http_proxy": proxy.url], endpoint: endpoint)
            FaultExpectations.expectCleanFailure(result, status: [64], session: session, before: before)
            #expect(result.stderr.contains("through the proxy \(proxy.url)"), "stderr: \(result.stderr)")
        }
        #expect(proxy.received.isEmpty, "the proxy got \(proxy.received.count) bytes")
        #expect(session.server.requestCount == 0)
    }

    /// Queries still go through the proxy, but without the stored token.
    @Test(arguments: [QueryFaultTests.query, ["launches", "--json"], ["query", "DOCUMENT", "--schema", "SCHEMA"]])
    func queriesThroughAPlainHTTPProxyCarryNoToken(_ command: [String]) async throws {
        let session = try await FaultSession()
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let folder = try TemporaryDirectory(prefix: "document")
        defer { folder.remove() }
        let document = folder.url.appendingPathComponent("me.graphql")
        try "{ launch(id: \"1\") { id site } }".write(to: document, atomically: true, encoding: .utf8)
        let schema = folder.url.appendingPathComponent("schema.graphqls")
        try "type Query { launch(id: ID!): Launch }\ntype Launch { id: ID! site: String }\n".write(to: schema, atomically: true, encoding: .utf8)
        let arguments = command.map { $0 == "DOCUMENT" ? document.path : $0 == "SCHEMA" ? schema.path : $0 }
        let result = try await run(session, arguments, ["http_proxy": proxy.url])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let seen = String(decoding: proxy.received, as: UTF8.self)
        #expect(proxy.requestHeads.count >= 1, "the query did not go through the proxy")
        #expect(!seen.contains(session.token), "the proxy saw the token")
        #expect(!seen.lowercased().contains("authorization:"), "the proxy saw an Authorization header")
        #expect(session.server.requests.allSatisfy { $0.header("Authorization") == nil })
    }

    /// Listing the endpoint in `no_proxy` is the direct route: credentials go, the proxy sees nothing.
    @Test(arguments: ["127.0.0.1", "127.0.0.0/8", "*", "example.invalid,127.0.0.1"])
    func noProxyRestoresTheDirectRoute(list: String) async throws {
        let session = try await FaultSession()
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let result = try await run(session, ["book", "1"], ["http_proxy": proxy.url, "no_proxy": list])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(proxy.received.isEmpty)
        #expect(session.bookingRequests.first?.header("Authorization") == session.token)
    }

    /// Entries that only look like a suffix of the address, or another address, keep the proxy.
    @Test(arguments: ["0.0.1", ".0.0.1", "1", "0.1", "127.0.0.2", "127.0.0.0/32", "localhost", "::1"])
    func lookAlikeNoProxyEntriesKeepTheProxyAndTheRefusal(list: String) async throws {
        let session = try await FaultSession()
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let before = session.home.snapshot()
        let result = try await run(session, ["book", "1"], ["http_proxy": proxy.url, "no_proxy": list])
        FaultExpectations.expectCleanFailure(result, status: [64], session: session, before: before)
        #expect(proxy.received.isEmpty)
        #expect(session.server.requestCount == 0)
    }

    // Skipped where ::1 is missing (containers often have no IPv6 loopback).
    @Test(.enabled(if: HostCapabilities.hasIPv6Loopback, "needs the IPv6 loopback address ::1"))
    func ipv6LoopbackThroughAPlainHTTPProxyIsRefusedAndDirectWhenListed() async throws {
        let session = try await FaultSession()
        let relay = try LoopbackRelay(to: session.server.port)
        defer { relay.stop() }
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let endpoint = "http://[::1]:\(relay.port)/graphql"
        let refused = try await run(session, ["login", "me@example.com"], ["http_proxy": proxy.url], endpoint: endpoint)
        #expect(refused.status == 64, "stderr: \(refused.stderr)")
        for list in ["::1", "[::1]", "0:0:0:0:0:0:0:1", "::1/128"] {
            let direct = try await run(session, ["login", "me@example.com"], ["http_proxy": proxy.url, "NO_PROXY": list], endpoint: endpoint)
            #expect(direct.status == 0, "NO_PROXY=\(list): \(direct.stderr)")
        }
        #expect(proxy.received.isEmpty)
    }

    /// Over https the proxy only relays the tunnel: credentials go, and stay unreadable to it.
    @Test(arguments: ["https_proxy", "HTTPS_PROXY"])
    func httpsThroughAProxyStillLogsIn(variable: String) async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let result = try await run(session, ["login", "me@example.com"], [variable: proxy.url])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(proxy.requestHeads.first?.hasPrefix("CONNECT ") == true)
        let seen = String(decoding: proxy.received, as: UTF8.self)
        #expect(!seen.contains("me@example.com"), "the proxy saw the email in clear")
    }
}
