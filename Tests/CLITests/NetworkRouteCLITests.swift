import Foundation
@testable import CLIConfiguration
import Testing

/// The proxy is decided once, from curl's variables, and credentials are judged by that route:
/// over plain http they go only straight to loopback, never through a proxy.
@Suite(.timeLimit(.minutes(5)))
struct NetworkRouteCLITests {
    static let loopback = "http://127.0.0.1:4000/graphql"
    static let proxy = "http://127.0.0.1:3128"

    @Test(arguments: [["login", "me@example.com"], ["book", "3"], ["cancel", "3"], ["trips"]])
    func plainHTTPThroughAProxyCarriesNoCredentials(_ command: [String]) async throws {
        for endpoint in [Self.loopback, "http://localhost:4000/graphql", "http://[::1]:4000/graphql"] {
            let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": endpoint, "http_proxy": Self.proxy], loggedInAs: "me@example.com")
            #expect(await cli.run(command) == .usage, "\(endpoint) \(command)")
            #expect(cli.builtConfigurations.isEmpty)
            #expect(cli.stderr.text.contains("through the proxy http://127.0.0.1:3128"), "\(cli.stderr.text)")
            #expect(cli.stderr.text.contains("no_proxy"))
        }
    }

    @Test func theRefusalNamesTheProxyWithoutItsCredentials() async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": Self.loopback, "http_proxy": "http://proxy-user:secretpw@127.0.0.1:3128"])
        #expect(await cli.run("login", "me@example.com") == .usage)
        #expect(cli.stderr.text.contains("through the proxy http://127.0.0.1:3128"), "\(cli.stderr.text)")
        #expect(!cli.stderr.text.contains("secretpw") && !cli.stderr.text.contains("proxy-user"))
    }

    @Test func queriesThroughAPlainHTTPProxyGoWithoutTheToken() async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": Self.loopback, "http_proxy": Self.proxy], loggedInAs: "me@example.com")
        #expect(await cli.run("details", "3") == .success)
        let configuration = try #require(cli.builtConfigurations.first)
        #expect(configuration.sendsCredentials == false)
        #expect(configuration.proxy == URL(string: Self.proxy))
    }

    /// Listing the host in `no_proxy` restores the direct route, and with it the loopback exemption;
    /// entries that only look like a suffix of the address do not.
    @Test(arguments: [
        ("127.0.0.1", true), ("127.0.0.0/8", true), ("*", true), ("localhost, 127.0.0.1", true), (" 127.0.0.1 ", true),
        // Blanks separate entries too, as curl reads the list.
        ("localhost 127.0.0.1", true), ("example.com\t127.0.0.1", true), ("localhost 127.0.0.2", false),
        ("0.0.1", false), (".0.0.1", false), ("1", false), ("0.1", false), ("127.0.0.2", false), ("127.0.0.1/33", false),
        ("localhost", false), ("[::1]", false), ("127.0.0.0/32", false),
    ])
    func noProxyDecidesTheRouteAndTheCredentials(list: String, direct: Bool) async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": Self.loopback, "http_proxy": Self.proxy, "no_proxy": list])
        #expect(await cli.run("login", "me@example.com") == (direct ? .success : .usage), "no_proxy=\(list): \(cli.stderr.text)")
        if direct { #expect(cli.builtConfigurations.first?.proxy == nil) }
    }

    @Test(arguments: [("::1", true), ("[::1]", true), ("0:0:0:0:0:0:0:1", true), ("::/0", true), (":1", false), ("1", false), ("127.0.0.1", false)])
    func noProxyMatchesIPv6AsAddresses(list: String, direct: Bool) async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": "http://[::1]:4000/graphql", "http_proxy": Self.proxy, "NO_PROXY": list])
        #expect(await cli.run("login", "me@example.com") == (direct ? .success : .usage), "NO_PROXY=\(list): \(cli.stderr.text)")
    }

    @Test func httpsThroughAProxyCarriesCredentialsInsideTheTunnel() async throws {
        for variable in ["https_proxy", "HTTPS_PROXY"] {
            let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": "https://127.0.0.1:4443/graphql", variable: Self.proxy])
            #expect(await cli.run("login", "me@example.com") == .success)
            #expect(cli.builtConfigurations.first?.sendsCredentials == true)
            #expect(cli.builtConfigurations.first?.proxy == URL(string: Self.proxy))
        }
    }

    @Test func theExplicitOptInAllowsPlainHTTPThroughAProxyToo() async throws {
        let cli = try CLIHarness(variables: [
            "ROCKET_RESERVER_ENDPOINT": Self.loopback, "http_proxy": Self.proxy, "ROCKET_RESERVER_ALLOW_INSECURE_HTTP": "1",
        ])
        #expect(await cli.run("login", "me@example.com") == .success)
    }

    static let malformedProxies: [String] = [
        "http://pro xy.invalid:3128", " http://proxy.invalid:3128", "http://[::1:3128", "http://[::1]x:3128", "http://proxy.invalid:99999", "http://proxy.invalid:65536",
        "http://proxy.invalid:0", "http://proxy.invalid:", "http://proxy.invalid:31a8", "http://.proxy.invalid:3128", "http://a..b:3128", "http://%70roxy.invalid:3128",
        "http://proxy.invalid:3128/path", "http://proxy.invalid:3128?q=1", "http://proxy.invalid:3128#f", "http://127.1:3128", "http://::1:3128",
        "http://user:secretpw@proxy.invalid:99999", String(repeating: "p", count: 100_000), "http://pr\u{00F8}xy.invalid:3128", "http://proxy.invalid:3128\n",
        "http://", "://proxy:3128",
    ]

    @Test(arguments: [("https_proxy", "https"), ("HTTPS_PROXY", "https"), ("http_proxy", "http")], malformedProxies)
    func aMalformedProxyIsAUsageErrorNamingOnlyTheVariable(variable: (name: String, scheme: String), value: String) async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": "\(variable.scheme)://127.0.0.1:4000/graphql", variable.name: value])
        #expect(await cli.run("launches") == .usage, "\(variable.name)=\(value.prefix(60))")
        #expect(cli.builtConfigurations.isEmpty)
        #expect(cli.stderr.text.contains("The proxy in \(variable.name) "), "\(cli.stderr.text)")
        #expect(!cli.stderr.text.contains("secretpw"))
        #expect(cli.stderr.text.count < 500)
    }

    @Test func onlyHTTPProxiesAreSupported() async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": "https://127.0.0.1:4000/graphql", "https_proxy": "socks5://u:secretpw@p:1080"])
        #expect(await cli.run("launches") == .usage)
        #expect(cli.stderr.text.contains("only http:// proxies are supported"))
        #expect(!cli.stderr.text.contains("secretpw"))
    }

    /// As curl: the variable for the other scheme is not read, and `HTTP_PROXY` never is.
    @Test func onlyTheVariableInUseIsRead() async throws {
        let https = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": "https://127.0.0.1:4000/graphql", "http_proxy": "http://bad:99999"])
        #expect(await https.run("launches") == .success)
        #expect(https.builtConfigurations.first?.proxy == nil)
        let upper = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": Self.loopback, "HTTP_PROXY": "http://bad:99999"])
        #expect(await upper.run("launches") == .success)
        let lowerFirst = try CLIHarness(variables: [
            "ROCKET_RESERVER_ENDPOINT": "https://127.0.0.1:4000/graphql", "https_proxy": "http://bad:99999", "HTTPS_PROXY": Self.proxy,
        ])
        #expect(await lowerFirst.run("launches") == .usage)
    }

    /// As curl: `all_proxy` (else `ALL_PROXY`) serves either scheme whose own variable is unset,
    /// is checked like the others, and `no_proxy` bypasses it too.
    @Test func allProxyServesEitherSchemeWhenItsOwnIsUnset() async throws {
        for endpoint in ["https://127.0.0.1:4000/graphql", Self.loopback] {
            for name in ["all_proxy", "ALL_PROXY"] {
                let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": endpoint, name: "http://127.0.0.1:3128"])
                #expect(await cli.run("launches") == .success, "\(cli.stderr.text)")
                #expect(cli.builtConfigurations.first?.proxy?.port == 3128, "\(endpoint) \(name)")
            }
        }
        let own = try CLIHarness(variables: [
            "ROCKET_RESERVER_ENDPOINT": "https://127.0.0.1:4000/graphql", "https_proxy": "http://127.0.0.1:3128", "all_proxy": "http://127.0.0.1:9999",
        ])
        #expect(await own.run("launches") == .success)
        #expect(own.builtConfigurations.first?.proxy?.port == 3128, "the scheme's own variable comes first")
        let bypassed = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": Self.loopback, "all_proxy": "http://127.0.0.1:3128", "no_proxy": "127.0.0.1"])
        #expect(await bypassed.run("launches") == .success)
        #expect(bypassed.builtConfigurations.first?.proxy == nil)
        let malformed = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": Self.loopback, "all_proxy": "http://bad proxy.invalid"])
        #expect(await malformed.run("launches") == .usage)
        #expect(malformed.stderr.text.contains("all_proxy") && !malformed.stderr.text.contains("bad proxy"), "\(malformed.stderr.text)")
    }

    /// As curl: a proxy without a port is on 1080, and messages say so.
    @Test func aProxyWithoutAPortIsOn1080() {
        #expect(ProxySettings.origin(of: URL(string: "http://u:p@proxy.invalid")!) == "http://proxy.invalid:1080")
        #expect(ProxySettings.origin(of: URL(string: "http://proxy.invalid:3128")!) == "http://proxy.invalid:3128")
    }

    @Test(arguments: ["127.0.0.1:3128", "http://127.0.0.1:3128/", "http://u:p@127.0.0.1:3128", "http://[::1]:3128", "http://proxy.invalid.:8080"])
    func wellFormedProxiesAreUsed(value: String) async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_ENDPOINT": "https://127.0.0.1:4000/graphql", "https_proxy": value])
        #expect(await cli.run("launches") == .success, "\(cli.stderr.text)")
        #expect(cli.builtConfigurations.first?.proxy != nil)
    }
}
