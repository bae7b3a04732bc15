import Transport

/// The test's end of an in-memory WebSocket: what the client asked for, its messages, and how it closed.
public final class InMemoryWebSocketServer: Sendable {
    private let link: InMemoryWebSocketLink
    /// The request the client opened the channel with.
    public let request: WebSocketRequest

    init(link: InMemoryWebSocketLink, request: WebSocketRequest) {
        self.link = link
        self.request = request
    }

    /// Sends a message to the client; ``WebSocketError/Kind/notOpen`` once closed.
    public func send(_ message: WebSocketMessage) throws {
        try link.send(message, to: .client)
    }

    /// The client's next message; `nil` once the channel is closed.
    public func receive() async throws -> WebSocketMessage? {
        try await link.receive(as: .server)
    }

    /// Closes from the server's side with `code` (the client sees `nil` for 1000, else an error).
    public func close(code: WebSocketCloseCode = .normalClosure, reason: String = "") {
        link.close(by: .server, code: code, reason: reason)
    }

    /// The code and reason the client closed with, when it closed first.
    public var clientClose: (code: WebSocketCloseCode, reason: String)? {
        guard let closure = link.closure, closure.by == .client else { return nil }
        return (closure.code, closure.reason)
    }
}
