import CodegenTestSupport
import GraphQLCodegen
import GraphQLLanguage
import GraphQLPlanning
import Testing

/// Type conditions narrower than the enclosing type become typed accessors (`asItem`) built
/// from the merged selection, and client type cases per object type; wider ones are the
/// enclosing type's own fields.
@Suite(.timeLimit(.minutes(5)))
struct TypeConditionGenerationTests {
    static let schema: Schema = {
        let source = """
            type Query { node: Node, any: Any, item: Item }
            interface Node { id: ID! }
            interface Named { name: String }
            type Item implements Node & Named { id: ID!, name: String, size: Int }
            type Person implements Node & Named { id: ID!, name: String, age: Int }
            type Place implements Node { id: ID! }
            union Any = Item | Person | Place
            """
        do { return try Schema.parse(source, sourceName: "schema.graphqls") } catch { fatalError("\(error)") }
    }()

    func generate(_ text: String) throws -> (code: String, plan: ClientOperationPlan) {
        let files = try RecordedGeneration.generate(sources: [(name: "Q.graphql", text: text)], schema: Self.schema).get()
        let document = try Parser.parse(text, sourceName: "Q.graphql")
        let operation = try #require(document.operations.first)
        let plan = try ClientOperationPlanner.plan(operation, sourceName: "Q.graphql", documents: [document], schema: Self.schema).get()
        return (try #require(files.first).contents, plan)
    }

    @Test func eachConditionGetsAnAccessorWithEverythingItsObjectsHave() throws {
        let (code, plan) = try generate("query Q { node { id ... on Named { name } ... on Item { size } } }")
        #expect(code.contains("public let asNamed: AsNamed?"), "\(code)")
        #expect(code.contains("public let asItem: AsItem?"))
        #expect(code.contains(#"self.asNamed = try object.typeCase(["Item", "Person"])"#), "\(code)")
        #expect(code.contains(#"self.asItem = try object.typeCase(["Item"])"#))
        // An Item is Named: its accessor has id, name and size.
        let asItem = try #require(code.range(of: "public struct AsItem: GraphQLSelectionSet"))
        let body = code[asItem.upperBound...].prefix(400)
        #expect(body.contains("public let id: Swift.String") && body.contains("public let name: Swift.String?") && body.contains("public let size: Swift.Int?"), "\(body)")
        let node = try #require(plan.fields.first)
        #expect(node.selections.map(\.name) == ["id"])
        #expect(node.typeCases.map(\.possibleTypes) == [["Item"], ["Person"]])
        #expect(node.typeCases.map { $0.selections.map(\.name) } == [["id", "name", "size"], ["id", "name"]])
    }

    @Test func aUnionFieldMaySelectOnlyUnderConditions() throws {
        let (code, plan) = try generate("query Q { any { ... on Place { id } ... on Person { age } } }")
        #expect(code.contains("public let asPlace: AsPlace?") && code.contains("public let asPerson: AsPerson?"), "\(code)")
        let any = try #require(plan.fields.first)
        #expect(any.selections.isEmpty)
        #expect(any.possibleTypes == ["Item", "Person", "Place"])
        #expect(any.typeCases.map(\.possibleTypes) == [["Place"], ["Person"]])
    }

    @Test func anInterfaceCoveringTheWholeUnionIsPlainFields() throws {
        let (code, plan) = try generate("query Q { any { ... on Node { id } } }")
        #expect(!code.contains("asNode"))
        #expect(code.contains("public let id: Swift.String\n"), "\(code)")
        #expect(plan.fields.first?.typeCases == [])
        #expect(plan.fields.first?.selections.map(\.name) == ["id"])
    }

    @Test func aFragmentOnAWiderTypeIsTheObjectsOwn() throws {
        let (code, plan) = try generate("query Q { item { ...NodeId } }\nfragment NodeId on Node { id ... on Person { age } }")
        let query = try #require(code.components(separatedBy: "public struct NodeId").first)
        #expect(query.contains("public let id: Swift.String\n") && query.contains("public let fragments: Fragments"), "\(code)")
        #expect(!query.contains("asPerson: AsPerson"), "an Item is never a Person")
        #expect(code.contains("public let asPerson: AsPerson?"), "the fragment's own model has it")
        #expect(plan.fields.first?.typeCases == [])
        #expect(plan.fields.first?.selections.map(\.name) == ["id"])
    }

    @Test func aFragmentOnANarrowerTypeBelongsToItsAccessor() throws {
        let (code, _) = try generate("query Q { node { id ...ItemSize } }\nfragment ItemSize on Item { size }")
        let asItem = try #require(code.range(of: "public struct AsItem: GraphQLSelectionSet"))
        #expect(code[asItem.upperBound...].contains("public let fragments: Fragments"), "\(code)")
        #expect(code[..<asItem.lowerBound].contains("public let asItem: AsItem?"))
    }

    @Test func nestedConditionsNarrowToTheTypesBothAllow() throws {
        let (code, plan) = try generate("query Q { any { ... on Named { name ... on Node { id } } } }")
        // Every Named member of Any is a Node: id goes with name, for Items and Persons.
        #expect(code.contains("public let asNamed: AsNamed?"), "\(code)")
        #expect(!code.contains("asNode"), "\(code)")
        #expect(plan.fields.first?.typeCases.map(\.possibleTypes) == [["Item", "Person"]])
        #expect(plan.fields.first?.typeCases.first?.selections.map(\.name) == ["name", "id"])
    }

    @Test func accessorNamesStayClearOfFields() throws {
        let (code, _) = try generate("query Q { node { asItem: id ... on Item { size } } }")
        #expect(code.contains("public let asItem: Swift.String"), "\(code)")
        #expect(code.contains("public let asItem2: AsItem2?"), "\(code)")
    }
}
