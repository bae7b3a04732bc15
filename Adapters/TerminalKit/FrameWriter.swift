import TerminalModel

/// The bytes that turn the frame a terminal shows into the next one: only the cells that changed.
///
/// Without a previous frame, or when the size changed, the screen is erased and every cell
/// that is not blank is written. Otherwise each changed cell is written where it is: the
/// cursor is moved only when it is not already there (a short gap of unchanged cells in the
/// current style is written over instead), the style is set only when it changes, and a row
/// whose changed tail is all blank is erased to its end. The style is reset at the end, so
/// the terminal is in its plain style between writes. Moving a reverse-video selection one row
/// in an 80 × 24 list writes under 200 bytes.
///
/// Nothing of a cell's text can reach the terminal as a control: see ``Glyph``.
public struct FrameWriter: Sendable {
    /// Whether foreground colours are written; without them (`NO_COLOR`) attributes still are.
    public var colors: Bool

    public init(colors: Bool = true) {
        self.colors = colors
    }

    /// The bytes that change the screen from `previous` (what it shows; `nil` when unknown) to `next`.
    public func bytes(from previous: Frame?, to next: Frame) -> [UInt8] {
        var output = Output()
        let full = previous.map { $0.width != next.width || $0.height != next.height } ?? true
        if full {
            output.bytes.append(contentsOf: ControlSequences.clearScreen)
            output.cursor = (0, 0)
        }
        let blankRow = [Glyph](repeating: .blank, count: next.width)
        for row in 0..<next.height {
            // A row whose cells are the same as before writes nothing: most rows, on most keys.
            if !full, let previous, Self.sameCells(row, previous, next) { continue }
            let now = Glyph.row(row, of: next, colors: colors)
            let before = full ? blankRow : previous.map { Glyph.row(row, of: $0, colors: colors) } ?? blankRow
            write(row: row, from: before, to: now, into: &output)
        }
        if output.style != .plain { ControlSequences.setStyle(.plain, into: &output.bytes) }
        return output.bytes
    }

    /// Whether `row` holds the same cells in both frames (of one size).
    private static func sameCells(_ row: Int, _ previous: Frame, _ next: Frame) -> Bool {
        let cells = row * next.width..<(row + 1) * next.width
        return previous.cells[cells].elementsEqual(next.cells[cells])
    }

    /// What has been written so far and where it left the terminal.
    private struct Output {
        var bytes: [UInt8] = []
        /// Where the cursor is, when known (after the last column it is not: the terminal may wrap).
        var cursor: (row: Int, column: Int)?
        /// The style the terminal draws in now.
        var style = TextStyle.plain
    }

    /// A gap of unchanged cells at most this long is written over rather than jumped with a
    /// cursor move (which takes 6–8 bytes).
    private static let longestGapWritten = 4

    private func write(row: Int, from before: [Glyph], to now: [Glyph], into output: inout Output) {
        let width = now.count
        var changed = zip(before, now).map { $0 != $1 }
        // A changed continuation half is drawn by its wide character.
        for column in 1..<max(1, width) where changed[column] && now[column] == .covered { changed[column - 1] = true }
        // From here to the end of the row, the row is blank in the plain style.
        let blankTail = (now.lastIndex { $0 != .blank }).map { $0 + 1 } ?? 0
        var column = 0
        while column < width {
            guard changed[column], now[column] != .covered else {
                column += 1
                continue
            }
            if column >= blankTail, width - column > ControlSequences.eraseToEndOfLine.count {
                move(to: (row, column), now: now, into: &output)
                if output.style != .plain {
                    ControlSequences.setStyle(.plain, into: &output.bytes)
                    output.style = .plain
                }
                output.bytes.append(contentsOf: ControlSequences.eraseToEndOfLine)
                return
            }
            move(to: (row, column), now: now, into: &output)
            put(now[column], at: (row, column), width: width, into: &output)
            column += max(1, now[column].width)
        }
    }

    /// Puts the cursor at `target`: by writing a short gap of unchanged cells of the current
    /// style over again, else with a cursor move; nothing when it is there.
    private func move(to target: (row: Int, column: Int), now: [Glyph], into output: inout Output) {
        if let cursor = output.cursor, cursor.row == target.row {
            if cursor.column == target.column { return }
            let gap = now[min(cursor.column, target.column)..<target.column]
            if cursor.column < target.column, gap.count <= Self.longestGapWritten,
                gap.allSatisfy({ $0.width == 1 && $0.style == output.style && $0.character?.isASCII == true })
            {
                for glyph in gap { put(glyph, at: (target.row, output.cursor?.column ?? 0), width: now.count, into: &output) }
                return
            }
        }
        ControlSequences.moveCursor(row: target.row, column: target.column, into: &output.bytes)
        output.cursor = target
    }

    private func put(_ glyph: Glyph, at position: (row: Int, column: Int), width: Int, into output: inout Output) {
        guard let character = glyph.character else { return }
        if glyph.style != output.style {
            ControlSequences.setStyle(glyph.style, into: &output.bytes)
            output.style = glyph.style
        }
        output.bytes.append(contentsOf: String(character).utf8)
        let end = position.column + glyph.width
        // At the right edge the terminal may wrap with the next character: the cursor is unknown.
        output.cursor = end < width ? (position.row, end) : nil
    }
}
