import Synchronization

/// Work that must be done before a request's first byte is written, done while the session
/// connects instead of before: the sender binds a gate to ``current`` around the call that
/// sends and opens it when the work is done; the client's last link hands ``wait()`` to
/// ``HTTPSession/send(_:once:)``, so nothing of the request is written before the gate is open.
///
/// The work starts once the session is under way (``waitUntilUnderWay()``): a session that
/// connects on a thread of its own says so (``sessionIsUnderWay()``) as soon as that thread has
/// the exchange, and any session is under way once it waits for the gate. Started sooner, on a
/// single-threaded executor, the work could run before the session had begun to connect, and
/// nothing would overlap.
///
/// ``wasAwaited`` tells the sender whether anything honoured the gate: when nothing did, the
/// work may have been done after the request left.
public final class HTTPSendGate: Sendable {
    /// The gate of the request being sent in this task, if the sender set one.
    @TaskLocal public static var current: HTTPSendGate?

    private struct State {
        var isOpen = false
        var awaited = false
        var underWay = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var starters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Lets every waiter (and later ones) go on; called once the work is done.
    public func open() {
        release { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
    }

    /// Says that the request's session is connecting (or that the request is over): the work
    /// the gate stands for may start now without delaying the session. Later calls do nothing.
    public func sessionIsUnderWay() {
        release { state in
            state.underWay = true
            defer { state.starters = [] }
            return state.starters
        }
    }

    /// Waits until ``sessionIsUnderWay()`` has been called or a session waits for the gate.
    public func waitUntilUnderWay() async {
        await suspend(until: { $0.underWay }, queueing: { $0.starters.append($1) })
    }

    /// Waits until ``open()`` has been called (returns at once after it); the session is under way from here.
    public func wait() async {
        sessionIsUnderWay()
        state.withLock { $0.awaited = true }
        await suspend(until: { $0.isOpen }, queueing: { $0.waiters.append($1) })
    }

    /// Whether ``open()`` has been called.
    public var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Whether a session has waited for the gate (before writing anything).
    public var wasAwaited: Bool { state.withLock { $0.awaited } }

    /// Sets a flag under the lock with `take`, which hands back the tasks queued for it, and resumes them.
    private func release(_ take: (inout State) -> [CheckedContinuation<Void, Never>]) {
        for task in state.withLock({ take(&$0) }) { task.resume() }
    }

    /// Returns once `isSet` holds, queueing the task with `queue` until then.
    private func suspend(
        until isSet: (State) -> Bool, queueing queue: (inout State, CheckedContinuation<Void, Never>) -> Void
    ) async {
        guard !state.withLock({ isSet($0) }) else { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if isSet(state) { return true }
                queue(&state, waiter)
                return false
            }
            if resumeNow { waiter.resume() }
        }
    }
}
