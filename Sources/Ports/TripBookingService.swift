import Domain

/// Books and cancels trips for the signed-in user.
///
/// Implementations keep what they cache consistent with the answer: after a successful
/// call, ``LaunchRepository/launchDetails(id:freshness:)`` with ``Freshness/cachedIfAvailable``
/// reports the new `isBooked` without asking the server again.
public protocol TripBookingService: Sendable {
    /// Books a seat on the launch.
    func bookTrip(_ id: LaunchID) async throws -> TripUpdate

    /// Cancels the trip on the launch.
    func cancelTrip(_ id: LaunchID) async throws -> TripUpdate
}
