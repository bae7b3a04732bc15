import Foundation
import Testing
import TestSupport

/// Redirects, IPv6 literals and proxies, on both schemes.
@Suite("Network settings", .timeLimit(.minutes(5)))
struct NetworkSettingsTests {
    static let query = QueryFaultTests.query

    @Test(arguments: [false, true])
    func redirectsAreNeverFollowed(https: Bool) async throws {
        let session = try await FaultSession(https: https)
        let elsewhere = try FaultServer(.json(#"{"data":{}}"#))
        defer { elsewhere.stop() }
        let location = "http://someone:secret@127.0.0.1:\(elsewhere.port)/steal?token=1"
        session.server.behaviour = .respond(status: 307, headers: ["Location": location], body: Data())
        let before = session.home.snapshot()
        let result = try await session.run(["book", "1"])
        FaultExpectations.expectCleanFailure(result, status: [76], session: session, before: before, allowing: [.cacheMayChange])
        #expect(result.stderr.contains("HTTP 307"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("http://127.0.0.1:\(elsewhere.port)"), "stderr: \(result.stderr)")
        for secret in ["someone", "secret", "steal"] {
            #expect(!result.stderr.contains(secret), "the Location's \(secret) is in the message: \(result.stderr)")
        }
        #expect(elsewhere.requestCount == 0, "the redirect was followed")
        #expect(session.bookingRequests.count == 1, "the mutation was sent \(session.bookingRequests.count) times")
    }

    // Skipped where ::1 is missing (containers often have no IPv6 loopback).
    @Test(.enabled(if: HostCapabilities.hasIPv6Loopback, "needs the IPv6 loopback address ::1"))
    func httpsOverIPv6Literal() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let front = try TLSFront(.forward(port: session.server.port), ipv6: true)
        defer { front.stop() }
        let result = try await session.run(Self.query + ["--json"], endpoint: front.endpoint)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(front.handshakes >= 1)
        #expect(session.server.requests.first?.header("Host") == "[::1]:\(front.port)")
    }

    // Skipped where ::1 is missing (containers often have no IPv6 loopback).
    @Test(.enabled(if: HostCapabilities.hasIPv6Loopback, "needs the IPv6 loopback address ::1"))
    func httpOverIPv6Literal() async throws {
        let session = try await FaultSession(prepared: false)
        let relay = try LoopbackRelay(to: session.server.port)
        defer { relay.stop() }
        let result = try await session.run(Self.query + ["--json"], endpoint: "http://[::1]:\(relay.port)/graphql")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(session.server.requests.first?.header("Host") == "[::1]:\(relay.port)")
    }

    /// Runs the client with `variables` added to its environment.
    private func run(_ session: FaultSession, _ arguments: [String], _ variables: [String: String]) async throws -> ProcessResult {
        let trust = session.front == nil ? [] : ["--cacert", TLSFixture.caFile]
        return try await ProcessRunner.run(
            BuiltProducts.client, ["--endpoint", session.endpoint] + trust + arguments,
            environment: ClientEnvironment.make(home: session.home, extra: variables)
        )
    }

    @Test(arguments: ["https_proxy", "HTTPS_PROXY"])
    func httpsGoesThroughAConnectTunnelWithTheTokenInsideOnly(variable: String) async throws {
        let session = try await FaultSession(https: true)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let url = "http://proxy-user:proxy-pass@127.0.0.1:\(proxy.port)"
        let result = try await run(session, ["book", "1"], [variable: url])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let head = try #require(proxy.requestHeads.first)
        #expect(head.hasPrefix("CONNECT 127.0.0.1:\(session.front?.port ?? 0) HTTP/1.1"))
        #expect(head.contains("Proxy-Authorization: Basic \(Data("proxy-user:proxy-pass".utf8).base64EncodedString())"))
        let seen = String(decoding: proxy.received, as: UTF8.self)
        #expect(!seen.contains(session.token), "the proxy saw the token in clear")
        #expect(!seen.contains("bookTrips"), "the proxy saw the request in clear")
        #expect(session.bookingRequests.count == 1)
        #expect(session.bookingRequests.first?.header("Authorization") == session.token)
    }

    @Test func httpProxyIsUsedForHTTPInAbsoluteForm() async throws {
        let session = try await FaultSession(prepared: false)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let result = try await run(session, Self.query + ["--json"], ["http_proxy": proxy.url])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(proxy.requestHeads.first?.hasPrefix("POST http://127.0.0.1:\(session.server.port)/graphql HTTP/1.1") == true)
    }

    @Test func upperCaseHTTPProxyIsIgnoredAsCurlDoes() async throws {
        let session = try await FaultSession(prepared: false)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let result = try await run(session, Self.query + ["--json"], ["HTTP_PROXY": proxy.url])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(proxy.requestHeads.isEmpty)
    }

    @Test(arguments: ["127.0.0.1", "*", "127.0.0.0/8", "example.invalid, 127.0.0.1"])
    func noProxyBypassesListedHosts(list: String) async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let result = try await run(session, Self.query + ["--json"], ["https_proxy": proxy.url, "no_proxy": list])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(proxy.requestHeads.isEmpty, "no_proxy=\(list) did not bypass the proxy")
    }

    @Test func loopbackIsNotBypassedUnlessListed() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let result = try await run(session, Self.query + ["--json"], ["https_proxy": proxy.url, "NO_PROXY": "localhost"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(proxy.requestHeads.count == 1)
    }

    @Test func unreachableProxyIsNamedWithoutItsCredentials() async throws {
        let session = try await FaultSession(https: true)
        let port = try #require(ClosedLoopbackPort.make())
        let before = session.home.snapshot()
        let result = try await run(session, ["book", "1"], ["https_proxy": "http://proxy-user:proxy-pass@127.0.0.1:\(port)"])
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(result.stderr.contains("http://127.0.0.1:\(port)"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("proxy-user") && !result.stderr.contains("proxy-pass"), "stderr: \(result.stderr)")
        #expect(session.front?.handshakes == 0)
    }

    @Test func proxyRefusingTheTunnel() async throws {
        let session = try await FaultSession(https: true)
        let proxy = try ConnectProxy(refuseWith: 407)
        defer { proxy.stop() }
        let before = session.home.snapshot()
        let result = try await run(session, ["book", "1"], ["https_proxy": proxy.url])
        FaultExpectations.expectCleanFailure(result, status: [69], session: session, before: before)
        #expect(result.stderr.contains("HTTP 407"), "stderr: \(result.stderr)")
        #expect(!String(decoding: proxy.received, as: UTF8.self).contains(session.token))
    }
}
