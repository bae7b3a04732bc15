/// The declarative description of one command: what the parser accepts, and what `--help`,
/// the completion scripts and the man page say about it.
///
/// Every description of the command line is generated from a ``ToolSpec``'s values of this
/// type, so adding an option there adds it to the parser, the help, the completions and the
/// man page at once.
public struct CommandSpec: Sendable {
    /// The command, as typed.
    public var name: String
    /// The synopsis after the tool's name, when the one built from the arguments and options
    /// is not right (for commands with actions, such as `cache info|clear`).
    public var usage: String?
    /// One line for the list of commands, without a full stop.
    public var summary: String
    /// The paragraph(s) under the usage line, as sentences.
    public var description: String
    public var arguments: [ArgumentSpec]
    /// The command's own options (the global ones are in ``ToolSpec/globalOptions``).
    public var options: [OptionSpec]
    /// The names of the environment variables the command reads (see ``ToolSpec/environment``).
    public var environment: [String]
    public var examples: [ExampleSpec]
    /// Left out of the tool's help, the completions and the man page (for generators).
    public var hidden: Bool

    public init(
        name: String, usage: String? = nil, summary: String, description: String, arguments: [ArgumentSpec] = [], options: [OptionSpec] = [],
        environment: [String] = [], examples: [ExampleSpec] = [], hidden: Bool = false
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.description = description
        self.arguments = arguments
        self.options = options
        self.environment = environment
        self.examples = examples
        self.hidden = hidden
    }

    /// The synopsis after the tool's name, e.g. `details <launch-id> [--force-reload]`.
    public var synopsis: String {
        if let usage { return usage }
        let parts = [name] + arguments.map { "<\($0.name)>" } + options.map { "[\($0.synopsis)]" + ($0.repeatable ? "…" : "") }
        return parts.joined(separator: " ")
    }
}
