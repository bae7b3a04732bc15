import Synchronization

/// A flag any task or thread raises to end one task's wait on an ``EventLoop`` early, with no
/// descriptor of its own: how a WebSocket's users tell its I/O task that there is a frame to
/// write, a close to start or room for more messages.
///
/// Raising it ends the wait it is attached to (``EventLoop/wait(for:orWakeUp:until:)``); the
/// task's job then reaches the loop's thread through the loop's one wake-up pair, as any job
/// does. Raised while nothing waits, it stays raised, and the next wait returns at once. One task
/// waits on a flag at a time.
package final class WakeUpFlag: Sendable {
    private struct State {
        var raised = false
        /// The wait a raise ends: its loop and its id there.
        var waiting: (loop: EventLoop, id: UInt64)?
    }

    private let state = Mutex(State())

    package init() {}

    /// Raises the flag: ends the wait it is attached to, or else the next one.
    package func raise() {
        let waiting = state.withLock { state -> (loop: EventLoop, id: UInt64)? in
            state.raised = true
            defer { state.waiting = nil }
            return state.waiting
        }
        if let waiting { waiting.loop.wakeUp(waiting.id) }
    }

    /// Lowers the flag; whether it was raised.
    func take() -> Bool {
        state.withLock { state in
            defer { state.raised = false }
            return state.raised
        }
    }

    /// Attaches wait `id` on `loop`, so that a raise ends it; `false` (nothing attached) when
    /// the flag is raised already.
    func attach(_ id: UInt64, on loop: EventLoop) -> Bool {
        state.withLock { state in
            guard !state.raised else { return false }
            state.waiting = (loop, id)
            return true
        }
    }

    /// Detaches wait `id` once it has ended; whether the flag was raised meanwhile. `consume`
    /// lowers it (the wait reports it); otherwise it stays raised for the next wait.
    func detach(_ id: UInt64, consume: Bool) -> Bool {
        state.withLock { state in
            if state.waiting?.id == id { state.waiting = nil }
            defer { if consume { state.raised = false } }
            return state.raised
        }
    }
}
