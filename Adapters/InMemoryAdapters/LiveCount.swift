import Synchronization
import Registrations

/// A count of live registrations (watches, subscriptions) that a test can wait on without
/// polling: every change wakes the waiters whose target it reaches.
public final class LiveCount: Sendable {
    private struct State {
        var value = 0
        var waiters: [(id: Int, target: Int, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextWaiter = 0
        /// Waits about to register; one cancelled before is refused.
        var arriving = PendingRegistrations<Int>()
    }

    private let state = Mutex(State())

    public init() {}

    /// The count now.
    public var value: Int {
        state.withLock { $0.value }
    }

    /// Returns once the count is `target` (at once if it is now): `true`; `false` when the
    /// waiting task is cancelled first (a test's time limit cancels it), so that a count that
    /// never gets there fails an expectation instead of waiting for ever.
    @discardableResult
    public func wait(until target: Int) async -> Bool {
        let id = state.withLock { state in
            defer { state.nextWaiter += 1 }
            state.arriving.issue(state.nextWaiter)
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let reached = state.withLock { state -> Bool? in
                    guard state.arriving.register(id) else { return false }
                    guard state.value != target else { return true }
                    state.waiters.append((id, target, continuation))
                    return nil
                }
                if let reached { continuation.resume(returning: reached) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                if state.arriving.cancel(id) { return nil }
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiting?.resume(returning: false)
        }
    }

    /// Adds `delta` and wakes the waiters whose target is the new count.
    func add(_ delta: Int) {
        let woken = state.withLock { state in
            state.value += delta
            let value = state.value
            let ready = state.waiters.filter { $0.target == value }.map(\.continuation)
            state.waiters.removeAll { $0.target == value }
            return ready
        }
        for continuation in woken { continuation.resume(returning: true) }
    }
}
