import TerminalModel

/// What one cell of a frame shows on the terminal, made safe to write.
///
/// A frame never holds a control character (``Frame`` refuses them), but the writer does not
/// rely on it: a cluster with a control, bidi override or no width is drawn as U+FFFD, a wide
/// character without its continuation cell (or at the right edge) as a space, and a
/// continuation cell without its wide character as a space.
struct Glyph: Equatable {
    /// The text drawn from this cell; `nil` when the wide character to the left covers it.
    let character: Character?
    /// 2 for a wide character (it covers the next cell), 1 otherwise, 0 when covered.
    let width: Int
    let style: TextStyle

    static let covered = Glyph(character: nil, width: 0, style: .plain)
    static let blank = Glyph(character: " ", width: 1, style: .plain)

    /// The glyphs of `row` of `frame`; without `colors`, styles lose their foreground colour.
    static func row(_ row: Int, of frame: Frame, colors: Bool) -> [Glyph] {
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(frame.width)
        for column in 0..<frame.width {
            let cell = frame[row, column]
            var style = cell.style
            if !colors { style.foreground = nil }
            guard let character = cell.character else {
                glyphs.append(glyphs.last?.width == 2 ? .covered : Glyph(character: " ", width: 1, style: style))
                continue
            }
            let safe = drawable(character)
            let width = TerminalCellWidth.of(safe)
            if width == 2 {
                let continued = column + 1 < frame.width && frame[row, column + 1].character == nil
                glyphs.append(Glyph(character: continued ? safe : " ", width: continued ? 2 : 1, style: style))
            } else {
                glyphs.append(Glyph(character: safe, width: 1, style: style))
            }
        }
        return glyphs
    }

    /// `character` as it may be written: one that holds a control, or would take no cell or
    /// more than two, is U+FFFD.
    static func drawable(_ character: Character) -> Character {
        if character.unicodeScalars.contains(where: isControl) { return "\u{FFFD}" }
        let width = TerminalCellWidth.of(character)
        return width == 0 || width > 2 ? "\u{FFFD}" : character
    }

    /// C0 and C1 controls, DEL, and the bidi embeddings, overrides and isolates (they would
    /// reorder the rest of the line).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
