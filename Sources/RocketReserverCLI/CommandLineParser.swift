import UseCases

/// Parses `rocket-reserver [global options] <command> [arguments]`, with global options
/// allowed anywhere on the line and `--name=value` accepted for every option that takes a value.
public struct CommandLineParser: Sendable {
    /// The longest argument accepted; longer ones are refused before they reach anything else.
    public static let maximumArgumentLength = 4_096

    public init() {}

    /// Parses the arguments that follow the program name.
    public func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var options = GlobalOptions()
        var words: [String] = []
        var commandFlags: [String: String?] = [:]
        var help = false
        var version = false
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
            switch name {
            case "--help", "-h": help = true
            case "--version": version = true
            case "--json": options.json = try Self.flag(name, inlineValue)
            case "--endpoint":
                options.endpoint = try Self.value(for: name, inlineValue, from: &tokens)
            case "--timeout":
                let text = try Self.value(for: name, inlineValue, from: &tokens)
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3_600 else {
                    throw UsageError("The timeout must be a number of seconds between 0 and 3600, not \"\(Self.quoted(text))\".")
                }
                options.timeout = seconds
            case "--page-size", "--after", "--max-pages":
                commandFlags[name] = .some(try Self.value(for: name, inlineValue, from: &tokens))
            case "--all", "--force-reload":
                _ = try Self.flag(name, inlineValue)
                commandFlags[name] = .some(nil)
            default:
                throw UsageError("Unknown option \"\(Self.quoted(name))\".", command: words.first.flatMap(CommandName.init))
            }
        }

        if version, words.isEmpty { return Invocation(command: .version, options: options) }
        guard let first = words.first else {
            if help { return Invocation(command: .help(nil), options: options) }
            throw UsageError("No command given.")
        }
        guard let name = CommandName(rawValue: first) else {
            if first == "help" { return Invocation(command: .help(words.dropFirst().first.flatMap(CommandName.init)), options: options) }
            throw UsageError("Unknown command \"\(Self.quoted(first))\".")
        }
        if help { return Invocation(command: .help(name), options: options) }
        let command = try Self.command(name, arguments: Array(words.dropFirst()), flags: commandFlags)
        return Invocation(command: command, options: options)
    }

    private static func command(_ name: CommandName, arguments: [String], flags: [String: String?]) throws(UsageError) -> Command {
        let allowed: Set<String> = switch name {
        case .launches: ["--page-size", "--after", "--all", "--max-pages"]
        case .details: ["--force-reload"]
        default: []
        }
        if let stray = flags.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw UsageError("The \(name.rawValue) command has no \(stray) option.", command: name)
        }
        switch name {
        case .login: return .login(email: try single(arguments, named: "email address", for: name))
        case .logout: try none(arguments, for: name); return .logout
        case .trips: try none(arguments, for: name); return .trips
        case .book: return .book(launchID: try single(arguments, named: "launch id", for: name))
        case .cancel: return .cancel(launchID: try single(arguments, named: "launch id", for: name))
        case .details:
            return .details(launchID: try single(arguments, named: "launch id", for: name), forceReload: flags["--force-reload"] != nil)
        case .launches:
            try none(arguments, for: name)
            var pageSize: Int?
            if case let text?? = flags["--page-size"] {
                guard let size = Int(text) else {
                    throw UsageError("The page size must be a whole number, not \"\(quoted(text))\".", command: name)
                }
                pageSize = size
            }
            let after = flags["--after"] ?? nil
            var maxPages: Int?
            if case let text?? = flags["--max-pages"] {
                guard let pages = Int(text), (1...ListLaunches.maximumPagesLimit).contains(pages) else {
                    throw UsageError(
                        "The page limit must be a whole number from 1 to \(ListLaunches.maximumPagesLimit), not \"\(quoted(text))\".",
                        command: name
                    )
                }
                maxPages = pages
            }
            if maxPages != nil, flags["--all"] == nil {
                throw UsageError("The --max-pages option bounds --all; give both or neither.", command: name)
            }
            return .launches(pageSize: pageSize, after: after, all: flags["--all"] != nil, maxPages: maxPages)
        }
    }

    private static func single(_ arguments: [String], named what: String, for name: CommandName) throws(UsageError) -> String {
        guard arguments.count == 1, let only = arguments.first else {
            let problem = arguments.isEmpty ? "needs a \(what)" : "takes one \(what), not \(arguments.count) arguments"
            throw UsageError("The \(name.rawValue) command \(problem).", command: name)
        }
        return only
    }

    private static func none(_ arguments: [String], for name: CommandName) throws(UsageError) {
        guard let extra = arguments.first else { return }
        throw UsageError("The \(name.rawValue) command takes no arguments, but got \"\(quoted(extra))\".", command: name)
    }

    private static func split(_ token: String) -> (name: String, value: String?) {
        guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
        return (String(token[..<equals]), String(token[token.index(after: equals)...]))
    }

    private static func flag(_ name: String, _ inlineValue: String?) throws(UsageError) -> Bool {
        guard inlineValue == nil else { throw UsageError("The \(name) option takes no value.") }
        return true
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
