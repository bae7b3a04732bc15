/// How many terminal cells text takes, measured per grapheme cluster (Character).
///
/// East Asian Wide and Fullwidth characters and emoji (emoji presentation, text made emoji by
/// U+FE0F, ZWJ sequences, flags, skin tones) take 2 cells; combining marks, format characters
/// (zero-width joiner, bidi marks) and variation selectors take 0; everything else takes 1.
///
/// An emoji cluster is as wide as its widest scalar, so a family joined by zero-width joiners
/// is 2, as terminals that follow Unicode's emoji rules draw it, up to
/// ``maximumJoinedEmoji`` emoji (the longest sequences Unicode names); a longer chain is
/// measured as the sum of its emoji, as a terminal that draws each emoji on its own fills it.
/// Any other cluster is the sum of its scalars' widths (what terminals that measure each code
/// point draw): `é` (e + U+0301) is 1, a Hangul syllable of conjoining jamo is 2, and a run of
/// leading jamo or prepended letters is not counted as one character. The measure never says
/// less than a terminal fills, so a cut value fits its column.
public enum TerminalCellWidth {
    /// The ellipsis that ends truncated text; it takes 1 cell.
    public static let ellipsis: Character = "…"

    /// The cells `text` takes.
    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The most emoji one ZWJ sequence may join and still be measured as one emoji (2 cells).
    public static let maximumJoinedEmoji = 4

    /// The cells one grapheme cluster takes: 0, 1 or 2 for ordinary text and emoji; more for a
    /// long ZWJ chain or a cluster of several spacing scalars.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        if character.isASCII { return scalars.first.map { $0.value >= 0x20 && $0.value != 0x7F ? 1 : 0 } ?? 0 }
        guard scalars.first?.properties.isEmoji == true, scalars.contains(where: isEmojiMark) else {
            return scalars.reduce(0) { $0 + of($1) }
        }
        var components = 0
        var cells = 0
        var component = Substring.UnicodeScalarView()
        for scalar in scalars {
            if scalar == "\u{200D}" {
                cells += emojiWidth(component)
                components += 1
                component = Substring.UnicodeScalarView()
            } else {
                component.append(scalar)
            }
        }
        cells += emojiWidth(component)
        components += 1
        return components <= maximumJoinedEmoji ? min(cells, 2) : cells
    }

    /// Scalars that make a cluster an emoji sequence: emoji presentation, U+FE0F, the zero-width joiner.
    private static func isEmojiMark(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isEmojiPresentation || scalar == "\u{FE0F}" || scalar == "\u{200D}"
    }

    /// One emoji of a sequence (with its modifiers and selectors): 2 when it is shown as emoji,
    /// else its widest scalar.
    private static func emojiWidth(_ scalars: Substring.UnicodeScalarView) -> Int {
        // U+FE0F after an emoji that is text by default (❤️, 1️⃣) asks for emoji presentation.
        if scalars.count > 1, scalars.first?.properties.isEmoji == true, scalars.contains("\u{FE0F}") { return 2 }
        return scalars.reduce(0) { max($0, of($1)) }
    }

    /// The text cut to at most `cells` cells, ending in "…" when anything was cut; whole grapheme
    /// clusters only. Text that fits is returned as it is. Stops reading at the first cluster
    /// past `cells`, so cutting a 10 MB value to a column costs the column, not the value.
    public static func truncated(_ text: String, toCells cells: Int) -> String {
        var used = 0
        // Where the text would be cut (room left for the ellipsis), once known.
        var cutEnd = text.startIndex
        for index in text.indices {
            let width = of(text[index])
            if used + width <= cells - 1 { cutEnd = text.index(after: index) }
            used += width
            if used > cells {
                guard cells > 0 else { return "" }
                return String(text[..<cutEnd]) + String(ellipsis)
            }
        }
        return text
    }

    /// The cells a lone scalar takes.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .control, .lineSeparator, .paragraphSeparator:
            return 0
        case .format:
            return scalar.value == 0xAD ? 1 : 0  // the soft hyphen shows as a hyphen
        default:
            break
        }
        if (0x1160...0x11FF).contains(scalar.value) { return 0 }  // Hangul medial vowels, final consonants
        if properties.isEmojiPresentation || EastAsianWide.contains(scalar.value) { return 2 }
        return 1
    }
}
