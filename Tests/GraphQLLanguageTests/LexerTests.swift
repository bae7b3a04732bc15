import GraphQLLanguage
import Testing

@Suite(.timeLimit(.minutes(5)))
struct LexerTests {
    @Test func skipsIgnoredTokensAndKeepsPositions() throws {
        let tokens = try Lexer.tokenize("\u{FEFF}# comment\n  query,, {\r\n\tname }", sourceName: "a.graphql")
        #expect(tokens.map(\.kind) == [.name, .braceLeft, .name, .braceRight, .endOfFile])
        #expect(tokens[0].location == SourceLocation(line: 2, column: 3))
        #expect(tokens[2].location == SourceLocation(line: 3, column: 2))
    }

    @Test func readsNumbersAsTheSpecDefinesThem() throws {
        let tokens = try Lexer.tokenize("0 -12 1.5 2e10 -3.25E-2", sourceName: "n")
        #expect(tokens.dropLast().map(\.kind) == [.int, .int, .float, .float, .float])
        #expect(tokens.dropLast().map(\.value) == ["0", "-12", "1.5", "2e10", "-3.25E-2"])
        for bad in ["01", "1.", "1.e", "12abc", "1.2.3"] {
            #expect(throws: GraphQLDiagnostic.self) { try Lexer.tokenize(bad, sourceName: "n") }
        }
    }

    @Test func unescapesStrings() throws {
        let tokens = try Lexer.tokenize(#""a\"b\\c\/d\n\u00e9\uD83D\uDE00""#, sourceName: "s")
        #expect(tokens[0].value == "a\"b\\c/d\né😀")
    }

    @Test func reportsErrorsWithFileLineAndColumn() {
        #expect(throws: GraphQLDiagnostic(sourceName: "x.graphql", location: SourceLocation(line: 2, column: 9), message: "Unterminated string.")) {
            try Lexer.tokenize("{\n  a(\"abc\n", sourceName: "x.graphql")
        }
        #expect(throws: GraphQLDiagnostic(sourceName: "x.graphql", location: SourceLocation(line: 1, column: 3), message: "Unexpected character \"?\".")) {
            try Lexer.tokenize("{ ? }", sourceName: "x.graphql")
        }
        let error = GraphQLDiagnostic(sourceName: "path/A.graphql", location: SourceLocation(line: 3, column: 7), message: "Boom.")
        #expect(error.description == "path/A.graphql:3:7: error: Boom.")
    }

    @Test func blockStringsFollowTheIndentationAlgorithm() throws {
        let source = "\"\"\"\n    Hello,\n      World!\n\n    Yours,\n      GraphQL. \\\"\"\"\n  \"\"\""
        let tokens = try Lexer.tokenize(source, sourceName: "b")
        #expect(tokens[0].kind == .blockString)
        #expect(tokens[0].value == "Hello,\n  World!\n\nYours,\n  GraphQL. \"\"\"")
        #expect(tokens[1].location.line == 7)
    }

    @Test func blockStringKeepsTheFirstLineAndDropsBlankEdges() {
        #expect(BlockString.value(ofRaw: "  first\n    second\n  third\n   ") == "  first\n  second\nthird")
        #expect(BlockString.value(ofRaw: "\n\n   \n") == "")
        #expect(BlockString.value(ofRaw: "a\r\n  b\r  c") == "a\nb\nc")
    }
}
