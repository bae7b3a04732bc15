import GraphQLClient
import Testing

@Suite(.timeLimit(.minutes(5)))
struct OperationTests {
    @Test func rendersDocumentWithTypenameAliasesArgumentsAndLists() {
        let operation = GraphQLOperation(
            .mutation,
            name: "BookTrip",
            variables: ["id": "ID!"],
            selections: [
                GraphQLField("bookTrips", alias: "booked", arguments: ["launchIds": .list([.variable("id")])], [
                    "success",
                    GraphQLField("launches", ["id", GraphQLField("missionPatch", arguments: ["size": .enumValue("SMALL"), "x": .literal(["k": "v"])])]),
                ]),
            ]
        )
        #expect(operation.document == #"mutation BookTrip($id: ID!) { booked: bookTrips(launchIds: [$id]) { __typename success launches { __typename id missionPatch(size: SMALL, x: {k: "v"}) } } }"#)
    }

    @Test func rendersQueryWithoutVariables() {
        let operation = GraphQLOperation(.query, name: "Me", selections: [GraphQLField("me", ["email"])])
        #expect(operation.document == "query Me { me { __typename email } }")
    }

    @Test func doesNotDuplicateAnExplicitTypename() {
        let field = GraphQLField("me", ["__typename", "email"])
        #expect(field.selections.map(\.name) == ["__typename", "email"])
        #expect(GraphQLField("email").selections.isEmpty)
    }

    @Test func cacheKeysSortArgumentsAndResolveVariables() {
        let launches = GraphQLField("launches", arguments: ["pageSize": .variable("pageSize"), "after": .variable("cursor")], ["cursor"])
        #expect(launches.cacheKey(variables: ["pageSize": 20]) == #"launches({"after":null,"pageSize":20})"#)
        #expect(launches.cacheKey(variables: ["pageSize": 20, "cursor": "abc"]) == #"launches({"after":"abc","pageSize":20})"#)
        #expect(GraphQLField("launch", arguments: ["id": .variable("id")]).cacheKey(variables: ["id": "25"]) == #"launch({"id":"25"})"#)
        #expect(GraphQLField("missionPatch", arguments: ["size": .enumValue("LARGE")]).cacheKey(variables: [:]) == #"missionPatch({"size":"LARGE"})"#)
        #expect(GraphQLField("site", alias: "where").cacheKey(variables: [:]) == "site")
    }
}
