/// The `--help` text of a tool and of each of its commands, generated from its ``ToolSpec``.
public enum HelpText {
    /// The tool's help.
    public static func tool(_ tool: ToolSpec) -> String {
        let commands = tool.visibleCommands.map { ($0.name, $0.summary) }
        let statuses = tool.exitStatuses.map { (String($0.status), $0.meaning) }
        return render([
            ["\(tool.name): \(tool.summary)."],
            ["Usage: \(tool.name) [options] <command> [arguments]"],
            section("COMMANDS", TextLayout.rows(commands)),
            globalOptions(tool),
            environment(tool, tool.environment.map(\.name)),
            examples(tool, tool.examples),
            section("EXIT STATUS", TextLayout.rows(statuses)),
            ["Run `\(tool.name) <command> --help` for a command's arguments."],
        ])
    }

    /// One command's help.
    public static func command(_ spec: CommandSpec, of tool: ToolSpec) -> String {
        let arguments = spec.arguments.map { argument in
            ("<\(argument.name)>", argument.summary + (argument.choices.isEmpty ? "" : ": " + argument.choices.joined(separator: ", ")))
        }
        return render([
            ["Usage: \(tool.name) \(spec.synopsis)"],
            TextLayout.wrap(spec.description, width: TextLayout.width),
            arguments.isEmpty ? [] : section("ARGUMENTS", TextLayout.rows(arguments)),
            spec.options.isEmpty ? [] : section("OPTIONS", TextLayout.rows(spec.options.map { ($0.label, $0.summary) })),
            globalOptions(tool),
            environment(tool, spec.environment),
            examples(tool, spec.examples),
        ])
    }

    private static func globalOptions(_ tool: ToolSpec) -> [String] {
        section("GLOBAL OPTIONS (before or after the command)", TextLayout.rows(tool.globalOptions.map { ($0.label, $0.summary) }))
    }

    private static func environment(_ tool: ToolSpec, _ names: [String]) -> [String] {
        let rows = tool.environment.filter { names.contains($0.name) }.map { ($0.name, $0.summary) }
        return section("ENVIRONMENT", rows.isEmpty ? ["  None."] : TextLayout.rows(rows))
    }

    private static func examples(_ tool: ToolSpec, _ examples: [ExampleSpec]) -> [String] {
        section("EXAMPLES", examples.flatMap { ["  # \($0.explanation)", "  \(tool.name) \($0.arguments)"] })
    }

    private static func section(_ title: String, _ lines: [String]) -> [String] {
        [title] + lines
    }

    /// Blocks separated by blank lines (empty blocks left out).
    private static func render(_ blocks: [[String]]) -> String {
        blocks.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }
}
