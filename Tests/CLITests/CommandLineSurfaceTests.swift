@testable import CLIArguments
import Testing

/// The issue-12 additions to the parser: suggestions, a bare call, the new commands, wording.
@Suite("CommandLineParser: suggestions and new commands", .timeLimit(.minutes(5)))
struct CommandLineSurfaceTests {
    private let parser = CommandLineParser()

    private func message(_ arguments: [String]) -> String? {
        do {
            _ = try parser.parse(arguments)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aBareCallAsksForHelp() throws {
        #expect(try parser.parse([]).command == .help(nil))
        #expect(try parser.parse(["--json"]).command == .help(nil))
    }

    @Test func unknownCommandsAndOptionsSuggestTheCloseOne() {
        #expect(message(["lanches"]) == "Unknown command \"lanches\". Did you mean \"launches\"?")
        #expect(message(["launches", "--pagesize", "5"]) == "Unknown option \"--pagesize\". Did you mean \"--page-size\"?")
        #expect(message(["--pagesize", "5", "launches"]) == "Unknown option \"--pagesize\". Did you mean \"--page-size\"?")
        #expect(message(["details", "3", "--jsno"]) == "Unknown option \"--jsno\". Did you mean \"--json\"?")
        #expect(message(["fly"]) == "Unknown command \"fly\".")
        #expect(message(["cache", "inf"]) == "The cache command takes info, gc or clear, not \"inf\". Did you mean \"info\"?")
    }

    @Test func optionsAreSuggestedFromTheCommandsOwnAndTheGlobalOnes() {
        // --force-reload belongs to details only: launches gets no suggestion of it.
        #expect(message(["launches", "--force-relaod"]) == "Unknown option \"--force-relaod\".")
        #expect(message(["details", "1", "--force-relaod"]) == "Unknown option \"--force-relaod\". Did you mean \"--force-reload\"?")
    }

    @Test func theUnknownOptionPointsAtTheCommandsHelp() throws {
        do {
            _ = try parser.parse(["--pagesize", "5", "launches"])
        } catch {
            #expect(error.command == .launches)
        }
    }

    @Test func wording() {
        #expect(message(["login"]) == "The login command needs an email address.")
        #expect(message(["details"]) == "The details command needs a launch id.")
        #expect(message(["details", "1", "2"]) == "The details command takes one launch id, not 2 arguments.")
        #expect(message(["--timeout", "0", "trips"]) == "--timeout must be a number of seconds more than 0 and at most 3600, in decimal digits (such as 2.5), not \"0\".")
    }

    @Test func theTimeoutVariableStatesTheRealRangeToo() async throws {
        let cli = try CLIHarness(variables: ["ROCKET_RESERVER_TIMEOUT": "0"])
        #expect(await cli.run("launches") == .usage)
        #expect(cli.stderr.text.hasPrefix("rocket-reserver: ROCKET_RESERVER_TIMEOUT must be a number of seconds more than 0 and at most 3600, in decimal digits (such as 2.5), not \"0\"."))
    }

    @Test func parsesTheNewCommands() throws {
        #expect(try parser.parse(["whoami", "--json"]) == Invocation(command: .whoami, options: GlobalOptions(json: true)))
        #expect(try parser.parse(["cache", "info"]).command == .cacheInfo)
        #expect(try parser.parse(["cache", "clear"]).command == .cacheClear(all: false))
        #expect(try parser.parse(["--all", "cache", "clear"]).command == .cacheClear(all: true))
        #expect(try parser.parse(["completion", "zsh"]).command == .completion(.zsh))
        #expect(try parser.parse(["man"]).command == .manPage)
        #expect(try parser.parse(["cache", "--help"]).command == .help(.cache))
    }

    @Test(arguments: [
        ["whoami", "me"], ["cache"], ["cache", "info", "--all"], ["cache", "purge"], ["cache", "info", "clear"],
        ["completion"], ["completion", "tcsh"], ["man", "1"], ["whoami", "--force-reload"],
    ])
    func rejectsMalformedNewCommands(_ arguments: [String]) {
        #expect(throws: UsageError.self) { try parser.parse(arguments) }
    }
}
