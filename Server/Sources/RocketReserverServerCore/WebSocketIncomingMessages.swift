import HummingbirdWebSocket

/// Hummingbird's inbound messages as ``WebSocketIncomingMessage``s.
struct WebSocketIncomingMessages: AsyncSequence, Sendable {
    typealias Element = WebSocketIncomingMessage

    /// The socket's whole messages (fragments joined, at most the size limit).
    let base: WebSocketInboundMessageStream

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: WebSocketInboundMessageStream.AsyncIterator

        mutating func next() async throws -> WebSocketIncomingMessage? {
            switch try await base.next() {
            case nil: nil
            case .text(let text)?: .text(text)
            case .binary?: .binary
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator())
    }
}
