#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import WebSocketCodec
import WebSocketIO

/// An open WebSocket from ``WebSocketClient``.
///
/// Read messages with ``receive()`` or by iterating ``messages``; send with ``send(text:)`` and
/// ``send(binary:)``; end with ``close(code:reason:)``. Cancelling a task that waits for a
/// message closes the connection (1001, going away), and so does dropping the last reference
/// to it: stopping the consumer never leaves a socket open. Pings are answered by the
/// connection itself.
public final class WebSocketConnection: WebSocketChannel {
    private let engine: WebSocketEngine
    /// The subprotocol the server picked from those offered, or `nil`.
    public let subprotocol: String?

    init(engine: WebSocketEngine, subprotocol: String?) {
        self.engine = engine
        self.subprotocol = subprotocol
    }

    deinit { engine.closeInBackground(code: WebSocketCloseCode.goingAway.rawValue, reason: "") }

    /// The subprotocol the server picked (the name in the terms).
    public var negotiatedSubprotocol: String? { subprotocol }

    public func receive() async throws -> WebSocketMessage? {
        try await engine.receive()
    }

    /// The messages as an asynchronous sequence; it ends after a normal close and throws
    /// ``WebSocketError`` otherwise. Cancelling the iterating task closes the connection.
    public var messages: WebSocketMessages { WebSocketMessages(connection: self) }

    public func send(_ message: WebSocketMessage) async throws {
        switch message {
        case .text(let text): try await send(text: text)
        case .binary(let data): try await send(binary: data)
        }
    }

    /// Sends a text message in one frame.
    public func send(text: String) async throws {
        try await engine.send(WebSocketFrame.encode(.text, payload: text.utf8))
    }

    /// Sends a binary message in one frame.
    public func send(binary: Data) async throws {
        try await engine.send(WebSocketFrame.encode(.binary, payload: binary))
    }

    /// Sends a ping (at most 125 bytes of payload); the server's pong is not reported.
    public func ping(_ payload: Data = Data()) async throws {
        try await engine.send(WebSocketFrame.encode(.ping, payload: payload.prefix(125)))
    }

    /// Runs the close handshake with `code` (one allowed on the wire, else 1000) and `reason`
    /// (cut to 123 bytes of UTF-8), and returns once the socket is closed: after the server's
    /// answer, or after ``WebSocketLimits/closeTimeout``.
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") async {
        await engine.close(code: code.isAllowedOnTheWire ? code.rawValue : 1000, reason: reason)
    }

    /// Whether the connection has ended and its socket is closed.
    public var isClosed: Bool { engine.isFinished }
}
