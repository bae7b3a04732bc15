import GraphQLClient

/// The tutorial's LaunchList and LaunchDetails queries, declared exactly as the gateway declares
/// them (`Adapters/GraphQLGateway/TutorialOperations.swift`); the benchmark may depend only on
/// GraphQLClient, so it keeps its own copy.
enum BenchOperations {
    static let launchList = GraphQLOperation(
        .query,
        name: "LaunchList",
        variables: ["pageSize": "Int", "cursor": "String"],
        selections: [
            GraphQLField("launches", arguments: ["pageSize": .variable("pageSize"), "after": .variable("cursor")], [
                "cursor", "hasMore",
                GraphQLField("launches", ["id", "site", mission(patchSize: "SMALL")]),
            ]),
        ]
    )

    static let launchDetails = GraphQLOperation(
        .query,
        name: "LaunchDetails",
        variables: ["launchId": "ID!"],
        selections: [
            GraphQLField("launch", arguments: ["id": .variable("launchId")], [
                "id", "site",
                mission(patchSize: "LARGE"),
                GraphQLField("rocket", ["id", "name", "type"]),
                "isBooked",
            ]),
        ]
    )

    private static func mission(patchSize: String) -> GraphQLField {
        GraphQLField("mission", ["name", GraphQLField("missionPatch", arguments: ["size": .enumValue(patchSize)])])
    }
}
