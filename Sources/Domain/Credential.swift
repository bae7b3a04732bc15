/// A stored login: who logged in and the token the server gave them.
public struct Credential: Hashable, Sendable, CustomStringConvertible {
    public var email: EmailAddress
    public var token: AuthToken

    public init(email: EmailAddress, token: AuthToken) {
        self.email = email
        self.token = token
    }

    public var description: String { "Credential(\(email), token: \(token))" }
}
