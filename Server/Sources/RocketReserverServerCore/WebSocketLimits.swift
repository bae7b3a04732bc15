/// Bounds and timers of the GraphQL WebSocket endpoint.
public struct WebSocketLimits: Sendable {
    /// The largest message (and frame) accepted; a larger one closes the socket with 1009.
    public var maximumMessageBytes: Int
    /// Subscriptions one socket may have running at once; one more gets an `error` for its id.
    public var maximumSubscriptions: Int
    /// Time a client has to send `connection_init` before the socket is closed with 4408.
    public var connectionInitTimeout: Duration
    /// Interval of the legacy protocol's `ka` keep-alive messages (the first follows the ack).
    public var keepAliveInterval: Duration

    /// Creates limits; the defaults are the executable's.
    public init(
        maximumMessageBytes: Int = 64 * 1024,
        maximumSubscriptions: Int = 64,
        connectionInitTimeout: Duration = .seconds(10),
        keepAliveInterval: Duration = .seconds(12)
    ) {
        self.maximumMessageBytes = maximumMessageBytes
        self.maximumSubscriptions = maximumSubscriptions
        self.connectionInitTimeout = connectionInitTimeout
        self.keepAliveInterval = keepAliveInterval
    }
}
