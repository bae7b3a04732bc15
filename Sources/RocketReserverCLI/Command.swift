/// What the user asked the tool to do.
public enum Command: Equatable, Sendable {
    case login(email: String)
    case logout
    /// `maxPages` bounds `--all` (``ListLaunches/defaultMaximumPages`` when `nil`).
    case launches(pageSize: Int?, after: String?, all: Bool, maxPages: Int? = nil)
    case details(launchID: String, forceReload: Bool)
    case book(launchID: String)
    case cancel(launchID: String)
    case trips
    /// Show help for the tool (`nil`) or for one command.
    case help(CommandName?)
    case version

    /// Whether the command sends or receives a credential, so it may only talk to a trusted endpoint.
    var needsCredentials: Bool {
        switch self {
        case .login, .book, .cancel, .trips: true
        case .logout, .launches, .details, .help, .version: false
        }
    }
}

/// The name of each command, as typed.
public enum CommandName: String, CaseIterable, Sendable {
    case login, logout, launches, details, book, cancel, trips
}
