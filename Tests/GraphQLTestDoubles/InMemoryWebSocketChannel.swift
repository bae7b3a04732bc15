import Transport

/// The client's end of an in-memory WebSocket, as ``InMemoryWebSocketSession`` hands it out:
/// the same contract as the socket transport's `WebSocketConnection` (a normal close ends
/// ``receive()`` with `nil`, another close by the server throws ``WebSocketError``, a cancelled
/// receive closes with 1001, sending after a close throws ``WebSocketError/Kind/notOpen``).
public final class InMemoryWebSocketChannel: WebSocketChannel {
    let link: InMemoryWebSocketLink
    public let subprotocol: String?

    init(link: InMemoryWebSocketLink, subprotocol: String?) {
        self.link = link
        self.subprotocol = subprotocol
    }

    public func receive() async throws -> WebSocketMessage? {
        try await link.receive(as: .client)
    }

    public func send(_ message: WebSocketMessage) async throws {
        try link.send(message, to: .server)
    }

    public func close(code: WebSocketCloseCode, reason: String) async {
        link.close(by: .client, code: code, reason: reason)
    }
}
