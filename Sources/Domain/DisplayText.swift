/// Makes text that came from a server safe to show on a terminal: the one sanitiser for stdout
/// data, error messages and warnings alike.
public enum DisplayText {
    /// The most characters shown of one server-provided value unless told otherwise.
    public static let defaultLimit = 1_000

    /// The text with control characters (C0 including ESC, BEL, CR, LF and tab; DEL; C1) and
    /// bidirectional overrides and isolates replaced by U+FFFD, so that a server cannot restyle
    /// the terminal, set its title or break the layout; cut to `limit` characters, ending in
    /// `…` when cut.
    public static func sanitized(_ text: String, limit: Int = defaultLimit) -> String {
        let limit = max(1, limit)
        guard text.unicodeScalars.contains(where: isUnsafe) || text.utf8.count > limit else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        let clean = String(scalars)
        guard clean.count > limit else { return clean }
        return String(clean.prefix(limit - 1)) + "…"
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x061C || scalar.value == 0x200E || scalar.value == 0x200F
    }
}
