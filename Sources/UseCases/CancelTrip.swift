import Domain
import Ports

/// Cancels the logged-in user's trip on a launch.
public struct CancelTrip: Sendable {
    private let change: TripChange

    public init(trips: any TripBookingService, credentials: any CredentialStore) {
        self.change = TripChange(.cancellation, trips: trips, credentials: credentials)
    }

    /// Cancels the trip; the answer's `success` and `message` are the server's.
    /// - Throws: ``DomainError`` for a malformed id and ``UseCaseError/notLoggedIn`` without a
    ///   stored token, both before any request.
    public func callAsFunction(id rawID: String) async throws -> TripUpdate {
        try await change.run(rawID) { trips, id in try await trips.cancelTrip(id) }
    }
}
