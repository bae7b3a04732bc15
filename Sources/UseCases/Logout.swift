import Domain
import Ports

/// Forgets the token and everything cached for the user who was logged in.
public struct Logout: Sendable {
    private let credentials: any CredentialStore
    private let cache: any UserDataCache

    public init(credentials: any CredentialStore, cache: any UserDataCache) {
        self.credentials = credentials
        self.cache = cache
    }

    /// Clears the user's cache, then the credential.
    /// - Returns: The address that was logged in, or `nil` when nobody was (or the stored
    ///   login was unreadable; it is removed all the same).
    public func callAsFunction() async throws -> EmailAddress? {
        let email = try? await credentials.credential()?.email
        try await cache.removeAll()
        try await credentials.removeCredential()
        return email
    }
}
