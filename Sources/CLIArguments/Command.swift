import CommandLineKit

/// What the user asked the tool to do.
public enum Command: Equatable, Sendable {
    case login(email: String)
    case logout
    case whoami
    /// `maxPages` bounds `--all` (``ListLaunches/defaultMaximumPages`` when `nil`).
    case launches(pageSize: Int?, after: String?, all: Bool, maxPages: Int? = nil)
    case details(launchID: String, forceReload: Bool)
    case book(launchID: String)
    case cancel(launchID: String)
    case trips
    /// Print the user's trips, then again whenever they change, until interrupted (`trips --watch`).
    case watchTrips
    /// Print the server's booking activity as it happens, until interrupted.
    case watch
    /// The tutorial's screens in a full-screen terminal app, until quit.
    case app
    case cacheInfo
    /// Clear the current endpoint and user's cache, or every cache with `all`.
    case cacheClear(all: Bool)
    /// Remove what no query reaches from the current endpoint and user's cache (`cache gc`).
    case cacheCollect
    /// Run an operation from a `.graphql` file (`rocket-reserver query`).
    case query(QueryCommand)
    /// Print the endpoint's schema as SDL, to standard output or a file.
    case schema(output: String?)
    /// Print a completion script.
    case completion(Shell)
    /// Print the man page (roff), generated from the same description as `--help`.
    case manPage
    /// Show help for the tool (`nil`) or for one command.
    case help(CommandName?)
    case version

    /// Whether the command sends or receives a credential, so it may only talk to a trusted endpoint.
    package var needsCredentials: Bool {
        switch self {
        case .login, .book, .cancel, .trips, .watchTrips, .app: true
        case .logout, .whoami, .launches, .query, .schema, .details, .watch, .cacheInfo, .cacheClear, .cacheCollect, .completion, .manPage, .help, .version: false
        }
    }

    /// Whether the command can run with `--offline`: it reads only the cache or local state.
    /// The others need the server (`--offline` with them is a usage error).
    package var runsOffline: Bool {
        switch self {
        case .launches, .details, .trips, .logout, .whoami, .cacheInfo, .cacheClear, .cacheCollect, .completion, .manPage, .help, .version: true
        case .login, .book, .cancel, .query, .schema, .watch, .watchTrips, .app: false
        }
    }

    /// The command's name, as typed: its ``CommandName``, the help word, or `--version`.
    package var name: String {
        switch self {
        case .login: CommandName.login.rawValue
        case .logout: CommandName.logout.rawValue
        case .whoami: CommandName.whoami.rawValue
        case .launches: CommandName.launches.rawValue
        case .details: CommandName.details.rawValue
        case .book: CommandName.book.rawValue
        case .cancel: CommandName.cancel.rawValue
        case .trips, .watchTrips: CommandName.trips.rawValue
        case .watch: CommandName.watch.rawValue
        case .app: CommandName.app.rawValue
        case .cacheInfo, .cacheClear, .cacheCollect: CommandName.cache.rawValue
        case .query: CommandName.query.rawValue
        case .schema: CommandName.schema.rawValue
        case .completion: CommandName.completion.rawValue
        case .manPage: CommandName.man.rawValue
        case .help: ToolSpec.helpWord
        case .version: CommandOptions.version.name
        }
    }
}

/// The name of each command, as typed.
public enum CommandName: String, CaseIterable, Sendable {
    case login, logout, whoami, launches, details, book, cancel, trips, watch, app, query, schema, cache, completion, man
}
