import Transport
import Synchronization

/// The streaming seam in memory, for tests of what sits on it (a GraphQL subscription
/// transport): each ``open(_:)`` makes a connected pair, and the test takes the server's end
/// with ``accept()``.
public final class InMemoryWebSocketSession: WebSocketSession {
    private struct State {
        var servers: [InMemoryWebSocketServer] = []
        var acceptors: [CheckedContinuation<InMemoryWebSocketServer, Never>] = []
    }

    private let subprotocol: @Sendable (WebSocketRequest) -> String?
    private let refusal: (any Error)?
    private let state = Mutex(State())

    /// - Parameters:
    ///   - subprotocol: what the "server" picks from a request (by default the first offered).
    ///   - refusal: thrown by every ``open(_:)`` instead, to play a server that cannot be reached or refuses.
    public init(subprotocol: @escaping @Sendable (WebSocketRequest) -> String? = { $0.subprotocols.first }, refusal: (any Error)? = nil) {
        self.subprotocol = subprotocol
        self.refusal = refusal
    }

    public func open(_ request: WebSocketRequest) async throws -> any WebSocketChannel {
        if let refusal { throw refusal }
        let link = InMemoryWebSocketLink()
        let server = InMemoryWebSocketServer(link: link, request: request)
        let acceptor = state.withLock { state -> CheckedContinuation<InMemoryWebSocketServer, Never>? in
            if !state.acceptors.isEmpty { return state.acceptors.removeFirst() }
            state.servers.append(server)
            return nil
        }
        acceptor?.resume(returning: server)
        return InMemoryWebSocketChannel(link: link, subprotocol: subprotocol(request))
    }

    /// The server's end of the next channel opened (waiting for it if none was yet).
    public func accept() async -> InMemoryWebSocketServer {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> InMemoryWebSocketServer? in
                if !state.servers.isEmpty { return state.servers.removeFirst() }
                state.acceptors.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
