#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import Synchronization
import SocketEventLoop
import Registrations

/// What a WebSocket's I/O task shares with the tasks that use the connection: received
/// messages waiting for a consumer, frames waiting to be written, the close request, and the
/// ``WakeUpFlag`` that ends the task's wait on the ``EventLoop`` when there is work for it (a
/// flag, not a descriptor: the connection's one descriptor is its socket).
///
/// Received messages queue up to ``WebSocketLimits/maximumQueuedMessages``; past that the
/// I/O task stops reading until the consumer takes one, so a fast server and a slow consumer
/// cost bounded memory.
package final class WebSocketEngine: Sendable {
    /// A frame to write and who waits for it.
    struct Outgoing {
        var frame: Data
        var done: CheckedContinuation<Void, any Error>?
    }

    /// What the consumers and the I/O task share, behind the lock.
    struct State {
        var inbox: [WebSocketMessage] = []
        var inboxStart = 0
        var receivers: [(id: Int, continuation: CheckedContinuation<WebSocketMessage?, any Error>)] = []
        /// Receives about to wait; one cancelled before it got there is refused.
        var arrivingReceivers = PendingRegistrations<Int>()
        /// How the message stream ended, once it has.
        var ending: Result<Void, WebSocketError>?
        var outgoing: [Outgoing] = []
        var closeRequest: (code: UInt16, reason: String)?
        /// No more frames are accepted for sending.
        var closing = false
        /// The I/O task has ended and closed the socket.
        var finished = false
        var finishWaiters: [CheckedContinuation<Void, Never>] = []
        /// The I/O task, once started, and the loop it runs on; cancelling it stops every wait it makes.
        var io: Task<Void, Never>?
        var loop: EventLoop?
        var interrupted = false
        var inboxCount: Int { inbox.count - inboxStart }
    }

    package let limits: Limits
    /// Raised when the I/O task has something to send or to stop for, or room for more messages.
    package let wakeUp = WakeUpFlag()
    let state = Mutex(State())

    package init(limits: Limits) {
        self.limits = limits
    }

    // MARK: The consumer's side

    /// The next message, `nil` after a normal close; see ``WebSocketChannel/receive()``.
    package func receive() async throws -> WebSocketMessage? {
        let id = state.withLock { $0.arrivingReceivers.issueNext() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                var madeRoom = false
                let ready = state.withLock { state -> Result<WebSocketMessage?, any Error>? in
                    guard state.arrivingReceivers.register(id) else { return .failure(CancellationError()) }
                    if state.inboxCount > 0 {
                        let message = state.inbox[state.inboxStart]
                        state.inboxStart += 1
                        if state.inboxStart == state.inbox.count {
                            state.inbox.removeAll(keepingCapacity: true)
                            state.inboxStart = 0
                        }
                        // The I/O task may have stopped reading for want of room.
                        madeRoom = state.inboxCount + 1 == limits.maximumQueuedMessages
                        return .success(message)
                    }
                    if let ending = state.ending { return ending.map { nil }.mapError { $0 } }
                    state.receivers.append((id, continuation))
                    return nil
                }
                if madeRoom { wakeUp.raise() }
                if let ready { continuation.resume(with: ready) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
                if state.arrivingReceivers.cancel(id) { return nil }
                guard let index = state.receivers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.receivers.remove(at: index).continuation
            }
            waiting?.resume(throwing: CancellationError())
            // A consumer that stops listening closes the connection.
            closeInBackground(code: WebSocketCloseCode.goingAway.rawValue, reason: "")
        }
    }

    /// Queues a frame and returns once the I/O task wrote it; ``WebSocketError/Kind/notOpen`` once closing.
    ///
    /// Cancelling the waiting task closes the connection (1001): a frame cannot be taken back
    /// once its first bytes are written, and a write stuck on a server that reads nothing ends
    /// only with the connection. The send then throws.
    package func send(_ frame: Data) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let accepted = state.withLock { state in
                    guard !state.closing else { return false }
                    state.outgoing.append(Outgoing(frame: frame, done: continuation))
                    return true
                }
                if accepted { wakeUp.raise() } else { continuation.resume(throwing: WebSocketError(.notOpen)) }
            }
        } onCancel: {
            closeInBackground(code: WebSocketCloseCode.goingAway.rawValue, reason: "")
        }
    }

    /// Asks the I/O task to start the close handshake; `false` when closing had already begun.
    @discardableResult
    func requestClose(code: UInt16, reason: String) -> Bool {
        let requested = state.withLock { state in
            guard !state.closing else { return false }
            state.closing = true
            state.closeRequest = (code, reason)
            return true
        }
        if requested { wakeUp.raise() }
        return requested
    }

    /// Closes and waits until the socket is closed: the close handshake for at most
    /// ``WebSocketLimits/closeTimeout``, then (a write stuck on a server that reads nothing)
    /// the I/O task is interrupted, by a timer on its loop that the end of the task cancels.
    package func close(code: UInt16, reason: String) async {
        requestClose(code: code, reason: reason)
        let loop = state.withLock { $0.loop } ?? EventLoop.shared
        // A loop that is shut down has ended the task's waits already: nothing to interrupt.
        let watchdog = try? loop.schedule(at: .now + limits.closeTimeout + .seconds(1)) { [self] in interrupt() }
        await waitUntilFinished()
        if let watchdog { loop.cancel(watchdog) }
    }

    /// ``close(code:reason:)`` without waiting for it.
    package func closeInBackground(code: UInt16, reason: String) {
        guard requestClose(code: code, reason: reason) else { return }
        Task { [self] in await close(code: code, reason: reason) }
    }

    /// Returns once the I/O task has ended and closed the socket.
    func waitUntilFinished() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if !state.finished { state.finishWaiters.append(continuation) }
                return state.finished
            }
            if done { continuation.resume() }
        }
    }

    /// Whether the I/O task has ended.
    package var isFinished: Bool { state.withLock { $0.finished } }
}
