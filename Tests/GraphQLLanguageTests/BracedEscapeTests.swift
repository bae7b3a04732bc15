import GraphQLLanguage
import Testing

/// Braced Unicode escapes (`"\u{1F600}"`, September 2025 spec, section 2.9.4): one to eight
/// hex digits naming a Unicode scalar value; anything else is an invalid escape at the backslash.
@Suite("Braced Unicode escapes", .timeLimit(.minutes(5)))
struct BracedEscapeTests {
    @Test(arguments: [
        (#""\u{1F600}""#, "😀"), (#""\u{0}""#, "\u{0}"), (#""\u{41}\u{000041}""#, "AA"), (#""\u{10FFFF}""#, "\u{10FFFF}"),
        (#""a\u{e9}b""#, "aéb"), (#""\u{00000041}""#, "A"), (#""\u{1f600}\uD83D\uDE00""#, "😀😀"),
    ])
    func aBracedEscapeNamesOneScalar(_ source: String, _ value: String) throws {
        #expect(try Lexer.tokenize(source, sourceName: "s")[0].value == value)
    }

    @Test(arguments: [
        #""\u{}""#, #""\u{110000}""#, #""\u{D800}""#, #""\u{DFFF}""#, #""\u{000000041}""#, #""\u{1F600""#, #""\u{G}""#,
        #""\u{ 41}""#, #""\u{-1}""#, #""x\u{FFFFFFFF}""#,
    ])
    func anythingElseIsAnInvalidEscapeAtTheBackslash(_ source: String) {
        let column = source.hasPrefix(#""x"#) ? 3 : 2
        #expect(throws: GraphQLDiagnostic(sourceName: "s", location: SourceLocation(line: 1, column: column), message: "Invalid Unicode escape sequence.")) {
            try Lexer.tokenize(source, sourceName: "s")
        }
    }
}
