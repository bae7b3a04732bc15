/// What a message may repeat of a text the user typed (an argument, a variable's value, a path).
public enum EchoedText {
    /// The text shortened to 40 characters (then `…`) and its control characters shown as `?`,
    /// safe to echo in a message.
    public static func quoted(_ text: String) -> String {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return visible.count > 40 ? visible.prefix(40) + "…" : visible
    }
}
