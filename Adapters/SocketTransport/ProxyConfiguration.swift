import Foundation

/// Which HTTP proxies the socket session goes through, with curl's rules; plain values, so the
/// library never reads the environment itself (the composition root does).
///
/// `https://` endpoints go through ``httpsProxy`` in a `CONNECT` tunnel (TLS runs end to end
/// inside it); `http://` endpoints go through ``httpProxy`` with absolute-form requests. A host
/// matching ``noProxy`` (a name, a domain suffix, or `*`) is reached directly; loopback is not
/// exempt unless listed.
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

    /// Reads curl's variables from `environment`: `https_proxy`/`HTTPS_PROXY`, `http_proxy`,
    /// `no_proxy`/`NO_PROXY`. A proxy written without a scheme is `http://`.
    public static func curlStyle(_ environment: [String: String]) -> ProxyConfiguration {
        func url(_ names: String...) -> URL? {
            guard let text = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
            return URL(string: text.contains("://") ? text : "http://" + text)
        }
        let list = [environment["no_proxy"], environment["NO_PROXY"]].lazy.compactMap { $0 }.first { !$0.isEmpty } ?? ""
        return ProxyConfiguration(
            httpsProxy: url("https_proxy", "HTTPS_PROXY"),
            httpProxy: url("http_proxy"),
            noProxy: list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        )
    }

    /// The proxy for `url`, or `nil` to connect directly.
    public func proxy(for url: URL) -> URL? {
        let proxy: URL? = switch url.scheme?.lowercased() {
        case "https": httpsProxy
        case "http": httpProxy
        default: nil
        }
        guard let proxy, let host = url.host else { return nil }
        return bypasses(HostAddress.unbracketed(host).lowercased()) ? nil : proxy
    }

    /// Whether `host` is listed in ``noProxy``, itself or as a subdomain of an entry.
    func bypasses(_ host: String) -> Bool {
        noProxy.contains { entry in
            if entry == "*" { return true }
            var suffix = HostAddress.unbracketed(entry.lowercased())
            if suffix.hasPrefix(".") { suffix.removeFirst() }
            return host == suffix || host.hasSuffix("." + suffix)
        }
    }
}
