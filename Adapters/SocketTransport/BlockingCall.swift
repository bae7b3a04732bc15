import Foundation
import HTTPSeam
import POSIXSupport
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs blocking I/O on a thread of its own, off the Swift concurrency pool, and bridges its
/// result to async code.
///
/// Cancelling the awaiting task resumes it at once with `CancellationError` and writes a byte
/// to a wake-up pipe that ``wait(for:events:until:)`` polls next to the socket, so the thread
/// stops promptly too.
final class BlockingCall: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var wakeWrite: Int32
        var cancelled = false
        var done = false
        /// Whether a thread has taken the call up.
        var started = false
    }

    private let wakeRead: Int32
    private let state: Mutex<State>

    private init(wakeRead: Int32, wakeWrite: Int32) {
        self.wakeRead = wakeRead
        self.state = Mutex(State(wakeWrite: wakeWrite))
    }

    /// Runs `body` on a new thread (or one of `threads`) and returns (or throws) what it does,
    /// unless the task is cancelled first. A call cancelled before its thread takes it up never
    /// runs `body`; one still waiting for a thread of `threads` at `deadline` never runs it either
    /// and throws ``HTTPTransportError/Kind/timedOut``.
    static func run(
        on threads: ExchangeThreads? = nil, deadline: ContinuousClock.Instant? = nil,
        _ body: @escaping @Sendable (BlockingCall) throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        // A socket pair rather than pipe2(2), which Glibc's module map hides.
        guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else {
            throw HTTPTransportError(.other(code: -Int(errno)))
        }
        let call = BlockingCall(wakeRead: descriptors[0], wakeWrite: descriptors[1])
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let cancelledEarly = call.state.withLock { state in
                    if state.cancelled { return true }
                    state.continuation = continuation
                    return false
                }
                if cancelledEarly {
                    call.finish(.failure(CancellationError()))
                    continuation.resume(throwing: CancellationError())
                    return
                }
                let job: @Sendable () -> Void = {
                    call.finish(Result {
                        guard call.begin() else { throw CancellationError() }
                        return try body(call)
                    })
                }
                let outcome = threads.map { $0.run(job) } ?? (DetachedThread.start(job) ? .running : .failed)
                switch outcome {
                case .running: break
                case .queued:
                    // Only a call that waits for a thread has a timer.
                    if let deadline {
                        Task {
                            try? await Task.sleep(until: deadline, clock: .continuous)
                            call.expireUnlessStarted()
                        }
                    }
                case .failed: call.finish(.failure(HTTPTransportError(.other(code: -Int(EAGAIN)))))
                }
            }
        } onCancel: {
            call.cancel()
        }
    }

    /// Whether the awaiting task was cancelled.
    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Notes that a thread takes the call up; `false` when it was cancelled (or expired) first.
    private func begin() -> Bool {
        state.withLock { state in
            if !state.cancelled { state.started = true }
            return !state.cancelled
        }
    }

    /// Fails a call that no thread has taken up yet with ``HTTPTransportError/Kind/timedOut``;
    /// one that has started keeps its own deadline.
    private func expireUnlessStarted() {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !state.started, !state.cancelled else { return nil }
            state.cancelled = true
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: HTTPTransportError(.timedOut))
    }

    /// Notes on `witness` that the request is about to be written, unless the call was
    /// cancelled first: then it throws `CancellationError` and nothing may be written, so a
    /// cancellation that wins this race provably sent nothing.
    func beginSending(_ witness: HTTPSendWitness?) throws {
        let cancelled = state.withLock { state in
            if !state.cancelled { witness?.beginSending() }
            return state.cancelled
        }
        if cancelled { throw CancellationError() }
    }

    /// Waits until `descriptor` is ready for `events` and returns its `revents`.
    ///
    /// Throws `CancellationError` when the call is cancelled and ``HTTPTransportError/Kind/timedOut``
    /// when `deadline` passes first.
    func wait(for descriptor: Int32, events: Int16, until deadline: ContinuousClock.Instant) throws -> Int16 {
        while true {
            if isCancelled { throw CancellationError() }
            // Past the deadline the socket is still looked at once, without waiting: a thread
            // that was scheduled late must not call an answer that is already there a timeout.
            let remaining = max(deadline - .now, .zero)
            var descriptors = [
                pollfd(fd: descriptor, events: events, revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, remaining.waitMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw HTTPTransportError(.other(code: -Int(errno)))
            }
            if descriptors[1].revents != 0 { throw CancellationError() }
            if descriptors[0].revents != 0 { return descriptors[0].revents }
            if remaining == .zero { throw HTTPTransportError(.timedOut) }
        }
    }

    /// A call no task awaits, for a long-lived stream (a WebSocket) whose own thread makes
    /// every wait: its owner stops them with ``interrupt()``, and the thread frees the wake-up
    /// pair with ``release()`` once it waits no more.
    static func standalone() throws -> BlockingCall {
        var descriptors: [Int32] = [-1, -1]
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, type, 0, &descriptors) == 0 else {
            throw HTTPTransportError(.other(code: -Int(errno)))
        }
        return BlockingCall(wakeRead: descriptors[0], wakeWrite: descriptors[1])
    }

    /// Makes every wait, current and later, throw `CancellationError`.
    func interrupt() { cancel() }

    /// Closes the wake-up pair of a ``standalone()`` call; no wait may follow.
    func release() { finish(.failure(CancellationError())) }

    private func cancel() {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            state.cancelled = true
            if state.wakeWrite >= 0 {
                var byte: UInt8 = 1
                _ = send(state.wakeWrite, &byte, 1, Int32(MSG_NOSIGNAL))
            }
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(throwing: CancellationError())
    }

    private func finish(_ result: Result<HTTPResponse, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<HTTPResponse, any Error>? in
            guard !state.done else { return nil }
            state.done = true
            close(state.wakeWrite)
            state.wakeWrite = -1
            close(wakeRead)
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
