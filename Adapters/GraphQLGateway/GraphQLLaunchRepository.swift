import Domain
import GraphQLClient
import GraphQLServiceMapping
import Ports
import RocketReserverAPI

/// Reads launches with the generated `LaunchListQuery` and `LaunchDetailsQuery`.
///
/// Pages and details are read as `freshness` says (see ``CachePolicy/init(_:)``); every page
/// fetched is stored under its arguments, which also refreshes every launch it contains.
/// An answer is used, and cached, only if it decodes into the generated model and maps to
/// domain values; a cached answer that does not is a miss.
public struct GraphQLLaunchRepository: LaunchRepository {
    private let client: GraphQLClient

    public init(client: GraphQLClient) {
        self.client = client
    }

    public func launchPage(_ request: LaunchPageRequest, freshness: Freshness) async throws -> LaunchPage {
        let query = LaunchListQuery(pageSize: request.pageSize, cursor: request.after)
        return try await gatewayCall(LaunchListQuery.operationName) {
            try await client.run(query, cachePolicy: CachePolicy(freshness)) { data in
                let connection = data.launches
                return LaunchPage(
                    launches: try LaunchMapping.launches(connection.launches.map { $0?.fragments.launchTile }),
                    cursor: connection.cursor,
                    hasMore: connection.hasMore
                )
            }
        }
    }

    public func launchDetails(id: LaunchID, freshness: Freshness) async throws -> LaunchDetails? {
        let query = LaunchDetailsQuery(launchId: id.rawValue)
        return try await gatewayCall(LaunchDetailsQuery.operationName) {
            try await client.run(query, cachePolicy: CachePolicy(freshness)) { data in try Self.details(data, id: id) }
        }
    }

    /// A `LaunchDetails` answer for `id`: `nil` (no such launch) or that launch.
    static func details(_ data: LaunchDetailsQuery.Data, id: LaunchID) throws(MalformedAnswer) -> LaunchDetails? {
        guard let launch = data.launch else { return nil }
        let details = try LaunchMapping.details(launch.fragments.launchDetailsFields)
        guard details.launch.id == id else { throw MalformedAnswer(what: "a launch other than the one asked for") }
        return details
    }
}
