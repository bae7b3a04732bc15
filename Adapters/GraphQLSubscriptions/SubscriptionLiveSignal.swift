import Synchronization

/// Whether a subscription is live yet: settled once, when the server confirms it has the
/// subscription, or with the error (or cancellation) that ended it first.
final class SubscriptionLiveSignal: Sendable {
    private enum State {
        case pending(CheckedContinuation<Void, any Error>?)
        case settled(Result<Void, any Error>)
    }

    private let state = Mutex(State.pending(nil))

    /// Whether ``settle(_:)`` was called.
    var isSettled: Bool {
        state.withLock { state in
            if case .settled = state { return true }
            return false
        }
    }

    /// Settles the signal with `result` (only the first call counts) and wakes the waiter;
    /// whether this call was the first.
    @discardableResult
    func settle(_ result: Result<Void, any Error>) -> Bool {
        let (first, waiter) = state.withLock { state -> (Bool, CheckedContinuation<Void, any Error>?) in
            guard case .pending(let waiter) = state else { return (false, nil) }
            state = .settled(result)
            return (true, waiter)
        }
        waiter?.resume(with: result)
        return first
    }

    /// Returns once the signal is settled with success; throws its error, or
    /// `CancellationError` when the waiting task is cancelled first. One waiter at a time.
    func wait() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let settled = state.withLock { state -> Result<Void, any Error>? in
                    switch state {
                    case .settled(let result): return result
                    case .pending: state = .pending(continuation)
                    }
                    return nil
                }
                if let settled { continuation.resume(with: settled) }
            }
        } onCancel: {
            settle(.failure(CancellationError()))
        }
    }
}
