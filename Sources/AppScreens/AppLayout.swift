import TerminalModel

/// Where the screens' parts go at a terminal size; the reducer scrolls lists by it and the
/// renderer draws by it.
///
/// Row 0 is the title (or the banner), the last row the status line, the row above it the
/// message line; lists have a header row under the title.
public struct AppLayout: Hashable, Sendable {
    /// The smallest window the screens are drawn in; smaller ones get ``tooSmallMessage``.
    public static let minimum = TerminalSize(columns: 40, rows: 12)
    /// The one line a too-small window shows.
    public static let tooSmallMessage = "Make the window at least \(minimum.columns)×\(minimum.rows)."

    public let size: TerminalSize

    public init(size: TerminalSize) {
        self.size = size
    }

    /// Whether the window is below ``minimum`` in either direction.
    public var isTooSmall: Bool {
        size.columns < Self.minimum.columns || size.rows < Self.minimum.rows
    }

    /// The row of the title or banner.
    var titleRow: Int { 0 }
    /// A list's column headers.
    var headerRow: Int { 1 }
    /// The first row of a list's entries or a screen's body.
    var bodyTop: Int { 2 }
    /// The rows a list shows at once.
    public var listRows: Int { max(1, size.rows - 4) }
    /// The message line: errors and news of finished actions.
    var messageRow: Int { size.rows - 2 }
    /// The status line: host, who is logged in, offline.
    var statusRow: Int { size.rows - 1 }
}
