import Ports
import Presentation
import Synchronization

/// A text output that keeps what is written, for tests.
public final class TextBuffer: TextOutput {
    private let storage = Mutex("")

    public init() {}

    /// Everything written so far.
    public var text: String { storage.withLock { $0 } }

    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }
}
