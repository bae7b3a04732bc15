/// Text from a server as one sentence to show: the one place where a server's message becomes a
/// line of ours.
///
/// Adapters pass a server's words as it sent them (bounded in length); a front end words them
/// here, at the edge that prints them.
public enum ServerText {
    /// The most characters of a server's message shown.
    public static let maximumLength = 300

    /// `text` on one line (each run of spaces, tabs and line breaks becomes one space), trimmed,
    /// made safe by the one sanitiser (``DisplayText``), at most ``maximumLength`` characters,
    /// ending with a full stop (or the `!`, `?` or `…` it ended with); "(no message)." when
    /// nothing is left. For text printed as it is.
    public static func sentence(_ text: String) -> String {
        var line = DisplayText.sanitized(oneLine(text), limit: maximumLength)
        if line.isEmpty { line = "(no message)" }
        return line.hasSuffix(".") || line.hasSuffix("!") || line.hasSuffix("?") || line.hasSuffix("…") ? line : line + "."
    }

    /// `text` on one line, trimmed and cut to ``maximumLength`` characters (ending in `…` when
    /// cut), but not yet sanitised: for a message that goes into a longer one which the edge
    /// that prints it sanitises whole (the CLI's failure sentences).
    public static func line(_ text: String) -> String {
        let line = oneLine(text)
        let kept = line.prefix(maximumLength)
        return kept.endIndex == line.endIndex ? line : String(kept.dropLast()) + "…"
    }

    /// `text` with each run of spaces, tabs and line breaks as one space, trimmed.
    private static func oneLine(_ text: String) -> String {
        var oneLine = String.UnicodeScalarView()
        var afterSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace
            if !(isSpace && afterSpace) { oneLine.append(isSpace ? " " : scalar) }
            afterSpace = isSpace
        }
        return String(oneLine).trimmingWhitespace
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
