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
        var credentialLeft: CredentialStoreError?
        do throws(CredentialStoreError) {
            try await credentials.removeCredential()
        } catch {
            credentialLeft = error
        }
        var cacheLeft: UserDataCacheError?
        do throws(UserDataCacheError) {
            try await cache.removeAll()
        } catch {
            cacheLeft = error
        }
        guard credentialLeft == nil, cacheLeft == nil else {
            throw UseCaseError.logoutIncomplete(credential: credentialLeft, cache: cacheLeft)
        }
        return email
    }
}
