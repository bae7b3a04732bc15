import Ports
import UseCases

/// Turns a command's name, its words and its options into a ``Command``, checking each
/// against the command's ``CommandSpec``.
struct CommandBuilder {
    let name: CommandName
    let arguments: [String]
    /// The command options given (global ones removed), each with its value or `nil` for a flag.
    let flags: [String: String?]
    /// Every value of each repeatable option, in order.
    var repeated: [String: [String]] = [:]

    private var spec: CommandSpec { CommandCatalog.spec(for: name) }

    func command() throws(UsageError) -> Command {
        let allowed = Set(spec.options.map(\.name))
        if let stray = flags.keys.sorted().first(where: { !allowed.contains($0) }) {
            let close = Suggestion.closest(to: stray, among: spec.options.map(\.name))
            throw UsageError("The \(name.rawValue) command has no \(stray) option.", command: name, suggestion: close)
        }
        switch name {
        case .login: return .login(email: try single())
        case .logout: try none(); return .logout
        case .whoami: try none(); return .whoami
        case .trips: try none(); return flags["--watch"] == nil ? .trips : .watchTrips
        case .watch: try none(); return .watch
        case .man: try none(); return .manPage
        case .book: return .book(launchID: try single())
        case .cancel: return .cancel(launchID: try single())
        case .details: return .details(launchID: try single(), forceReload: flags["--force-reload"] != nil)
        case .launches: return try launches()
        case .query: return try query()
        case .schema:
            try none()
            if case ""?? = flags["--output"] { throw UsageError("--output needs a file name (or /dev/stdout).", command: name) }
            return .schema(output: flags["--output"] ?? nil)
        case .cache: return try cache()
        case .completion:
            let shell = try choice()
            return .completion(Shell(rawValue: shell) ?? .bash)
        }
    }

    private func launches() throws(UsageError) -> Command {
        try none()
        var pageSize: Int?
        if case let text?? = flags["--page-size"] {
            guard let size = Int(text) else {
                throw UsageError("The page size must be a whole number, not \"\(CommandLineParser.quoted(text))\".", command: name)
            }
            pageSize = size
        }
        var maxPages: Int?
        if case let text?? = flags["--max-pages"] {
            guard let pages = Int(text), (1...ListLaunches.maximumPagesLimit).contains(pages) else {
                throw UsageError(
                    "The page limit must be a whole number from 1 to \(ListLaunches.maximumPagesLimit), not \"\(CommandLineParser.quoted(text))\".",
                    command: name
                )
            }
            maxPages = pages
        }
        if maxPages != nil, flags["--all"] == nil {
            throw UsageError("The --max-pages option bounds --all; give both or neither.", command: name)
        }
        return .launches(pageSize: pageSize, after: flags["--after"] ?? nil, all: flags["--all"] != nil, maxPages: maxPages)
    }

    private func query() throws(UsageError) -> Command {
        var variables: [GraphQLDocumentVariable] = []
        for text in repeated["--var"] ?? [] { variables.append(try QueryCommand.variable(text)) }
        return .query(
            QueryCommand(
                file: try single(), operationName: flags["--operation"] ?? nil, variables: variables, schemaFile: flags["--schema"] ?? nil,
                forceReload: flags["--force-reload"] != nil
            )
        )
    }

    private func cache() throws(UsageError) -> Command {
        let action = try choice()
        let all = flags["--all"] != nil
        switch action {
        case "info", "gc":
            guard !all else { throw UsageError("The cache \(action) command has no --all option.", command: name) }
            return action == "info" ? .cacheInfo : .cacheCollect
        default:
            return .cacheClear(all: all)
        }
    }

    /// The one argument, which must be one of the first argument's choices.
    private func choice() throws(UsageError) -> String {
        let word = try single()
        let choices = spec.arguments.first?.choices ?? []
        guard choices.contains(word) else {
            let list = choices.dropLast().joined(separator: ", ") + (choices.count > 1 ? " or " : "") + (choices.last ?? "")
            let close = Suggestion.closest(to: word, among: choices)
            throw UsageError("The \(name.rawValue) command takes \(list), not \"\(CommandLineParser.quoted(word))\".", command: name, suggestion: close)
        }
        return word
    }

    private func single() throws(UsageError) -> String {
        let phrase = spec.arguments.first?.phrase ?? "an argument"
        guard arguments.count == 1, let only = arguments.first else {
            let what = phrase.split(separator: " ", maxSplits: 1).last.map(String.init) ?? phrase  // without its article
            let problem = arguments.isEmpty ? "needs \(phrase)" : "takes one \(what), not \(arguments.count) arguments"
            throw UsageError("The \(name.rawValue) command \(problem).", command: name)
        }
        return only
    }

    private func none() throws(UsageError) {
        guard let extra = arguments.first else { return }
        throw UsageError("The \(name.rawValue) command takes no arguments, but got \"\(CommandLineParser.quoted(extra))\".", command: name)
    }
}
