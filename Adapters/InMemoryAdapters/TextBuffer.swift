import Ports
import Presentation
import Synchronization
import Registrations

/// A text output that keeps what is written, for tests: it can be closed like a pipe whose
/// reader went away, and a test can wait for text without polling.
public final class TextBuffer: TextOutput {
    private struct State {
        var text = ""
        var closedAfterWrites: Int?
        var writes = 0
        var waiters: [(id: Int, predicate: @Sendable (String) -> Bool, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextWaiter = 0
        /// Waits about to register; one cancelled before is refused.
        var arriving = PendingRegistrations<Int>()
    }

    private let storage = Mutex(State())

    public init() {}

    /// Everything written so far (before the output closed).
    public var text: String { storage.withLock { $0.text } }

    /// Whether the output has closed (see ``close(afterWrites:)``).
    public var isClosed: Bool {
        storage.withLock { state in state.closedAfterWrites.map { state.writes >= $0 } ?? false }
    }

    /// Closes the output once `count` more writes have arrived (0: now); later writes are dropped.
    public func close(afterWrites count: Int = 0) {
        storage.withLock { $0.closedAfterWrites = $0.writes + count }
    }

    public func write(_ text: String) {
        let woken = storage.withLock { state -> [CheckedContinuation<Bool, Never>] in
            if let limit = state.closedAfterWrites, state.writes >= limit { return [] }
            state.writes += 1
            state.text += text
            let current = state.text
            let ready = state.waiters.filter { $0.predicate(current) }.map(\.continuation)
            state.waiters.removeAll { $0.predicate(current) }
            return ready
        }
        for continuation in woken { continuation.resume(returning: true) }
    }

    /// Returns once the text written so far satisfies `predicate` (at once if it does now):
    /// `true`; `false` when the waiting task is cancelled first (a test's time limit cancels it).
    @discardableResult
    public func wait(until predicate: @escaping @Sendable (String) -> Bool) async -> Bool {
        let id = storage.withLock { state in
            defer { state.nextWaiter += 1 }
            state.arriving.issue(state.nextWaiter)
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let done = storage.withLock { state -> Bool? in
                    guard state.arriving.register(id) else { return false }
                    guard !predicate(state.text) else { return true }
                    state.waiters.append((id, predicate, continuation))
                    return nil
                }
                if let done { continuation.resume(returning: done) }
            }
        } onCancel: {
            let waiting = storage.withLock { state -> CheckedContinuation<Bool, Never>? in
                if state.arriving.cancel(id) { return nil }
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiting?.resume(returning: false)
        }
    }
}
