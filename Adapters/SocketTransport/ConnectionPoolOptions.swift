/// How a ``SocketHTTPSession`` keeps connections alive between requests.
public struct ConnectionPoolOptions: Sendable, Hashable {
    /// The most connections open at once to one origin (scheme, host, port and proxy), idle or
    /// busy; requests beyond it wait, in order, for one to be free. At least 1; 8 by default.
    public var maximumConnectionsPerOrigin: Int
    /// How long an idle connection is kept when the server does not say (`Keep-Alive: timeout=`);
    /// 30 s by default. Zero keeps nothing: every request opens a connection of its own.
    public var idleTimeout: Duration

    public init(maximumConnectionsPerOrigin: Int = 8, idleTimeout: Duration = .seconds(30)) {
        self.maximumConnectionsPerOrigin = max(1, maximumConnectionsPerOrigin)
        self.idleTimeout = max(.zero, idleTimeout)
    }
}
