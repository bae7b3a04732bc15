import Domain
import GraphQLClient
import GraphQLServiceMapping
import Ports
import RocketReserverAPI

/// Reads the signed-in user and their trips with the generated `MyTripsQuery`, as `freshness` says.
public struct GraphQLTripRepository: TripRepository {
    private let client: GraphQLClient

    public init(client: GraphQLClient) {
        self.client = client
    }

    public func currentUser(freshness: Freshness) async throws -> User? {
        try await gatewayCall(MyTripsQuery.operationName) {
            try await client.run(MyTripsQuery(), cachePolicy: CachePolicy(freshness), mapping: Self.user)
        }
    }

    static func user(_ data: MyTripsQuery.Data) throws -> User? {
        guard let me = data.me else { return nil }
        guard let email = try? EmailAddress(me.email) else { throw MalformedAnswer(what: "a user without a valid email address") }
        let trips = try LaunchMapping.launches(me.trips.map { $0?.fragments.launchTile }).map(Trip.init(launch:))
        return User(email: email, trips: trips)
    }
}
