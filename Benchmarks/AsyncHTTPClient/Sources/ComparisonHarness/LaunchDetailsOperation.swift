import GraphQLClient

/// The tutorial's LaunchDetails query, as RocketReserverAPI generates it (that target is not a
/// product of the root package): the same fields, so the same request bytes. compare.py checks
/// the rendered document against `rocket-reserver-bench --print-documents` before it measures.
public enum LaunchDetailsOperation {
    public static let operation = GraphQLOperation(
        .query, name: "LaunchDetails",
        variables: ["launchId": "ID!"],
        selections: [
            GraphQLField(
                "launch", arguments: ["id": .variable("launchId")],
                [
                    GraphQLField("id"), GraphQLField("site"),
                    GraphQLField(
                        "mission", [GraphQLField("name"), GraphQLField("missionPatch", arguments: ["size": .enumValue("LARGE")])],
                        possibleTypes: ["Mission"]
                    ),
                    GraphQLField("rocket", [GraphQLField("id"), GraphQLField("name"), GraphQLField("type")], possibleTypes: ["Rocket"]),
                    GraphQLField("isBooked"),
                ],
                possibleTypes: ["Launch"]
            )
        ]
    )
}
