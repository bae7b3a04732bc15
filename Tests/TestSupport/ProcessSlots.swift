import Foundation
import Synchronization

/// How many children ``ProcessRunner`` runs at once: four per core.
///
/// Swift Testing starts every test at once, and a test that awaits a child lets the next one
/// start, so without a bound a run begins with hundreds of debug binaries loading at the same
/// time on two cores. Only run-to-completion children take a slot (they always end, at the
/// latest at their deadline), so a test that keeps a child or a server running while it runs
/// others cannot wait on itself.
final class ProcessSlots: Sendable {
    static let shared = ProcessSlots(limit: max(4, 4 * ProcessInfo.processInfo.activeProcessorCount))

    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(limit: Int) {
        state = Mutex(State(free: limit))
    }

    /// Waits, holding no thread, until a slot is free, and takes it.
    func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a slot back (to the longest waiter, if any).
    func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
