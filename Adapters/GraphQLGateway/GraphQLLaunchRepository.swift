import Domain
import GraphQLClient
import Ports

/// Reads launches with the tutorial's `LaunchList` and `LaunchDetails` queries.
///
/// Pages are always fetched (network-only: a list should be current, and its cursors are only
/// meaningful to the server) and stored, which refreshes every launch they contain. Details are
/// cache-first for ``Freshness/cachedIfAvailable`` and network-only for ``Freshness/fromServer``.
/// Every answer is decoded before it is cached, and a cached answer that does not decode is a
/// miss (see ``GraphQLRequest/validate``).
public struct GraphQLLaunchRepository: LaunchRepository {
    private let client: GraphQLClient

    public init(client: GraphQLClient) {
        self.client = client
    }

    public func launchPage(_ request: LaunchPageRequest) async throws -> LaunchPage {
        var variables: [String: JSONValue] = [:]
        if let pageSize = request.pageSize { variables["pageSize"] = .int(pageSize) }
        if let cursor = request.after { variables["cursor"] = .string(cursor) }
        let operation = TutorialOperations.launchList
        return try await gatewayCall(operation) {
            let result = try await client.fetch(operation, variables: variables, cachePolicy: .networkOnly) { data in
                _ = try Self.page(data)
            }
            return try Self.page(result.data)
        }
    }

    private static func page(_ data: [String: JSONValue]) throws(LaunchDecoding.Malformed) -> LaunchPage {
        guard let connection = data["launches"], let cursor = connection["cursor"]?.stringValue,
              let hasMore = connection["hasMore"]?.boolValue
        else { throw LaunchDecoding.Malformed(what: "no page of launches with a cursor") }
        return LaunchPage(launches: try LaunchDecoding.launches(connection["launches"]), cursor: cursor, hasMore: hasMore)
    }

    public func launchDetails(id: LaunchID, freshness: Freshness) async throws -> LaunchDetails? {
        let policy = CachePolicy(freshness)
        let operation = TutorialOperations.launchDetails
        return try await gatewayCall(operation) {
            let rawID = id.rawValue
            let result = try await client.fetch(operation, variables: ["launchId": .string(rawID)], cachePolicy: policy) { data in
                try LaunchDecoding.validateDetails(data, id: rawID)
            }
            guard let launch = result.data["launch"], !launch.isNull else { return nil }
            return try LaunchDecoding.details(launch)
        }
    }
}
