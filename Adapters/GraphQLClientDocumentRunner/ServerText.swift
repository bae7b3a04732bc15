import Domain
import GraphQLClient

/// The server's text made safe to print by the one sanitiser (``DisplayText``): one line, at
/// most 300 characters, ending with a full stop.
enum ServerText {
    static let maximumLength = 300

    static func sentence(_ text: String) -> String {
        var oneLine = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { oneLine.append(scalar == "\n" || scalar == "\t" ? " " : scalar) }
        var line = DisplayText.sanitized(String(oneLine).trimmingWhitespace, limit: maximumLength)
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
