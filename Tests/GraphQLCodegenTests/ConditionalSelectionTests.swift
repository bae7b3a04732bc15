import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// `@include`/`@skip` on fields and inline fragments: the model's property is optional and
/// decoded as possibly left out, and the client's field keeps the condition (so the document
/// sent has it and the cache reads the field only when it is selected).
@Suite(.timeLimit(.minutes(5)))
struct ConditionalSelectionTests {
    func code(_ text: String) throws -> String {
        let files = try RecordedGeneration.generate(
            sources: [(name: "Ops/Q.graphql", text: text)], schema: GeneratorTests.schema, configuration: CodegenConfiguration()
        ).get()
        return try #require(files.first).contents
    }

    @Test func aConditionalFieldIsOptionalAndKeepsItsCondition() throws {
        let generated = try code("query Q($b: Boolean!) { item(id: 1) { id kind @include(if: $b) name @skip(if: true) } }")
        #expect(generated.contains("public let kind: Kind?"), "\(generated)")
        #expect(generated.contains(#"self.kind = try object.conditionalField("kind")"#))
        #expect(generated.contains("public let id: Swift.String\n"))
        #expect(generated.contains(#"self.id = try object.field("id")"#))
        #expect(generated.contains(#"GraphQLField("kind", conditions: [.include(.variable("b"))])"#), "\(generated)")
        #expect(generated.contains(#"GraphQLField("name", conditions: [.skip(.literal(.bool(true)))])"#), "\(generated)")
    }

    @Test func anInlineFragmentsConditionReachesItsFields() throws {
        let generated = try code("query Q($b: Boolean!) { item(id: 1) { id ... @include(if: $b) { name items { id } } } }")
        #expect(generated.contains("public let name: Swift.String?"))
        #expect(generated.contains("public let items: [Item?]?"), "\(generated)")
        #expect(generated.contains(#"GraphQLField("name", conditions: [.include(.variable("b"))])"#), "\(generated)")
    }

    @Test func aFieldAlsoSelectedWithoutAConditionIsAlwaysThere() throws {
        let generated = try code("query Q($b: Boolean!) { item(id: 1) { kind @include(if: $b) kind } }")
        #expect(generated.contains("public let kind: Kind\n"), "\(generated)")
        #expect(generated.contains(#"GraphQLField("kind")"#))
        #expect(!generated.contains("conditions:"))
    }

    @Test func aConditionalFragmentSpreadIsAnOptionalFragment() throws {
        let generated = try code("query Q($b: Boolean!) { item(id: 1) { id ...F @include(if: $b) } }\nfragment F on Item { id name kind @skip(if: true) }")
        #expect(generated.contains("public let f: F?"), "\(generated)")
        // Present when the answer has the fields the fragment always selects, besides those selected anyway.
        #expect(generated.contains(#"Fragments(f: try object.conditionalFragment(["id", "name"]))"#), "\(generated)")
        #expect(generated.contains("public let name: Swift.String?\n"))
        #expect(generated.contains(#"GraphQLField("id"), GraphQLField("name", conditions: [.include(.variable("b"))])"#), "\(generated)")
        #expect(generated.contains(#"GraphQLField("kind", conditions: [.skip(.literal(.bool(true))), .include(.variable("b"))])"#), "\(generated)")
    }

    @Test func aFragmentAlsoSpreadWithoutAConditionIsAlwaysThere() throws {
        let generated = try code("query Q($b: Boolean!) { item(id: 1) { ...F @include(if: $b) ... { ...F } } }\nfragment F on Item { name }")
        #expect(generated.contains("public let f: F\n"), "\(generated)")
        #expect(generated.contains("Fragments(f: try F(object))"))
    }

    @Test func anInlineFragmentUnderAConditionMakesItsSpreadsOptional() throws {
        let generated = try code("query Q($b: Boolean!) { item(id: 1) { id ... @skip(if: $b) { ...F } } }\nfragment F on Item { name }")
        #expect(generated.contains("public let f: F?"), "\(generated)")
        #expect(generated.contains(#"GraphQLField("name", conditions: [.skip(.variable("b"))])"#), "\(generated)")
    }
}
