import Domain
import GraphQLClient
import GraphQLOperationSupport
import Ports
import RocketReserverAPI

/// Books and cancels trips with the generated `BookTripMutation` and `CancelTripMutation`,
/// keeping the cached launch consistent with the outcome.
///
/// After a success the launch's `isBooked` is written into the cache (`true` after booking,
/// `false` after cancelling, whatever the answer's possibly stale copy says), so cache-first
/// details are right without another request. When the outcome is unknown (timeout, connection
/// lost after sending, an unreadable answer) the cached `isBooked` is removed instead, so the
/// next details read asks the server.
public struct GraphQLTripBookingService: TripBookingService {
    private let client: GraphQLClient
    private let cache: NormalizedCache

    public init(client: GraphQLClient, cache: NormalizedCache) {
        self.client = client
        self.cache = cache
    }

    public func bookTrip(_ id: LaunchID) async throws -> TripUpdate {
        try await change(id, BookTripMutation(id: id.rawValue), isBooked: true) { $0.bookTrips.fragments.tripUpdateDetails }
    }

    public func cancelTrip(_ id: LaunchID) async throws -> TripUpdate {
        try await change(id, CancelTripMutation(launchId: id.rawValue), isBooked: false) { $0.cancelTrip.fragments.tripUpdateDetails }
    }

    private func change<Mutation: GeneratedOperation>(
        _ id: LaunchID,
        _ mutation: Mutation,
        isBooked: Bool,
        answer: @escaping @Sendable (Mutation.Data) -> TripUpdateDetails
    ) async throws -> TripUpdate {
        let recordKey = "Launch:" + id.rawValue
        let client = self.client
        let cache = self.cache
        return try await gatewayCall(Mutation.operationName) {
            // One process at a time sends a mutation and updates the cache, so parallel book and
            // cancel runs reach the cache in the order the server ran them.
            try await cache.withExclusiveAccess {
                let outcome: (success: Bool, message: String?)
                do {
                    outcome = try await client.run(mutation) { data in try TripUpdateMapping.outcome(answer(data)) }
                } catch {
                    if Self.outcomeIsUnknown(error) {
                        await cache.removeField("isBooked", of: recordKey)
                        await cache.noteMutation()
                    }
                    throw error
                }
                if outcome.success {
                    await cache.setField("isBooked", of: recordKey, to: .bool(isBooked))
                    await cache.noteMutation()
                }
                let launch = await Self.cachedDetails(id, in: cache)
                return TripUpdate(launchID: id, success: outcome.success, message: outcome.message, launch: launch)
            }
        }
    }

    /// The launch's details as the cache now holds them, if it holds all of them.
    private static func cachedDetails(_ id: LaunchID, in cache: NormalizedCache) async -> LaunchDetails? {
        let query = LaunchDetailsQuery(launchId: id.rawValue)
        guard let cached = await cache.read(LaunchDetailsQuery.operation, variables: query.variables.jsonValues),
              let data = try? LaunchDetailsQuery.decode(data: cached)
        else { return nil }
        return try? GraphQLLaunchRepository.details(data, id: id)
    }

    private static func outcomeIsUnknown(_ error: any Error) -> Bool {
        if let error = error as? GraphQLClientError { return error.outcomeIsUnknown }
        return error is MalformedAnswer
    }
}
