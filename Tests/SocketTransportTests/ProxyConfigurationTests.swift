import Foundation
import SocketTransport
import Testing

/// curl's proxy variables and `no_proxy` rules, as plain values.
@Suite(.timeLimit(.minutes(5)))
struct ProxyConfigurationTests {
    private let https = URL(string: "https://api.example.invalid:8443/graphql")!
    private let http = URL(string: "http://api.example.invalid/graphql")!

    @Test func readsCurlsVariablesWithCurlsCaseRules() throws {
        let lower = try ProxyConfiguration.curlStyle(["https_proxy": "http://p:1", "http_proxy": "p2:2", "no_proxy": "a, .b"])
        #expect(lower.httpsProxy == URL(string: "http://p:1"))
        #expect(lower.httpProxy == URL(string: "http://p2:2"))
        #expect(lower.noProxy == ["a", ".b"])
        let upper = try ProxyConfiguration.curlStyle(["HTTPS_PROXY": "http://p:1", "HTTP_PROXY": "http://p2:2", "NO_PROXY": "*"])
        #expect(upper.httpsProxy == URL(string: "http://p:1"))
        #expect(upper.httpProxy == nil, "HTTP_PROXY must be ignored, as curl does")
        #expect(upper.noProxy == ["*"])
        #expect(try ProxyConfiguration.curlStyle([:]) == .none)
    }

    @Test func allProxyServesEitherSchemeWhenItsOwnIsUnset() throws {
        let all = try ProxyConfiguration.curlStyle(["all_proxy": "http://a.invalid:1"])
        #expect(all.httpsProxy == URL(string: "http://a.invalid:1") && all.httpProxy == URL(string: "http://a.invalid:1"))
        let upper = try ProxyConfiguration.curlStyle(["ALL_PROXY": "http://a.invalid:1", "http_proxy": "http://h.invalid:2"])
        #expect(upper.httpsProxy == URL(string: "http://a.invalid:1") && upper.httpProxy == URL(string: "http://h.invalid:2"))
        #expect(throws: ProxyConfiguration.InvalidProxy(variable: "all_proxy")) { try ProxyConfiguration.curlStyle(["all_proxy": "http://a b"]) }
    }

    @Test func picksTheProxyByScheme() {
        let proxies = ProxyConfiguration(httpsProxy: URL(string: "http://s:1"), httpProxy: URL(string: "http://p:2"))
        #expect(proxies.proxy(for: https) == URL(string: "http://s:1"))
        #expect(proxies.proxy(for: http) == URL(string: "http://p:2"))
    }

    @Test(arguments: [
        ("api.example.invalid", true), ("example.invalid", true), (".example.invalid", true), ("*", true), ("other.invalid, example.invalid", true),
        ("example.invalid.", true), ("API.EXAMPLE.INVALID", true),
        ("le.invalid", false), ("api.example.inv", false), ("", false), ("localhost", false), ("invalid.", true), (".", false),
    ])
    func noProxyMatchesNamesAndDomainSuffixes(list: String, bypassed: Bool) throws {
        let proxies = try ProxyConfiguration.curlStyle(["https_proxy": "http://s:1", "no_proxy": list])
        #expect((proxies.proxy(for: https) == nil) == bypassed)
    }

    @Test func loopbackIsNotBypassedUnlessListed() throws {
        let loopback = URL(string: "https://127.0.0.1:4000/graphql")!
        let v6 = URL(string: "https://[::1]:4000/graphql")!
        let proxies = try ProxyConfiguration.curlStyle(["https_proxy": "http://s:1"])
        #expect(proxies.proxy(for: loopback) != nil)
        #expect(proxies.proxy(for: v6) != nil)
        let listed = try ProxyConfiguration.curlStyle(["https_proxy": "http://s:1", "no_proxy": "127.0.0.1,::1"])
        #expect(listed.proxy(for: loopback) == nil)
        #expect(listed.proxy(for: v6) == nil)
    }

    /// Addresses match as addresses (exactly, or in a range with a prefix length), never by suffix.
    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", true), ("[::1]", "127.0.0.1", false), ("0.0.1", "127.0.0.1", false), (".0.0.1", "127.0.0.1", false),
        ("0.1", "127.0.0.1", false), ("1", "127.0.0.1", false), ("::ffff:127.0.0.1", "127.0.0.1", false), ("127.0.0.0/8", "127.0.0.1", true),
        ("127.0.0.0/32", "127.0.0.1", false), ("127.0.0.1/33", "127.0.0.1", false), ("example.invalid", "127.0.0.1", false),
        ("::1", "[::1]", true), ("[::1]", "[::1]", true), ("0:0:0:0:0:0:0:1", "[::1]", true), (":1", "[::1]", false), ("1", "[::1]", false),
        ("::/0", "[::1]", true), ("::1/128", "[::1]", true), ("::/127", "[::1]", true), ("::ffff:127.0.0.1/128", "[::1]", false), ("::ffff:127.0.0.1", "[::1]", false),
        ("127.0.0.1", "[::1]", false),
    ])
    func noProxyMatchesAddressesExactly(entry: String, host: String, bypassed: Bool) throws {
        let proxies = try ProxyConfiguration.curlStyle(["https_proxy": "http://s:1", "no_proxy": entry])
        let url = try #require(URL(string: "https://\(host):4000/graphql"))
        #expect((proxies.proxy(for: url) == nil) == bypassed, "no_proxy=\(entry), host \(host)")
    }

    /// A proxy that does not parse is refused, whichever variable holds it, never skipped.
    @Test(arguments: ["https_proxy", "HTTPS_PROXY", "http_proxy"], [
        "http://pro xy.invalid:3128", "http://[::1:3128", "http://[::1]x:3128", "http://proxy.invalid:99999", "http://proxy.invalid:65536", "http://proxy.invalid:0",
        "http://proxy.invalid:", "http://proxy.invalid:31a8", "http://.proxy.invalid:3128", "http://a..b:3128", "http://%70roxy.invalid:3128", "http://proxy.invalid:3128/path",
        "http://proxy.invalid:3128?q", "http://127.1:3128", "http://" + String(repeating: "a", count: 64) + ".invalid:1",
        String(repeating: "p", count: 100_000), "http://pr\u{00F8}xy.invalid:3128", "http://proxy.invalid:3128\n",
    ])
    func malformedProxiesAreRefused(variable: String, value: String) {
        #expect(throws: ProxyConfiguration.InvalidProxy(variable: variable)) {
            try ProxyConfiguration.curlStyle([variable: value])
        }
    }

    @Test(arguments: ["http://proxy.invalid:3128", "proxy.invalid:3128", "http://u:p@proxy.invalid:3128/", "http://[::1]:3128", "http://127.0.0.1", "http://proxy.invalid.:8080"])
    func wellFormedProxiesAreAccepted(value: String) throws {
        #expect(try ProxyConfiguration.curlStyle(["https_proxy": value]).httpsProxy != nil)
    }
}
