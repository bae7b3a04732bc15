import Domain
import GraphQLClient
import Ports

/// Books and cancels trips with the `BookTrip` and `CancelTrip` mutations, keeping the cached
/// launch consistent with the outcome.
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
        try await change(id, TutorialOperations.bookTrip, variables: ["id": .string(id.rawValue)], field: "bookTrips", isBooked: true)
    }

    public func cancelTrip(_ id: LaunchID) async throws -> TripUpdate {
        try await change(id, TutorialOperations.cancelTrip, variables: ["launchId": .string(id.rawValue)], field: "cancelTrip", isBooked: false)
    }

    private func change(
        _ id: LaunchID,
        _ operation: GraphQLOperation,
        variables: [String: JSONValue],
        field: String,
        isBooked: Bool
    ) async throws -> TripUpdate {
        let recordKey = "Launch:" + id.rawValue
        return try await gatewayCall(operation) {
            let response: [String: JSONValue]
            let success: Bool
            do {
                let result = try await client.perform(operation, variables: variables)
                guard let answer = result.data[field]?.objectValue, let flag = answer["success"]?.boolValue else {
                    throw LaunchDecoding.Malformed(what: "no success flag")
                }
                response = answer
                success = flag
            } catch {
                if Self.outcomeIsUnknown(error) { await cache.removeField("isBooked", of: recordKey) }
                throw error
            }
            if success { await cache.setField("isBooked", of: recordKey, to: .bool(isBooked)) }
            let cached = await cache.read(TutorialOperations.launchDetails, variables: ["launchId": .string(id.rawValue)])
            let launch = cached?["launch"].flatMap { try? LaunchDecoding.details($0) }
            return TripUpdate(launchID: id, success: success, message: response["message"]?.stringValue, launch: launch)
        }
    }

    private static func outcomeIsUnknown(_ error: any Error) -> Bool {
        if let error = error as? GraphQLClientError { return error.outcomeIsUnknown }
        return error is LaunchDecoding.Malformed
    }
}
