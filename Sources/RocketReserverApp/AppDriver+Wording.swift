import CLIArguments
import CLIFailures
import Ports
import Presentation

/// How the app words a failure: as the command would.
extension AppDriver {
    /// The sentence the command would print for `error`.
    nonisolated func sentence(for error: any Error, command: Command) -> String {
        DisplayText.sanitized(Failure(error, endpoint: endpoint, command: command).message, limit: 300)
    }

    /// Whether `error` says the server could not be reached (or did not answer in time): the app is offline.
    static func isUnreachable(_ error: any Error) -> Bool {
        guard let error = error as? ServiceError else { return false }
        return error.kind == .unreachable || error.kind == .timedOut
    }
}
