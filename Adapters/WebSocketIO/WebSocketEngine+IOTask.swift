#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import Synchronization
import SocketEventLoop

/// The I/O task's side of the engine: starting and interrupting it, handing on messages, taking
/// the frames to write, and the end.
extension WebSocketEngine {
    /// Runs `body` as the connection's I/O task (off the caller's task: it outlives it).
    package func start(_ body: @escaping @Sendable () async -> Void) {
        let loop = EventLoop.leastBusy()
        let io = Task.detached(executorPreference: loop) { _ = try? await loop.run { await body() } }
        let interrupted = state.withLock { state in
            state.io = io
            state.loop = loop
            return state.interrupted
        }
        if interrupted { io.cancel() }
    }

    /// Stops the I/O task's waits, current and later (a write stuck on a server that reads nothing).
    package func interrupt() {
        let io = state.withLock { state in
            state.interrupted = true
            return state.io
        }
        io?.cancel()
    }

    /// Hands a message to a waiting consumer or queues it.
    package func deliver(_ message: WebSocketMessage) {
        let receiver = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
            if !state.receivers.isEmpty { return state.receivers.removeFirst().continuation }
            state.inbox.append(message)
            return nil
        }
        receiver?.resume(returning: message)
    }

    /// Whether the consumer's queue is full (the I/O task then stops reading).
    var isInboxFull: Bool { state.withLock { $0.inboxCount >= limits.maximumQueuedMessages } }

    /// No more frames are accepted for sending (the server's close arrived, or a failure).
    func stopAccepting() { state.withLock { $0.closing = true } }

    /// The frames to write and the close request, each handed out once.
    func takeWork() -> (frames: [Outgoing], close: (code: UInt16, reason: String)?) {
        state.withLock { state in
            defer {
                state.outgoing = []
                state.closeRequest = nil
            }
            return (state.outgoing, state.closeRequest)
        }
    }

    /// Ends the message stream: consumers waiting get `nil` (normal) or the error, as do later calls.
    private func end(_ ending: Result<Void, WebSocketError>) {
        let waiting = state.withLock { state -> [CheckedContinuation<WebSocketMessage?, any Error>] in
            guard state.ending == nil else { return [] }
            state.ending = ending
            defer { state.receivers = [] }
            return state.receivers.map(\.continuation)
        }
        for continuation in waiting { continuation.resume(with: ending.map { nil }.mapError { $0 }) }
    }

    /// Called last by the I/O task (or by the opening that failed), after it closed the socket:
    /// ends the messages with `ending`, fails frames never written, and wakes whoever waits for the end.
    package func threadFinished(_ ending: Result<Void, WebSocketError>) {
        let (unsent, waiters) = state.withLock { state in
            state.closing = true
            state.finished = true
            defer {
                state.outgoing = []
                state.finishWaiters = []
                state.io = nil
            }
            return (state.outgoing, state.finishWaiters)
        }
        end(ending)
        for item in unsent { item.done?.resume(throwing: WebSocketError(.notOpen)) }
        for waiter in waiters { waiter.resume() }
    }
}
