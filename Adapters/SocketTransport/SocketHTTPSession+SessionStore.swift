import Transport
import SocketRouting

extension SocketHTTPSession {
    /// A session whose TLS sessions outlive the process: each new TLS connection to an origin
    /// offers the session `sessions` keeps for it (when this process has none yet), and a new
    /// one is kept there for the next process (see ``TLSSessionStore``). Nothing is read or
    /// written there before an https request is made, and only when
    /// ``ConnectionPoolOptions/resumesTLSSessions`` is on.
    public init(
        tls: TLSConfiguration = TLSConfiguration(), proxies: ProxyConfiguration = .none, limits: HTTPResponseLimits = HTTPResponseLimits(),
        pool: ConnectionPoolOptions = ConnectionPoolOptions(), sessions: TLSSessionStore
    ) {
        self.init(tls: tls, proxies: proxies, limits: limits, pool: ConnectionPool(options: pool, store: sessions))
    }
}
