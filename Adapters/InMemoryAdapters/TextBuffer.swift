import Ports
import Presentation
import Synchronization

/// A text output that keeps what is written, for tests: it can be closed like a pipe whose
/// reader went away, and a test can wait for text without polling.
public final class TextBuffer: TextOutput {
    private struct State {
        var text = ""
        var closedAfterWrites: Int?
        var writes = 0
        var waiters: [(predicate: @Sendable (String) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []
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
        let woken = storage.withLock { state -> [CheckedContinuation<Void, Never>] in
            if let limit = state.closedAfterWrites, state.writes >= limit { return [] }
            state.writes += 1
            state.text += text
            let current = state.text
            let ready = state.waiters.filter { $0.predicate(current) }.map(\.continuation)
            state.waiters.removeAll { $0.predicate(current) }
            return ready
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns once the text written so far satisfies `predicate` (at once if it does now).
    public func wait(until predicate: @escaping @Sendable (String) -> Bool) async {
        await withCheckedContinuation { continuation in
            let done = storage.withLock { state in
                guard !predicate(state.text) else { return true }
                state.waiters.append((predicate, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }
}
