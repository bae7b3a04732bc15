import Foundation

/// Decides which endpoints the tool may use and whether credentials may travel to them.
enum EndpointPolicy {
    /// The variable that allows credentials over plain http to a non-loopback host.
    static let allowInsecureVariable = "ROCKET_RESERVER_ALLOW_INSECURE_HTTP"

    /// Parses and checks an endpoint: an absolute http or https URL with a host.
    static func endpoint(from text: String) throws(UsageError) -> URL {
        if hasUserInfo(text) {
            throw UsageError("Credentials in the endpoint URL are not supported: give the endpoint without a user name or password, such as http://127.0.0.1:4000/graphql.")
        }
        guard text.utf8.count <= 2_048,
              text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              let url = URL(string: text),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty,
              url.user == nil, url.password == nil
        else {
            throw UsageError("The endpoint \"\(CommandLineParser.quoted(text))\" is not an http or https URL such as http://127.0.0.1:4000/graphql.")
        }
        return url
    }

    /// Whether the text's authority (between `//` and the next `/`, `?` or `#`) holds an `@`,
    /// that is a user name or password, whatever the scheme and however malformed the rest.
    static func hasUserInfo(_ text: String) -> Bool {
        let afterScheme = text.range(of: "//").map { text[$0.upperBound...] } ?? Substring(text)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        return authority.contains("@")
    }

    /// Whether credentials may be sent: over https, to a loopback address, or when allowed.
    static func allowsCredentials(to url: URL, environment: [String: String]) -> Bool {
        if url.scheme?.lowercased() == "https" { return true }
        if environment[allowInsecureVariable] == "1" { return true }
        return isLoopback(url.host ?? "")
    }

    /// Whether the host is `localhost`, in 127.0.0.0/8, or `::1`.
    static func isLoopback(_ rawHost: String) -> Bool {
        var host = Substring(rawHost.lowercased())
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets.first == "127"
    }

    /// The refusal for a command that would send credentials to an untrusted endpoint.
    static func insecureRefusal(for url: URL) -> UsageError {
        UsageError("Refusing to send login details over plain http to \(url.host ?? "this host"): use an https endpoint, or set \(allowInsecureVariable)=1 to allow it anyway.")
    }
}
