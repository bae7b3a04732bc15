import TerminalModel
import Testing

/// Terminal cells per grapheme cluster: wide scripts and emoji 2, combining marks 0.
@Suite("Terminal cell width", .timeLimit(.minutes(5)))
struct TerminalCellWidthTests {
    @Test("ASCII and accented Latin text take one cell per character", arguments: [
        ("Starlink-3", 10),
        ("Éclair ünïcødé ñ", 16),
        ("e\u{301}cole", 5),            // e + combining acute
        ("a\u{20DD}", 1),               // enclosing circle
        ("Z\u{335}\u{321}\u{31B}", 1),  // stacked combining marks
        ("", 0),
    ])
    func narrowText(_ text: String, _ cells: Int) {
        #expect(TerminalCellWidth.of(text) == cells)
    }

    @Test("CJK, kana, Hangul and fullwidth forms take two cells", arguments: [
        ("東京", 4),
        ("ロケット", 8),
        ("한국어", 6),
        ("\u{1100}\u{1161}\u{11A8}", 2),  // decomposed Hangul syllable 각
        ("ＡＢＣ", 6),
        ("打ち上げ 42", 11),
        ("𠀋", 2),                          // CJK Extension B
        ("\u{3000}", 2),                    // ideographic space
    ])
    func wideText(_ text: String, _ cells: Int) {
        #expect(TerminalCellWidth.of(text) == cells)
    }

    @Test("Emoji take two cells, whatever they are built from", arguments: [
        ("🚀", 2),
        ("👨‍👩‍👧‍👦", 2),      // ZWJ family
        ("🏳️‍🌈", 2),         // flag + VS16 + ZWJ + rainbow
        ("🇯🇵", 2),          // regional-indicator flag
        ("👍🏽", 2),          // skin tone modifier
        ("❤️", 2),            // text-default heart + VS16
        ("1️⃣", 2),            // keycap
        ("Crew 🚀 One", 11),
    ])
    func emoji(_ text: String, _ cells: Int) {
        #expect(TerminalCellWidth.of(text) == cells)
    }

    @Test("Joiners, selectors and other format characters take no cell; text-default symbols one")
    func zeroWidthAndTextSymbols() {
        #expect(TerminalCellWidth.of("\u{200D}") == 0)
        #expect(TerminalCellWidth.of("\u{FE0F}") == 0)
        #expect(TerminalCellWidth.of("a\u{200B}b") == 2)
        #expect(TerminalCellWidth.of("❤") == 1)
        #expect(TerminalCellWidth.of("—…") == 2)
    }

    @Test("Truncation ends in an ellipsis within the cells, and never splits a cluster")
    func truncation() {
        #expect(TerminalCellWidth.truncated("Starlink-3", toCells: 10) == "Starlink-3")
        #expect(TerminalCellWidth.truncated("Starlink-3", toCells: 6) == "Starl…")
        #expect(TerminalCellWidth.truncated("東京タワー", toCells: 5) == "東京…")
        // 京 would need cells 3 and 4, leaving none for the ellipsis: one cell stays empty.
        #expect(TerminalCellWidth.truncated("東京タワー", toCells: 4) == "東…")
        let family = "👨‍👩‍👧‍👦"
        let cut = TerminalCellWidth.truncated("\(family) family", toCells: 4)
        #expect(cut == "\(family) …")
        #expect(cut.unicodeScalars.count == family.unicodeScalars.count + 2)
        let accents = TerminalCellWidth.truncated("e\u{301}e\u{301}e\u{301}", toCells: 2)
        #expect(accents.unicodeScalars.map(\.value) == [0x65, 0x301, 0x2026])
        #expect(TerminalCellWidth.truncated("🇯🇵🇯🇵", toCells: 3) == "🇯🇵…")
        #expect(TerminalCellWidth.truncated("abc", toCells: 0) == "")
        #expect(TerminalCellWidth.truncated("abc", toCells: 1) == "…")
    }

    @Test("Fitting shrinks the widest column first, down to the next widest")
    func columnFitting() {
        // 3 + 2 + 30 + 2 + 12 = 49 cells; 40 leaves the mission 21.
        #expect(ColumnFitting.widths([3, 30, 12], within: 40, gutter: 2) == [3, 21, 12])
        // Already fits: unchanged.
        #expect(ColumnFitting.widths([3, 30, 12], within: 80, gutter: 2) == [3, 30, 12])
        // Past the next widest, the two take turns.
        #expect(ColumnFitting.widths([3, 30, 12], within: 25, gutter: 2) == [3, 9, 9])
        // Too narrow for anything: no column goes below two cells (or its own width).
        #expect(ColumnFitting.widths([1, 30, 12], within: 5, gutter: 2) == [1, 2, 2])
    }
}
