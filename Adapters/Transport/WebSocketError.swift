/// Why a WebSocket could not be opened, or why it ended other than by a normal close.
///
/// Failures to reach the server (refused, unreachable, TLS, proxy, timeout) are
/// ``HTTPTransportError``s, as for HTTP; this is what only a WebSocket has. Reasons are plain
/// phrases of the client's own, never server text (a server's close reason is quoted only in
/// ``Kind/closedByServer(code:reason:)``, as it came).
public struct WebSocketError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The WebSocket failure kinds.
    public enum Kind: Sendable, Hashable {
        /// The URL is not `ws://` or `wss://`, or a subprotocol is not an HTTP token: nothing was sent.
        case invalidRequest(String)
        /// The server answered the opening handshake with this HTTP status instead of 101.
        case handshakeRefused(status: Int)
        /// The server's 101 answer does not complete the handshake (a wrong `Sec-WebSocket-Accept`,
        /// a subprotocol or extension the client did not offer, no `Upgrade: websocket`).
        case handshakeInvalid(String)
        /// The server broke RFC 6455; the client closed the connection with `code`.
        case protocolViolation(code: WebSocketCloseCode, reason: String)
        /// The server closed the connection with a code other than 1000 (or none).
        case closedByServer(code: WebSocketCloseCode, reason: String)
        /// The connection ended without a close handshake (1006): reset, closed, or a TLS failure.
        case connectionLost
        /// The connection is closing or closed: nothing more can be sent.
        case notOpen
    }

    public var kind: Kind

    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// The close code the connection ended with, when a close frame was involved.
    public var closeCode: WebSocketCloseCode? {
        switch kind {
        case .protocolViolation(let code, _), .closedByServer(let code, _): code
        case .connectionLost: .abnormalClosure
        default: nil
        }
    }

    public var description: String {
        switch kind {
        case .invalidRequest(let reason): "The WebSocket request is invalid: \(reason)."
        case .handshakeRefused(let status): "The server refused the WebSocket upgrade with HTTP \(status)."
        case .handshakeInvalid(let reason): "The server's WebSocket handshake is invalid: \(reason)."
        case .protocolViolation(let code, let reason): "The server broke the WebSocket protocol (\(reason)); closed with \(code)."
        case .closedByServer(let code, let reason):
            reason.isEmpty ? "The server closed the WebSocket with \(code)." : "The server closed the WebSocket with \(code): \(reason)"
        case .connectionLost: "The WebSocket connection was lost without a close handshake."
        case .notOpen: "The WebSocket is closed."
        }
    }
}
