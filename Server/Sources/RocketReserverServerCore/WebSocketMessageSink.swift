/// Where a ``GraphQLWebSocketConnection`` writes: the socket in the server, a recorder in tests.
public protocol WebSocketMessageSink: Sendable {
    /// Sends one text message.
    func send(_ text: String) async throws
    /// Sends a close frame with `code` and `reason`; nothing is sent after it.
    func close(code: UInt16, reason: String) async throws
}
