@testable import CLIArguments
import Testing

/// The width tables are fitted to: `COLUMNS`, then the terminal's size, and only on a terminal.
@Suite("CLI terminal width", .timeLimit(.minutes(5)))
struct TerminalWidthCLITests {
    /// The configuration a `launches` run was built with.
    private func configuration(
        _ variables: [String: String], terminal: Bool, size: Int?
    ) async throws -> Configuration {
        let cli = try CLIHarness(variables: variables, terminal: (terminal, size))
        #expect(await cli.run("launches") == .success)
        return try #require(cli.builtConfigurations.first)
    }

    @Test("On a terminal, COLUMNS comes before the terminal's size")
    func columnsFirst() async throws {
        let built = try await configuration(["COLUMNS": "40"], terminal: true, size: 132)
        #expect(built.terminalWidth == 40)
        #expect(built.outputIsTerminal)
    }

    @Test("On a terminal without a usable COLUMNS, the terminal's size is used", arguments: [
        [:], ["COLUMNS": ""], ["COLUMNS": "0"], ["COLUMNS": "-5"], ["COLUMNS": "wide"],
    ])
    func terminalSizeNext(_ variables: [String: String]) async throws {
        #expect(try await configuration(variables, terminal: true, size: 132).terminalWidth == 132)
    }

    @Test("On a terminal that gives no size and no COLUMNS, nothing is cut")
    func noWidthKnown() async throws {
        #expect(try await configuration([:], terminal: true, size: nil).terminalWidth == nil)
    }

    @Test("When the output is not a terminal, no width applies, even with COLUMNS set")
    func pipedNeverCut() async throws {
        let built = try await configuration(["COLUMNS": "40"], terminal: false, size: nil)
        #expect(built.terminalWidth == nil)
        #expect(!built.outputIsTerminal)
    }
}
