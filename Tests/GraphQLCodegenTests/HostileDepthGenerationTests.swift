import GraphQLCodegen
import GraphQLLanguage
import GraphQLValidation
import TestExpectations
import Testing

/// A valid document as deep as the parser allows goes through every pass (validation, the
/// value checker, merging, planning, writing Swift, printing the document) to generated code;
/// a literal one level deeper than its type is an error at its place. The parser's bound is
/// what keeps every later recursion shallow (``Parser/maximumDepth``).
@Suite("Hostile depth in the generator", .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileDepthGenerationTests {
    /// Levels of lists in the argument's type (the schema's field type is within the bound).
    static let listDepth = Parser.maximumDepth - 3

    static let schema: Schema = {
        let type = String(repeating: "[", count: listDepth) + "Int" + String(repeating: "]", count: listDepth)
        do { return try Schema.parse("type Query { q: Query, n: Int, f(a: \(type)): Int }", sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    static func literal(depth: Int) -> String { String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth) }

    static func generate(_ text: String) -> Result<[GeneratedFile], GraphQLDiagnosticList> {
        CodeGenerator.generate(sources: [(name: "Deep.graphql", text: text)], schema: schema)
    }

    @Test("A selection 126 levels deep with a 125-level list literal generates")
    func deepestValidDocument() throws {
        let selections = Parser.maximumDepth - 2
        let text = "query Deep { " + String(repeating: "q { ", count: selections) + "n" + String(repeating: " }", count: selections)
            + " f(a: \(Self.literal(depth: Self.listDepth))) }"
        let files = try Self.generate(text).get()
        let code = try #require(files.first).contents
        #expect(code.components(separatedBy: "public struct Q: GraphQLSelectionSet").count - 1 == selections)
        #expect(code.contains(String(repeating: ".list([", count: Self.listDepth) + ".literal(.int(1))"), "the literal is planned whole")
        #expect(code.contains("f(a: " + Self.literal(depth: Self.listDepth) + ")"), "and printed whole in the document")
    }

    @Test("A literal one list deeper than its type is refused at its place")
    func literalDeeperThanItsType() {
        // The innermost list stands where an Int is expected.
        let text = "query Deep { f(a: \(Self.literal(depth: Self.listDepth + 1))) }"
        guard case .failure(let errors) = Self.generate(text) else { Issue.record("expected an error"); return }
        #expect(errors.diagnostics.map(\.description) == ["Deep.graphql:1:\(19 + Self.listDepth): error: Expected value of type \"Int\", found [1]."])
    }

    static let polymorphic: Schema = {
        let source = """
            type Query { node: Node }
            interface Node { id: ID!, node: Node }
            type A implements Node { id: ID!, node: Node, a: Int }
            type B implements Node { id: ID!, node: Node, b: Int }
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    /// `{ node { id ... on A { a node { id ... on A { … } } } } }`, `levels` deep: each level's
    /// selection is copied into its typed accessor and its client type case, 2^levels copies.
    static func conditionsAtEveryLevel(_ levels: Int) -> String {
        "query Deep { " + String(repeating: "node { id ... on A { a ", count: levels) + "id" + String(repeating: " } }", count: levels) + " }"
    }

    @Test("Type conditions at each of 10 levels generate; at 60 levels (2^60 copies) they end in a sentence")
    func typeConditionsAtEveryLevel() throws {
        let shallow = try CodeGenerator.generate(sources: [(name: "Deep.graphql", text: Self.conditionsAtEveryLevel(10))], schema: Self.polymorphic).get()
        #expect(try #require(shallow.first).contents.contains("public let asA: AsA?"))
        let deep = CodeGenerator.generate(sources: [(name: "Deep.graphql", text: Self.conditionsAtEveryLevel(60))], schema: Self.polymorphic)
        guard case .failure(let errors) = deep else { Issue.record("expected the work bound"); return }
        #expect(errors.diagnostics.map(\.description) == [
            "Deep.graphql:1:1: error: The selection grows to more than 500000 fields once its fragments are merged; spread fewer fragments, or in fewer places."
        ])
    }
}
