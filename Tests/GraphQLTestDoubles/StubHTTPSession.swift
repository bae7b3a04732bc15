import Foundation
import Transport
import Synchronization

/// A scripted HTTP session: answers each request with the next reply (the last one repeats)
/// and records every request it saw.
public final class StubHTTPSession: HTTPSession {
    public enum Reply: Sendable {
        /// An HTTP answer.
        case http(status: Int, body: Data)
        /// An HTTP answer with headers (a `Content-Type`, for example).
        case response(HTTPResponse)
        /// A transport failure, as a session reports it.
        case failure(HTTPTransportError.Kind)
        /// Never answers; returns only when the task is cancelled.
        case hang
    }

    private let state: Mutex<(replies: [Reply], requests: [HTTPRequest])>
    private let hangs = AsyncStream<Void>.makeStream()

    public init(_ replies: [Reply]) {
        state = Mutex((replies, []))
    }

    /// A JSON (or any text) answer.
    public static func json(_ text: String, status: Int = 200) -> Reply {
        .http(status: status, body: Data(text.utf8))
    }

    public var requests: [HTTPRequest] { state.withLock { $0.requests } }
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// Waits until a request reached a ``Reply/hang`` reply.
    public func waitForHang() async {
        var iterator = hangs.stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let reply = state.withLock { state -> Reply? in
            state.requests.append(request)
            return state.replies.count > 1 ? state.replies.removeFirst() : state.replies.first
        }
        switch reply {
        case .http(let status, let body)?:
            return HTTPResponse(statusCode: status, body: body)
        case .response(let response)?:
            return response
        case .failure(let kind)?:
            throw HTTPTransportError(kind)
        case .hang?, nil:
            hangs.continuation.yield()
            let (never, keepOpen) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            keepOpen.finish()
            throw CancellationError()
        }
    }
}
