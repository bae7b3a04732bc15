import WebSocketIO

/// How much a WebSocket accepts from the server, and how long closing may take.
///
/// A message (all its fragments together) or a frame over ``maximumMessageBytes`` is refused
/// as soon as its header announces it (close code 1009), before its payload is read, so memory
/// stays bounded whatever the server sends.
public struct WebSocketLimits: Sendable, Hashable {
    /// The default message limit: 16 MiB.
    public static let defaultMaximumMessageBytes = 16 << 20

    /// The largest message accepted, in bytes (text counted as UTF-8).
    public var maximumMessageBytes: Int
    /// The largest opening-handshake answer (status line and header fields) accepted, in bytes.
    public var maximumHandshakeBytes: Int
    /// How many received messages may wait for the consumer before the connection stops
    /// reading (TCP then slows the server down).
    public var maximumQueuedMessages: Int
    /// How long the close handshake may take before the connection is dropped.
    public var closeTimeout: Duration

    public init(
        maximumMessageBytes: Int = WebSocketLimits.defaultMaximumMessageBytes, maximumHandshakeBytes: Int = 64 * 1024,
        maximumQueuedMessages: Int = 64, closeTimeout: Duration = .seconds(5)
    ) {
        // Clamped so that sums with it never overflow.
        self.maximumMessageBytes = min(max(0, maximumMessageBytes), 1 << 52)
        self.maximumHandshakeBytes = min(max(256, maximumHandshakeBytes), 1 << 30)
        self.maximumQueuedMessages = max(1, maximumQueuedMessages)
        self.closeTimeout = max(.zero, closeTimeout)
    }
}

extension WebSocketLimits {
    /// The limits as the connection's engine applies them.
    var engineLimits: WebSocketEngine.Limits {
        WebSocketEngine.Limits(maximumMessageBytes: maximumMessageBytes, maximumQueuedMessages: maximumQueuedMessages, closeTimeout: closeTimeout)
    }
}
