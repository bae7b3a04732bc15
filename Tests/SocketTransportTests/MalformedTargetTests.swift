import Foundation
import GraphQLClientFixtures
import GraphQLTestDoubles
import Transport
import SocketTransport
import Testing

/// The socket transport never connects to a URL whose port or host is malformed, whatever its
/// caller checked: a port past 65535 would wrap to another port, and a host with an empty
/// label would pass OpenSSL's name check for any subdomain.
@Suite(.timeLimit(.minutes(5)))
struct MalformedTargetTests {
    private func failure(_ text: String, proxies: ProxyConfiguration = .none) async throws -> HTTPTransportError.Kind? {
        let url = try #require(URL(string: text))
        return await ClientFixtures.transportFailure(SocketHTTPSession(proxies: proxies), HTTPRequest(url: url, timeout: .seconds(10)))
    }

    @Test(arguments: [65_536, 2 * 65_536, 65_536 * 1_000])
    func aPortPastTheLastNeverWrapsToALowerOne(offset: Int) async throws {
        let server = try LoopbackHTTPServer(.respond(status: 200, body: "{}"))
        defer { server.stop() }
        for scheme in ["http", "https"] {
            #expect(try await failure("\(scheme)://127.0.0.1:\(server.port + offset)/graphql") == .unsupportedURL)
        }
        #expect(server.requests.isEmpty, "port \(server.port + offset) reached port \(server.port)")
    }

    @Test(arguments: [
        ".wild.invalid", "a..b.invalid", "a.b..", "..", String(repeating: "a", count: 64) + ".invalid",
        (0..<130).map { _ in "ab" }.joined(separator: "."), "127.1", "0x7f.0.0.1", "a_b.0177",
        "%31%32%37.0.0.1", "loc%61lhost",
    ])
    func aMalformedHostIsNeverConnectedTo(host: String) async throws {
        for scheme in ["http", "https"] {
            let kind = try await failure("\(scheme)://\(host):1/graphql")
            #expect(kind == .unsupportedURL, "\(scheme)://\(host)")
        }
    }

    /// Through a proxy too: the host is checked before the tunnel is asked for.
    @Test func aMalformedHostIsRefusedBeforeTheProxyIsAsked() async throws {
        let proxy = try LoopbackHTTPServer(.raw(Data("HTTP/1.1 200 Connection established\r\n\r\n".utf8)))
        defer { proxy.stop() }
        let proxies = ProxyConfiguration(httpsProxy: URL(string: "http://127.0.0.1:\(proxy.port)"))
        #expect(try await failure("https://.wild.invalid/graphql", proxies: proxies) == .unsupportedURL)
        #expect(proxy.requests.isEmpty)
    }

    @Test func aProxyWithAPortPastTheLastIsAFailedProxy() async throws {
        let proxies = ProxyConfiguration(httpsProxy: URL(string: "http://127.0.0.1:99999"), httpProxy: URL(string: "http://127.0.0.1:99999"))
        for scheme in ["http", "https"] {
            let kind = try await failure("\(scheme)://127.0.0.1:1/graphql", proxies: proxies)
            #expect(kind == .proxyFailed(proxy: "http://127.0.0.1:99999", reason: "its URL is malformed"))
        }
    }

    @Test(arguments: ["localhost.", "a-b.c_d.invalid", "xn--nxasmq6b.invalid", "127.0.0.1", "[::1]"])
    func wellFormedHostsAreTried(host: String) async throws {
        // A closed port: the request gets as far as connecting (or resolving), not refused as malformed.
        let kind = try await failure("http://\(host):1/graphql")
        #expect(kind != .unsupportedURL, "\(host)")
    }
}
