import Foundation
@testable import RocketReserverCLI
import Testing

/// The catalog is the one source of the command line: every option it lists reaches the
/// parser, the help, every completion script and the man page.
@Suite("CommandCatalog")
struct CommandCatalogTests {
    private static let allOptions = CommandCatalog.globalOptions + CommandCatalog.commands.flatMap(\.options)

    @Test func everyCommandIsDescribedOnce() {
        for name in CommandName.allCases {
            #expect(CommandCatalog.commands.filter { $0.name == name }.count == 1, "\(name)")
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
        let help = HelpText.command(name)
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
        let help = HelpText.command(.launches)
        for variable in ["ROCKET_RESERVER_ENDPOINT", "ROCKET_RESERVER_TIMEOUT", "ROCKET_RESERVER_HOME", "NO_COLOR"] {
            #expect(help.contains(variable))
        }
    }

    @Test(arguments: Shell.allCases)
    func everyCompletionScriptOffersEveryVisibleCommandAndOption(_ shell: Shell) {
        let script = CompletionScript.text(for: shell)
        for command in CommandCatalog.visibleCommands {
            #expect(script.contains(command.name.rawValue))
            for option in command.options + CommandCatalog.globalOptions {
                let name = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                #expect(script.contains(name), "\(shell) lacks \(option.name) for \(command.name)")
            }
            for choice in command.arguments.flatMap(\.choices) { #expect(script.contains(choice)) }
        }
        #expect(!script.contains(" man "), "hidden commands are not completed")
    }

    @Test func theManPageDescribesEveryCommandOptionAndVariable() {
        let page = ManPage.text
        for command in CommandCatalog.visibleCommands { #expect(page.contains(".SS rocket\\-reserver \(command.name.rawValue)")) }
        for option in Self.allOptions { #expect(page.contains("\\fB\(ManPage.escaped(option.name))\\fR")) }
        for variable in CommandCatalog.environment { #expect(page.contains(".B \(ManPage.escaped(variable.name))")) }
    }

    /// `Docs/man/rocket-reserver.1` is regenerated with `rocket-reserver man > Docs/man/rocket-reserver.1`.
    @Test func theCommittedManPageIsTheGeneratedOne() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let committed = try String(contentsOf: root.appendingPathComponent("Docs/man/rocket-reserver.1"), encoding: .utf8)
        #expect(committed == ManPage.text, "Docs/man/rocket-reserver.1 is stale: run `rocket-reserver man > Docs/man/rocket-reserver.1`")
    }

    @Test func roffSpecialsAreEscaped() {
        #expect(ManPage.escaped(".x") == "\\&.x")
        #expect(ManPage.escaped("a\\b-c") == "a\\eb\\-c")
        #expect(ManPage.escaped("…") == "\\[u2026]")
    }
}
