import Foundation
import HTTPSeam

/// An HTTP/1.1 client over POSIX sockets for `http://` and `https://` URLs, TLS by the
/// system's OpenSSL 3 loaded at run time (see ``OpenSSL``).
///
/// Each request opens one connection (`Connection: close`), runs on a thread of its own off the
/// Swift concurrency pool, and stops promptly when its task is cancelled or its timeout passes.
/// Over https nothing of the request is written before the server's certificate has been
/// verified (``TLSConfiguration``). Proxies follow ``ProxyConfiguration``. Redirects are never
/// followed: a 3xx answer is ``HTTPTransportError/Kind/redirected(status:location:)``. Header
/// values, the `Authorization` header included, are only ever written to the connection.
public struct SocketHTTPSession: HTTPSession {
    private let proxies: ProxyConfiguration
    private let contexts: TLSContextCache
    /// How large an answer may be (body, head, header count); see ``HTTPResponseLimits``.
    public let limits: HTTPResponseLimits

    public init(
        tls: TLSConfiguration = TLSConfiguration(), proxies: ProxyConfiguration = .none, limits: HTTPResponseLimits = HTTPResponseLimits()
    ) {
        self.proxies = proxies
        self.contexts = TLSContextCache(tls)
        self.limits = limits
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let scheme = request.url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https", let rawHost = request.url.host, !rawHost.isEmpty else {
            // URLError.unsupportedURL, so the message matches what URLSession reported.
            throw HTTPTransportError(.other(code: -1002))
        }
        let secure = scheme == "https"
        let host = HostAddress.unbracketed(rawHost)
        let port = request.url.port ?? (secure ? 443 : 80)
        // A host with an empty label or a port past 65535 (which would wrap) is never
        // connected to: the URL is malformed.
        // The host as written: Foundation would decode a percent-encoded one (`%31%32%37.0.0.1`).
        guard let written = request.url.host(percentEncoded: true), HostAddress.isValid(HostAddress.unbracketed(written)),
              (1...65_535).contains(port)
        else { throw HTTPTransportError(.other(code: -1002)) }
        let proxy = try proxies.proxy(for: request.url).map { url in
            let named = "\(url.scheme ?? "?")://" + HostAddress.authority(host: HostAddress.unbracketed(url.host ?? "?"), port: url.port ?? 0)
            guard url.scheme?.lowercased() == "http" else {
                throw HTTPTransportError(.proxyFailed(proxy: named, reason: "only http:// proxies are supported"))
            }
            guard let tunnel = ProxyTunnel(url) else {
                throw HTTPTransportError(.proxyFailed(proxy: named, reason: "its URL is malformed"))
            }
            return tunnel
        }
        let deadline = ContinuousClock.now + request.timeout
        let contexts = self.contexts
        let limits = self.limits
        // Whoever asked learns whether the request may have left (nothing is written before `sending`).
        let witness = HTTPSendWitness.current
        witness?.sessionWillReport()
        return try await BlockingCall.run { call in
            let sending = { try call.beginSending(witness) }
            let context = secure ? try contexts.get() : nil
            let socket = try proxy?.connect(call: call, deadline: deadline)
                ?? SocketConnection.connect(host: host, port: port, call: call, deadline: deadline)
            defer { socket.close() }
            if let context {
                try proxy?.openTunnel(over: socket, to: host, port: port)
                let tls = try TLSStream.handshake(over: socket, context: context, host: host)
                defer { tls.close() }
                return try Self.exchange(request, head: Self.head(for: request, host: host), over: tls, limits: limits, sending: sending)
            }
            let head = Self.head(for: request, host: host, absoluteForm: proxy != nil, proxyAuthorization: proxy?.authorization)
            return try Self.exchange(request, head: head, over: socket, limits: limits, sending: sending)
        }
    }

    /// Writes the request (once `sending` allows it), reads the answer, and refuses redirects.
    private static func exchange(
        _ request: HTTPRequest, head: Data, over stream: any ByteStream, limits: HTTPResponseLimits, sending: () throws -> Void
    ) throws -> HTTPResponse {
        try sending()
        try stream.send(head + request.body)
        var reader = HTTPResponseReader(connection: stream, limits: limits)
        let response = try reader.read(method: request.method)
        if (300..<400).contains(response.statusCode), response.statusCode != 304 {
            let location = response.headers.first { $0.key.caseInsensitiveEquals("location") }?.value
            throw HTTPTransportError(.redirected(status: response.statusCode, location: location.flatMap { origin(of: $0, relativeTo: request.url) }))
        }
        return response
    }

    /// `scheme://host:port` of a `Location` value (resolved against the request's URL), without
    /// path, query or user information.
    static func origin(of location: String, relativeTo base: URL) -> String? {
        guard let url = URL(string: location, relativeTo: base)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://" + HostAddress.authority(host: HostAddress.unbracketed(host), port: port)
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
        where !fixed.contains(where: { name.caseInsensitiveEquals($0) }) {
            // A header value must not end the line early.
            let clean = value.filter { $0 != "\r" && $0 != "\n" }
            text += "\(name): \(clean)\r\n"
        }
        if let proxyAuthorization { text += "Proxy-Authorization: \(proxyAuthorization)\r\n" }
        if request.value(forHTTPHeaderField: "Content-Type") == nil { text += "Content-Type: application/json\r\n" }
        text += "Content-Length: \(request.body.count)\r\nConnection: close\r\n\r\n"
        return Data(text.utf8)
    }
}
