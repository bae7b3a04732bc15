/// The tool's exit statuses (BSD `sysexits` where one fits).
public enum ExitCode: Int32, Sendable {
    /// Done.
    case success = 0
    /// The server answered but refused or failed: `success: false`, GraphQL errors, not found.
    case refused = 1
    /// The command line is wrong, or the endpoint may not be used for the command (`EX_USAGE`).
    case usage = 64
    /// The server is unreachable, closed the connection without answering, or timed out (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// An internal error the tool does not know how to classify: a bug (`EX_SOFTWARE`).
    case internalError = 70
    /// Local state could not be written (`EX_CANTCREAT`).
    case cannotWrite = 73
    /// Standard output, or the cache files, could not be written, read or removed (`EX_IOERR`).
    case ioError = 74
    /// The answer was not understood (`EX_PROTOCOL`).
    case protocolError = 76
    /// Not logged in, the stored login is unreadable, or the server no longer accepts it (`EX_NOPERM`).
    case notPermitted = 77
    /// Interrupted (Ctrl-C), by the shell's convention 128 + SIGINT.
    case interrupted = 130
}
