import Synchronization

/// A count of live registrations (watches, subscriptions) that a test can wait on without
/// polling: every change wakes the waiters whose target it reaches.
public final class LiveCount: Sendable {
    private struct State {
        var value = 0
        var waiters: [(target: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// The count now.
    public var value: Int {
        state.withLock { $0.value }
    }

    /// Returns once the count is `target` (at once if it is now).
    public func wait(until target: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                guard state.value != target else { return true }
                state.waiters.append((target, continuation))
                return false
            }
            if reached { continuation.resume() }
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
        for continuation in woken { continuation.resume() }
    }
}
