import TerminalKit
import TerminalModel
import Testing

/// Bytes a terminal sends become keys, however the reads split them.
@Suite("Key decoder", .timeLimit(.minutes(1)))
struct KeyDecoderTests {
    /// Every sequence the decoder knows, with its key.
    static let sequences: [(bytes: String, key: Key)] = [
        ("\u{1B}[A", .up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .down), ("\u{1B}[1;3C", .right), ("\u{1B}[1;6D", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[4~", .end), ("\u{1B}[7~", .home), ("\u{1B}[8~", .end), ("\u{1B}[1;5H", .home),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[3;5~", .delete),
        ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[Z", .backTab),
        ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
        ("\u{1B}[1;2P", .function(1)), ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
        ("\u{1B}[11~", .function(1)), ("\u{1B}[12~", .function(2)), ("\u{1B}[13~", .function(3)), ("\u{1B}[14~", .function(4)),
        ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)), ("\u{1B}[18~", .function(7)), ("\u{1B}[19~", .function(8)),
        ("\u{1B}[20~", .function(9)), ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}[24;2~", .function(12)), ("\u{1B}OM", .enter),
        ("\r", .enter), ("\n", .enter), ("\r\n", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace), ("\t", .tab),
        ("\u{01}", .control("a")), ("\u{03}", .control("c")), ("\u{15}", .control("u")), ("\u{1A}", .control("z")),
        ("a", .character("a")), ("Z", .character("Z")), (" ", .character(" ")), ("é", .character("é")),
        ("東", .character("東")), ("🚀", .character("🚀")), ("e\u{301}", .character("e\u{301}")),
        ("\u{1B}[200~hello\u{1B}[201~", .paste("hello")),
        ("\u{1B}[99x", .unknown), ("\u{1B}[<0;10;5M", .unknown), ("\u{1B}[?1;2c", .unknown), ("\u{1B}[9~", .unknown),
        ("\u{00}", .unknown), ("\u{1C}", .unknown),
    ]

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Feeds `chunks` one read each, then resolves a pending escape as a timeout would.
    static func decode(_ chunks: [[UInt8]], flush: Bool = true) -> [Key] {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for chunk in chunks { keys += decoder.feed(chunk) }
        if flush { keys += decoder.flushPending() }
        return keys
    }

    @Test("Each sequence in one read is its key, and nothing is left pending")
    func wholeSequences() {
        for (text, key) in Self.sequences {
            var decoder = KeyDecoder()
            #expect(decoder.feed(Self.bytes(text)) == [key], "\(Array(text.utf8))")
            #expect(!decoder.hasPending, "\(Array(text.utf8))")
        }
    }

    @Test("Each sequence split at every byte boundary, and byte by byte, is the same key")
    func splitSequences() {
        for (text, key) in Self.sequences {
            let bytes = Self.bytes(text)
            for split in 1..<max(1, bytes.count) {
                let keys = Self.decode([Array(bytes[..<split]), Array(bytes[split...])], flush: false)
                // A combining mark in a later read is a character of its own.
                if text.utf8.elementsEqual("e\u{301}".utf8) {
                    #expect(keys == [.character("e"), .character("\u{301}")])
                } else {
                    #expect(keys == [key], "\(bytes) split at \(split)")
                }
            }
            if !text.utf8.elementsEqual("e\u{301}".utf8) {
                #expect(Self.decode(bytes.map { [$0] }, flush: false) == [key], "\(bytes) byte by byte")
            }
        }
    }

    @Test("Sequences back to back in one read are each their key")
    func backToBack() {
        // (A lone LF after CR would join it as one Enter.)
        let sequences = Self.sequences.filter { $0.bytes != "\n" }
        let text = sequences.map(\.bytes).joined()
        #expect(Self.decode([Self.bytes(text)]) == sequences.map(\.key).mergingUnknownRuns())
    }

    @Test("A lone ESC is pending until the timeout resolves it as Escape")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.flushPending() == [.escape])
        #expect(!decoder.hasPending)
        #expect(decoder.feed(Self.bytes("a")) == [.character("a")])
        // ESC ESC: the first stood alone.
        #expect(Self.decode([[0x1B, 0x1B]]) == [.escape, .escape])
        #expect(Self.decode([[0x1B, 0x1B, 0x5B, 0x41]]) == [.escape, .up])
    }

    @Test("A sequence cut short by the timeout: ESC [ and ESC O are Escape then the character, parameters alone are unknown")
    func cutShort() {
        #expect(Self.decode([Self.bytes("\u{1B}[")]) == [.escape, .character("[")])
        #expect(Self.decode([Self.bytes("\u{1B}O")]) == [.escape, .character("O")])
        #expect(Self.decode([Self.bytes("\u{1B}[1;5")]) == [.unknown])
        #expect(Self.decode([Self.bytes("\u{1B}[1;5"), Self.bytes("A")], flush: false) == [.up])
    }

    @Test("Alt-x (ESC then a key in one read) is Escape followed by the key")
    func altKeys() {
        #expect(Self.decode([Self.bytes("\u{1B}x")]) == [.escape, .character("x")])
        #expect(Self.decode([Self.bytes("\u{1B}\r")]) == [.escape, .enter])
        #expect(Self.decode([Self.bytes("\u{1B}\u{7F}")]) == [.escape, .backspace])
    }

    @Test("CR LF is one Enter even across reads; CR CR and LF LF are two")
    func enter() {
        #expect(Self.decode([[0x0D], [0x0A]]) == [.enter])
        #expect(Self.decode([[0x0D, 0x0D]]) == [.enter, .enter])
        #expect(Self.decode([[0x0A, 0x0A]]) == [.enter, .enter])
        #expect(Self.decode([[0x0A, 0x0D]]) == [.enter, .enter])
        #expect(Self.decode([[0x0D, 0x61, 0x0A]]) == [.enter, .character("a"), .enter])
    }

    @Test("Every Ctrl-letter but Tab, Enter and Backspace is a control key")
    func controlLetters() {
        for byte in UInt8(1)...26 {
            let keys = Self.decode([[byte]])
            switch byte {
            case 0x08: #expect(keys == [.backspace])
            case 0x09: #expect(keys == [.tab])
            case 0x0A, 0x0D: #expect(keys == [.enter])
            default: #expect(keys == [.control(Character(Unicode.Scalar(byte + 0x60)))])
            }
        }
    }

    @Test("Text in one read is split into grapheme clusters; a combining mark alone is a character")
    func graphemes() {
        #expect(Self.decode([Self.bytes("ae\u{301}🇫🇷👍🏽")]) == [.character("a"), .character("e\u{301}"), .character("🇫🇷"), .character("👍🏽")])
        #expect(Self.decode([Self.bytes("\u{301}")]) == [.character("\u{301}")])
        #expect(Self.decode([Self.bytes("ab"), Self.bytes("c")]) == [.character("a"), .character("b"), .character("c")])
    }

    @Test("Invalid UTF-8 is U+FFFD and the next valid byte is read as itself")
    func invalidUTF8() {
        let replacement = Key.character("\u{FFFD}")
        #expect(Self.decode([[0xFF]]) == [replacement])
        #expect(Self.decode([[0x80, 0x61]]) == [replacement, .character("a")])
        #expect(Self.decode([[0xC3, 0x61]]) == [replacement, .character("a")])
        #expect(Self.decode([[0xE2, 0x82, 0x1B, 0x5B, 0x41]]) == [replacement, .up])
        #expect(Self.decode([[0xC0, 0xAF]]) == [replacement, replacement])  // overlong
        #expect(Self.decode([[0xED, 0xA0, 0x80]]) == [replacement, replacement, replacement])  // a surrogate
        #expect(Self.decode([[0xF4, 0x90, 0x80, 0x80]]).allSatisfy { $0 == replacement })  // past U+10FFFF
        #expect(Self.decode([[0xC2, 0x9B]]) == [.unknown])  // C1 CSI is no character
        // Every byte value on its own: never a crash, always something or nothing sensible.
        for byte in UInt8.min...UInt8.max {
            _ = Self.decode([[byte], [byte, byte], [0x41]])
        }
    }

    @Test("A multi-byte character split across reads is one character")
    func splitCharacters() {
        for text in ["é", "東", "🚀"] {
            let bytes = Self.bytes(text)
            for split in 1..<bytes.count {
                #expect(Self.decode([Array(bytes[..<split]), Array(bytes[split...])]) == [.character(Character(text))])
            }
        }
    }

    @Test("A paste is one key, never keys, split at every byte and holding escape sequences and controls")
    func paste() {
        let text = "a\u{1B}[Ab\u{1B}[201c\r\nd\u{03}e\u{1B}[20\u{1B}[201x\tf\u{1B}[201"
        let bytes = Self.bytes("\u{1B}[200~" + text + "\u{1B}[201~")
        let expected = Key.paste("a[Ab[201c de[20[201x f[201")
        #expect(Self.decode([bytes]) == [expected])
        for split in 1..<bytes.count {
            #expect(Self.decode([Array(bytes[..<split]), Array(bytes[split...])], flush: false) == [expected], "split at \(split)")
        }
        #expect(Self.decode(bytes.map { [$0] }, flush: false) == [expected])
        // A paste in progress waits for its end, whatever the time.
        var decoder = KeyDecoder()
        #expect(decoder.feed(Self.bytes("\u{1B}[200~abc")) == [])
        #expect(!decoder.hasPending)
        #expect(decoder.flushPending() == [])
        #expect(decoder.feed(Self.bytes("\u{1B}[201~x")) == [.paste("abc"), .character("x")])
    }

    @Test("A paste longer than the limit keeps its first bytes and still ends")
    func longPaste() {
        var decoder = KeyDecoder()
        var keys = decoder.feed(Self.bytes("\u{1B}[200~"))
        let chunk = [UInt8](repeating: UInt8(ascii: "p"), count: 10_000)
        for _ in 0..<20 { keys += decoder.feed(chunk) }
        keys += decoder.feed(Self.bytes("\u{1B}[201~q"))
        #expect(keys == [.paste(String(repeating: "p", count: KeyDecoder.pasteLimit)), .character("q")])
    }

    @Test("Unknown sequences are one unknown key each run, and the keys after them are read")
    func unknownSequences() {
        #expect(Self.decode([Self.bytes("\u{1B}[99x\u{1B}[?25ha")]) == [.unknown, .character("a")])
        #expect(Self.decode([Self.bytes("\u{1B}[12;99;3z\u{1B}[A")]) == [.unknown, .up])
        #expect(Self.decode([Self.bytes("\u{1B}[1\r")]) == [.unknown, .enter])
        #expect(Self.decode([Self.bytes("\u{1B}[201~b")]) == [.unknown, .character("b")])
        #expect(Self.decode([Self.bytes("\u{1B}O1")]) == [.unknown])
        #expect(Self.decode([Self.bytes("\u{1B}[99999999999999999999~")]) == [.unknown])
    }
}

extension Array where Element == Key {
    /// The keys with each run of unknown keys as one, as the decoder reports them.
    func mergingUnknownRuns() -> [Key] {
        var merged: [Key] = []
        for key in self where !(key == .unknown && merged.last == .unknown) { merged.append(key) }
        return merged
    }
}

extension KeyDecoderTests {
    @Test("Garbage is bounded: a run of ESC [ starts is one unknown key, endless parameters are cut")
    func garbage() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(HostileKeyInputTests.repeating([0x1B, UInt8(ascii: "[")], count: 100_000)) == [.unknown])
        #expect(decoder.hasPending)
        #expect(decoder.feed(HostileKeyInputTests.repeating([UInt8(ascii: "1")], count: 100_000)) == [])
        #expect(decoder.feed(Array("A\u{1B}[B".utf8)) == [.unknown, .down])
    }
}
