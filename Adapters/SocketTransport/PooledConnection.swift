import SocketEventLoop
import SocketTLS

/// One open connection (plain, or TLS over the socket) that serves one request at a time and
/// may be kept alive between them.
///
/// Owned by one task at a time: the ``ConnectionPool`` hands it out under its lock, and only
/// the exchange that leased it touches it until it is released (the pool's idle reaper closes
/// only connections it has taken out of the pool, under the same lock).
final class PooledConnection: @unchecked Sendable {
    private var socket: SocketConnection
    let tls: TLSStream?
    /// When an idle connection stops being reused (set by the pool on release).
    var expiry: ContinuousClock.Instant = .now
    /// How many requests it has carried.
    var exchanges = 0

    init(socket: SocketConnection, tls: TLSStream?) {
        self.socket = socket
        self.tls = tls
    }

    /// What requests are written to and answers read from.
    var stream: any ByteStream { tls ?? socket }

    /// Waits until `deadline` from now on (the next request's).
    func rebind(deadline: ContinuousClock.Instant) {
        socket.deadline = deadline
        tls?.rebind(deadline: deadline)
    }

    /// Whether the idle connection is still open and silent (see ``SocketConnection/isReusable``),
    /// with nothing left unread in TLS's buffers either.
    var isReusable: Bool {
        guard socket.isReusable else { return false }
        return tls.map { !TLSSession.hasPending($0.ssl) } ?? true
    }

    /// Sends TLS's `close_notify` if the socket takes it at once, then closes the socket.
    func close() {
        tls?.close()
        socket.close()
    }
}
