import GraphQLClient
import NormalizedCache

/// Every port the tutorial server backs, built over one client and its cache. (The endpoint's
/// cached user data is removed from outside the cache, by `CacheFolderUserData`.)
public struct GraphQLGateway: Sendable {
    public let launches: GraphQLLaunchRepository
    public let booking: GraphQLTripBookingService
    public let trips: GraphQLTripRepository
    public let authenticator: GraphQLAuthenticator

    /// - Parameters:
    ///   - client: A client whose chain reads and writes `cache`.
    ///   - cache: The cache of the current endpoint and user.
    public init(client: GraphQLClient, cache: NormalizedCache) {
        launches = GraphQLLaunchRepository(client: client)
        booking = GraphQLTripBookingService(client: client, cache: cache)
        trips = GraphQLTripRepository(client: client)
        authenticator = GraphQLAuthenticator(client: client)
    }
}
