import Domain
import Ports

/// An outcome of a use case that is not a success, in the app's own terms.
public enum UseCaseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The use case needs a logged-in user and nobody is logged in.
    case notLoggedIn
    /// The server refused to log in with this address.
    case loginRefused(EmailAddress)
    /// The server knows no launch with this id.
    case launchNotFound(LaunchID)
    /// Logging out left something behind: the credential, cached user data, or both.
    case logoutIncomplete(credential: CredentialStoreError?, userData: UserDataCacheError?)
    /// The server sent the same cursor again, so paging would never end.
    case pagingDidNotAdvance(cursor: String)
    /// The server still had more pages after the most a walk may follow.
    case tooManyPages(limit: Int)
    /// The server no longer recognises the stored login (the login has been forgotten).
    case sessionExpired
    /// The server's login answer holds a token that could not be sent back: empty, longer
    /// than ``AuthToken/maximumLength`` or not visible ASCII (the previous login is kept).
    case malformedToken
    /// The command was interrupted (Ctrl-C, SIGTERM, SIGHUP) after the change may have reached
    /// the server and before its answer came back: it may or may not have been made.
    case interruptedWithOutcomeUnknown(TripChangeKind, LaunchID)
    /// The change may have reached the server, but no usable answer came back (`cause`: a
    /// timeout, a connection that closed, an answer not understood): it may or may not have
    /// been made, and what was cached about it has been dropped.
    case outcomeUnknown(TripChangeKind, LaunchID, cause: ServiceError)

    /// The case and its data, for logs and test failures. What a user reads is the front end's
    /// to word (the CLI's `FailureMessage`), so no front end inherits another's hints.
    public var description: String {
        switch self {
        case .notLoggedIn: "notLoggedIn"
        case .loginRefused(let email): "loginRefused(\(email))"
        case .launchNotFound(let id): "launchNotFound(\(id))"
        case let .logoutIncomplete(credential, userData):
            "logoutIncomplete(credential: \(credential.map(String.init(describing:)) ?? "nil"), userData: \(userData.map(String.init(describing:)) ?? "nil"))"
        case .pagingDidNotAdvance(let cursor): "pagingDidNotAdvance(cursor: \(cursor))"
        case .tooManyPages(let limit): "tooManyPages(limit: \(limit))"
        case .sessionExpired: "sessionExpired"
        case .malformedToken: "malformedToken"
        case let .interruptedWithOutcomeUnknown(change, id): "interruptedWithOutcomeUnknown(\(change), \(id))"
        case let .outcomeUnknown(change, id, cause): "outcomeUnknown(\(change), \(id), cause: \(cause))"
        }
    }
}
