import Domain
import Ports

/// Books a seat on a launch for the logged-in user.
public struct BookTrip: Sendable {
    private let change: TripChange

    public init(trips: any TripBookingService, credentials: any CredentialStore) {
        self.change = TripChange(.booking, trips: trips, credentials: credentials)
    }

    /// Books the launch; the answer's `success` and `message` are the server's.
    /// - Throws: ``DomainError`` for a malformed id and ``UseCaseError/notLoggedIn`` without a
    ///   stored token, both before any request.
    public func callAsFunction(id rawID: String) async throws -> TripUpdate {
        try await change.run(rawID) { trips, id in try await trips.bookTrip(id) }
    }
}
