extension WebSocketEngine {
    /// What an open WebSocket accepts and how long its close may take: the numbers of
    /// SocketTransport's public `WebSocketLimits` that the engine and its I/O task apply.
    package struct Limits: Sendable {
        /// The largest message (all its fragments together) or frame accepted, in bytes.
        package var maximumMessageBytes: Int
        /// How many received messages may wait for the consumer before reading stops.
        package var maximumQueuedMessages: Int
        /// How long the close handshake may take before the connection is dropped.
        package var closeTimeout: Duration

        package init(maximumMessageBytes: Int, maximumQueuedMessages: Int, closeTimeout: Duration) {
            self.maximumMessageBytes = maximumMessageBytes
            self.maximumQueuedMessages = maximumQueuedMessages
            self.closeTimeout = closeTimeout
        }
    }
}
