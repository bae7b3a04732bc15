import GraphQLClient
@testable import GraphQLClientDocumentRunner
import GraphQLLanguage
import GraphQLPlanning
import PlannedDocuments
import JSON
import Testing

/// Every composite field of a planned operation carries the types the schema allows its
/// objects to be: the object type itself, an interface's implementations, a union's members.
/// The normalized cache refuses an answer whose object claims any other `__typename`.
@Suite(.timeLimit(.minutes(5)))
struct PossibleTypesTests {
    static let schema = """
        type Query { node(id: ID!): Node  search: [Result]  launch: Launch  count: Int }
        interface Node { id: ID! }
        type Launch implements Node { id: ID!  site: String  mission: Mission }
        type Rocket implements Node { id: ID!  name: String }
        type Mission { name: String }
        union Result = Launch | Mission
        """

    @Test func plannedFieldsCarryTheirPossibleTypes() throws {
        let schema = try Schema.parse(Self.schema, sourceName: "schema.graphqls")
        let document = try Parser.parse(
            #"query Q { node(id: "1") { id } search { __typename } launch { id mission { name } } count }"#, sourceName: "q.graphql"
        )
        let definition = try #require(document.operations.first)
        let plan = try ClientOperationPlanner.plan(definition, sourceName: "q.graphql", documents: [document], schema: schema).get()
        let fields = Dictionary(uniqueKeysWithValues: plan.fields.map { ($0.name, $0) })
        #expect(fields["node"]?.possibleTypes == ["Launch", "Rocket"])
        #expect(fields["search"]?.possibleTypes == ["Launch", "Mission"])
        #expect(fields["launch"]?.possibleTypes == ["Launch"])
        #expect(fields["launch"]?.selections.first { $0.name == "mission" }?.possibleTypes == ["Mission"])
        #expect(fields["count"]?.possibleTypes == [])

        let operation = PlannedOperation.operation(plan)
        let node = try #require(operation.selections.first { $0.name == "node" })
        #expect(node.possibleTypes == ["Launch", "Rocket"])
        #expect(operation.selections.first { $0.name == "count" }?.possibleTypes == nil)
    }

    @Test func typeConditionsBecomeTypeCasesAndTheirFieldsArePrinted() throws {
        let schema = try Schema.parse(Self.schema, sourceName: "schema.graphqls")
        let document = try Parser.parse(
            #"query Q { search { ... on Launch { site } ... on Mission { name } } node(id: "1") { id ... on Rocket { name } } }"#, sourceName: "q.graphql"
        )
        let definition = try #require(document.operations.first)
        let plan = try ClientOperationPlanner.plan(definition, sourceName: "q.graphql", documents: [document], schema: schema).get()
        let operation = PlannedOperation.operation(plan)
        let search = try #require(operation.selections.first { $0.name == "search" })
        #expect(search.selections(forTypename: "Launch").map(\.name) == ["__typename", "site"])
        #expect(search.selections(forTypename: "Mission").map(\.name) == ["__typename", "name"])
        #expect(operation.document.contains("search { __typename ... on Launch { __typename site } ... on Mission { __typename name } }"), "\(operation.document)")
        let answer: [String: JSONValue] = [
            "search": [["__typename": "Launch", "site": "Moon"], ["__typename": "Mission", "name": "Apollo"]],
            "node": ["__typename": "Rocket", "id": "r", "name": "Saturn"],
        ]
        #expect(AnswerJSON.text(answer, fields: plan.fields) == """
            {
              "search": [
                {
                  "site": "Moon"
                },
                {
                  "name": "Apollo"
                }
              ],
              "node": {
                "id": "r",
                "name": "Saturn"
              }
            }
            """)
    }
}
