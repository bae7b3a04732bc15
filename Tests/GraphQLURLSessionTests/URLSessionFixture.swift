import Foundation
import GraphQLClient

/// The operation and answer the URLSession tests exchange with the loopback server.
enum URLSessionFixture {
    static let launchDetails = GraphQLOperation(
        .query,
        name: "LaunchDetails",
        variables: ["launchId": "ID!"],
        selections: [
            GraphQLField("launch", arguments: ["id": .variable("launchId")], [
                "id", "site", GraphQLField("rocket", ["id", "name", "type"]), "isBooked",
            ]),
        ]
    )

    static let detailsBody = #"""
        {"data":{"launch":{"__typename":"Launch","id":"25","site":"CCAFS SLC 40",
        "rocket":{"__typename":"Rocket","id":"falcon9","name":"Falcon 9","type":"FT"},"isBooked":false}}}
        """#
}
