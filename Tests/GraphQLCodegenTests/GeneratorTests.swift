import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import GraphQLPlanning
import Testing

/// What the generator produces for constructs the tutorial does not use, and what it refuses.
@Suite(.timeLimit(.minutes(5)))
struct GeneratorTests {
    static let schema: Schema = {
        let source = """
            type Query { item(id: ID!): Item, items(filter: Filter): [Item!]!, node: Node, when: Date }
            type Subscription { tick: Int }
            interface Node { id: ID! }
            type Item implements Node { id: ID! name: String, kind: Kind!, items: [Item], item: Item }
            enum Kind { FIRST_KIND, second, unknown }
            input Filter { text: String!, kinds: [Kind!], since: Date }
            scalar Date
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    func generate(_ text: String, configuration: CodegenConfiguration = CodegenConfiguration()) -> Result<[GeneratedFile], GraphQLDiagnosticList> {
        RecordedGeneration.generate(sources: [(name: "Ops/Test.graphql", text: text)], schema: Self.schema, configuration: configuration)
    }

    func contents(_ text: String, configuration: CodegenConfiguration = CodegenConfiguration()) throws -> [String] {
        try generate(text, configuration: configuration).get().map(\.contents)
    }

    @Test func validationErrorsAreCompilerStyle() {
        guard case .failure(let errors) = generate("query Q {\n  item(id: 1) { nmae }\n}") else { Issue.record("expected errors"); return }
        #expect(errors.description == "Ops/Test.graphql:2:17: error: Cannot query field \"nmae\" on type \"Item\".")
    }

    @Test func aSubscriptionIsAGeneratedSubscription() throws {
        let files = try contents("subscription Ticks { tick }")
        #expect(files[0].contains("public struct TicksSubscription: GeneratedSubscription"), "\(files[0])")
        #expect(files[0].contains(#"public static let subscription = GraphQLSubscriptionOperation("#))
        #expect(files[0].contains(#"selections: [GraphQLField("tick")]"#))
        #expect(files[0].contains("public let tick: Swift.Int?"))
        #expect(!files[0].contains("GraphQLOperation("))
    }

    @Test func enumsGetSwiftCaseNamesAndUnknown() throws {
        let schemaTypes = try #require(try contents("query Q { item(id: 1) { kind } }").last)
        #expect(schemaTypes.contains("    case firstKind\n    case second\n    case unknown_\n"))
        #expect(schemaTypes.contains("case \"FIRST_KIND\": self = .firstKind"))
        #expect(schemaTypes.contains("    case unknown(Swift.String)\n"))
        #expect(schemaTypes.contains("case \"unknown\": self = .unknown_"))
    }

    @Test func inputObjectsAndCustomScalarsFollowTheConfiguration() throws {
        let configuration = try CodegenConfiguration.parse("# scalars\nscalar Date = MyDate\n", sourceName: "graphql-codegen.config")
        #expect(configuration.scalarTypes == ["Date": "MyDate"])
        let files = try contents("query Q($f: Filter) { items(filter: $f) { id } when }", configuration: configuration)
        #expect(files[0].contains("public let when: MyDate?"))
        #expect(files[1].contains("public var since: MyDate?"))
        #expect(files[1].contains("public init(text: Swift.String, kinds: [Kind]? = nil, since: MyDate? = nil)"))
        let unconfigured = try contents("query Q { when }")
        #expect(unconfigured[0].contains("public let when: Swift.String?"))
        #expect(throws: ConfigurationError(description: "c:2:1: error: Expected \"scalar Name = SwiftType\".")) {
            try CodegenConfiguration.parse("\nDate = MyDate", sourceName: "c")
        }
    }

    @Test func nestedTypeNamesStayDistinctAndKeywordsAreQuoted() throws {
        let files = try contents("query Q { item(id: 1) { items { id } item { id } default: name } }")
        #expect(files[0].contains("public let items: [Item?]?"))
        #expect(files[0].contains("public let item: Item2?"))
        #expect(files[0].contains("public let `default`: Swift.String?"))
        #expect(files[0].contains("public struct Item2: GraphQLSelectionSet"))
    }

    @Test func literalArgumentsBecomeClientLiterals() throws {
        let files = try contents("query Q { items(filter: {text: \"a\", kinds: [FIRST_KIND]}) { id } }")
        #expect(files[0].contains(#"arguments: ["filter": .literal(.object(["text": .string("a"), "kinds": .array([.string("FIRST_KIND")])]))]"#))
    }

    @Test func generatedFilesAreNamedAfterTheirSources() {
        #expect(CodeGenerator.outputFileName(forSource: "a/b/LaunchList.graphql") == "LaunchList.graphql.swift")
        let sources = [(name: "A/X.graphql", text: "query A { when }"), (name: "B/X.graphql", text: "query B { when }")]
        guard case .failure(let errors) = RecordedGeneration.generate(sources: sources, schema: Self.schema) else { Issue.record("expected errors"); return }
        #expect(errors.description == "B/X.graphql:1:1: error: Another file has the same name (A/X.graphql); generated files are named after their source file.")
    }
}

/// Introspection queries generate typed models like any other operation.
@Suite(.timeLimit(.minutes(5)))
struct IntrospectionGenerationTests {
    @Test func introspectionQueryGeneratesTypedModels() throws {
        let files = try RecordedGeneration.generate(
            sources: [(name: "Schema.graphql", text: "query SchemaTypes { __schema { types { kind name } } }")], schema: GeneratorTests.schema
        ).get()
        #expect(files[0].contents.contains("public let __schema: Schema"))
        #expect(files[0].contents.contains("public let types: [Types]"))
        #expect(files[0].contents.contains("public let kind: __TypeKind"))
        #expect(files[1].contents.contains("public enum __TypeKind: GraphQLEnum"))
        #expect(!files[1].contents.contains("public struct __Schema"))
    }
}
