import CommandLineKit

/// A small tool with nothing of the app in it: the kit's tests describe their own command line.
enum DemoTool {
    static let verbose = OptionSpec(name: "--verbose", shortName: "-v", summary: "Say more")
    static let depth = OptionSpec(name: "--depth", valueName: "N", summary: "How deep to go")
    static let tag = OptionSpec(name: "--tag", valueName: "TAG", summary: "A tag to add", repeatable: true)
    static let input = OptionSpec(name: "--input", valueName: "FILE", valueKind: .file, summary: "Where to read from")

    static let spec = ToolSpec(
        name: "demo-tool", version: "2.0", summary: "show what the kit generates",
        examples: [ExampleSpec(arguments: "scan --depth 2", explanation: "Scan two levels")],
        globalOptions: [verbose],
        environment: [EnvironmentSpec(name: "DEMO_HOME", summary: "Where the demo keeps its state")],
        exitStatuses: [(0, "success"), (3, "nothing found")],
        commands: [
            CommandSpec(
                name: "scan", summary: "Scan a tree", description: "Scan the tree.", arguments: [ArgumentSpec(name: "root", phrase: "a root", summary: "Where to start")],
                options: [depth, tag, input], environment: ["DEMO_HOME"], examples: [ExampleSpec(arguments: "scan . --tag a --tag b", explanation: "Two tags")]
            ),
            CommandSpec(name: "shell", summary: "Print completions", description: "Print a script.", examples: [
                ExampleSpec(arguments: "shell bash > ~/demo-tool.bash", explanation: "Install for bash"),
            ]),
            CommandSpec(name: "page", summary: "Print the man page", description: "Print it.", hidden: true),
        ],
        completionCommand: "shell", manCommand: "page"
    )
}
