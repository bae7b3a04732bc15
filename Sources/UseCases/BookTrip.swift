import Domain
import Ports

/// Books a seat on a launch for the logged-in user.
public struct BookTrip: Sendable {
    private let trips: any TripBookingService
    private let signedIn: SignedInGuard

    public init(trips: any TripBookingService, credentials: any CredentialStore) {
        self.trips = trips
        self.signedIn = SignedInGuard(credentials: credentials)
    }

    /// Books the launch; the answer's `success` and `message` are the server's.
    /// - Throws: ``DomainError`` for a malformed id and ``UseCaseError/notLoggedIn`` without a
    ///   stored token, both before any request.
    public func callAsFunction(id rawID: String) async throws -> TripUpdate {
        let id = try LaunchID(rawID)
        return try await signedIn.run { try await trips.bookTrip(id) }
    }
}
