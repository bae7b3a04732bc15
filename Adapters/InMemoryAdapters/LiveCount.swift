import Registrations

/// A count of live registrations (watches, subscriptions) that a test can wait on without
/// polling: every change wakes the waiters whose target it reaches.
public final class LiveCount: Sendable {
    private let count = WaitableState(0)

    public init() {}

    /// The count now.
    public var value: Int { count.value }

    /// Returns once the count is `target` (at once if it is now): `true`; `false` when the
    /// waiting task is cancelled first (a test's time limit cancels it), so that a count that
    /// never gets there fails an expectation instead of waiting for ever.
    @discardableResult
    public func wait(until target: Int) async -> Bool {
        await count.wait { $0 == target }
    }

    /// Adds `delta` and wakes the waiters whose target is the new count.
    func add(_ delta: Int) {
        count.update { $0 += delta }
    }
}
