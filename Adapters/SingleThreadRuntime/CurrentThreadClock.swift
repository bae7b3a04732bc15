import Synchronization

/// The continuous clock, with sleeps woken by a ``CurrentThreadExecutor``'s thread instead of
/// a Dispatch timer (which starts two or three threads of its own).
///
/// A sleep ends only while the executor's ``CurrentThreadExecutor/run(_:)`` runs.
package struct CurrentThreadClock: Clock {
    package typealias Instant = ContinuousClock.Instant

    private let executor: CurrentThreadExecutor

    init(executor: CurrentThreadExecutor) {
        self.executor = executor
    }

    package var now: Instant { ContinuousClock.now }

    package var minimumResolution: Duration { .milliseconds(1) }

    /// Suspends until `deadline`; throws `CancellationError` at once when the task is cancelled.
    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let sleep = PendingSleep()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if sleep.start(continuation) {
                    executor.schedule(sleep, at: deadline)
                } else {
                    continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            if sleep.cancel() { executor.unschedule(sleep) }
        }
    }
}

/// One sleep of a ``CurrentThreadClock``: ended exactly once, by its timer or by cancellation.
final class PendingSleep: Sendable {
    private enum Phase {
        case new
        case waiting(CheckedContinuation<Void, any Error>)
        case cancelled
        case ended
    }

    private let phase = Mutex(Phase.new)

    /// Starts waiting with `continuation`; `false` when the sleep was cancelled before.
    func start(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
        phase.withLock { phase in
            guard case .new = phase else { return false }
            phase = .waiting(continuation)
            return true
        }
    }

    /// Ends the sleep because its time has come.
    func finish() {
        end(as: .ended)?.resume()
    }

    /// Ends the sleep by cancellation; `true` when it was waiting (its timer is then obsolete).
    func cancel() -> Bool {
        guard let continuation = end(as: .cancelled) else { return false }
        continuation.resume(throwing: CancellationError())
        return true
    }

    private func end(as final: Phase) -> CheckedContinuation<Void, any Error>? {
        phase.withLock { phase in
            switch phase {
            case .new:
                phase = final
                return nil
            case .waiting(let continuation):
                phase = final
                return continuation
            case .cancelled, .ended:
                return nil
            }
        }
    }
}
