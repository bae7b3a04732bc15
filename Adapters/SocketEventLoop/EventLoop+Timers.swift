import Synchronization

/// Work the loop's thread runs at a deadline, on the loop's one clock, and its cancellation.
extension EventLoop {
    /// A timer set with ``schedule(at:_:)``, to cancel it before it runs.
    package struct ScheduledTimer: Sendable, Hashable {
        let id: UInt64
    }

    /// Runs `action` on the loop's thread once `deadline` has passed; it must be short and
    /// must not wait.
    ///
    /// Throws ``EventLoopError`` when the loop has been shut down (nothing will run).
    @discardableResult
    package func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping @Sendable () -> Void) throws(EventLoopError) -> ScheduledTimer {
        enum Outcome { case set(ScheduledTimer, wake: Bool, start: Bool), refused }
        let outcome = state.withLock { state -> Outcome in
            guard state.lifecycle.accepts else { return .refused }
            let id = state.nextID
            state.nextID += 1
            state.actions[id] = action
            state.timers.push(deadline, id)
            return .set(ScheduledTimer(id: id), wake: Self.needsWake(state, for: deadline), start: Self.claimStart(&state))
        }
        guard case .set(let timer, let wake, let start) = outcome else { throw .shutDown(.timer) }
        if start { startThread() }
        if wake { signal() }
        return timer
    }

    /// Takes `timer` out before it runs: `true` when it had not run (its action never will),
    /// `false` when it has run or is running now.
    @discardableResult
    package func cancel(_ timer: ScheduledTimer) -> Bool {
        state.withLock { state in
            guard state.actions.removeValue(forKey: timer.id) != nil else { return false }
            state.timers.remove(timer.id)
            return true
        }
    }
}
