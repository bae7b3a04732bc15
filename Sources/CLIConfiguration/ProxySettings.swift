#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CLIArguments
import HostNames

/// The proxy an endpoint's requests go through, from curl's variables as ``ProxyVariables``
/// reads them, unless the endpoint's host is in `no_proxy` (see ``NoProxyList``). A proxy
/// without a port is on 1080, as in curl.
///
/// Decided once, here, for the one endpoint: the composition root hands exactly this proxy to
/// the transport, and ``EndpointPolicy/allowsCredentials(to:through:environment:)`` judges the
/// same route, so where the bytes go and what may be sent cannot disagree.
///
/// The variable in use must hold a well-formed `http://` proxy URL (``NetworkURL``; without a
/// scheme `http://` is assumed; a path other than `/` is refused), else the run is a usage error
/// naming the variable, never its value (it may hold a password): a proxy that cannot be used
/// is never silently skipped for a direct connection.
enum ProxySettings {
    /// The longest proxy URL accepted, in bytes.
    static let maximumLength = 8_192

    /// The proxy for `endpoint`, or `nil` to connect directly.
    static func proxy(for endpoint: URL, environment: [String: String]) throws(UsageError) -> URL? {
        guard let variable = ProxyVariables.proxy(https: endpoint.scheme?.lowercased() == "https", in: environment) else { return nil }
        let proxy = try parse(variable.value, variable: variable.name)
        guard let host = try? NetworkURL.parse(endpoint.absoluteString).host else { return proxy }
        return ProxyVariables.noProxy(in: environment).bypasses(host.text) ? nil : proxy
    }

    /// Checks a proxy URL from `variable`; the error names the variable and the reason only.
    static func parse(_ text: String, variable: String) throws(UsageError) -> URL {
        let parsed: NetworkURL
        do throws(NetworkURL.Malformed) {
            guard text.utf8.count <= maximumLength else { throw NetworkURL.Malformed(reason: "it is longer than \(maximumLength) bytes") }
            parsed = try NetworkURL.parse(text, defaultScheme: "http")
            guard parsed.rest.isEmpty || parsed.rest == "/" else {
                throw NetworkURL.Malformed(reason: "it has a path, a query or a fragment (a proxy is scheme://host:port)")
            }
        } catch {
            throw UsageError("The proxy in \(variable) is not a valid URL: \(error.reason); give it as http://host:port or unset \(variable).")
        }
        guard parsed.scheme == "http" else {
            throw UsageError("The proxy in \(variable) is a \(parsed.scheme):// proxy, but only http:// proxies are supported.")
        }
        guard let url = URL(string: text.contains("://") ? text : "http://" + text), url.host != nil else {
            throw UsageError("The proxy in \(variable) is not a valid URL; give it as http://host:port or unset \(variable).")
        }
        return url
    }

    /// The port of a proxy URL that names none (curl's).
    static let defaultPort = 1080

    /// `http://host:port` of a proxy, without its credentials: safe to show.
    static func origin(of proxy: URL) -> String {
        var host = proxy.host ?? "?"
        if host.contains(":"), !host.hasPrefix("[") { host = "[\(host)]" }
        return "http://\(host):\(proxy.port ?? defaultPort)"
    }
}
