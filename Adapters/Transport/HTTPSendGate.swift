import Synchronization

/// Work that must be done before a request's first byte is written, done while the session
/// connects instead of before: the sender binds a gate to ``current`` around the call that
/// sends and opens it when the work is done; the client's last link hands ``wait()`` to
/// ``HTTPSession/send(_:once:)``, so nothing of the request is written before the gate is open.
///
/// ``wasAwaited`` tells the sender whether anything honoured the gate: when nothing did, the
/// work may have been done after the request left.
public final class HTTPSendGate: Sendable {
    /// The gate of the request being sent in this task, if the sender set one.
    @TaskLocal public static var current: HTTPSendGate?

    private struct State {
        var isOpen = false
        var awaited = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Lets every waiter (and later ones) go on; called once the work is done.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until ``open()`` has been called (returns at once after it).
    public func wait() async {
        let isOpen = state.withLock { state in
            state.awaited = true
            return state.isOpen
        }
        guard !isOpen else { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state in
                if state.isOpen { return true }
                state.waiters.append(waiter)
                return false
            }
            if resumeNow { waiter.resume() }
        }
    }

    /// Whether a session has waited for the gate (before writing anything).
    public var wasAwaited: Bool { state.withLock { $0.awaited } }
}
