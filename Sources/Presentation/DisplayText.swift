/// Makes text that came from a server safe to show on a terminal: the one sanitiser for stdout
/// data, error messages and warnings alike.
public enum DisplayText {
    /// The most characters shown of one server-provided value unless told otherwise.
    public static let defaultLimit = 1_000

    /// The most UTF-8 bytes shown per character of the limit: a value cut at `limit`
    /// characters is also cut at `limit × 4` bytes (4,000 for ``defaultLimit``), the ellipsis
    /// included, so characters built of many code points cannot make it longer.
    public static let bytesPerCharacter = 4

    /// The most Unicode scalars one character (grapheme cluster) may have; a longer one (a
    /// letter under a flood of combining marks, thousands of emoji joined by zero-width
    /// joiners, a run of Hangul leading jamo or prepended marks) is shown as one U+FFFD.
    /// The longest emoji ZWJ sequences (families, flags with tags) have fewer than 16.
    public static let maximumScalarsPerCharacter = 32

    /// The text with control characters (C0 including ESC, BEL, CR, LF and tab; DEL; C1) and
    /// bidirectional overrides and isolates replaced by U+FFFD, so that a server cannot restyle
    /// the terminal, set its title or break the layout; characters of more than
    /// ``maximumScalarsPerCharacter`` scalars replaced by one U+FFFD; cut to `limit` characters
    /// and `limit` × ``bytesPerCharacter`` UTF-8 bytes, ending in `…` when cut.
    ///
    /// Linear in the text's length whatever its shape.
    public static func sanitized(_ text: String, limit: Int = defaultLimit) -> String {
        let limit = max(1, limit)
        let maximumBytes = limit * bytesPerCharacter
        // Short text of safe, short characters is shown as it is (the common case).
        if text.utf8.count <= limit, text.unicodeScalars.count <= maximumScalarsPerCharacter || text.utf8.count == text.count,
            !text.unicodeScalars.contains(where: isUnsafe)
        {
            return text
        }
        var clean = text
        if text.unicodeScalars.contains(where: isUnsafe) {
            var scalars = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                scalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
            }
            clean = String(scalars)
        }
        var kept: [Substring] = []
        var keptBytes = 0
        var cut = false
        var index = clean.startIndex
        while index < clean.endIndex {
            let next = clean.index(after: index)
            var piece = clean[index..<next]
            index = next
            if !piece.unicodeScalars.dropFirst(maximumScalarsPerCharacter).isEmpty { piece = "\u{FFFD}" }
            if kept.count == limit || keptBytes + piece.utf8.count > maximumBytes {
                cut = true
                break
            }
            kept.append(piece)
            keptBytes += piece.utf8.count
        }
        guard cut else { return kept.joined() }
        let ellipsis = "…"
        while let last = kept.last, kept.count > limit - 1 || keptBytes + ellipsis.utf8.count > maximumBytes {
            keptBytes -= last.utf8.count
            kept.removeLast()
        }
        return kept.joined() + ellipsis
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        return scalar.properties.generalCategory == .control
            || (0x202A...0x202E).contains(scalar.value)
            || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x061C || scalar.value == 0x200E || scalar.value == 0x200F
    }
}
