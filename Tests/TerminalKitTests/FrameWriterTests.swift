import TerminalKit
import TerminalModel
import Testing

/// The frame writer writes what changed, in as few bytes as it can, and nothing a cell could smuggle.
@Suite("Frame writer", .timeLimit(.minutes(1)))
struct FrameWriterTests {
    static let writer = FrameWriter()

    /// An 80 × 24 list of launches with row `selected` highlighted (reverse video across the row).
    static func list(selected: Int) -> Frame {
        var frame = Frame(width: 80, height: 24)
        frame.put("Launches", row: 0, column: 0, style: TextStyle(.bold))
        for index in 0..<20 {
            let row = index + 2
            let style = index == selected ? TextStyle(.reverse) : .plain
            if index == selected { frame.fill(row: row, style: style) }
            frame.put("\(100 + index)  Falcon 9  Starlink-\(index)", row: row, column: 2, style: style)
            frame.put("booked", row: row, column: 60, style: index % 3 == 0 ? TextStyle(foreground: .green) : style)
        }
        frame.put("↑↓ move  ⏎ details  q quit", row: 23, column: 0, style: TextStyle(.dim))
        return frame
    }

    /// The rows a write moves the cursor to (`ESC [ row ; column H`), one-based.
    static func rowsMovedTo(_ bytes: [UInt8]) -> Set<Int> {
        var rows = Set<Int>()
        var index = 0
        while let start = bytes[index...].firstIndex(of: 0x1B) {
            guard let end = bytes[start...].firstIndex(where: { (0x40...0x7E).contains($0) && $0 != UInt8(ascii: "[") }) else { break }
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self).split(separator: ";")
            if bytes[end] == UInt8(ascii: "H"), parameters.count == 2, let row = Int(parameters[0]) { rows.insert(row) }
            index = end
        }
        return rows
    }

    @Test("Identical frames write nothing")
    func identical() {
        let frame = Self.list(selected: 3)
        #expect(Self.writer.bytes(from: frame, to: frame).isEmpty)
        #expect(Self.writer.bytes(from: Frame(width: 10, height: 2), to: Frame(width: 10, height: 2)).isEmpty)
    }

    @Test("Without a previous frame the screen is erased and the frame drawn whole, ending in the plain style")
    func fullRedraw() {
        let frame = Self.list(selected: 3)
        let bytes = Self.writer.bytes(from: nil, to: frame)
        #expect(bytes.starts(with: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)))
        #expect(bytes.suffix(4) == Array("\u{1B}[0m".utf8)[...])
        var screen = ScreenEmulator(width: 80, height: 24)
        screen.apply(bytes)
        #expect(screen.shows(frame))
    }

    @Test("A resize draws the new frame whole")
    func resize() {
        let small = Frame(width: 40, height: 10)
        var large = Frame(width: 80, height: 24)
        large.put("x", row: 0, column: 0)
        let bytes = Self.writer.bytes(from: small, to: large)
        #expect(bytes.starts(with: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)))
        var screen = ScreenEmulator(width: 80, height: 24)
        screen.apply(bytes)
        #expect(screen.shows(large))
    }

    @Test("A change in one row writes only that row's changed cells")
    func oneRow() {
        let before = Self.list(selected: 3)
        var after = before
        after.put("Starlink-99", row: 10, column: 21)
        let bytes = Self.writer.bytes(from: before, to: after)
        #expect(Self.rowsMovedTo(bytes) == [11], "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        #expect(bytes.count < 30)
        var screen = ScreenEmulator(showing: before)
        screen.apply(bytes)
        #expect(screen.shows(after))
    }

    @Test("Moving the selection one row in an 80 × 24 list writes at most 200 bytes")
    func selectionMove() {
        let before = Self.list(selected: 3)
        let after = Self.list(selected: 4)
        let bytes = Self.writer.bytes(from: before, to: after)
        #expect(bytes.count <= 200, "\(bytes.count) bytes")
        #expect(Self.rowsMovedTo(bytes).isSubset(of: [6, 7]))
        var screen = ScreenEmulator(showing: before)
        screen.apply(bytes)
        #expect(screen.shows(after))
        // And back, and several rows at once.
        for (from, to) in [(4, 3), (0, 19), (19, 0)] {
            var screen = ScreenEmulator(showing: Self.list(selected: from))
            screen.apply(Self.writer.bytes(from: Self.list(selected: from), to: Self.list(selected: to)))
            #expect(screen.shows(Self.list(selected: to)))
        }
    }

    @Test("The style is set only where it changes")
    func styleChanges() {
        var frame = Frame(width: 20, height: 1)
        frame.put("ab", row: 0, column: 0, style: TextStyle(.bold))
        frame.put("cd", row: 0, column: 2, style: TextStyle(.bold))
        frame.put("ef", row: 0, column: 4, style: TextStyle([.underline, .reverse], foreground: .red))
        frame.put("gh", row: 0, column: 6)
        let text = String(decoding: Self.writer.bytes(from: Frame(width: 20, height: 1), to: frame), as: UTF8.self)
        #expect(text == "\u{1B}[1;1H\u{1B}[0;1mabcd\u{1B}[0;4;7;31mef\u{1B}[0mgh")
        // A style change alone rewrites the cell.
        var restyled = frame
        restyled.put("cd", row: 0, column: 2, style: TextStyle(.dim))
        let change = String(decoding: Self.writer.bytes(from: frame, to: restyled), as: UTF8.self)
        #expect(change == "\u{1B}[1;3H\u{1B}[0;2mcd\u{1B}[0m")
    }

    @Test("Without colours (NO_COLOR) foreground colours are dropped and attributes kept")
    func noColor() {
        var frame = Frame(width: 10, height: 1)
        frame.put("ok", row: 0, column: 0, style: TextStyle(.bold, foreground: .green))
        frame.put("no", row: 0, column: 3, style: TextStyle(foreground: .red))
        let plainWriter = FrameWriter(colors: false)
        let text = String(decoding: plainWriter.bytes(from: Frame(width: 10, height: 1), to: frame), as: UTF8.self)
        #expect(text == "\u{1B}[1;1H\u{1B}[0;1mok\u{1B}[1;4H\u{1B}[0mno")
        #expect(String(decoding: Self.writer.bytes(from: nil, to: frame), as: UTF8.self).contains("\u{1B}[0;1;32m"))
        // A colour-only change writes nothing without colours.
        var recolored = frame
        recolored.put("no", row: 0, column: 3, style: TextStyle(foreground: .blue))
        #expect(plainWriter.bytes(from: frame, to: recolored).isEmpty)
    }

    @Test("A wide character is written once for its two cells; either half changing redraws it right")
    func wideCharacters() {
        var before = Frame(width: 10, height: 1)
        before.put("a東b", row: 0, column: 0)
        var after = before
        after.put("京", row: 0, column: 1)
        let bytes = Self.writer.bytes(from: before, to: after)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;2H京")
        // Wide over narrow, narrow over wide, and a half cut by another write.
        var narrow = Frame(width: 10, height: 1)
        narrow.put("abcdef", row: 0, column: 0)
        var wide = Frame(width: 10, height: 1)
        wide.put("東京タ", row: 0, column: 0)
        var cut = wide
        cut.put("x", row: 0, column: 3)  // the second half of 京
        var restyled = wide
        restyled.fill(row: 0, column: 1, count: 1, style: TextStyle(.reverse))  // the continuation half only
        for (from, to) in [(narrow, wide), (wide, narrow), (wide, cut), (cut, wide), (wide, restyled), (restyled, wide)] {
            var screen = ScreenEmulator(showing: from)
            screen.apply(Self.writer.bytes(from: from, to: to))
            var expected = ScreenEmulator(showing: to)
            expected.apply([])
            #expect(screen.cells == expected.cells, "\(from.lines) → \(to.lines)")
        }
        #expect(ScreenEmulator(showing: cut).shows(cut))
    }

    @Test("A hostile frame's text cannot write a control byte, an escape sequence or a C1 control")
    func hostileText() {
        var frame = Frame(width: 60, height: 2)
        frame.put("a\u{1B}[2J\u{07}b\u{9B}31m\u{1B}]0;title\u{07}\u{202E}c\u{0}\r\n\u{7F}", row: 0, column: 0)
        frame.put("\u{1B}P+q\u{1B}\\ \u{85}\u{8D}", row: 1, column: 0, style: TextStyle(.bold))
        for bytes in [Self.writer.bytes(from: nil, to: frame), Self.writer.bytes(from: Frame(width: 60, height: 2), to: frame)] {
            #expect(!bytes.contains(0x07))
            #expect(!bytes.contains(0x7F))
            #expect(!bytes.contains(0x00))
            // No C1 control in its UTF-8 form (C2 80–C2 9F).
            #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
            var screen = ScreenEmulator(width: 60, height: 2)
            screen.apply(bytes)  // records an issue for any sequence the writer does not write
            #expect(screen.shows(frame))
        }
    }
}
