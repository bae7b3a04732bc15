import Domain

/// Exchanges an email address for a token.
public protocol Authenticator: Sendable {
    /// Logs in, returning the issued token, or `nil` when the server refuses the address.
    func logIn(email: EmailAddress) async throws -> AuthToken?
}
