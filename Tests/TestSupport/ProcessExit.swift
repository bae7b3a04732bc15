import Foundation
import Synchronization

/// The end of a started process, awaited without blocking a thread: the process's termination
/// handler resumes a continuation (no `waitUntilExit`, which would hold a thread of the Swift
/// concurrency pool for as long as the child runs).
public final class ProcessExit: Sendable {
    private struct State {
        var exited = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// Installs the termination handler and starts `process`.
    public init(starting process: Process) throws {
        process.terminationHandler = { [self] _ in markExited() }
        try process.run()
    }

    private func markExited() {
        let waiters = state.withLock { state in
            state.exited = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the process has ended (at once if it already has).
    public func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.exited { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
