import CLIArguments
import Ports
import Presentation

/// What the tool gets from the world it runs in: variables, output streams, and a way to build
/// its adapters. The executable passes the real ones; tests pass in-memory ones.
public struct CLIEnvironment: Sendable {
    /// The process environment (`ROCKET_RESERVER_*`, `XDG_*`, `HOME`, `NO_COLOR`).
    public var variables: [String: String]
    /// Where results go.
    public var standardOutput: any TextOutput
    /// Where errors and warnings go.
    public var standardError: any TextOutput
    /// Where notes about the results go (`Showing cached data…`): standard error, but the
    /// executable passes one that stays silent once the results could not be written.
    public var notes: any TextOutput
    /// Whether standard output is a terminal (colour is used only then).
    public var outputIsTerminal: Bool
    /// The terminal's width in cells, as its size says (`TIOCGWINSZ` on standard output), or
    /// `nil` when it is not known; `COLUMNS` takes precedence over it.
    public var terminalWidth: Int?
    /// The user's home folder, used when `HOME` is not set.
    public var homeDirectory: String
    /// Builds the adapters for a resolved configuration; called once per run, only when a
    /// command needs them, after the command line and the endpoint have been checked.
    public var makeServices: @Sendable (Configuration) async throws -> Services
    /// Holds off termination signals while a command changes state (`login`, `logout`, `book`,
    /// `cancel`); see ``InterruptionShield``.
    public var interruptionShield: any InterruptionShield
    /// The terminal the app takes over, or `nil` when standard input or output is not a
    /// terminal (the app then refuses to start, naming the commands that need none).
    public var makeTerminal: @Sendable () -> (any FullScreenTerminal)?

    public init(
        variables: [String: String],
        standardOutput: any TextOutput,
        standardError: any TextOutput,
        notes: (any TextOutput)? = nil,
        outputIsTerminal: Bool,
        terminalWidth: Int? = nil,
        homeDirectory: String,
        interruptionShield: any InterruptionShield = NoInterruptionShield(),
        makeTerminal: @escaping @Sendable () -> (any FullScreenTerminal)? = { nil },
        makeServices: @escaping @Sendable (Configuration) async throws -> Services
    ) {
        self.variables = variables
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.notes = notes ?? standardError
        self.outputIsTerminal = outputIsTerminal
        self.terminalWidth = terminalWidth
        self.homeDirectory = homeDirectory
        self.makeServices = makeServices
        self.interruptionShield = interruptionShield
        self.makeTerminal = makeTerminal
    }
}
