import SystemErrorText

extension HTTPTransportError {
    /// The system's words for `errno`, starting lower-case to sit inside a sentence
    /// ("connection reset by peer"), or "error N" when the system has none.
    public static func systemErrorText(_ errno: Int32) -> String {
        let text = SystemErrorText.describe(errno)
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
