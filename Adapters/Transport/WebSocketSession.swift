/// The streaming seam beside ``HTTPSession``: opens a message channel (a WebSocket) that stays
/// open until either side closes it.
///
/// SocketTransport's `WebSocketClient` conforms; tests pass an in-memory channel. A GraphQL
/// subscription transport (graphql-ws, graphql-transport-ws) sits on this. Failures to connect
/// are ``HTTPTransportError``s; WebSocket failures are ``WebSocketError``s.
public protocol WebSocketSession: Sendable {
    /// Connects and completes the opening handshake; throws when either fails.
    func open(_ request: WebSocketRequest) async throws -> any WebSocketChannel
}
