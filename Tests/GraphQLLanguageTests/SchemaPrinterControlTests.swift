import GraphQLLanguage
import Testing

/// Descriptions, default values and deprecation reasons a server sent are printed as SDL with
/// no raw control character (nothing a terminal acts on, nothing a GraphQL document may not
/// hold), and read back as the same text.
@Suite(.timeLimit(.minutes(5)))
struct SchemaPrinterControlTests {
    static let hostile = "Title\u{1B}]0;owned\u{7}\u{9B}31m\u{85}\u{202E}\u{2066}\u{200F}\u{061C}\u{2028}\u{7F}\r\nsecond \"\"\" line\tend"

    @Test func controlsAreEscapedAndReadBack() throws {
        let source = """
        type Query {
          launch(id: ID = \(StringLiteral.quoted(Self.hostile))): String @deprecated(reason: \(StringLiteral.quoted(Self.hostile)))
        }
        """
        let schema = try Schema.parse(source, sourceName: "hostile.graphqls")
        let parsedDefault = try #require(schema["Query"]?.field(named: "launch")?.argument(named: "id")?.defaultValue?.description)
        let printed = SchemaPrinter.print(schema)
        let raw = printed.unicodeScalars.filter { $0 != "\n" && StringLiteral.isTerminalControl($0) }
        #expect(raw.isEmpty, "raw in the SDL: \(raw.map { String($0.value, radix: 16) })")
        let reparsed = try Schema.parse(printed, sourceName: "printed.graphqls")
        let field = try #require(reparsed["Query"]?.field(named: "launch"))
        #expect(field.deprecationReason == Self.hostile)
        #expect(field.argument(named: "id")?.defaultValue?.description == parsedDefault)
    }

    @Test(arguments: [hostile, "only a bell\u{7}", "a CSI \u{9B}2J", "an override \u{202E}", "a separator \u{2029}"])
    func aDescriptionWithControlsIsAQuotedStringThatReadsBack(_ description: String) throws {
        let source = "\(StringLiteral.quoted(description))\ntype Query {\n  \(StringLiteral.quoted(description))\n  hello: String\n}\n"
        let schema = try Schema.parse(source, sourceName: "described.graphqls")
        let printed = SchemaPrinter.print(schema)
        #expect(!printed.unicodeScalars.contains { $0 != "\n" && StringLiteral.isTerminalControl($0) }, "\(printed.debugDescription)")
        let reparsed = try Schema.parse(printed, sourceName: "printed.graphqls")
        #expect(reparsed["Query"]?.description == description)
        #expect(reparsed["Query"]?.field(named: "hello")?.description == description)
    }

    @Test func plainDescriptionsStayBlockStrings() throws {
        let schema = try Schema.parse("\"\"\"Plain, with a tab\tand\ntwo lines\"\"\"\ntype Query { hello: String }", sourceName: "plain.graphqls")
        #expect(SchemaPrinter.print(schema).hasPrefix("\"\"\"\nPlain, with a tab\tand\ntwo lines\n\"\"\"\ntype Query"))
    }
}
