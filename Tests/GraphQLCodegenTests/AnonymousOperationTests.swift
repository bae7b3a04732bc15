import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import Testing

/// An anonymous operation (the only one of its document) is named after its file, and is sent
/// without an operation name.
@Suite(.timeLimit(.minutes(5)))
struct AnonymousOperationTests {
    func generate(_ text: String, file: String) -> Result<[GeneratedFile], GraphQLDiagnosticList> {
        RecordedGeneration.generate(sources: [(name: file, text: text)], schema: GeneratorTests.schema, configuration: CodegenConfiguration())
    }

    @Test(arguments: [
        ("Ops/Test.graphql", "TestQuery"), ("Ops/launch-list.graphql", "LaunchListQuery"), ("Ops/item_by_id.v2.graphql", "ItemByIdQuery"),
        ("WhenQuery.graphql", "WhenQuery"), ("Ops/é9x.graphql", "9xQuery"),
    ])
    func theFileNamesTheOperation(_ file: String, _ typeName: String) throws {
        let result = generate("{ when }", file: file)
        if typeName.first?.isNumber == true {
            guard case .failure(let errors) = result else { Issue.record("\(file) generated a type starting with a digit"); return }
            #expect(errors.description == "\(file):1:1: error: An anonymous operation is named after its file, and this file's name gives no Swift name; name the operation.")
            return
        }
        let code = try #require(try result.get().first).contents
        #expect(code.contains("public struct \(typeName): GeneratedOperation"), "\(code)")
        #expect(code.contains("public static let operationName = \"\""))
        #expect(code.contains("public static let document = \"{ when }\"") || code.contains("public static let document = \"query { when }\""), "\(code)")
    }

    @Test func aMutationAndVariablesToo() throws {
        let code = try #require(try generate("query ($id: ID!) { item(id: $id) { id name } }", file: "Ops/Item.graphql").get().first).contents
        #expect(code.contains("public struct ItemQuery: GeneratedOperation"))
        #expect(code.contains("public init(id: Swift.String)"), "\(code)")
    }
}
