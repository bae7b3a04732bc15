import Domain

/// Reads the signed-in user and their trips.
public protocol TripRepository: Sendable {
    /// The user the server recognises from the stored token, or `nil` when it recognises nobody.
    func currentUser() async throws -> User?
}
