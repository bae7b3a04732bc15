import Foundation
import Synchronization
import Registrations

/// The end of a started process, awaited without blocking a thread: the process's termination
/// handler resumes a continuation (no `waitUntilExit`, which would hold a thread of the Swift
/// concurrency pool for as long as the child runs).
///
/// The handler also notes when the process ended, on Foundation's own thread, so a test can
/// time a child (for example from Ctrl-C to its end) without counting the time its own task
/// waited for a thread of the pool while other tests ran.
public final class ProcessExit: Sendable {
    private struct State {
        var started = ContinuousClock.now
        var ended: ContinuousClock.Instant?
        var waiters: [Int: CheckedContinuation<ContinuousClock.Instant, Never>] = [:]
        var nextWaiter = 0
        /// Waits about to register; one cancelled before is refused.
        var arriving = PendingRegistrations<Int>()
    }

    private let state = Mutex(State())

    /// Installs the termination handler and starts `process` (see ``ProcessLaunch``).
    public init(starting process: Process) async throws {
        process.terminationHandler = { [self] _ in markExited() }
        let started = try await ProcessLaunch.run(process)
        state.withLock { $0.started = started }
    }

    /// When the process started (noted on the launch queue, right after it did).
    public var started: ContinuousClock.Instant { state.withLock { $0.started } }

    private func markExited() {
        let now = ContinuousClock.now
        let waiters = state.withLock { state in
            state.ended = now
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: now) }
    }

    /// Returns once the process has ended (at once if it already has), with when it ended; or,
    /// when the waiting task is cancelled first (a test's time limit cancels it), at once with
    /// the time of the cancellation, so that a test past its limit ends instead of waiting for
    /// a child that never does.
    @discardableResult
    public func wait() async -> ContinuousClock.Instant {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            state.arriving.issue(state.nextWaiter)
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ended = state.withLock { state -> ContinuousClock.Instant? in
                    let admitted = state.arriving.register(id)
                    if let ended = state.ended { return ended }
                    guard admitted else { return ContinuousClock.now }
                    state.waiters[id] = continuation
                    return nil
                }
                if let ended { continuation.resume(returning: ended) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<ContinuousClock.Instant, Never>? in
                if state.arriving.cancel(id) { return nil }
                return state.waiters.removeValue(forKey: id)
            }
            waiting?.resume(returning: ContinuousClock.now)
        }
    }

    /// Whether the process has ended.
    public var hasEnded: Bool { state.withLock { $0.ended != nil } }
}
