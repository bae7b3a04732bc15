/// Text from a server as one sentence to show: the one place where a server's message becomes a
/// line of ours.
public enum ServerText {
    /// The most characters of a server's message shown.
    public static let maximumLength = 300

    /// `text` on one line (each run of spaces, tabs and line breaks becomes one space), trimmed, made safe by the one
    /// sanitiser (``DisplayText``), at most ``maximumLength`` characters, ending with a full stop
    /// (or the `!`, `?` or `…` it ended with); "(no message)." when nothing is left.
    public static func sentence(_ text: String) -> String {
        var oneLine = String.UnicodeScalarView()
        var afterSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace
            if !(isSpace && afterSpace) { oneLine.append(isSpace ? " " : scalar) }
            afterSpace = isSpace
        }
        var line = DisplayText.sanitized(String(oneLine).trimmingWhitespace, limit: maximumLength)
        if line.isEmpty { line = "(no message)" }
        return line.hasSuffix(".") || line.hasSuffix("!") || line.hasSuffix("?") || line.hasSuffix("…") ? line : line + "."
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
