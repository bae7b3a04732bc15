import Foundation
import HTTPSeam

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

    var origin: ConnectionOrigin { ConnectionOrigin(secure: tls != nil, host: host, port: port, proxy: proxy) }

    /// Whether requests go to a plain-http proxy in absolute form (not through a tunnel).
    var sendsThroughPlainProxy: Bool { tls == nil && proxy != nil }

    /// Connects (to the proxy, then through a tunnel for https) and, for https, runs the TLS
    /// handshake, offering `session` for resumption. Every wait honours `call` and `deadline`;
    /// nothing is written to the server before its certificate has been verified.
    func open(call: BlockingCall, deadline: ContinuousClock.Instant, resuming session: TLSSession? = nil) throws -> PooledConnection {
        let context = try tls?.get()
        let socket = try proxy?.connect(call: call, deadline: deadline)
            ?? SocketConnection.connect(host: host, port: port, call: call, deadline: deadline)
        do {
            guard let context else { return PooledConnection(socket: socket, tls: nil) }
            try proxy?.openTunnel(over: socket, to: host, port: port)
            let stream = try TLSStream.handshake(over: socket, context: context, host: host, resuming: session)
            return PooledConnection(socket: socket, tls: stream)
        } catch {
            socket.close()
            throw error
        }
    }
}
