import Domain
import GraphQLClient
import GraphQLOperationSupport
import NormalizedCache
import Ports
import RocketReserverAPI

/// Books and cancels trips with the generated `BookTripMutation` and `CancelTripMutation`,
/// keeping the cached launch consistent with the outcome.
///
/// The mutations ask for the launch's details (`TripUpdateDetails` spreads
/// `LaunchDetailsFields`), so the update shows the launch from the server's answer, the same
/// whatever the cache holds; the answer also refreshes the cached launch.
///
/// While the mutation runs, the launch's `isBooked` reads as the expected outcome in this
/// process (``NormalizedCache/performOptimistically(_:_:)``), so a screen watching it changes at
/// once; the layer goes when the mutation ends, leaving what was stored.
///
/// After a success the launch's `isBooked` is written into the cache (`true` after booking,
/// `false` after cancelling, whatever the answer's possibly stale copy says), so cache-first
/// details are right without another request. When the outcome is unknown (timeout, connection
/// lost after sending, an unreadable answer, the command cancelled while it waited) the cached
/// `isBooked` is removed instead, so the next details read asks the server, and the error says
/// so (``Ports/ServiceError/outcomeIsUnknown``). Cancelled before the request is made, nothing
/// is sent and nothing changes.
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
        let recordKey = CacheKeys.key(typename: "Launch", id: id.rawValue)
        let client = self.client
        let cache = self.cache
        return try await gatewayCall(Mutation.operationName) {
            // The expected outcome shows at once to every watcher of this cache (the app's
            // button); the server's answer confirms it, a failure rolls it back.
            try await cache.performOptimistically(.setting("isBooked", of: recordKey, to: .bool(isBooked))) {
            // One process at a time sends a mutation and updates the cache, so parallel book and
            // cancel runs reach the cache in the order the server ran them.
            try await cache.withExclusiveAccess {
                // Cancelled while waiting for the cache (Ctrl-C): nothing was sent.
                try Task.checkCancellation()
                let update: TripUpdate
                do {
                    update = try await client.run(mutation) { data in
                        try TripUpdateMapping.update(answer(data), id: id, isBookedOnSuccess: isBooked)
                    }
                } catch {
                    guard Self.outcomeIsUnknown(error) else { throw error }
                    await cache.removeField("isBooked", of: recordKey)
                    await cache.noteMutation()
                    var mapped = ServiceErrorMapping.map(error, operation: Mutation.operationName)
                    if var service = mapped as? ServiceError {
                        service.outcomeIsUnknown = true
                        mapped = service
                    }
                    throw mapped
                }
                if update.success {
                    await cache.setField("isBooked", of: recordKey, to: .bool(isBooked))
                    await cache.noteMutation()
                }
                return update
            }
            }
        }
    }

    private static func outcomeIsUnknown(_ error: any Error) -> Bool {
        if let error = error as? GraphQLClientError { return error.outcomeIsUnknown }
        return error is MalformedAnswer
    }
}
