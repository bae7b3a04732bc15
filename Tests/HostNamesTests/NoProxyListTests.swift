import HostNames
import Testing

/// `no_proxy` read with curl's rules, in the one place the CLI and the transport both read it.
@Suite(.timeLimit(.minutes(5))) struct NoProxyListTests {
    @Test func commasAndBlanksSeparateEntries() {
        #expect(NoProxyList("a.invalid, b.invalid\tc.invalid  d.invalid,,").entries == ["a.invalid", "b.invalid", "c.invalid", "d.invalid"])
        #expect(NoProxyList("").entries.isEmpty)
    }

    @Test(arguments: [
        ("*", "rocket-reserver.invalid", true), ("*", "127.0.0.1", true),
        ("rocket-reserver.invalid", "rocket-reserver.invalid", true), ("rocket-reserver.invalid", "api.rocket-reserver.invalid", true),
        (".rocket-reserver.invalid", "api.rocket-reserver.invalid", true), ("rocket-reserver.invalid.", "API.Rocket-Reserver.invalid.", true),
        ("reserver.invalid", "rocket-reserver.invalid", false), ("api.rocket-reserver.invalid", "rocket-reserver.invalid", false),
        ("localhost", "localhost", true), ("localhost", "127.0.0.1", false), ("127.0.0.1", "localhost", false),
    ])
    func namesMatchThemselvesAndTheirSubdomains(entry: String, host: String, bypassed: Bool) {
        #expect(NoProxyList(entry).bypasses(host) == bypassed, "no_proxy=\(entry), host \(host)")
    }

    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.0/8", "127.0.0.9", true), ("127.0.0.0/32", "127.0.0.1", false),
        ("127.0.0.1/33", "127.0.0.1", false), ("127.0.0.1/-1", "127.0.0.1", false), ("0.0.1", "127.0.0.1", false), (".0.0.1", "127.0.0.1", false),
        ("::1", "[::1]", true), ("[::1]", "::1", true), ("0:0:0:0:0:0:0:1", "::1", true), ("::/127", "::1", true), (":1", "::1", false),
        ("::ffff:127.0.0.1", "127.0.0.1", false), ("127.0.0.1", "::1", false),
    ])
    func addressesMatchAsBytesNeverBySuffix(entry: String, host: String, bypassed: Bool) {
        #expect(NoProxyList(entry).bypasses(host) == bypassed, "no_proxy=\(entry), host \(host)")
    }
}
