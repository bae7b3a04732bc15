import Foundation
import JSON
import Testing

/// `JSONWriter` escapes what a terminal or a text viewer would act on, not only what JSON
/// requires: DEL, the C1 controls, the bidirectional controls and the line and paragraph
/// separators, as `\uXXXX`; every reader reads the same text back.
@Suite(.timeLimit(.minutes(5)))
struct JSONWriterEscapingTests {
    /// Every code point that is always escaped.
    static let escaped: [UInt32] = Array(0x00...0x1F) + Array(0x7F...0x9F)
        + [0x061C, 0x200E, 0x200F] + Array(0x2028...0x202E) + Array(0x2066...0x2069)

    /// Their neighbours in UTF-8 (same lead bytes, next values), and other text: written as they are.
    static let kept: [UInt32] = [0x20, 0x7E, 0xA0, 0xA9, 0xFF, 0x061B, 0x061D, 0x0600, 0x200B, 0x200C, 0x200D, 0x2010, 0x2027,
                                 0x202F, 0x2030, 0x2040, 0x2065, 0x206A, 0x2070, 0x20AC, 0xE9, 0xFEFF, 0xFFFD, 0x1F680]

    private func written(_ scalar: UInt32) throws -> String {
        let text = String(Character(try #require(Unicode.Scalar(scalar))))
        return JSONWriter.string(.string(text))
    }

    @Test func everyUnsafeCodePointIsEscapedAndReadBack() throws {
        for value in Self.escaped {
            let json = try written(value)
            #expect(json.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "U+\(String(value, radix: 16)) written raw: \(json.debugDescription)")
            let expected = String(Character(try #require(Unicode.Scalar(value))))
            #expect(try JSONParser.parse(Data(json.utf8)) == .string(expected))
            #expect(try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String] == [expected])
        }
        #expect(try written(0x9B) == #""\u009b""#)
        #expect(try written(0x202E) == #""\u202e""#)
        #expect(try written(0x2028) == #""\u2028""#)
        #expect(try written(0x7F) == #""\u007f""#)
        #expect(try written(0x0A) == #""\n""#)
    }

    @Test func theirNeighboursAndOtherTextAreWrittenAsTheyAre() throws {
        for value in Self.kept {
            let character = String(Character(try #require(Unicode.Scalar(value))))
            #expect(try written(value) == "\"" + character + "\"", "U+\(String(value, radix: 16))")
        }
    }

    @Test func mixedTextRoundTripsAndKeysAreEscapedToo() throws {
        let text = "a\u{9B}31mb\u{202E}c\u{2066}d\u{7F}e\u{2029}f é 🚀 \u{1F468}\u{200D}\u{1F469}"
        let document = JSONValue.object([text: .string(text)])
        let json = JSONWriter.string(document)
        for scalar in json.unicodeScalars {
            #expect(!Self.escaped.contains(scalar.value), "U+\(String(scalar.value, radix: 16)) written raw")
        }
        #expect(try JSONParser.parse(Data(json.utf8)) == document)
    }
}
