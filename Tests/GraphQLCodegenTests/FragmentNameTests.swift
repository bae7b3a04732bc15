import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// A fragment's struct is a top-level type of the generated module: a fragment named like
/// another top-level type (an operation's struct, an enum or input object of the schema) or
/// like a type the generated code uses gets an error at its name, not Swift that does not
/// compile. A fragment named like a field's struct is fine: the field's struct steps aside, as
/// the `fragments` member steps aside for a field aliased `fragments`.
@Suite(.timeLimit(.minutes(5)))
struct FragmentNameTests {
    func errors(_ text: String) -> [String] {
        switch RecordedGeneration.generate(sources: [(name: "Ops/Test.graphql", text: text)], schema: GeneratorTests.schema) {
        case .success: []
        case .failure(let errors): errors.diagnostics.map(\.description)
        }
    }

    @Test(arguments: [
        ("Kind", "the schema's enum Kind"),
        ("Filter", "the schema's input object Filter"),
        ("FindQuery", "the operation's struct FindQuery"),
        ("Data", "Data, a type the generated code uses"),
        ("ResponseObject", "ResponseObject, a type the generated code uses"),
        ("Swift", "Swift, a type the generated code uses"),
    ])
    func aFragmentNamedLikeAnotherTopLevelTypeIsAnError(_ name: String, _ clash: String) {
        #expect(errors("query Find { item(id: 1) { ...\(name) } }\nfragment \(name) on Item { id }") == [
            "Ops/Test.graphql:2:10: error: The fragment \"\(name)\" would be a Swift struct named like \(clash); rename the fragment.",
        ])
    }

    @Test func aFragmentNamedLikeItsFieldsStructLeavesThatStructAnotherName() throws {
        let files = try RecordedGeneration.generate(
            sources: [(name: "Ops/Test.graphql", text: "query Find { item(id: 1) { ...Item ... on Item { ...AsItem } } }\nfragment Item on Item { id }\nfragment AsItem on Item { name }")],
            schema: GeneratorTests.schema
        ).get()
        let code = try #require(files.first).contents
        #expect(code.contains("public let item: Item2?"), "\(code)")
        #expect(code.contains("public struct Item2: GraphQLSelectionSet"))
        #expect(code.contains("public let item: Item\n"), "the fragments member holds the fragment itself:\n\(code)")
        #expect(code.contains("public struct Item: GraphQLSelectionSet"))
    }

    @Test func aFieldAliasedFragmentsKeepsItsNameAndTheFragmentsStepAside() throws {
        let files = try RecordedGeneration.generate(
            sources: [(name: "Ops/Test.graphql", text: "query Find { item(id: 1) { fragments: name ...Named } }\nfragment Named on Item { name }")],
            schema: GeneratorTests.schema
        ).get()
        let code = try #require(files.first).contents
        #expect(code.contains("public let fragments: Swift.String?"), "\(code)")
        #expect(code.contains("public let fragments2: Fragments"), "\(code)")
        #expect(code.contains("self.fragments2 = Fragments(named: try Named(object))"), "\(code)")
    }
}
