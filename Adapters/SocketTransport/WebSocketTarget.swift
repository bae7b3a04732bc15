#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketSystem
import SocketEventLoop
import SocketTLS
import SocketRouting

/// Where a WebSocket connects: the URL's host and port checked as ``SocketHTTPSession``
/// checks them, the proxy chosen as for the matching http(s) URL, and the byte stream opened
/// (proxy tunnel, then TLS for `wss://`).
struct WebSocketTarget: Sendable {
    let host: String
    let port: Int
    let secure: Bool
    let proxy: ProxyTunnel?

    /// A connected socket and the stream the handshake runs over.
    struct Opened: Sendable {
        let socket: SocketConnection
        let stream: any PollableByteStream
        private let tls: TLSStream?

        init(socket: SocketConnection, tls: TLSStream?) {
            self.socket = socket
            self.tls = tls
            self.stream = tls ?? socket
        }

        /// The stream with `deadline` for every later wait.
        func open(until deadline: ContinuousClock.Instant) -> any PollableByteStream {
            guard let tls else { return socket.with(deadline: deadline) }
            tls.moveDeadline(to: deadline)
            return tls
        }
    }

    /// Checks `url`; an unsupported or malformed one is `HTTPTransportError(.unsupportedURL)`
    /// (URLError.unsupportedURL), as for HTTP.
    init(_ url: URL, proxies: ProxyConfiguration) throws {
        let scheme = url.scheme?.lowercased()
        guard scheme == "ws" || scheme == "wss", let rawHost = url.host, !rawHost.isEmpty else {
            throw HTTPTransportError(.unsupportedURL)
        }
        secure = scheme == "wss"
        host = HostAddress.unbracketed(rawHost)
        port = url.port ?? (secure ? 443 : 80)
        guard url.fragment == nil, let written = url.host(percentEncoded: true), HostAddress.isValid(HostAddress.unbracketed(written)),
              (1...65_535).contains(port)
        else { throw HTTPTransportError(.unsupportedURL) }
        // ws:// goes where http:// would, wss:// where https:// would (no_proxy included).
        var components = URLComponents()
        components.scheme = secure ? "https" : "http"
        components.host = url.host(percentEncoded: true)
        components.port = url.port
        proxy = try components.url.flatMap { proxies.proxy(for: $0) }.map { url in
            let named = "\(url.scheme ?? "?")://" + HostAddress.authority(host: HostAddress.unbracketed(url.host ?? "?"), port: url.port ?? 0)
            guard url.scheme?.lowercased() == "http" else {
                throw HTTPTransportError(.proxyFailed(proxy: named, reason: "only http:// proxies are supported"))
            }
            guard let tunnel = ProxyTunnel(url) else {
                throw HTTPTransportError(.proxyFailed(proxy: named, reason: "its URL is malformed"))
            }
            return tunnel
        }
    }

    /// Connects (through the proxy's tunnel when there is one) and, for `wss://`, completes a
    /// verified TLS handshake; nothing of the upgrade request is written before.
    func open(deadline: ContinuousClock.Instant, contexts: TLSContextCache) async throws -> Opened {
        let context = secure ? try contexts.get() : nil
        let socket = try await ProxyTunnel.connect(to: host, port: port, via: proxy, deadline: deadline)
        do {
            try await proxy?.openTunnel(over: socket, to: host, port: port)
            guard let context else { return Opened(socket: socket, tls: nil) }
            return Opened(socket: socket, tls: try await TLSStream.handshake(over: socket, context: context, host: host))
        } catch {
            socket.close()
            throw error
        }
    }
}
