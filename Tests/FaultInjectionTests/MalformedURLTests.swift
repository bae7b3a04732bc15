import Foundation
import Testing
import TestSupport

/// A malformed endpoint or proxy URL is a usage error (64) before anything is sent: a port past
/// 65535 does not wrap to another port, a host with an empty label does not reach (or pass a
/// certificate check for) some other name, and a proxy that does not parse is never skipped
/// for a direct connection.
@Suite("Malformed URLs", .timeLimit(.minutes(5)))
struct MalformedURLTests {
    @Test(arguments: [65_536, 131_072, 65_536 * 10])
    func anEndpointPortPastTheLastDoesNotWrap(offset: Int) async throws {
        for https in [false, true] {
            let session = try await FaultSession(https: https)
            let port = Int(session.front?.port ?? session.server.port)
            let endpoint = "\(https ? "https" : "http")://127.0.0.1:\(port + offset)/graphql"
            let before = session.home.snapshot()
            let result = try await session.run(QueryFaultTests.query, endpoint: endpoint)
            FaultExpectations.expectCleanFailure(result, status: [64], session: session, before: before)
            #expect(result.stderr.contains("its port is not between 1 and 65535"), "stderr: \(result.stderr)")
            #expect(session.server.requestCount == 0, "port \(port + offset) reached port \(port)")
            #expect(session.front?.handshakes ?? 0 == 0)
        }
    }

    static func endpoints(port: UInt16) -> [String] {
        [
            "http://127.0.0.1:0/graphql", "http://127.0.0.1:/graphql", "http://127.0.0.1:\(port)x/graphql", "http://127.0.0.1:-\(port)/graphql",
            "http://[::1:\(port)/graphql", "http://::1:\(port)/graphql", "http://[127.0.0.1]:\(port)/graphql", "http://[::1%25lo]:\(port)/graphql",
            "http://.localhost:\(port)/graphql", "http://localhost..:\(port)/graphql", "http://%6c%6fcalhost:\(port)/graphql",
            "http://127.1:\(port)/graphql", "http://0177.0.0.1:\(port)/graphql", "http://0x7f000001:\(port)/graphql",
            "http://2130706433:\(port)/graphql", "http://" + String(repeating: "l", count: 64) + ".localhost:\(port)/graphql",
        ]
    }

    @Test func everyMalformedEndpointPartIs64AndSendsNothing() async throws {
        let session = try await FaultSession()
        let before = session.home.snapshot()
        for endpoint in Self.endpoints(port: session.server.port) {
            let result = try await session.run(["book", "1"], endpoint: endpoint)
            FaultExpectations.expectCleanFailure(result, status: [64], session: session, before: before)
            #expect(result.stderr.contains("is not a valid URL"), "\(endpoint): \(result.stderr)")
        }
        #expect(session.server.requestCount == 0)
    }

    /// `.wild.invalid` through a proxy: refused before the proxy is asked for a tunnel, so a
    /// certificate for `evil.wild.invalid` is never offered the chance to pass for it.
    @Test(arguments: ["https://.wild.invalid/graphql", "https://a..wild.invalid/graphql", "https://wild.invalid../graphql"])
    func anEmptyLabelIs64EvenThroughAProxy(endpoint: String) async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let result = try await session.run(QueryFaultTests.query, endpoint: endpoint, environment: ["https_proxy": proxy.url])
        #expect(result.status == 64, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("empty label"), "stderr: \(result.stderr)")
        #expect(proxy.received.isEmpty)
    }

    /// One trailing dot is a well-formed absolute name: the certificate is checked for the name
    /// without it (as curl does), and a certificate for another name still fails. (Through the
    /// proxy, which resolves it: this machine's resolver does not know `localhost.`.)
    @Test func aTrailingDotIsCheckedAsTheNameWithoutIt() async throws {
        let session = try await FaultSession(prepared: false, https: true)
        let front = try #require(session.front)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let endpoint = "https://localhost.:\(front.port)/graphql"
        let result = try await session.run(QueryFaultTests.query + ["--json"], endpoint: endpoint, environment: ["https_proxy": proxy.url])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(proxy.requestHeads.first?.hasPrefix("CONNECT localhost.:\(front.port) ") == true)
        try front.present(.wrongHost)
        let wrong = try await session.run(QueryFaultTests.query, endpoint: endpoint, environment: ["https_proxy": proxy.url])
        #expect(wrong.status == 69, "stderr: \(wrong.stderr)")
        #expect(wrong.stderr.contains("is for another host"), "stderr: \(wrong.stderr)")
    }

    static func proxies(port: UInt16) -> [String] {
        [
            "http://127.0.0.1:\(Int(port) + 65_536)", "http://127.0.0.1:99999", "http://127.0.0.1:0", "http://127.0.0.1:",
            "http://127.0.0.1:\(port)a", "http://127.0.0.1 :\(port)", "http://[::1:\(port)", "http://[127.0.0.1]:\(port)",
            "http://.localhost:\(port)", "http://%31%32%37.0.0.1:\(port)", "http://127.1:\(port)", "http://127.0.0.1:\(port)/path",
            "http://user:secretpw@127.0.0.1:\(Int(port) + 65_536)", "http://127.0.0.1:\(port)" + String(repeating: "/", count: 100_000),
            String(repeating: "x", count: 100_000),
        ]
    }

    /// Every variable honoured, every kind of malformed value: 64 naming the variable (never
    /// its value), nothing sent to the proxy or, directly, to the server.
    @Test(arguments: [("https_proxy", true), ("HTTPS_PROXY", true), ("http_proxy", false)])
    func aMalformedProxyIs64AndNothingGoesDirect(variable: String, https: Bool) async throws {
        let session = try await FaultSession(https: https)
        let proxy = try ConnectProxy()
        defer { proxy.stop() }
        let before = session.home.snapshot()
        for value in Self.proxies(port: proxy.port) {
            let result = try await session.run(QueryFaultTests.query, environment: [variable: value])
            FaultExpectations.expectCleanFailure(result, status: [64], session: session, before: before)
            #expect(result.stderr.contains("The proxy in \(variable) "), "\(value.prefix(60)): \(result.stderr)")
            #expect(!result.stderr.contains("secretpw"))
        }
        #expect(proxy.received.isEmpty)
        #expect(session.server.requestCount == 0, "a request went direct")
        #expect(session.front?.handshakes ?? 0 == 0)
    }
}
