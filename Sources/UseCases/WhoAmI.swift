import Domain
import Ports

/// Says who is logged in, from the stored credential alone: no request is sent.
public struct WhoAmI: Sendable {
    private let credentials: any CredentialStore

    public init(credentials: any CredentialStore) {
        self.credentials = credentials
    }

    /// The logged-in address.
    /// - Throws: ``UseCaseError/notLoggedIn`` when nobody is logged in; the store's error when
    ///   the stored login cannot be read.
    public func callAsFunction() async throws -> EmailAddress {
        guard let credential = try await credentials.credential() else { throw UseCaseError.notLoggedIn }
        return credential.email
    }
}
