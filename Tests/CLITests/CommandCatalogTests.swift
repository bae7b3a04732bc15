import CommandLineKit
import Foundation
@testable import CLIArguments
@testable import RocketReserverCLI
import Testing

/// The catalog is the one source of the command line: every option it lists reaches the
/// parser, the help, every completion script and the man page.
@Suite("CommandCatalog", .timeLimit(.minutes(5)))
struct CommandCatalogTests {
    private static let allOptions = CommandCatalog.globalOptions + CommandCatalog.commands.flatMap(\.options)

    @Test func everyCommandIsDescribedOnce() {
        for name in CommandName.allCases {
            #expect(CommandCatalog.commands.filter { $0.name == name.rawValue }.count == 1, "\(name)")
        }
    }

    @Test func anOptionNameMeansTheSameEverywhere() {
        for option in Self.allOptions {
            let namesakes = Self.allOptions.filter { $0.name == option.name }
            #expect(namesakes.allSatisfy { $0.takesValue == option.takesValue }, "\(option.name)")
        }
    }

    @Test(arguments: CommandName.allCases)
    func everyCommandsHelpHasExamplesAndItsEnvironment(_ name: CommandName) {
        let spec = CommandCatalog.spec(for: name)
        let help = HelpText.command(spec, of: CommandCatalog.tool)
        #expect(!spec.examples.isEmpty)
        #expect(help.contains("\nEXAMPLES\n  # "))
        #expect(help.contains("\nENVIRONMENT\n"))
        for example in spec.examples { #expect(help.contains("rocket-reserver \(example.arguments)")) }
        for variable in spec.environment {
            #expect(CommandCatalog.environment.contains { $0.name == variable }, "\(variable) is not described")
            #expect(help.contains("\n  \(variable)"), "\(name) help lacks \(variable)")
        }
        for option in spec.options + CommandCatalog.globalOptions { #expect(help.contains(option.label)) }
    }

    @Test func theNetworkCommandsListTheVariablesTheyRead() {
        let help = HelpText.command(CommandCatalog.spec(for: .launches), of: CommandCatalog.tool)
        for variable in ["ROCKET_RESERVER_ENDPOINT", "ROCKET_RESERVER_TIMEOUT", "ROCKET_RESERVER_HOME", "NO_COLOR"] {
            #expect(help.contains(variable))
        }
    }

    @Test(arguments: Shell.allCases)
    func everyCompletionScriptOffersEveryVisibleCommandAndOption(_ shell: Shell) {
        let script = CompletionScript.text(for: shell, tool: CommandCatalog.tool)
        for command in CommandCatalog.visibleCommands {
            #expect(script.contains(command.name))
            for option in command.options + CommandCatalog.globalOptions {
                let name = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(script.contains(name), "\(shell) lacks \(option.name) for \(command.name)")
            }
            for choice in command.arguments.flatMap(\.choices) { #expect(script.contains(choice)) }
        }
        #expect(!script.contains(" man "), "hidden commands are not completed")
    }

    @Test func theManPageDescribesEveryCommandOptionAndVariable() {
        let page = ManPage.text(for: CommandCatalog.tool)
        for command in CommandCatalog.visibleCommands { #expect(page.contains(".SS rocket\\-reserver \(command.name)")) }
        for option in Self.allOptions { #expect(page.contains("\\fB\(ManPage.escaped(option.name))\\fR")) }
        for variable in CommandCatalog.environment { #expect(page.contains(".B \(ManPage.escaped(variable.name))")) }
    }

    /// `Docs/man/rocket-reserver.1` is regenerated with `rocket-reserver man > Docs/man/rocket-reserver.1`.
    @Test func theCommittedManPageIsTheGeneratedOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let committed = try String(contentsOf: root.appendingPathComponent("Docs/man/rocket-reserver.1"), encoding: .utf8)
        #expect(committed == ManPage.text(for: CommandCatalog.tool), "Docs/man/rocket-reserver.1 is stale: run `rocket-reserver man > Docs/man/rocket-reserver.1`")
    }

    /// The presenter's "next page" hint is the CLI's own words, and they parse back to the next page.
    @Test func theNextPageWordsAreACommandLineForTheNextPage() throws {
        let words = RocketReserverCLI.nextPageCommand("abc", 5)
        #expect(words.first == CommandCatalog.toolName)
        let invocation = try CommandLineParser().parse(Array(words.dropFirst()))
        #expect(invocation.command == .launches(pageSize: 5, after: "abc", all: false))
        let unsized = try CommandLineParser().parse(Array(RocketReserverCLI.nextPageCommand("x y", nil).dropFirst()))
        #expect(unsized.command == .launches(pageSize: nil, after: "x y", all: false))
    }

    @Test func roffSpecialsAreEscaped() {
        #expect(ManPage.escaped(".x") == "\\&.x")
        #expect(ManPage.escaped("a\\b-c") == "a\\eb\\-c")
        #expect(ManPage.escaped("…") == "\\[u2026]")
    }
}
