/// The whole command line of one tool: its name, global options, environment, exit statuses
/// and commands. The parser, `--help`, the completion scripts and the man page all read it.
public struct ToolSpec: Sendable {
    /// The tool's name, as typed (and as the generated text spells it everywhere).
    public var name: String
    public var version: String
    /// What the tool does, lower case and without a full stop.
    public var summary: String
    /// The examples in the tool's own help and the man page.
    public var examples: [ExampleSpec]
    /// Options every command accepts, before or after it.
    public var globalOptions: [OptionSpec]
    /// Every environment variable the tool reads.
    public var environment: [EnvironmentSpec]
    /// Each exit status and what it means, a phrase (lower case, no full stop).
    public var exitStatuses: [(status: Int32, meaning: String)]
    /// Every command, in the order the help lists them.
    public var commands: [CommandSpec]
    /// The command that prints completion scripts (its examples give the install lines).
    public var completionCommand: String
    /// The command that prints the man page.
    public var manCommand: String

    public init(
        name: String, version: String, summary: String, examples: [ExampleSpec], globalOptions: [OptionSpec], environment: [EnvironmentSpec],
        exitStatuses: [(status: Int32, meaning: String)], commands: [CommandSpec], completionCommand: String, manCommand: String
    ) {
        self.name = name
        self.version = version
        self.summary = summary
        self.examples = examples
        self.globalOptions = globalOptions
        self.environment = environment
        self.exitStatuses = exitStatuses
        self.commands = commands
        self.completionCommand = completionCommand
        self.manCommand = manCommand
    }

    /// `rocket-reserver 1.0.0`.
    public var versionLine: String { "\(name) \(version)" }

    /// The word that asks for help on a command (`tool help <command>`).
    public static let helpWord = "help"

    /// The commands that are shown in help, completions and the man page.
    public var visibleCommands: [CommandSpec] { commands.filter { !$0.hidden } }

    /// The command with this name.
    public func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The option with this long or short name, among the global options and every command's.
    public func option(named name: String) -> OptionSpec? {
        (globalOptions + commands.flatMap(\.options)).first { $0.name == name || $0.shortName == name }
    }

    /// The name as a shell function name: `rocket_reserver`.
    var identifier: String { String(name.map { $0 == "-" ? "_" : $0 }) }
}
