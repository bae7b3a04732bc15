/// The `--help` text of the tool and of each command, generated from ``CommandCatalog``.
enum HelpText {
    static let version = "\(CommandCatalog.toolName) \(CommandCatalog.version)"

    /// The tool's help.
    static var tool: String {
        let commands = CommandCatalog.visibleCommands.map { ($0.name.rawValue, $0.summary) }
        let statuses = CommandCatalog.exitStatuses.map { (String($0.status), $0.meaning) }
        return render([
            ["\(CommandCatalog.toolName): \(CommandCatalog.summary)."],
            ["Usage: rocket-reserver [options] <command> [arguments]"],
            section("COMMANDS", TextLayout.rows(commands)),
            globalOptions,
            environment(CommandCatalog.environment.map(\.name)),
            examples(CommandCatalog.examples),
            section("EXIT STATUS", TextLayout.rows(statuses)),
            ["Run `rocket-reserver <command> --help` for a command's arguments."],
        ])
    }

    /// One command's help.
    static func command(_ name: CommandName) -> String {
        let spec = CommandCatalog.spec(for: name)
        let arguments = spec.arguments.map { argument in
            ("<\(argument.name)>", argument.summary + (argument.choices.isEmpty ? "" : ": " + argument.choices.joined(separator: ", ")))
        }
        return render([
            ["Usage: rocket-reserver \(spec.synopsis)"],
            TextLayout.wrap(spec.description, width: TextLayout.width),
            arguments.isEmpty ? [] : section("ARGUMENTS", TextLayout.rows(arguments)),
            spec.options.isEmpty ? [] : section("OPTIONS", TextLayout.rows(spec.options.map { ($0.label, $0.summary) })),
            globalOptions,
            environment(spec.environment),
            examples(spec.examples),
        ])
    }

    private static var globalOptions: [String] {
        section("GLOBAL OPTIONS (before or after the command)", TextLayout.rows(CommandCatalog.globalOptions.map { ($0.label, $0.summary) }))
    }

    private static func environment(_ names: [String]) -> [String] {
        let rows = CommandCatalog.environment.filter { names.contains($0.name) }.map { ($0.name, $0.summary) }
        return section("ENVIRONMENT", rows.isEmpty ? ["  None."] : TextLayout.rows(rows))
    }

    private static func examples(_ examples: [ExampleSpec]) -> [String] {
        section("EXAMPLES", examples.flatMap { ["  # \($0.explanation)", "  rocket-reserver \($0.arguments)"] })
    }

    private static func section(_ title: String, _ lines: [String]) -> [String] {
        [title] + lines
    }

    /// Blocks separated by blank lines (empty blocks left out).
    private static func render(_ blocks: [[String]]) -> String {
        blocks.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }
}
