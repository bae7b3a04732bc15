import GraphQLClient

/// The tutorial app's operations, declared once (their query text is rendered once per process).
public enum TutorialOperations {
    /// A page of launches: `launches(pageSize:, after:)`.
    public static let launchList = GraphQLOperation(
        .query,
        name: "LaunchList",
        variables: ["pageSize": "Int", "cursor": "String"],
        selections: [
            GraphQLField("launches", arguments: ["pageSize": .variable("pageSize"), "after": .variable("cursor")], [
                "cursor", "hasMore",
                GraphQLField("launches", listLaunch(patchSize: "SMALL")),
            ]),
        ]
    )

    /// One launch with its rocket and whether the user booked it.
    public static let launchDetails = GraphQLOperation(
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

    /// Exchanges an email for a token (never cached).
    public static let login = GraphQLOperation(
        .mutation,
        name: "Login",
        variables: ["email": "String!"],
        selections: [GraphQLField("login", arguments: ["email": .variable("email")], ["token"])]
    )

    public static let bookTrip = GraphQLOperation(
        .mutation,
        name: "BookTrip",
        variables: ["id": "ID!"],
        selections: [GraphQLField("bookTrips", arguments: ["launchIds": .list([.variable("id")])], tripUpdate)]
    )

    public static let cancelTrip = GraphQLOperation(
        .mutation,
        name: "CancelTrip",
        variables: ["launchId": "ID!"],
        selections: [GraphQLField("cancelTrip", arguments: ["launchId": .variable("launchId")], tripUpdate)]
    )

    /// The signed-in user and their trips.
    public static let myTrips = GraphQLOperation(
        .query,
        name: "MyTrips",
        selections: [GraphQLField("me", ["email", GraphQLField("trips", listLaunch(patchSize: "SMALL"))])]
    )

    private static let tripUpdate: [GraphQLField] = ["success", "message", GraphQLField("launches", ["id", "isBooked"])]

    private static func listLaunch(patchSize: String) -> [GraphQLField] {
        ["id", "site", mission(patchSize: patchSize)]
    }

    private static func mission(patchSize: String) -> GraphQLField {
        GraphQLField("mission", ["name", GraphQLField("missionPatch", arguments: ["size": .enumValue(patchSize)])])
    }
}
