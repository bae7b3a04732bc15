import Foundation
import Synchronization
import Transport

/// A streaming HTTP session that answers every request with one scripted answer, piece by
/// piece: the head, then each body piece in turn, each after `beforePiece(index)` returned (a
/// test holds a piece back until it saw the one before), then the end or a lost connection.
public final class ScriptedStreamingSession: HTTPStreamingSession {
    private let head: HTTPResponse
    private let pieces: [Data]
    private let dropsAtEnd: Bool
    private let beforePiece: @Sendable (Int) async -> Void
    private let recorded = Mutex<[HTTPRequest]>([])

    /// - Parameter dropsAtEnd: End with ``HTTPTransportError/Kind/connectionLost`` after the last piece.
    public init(
        status: Int = 200, headers: [String: String], pieces: [Data], dropsAtEnd: Bool = false,
        beforePiece: @escaping @Sendable (Int) async -> Void = { _ in }
    ) {
        head = HTTPResponse(statusCode: status, headers: headers, body: Data())
        self.pieces = pieces
        self.dropsAtEnd = dropsAtEnd
        self.beforePiece = beforePiece
    }

    /// A `multipart/mixed` answer with `boundary`, its text cut into pieces of `size` bytes.
    public convenience init(multipart text: String, boundary: String, pieceSize: Int = .max, dropsAtEnd: Bool = false,
                            beforePiece: @escaping @Sendable (Int) async -> Void = { _ in }) {
        let bytes = Array(text.utf8)
        let pieces = stride(from: 0, to: bytes.count, by: min(pieceSize, max(bytes.count, 1))).map { Data(bytes[$0..<min($0 + pieceSize, bytes.count)]) }
        self.init(
            headers: ["Content-Type": "multipart/mixed; boundary=\"\(boundary)\"; deferSpec=20220824"], pieces: pieces, dropsAtEnd: dropsAtEnd,
            beforePiece: beforePiece
        )
    }

    /// Every request sent so far.
    public var requests: [HTTPRequest] { recorded.withLock { $0 } }

    public func send(_ request: HTTPRequest, receiving: @Sendable (HTTPStreamPiece) async throws -> Void) async throws {
        recorded.withLock { $0.append(request) }
        try await receiving(.head(head))
        for (index, piece) in pieces.enumerated() {
            await beforePiece(index)
            try Task.checkCancellation()
            try await receiving(.body(piece))
        }
        if dropsAtEnd { throw HTTPTransportError(.connectionLost) }
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        if dropsAtEnd { throw HTTPTransportError(.connectionLost) }
        var response = head
        response.body = pieces.reduce(Data(), +)
        return response
    }
}
