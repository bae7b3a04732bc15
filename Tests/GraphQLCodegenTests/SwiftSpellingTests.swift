import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// Names Swift gives a meaning of its own, and input objects that hold themselves, spelled so
/// the generated Swift compiles (GeneratedCodeCompilesTests compiles them; these pin the shape).
@Suite(.timeLimit(.minutes(5)))
struct SwiftSpellingTests {
    static let schema: Schema = {
        let source = """
            type Query { thing(self: Int, where: Condition): Thing }
            type Thing { self: String, name: String }
            input Condition { not: Condition, any: [Condition!], self: Int, next: Step }
            input Step { back: Condition }
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    func files(_ text: String) throws -> [String: String] {
        let files = try RecordedGeneration.generate(sources: [(name: "Ops/Test.graphql", text: text)], schema: Self.schema).get()
        return Dictionary(uniqueKeysWithValues: files.map { ($0.name, $0.contents) })
    }

    @Test func aPropertyNamedSelfIsReadAndSetThroughSelf() throws {
        let code = try #require(try files("query T($self: Int, $variables: Int) { thing(self: $self) { self _: name } other: thing(self: $variables) { name } }")["Test.graphql.swift"])
        #expect(code.contains("public init(self self_: Swift.String?, `_`: Swift.String?)"), "\(code)")
        #expect(code.contains("self.`self` = self_"), "\(code)")
        #expect(code.contains("public let `_`: Swift.String?"), "\(code)")
        #expect(code.contains("if let value = self.`self` { values[\"self\"] = value.graphQLInputValue }"), "\(code)")
        #expect(code.contains("self.variables = Variables(self: self_, variables: variables)"), "\(code)")
    }

    @Test func anInputObjectHoldsItselfInAnArray() throws {
        let code = try #require(try files("query T($c: Condition) { thing(where: $c) { name } }")["SchemaTypes.graphql.swift"])
        #expect(code.contains("private var not_indirect: [Condition]"), "\(code)")
        #expect(code.contains("get { not_indirect.first }"), "\(code)")
        #expect(code.contains("public var any: [Condition]?\n"), "a list holds its elements apart already:\n\(code)")
        // Through another input object too: each cycle is broken where it leads back.
        #expect(code.contains("private var next_indirect: [Step]"), "\(code)")
        #expect(code.contains("private var back_indirect: [Condition]"), "\(code)")
    }
}
