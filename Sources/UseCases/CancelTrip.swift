import Domain
import Ports

/// Cancels the logged-in user's trip on a launch.
public struct CancelTrip: Sendable {
    private let trips: any TripBookingService
    private let signedIn: SignedInGuard

    public init(trips: any TripBookingService, credentials: any CredentialStore) {
        self.trips = trips
        self.signedIn = SignedInGuard(credentials: credentials)
    }

    /// Cancels the trip; the answer's `success` and `message` are the server's.
    /// - Throws: ``DomainError`` for a malformed id and ``UseCaseError/notLoggedIn`` without a
    ///   stored token, both before any request.
    public func callAsFunction(id rawID: String) async throws -> TripUpdate {
        let id = try LaunchID(rawID)
        return try await signedIn.run { try await trips.cancelTrip(id) }
    }
}
