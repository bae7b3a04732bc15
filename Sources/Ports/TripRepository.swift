import Domain

/// Reads the signed-in user and their trips.
public protocol TripRepository: Sendable {
    /// The user the server recognises from the stored token, or `nil` when it recognises
    /// nobody, from where `freshness` allows.
    func currentUser(freshness: Freshness) async throws -> User?
}

extension TripRepository {
    /// The user the server recognises, asked of the server.
    public func currentUser() async throws -> User? {
        try await currentUser(freshness: .fromServer)
    }
}
