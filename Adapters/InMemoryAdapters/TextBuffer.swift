import Ports
import Presentation
import Registrations

/// A text output that keeps what is written, for tests: it can be closed like a pipe whose
/// reader went away, and a test can wait for text without polling.
public final class TextBuffer: TextOutput {
    private struct State {
        var text = ""
        var closedAfterWrites: Int?
        var writes = 0
    }

    private let storage = WaitableState(State())

    public init() {}

    /// Everything written so far (before the output closed).
    public var text: String { storage.value.text }

    /// Whether the output has closed (see ``close(afterWrites:)``).
    public var isClosed: Bool {
        let state = storage.value
        return state.closedAfterWrites.map { state.writes >= $0 } ?? false
    }

    /// Closes the output once `count` more writes have arrived (0: now); later writes are dropped.
    public func close(afterWrites count: Int = 0) {
        storage.update { $0.closedAfterWrites = $0.writes + count }
    }

    public func write(_ text: String) {
        storage.update { state in
            if let limit = state.closedAfterWrites, state.writes >= limit { return }
            state.writes += 1
            state.text += text
        }
    }

    /// Returns once the text written so far satisfies `predicate` (at once if it does now):
    /// `true`; `false` when the waiting task is cancelled first (a test's time limit cancels it).
    @discardableResult
    public func wait(until predicate: @escaping @Sendable (String) -> Bool) async -> Bool {
        await storage.wait { predicate($0.text) }
    }
}
