#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketSystem
import SocketEventLoop
import SocketRouting

/// An HTTP/1.1 client over POSIX sockets for `http://` and `https://` URLs, TLS by the
/// system's OpenSSL 3 loaded at run time (see ``OpenSSL``).
///
/// Connections are kept alive and shared by the requests of a session (and its copies), per
/// origin (scheme, host, port and proxy), as ``ConnectionPoolOptions`` bounds them; new TLS
/// connections to an origin resume the session of an earlier one. An idle connection is
/// checked before it is reused; a request found to have gone out on a connection the server had
/// closed, before any byte of an answer arrived, is sent once more on a new connection only when
/// it is ``HTTPRequest/isIdempotent`` (a query, never a mutation).
///
/// Each exchange is sequential async code on the caller's task, run with the process's one
/// ``EventLoop`` as its task executor; its sockets are non-blocking and every wait suspends the
/// task on that loop, so requests in flight, or waiting for a connection, hold no thread, and
/// none waits for the global concurrency pool. An exchange stops promptly when its
/// task is cancelled or its timeout passes (the timeout covers waiting for a connection too). Over https nothing of the request is written before
/// the server's certificate has been verified (``TLSConfiguration``). Proxies follow
/// ``ProxyConfiguration``. Redirects are never followed: a 3xx answer is
/// ``HTTPTransportError/Kind/redirected(status:location:)``. Header values, the `Authorization`
/// header included, are only ever written to the connection.
public struct SocketHTTPSession: HTTPSession {
    private let proxies: ProxyConfiguration
    private let contexts: TLSContextCache
    let pool: ConnectionPool
    /// How large an answer may be (body, head, header count); see ``HTTPResponseLimits``.
    public let limits: HTTPResponseLimits

    public init(
        tls: TLSConfiguration = TLSConfiguration(), proxies: ProxyConfiguration = .none, limits: HTTPResponseLimits = HTTPResponseLimits(),
        pool: ConnectionPoolOptions = ConnectionPoolOptions()
    ) {
        self.init(tls: tls, proxies: proxies, limits: limits, pool: ConnectionPool(options: pool))
    }

    init(tls: TLSConfiguration, proxies: ProxyConfiguration, limits: HTTPResponseLimits, pool: ConnectionPool) {
        self.proxies = proxies
        self.contexts = TLSContextCache(tls)
        self.limits = limits
        self.pool = pool
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try await send(request, once: {})
    }

    /// Sends `request`, connecting (and securing the connection) while `ready` runs elsewhere:
    /// nothing of the request is written before `ready` has returned.
    public func send(_ request: HTTPRequest, once ready: @Sendable () async -> Void) async throws -> HTTPResponse {
        let route = try route(for: request)
        let deadline = ContinuousClock.now + request.timeout
        // Whoever asked learns whether the request may have left (nothing is written before `sending`).
        let witness = HTTPSendWitness.current
        witness?.sessionWillReport()
        // Cancelled before it started: nothing is connected to, let alone sent.
        try Task.checkCancellation()
        // The exchange runs on the loop's thread, so its progress never waits for the
        // global concurrency pool.
        let gate = HTTPSendGate.current
        return try await EventLoop.leastBusy().run {
            // On the loop's thread now: what the gate waits for may run on the caller's meanwhile.
            gate?.sessionIsUnderWay()
            let lease = try await pool.acquire(route.origin, deadline: deadline)
            let exchange = PooledExchange(request: request, route: route, pool: pool, limits: limits, deadline: deadline)
            return try await exchange.run(lease) {
                await ready()
                // A cancellation that comes first provably sent nothing.
                try Task.checkCancellation()
                witness?.beginSending()
            }
        }
    }

    /// Where `request` goes, or why it cannot: the URL and the proxy are checked before
    /// anything is connected to.
    func route(for request: HTTPRequest) throws -> ConnectionRoute {
        let scheme = request.url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https", let rawHost = request.url.host, !rawHost.isEmpty else {
            // URLError.unsupportedURL, so the message matches what URLSession reported.
            throw HTTPTransportError(.unsupportedURL)
        }
        return try ConnectionRoute(to: request.url, host: rawHost, tls: scheme == "https" ? contexts : nil, proxies: proxies)
    }

    /// `scheme://host:port` of a `Location` value (resolved against the request's URL), without
    /// path, query or user information.
    static func origin(of location: String, relativeTo base: URL) -> String? {
        guard let url = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://" + HostAddress.authority(host: HostAddress.unbracketed(host), port: port)
    }

    /// Whether `name` is an HTTP token (RFC 9110 §5.6.2), so it can be a header's name; other
    /// names are left out of the request rather than let them end a line or spell another header.
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
            }
        }
    }

    /// The request line and headers, ending with the blank line; `absoluteForm` for a plain
    /// http proxy, which also gets the proxy's credentials.
    static func head(for request: HTTPRequest, host: String, absoluteForm: Bool = false, proxyAuthorization: String? = nil) -> Data {
        var path = request.url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        if let query = request.url.query(percentEncoded: true) { path += "?" + query }
        var hostHeader = host.contains(":") ? "[\(host)]" : host
        if let port = request.url.port { hostHeader += ":\(port)" }
        if absoluteForm { path = "http://\(hostHeader)\(path)" }
        var text = "\(request.method) \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\n"
        let fixed = ["host", "content-length", "connection", "proxy-authorization"]
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key })
        where !fixed.contains(where: { name.caseInsensitiveEquals($0) }) && Self.isToken(name) {
            // A header value must not end the line early. By bytes: "\r\n" is one Character,
            // which a Character filter for "\r" and "\n" lets through whole.
            let clean = String(decoding: value.utf8.filter { $0 != 13 && $0 != 10 && $0 != 0 }, as: UTF8.self)
            text += "\(name): \(clean)\r\n"
        }
        if let proxyAuthorization { text += "Proxy-Authorization: \(proxyAuthorization)\r\n" }
        if request.value(forHTTPHeaderField: "Content-Type") == nil { text += "Content-Type: application/json\r\n" }
        text += "Content-Length: \(request.body.count)\r\n\r\n"
        return Data(text.utf8)
    }
}
