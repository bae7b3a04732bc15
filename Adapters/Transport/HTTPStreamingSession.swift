#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One piece of an answer as a streaming send hands it over: the head once, then the body's
/// bytes in order, as they arrive.
public enum HTTPStreamPiece: Sendable {
    /// The status and headers (the response's `body` is empty), before any body byte.
    case head(HTTPResponse)
    /// The next bytes of the body (chunked framing removed), never empty.
    case body(Data)
}

/// A session that can hand over an answer's body as it arrives instead of whole: what a
/// `multipart/mixed` answer (incremental delivery, `@defer`) needs, whose parts come seconds
/// apart.
///
/// ``send(_:receiving:)`` calls `receiving` with the head, then with each piece of the body in
/// order, and returns when the body ended. A connection that ends before the body's framing
/// says it is whole is ``HTTPTransportError/Kind/connectionLost`` (after the pieces that
/// arrived); an error `receiving` throws ends the exchange (its connection is closed, never
/// reused) and is rethrown. The request's timeout covers the whole answer.
public protocol HTTPStreamingSession: HTTPSession {
    /// Sends the request and hands the answer to `receiving` piece by piece as it arrives.
    func send(_ request: HTTPRequest, receiving: @Sendable (HTTPStreamPiece) async throws -> Void) async throws
}

extension HTTPSession {
    /// Sends `request` and hands the answer to `receiving` piece by piece: as it arrives when
    /// the session is an ``HTTPStreamingSession``, else (a `URLSession`, a test stub) the head and
    /// then the whole body as one piece once it is all there.
    public func sendStreaming(_ request: HTTPRequest, receiving: @Sendable (HTTPStreamPiece) async throws -> Void) async throws {
        if let streaming = self as? any HTTPStreamingSession {
            try await streaming.send(request, receiving: receiving)
            return
        }
        let response = try await send(request)
        try await receiving(.head(HTTPResponse(statusCode: response.statusCode, headers: response.headers, body: Data())))
        if !response.body.isEmpty { try await receiving(.body(response.body)) }
    }
}
