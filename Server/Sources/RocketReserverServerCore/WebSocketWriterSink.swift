import HummingbirdWebSocket
import NIOWebSocket

/// A ``WebSocketMessageSink`` over Hummingbird's outbound writer.
struct WebSocketWriterSink: WebSocketMessageSink {
    /// The upgraded socket's writer.
    let writer: WebSocketOutboundWriter

    func send(_ text: String) async throws {
        try await writer.write(.text(text))
    }

    func close(code: UInt16, reason: String) async throws {
        try await writer.close(WebSocketErrorCode(codeNumber: Int(code)), reason: reason)
    }
}
