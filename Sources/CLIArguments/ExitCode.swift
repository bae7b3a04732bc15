/// The tool's exit statuses (BSD `sysexits` where one fits): the one table the help, the man
/// page and Docs/CLI.md (checked by a test) list, and that ``Failure`` classifies errors into.
public enum ExitCode: Int32, CaseIterable, Sendable {
    case success = 0
    case refused = 1
    /// `EX_USAGE`.
    case usage = 64
    /// `EX_UNAVAILABLE`.
    case unavailable = 69
    /// `EX_SOFTWARE`: a bug.
    case internalError = 70
    /// `EX_CANTCREAT`.
    case cannotWrite = 73
    /// `EX_IOERR`.
    case ioError = 74
    /// `EX_PROTOCOL`.
    case protocolError = 76
    /// `EX_NOPERM`.
    case notPermitted = 77
    /// The shell's convention for a SIGINT: 128 + 2.
    case interrupted = 130

    /// What the status means, as a phrase (lower case, no full stop).
    public var meaning: String {
        switch self {
        case .success: "success"
        case .refused: "the server answered but refused or failed: success false, GraphQL errors, launch not found, login refused"
        case .usage: "usage: unknown command or option, missing or malformed argument or endpoint, or an endpoint the command may not use"
        case .unavailable:
            "the server is unreachable, closed the connection without answering or did not answer in time; its certificate failed verification; the proxy failed; with \(CommandOptions.offline.name), the answer is not in the cache"
        case .internalError: "an internal error the tool could not classify (a bug; please report it)"
        case .cannotWrite: "local state could not be written or removed: the login, or data cached for a user"
        case .ioError: "standard output could not be written, or the cache files could not be read or removed"
        case .protocolError: "the server's answer was not understood, or it was a redirect (never followed)"
        case .notPermitted: "not logged in, the stored login is unreadable, or the server no longer accepts it"
        case .interrupted: "interrupted (Ctrl-C)"
        }
    }
}
