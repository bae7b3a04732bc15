import Synchronization

/// Tells a cache's watchers that this process wrote: a version that every write raises, and
/// waits (cancellable) for it to move; also counts the watchers alive.
final class CacheChangeSignal: Sendable {
    private struct State {
        var version: UInt64 = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var cancelled: Set<Int> = []
        var nextID = 0
        var watchers = 0
    }

    private let state = Mutex(State())

    /// The writes counted so far.
    var version: UInt64 { state.withLock { $0.version } }

    /// Watchers alive now.
    var watchers: Int { state.withLock { $0.watchers } }

    /// Counts a watcher in (`+1`) or out (`-1`).
    func countWatcher(_ delta: Int) {
        state.withLock { $0.watchers += delta }
    }

    /// Counts a write and wakes every waiter.
    func signal() {
        let waiters = state.withLock { state in
            state.version &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the version is no longer `version`, or the task is cancelled.
    func wait(after version: UInt64) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.version != version || state.cancelled.remove(id) != nil { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                guard let waiter = state.waiters.removeValue(forKey: id) else {
                    state.cancelled.insert(id)
                    return nil as CheckedContinuation<Void, Never>?
                }
                return waiter
            }
            waiter?.resume()
        }
    }
}
