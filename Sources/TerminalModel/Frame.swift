/// A full screen of cells, `width` × `height`, built by a screen and written by a terminal.
///
/// Text is put with ``put(_:row:column:style:maxWidth:)``, which measures it as the commands do
/// (``TerminalCellWidth``), never writes past the frame or the given width, and never stores a
/// control character: anything below U+0020, DEL, C1 controls and text of no width are dropped
/// or shown as U+FFFD, so no frame can carry an escape sequence to the terminal.
public struct Frame: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Row-major cells, `width × height` of them.
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Writes `text` from (`row`, `column`) in `style`, at most `maxWidth` cells (to the frame's
    /// right edge when `nil`), cutting it with "…" when it does not fit. Returns the cells used.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: TextStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard row >= 0, row < height, column >= 0, column < width else { return 0 }
        let room = min(width - column, maxWidth ?? (width - column))
        guard room > 0 else { return 0 }
        if let written = putPrintableASCII(text, at: row * width + column, room: room, style: style) { return written }
        let shown = TerminalCellWidth.truncated(text, toCells: room)
        var at = column
        for character in shown {
            let safe = Self.drawable(character)
            let cells = TerminalCellWidth.of(safe)
            guard cells > 0 else { continue }
            guard at + cells <= column + room else { break }
            self.cells[row * width + at] = Cell(safe, style: style)
            if cells == 2 { self.cells[row * width + at + 1] = .continuation(style) }
            at += cells
        }
        // A wide character cut in half by this write leaves no orphaned half behind.
        if at < width, at > column, self.cells[row * width + at].character == nil {
            self.cells[row * width + at] = Cell(" ", style: self.cells[row * width + at].style)
        }
        if column > 0, self.cells[row * width + column - 1].character.map(TerminalCellWidth.of) == 2,
            self.cells[row * width + column].character != nil
        {
            self.cells[row * width + column - 1] = Cell(" ", style: self.cells[row * width + column - 1].style)
        }
        return at - column
    }

    /// The fast way for the common text, printable ASCII that fits: one cell per byte, nothing
    /// to measure or cut. `nil` (nothing written) for any other text. A wide character that the
    /// write covers half of is blanked as ``put(_:row:column:style:maxWidth:)`` does.
    private mutating func putPrintableASCII(_ text: String, at start: Int, room: Int, style: TextStyle) -> Int? {
        let utf8 = text.utf8
        guard utf8.count <= room, utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
        let column = start % width
        if column > 0, !utf8.isEmpty, cells[start - 1].character.map(TerminalCellWidth.of) == 2 {
            cells[start - 1] = Cell(" ", style: cells[start - 1].style)
        }
        var at = start
        for byte in utf8 {
            cells[at] = Cell(Character(Unicode.Scalar(byte)), style: style)
            at += 1
        }
        let end = column + utf8.count
        if end < width, end > column, cells[at].character == nil {
            cells[at] = Cell(" ", style: cells[at].style)
        }
        return utf8.count
    }

    /// Fills `count` cells of `row` from `column` with spaces in `style` (a highlighted row's background).
    public mutating func fill(row: Int, column: Int = 0, count: Int? = nil, style: TextStyle = .plain) {
        guard row >= 0, row < height, column >= 0, column < width else { return }
        let end = min(width, column + (count ?? width))
        for at in column..<end { cells[row * width + at] = Cell(" ", style: style) }
    }

    /// The frame's text, one line per row, trailing spaces kept (for tests and plain dumps).
    public var lines: [String] {
        (0..<height).map { row in
            String((0..<width).compactMap { self[row, $0].character })
        }
    }

    /// The character as it may be drawn: controls and clusters wider than two cells become U+FFFD.
    static func drawable(_ character: Character) -> Character {
        if character.unicodeScalars.contains(where: isControl) { return "\u{FFFD}" }
        return TerminalCellWidth.of(character) > 2 ? "\u{FFFD}" : character
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
