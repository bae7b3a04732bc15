/// The answer of `bookTrips` and `cancelTrip`: the `TripUpdateResponse` type.
struct TripUpdateResult: Sendable {
    /// Whether every requested change was made.
    var success: Bool
    /// Human-readable outcome.
    var message: String
    /// The launches concerned; `nil` when none.
    var launches: [Launch]?

    static let bookedMessage = "trips booked successfully"
    static let cancelledMessage = "trip cancelled"
    static let cancelFailedMessage = "failed to cancel trip"

    /// The message listing launches that could not be booked.
    static func notBookedMessage(_ ids: [String]) -> String {
        "the following launches couldn't be booked: \(ids.joined(separator: ","))"
    }
}
