/// A whole message received on a GraphQL WebSocket (fragments already joined).
public enum WebSocketIncomingMessage: Sendable, Equatable {
    /// A text message (the only kind both subprotocols use).
    case text(String)
    /// A binary message (a protocol violation: closed with 4400).
    case binary
}
