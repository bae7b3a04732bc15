import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// `@defer` on inline fragments and fragment spreads: the deferred fields are optional and
/// decoded as possibly not arrived yet, a deferred fragment's model is optional, and the
/// client's fields keep their deferral (so the document sent defers them).
@Suite(.timeLimit(.minutes(5)))
struct DeferGenerationTests {
    static let schema: Schema = {
        let source = """
            type Query { item(id: ID!): Item }
            type Item { id: ID! name: String, kind: Kind!, items: [Item] }
            enum Kind { FIRST_KIND, second }
            directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT
            directive @tag(name: String) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    func generate(_ text: String) -> Result<[GeneratedFile], GraphQLDiagnosticList> {
        RecordedGeneration.generate(sources: [(name: "Ops/Q.graphql", text: text)], schema: Self.schema)
    }

    func code(_ text: String) throws -> String {
        try #require(try generate(text).get().first).contents
    }

    @Test func aDeferredInlineFragmentsFieldsAreOptional() throws {
        let generated = try code(#"query Q { item(id: 1) { id ... @defer(label: "more") { kind items { id } } } }"#)
        #expect(generated.contains("public let kind: Kind?"), "\(generated)")
        #expect(generated.contains("public let items: [Item?]?"), "\(generated)")
        #expect(generated.contains("public let id: Swift.String\n"))
        #expect(generated.contains(#"self.kind = try object.conditionalField("kind")"#))
        #expect(generated.contains(#"GraphQLField("kind", deferral: GraphQLDeferral(label: "more"))"#), "\(generated)")
        #expect(generated.contains(#"... @defer(label: \"more\") { kind items { id } }"#), "\(generated)")
    }

    @Test func aDeferredSpreadIsAnOptionalFragmentWithItsCondition() throws {
        let generated = try code("query Q($b: Boolean!) { item(id: 1) { id ...F @defer(if: $b) } }\nfragment F on Item { name kind }")
        #expect(generated.contains("public let f: F?"), "\(generated)")
        #expect(generated.contains(#"Fragments(f: try object.conditionalFragment(["name", "kind"]))"#), "\(generated)")
        #expect(generated.contains(#"GraphQLField("name", deferral: GraphQLDeferral(if: .variable("b")))"#), "\(generated)")
    }

    @Test func aFieldAlsoSelectedWithoutDeferIsInTheFirstPayload() throws {
        let generated = try code("query Q { item(id: 1) { kind ... @defer { kind name } } }")
        #expect(generated.contains("public let kind: Kind\n"), "\(generated)")
        #expect(generated.contains("public let name: Swift.String?\n"))
        #expect(generated.contains(#"GraphQLField("kind"), GraphQLField("name", deferral: GraphQLDeferral())"#), "\(generated)")
    }

    @Test func deferIfFalseDefersNothing() throws {
        let generated = try code("query Q { item(id: 1) { id ... @defer(if: false) { kind } } }")
        #expect(generated.contains("public let kind: Kind\n"), "\(generated)")
        #expect(!generated.contains("deferral:"))
    }

    @Test func otherDirectivesOnSelectionsAreStillRefused() throws {
        guard case .failure(let diagnostics) = generate("query Q { item(id: 1) { id ... @tag(name: \"x\") { kind } } }") else {
            Issue.record("@tag generated")
            return
        }
        #expect(diagnostics.description.contains(#"Directive "@tag" on a selection is not supported by the code generator yet."#), "\(diagnostics)")
    }
}
