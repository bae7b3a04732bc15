import Domain

/// An outcome of a use case that is not a success, in the app's own terms.
public enum UseCaseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The use case needs a logged-in user and nobody is logged in.
    case notLoggedIn
    /// The server refused to log in with this address.
    case loginRefused(EmailAddress)
    /// The server knows no launch with this id.
    case launchNotFound(LaunchID)
    /// Logging out left something behind; each detail is one sentence saying what and why.
    case logoutIncomplete([String])
    /// The server sent the same cursor again, so paging would never end.
    case pagingDidNotAdvance(cursor: String)
    /// The server still had more pages after the most a walk may follow.
    case tooManyPages(limit: Int)

    /// The case and its data, for logs and test failures. What a user reads is the front end's
    /// to word (the CLI's `FailureMessage`), so no front end inherits another's hints.
    public var description: String {
        switch self {
        case .notLoggedIn: "notLoggedIn"
        case .loginRefused(let email): "loginRefused(\(email))"
        case .launchNotFound(let id): "launchNotFound(\(id))"
        case .logoutIncomplete(let details): "logoutIncomplete(\(details))"
        case .pagingDidNotAdvance(let cursor): "pagingDidNotAdvance(cursor: \(cursor))"
        case .tooManyPages(let limit): "tooManyPages(limit: \(limit))"
        }
    }
}
