import Domain
import Ports

/// What booking and cancelling share: the launch id and the login are checked before any
/// request, then the booking service is asked once.
struct TripChange: Sendable {
    private let trips: any TripBookingService
    private let signedIn: SignedInGuard

    init(trips: any TripBookingService, credentials: any CredentialStore) {
        self.trips = trips
        self.signedIn = SignedInGuard(credentials: credentials)
    }

    /// Runs `change` for the launch `rawID` names.
    /// - Throws: ``DomainError`` for a malformed id and ``UseCaseError/notLoggedIn`` without a
    ///   stored token, both before any request.
    func run(
        _ rawID: String, _ change: (any TripBookingService, LaunchID) async throws -> TripUpdate
    ) async throws -> TripUpdate {
        let id = try LaunchID(rawID)
        return try await signedIn.run { try await change(trips, id) }
    }
}
