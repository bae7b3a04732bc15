import Domain
import Ports

/// Lists the logged-in user's trips.
public struct MyTrips: Sendable {
    private let trips: any TripRepository
    private let signedIn: SignedInGuard

    public init(trips: any TripRepository, credentials: any CredentialStore) {
        self.trips = trips
        self.signedIn = SignedInGuard(credentials: credentials)
    }

    /// The user the server recognises and their trips.
    /// - Throws: ``UseCaseError/notLoggedIn`` without a stored token (nothing is sent);
    ///   ``ServiceError`` of kind `unauthenticated` when the server does not recognise the token.
    public func callAsFunction() async throws -> User {
        try await signedIn.run {
            guard let user = try await trips.currentUser() else {
                throw ServiceError(.unauthenticated, operation: "MyTrips", detail: "The server did not recognise the stored login.")
            }
            return user
        }
    }
}
