import Ports
import Presentation
import Synchronization

/// A text output that records every write, for checking what a presenter printed.
final class CapturingOutput: TextOutput {
    private let writes = Mutex<[String]>([])

    /// Each call to ``write(_:)``, in order.
    var chunks: [String] { writes.withLock { $0 } }

    /// Everything written, concatenated.
    var text: String { chunks.joined() }

    /// The text split into lines, without the final empty one.
    var lines: [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    func write(_ text: String) {
        writes.withLock { $0.append(text) }
    }
}
