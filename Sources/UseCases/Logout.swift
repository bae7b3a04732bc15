import Domain
import Ports

/// Forgets the token and everything cached for the users of the endpoint.
public struct Logout: Sendable {
    private let credentials: any CredentialStore
    private let userData: any UserDataCache

    /// A logout that removes the login kept in `credentials` and the cached `userData`.
    /// - Parameter userData: The endpoint's cached user data, removed with the credential.
    public init(credentials: any CredentialStore, userData: any UserDataCache) {
        self.credentials = credentials
        self.userData = userData
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
        var userDataLeft: UserDataCacheError?
        do throws(UserDataCacheError) {
            try await userData.removeAll()
        } catch {
            userDataLeft = error
        }
        guard credentialLeft == nil, userDataLeft == nil else {
            throw UseCaseError.logoutIncomplete(credential: credentialLeft, userData: userDataLeft)
        }
        return email
    }
}
