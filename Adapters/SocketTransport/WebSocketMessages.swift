import Transport

/// The messages of a ``WebSocketConnection`` as an `AsyncSequence`.
public struct WebSocketMessages: AsyncSequence, Sendable {
    public typealias Element = WebSocketMessage
    private let connection: WebSocketConnection

    init(connection: WebSocketConnection) {
        self.connection = connection
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(connection: connection)
    }

    /// Takes messages one by one from the connection.
    public struct Iterator: AsyncIteratorProtocol {
        let connection: WebSocketConnection

        public mutating func next() async throws -> WebSocketMessage? {
            try await connection.receive()
        }
    }
}
