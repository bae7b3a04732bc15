import Domain
import GraphQLClient
import Ports

/// Reads the signed-in user and their trips with the `MyTrips` query, as `freshness` says.
public struct GraphQLTripRepository: TripRepository {
    private let client: GraphQLClient

    public init(client: GraphQLClient) {
        self.client = client
    }

    public func currentUser(freshness: Freshness) async throws -> User? {
        let operation = TutorialOperations.myTrips
        return try await gatewayCall(operation) {
            let result = try await client.fetch(operation, cachePolicy: CachePolicy(freshness)) { data in _ = try Self.user(data) }
            return try Self.user(result.data)
        }
    }

    private static func user(_ data: [String: JSONValue]) throws(LaunchDecoding.Malformed) -> User? {
        guard let me = data["me"], !me.isNull else { return nil }
        guard let rawEmail = me["email"]?.stringValue, let email = try? EmailAddress(rawEmail) else {
            throw LaunchDecoding.Malformed(what: "a user without a valid email address")
        }
        let trips = try LaunchDecoding.launches(me["trips"]).map(Trip.init(launch:))
        return User(email: email, trips: trips)
    }
}
