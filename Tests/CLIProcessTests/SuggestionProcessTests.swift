import Foundation
import Testing
import TestSupport

/// The built binary's answers to typos and to being run bare.
@Suite("rocket-reserver binary: typos and bare call", .timeLimit(.minutes(5)))
struct SuggestionProcessTests {
    private func run(_ arguments: [String]) async throws -> ProcessResult {
        let home = try TemporaryDirectory(prefix: "cli")
        defer { home.remove() }
        return try await ProcessRunner.run(BuiltProducts.client, arguments, environment: ClientEnvironment.make(home: home), deadline: 30)
    }

    @Test func aBareCallPrintsTheHelpAndSucceeds() async throws {
        let result = try await run([])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Usage: rocket-reserver [options] <command>"))
        #expect(result.stdout.contains("\nEXAMPLES\n"))
        #expect(result.stderr.isEmpty)
    }

    @Test(arguments: [
        (["lanches"], "Unknown command \"lanches\". Did you mean \"launches\"?"),
        (["launches", "--pagesize", "5"], "Unknown option \"--pagesize\". Did you mean \"--page-size\"?"),
        (["details", "3", "--force-relod"], "Unknown option \"--force-relod\". Did you mean \"--force-reload\"?"),
        (["whoamii"], "Unknown command \"whoamii\". Did you mean \"whoami\"?"),
    ])
    func typosExit64WithASuggestion(_ arguments: [String], _ expected: String) async throws {
        let result = try await run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "rocket-reserver: \(expected)\n")
    }

    @Test func everyCommandsHelpHasExamplesAndEnvironment() async throws {
        for command in ["launches", "details", "login", "logout", "whoami", "book", "cancel", "trips", "cache", "completion"] {
            let result = try await run([command, "--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("\nEXAMPLES\n  # "), "\(command)")
            #expect(result.stdout.contains("\nENVIRONMENT\n"), "\(command)")
        }
        await #expect(try run(["details", "--help"]).stdout.contains("ROCKET_RESERVER_TIMEOUT"))
    }
}
