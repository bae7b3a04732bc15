import Synchronization

/// A value behind a lock that tasks can wait on, without polling, until it meets a condition.
///
/// A wait returns `true` once its condition holds (at once if it holds now), or `false` when its
/// task is cancelled first, so that a condition that never comes fails an expectation instead of
/// waiting for ever (a test's time limit cancels the task). A wait cancelled before it was
/// registered is settled by ``PendingRegistrations``. Every change made through ``update(_:)``
/// resumes the waits whose condition the new value meets.
package final class WaitableState<Value: Sendable>: Sendable {
    private struct Waiter {
        let condition: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var value: Value
        var waiters: [Int: Waiter] = [:]
        /// Waits about to register; one cancelled before is refused.
        var arriving = PendingRegistrations<Int>()
    }

    private let state: Mutex<State>

    package init(_ value: Value) {
        state = Mutex(State(value: value))
    }

    /// The value now.
    package var value: Value {
        state.withLock { $0.value }
    }

    /// Changes the value with `body`, then resumes the waits whose condition it now meets.
    @discardableResult
    package func update<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
        let (result, woken) = state.withLock { state -> (Result, [CheckedContinuation<Bool, Never>]) in
            let result = body(&state.value)
            let value = state.value
            let met = state.waiters.filter { $0.value.condition(value) }
            for id in met.keys { state.waiters[id] = nil }
            return (result, met.values.map(\.continuation))
        }
        for continuation in woken { continuation.resume(returning: true) }
        return result
    }

    /// Returns once the value meets `condition` (at once if it does now): `true`; `false` when
    /// the waiting task is cancelled first.
    @discardableResult
    package func wait(until condition: @escaping @Sendable (Value) -> Bool) async -> Bool {
        let id = state.withLock { $0.arriving.issueNext() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let settled = state.withLock { state -> Bool? in
                    guard state.arriving.register(id) else { return false }
                    guard !condition(state.value) else { return true }
                    state.waiters[id] = Waiter(condition: condition, continuation: continuation)
                    return nil
                }
                if let settled { continuation.resume(returning: settled) }
            }
        } onCancel: {
            let waiting = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                if state.arriving.cancel(id) { return nil }
                return state.waiters.removeValue(forKey: id)?.continuation
            }
            waiting?.resume(returning: false)
        }
    }

    /// How many waits are registered and not resumed yet.
    package var waitingCount: Int {
        state.withLock { $0.waiters.count }
    }
}
