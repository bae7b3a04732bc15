import GraphQLClient

/// The server's text made safe to print: control characters and bidirectional overrides
/// replaced by U+FFFD, one line, at most 300 characters, ending with a full stop.
enum ServerText {
    static let maximumLength = 300

    static func sentence(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let unsafe = scalar.properties.generalCategory == .control
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            scalars.append(scalar == "\n" || scalar == "\t" ? " " : unsafe ? "\u{FFFD}" : scalar)
        }
        var line = String(scalars).trimmingWhitespace
        if line.count > maximumLength { line = line.prefix(maximumLength - 1) + "…" }
        if line.isEmpty { line = "(no message)" }
        return line.hasSuffix(".") || line.hasSuffix("!") || line.hasSuffix("?") ? line : line + "."
    }

    /// One of the server's errors as a sentence, with the path of the field it is about.
    static func sentence(_ error: GraphQLError) -> String {
        let place = error.path.isEmpty ? "" : " (at \(sentenceFree(error.path.joined(separator: "."))))"
        let message = sentence(error.message)
        return String(message.dropLast()) + place + String(message.suffix(1))
    }

    private static func sentenceFree(_ text: String) -> String {
        String(sentence(text).dropLast().prefix(80))
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
