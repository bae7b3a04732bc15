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
        let recordKey = CacheKeys.key(typename: "Launch", id: id.rawValue)
        let client = self.client
        let cache = self.cache
        return try await gatewayCall(operation) {
            // One process at a time sends a mutation and updates the cache, so parallel book and
            // cancel runs reach the cache in the order the server ran them.
            try await cache.withExclusiveAccess {
                let response: [String: JSONValue]
                let success: Bool
                do {
                    let result = try await client.perform(operation, variables: variables) { data in
                        _ = try Self.answer(data, field: field)
                    }
                    (response, success) = try Self.answer(result.data, field: field)
                } catch {
                    if Self.outcomeIsUnknown(error) {
                        await cache.removeField("isBooked", of: recordKey)
                        await cache.noteMutation()
                    }
                    throw error
                }
                if success {
                    await cache.setField("isBooked", of: recordKey, to: .bool(isBooked))
                    await cache.noteMutation()
                }
                let cached = await cache.read(TutorialOperations.launchDetails, variables: ["launchId": .string(id.rawValue)])
                let launch = cached?["launch"].flatMap { try? LaunchDecoding.details($0) }
                return TripUpdate(launchID: id, success: success, message: response["message"]?.stringValue, launch: launch)
            }
        }
    }

    /// The mutation's answer object and its success flag; its launches must decode.
    private static func answer(_ data: [String: JSONValue], field: String) throws(LaunchDecoding.Malformed) -> ([String: JSONValue], Bool) {
        guard let answer = data[field]?.objectValue, let flag = answer["success"]?.boolValue else {
            throw LaunchDecoding.Malformed(what: "no success flag")
        }
        if let launches = answer["launches"], !launches.isNull {
            guard let elements = launches.arrayValue else { throw LaunchDecoding.Malformed(what: "a list of launches that is not a list") }
            for element in elements where !element.isNull {
                guard case .string(let id)? = element["id"], !id.isEmpty else { throw LaunchDecoding.Malformed(what: "a launch without a valid id") }
                switch element["isBooked"] {
                case .bool?, .null?, nil: break
                default: throw LaunchDecoding.Malformed(what: "an isBooked that is not true or false")
                }
            }
        }
        return (answer, flag)
    }

    private static func outcomeIsUnknown(_ error: any Error) -> Bool {
        if let error = error as? GraphQLClientError { return error.outcomeIsUnknown }
        return error is LaunchDecoding.Malformed
    }
}
