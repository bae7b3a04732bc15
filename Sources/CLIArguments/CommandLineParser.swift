import CommandLineKit
import UseCases

/// Parses `<tool> [global options] <command> [arguments]`, with global options
/// allowed anywhere on the line and `--name=value` accepted for every option that takes a value.
///
/// Which options exist, and whether they take a value, comes from ``CommandCatalog``; their
/// values are looked up by their declarations in ``CommandOptions``.
public struct CommandLineParser: Sendable {
    /// The longest argument accepted; longer ones are refused before they reach anything else.
    public static let maximumArgumentLength = 4_096

    public init() {}

    /// Parses the arguments that follow the program name.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        let line: ParsedCommandLine
        do {
            line = try CommandLineTokenizer(tool: CommandCatalog.tool, maximumArgumentLength: Self.maximumArgumentLength).parse(arguments)
        } catch {
            throw Self.usageError(error)
        }
        let words = line.words
        let options = try Self.globalOptions(from: line)
        if line.contains(CommandOptions.version), words.isEmpty { return Invocation(command: .version, options: options) }
        guard let first = words.first else { return Invocation(command: .help(nil), options: options) }
        guard let name = CommandName(rawValue: first) else {
            if first == ToolSpec.helpWord { return Invocation(command: .help(words.dropFirst().first.flatMap(CommandName.init)), options: options) }
            let known = CommandCatalog.visibleCommands.map(\.name) + [ToolSpec.helpWord]
            throw UsageError("Unknown command \"\(EchoedText.quoted(first))\".", suggestion: Suggestion.closest(to: first, among: known))
        }
        if line.contains(CommandOptions.help) { return Invocation(command: .help(name), options: options) }
        let command = try CommandBuilder(name: name, arguments: Array(words.dropFirst()), line: line).command()
        return Invocation(command: command, options: options)
    }

    /// The global options' values, checked.
    private static func globalOptions(from line: ParsedCommandLine) throws(UsageError) -> GlobalOptions {
        var options = GlobalOptions(
            endpoint: line.value(of: CommandOptions.endpoint), json: line.contains(CommandOptions.json),
            caCertificates: line.value(of: CommandOptions.caCertificates), offline: line.contains(CommandOptions.offline)
        )
        if let text = line.value(of: CommandOptions.timeout) {
            options.timeout = try NumberSetting.seconds(text, from: CommandOptions.timeout.name, atMost: Configuration.maximumTimeout)
        }
        if let text = line.value(of: CommandOptions.maxAge) {
            options.maxAge = try Configuration.maxAgeSeconds(text, from: CommandOptions.maxAge.name)
        }
        if let text = line.value(of: CommandOptions.persistedQueries) {
            options.persistedQueries = try PersistedQueries.parse(text, from: CommandOptions.persistedQueries.name)
        }
        options.get = line.contains(CommandOptions.get)
        return options
    }

    /// The sentence for a line the tokenizer could not split.
    private static func usageError(_ error: CommandLineError) -> UsageError {
        switch error {
        case .argumentTooLong(let limit): UsageError("An argument is longer than \(limit) characters.")
        case let .unknownOption(name, before, after): unknownOption(name, command: commandName(in: before, then: after))
        case .missingValue(let name): UsageError("The \(name) option needs a value.")
        case .unexpectedValue(let name): UsageError("The \(name) option takes no value.")
        }
    }

    /// The refusal of an option nobody defines, with the nearest of the command's own options
    /// and the global ones.
    private static func unknownOption(_ name: String, command: CommandName?) -> UsageError {
        let own = command.map { CommandCatalog.spec(for: $0).options } ?? []
        let known = (own + CommandCatalog.globalOptions).map(\.name)
        return UsageError("Unknown option \"\(EchoedText.quoted(name))\".", command: command, suggestion: Suggestion.closest(to: name, among: known))
    }

    /// The command named on the line so far, else the first later word that names one.
    private static func commandName(in words: [String], then rest: [String]) -> CommandName? {
        if let first = words.first { return CommandName(rawValue: first) }
        return rest.lazy.compactMap(CommandName.init).first
    }
}
