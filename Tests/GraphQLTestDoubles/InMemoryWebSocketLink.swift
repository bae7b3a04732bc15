import Transport
import Synchronization
import Registrations

/// The two directions of an in-memory WebSocket and how it was closed, shared by a client's
/// ``InMemoryWebSocketChannel`` and the test's ``InMemoryWebSocketServer``.
final class InMemoryWebSocketLink: Sendable {
    enum Side: Sendable { case client, server }

    private struct Direction {
        var queue: [WebSocketMessage] = []
        var waiters: [(id: Int, continuation: CheckedContinuation<WebSocketMessage?, any Error>)] = []
    }

    private struct State {
        var toClient = Direction()
        var toServer = Direction()
        /// Who closed first, with what.
        var closed: (by: Side, code: WebSocketCloseCode, reason: String)?
        /// Receives about to wait; one cancelled before is refused.
        var arriving = PendingRegistrations<Int>()
    }

    private let state = Mutex(State())

    /// How the link was closed, once it has been.
    var closure: (by: Side, code: WebSocketCloseCode, reason: String)? { state.withLock { $0.closed } }

    /// Delivers `message` to `side`; ``WebSocketError/Kind/notOpen`` once closed.
    func send(_ message: WebSocketMessage, to side: Side) throws {
        let waiter = try state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
            guard state.closed == nil else { throw WebSocketError(.notOpen) }
            if side == .client { return Self.deliver(message, into: &state.toClient) }
            return Self.deliver(message, into: &state.toServer)
        }
        waiter?.resume(returning: message)
    }

    private static func deliver(_ message: WebSocketMessage, into direction: inout Direction) -> CheckedContinuation<WebSocketMessage?, any Error>? {
        if !direction.waiters.isEmpty { return direction.waiters.removeFirst().continuation }
        direction.queue.append(message)
        return nil
    }

    /// The next message for `side`: `nil` after a normal close, ``WebSocketError/Kind/closedByServer(code:reason:)``
    /// for the client after another close by the server; cancelling the client's wait closes the link (1001).
    func receive(as side: Side) async throws -> WebSocketMessage? {
        let id = state.withLock { $0.arriving.issueNext() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Result<WebSocketMessage?, any Error>? in
                    guard state.arriving.register(id) else { return .failure(CancellationError()) }
                    var direction = side == .client ? state.toClient : state.toServer
                    defer { if side == .client { state.toClient = direction } else { state.toServer = direction } }
                    if !direction.queue.isEmpty { return .success(direction.queue.removeFirst()) }
                    if let closed = state.closed { return Self.ending(closed, for: side) }
                    direction.waiters.append((id, continuation))
                    return nil
                }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
                if state.arriving.cancel(id) { return nil }
                var direction = side == .client ? state.toClient : state.toServer
                defer { if side == .client { state.toClient = direction } else { state.toServer = direction } }
                guard let index = direction.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return direction.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
            if side == .client { close(by: .client, code: .goingAway, reason: "") }
        }
    }

    /// Closes the link (the first close counts) and ends every wait.
    func close(by side: Side, code: WebSocketCloseCode, reason: String) {
        let (waiters, closed) = state.withLock { state in
            if state.closed == nil { state.closed = (side, code, reason) }
            defer {
                state.toClient.waiters = []
                state.toServer.waiters = []
            }
            return (state.toClient.waiters.map { ($0.continuation, Side.client) } + state.toServer.waiters.map { ($0.continuation, Side.server) }, state.closed)
        }
        guard let closed else { return }
        for (waiter, waiting) in waiters { waiter.resume(with: Self.ending(closed, for: waiting)) }
    }

    /// What a receive by `side` returns once the link is closed.
    private static func ending(_ closed: (by: Side, code: WebSocketCloseCode, reason: String), for side: Side) -> Result<WebSocketMessage?, any Error> {
        let normal = closed.code == .normalClosure || closed.code == .noStatusReceived
        if side == .client, closed.by == .server, !normal {
            return .failure(WebSocketError(.closedByServer(code: closed.code, reason: closed.reason)))
        }
        return .success(nil)
    }
}
