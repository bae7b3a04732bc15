/// An open WebSocket as the ``WebSocketSession`` seam hands it out.
///
/// Messages arrive through ``receive()`` one at a time, in order. Cancelling the task that
/// waits in ``receive()`` closes the channel (going away, 1001): a consumer that stops
/// listening never leaves a connection open behind it.
public protocol WebSocketChannel: Sendable {
    /// The subprotocol the server picked from those offered, or `nil` when it picked none.
    var subprotocol: String? { get }

    /// The next message; `nil` once the channel closed normally (1000, or no code).
    ///
    /// Throws ``WebSocketError`` when it ended otherwise, and `CancellationError` when the
    /// waiting task is cancelled (which closes the channel).
    func receive() async throws -> WebSocketMessage?

    /// Sends one message, returning once it is written to the connection.
    ///
    /// Throws ``WebSocketError/Kind/notOpen`` once the channel is closing or closed. Cancelling
    /// a send that has not finished closes the channel (1001), as a message cannot be taken
    /// back halfway.
    func send(_ message: WebSocketMessage) async throws

    /// Starts the close handshake with `code` and `reason` (at most 123 bytes of UTF-8) and
    /// waits until the connection has ended.
    func close(code: WebSocketCloseCode, reason: String) async
}
