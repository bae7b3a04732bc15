/// ANSI styling for terminal text, or none at all when colour is off.
struct TerminalStyle: Sendable {
    /// A way to set text apart.
    enum Emphasis: String, Sendable {
        case bold = "1"
        case dim = "2"
        case red = "31"
        case green = "32"
    }

    /// Whether any escape sequence may be written.
    let colorEnabled: Bool

    /// The text wrapped in the emphasis's escape sequences, or the text alone when colour is off.
    func apply(_ emphasis: Emphasis?, to text: String) -> String {
        guard colorEnabled, let emphasis, !text.isEmpty else { return text }
        return "\u{1B}[\(emphasis.rawValue)m\(text)\u{1B}[0m"
    }
}
