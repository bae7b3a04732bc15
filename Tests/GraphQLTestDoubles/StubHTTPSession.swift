import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLClient
import Synchronization

/// A scripted HTTP session: answers each request with the next reply (the last one repeats)
/// and records every request it saw.
public final class StubHTTPSession: HTTPSession {
    public enum Reply: Sendable {
        /// An HTTP answer.
        case http(status: Int, body: Data)
        /// A URL loading failure, as `URLSession` reports it.
        case failure(URLError.Code)
        /// Never answers; returns only when the task is cancelled.
        case hang
    }

    private let state: Mutex<(replies: [Reply], requests: [URLRequest])>
    private let hangs = AsyncStream<Void>.makeStream()

    public init(_ replies: [Reply]) {
        state = Mutex((replies, []))
    }

    /// A JSON (or any text) answer.
    public static func json(_ text: String, status: Int = 200) -> Reply {
        .http(status: status, body: Data(text.utf8))
    }

    public var requests: [URLRequest] { state.withLock { $0.requests } }
    public var requestCount: Int { state.withLock { $0.requests.count } }

    /// Waits until a request reached a ``Reply/hang`` reply.
    public func waitForHang() async {
        var iterator = hangs.stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    public func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let reply = state.withLock { state -> Reply? in
            state.requests.append(request)
            return state.replies.count > 1 ? state.replies.removeFirst() : state.replies.first
        }
        switch reply {
        case .http(let status, let body)?:
            let url = request.url ?? URL(fileURLWithPath: "/")
            guard let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:]) else {
                throw URLError(.badServerResponse)
            }
            return (body, response)
        case .failure(let code)?:
            throw URLError(code)
        case .hang?, nil:
            hangs.continuation.yield()
            let (never, keepOpen) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            keepOpen.finish()
            throw URLError(.cancelled)
        }
    }
}
