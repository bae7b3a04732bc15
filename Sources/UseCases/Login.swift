import Domain
import Ports

/// Logs in by email and keeps the token for later requests (the tutorial's login screen).
public struct Login: Sendable {
    /// Who is logged in now, and whose login this replaced.
    public struct Outcome: Equatable, Sendable {
        /// The address now logged in.
        public var email: EmailAddress
        /// The other user whose login was replaced, if any.
        public var replaced: EmailAddress?
    }

    private let authenticator: any Authenticator
    private let credentials: any CredentialStore
    private let userData: (any UserDataCache)?

    /// - Parameter userData: The endpoint's cached user data, forgotten when the user changes.
    public init(authenticator: any Authenticator, credentials: any CredentialStore, userData: (any UserDataCache)? = nil) {
        self.authenticator = authenticator
        self.credentials = credentials
        self.userData = userData
    }

    /// Logs in and returns the address that is now logged in (see ``logIn(email:)``).
    public func callAsFunction(email rawEmail: String) async throws -> EmailAddress {
        try await logIn(email: rawEmail).email
    }

    /// Validates the address locally, logs in, checks the token, forgets the cached data of
    /// any other user of the endpoint, and stores the token.
    /// - Throws: ``DomainError/invalidEmail(reason:)`` before any request for a malformed address;
    ///   ``UseCaseError/loginRefused(_:)`` when the server answers `null`;
    ///   ``UseCaseError/malformedToken``, keeping the previous login, when the token is not
    ///   1 to 16 KiB of visible ASCII.
    public func logIn(email rawEmail: String) async throws -> Outcome {
        let email = try EmailAddress(rawEmail)
        // An unreadable stored login counts as nobody's: it is replaced all the same.
        let previous = try? await credentials.credential()?.email
        guard let token = try await authenticator.logIn(email: email) else {
            throw UseCaseError.loginRefused(email)
        }
        guard token.isWellFormed else { throw UseCaseError.malformedToken }
        // No user's cached data may outlive their login: unless the same user logs in again,
        // every user cache of the endpoint belongs to a login that is ending or already gone.
        if previous != email { try await userData?.removeAll() }
        try await credentials.save(Credential(email: email, token: token))
        return Outcome(email: email, replaced: previous == email ? nil : previous)
    }
}
