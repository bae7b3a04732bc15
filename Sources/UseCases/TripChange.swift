import Domain
import Ports

/// What booking and cancelling share: the launch id and the login are checked before any
/// request, then the booking service is asked once.
struct TripChange: Sendable {
    private let trips: any TripBookingService
    private let signedIn: SignedInGuard
    private let kind: TripChangeKind

    init(_ kind: TripChangeKind, trips: any TripBookingService, credentials: any CredentialStore) {
        self.kind = kind
        self.trips = trips
        self.signedIn = SignedInGuard(credentials: credentials)
    }

    /// Runs `change` for the launch `rawID` names.
    /// - Throws: ``DomainError`` for a malformed id and ``UseCaseError/notLoggedIn`` without a
    ///   stored token, both before any request; ``UseCaseError/interruptedWithOutcomeUnknown(_:_:)``
    ///   when the command was cancelled after the change may have reached the server, and
    ///   ``UseCaseError/outcomeUnknown(_:_:cause:)`` when it failed after that (a timeout, a
    ///   connection that closed, an answer not understood).
    func run(
        _ rawID: String, _ change: (any TripBookingService, LaunchID) async throws -> TripUpdate
    ) async throws -> TripUpdate {
        let id = try LaunchID(rawID)
        do {
            return try await signedIn.run { try await change(trips, id) }
        } catch let error as ServiceError where error.outcomeIsUnknown {
            if error.kind == .cancelled { throw UseCaseError.interruptedWithOutcomeUnknown(kind, id) }
            throw UseCaseError.outcomeUnknown(kind, id, cause: error)
        }
    }
}
