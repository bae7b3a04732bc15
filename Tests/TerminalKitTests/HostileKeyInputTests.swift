import TerminalKit
import TerminalModel
import Testing

/// A terminal (or whatever writes to it) that floods the input with escape-sequence garbage
/// costs the decoder bounded memory and bounded output. 10 MB inputs: run with the other
/// hostile-input suites (Docs/Testing.md).
@Suite("Hostile key input", .timeLimit(.minutes(3)))
struct HostileKeyInputTests {
    static let floodSize = 10 * 1024 * 1024

    /// `count` bytes repeating `pattern`.
    static func repeating(_ pattern: [UInt8], count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = pattern[index % pattern.count] }
            initialized = count
        }
    }

    @Test("A 10 MB flood of ESC [ starts is one unknown key, and the keys after it are read")
    func sequenceStarts() {
        var decoder = KeyDecoder()
        let keys = decoder.feed(Self.repeating([0x1B, UInt8(ascii: "[")], count: Self.floodSize))
        #expect(keys == [.unknown])
        #expect(decoder.hasPending)
        // The last ESC [ is waiting for its final byte.
        #expect(decoder.feed(Array("A\u{1B}[B".utf8)) == [.up, .down])
    }

    @Test("A 10 MB sequence of parameters keeps a bounded part of them and ends as one unknown key")
    func endlessParameters() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.feed(Self.repeating(Array("1;".utf8), count: Self.floodSize)) == [])
        #expect(decoder.feed(Array("A\u{1B}[B".utf8)) == [.unknown, .down])
    }

    @Test("A 10 MB paste is one paste of the limit's length")
    func endlessPaste() {
        var decoder = KeyDecoder()
        var keys = decoder.feed(Array("\u{1B}[200~".utf8))
        keys += decoder.feed(Self.repeating(Array("x\u{1B}[20".utf8), count: Self.floodSize))
        keys += decoder.feed(Array("\u{1B}[201~".utf8))
        guard case .paste(let text)? = keys.first else {
            Issue.record("no paste: \(keys.prefix(3))")
            return
        }
        #expect(keys.count == 1)
        #expect(text.utf8.count <= KeyDecoder.pasteLimit)
        #expect(text.hasPrefix("x[20x[20"))
    }
}
