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

    public var description: String {
        switch self {
        case .notLoggedIn: "You are not logged in. Log in first with `rocket-reserver login <email>`."
        case .loginRefused(let email): "The server refused to log in \(email)."
        case .launchNotFound(let id): "There is no launch with id \(id)."
        case .logoutIncomplete(let details): "The logout is incomplete. " + details.joined(separator: " ")
        case .pagingDidNotAdvance: "The server sent the same page cursor twice, so the list of launches cannot be completed."
        case .tooManyPages(let limit):
            "The server still had more launches after \(limit) page\(limit == 1 ? "" : "s"), so the list was stopped. Use --max-pages to follow more pages."
        }
    }
}
