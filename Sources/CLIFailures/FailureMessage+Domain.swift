import CLIArguments
import Domain

extension FailureMessage {
    /// What the user reads when an input breaks a rule of the domain.
    package static func text(for error: DomainError) -> String {
        switch error {
        case .invalidLaunchID(let reason): "That is not a valid launch id: \(text(for: reason))."
        case .invalidEmail(let reason): "That is not a valid email address: \(text(for: reason))."
        case .invalidPageSize(let size):
            "The page size must be between 1 and \(LaunchPageRequest.maximumPageSize), not \(size)."
        case .invalidCursor(let reason): "That is not a valid page cursor: \(text(for: reason))."
        }
    }

    private static func text(for reason: DomainError.Reason) -> String {
        switch reason {
        case .empty: "it is empty"
        case .tooLong: "it is too long"
        case .invalidCharacters: "it contains spaces, control or non-ASCII characters"
        case .notAnAddress: "it is not of the form name@example.com"
        case .outOfRange: "it is out of range"
        }
    }
}
