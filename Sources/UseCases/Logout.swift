import Domain
import Ports

/// Forgets the token and everything cached for the users of the endpoint.
public struct Logout: Sendable {
    private let credentials: any CredentialStore
    private let cache: any UserDataCache

    public init(credentials: any CredentialStore, cache: any UserDataCache) {
        self.credentials = credentials
        self.cache = cache
    }

    /// Removes the credential, then the cached user data; a failure of one does not stop the other.
    /// - Returns: The address that was logged in, or `nil` when nobody was (or the stored
    ///   login was unreadable; it is removed all the same).
    /// - Throws: ``UseCaseError/logoutIncomplete(_:)`` saying precisely what was left behind.
    public func callAsFunction() async throws -> EmailAddress? {
        let email = try? await credentials.credential()?.email
        var problems: [String] = []
        do {
            try await credentials.removeCredential()
        } catch {
            problems.append("\(error)")
        }
        do {
            try await cache.removeAll()
        } catch {
            problems.append("\(error)")
        }
        guard problems.isEmpty else { throw UseCaseError.logoutIncomplete(problems) }
        return email
    }
}
