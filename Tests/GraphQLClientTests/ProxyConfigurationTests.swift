import Foundation
import SocketTransport
import Testing

/// curl's proxy variables and `no_proxy` rules, as plain values.
struct ProxyConfigurationTests {
    private let https = URL(string: "https://api.example.com:8443/graphql")!
    private let http = URL(string: "http://api.example.com/graphql")!

    @Test func readsCurlsVariablesWithCurlsCaseRules() {
        let lower = ProxyConfiguration.curlStyle(["https_proxy": "http://p:1", "http_proxy": "p2:2", "no_proxy": "a, .b"])
        #expect(lower.httpsProxy == URL(string: "http://p:1"))
        #expect(lower.httpProxy == URL(string: "http://p2:2"))
        #expect(lower.noProxy == ["a", ".b"])
        let upper = ProxyConfiguration.curlStyle(["HTTPS_PROXY": "http://p:1", "HTTP_PROXY": "http://p2:2", "NO_PROXY": "*"])
        #expect(upper.httpsProxy == URL(string: "http://p:1"))
        #expect(upper.httpProxy == nil, "HTTP_PROXY must be ignored, as curl does")
        #expect(upper.noProxy == ["*"])
        #expect(ProxyConfiguration.curlStyle([:]) == .none)
    }

    @Test func picksTheProxyByScheme() {
        let proxies = ProxyConfiguration(httpsProxy: URL(string: "http://s:1"), httpProxy: URL(string: "http://p:2"))
        #expect(proxies.proxy(for: https) == URL(string: "http://s:1"))
        #expect(proxies.proxy(for: http) == URL(string: "http://p:2"))
    }

    @Test(arguments: [
        ("api.example.com", true), ("example.com", true), (".example.com", true), ("*", true), ("other.com, example.com", true),
        ("le.com", false), ("api.example.co", false), ("", false), ("localhost", false),
    ])
    func noProxyMatchesNamesAndDomainSuffixes(list: String, bypassed: Bool) {
        let proxies = ProxyConfiguration.curlStyle(["https_proxy": "http://s:1", "no_proxy": list])
        #expect((proxies.proxy(for: https) == nil) == bypassed)
    }

    @Test func loopbackIsNotBypassedUnlessListed() {
        let loopback = URL(string: "https://127.0.0.1:4000/graphql")!
        let v6 = URL(string: "https://[::1]:4000/graphql")!
        let proxies = ProxyConfiguration.curlStyle(["https_proxy": "http://s:1"])
        #expect(proxies.proxy(for: loopback) != nil)
        #expect(proxies.proxy(for: v6) != nil)
        let listed = ProxyConfiguration.curlStyle(["https_proxy": "http://s:1", "no_proxy": "127.0.0.1,::1"])
        #expect(listed.proxy(for: loopback) == nil)
        #expect(listed.proxy(for: v6) == nil)
    }
}
