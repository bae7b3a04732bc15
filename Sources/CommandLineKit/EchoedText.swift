/// What a message may repeat of a text the user typed (an argument, a variable's value, a path).
public enum EchoedText {
    /// The text shortened to 40 characters (then `…`) and its control characters shown as `?`,
    /// safe to echo in a message.
    public static func quoted(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { scalars.append(scalar.properties.generalCategory == .control ? "?" : scalar) }
        let visible = String(scalars)
        return visible.count > 40 ? visible.prefix(40) + "…" : visible
    }
}
