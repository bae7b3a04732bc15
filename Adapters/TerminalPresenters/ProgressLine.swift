import Ports
import Presentation
import Synchronization

/// A one-line progress report on a terminal (standard error), redrawn in place and cleared
/// at the end: `page 3 · 60 launches`.
///
/// Use one only when its output is a terminal: it writes a carriage return and the ANSI
/// "erase line" sequence, which mean nothing in a file.
public final class ProgressLine: Sendable {
    /// Carriage return, then erase to the end of the line.
    static let erase = "\r\u{1B}[K"

    private let output: any TextOutput
    private let shown = Mutex(false)

    /// Draws on `output`, which must be a terminal.
    public init(output: any TextOutput) {
        self.output = output
    }

    /// Replaces the line with `text` (no newline: the cursor stays on the line).
    public func show(_ text: String) {
        shown.withLock { shown in
            output.write(Self.erase + text)
            shown = true
        }
    }

    /// Erases the line if one is shown; safe to call from any thread, at any time (a signal).
    public func clear() {
        shown.withLock { shown in
            guard shown else { return }
            output.write(Self.erase)
            shown = false
        }
    }

    /// `page 3 · 60 launches`.
    static func launchesText(page: Int, launchCount: Int) -> String {
        "page \(page) · \(launchCount) launch\(launchCount == 1 ? "" : "es")"
    }
}
