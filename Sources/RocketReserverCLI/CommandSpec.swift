/// The declarative description of one command: what the parser accepts, and what `--help`,
/// the completion scripts and the man page say about it.
///
/// Every description of the command line is generated from ``CommandCatalog``'s values of
/// this type, so adding an option there adds it to the parser, the help, the completions and
/// the man page at once.
struct CommandSpec: Sendable {
    /// The command, as typed.
    var name: CommandName
    /// The synopsis after `rocket-reserver`, when the one built from the arguments and
    /// options is not right (for commands with actions, such as `cache info|clear`).
    var usage: String?
    /// One line for the list of commands, without a full stop.
    var summary: String
    /// The paragraph(s) under the usage line, as sentences.
    var description: String
    var arguments: [ArgumentSpec] = []
    /// The command's own options (the global ones are in ``CommandCatalog/globalOptions``).
    var options: [OptionSpec] = []
    /// The names of the environment variables the command reads (see ``CommandCatalog/environment``).
    var environment: [String] = []
    var examples: [ExampleSpec] = []
    /// Left out of the tool's help, the completions and the man page (for generators).
    var hidden = false

    /// The synopsis after `rocket-reserver`, e.g. `details <launch-id> [--force-reload]`.
    var synopsis: String {
        if let usage { return usage }
        let parts = [name.rawValue] + arguments.map { "<\($0.name)>" } + options.map { "[\($0.synopsis)]" + ($0.repeatable ? "…" : "") }
        return parts.joined(separator: " ")
    }
}

/// An option: a flag, or one that takes a value (`--name VALUE` or `--name=VALUE`).
struct OptionSpec: Sendable {
    /// The long name with its dashes, e.g. `--page-size`.
    var name: String
    /// A one-letter alias with its dash, e.g. `-h`.
    var shortName: String?
    /// The placeholder of the value, e.g. `N`; `nil` for a flag.
    var valueName: String?
    /// What the value is, for the completion scripts.
    var valueKind: ValueKind = .text
    /// One line, without a full stop.
    var summary: String
    /// May be given more than once (each value is kept, in order).
    var repeatable = false

    /// What an option's value is, so completions can offer file names where they fit.
    enum ValueKind: Sendable {
        case text
        case file
    }

    var takesValue: Bool { valueName != nil }

    /// `--page-size N`, or `--all`.
    var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }

    /// `-h, --help`, or `--page-size N`.
    var label: String { (shortName.map { "\($0), " } ?? "") + synopsis }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    /// The placeholder, e.g. `launch-id`.
    var name: String
    /// The argument in a sentence, with its article, e.g. `a launch id`.
    var phrase: String
    /// One line, without a full stop.
    var summary: String
    /// The only values allowed, when there is a fixed set (completed by the shells).
    var choices: [String] = []
    /// What the value is: a file name is completed by the shells as one.
    var valueKind: OptionSpec.ValueKind = .text
}

/// One example in a command's help: the command line (after `rocket-reserver`) and what it does.
struct ExampleSpec: Sendable {
    var arguments: String
    var explanation: String
}

/// An environment variable the tool reads.
struct EnvironmentSpec: Sendable {
    var name: String
    /// One line, without a full stop.
    var summary: String
}
