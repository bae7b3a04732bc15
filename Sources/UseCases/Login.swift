import Domain
import Ports

/// Logs in by email and keeps the token for later requests (the tutorial's login screen).
public struct Login: Sendable {
    private let authenticator: any Authenticator
    private let credentials: any CredentialStore

    public init(authenticator: any Authenticator, credentials: any CredentialStore) {
        self.authenticator = authenticator
        self.credentials = credentials
    }

    /// Validates the address locally, logs in, and stores the token.
    /// - Returns: The address that is now logged in.
    /// - Throws: ``DomainError/invalidEmail(reason:)`` before any request for a malformed address;
    ///   ``UseCaseError/loginRefused(_:)`` when the server answers `null`.
    public func callAsFunction(email rawEmail: String) async throws -> EmailAddress {
        let email = try EmailAddress(rawEmail)
        guard let token = try await authenticator.logIn(email: email) else {
            throw UseCaseError.loginRefused(email)
        }
        try await credentials.save(Credential(email: email, token: token))
        return email
    }
}
