import UseCases

/// Parses `rocket-reserver [global options] <command> [arguments]`, with global options
/// allowed anywhere on the line and `--name=value` accepted for every option that takes a value.
///
/// Which options exist, and whether they take a value, comes from ``CommandCatalog``.
public struct CommandLineParser: Sendable {
    /// The longest argument accepted; longer ones are refused before they reach anything else.
    public static let maximumArgumentLength = 4_096

    public init() {}

    /// Parses the arguments that follow the program name.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var words: [String] = []
        var values: [String: String?] = [:]
        var repeated: [String: [String]] = [:]
        var tokens = arguments[...]
        var optionsEnded = false

        while let token = tokens.popFirst() {
            guard token.utf8.count <= Self.maximumArgumentLength else {
                throw UsageError("An argument is longer than \(Self.maximumArgumentLength) characters.")
            }
            if optionsEnded || !token.hasPrefix("-") || token == "-" {
                words.append(token)
                continue
            }
            if token == "--" { optionsEnded = true; continue }
            let (name, inlineValue) = Self.split(token)
            guard let option = CommandCatalog.option(named: name) else {
                throw Self.unknownOption(name, command: Self.commandName(in: words, then: tokens))
            }
            if option.takesValue {
                let value = try Self.value(for: name, inlineValue, from: &tokens)
                values[option.name] = .some(value)
                if option.repeatable { repeated[option.name, default: []].append(value) }
            } else {
                guard inlineValue == nil else { throw UsageError("The \(name) option takes no value.") }
                values[option.name] = .some(nil)
            }
        }

        let options = try Self.globalOptions(from: values)
        let help = values["--help"] != nil
        if values["--version"] != nil, words.isEmpty { return Invocation(command: .version, options: options) }
        guard let first = words.first else { return Invocation(command: .help(nil), options: options) }
        guard let name = CommandName(rawValue: first) else {
            if first == "help" { return Invocation(command: .help(words.dropFirst().first.flatMap(CommandName.init)), options: options) }
            let known = CommandCatalog.visibleCommands.map(\.name.rawValue) + ["help"]
            throw UsageError("Unknown command \"\(Self.quoted(first))\".", suggestion: Suggestion.closest(to: first, among: known))
        }
        if help { return Invocation(command: .help(name), options: options) }
        let flags = values.filter { !CommandCatalog.isGlobal($0.key) }
        let command = try CommandBuilder(name: name, arguments: Array(words.dropFirst()), flags: flags, repeated: repeated).command()
        return Invocation(command: command, options: options)
    }

    /// The global options' values, checked.
    private static func globalOptions(from values: [String: String?]) throws(UsageError) -> GlobalOptions {
        var options = GlobalOptions(
            endpoint: values["--endpoint"] ?? nil, json: values["--json"] != nil, caCertificates: values["--cacert"] ?? nil,
            offline: values["--offline"] != nil
        )
        if case let text?? = values["--timeout"] {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3_600 else {
                throw UsageError("The timeout must be a number of seconds more than 0 and at most 3600, not \"\(quoted(text))\".")
            }
            options.timeout = seconds
        }
        if case let text?? = values["--max-age"] {
            options.maxAge = try Configuration.maxAgeSeconds(text, from: "--max-age")
        }
        return options
    }

    /// The refusal of an option nobody defines, with the nearest of the command's own options
    /// and the global ones.
    private static func unknownOption(_ name: String, command: CommandName?) -> UsageError {
        let own = command.map { CommandCatalog.spec(for: $0).options } ?? []
        let known = (own + CommandCatalog.globalOptions).map(\.name)
        return UsageError("Unknown option \"\(quoted(name))\".", command: command, suggestion: Suggestion.closest(to: name, among: known))
    }

    /// The command named on the line so far, else the first later word that names one.
    private static func commandName(in words: [String], then rest: ArraySlice<String>) -> CommandName? {
        if let first = words.first { return CommandName(rawValue: first) }
        return rest.lazy.compactMap(CommandName.init).first
    }

    private static func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func value(for name: String, _ inlineValue: String?, from tokens: inout ArraySlice<String>) throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = tokens.popFirst(), !next.hasPrefix("--") else {
            throw UsageError("The \(name) option needs a value.")
        }
        return next
    }

    /// The text shortened and stripped of control characters, safe to echo in a message.
    static func quoted(_ text: String) -> String {
        let visible = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
        return visible.count > 40 ? visible.prefix(40) + "…" : visible
    }
}
