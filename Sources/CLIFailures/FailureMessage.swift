import CLIArguments
import Domain
import UseCases

/// The CLI's sentences for the core's typed errors: the one place where an outcome of a use
/// case becomes words, with the commands and options of this front end as hints.
package enum FailureMessage {
    /// What the user reads when a use case ends with `error`.
    package static func text(for error: UseCaseError) -> String {
        switch error {
        case .notLoggedIn: "You are not logged in. Log in first with `\(CommandCatalog.toolName) login <email>`."
        case .loginRefused(let email): "The server refused to log in \(email)."
        case .launchNotFound(let id): "There is no launch with id \(id)."
        case let .logoutIncomplete(credential, userData):
            (["The logout is incomplete."] + [credential.map(text(for:)), userData.map(text(for:))].compactMap(\.self)).joined(separator: " ")
        case .pagingDidNotAdvance: "The server sent the same page cursor twice, so the list of launches cannot be completed."
        case .tooManyPages(let limit):
            "The server still had more launches after \(limit) page\(limit == 1 ? "" : "s"), so the list was stopped. Use \(CommandOptions.maxPages.name) to follow more pages."
        case .sessionExpired: sessionExpired
        case let .interruptedWithOutcomeUnknown(change, id): interrupted(change, launch: id)
        case let .outcomeUnknown(change, id, cause): outcomeUnknown(change, launch: id, cause: cause, endpoint: nil)
        case .malformedToken:
            "The server's answer to Login was not understood. The token it sent is empty, longer than \(AuthToken.maximumLength / 1024) KiB or not visible ASCII."
        }
    }

    /// What the user reads when the server no longer accepts the stored login.
    package static let sessionExpired = "Your session is no longer valid. \(logInAgain)"

    /// What the user reads when the server answers only a logged-in user, and nobody is.
    package static func loginRequired(endpoint: String) -> String {
        "The server at \(endpoint) answers this only to a logged-in user, and you are not logged in. Log in first with `\(CommandCatalog.toolName) login <email>`."
    }

    /// The hint after any failure that a new login mends.
    package static let logInAgain = "Log in again with `\(CommandCatalog.toolName) login <email>`."
}
