import GraphQLClient
import Presentation

extension ServerText {
    /// One of the server's errors as a sentence (see ``ServerText/sentence(_:)-(String)``),
    /// with the path of the field it is about.
    static func sentence(_ error: GraphQLError) -> String {
        let place = error.path.isEmpty ? "" : " (at \(sentenceFree(error.path.joined(separator: "."))))"
        let message = sentence(error.message)
        return String(message.dropLast()) + place + String(message.suffix(1))
    }

    private static func sentenceFree(_ text: String) -> String {
        String(sentence(text).dropLast().prefix(80))
    }
}
