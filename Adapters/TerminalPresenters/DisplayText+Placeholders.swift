import Domain
import Presentation

extension DisplayText {
    /// Shown where a value is missing in a table.
    static let missing = "—"
    /// Shown where a value is missing in a labelled block.
    static let unknown = "unknown"
}
