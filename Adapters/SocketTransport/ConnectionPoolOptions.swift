/// How a ``SocketHTTPSession`` keeps connections alive between requests.
public struct ConnectionPoolOptions: Sendable, Hashable {
    /// The most connections open at once to one origin (scheme, host, port and proxy), idle or
    /// busy; requests beyond it wait, in order, for one to be free. At least 1; 8 by default.
    public var maximumConnectionsPerOrigin: Int
    /// How long an idle connection is kept when the server does not say (`Keep-Alive: timeout=`);
    /// 30 s by default. Zero keeps nothing: every request opens a connection of its own.
    public var idleTimeout: Duration
    /// Whether a new TLS connection offers the session of the last one to the same origin, so
    /// the server can resume it instead of a full handshake. On by default.
    public var resumesTLSSessions: Bool

    public init(maximumConnectionsPerOrigin: Int = 8, idleTimeout: Duration = .seconds(30), resumesTLSSessions: Bool = true) {
        self.maximumConnectionsPerOrigin = max(1, maximumConnectionsPerOrigin)
        self.idleTimeout = max(.zero, idleTimeout)
        self.resumesTLSSessions = resumesTLSSessions
    }
}
