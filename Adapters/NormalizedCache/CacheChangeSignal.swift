import Synchronization

/// Tells a cache's watchers that this process wrote records they read: each watcher registers
/// the record keys its last read reached, and a write wakes only the watchers whose keys it
/// touched (all of them when it does not say which). It also tells every watcher when another
/// process may have committed (``signalOtherProcess()``), for it to check.
final class CacheChangeSignal: Sendable {
    /// Why a wait ended.
    struct Wake: Equatable {
        /// This process wrote a record the watcher read.
        var touched = false
        /// Another process may have committed (the file monitor saw the database change).
        var otherProcess = false
    }

    private struct Watcher {
        var keys: Set<String>
        var pending = Wake()
        var continuation: Waiter?
        var isPending: Bool { pending.touched || pending.otherProcess }
    }

    /// A waiting watcher's continuation, boxed: a `Watcher` holding the continuation itself made
    /// every process that opens a cache look up `Never: Error` for its layout (0.2 M instructions).
    private final class Waiter: Sendable {
        let continuation: CheckedContinuation<Void, Never>
        init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
    }

    private struct State {
        var watchers: [Int: Watcher] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Watchers registered now.
    var watchers: Int { state.withLock { $0.watchers.count } }

    /// Registers a watcher that read `keys`; returns its id.
    func register(keys: Set<String>) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.watchers[state.nextID] = Watcher(keys: keys)
            return state.nextID
        }
    }

    /// Replaces the keys watcher `id` read.
    func update(_ id: Int, keys: Set<String>) {
        state.withLock { $0.watchers[id]?.keys = keys }
    }

    /// Removes watcher `id`, waking it if it waits.
    func unregister(_ id: Int) {
        let waiter = state.withLock { $0.watchers.removeValue(forKey: id)?.continuation }
        waiter?.continuation.resume()
    }

    /// Marks the watchers that read any of `keys` (every watcher for `nil`) and wakes them.
    func signal(keys: Set<String>?) {
        wake(\.touched) { watcher in keys.map { !$0.isDisjoint(with: watcher.keys) } ?? true }
    }

    /// Marks every watcher as having to check for another process's commit, and wakes them.
    func signalOtherProcess() {
        wake(\.otherProcess) { _ in true }
    }

    private func wake(_ reason: WritableKeyPath<Wake, Bool>, _ applies: (Watcher) -> Bool) {
        let woken = state.withLock { state in
            var woken: [Waiter] = []
            for (id, watcher) in state.watchers where applies(watcher) {
                state.watchers[id]?.pending[keyPath: reason] = true
                if let continuation = watcher.continuation {
                    woken.append(continuation)
                    state.watchers[id]?.continuation = nil
                }
            }
            return woken
        }
        for waiter in woken { waiter.continuation.resume() }
    }

    /// Returns once a write touched what watcher `id` read, or another process may have
    /// committed, since it last returned (which, it says); `nil` when the task is cancelled or
    /// the watcher is gone.
    func wait(_ id: Int) async -> Wake? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { state in
                    guard let watcher = state.watchers[id], !watcher.isPending, !Task.isCancelled else { return true }
                    state.watchers[id]?.continuation = Waiter(continuation)
                    return false
                }
                if ready { continuation.resume() }
            }
            return state.withLock { state -> Wake? in
                guard let pending = state.watchers[id]?.pending, pending != Wake() else { return nil }
                state.watchers[id]?.pending = Wake()
                return pending
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.watchers[id]?.continuation = nil }
                return state.watchers[id]?.continuation
            }
            waiter?.continuation.resume()
        }
    }
}
