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
    ///   ``UseCaseError/sessionExpired`` when the server does not recognise the token.
    public func callAsFunction() async throws -> User {
        try await self(freshness: .fromServer).value
    }

    /// The user and their trips from where `freshness` allows (``Freshness/cachedOnly``
    /// offline: a stored login is still needed, and nothing is sent).
    public func callAsFunction(freshness: Freshness) async throws -> Answer<User> {
        try await signedIn.run {
            let answer = try await CacheFallback.read(freshness) { try await trips.currentUser(freshness: $0) }
            guard let user = answer.value else {
                throw UseCaseError.sessionExpired
            }
            return Answer(user, source: answer.source)
        }
    }
}
