import TerminalModel
import Testing

/// A frame holds only drawable cells, measured as the commands measure text, and never spills.
@Suite("Frame", .timeLimit(.minutes(1)))
struct FrameTests {
    @Test("Text is written cell by cell and cut with an ellipsis at the given width")
    func putCuts() {
        var frame = Frame(width: 10, height: 2)
        let used = frame.put("Starlink-15", row: 0, column: 0, maxWidth: 6)
        #expect(used == 6)
        #expect(frame.lines[0] == "Starl…    ")
        #expect(frame.lines[1] == String(repeating: " ", count: 10))
    }

    @Test("A wide character takes two cells and is never cut in half")
    func wideCharacters() {
        var frame = Frame(width: 5, height: 1)
        frame.put("東京タワー", row: 0, column: 0)
        #expect(frame.lines[0] == "東京…")
        #expect(frame[0, 1].character == nil)
        var odd = Frame(width: 3, height: 1)
        odd.put("東京", row: 0, column: 0)
        #expect(odd.lines[0] == "東…")
    }

    @Test("Control characters, escape sequences and bidi controls never reach a cell")
    func controlsAreReplaced() {
        var frame = Frame(width: 30, height: 1)
        frame.put("a\u{1B}]0;pwned\u{07}b\u{202E}c\u{9B}2J", row: 0, column: 0)
        let text = frame.lines[0]
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x202E })
        #expect(text.hasPrefix("a\u{FFFD}]0;pwned\u{FFFD}b\u{FFFD}c\u{FFFD}2J"))
    }

    @Test("Writes outside the frame change nothing")
    func outside() {
        var frame = Frame(width: 4, height: 1)
        #expect(frame.put("x", row: 1, column: 0) == 0)
        #expect(frame.put("x", row: 0, column: 4) == 0)
        #expect(frame.put("x", row: -1, column: 0) == 0)
        #expect(frame == Frame(width: 4, height: 1))
    }

    @Test("Overwriting the right half of a wide character blanks its left half")
    func overwriteHalf() {
        var frame = Frame(width: 4, height: 1)
        frame.put("東", row: 0, column: 0)
        frame.put("x", row: 0, column: 1)
        #expect(frame.lines[0] == " x  ")
    }
}
