#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import SocketSystem
import SocketTLS
import SocketRouting

/// How to reach an origin: directly or through an http proxy (with a `CONNECT` tunnel for
/// https), in plain TCP or TLS. Opens connections for the ``ConnectionPool``, and for anything
/// else that needs a connected, verified stream to a URL's origin (a WebSocket).
struct ConnectionRoute: Sendable {
    /// The host as the URL names it (unbracketed).
    let host: String
    let port: Int
    /// The proxy to go through, if any.
    let proxy: ProxyTunnel?
    /// The TLS contexts for https; `nil` for plain http.
    let tls: TLSContextCache?

    init(host: String, port: Int, proxy: ProxyTunnel?, tls: TLSContextCache?) {
        self.host = host
        self.port = port
        self.proxy = proxy
        self.tls = tls
    }

    /// The route to `url`'s origin (`host` is its host as Foundation reads it; the port defaults
    /// to 443 with `tls`, else 80), through the proxy `proxies` choose for it.
    ///
    /// A host with an empty label, a percent-encoded host or a port past 65535 (which would
    /// wrap) is never connected to: `.unsupportedURL`, as `URLSession`'s unsupported URL. A
    /// proxy that is not `http://` or whose URL is malformed is ``HTTPTransportError/Kind/proxyFailed(proxy:reason:)``.
    init(to url: URL, host rawHost: String, tls: TLSContextCache?, proxies: ProxyConfiguration) throws {
        let port = url.port ?? (tls != nil ? 443 : 80)
        // The host as written: Foundation would decode a percent-encoded one (`%31%32%37.0.0.1`).
        guard let written = url.host(percentEncoded: true), HostAddress.isValid(HostAddress.unbracketed(written)),
              (1...65_535).contains(port)
        else { throw HTTPTransportError(.unsupportedURL) }
        let proxy = try proxies.proxy(for: url).map { proxyURL in
            let named = "\(proxyURL.scheme ?? "?")://"
                + HostAddress.authority(host: HostAddress.unbracketed(proxyURL.host ?? "?"), port: proxyURL.port ?? 0)
            guard proxyURL.scheme?.lowercased() == "http" else {
                throw HTTPTransportError(.proxyFailed(proxy: named, reason: "only http:// proxies are supported"))
            }
            guard let tunnel = ProxyTunnel(proxyURL) else {
                throw HTTPTransportError(.proxyFailed(proxy: named, reason: "its URL is malformed"))
            }
            return tunnel
        }
        self.init(host: HostAddress.unbracketed(rawHost), port: port, proxy: proxy, tls: tls)
    }

    var origin: ConnectionOrigin { ConnectionOrigin(secure: tls != nil, host: host, port: port, proxy: proxy) }

    /// Whether requests go to a plain-http proxy in absolute form (not through a tunnel).
    var sendsThroughPlainProxy: Bool { tls == nil && proxy != nil }

    /// Connects (to the proxy, then through a tunnel for https) and, for https, runs the TLS
    /// handshake, offering `session` for resumption. Every wait honours the task's cancellation and `deadline`;
    /// nothing is written to the server before its certificate has been verified.
    ///
    /// With no `session`, the one `store` keeps for the origin under the context's trust is
    /// offered; a kept session the server turns down (a full handshake follows), or whose
    /// certificate does not name the host, is dropped.
    func open(deadline: ContinuousClock.Instant, resuming session: TLSSession? = nil, store: TLSSessionStore? = nil) async throws -> PooledConnection {
        let context = try tls?.get()
        let socket = try await ProxyTunnel.connect(to: host, port: port, via: proxy, deadline: deadline)
        do {
            guard let context else { return PooledConnection(socket: socket, tls: nil) }
            try await proxy?.openTunnel(over: socket, to: host, port: port)
            let offered = session ?? store?.session(for: origin, trust: context)
            let stream: TLSStream
            do {
                stream = try await TLSStream.handshake(over: socket, context: context, host: host, resuming: offered)
            } catch {
                // The server took the session, but its certificate does not name this host: never
                // offer it again. Other failures say nothing about the session, which is kept.
                if offered != nil, error as? HTTPTransportError == TLSStream.resumedNameFailure(host) { store?.remove(origin) }
                throw error
            }
            if offered != nil, !TLSSession.wasResumed(stream.ssl) { store?.remove(origin) }
            return PooledConnection(socket: socket, tls: stream)
        } catch {
            socket.close()
            throw error
        }
    }
}
