#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CLIArguments
import CommandLineKit
import HostNames

/// Decides which endpoints the tool may use and whether credentials may travel to them.
package enum EndpointPolicy {
    /// The variable that allows credentials over plain http to a non-loopback host.
    package static let allowInsecureVariable = "ROCKET_RESERVER_ALLOW_INSECURE_HTTP"

    /// Parses and checks an endpoint: an absolute http or https URL with a host, every part of
    /// it well formed (``NetworkURL``).
    package static func endpoint(from text: String) throws(UsageError) -> URL {
        if hasUserInfo(text) {
            throw UsageError("Credentials in the endpoint URL are not supported: give the endpoint without a user name or password, such as http://127.0.0.1:4000/graphql.")
        }
        let parsed: NetworkURL
        do throws(NetworkURL.Malformed) {
            guard text.utf8.count <= 2_048 else { throw NetworkURL.Malformed(reason: "it is longer than 2048 bytes") }
            parsed = try NetworkURL.parse(text)
        } catch {
            throw UsageError("The endpoint \"\(EchoedText.quoted(text))\" is not a valid URL: \(error.reason); give an http or https URL such as http://127.0.0.1:4000/graphql.")
        }
        guard parsed.scheme == "http" || parsed.scheme == "https", let url = URL(string: text), let host = url.host, !host.isEmpty,
              url.user == nil, url.password == nil
        else {
            throw UsageError("The endpoint \"\(EchoedText.quoted(text))\" is not an http or https URL such as http://127.0.0.1:4000/graphql.")
        }
        return url
    }

    /// Whether the text's authority (between `//` and the next `/`, `?` or `#`) holds an `@`,
    /// that is a user name or password, whatever the scheme and however malformed the rest.
    static func hasUserInfo(_ text: String) -> Bool {
        let afterScheme = text.firstRange(of: "//").map { text[$0.upperBound...] } ?? Substring(text)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        return authority.contains("@")
    }

    /// Whether credentials may be sent, judged by where the bytes go: over https (straight, or
    /// through a proxy's `CONNECT` tunnel, TLS end to end), over plain http only straight to a
    /// loopback address (never through a proxy, which would read them), or anywhere when
    /// ``allowInsecureVariable`` is 1.
    package static func allowsCredentials(to url: URL, through proxy: URL?, environment: [String: String]) -> Bool {
        if url.scheme?.lowercased() == "https" { return true }
        if environment[allowInsecureVariable] == "1" { return true }
        return proxy == nil && HostName.isLoopback(url.host ?? "")
    }

    /// The refusal for a command that would send credentials to an untrusted endpoint, or
    /// through a proxy over plain http.
    package static func insecureRefusal(for configuration: Configuration) -> UsageError {
        let host = configuration.endpoint.host ?? "this host"
        if let proxy = configuration.proxy, HostName.isLoopback(host) {
            return UsageError("Refusing to send login details over plain http through the proxy \(ProxySettings.origin(of: proxy)): use an https endpoint, or list \(host) in no_proxy to reach it directly.")
        }
        return UsageError("Refusing to send login details over plain http to \(host): use an https endpoint, or set \(allowInsecureVariable)=1 to allow it anyway.")
    }
}
