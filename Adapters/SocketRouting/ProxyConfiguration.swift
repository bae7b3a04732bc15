#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HostNames
import SocketSystem

/// Which HTTP proxies the socket session goes through, with curl's rules; plain values, so the
/// library never reads the environment itself (its caller does; the CLI decides the one proxy
/// for its endpoint and passes only that).
///
/// `https://` endpoints go through ``httpsProxy`` in a `CONNECT` tunnel (TLS runs end to end
/// inside it); `http://` endpoints go through ``httpProxy`` with absolute-form requests. A host
/// matching ``noProxy`` (a name or domain suffix, an address or address range, or `*`) is
/// reached directly; loopback is not exempt unless listed.
public struct ProxyConfiguration: Sendable, Hashable {
    /// The proxy for `https://` endpoints (curl: `https_proxy`, `HTTPS_PROXY`).
    public var httpsProxy: URL?
    /// The proxy for `http://` endpoints (curl: `http_proxy`, lower case only).
    public var httpProxy: URL?
    /// Hosts reached directly (curl: `no_proxy`, `NO_PROXY`).
    public var noProxy: [String]

    public init(httpsProxy: URL? = nil, httpProxy: URL? = nil, noProxy: [String] = []) {
        self.httpsProxy = httpsProxy
        self.httpProxy = httpProxy
        self.noProxy = noProxy
    }

    /// No proxy at all.
    public static let none = ProxyConfiguration()

    /// A proxy variable whose value is not a usable proxy URL.
    public struct InvalidProxy: Error, Equatable, CustomStringConvertible {
        /// The variable, never its value (which may hold a password).
        public var variable: String

        public init(variable: String) {
            self.variable = variable
        }

        public var description: String { "The proxy in \(variable) is not a valid http://host:port URL." }
    }

    /// Reads curl's variables from `environment` as ``ProxyVariables`` does: `https_proxy`/`HTTPS_PROXY`,
    /// `http_proxy`, `all_proxy`/`ALL_PROXY` for either when its own is not set, `no_proxy`/`NO_PROXY`. A proxy
    /// written without a scheme is `http://`; without a port, it is on 1080 (curl's default).
    ///
    /// - Throws: ``InvalidProxy`` when a proxy variable is set but does not parse (a space, an
    ///   unclosed bracket, a port past 65535, a host with an empty label…): as curl does, such a
    ///   value is refused, never ignored for a direct connection.
    public static func curlStyle(_ environment: [String: String]) throws(InvalidProxy) -> ProxyConfiguration {
        func url(https: Bool) throws(InvalidProxy) -> URL? {
            guard let variable = ProxyVariables.proxy(https: https, in: environment) else { return nil }
            guard let url = proxyURL(variable.value) else { throw InvalidProxy(variable: variable.name) }
            return url
        }
        return ProxyConfiguration(
            httpsProxy: try url(https: true),
            httpProxy: try url(https: false),
            noProxy: ProxyVariables.noProxy(in: environment).entries
        )
    }

    /// `text` as a proxy URL, or `nil` when it is not one: printable ASCII of at most 8 KiB,
    /// `scheme://` optional, a valid host, a port from 1 to 65535 when a colon is written, and
    /// no path but `/`.
    package static func proxyURL(_ text: String) -> URL? {
        guard text.utf8.count <= 8_192, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
              let url = URL(string: text.contains("://") ? text : "http://" + text),
              url.scheme != nil, let host = url.host, HostAddress.isValid(HostAddress.unbracketed(host)),
              url.path.isEmpty || url.path == "/", url.query == nil, url.fragment == nil
        else { return nil }
        // The authority as written: a colon after the host needs a port, and the port must not wrap.
        let afterScheme = text.firstRange(of: "://").map { text[$0.upperBound...] } ?? Substring(text)
        let authority = afterScheme.prefix { $0 != "/" }
        let hostAndPort = authority.split(separator: "@", omittingEmptySubsequences: false).last ?? authority
        // Foundation decodes `%70roxy` to `proxy`: a percent-encoded host is refused, not decoded.
        if hostAndPort.contains("%") || (hostAndPort.hasPrefix("[") && !hostAndPort.contains("]")) { return nil }
        let afterHost = hostAndPort.hasPrefix("[") ? hostAndPort.drop { $0 != "]" }.dropFirst() : hostAndPort.drop { $0 != ":" }
        if afterHost.hasPrefix(":") {
            let digits = afterHost.dropFirst()
            guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let port = url.port, (1...65_535).contains(port) else {
                return nil
            }
        } else if !afterHost.isEmpty {
            return nil
        }
        return url
    }

    /// The proxy for `url`, or `nil` to connect directly.
    public func proxy(for url: URL) -> URL? {
        let proxy: URL? = switch url.scheme?.lowercased() {
        case "https": httpsProxy
        case "http": httpProxy
        default: nil
        }
        guard let proxy, let host = url.host else { return nil }
        return bypasses(host) ? nil : proxy
    }

    /// Whether `host` is listed in ``noProxy`` (``NoProxyList``'s rules: curl's).
    func bypasses(_ host: String) -> Bool {
        NoProxyList(entries: noProxy).bypasses(host)
    }
}
