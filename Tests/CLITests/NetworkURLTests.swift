import Foundation
@testable import CLIConfiguration
import Testing

/// Every part of an endpoint or proxy URL is checked; a malformed one is a usage error (64)
/// before anything is built or sent.
@Suite(.timeLimit(.minutes(5)))
struct NetworkURLTests {
    static let malformedEndpoints: [String] = [
        // Ports: past 65535 (which would wrap), zero, empty, signs, non-digits.
        "http://127.0.0.1:70000/graphql", "http://127.0.0.1:65536/graphql", "http://127.0.0.1:131072/graphql",
        "http://127.0.0.1:99999999999999999999999/graphql", "http://127.0.0.1:0/graphql", "http://127.0.0.1:00000/graphql",
        "http://127.0.0.1:/graphql", "http://127.0.0.1:-1/graphql", "http://127.0.0.1:+80/graphql", "http://127.0.0.1:4a/graphql",
        "http://127.0.0.1:0x50/graphql", "http://127.0.0.1:80:81/graphql", "https://example.invalid:/graphql",
        // IPv6: unbracketed, unclosed, junk after the bracket, not an address, a zone, IPv4 in brackets.
        "http://::1/graphql", "http://::1:4000/graphql", "http://[::1/graphql", "http://[::1]x/graphql", "http://[::1]:/graphql",
        "http://[::g]/graphql", "http://[]/graphql", "http://[::1%25lo]/graphql", "http://[127.0.0.1]/graphql",
        "http://::1]/graphql", "http://[::1]]/graphql", "http://[[::1]]/graphql",
        // Names: empty labels, long labels and names, characters, percent-encoding.
        "https://.wild.invalid/graphql", "http://.wild.invalid/graphql", "http://a..b.invalid/graphql", "http://a.b.invalid../graphql",
        "http://./graphql", "http://../graphql", "http://" + String(repeating: "a", count: 64) + ".invalid/graphql",
        "http://" + (0..<127).map { _ in "ab" }.joined(separator: ".") + "/graphql",
        "http://exa$mple.invalid/graphql", "http://exa!mple.invalid/graphql", "http://exa~mple.invalid/graphql",
        "http://%31%32%37.0.0.1/graphql", "http://loc%61lhost/graphql", "http://r\u{00E9}sum\u{00E9}.invalid/graphql",
        "http://ex ample.invalid/graphql", "http://example.invalid\t/graphql",
        // Numbers that resolvers read as other addresses.
        "http://127.1/graphql", "http://0177.0.0.1/graphql", "http://0x7f.0.0.1/graphql", "http://127.0.0.01/graphql",
        "http://2130706433/graphql", "http://127.0.0.256/graphql", "http://127.0.0.1.5/graphql", "http://127.0.0.1./graphql",
        "http://foo.123/graphql", "http://foo.0x1f/graphql",
        // No host, no scheme separator, user information.
        "http:///graphql", "http://:4000/graphql", "http:127.0.0.1:4000/graphql", "http://user@127.0.0.1/graphql",
        String(repeating: "http://a.invalid/", count: 200),
    ]

    @Test(arguments: malformedEndpoints)
    func malformedEndpointsAreUsageErrors(_ endpoint: String) async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("--endpoint", endpoint, "launches") == .usage, "\(endpoint.prefix(80))")
        #expect(cli.builtConfigurations.isEmpty)
        #expect(cli.stderr.text.hasPrefix("rocket-reserver: "))
        #expect(cli.stderr.text.count < 500)
    }

    @Test(arguments: [
        "http://127.0.0.1:65535/graphql", "http://127.0.0.1:1/graphql", "http://127.0.0.1:080/graphql", "http://localhost./graphql",
        "http://a-b.c_d.invalid/graphql", "http://[::1]:8080/graphql", "http://[0:0:0:0:0:0:0:1]/graphql", "HTTPS://EXAMPLE.INVALID/graphql",
        "https://xn--bcher-kva.invalid/graphql", "http://127.0.0.1:4000",
        "http://127.0.0.1:4000/graphql?x=1", "http://" + String(repeating: "a", count: 63) + ".invalid/graphql",
    ])
    func wellFormedEndpointsAreAccepted(_ endpoint: String) async throws {
        let cli = try CLIHarness()
        #expect(await cli.run("--endpoint", endpoint, "launches") == .success, "\(cli.stderr.text)")
        #expect(cli.builtConfigurations.first?.endpoint.absoluteString == endpoint)
    }

    @Test func eachPartSaysWhatIsWrong() throws {
        let reasons: [(String, String)] = [
            ("http://127.0.0.1:70000/x", "its port is not between 1 and 65535"),
            ("http://127.0.0.1:/x", "it has a colon but no port number after it"),
            ("http://127.0.0.1:8o/x", "its port is not a number"),
            ("http://[::1/x", "its IPv6 address has no closing bracket"),
            ("http://::1/x", "an IPv6 address must be written in brackets, such as [::1]"),
            ("http://.a.invalid/x", "its host has an empty label (two dots in a row, or a dot at the start)"),
            ("http://%61.invalid/x", "its host is percent-encoded"),
            ("http://127.1/x", "its host is not a valid IPv4 address (four numbers from 0 to 255, without leading zeros)"),
        ]
        for (text, reason) in reasons {
            #expect(throws: NetworkURL.Malformed(reason: reason)) { try NetworkURL.parse(text) }
        }
        let parsed = try NetworkURL.parse("https://Example.INVALID.:0443/a?b")
        #expect(parsed.host == .name("Example.INVALID"))
        #expect(parsed.host.text == "example.invalid")
        #expect(parsed.port == 443)
        #expect(parsed.rest == "/a?b")
        #expect(try NetworkURL.parse("[::1]:3128", defaultScheme: "http").host == .ipv6("::1"))
        #expect(try NetworkURL.parse("u:p@127.0.0.1", defaultScheme: "http").userInfo == "u:p")
    }

    /// A differential check over 60,000 generated authorities: whatever the strict parser
    /// accepts, Foundation's `URL` (which the transport connects with) reads as the same host
    /// and port, so the host checked (loopback, `no_proxy`) is the host connected to.
    @Test func acceptedURLsMeanTheSameToFoundation() throws {
        let alphabet = Array("ab1290.-_:[]@%/?#xf".utf8) + Array("::1".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var accepted = 0
        for _ in 0..<60_000 {
            var bytes: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59) + 1
            for _ in 0..<length {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(alphabet[Int(state >> 33) % alphabet.count])
            }
            let text = "http://" + String(decoding: bytes, as: UTF8.self)
            guard let parsed = try? NetworkURL.parse(text) else { continue }
            accepted += 1
            let url = try #require(URL(string: text), "\(text) was accepted but Foundation cannot read it")
            var host = url.host(percentEncoded: true) ?? ""
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            if host.count > 1, host.hasSuffix(".") { host.removeLast() }
            #expect(host.lowercased() == parsed.host.text, "\(text): Foundation \(host), parsed \(parsed.host.text)")
            #expect(url.port == parsed.port, "\(text): Foundation port \(String(describing: url.port)), parsed \(String(describing: parsed.port))")
        }
        #expect(accepted > 300, "only \(accepted) generated URLs were accepted: the generator does not exercise the parser")
    }
}
