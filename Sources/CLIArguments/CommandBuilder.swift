import CommandLineKit
import Domain
import Ports
import UseCases

/// Turns a command's name, its words and its options into a ``Command``, checking each
/// against the command's ``CommandSpec``.
struct CommandBuilder {
    let name: CommandName
    let arguments: [String]
    /// The whole line, its options looked up by their declarations.
    let line: ParsedCommandLine

    private var spec: CommandSpec { CommandCatalog.spec(for: name) }

    func command() throws(UsageError) -> Command {
        let allowed = Set(spec.options.map(\.name))
        if let stray = line.givenOptionNames(excluding: CommandCatalog.globalOptions).first(where: { !allowed.contains($0) }) {
            let close = Suggestion.closest(to: stray, among: spec.options.map(\.name))
            throw UsageError("The \(name.rawValue) command has no \(stray) option.", command: name, suggestion: close)
        }
        switch name {
        case .login: return .login(email: try single())
        case .logout: try none(); return .logout
        case .whoami: try none(); return .whoami
        case .trips: try none(); return line.contains(CommandOptions.watch) ? .watchTrips : .trips
        case .watch: try none(); return .watch
        case .app: try none(); return .app
        case .man: try none(); return .manPage
        case .book: return .book(launchID: try single())
        case .cancel: return .cancel(launchID: try single())
        case .details: return .details(launchID: try single(), forceReload: line.contains(CommandOptions.forceReload))
        case .launches: return try launches()
        case .query: return try query()
        case .schema:
            try none()
            let output = line.value(of: CommandOptions.output)
            if output == "" { throw UsageError("\(CommandOptions.output.name) needs a file name (or /dev/stdout).", command: name) }
            return .schema(output: output)
        case .cache: return try cache()
        case .completion:
            let shell = try choice()
            return .completion(Shell(rawValue: shell) ?? .bash)
        }
    }

    private func launches() throws(UsageError) -> Command {
        try none()
        var pageSize: Int?
        if let text = line.value(of: CommandOptions.pageSize) {
            pageSize = try numberOption(text, of: CommandOptions.pageSize, in: 1...LaunchPageRequest.maximumPageSize)
        }
        var maxPages: Int?
        if let text = line.value(of: CommandOptions.maxPages) {
            maxPages = try numberOption(text, of: CommandOptions.maxPages, in: 1...ListLaunches.maximumPagesLimit)
        }
        let all = line.contains(CommandOptions.all)
        if maxPages != nil, !all {
            throw UsageError("The \(CommandOptions.maxPages.name) option bounds \(CommandOptions.all.name); give both or neither.", command: name)
        }
        return .launches(pageSize: pageSize, after: line.value(of: CommandOptions.after), all: all, maxPages: maxPages)
    }

    private func query() throws(UsageError) -> Command {
        var variables: [GraphQLDocumentVariable] = []
        for text in line.values(of: CommandOptions.variable) { variables.append(try QueryCommand.variable(text)) }
        let incremental = line.contains(CommandOptions.incremental)
        if incremental, !line.contains(CommandOptions.json) {
            throw UsageError(
                "The \(CommandOptions.incremental.name) option prints each part as a line of JSON; give \(CommandOptions.json.name) with it.", command: name
            )
        }
        return .query(
            QueryCommand(
                file: try single(), operationName: line.value(of: CommandOptions.operation), variables: variables,
                schemaFile: line.value(of: CommandOptions.schema), forceReload: line.contains(CommandOptions.forceReload), incremental: incremental
            )
        )
    }

    private func cache() throws(UsageError) -> Command {
        // `choice()` accepts only the catalog's choices, which are CacheAction's words.
        let action = CacheAction(rawValue: try choice())
        let all = line.contains(CommandOptions.all)
        if all, let action, action != .clear {
            throw UsageError("The cache \(action.rawValue) command has no \(CommandOptions.all.name) option.", command: name)
        }
        switch action {
        case .info: return .cacheInfo
        case .gc: return .cacheCollect
        case .clear, nil: return .cacheClear(all: all)
        }
    }

    /// The one argument, which must be one of the first argument's choices.
    private func choice() throws(UsageError) -> String {
        let word = try single()
        let choices = spec.arguments.first?.choices ?? []
        guard choices.contains(word) else {
            let list = choices.dropLast().joined(separator: ", ") + (choices.count > 1 ? " or " : "") + (choices.last ?? "")
            let close = Suggestion.closest(to: word, among: choices)
            throw UsageError("The \(name.rawValue) command takes \(list), not \"\(EchoedText.quoted(word))\".", command: name, suggestion: close)
        }
        return word
    }

    /// The whole number given with `option`, which must lie in `range` (``NumberSetting``),
    /// refused with a pointer to this command's help.
    private func numberOption(_ text: String, of option: OptionSpec, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        do {
            return try NumberSetting.whole(text, from: option.name, in: range)
        } catch {
            throw UsageError(error.message, command: name)
        }
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
        throw UsageError("The \(name.rawValue) command takes no arguments, but got \"\(EchoedText.quoted(extra))\".", command: name)
    }
}
