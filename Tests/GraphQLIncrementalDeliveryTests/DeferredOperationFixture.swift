import Foundation
import GraphQLClient
import GraphQLTestDoubles
import JSON
import NormalizedCache
import Synchronization
import Transport

/// A deferred launch query, its answers in both formats, and the standard chain over a
/// scripted streaming session.
enum DeferredOperationFixture {
    /// `launch(id: "25") { id site ... @defer(label: "Rocket") { rocket { id name } } }`.
    static let operation = GraphQLOperation(.query, name: "DeferredLaunch", selections: [
        GraphQLField("launch", arguments: ["id": .literal("25")], [
            "id", "site",
            GraphQLField("rocket", ["id", "name"], possibleTypes: ["Rocket"], deferral: GraphQLDeferral(label: "Rocket")),
        ], possibleTypes: ["Launch"]),
    ])

    static let initial = #"{"data":{"launch":{"__typename":"Launch","id":"25","site":"CCAFS"}},"hasNext":true}"#
    static let rocket = #"{"__typename":"Rocket","id":"falcon9","name":"Falcon 9"}"#

    /// Apollo's format (boundary `-`): the initial payload, a heartbeat, the rocket.
    static let apollo = "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n" + initial
        + "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{}"
        + "\r\n---\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
        + #"{"incremental":[{"data":{"rocket":"# + rocket + #"},"path":["launch"],"label":"Rocket"}],"hasNext":false}"#
        + "\r\n-----\r\n"

    /// graphql-js 17's format (boundary `graphql`), as Strawberry sends it.
    static let graphQLJS = "--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"data":{"launch":{"__typename":"Launch","id":"25","site":"CCAFS"}},"pending":[{"id":"0","path":["launch"],"label":"Rocket"}],"hasNext":true}"#
        + "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"incremental":[{"id":"0","data":{"rocket":"# + rocket + #"}}],"completed":[{"id":"0"}],"hasNext":false}"#
        + "\r\n--graphql--\r\n"

    /// graphql-js 17's format where the deferred fragment fails.
    static let failing = "--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"data":{"launch":{"__typename":"Launch","id":"25","site":"CCAFS"}},"pending":[{"id":"0","path":["launch"],"label":"Rocket"}],"hasNext":true}"#
        + "\r\n--graphql\r\nContent-Type: application/json\r\n\r\n"
        + #"{"completed":[{"id":"0","errors":[{"message":"rocket unavailable","path":["launch","rocket"]}]}],"hasNext":false}"#
        + "\r\n--graphql--\r\n"

    /// The whole answer, merged.
    static let merged: [String: JSONValue] = [
        "launch": ["__typename": "Launch", "id": "25", "site": "CCAFS", "rocket": ["__typename": "Rocket", "id": "falcon9", "name": "Falcon 9"]],
    ]

    static let initialData: [String: JSONValue] = ["launch": ["__typename": "Launch", "id": "25", "site": "CCAFS"]]

    static func client(_ session: any HTTPSession, cache: NormalizedCache = NormalizedCache()) -> GraphQLClient {
        GraphQLClient(interceptors: GraphQLInterceptors.standard(
            endpoint: URL(string: "http://127.0.0.1:4000/graphql")!, session: session, cache: cache, retry: RetryInterceptor(delays: [.zero], sleep: { _ in })
        ))
    }

    /// Runs the operation and collects the parts handed on, and how it ended.
    static func run(_ client: GraphQLClient, policy: CachePolicy = .networkOnly) async -> (parts: [GraphQLIncrementalPart], error: (any Error)?) {
        let parts = PartLog()
        do {
            _ = try await client.send(GraphQLRequest(operation: operation, cachePolicy: policy)) { parts.append($0) }
            return (parts.all, nil)
        } catch {
            return (parts.all, error)
        }
    }
}

/// The parts a test saw.
final class PartLog: Sendable {
    private let parts = Mutex<[GraphQLIncrementalPart]>([])
    func append(_ part: GraphQLIncrementalPart) { parts.withLock { $0.append(part) } }
    var all: [GraphQLIncrementalPart] { parts.withLock { $0 } }
}
