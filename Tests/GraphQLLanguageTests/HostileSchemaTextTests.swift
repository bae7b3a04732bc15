import GraphQLLanguage
import TestExpectations
import Testing

/// Every loop the schema's text goes through (block strings, the lexer, the SDL printer and the
/// parser reading the printed schema back, as `query` does with the kept schema) is linear in
/// the text at 10 MB, whatever its shape.
@Suite("Hostile schema text", .serialized, .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileSchemaTextTests {
    /// Texts of about `megabytes` MB, by shape.
    static let shapes: [(String, @Sendable (Int) -> String)] = [
        ("a million blank lines", { String(repeating: "\n", count: $0 << 20) }),
        ("blank lines around one word", { String(repeating: "  \n", count: $0 << 19) + "word" + String(repeating: "\n\t", count: $0 << 19) }),
        ("one line without spaces", { String(repeating: "x", count: $0 << 20) }),
        ("combining marks", { "e" + String(repeating: "\u{301}", count: $0 << 19) }),
        ("short lines", { String(repeating: "ab\n", count: ($0 << 20) / 3) }),
        ("indented lines", { String(repeating: "    indented\n", count: ($0 << 20) / 13) }),
        ("quotes", { String(repeating: "\"", count: $0 << 20) }),
        ("CRLF lines", { String(repeating: "a\r\n", count: ($0 << 20) / 3) }),
    ]

    static func sdl(description: String) -> String {
        // The description as a block string, escaped as the printer escapes it.
        let escaped = description.replacing("\"\"\"", with: "\\\"\"\"")
        return "type Query {\n  \"\"\"\n\(escaped)\n\"\"\"\n  name: String\n}\n"
    }

    @Test("A block string's value is computed in linear time", arguments: shapes.map(\.0))
    func blockString(shape: String) async throws {
        let make = try #require(Self.shapes.first { $0.0 == shape }?.1)
        await LinearTime.expect(shape, input: make) { !BlockString.value(ofRaw: $0).hasPrefix("\n") }
    }

    @Test("A description is parsed, printed and parsed back in linear time", arguments: shapes.prefix(5).map(\.0))
    func schemaRoundTrip(shape: String) async throws {
        let make = try #require(Self.shapes.first { $0.0 == shape }?.1)
        await LinearTime.expect(shape, input: { Self.sdl(description: make($0)) }) { sdl in
            do {
                let schema = try Schema.parse(sdl, sourceName: "hostile.graphqls")
                let printed = SchemaPrinter.print(schema)
                let again = try Schema.parse(printed, sourceName: "printed.graphqls")
                return again.types["Query"]?.fields.first?.description == schema.types["Query"]?.fields.first?.description
            } catch {
                return false
            }
        }
    }

    @Test("A million blank lines around text leave the text, as the spec's algorithm does")
    func blankLinesTrimmed() async {
        let (text, blank) = await LinearTime.offThePool {
            let raw = String(repeating: "\n", count: 1_000_000) + "    first\n      second\n" + String(repeating: "   \n", count: 1_000_000)
            return (BlockString.value(ofRaw: raw), BlockString.value(ofRaw: String(repeating: " \n", count: 1_000_000)))
        }
        #expect(text == "first\n  second")
        #expect(blank == "")
    }

    @Test("Three quotes followed by a combining mark are escaped in a printed description")
    func quotesBeforeACombiningMark() throws {
        // Counted by characters, the third quote joined the mark and was not escaped, ending
        // the block string early: the rest of the description was read as SDL.
        let sdl = #"type Query { "a \"\"\"\#u{301} type Evil { x: Int } \"\"\"" name: String }"#
        let schema = try Schema.parse(sdl, sourceName: "quotes.graphqls")
        let description = try #require(schema.types["Query"]?.fields.first?.description)
        #expect(description == "a \"\"\"\u{301} type Evil { x: Int } \"\"\"")
        let again = try Schema.parse(SchemaPrinter.print(schema), sourceName: "printed.graphqls")
        #expect(again.types["Query"]?.fields.first?.description == description)
        #expect(again.types["Evil"] == nil)
    }
}
