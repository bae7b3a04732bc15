/// Makes text from the server safe to print on a terminal.
enum DisplayText {
    /// Shown where a value is missing in a table.
    static let missing = "—"
    /// Shown where a value is missing in a labelled block.
    static let unknown = "unknown"

    /// The text with control characters (escape sequences, newlines, tabs) and bidirectional
    /// overrides replaced by U+FFFD, so that a server cannot restyle the terminal or break the layout.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
    }
}
