import GraphQLLanguage
import TestExpectations
import Testing

/// Nesting the input controls, in every construct that nests (selection sets, inline
/// fragments, list and object values in arguments, defaults and directives, list types in
/// variables and in SDL): past ``Parser/maximumDepth`` levels the parser stops with a
/// compiler-style error at the first level too deep, before recursing further. The bound is
/// stated as a size: 1,000 and 100,000 levels (and 10 MB of `[`) give the same one error, not a
/// stack overflow.
@Suite("Hostile nesting", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileNestingTests {
    static let message = "The document is nested more than \(Parser.maximumDepth) levels deep."

    /// A construct nested `depth` times, and the column where level 129 opens (all on line 1).
    struct Construct: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let isSDL: Bool
        /// The text before the nesting, one level's opening and closing, the text after it.
        let prefix: String, open: String, inner: String, close: String, suffix: String
        /// Where in `open` the token that nests is (the `{` of `... on Q {`).
        var tokenOffset = 0

        func text(depth: Int, closed: Bool = true) -> String {
            prefix + String(repeating: open, count: depth) + inner + (closed ? String(repeating: close, count: depth) : "") + suffix
        }

        /// The column of the opening that goes one level too deep (levels already open before
        /// the construct count: a selection set holds an argument, a field its type).
        func expectedColumn(levelsBefore: Int) -> Int {
            prefix.unicodeScalars.count + open.unicodeScalars.count * (Parser.maximumDepth - levelsBefore) + tokenOffset + 1
        }
    }

    static let constructs: [(Construct, levelsBefore: Int)] = [
        (Construct(testDescription: "selection sets", isSDL: false, prefix: "query Q ", open: "{ f ", inner: "{ g }", close: "}", suffix: ""), 0),
        (Construct(testDescription: "inline fragments", isSDL: false, prefix: "query Q { f ", open: "{ ... ", inner: "{ g }", close: "}", suffix: " }"), 1),
        (Construct(testDescription: "typed inline fragments", isSDL: false, prefix: "{ ", open: "... on Q { ", inner: "g", close: " }", suffix: " }", tokenOffset: 9), 1),
        (Construct(testDescription: "list values in arguments", isSDL: false, prefix: "{ f(a: ", open: "[", inner: "1", close: "]", suffix: ") }"), 1),
        (Construct(testDescription: "object values in arguments", isSDL: false, prefix: "{ f(a: ", open: "{a: ", inner: "1", close: "}", suffix: ") }"), 1),
        (Construct(testDescription: "values in directives", isSDL: false, prefix: "{ f @d(a: ", open: "[", inner: "{}", close: "]", suffix: ") }"), 1),
        (Construct(testDescription: "variable types", isSDL: false, prefix: "query Q($v: ", open: "[", inner: "Int", close: "]!", suffix: ") { f }"), 0),
        (Construct(testDescription: "variable defaults", isSDL: false, prefix: "query Q($v: In = ", open: "{a: ", inner: "1", close: "}", suffix: ") { f }"), 0),
        (Construct(testDescription: "field types in SDL", isSDL: true, prefix: "type Query { f: ", open: "[", inner: "Int", close: "]", suffix: " }"), 0),
        (Construct(testDescription: "argument defaults in SDL", isSDL: true, prefix: "type Query { f(a: In = ", open: "[", inner: "1", close: "]", suffix: "): Int }"), 0),
        (Construct(testDescription: "input field defaults in SDL", isSDL: true, prefix: "input In { a: In2 = ", open: "{b: ", inner: "1", close: "}", suffix: " }"), 0),
        (Construct(testDescription: "directive arguments in SDL", isSDL: true, prefix: "type Query @d(a: ", open: "{b: ", inner: "1", close: "}", suffix: ") { f: Int }"), 0),
    ]

    static func error(_ text: String, isSDL: Bool) -> GraphQLDiagnostic? {
        do {
            if isSDL { _ = try Schema.parse(text, sourceName: "deep.graphql") } else { _ = try Parser.parse(text, sourceName: "deep.graphql") }
            return nil
        } catch {
            return error
        }
    }

    @Test("1,000 and 100,000 levels, closed or not, give the same one error at level 129", arguments: constructs.map(\.0))
    func deepNesting(construct: Construct) throws {
        let levelsBefore = try #require(Self.constructs.first { $0.0.testDescription == construct.testDescription }?.levelsBefore)
        let expected = "deep.graphql:1:\(construct.expectedColumn(levelsBefore: levelsBefore)): error: \(Self.message)"
        for depth in [1_000, 100_000] {
            #expect(Self.error(construct.text(depth: depth), isSDL: construct.isSDL)?.description == expected, "\(depth) levels")
            #expect(Self.error(construct.text(depth: depth, closed: false), isSDL: construct.isSDL)?.description == expected, "\(depth) unclosed levels")
        }
    }

    @Test("Nesting just within the bound parses", arguments: constructs.map(\.0))
    func nestingWithinTheBound(construct: Construct) throws {
        let levelsBefore = try #require(Self.constructs.first { $0.0.testDescription == construct.testDescription }?.levelsBefore)
        let text = construct.text(depth: Parser.maximumDepth - levelsBefore - 1)
        let error = Self.error(text, isSDL: construct.isSDL)
        #expect(error == nil || error?.message != Self.message, "\(String(describing: error))")
    }

    @Test("10 MB of opening brackets get the same error as 1,000")
    func tenMegabytesOfBrackets() {
        let construct = Self.constructs[3].0
        let text = construct.prefix + String(repeating: "[", count: 10 << 20)
        #expect(Self.error(text, isSDL: false)?.description == "deep.graphql:1:\(construct.expectedColumn(levelsBefore: 1)): error: \(Self.message)")
    }
}
