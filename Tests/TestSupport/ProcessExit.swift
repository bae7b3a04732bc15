import Foundation
import Registrations

/// The end of a started process, awaited without blocking a thread of the Swift concurrency
/// pool: the process's termination handler resumes a continuation.
///
/// The handler also notes when the process ended, on the thread that reaped it, so a test can
/// time a child (for example from Ctrl-C to its end) without counting the time its own task
/// waited for a thread of the pool while other tests ran.
public final class ProcessExit: Sendable {
    private struct State {
        var started = ContinuousClock.now
        var ended: ContinuousClock.Instant?
    }

    private let state = WaitableState(State())

    /// Installs the termination handler and starts `process` (see ``ProcessLaunch``).
    public init(starting process: ChildProcess) async throws {
        process.terminationHandler = { [self] _ in markExited() }
        let started = try await ProcessLaunch.run(process)
        state.update { $0.started = started }
    }

    /// When the process started (noted on the launch queue, right after it did).
    public var started: ContinuousClock.Instant { state.value.started }

    private func markExited() {
        let now = ContinuousClock.now
        state.update { $0.ended = now }
    }

    /// Returns once the process has ended (at once if it already has), with when it ended; or,
    /// when the waiting task is cancelled first (a test's time limit cancels it), at once with
    /// the time of the cancellation, so that a test past its limit ends instead of waiting for
    /// a child that never does.
    @discardableResult
    public func wait() async -> ContinuousClock.Instant {
        await state.wait { $0.ended != nil }
        return state.value.ended ?? ContinuousClock.now
    }

    /// Whether the process has ended.
    public var hasEnded: Bool { state.value.ended != nil }
}
