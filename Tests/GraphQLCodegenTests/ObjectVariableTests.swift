import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// Input object literals that hold variables (`{text: $text, kinds: [$kind]}`) are generated as
/// client values that keep the variables, so the document sent and the cache key both use them.
@Suite(.timeLimit(.minutes(5)))
struct ObjectVariableTests {
    @Test func anObjectWithVariablesKeepsThemInOrder() throws {
        let text = "query Q($t: String!, $k: Kind!) { items(filter: {text: $t, kinds: [$k, FIRST_KIND]}) { id } }"
        let files = try RecordedGeneration.generate(
            sources: [(name: "Ops/Q.graphql", text: text)], schema: GeneratorTests.schema, configuration: CodegenConfiguration()
        ).get()
        let code = try #require(files.first).contents
        #expect(
            code.contains(#".object([GraphQLObjectMember("text", .variable("t")), GraphQLObjectMember("kinds", .list([.variable("k"), .enumValue("FIRST_KIND")]))])"#),
            "\(code)"
        )
    }

    @Test func aConstantObjectStaysALiteral() throws {
        let files = try RecordedGeneration.generate(
            sources: [(name: "Ops/Q.graphql", text: #"query Q { items(filter: {text: "x"}) { id } }"#)], schema: GeneratorTests.schema,
            configuration: CodegenConfiguration()
        ).get()
        let code = try #require(files.first).contents
        #expect(code.contains(#".literal(.object(["text": .string("x")]))"#), "\(code)")
    }
}
