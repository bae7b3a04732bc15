import CommandLineKit
@testable import CLIArguments
import Testing

@Suite("Suggestion", .timeLimit(.minutes(5)))
struct SuggestionTests {
    private let commands = CommandCatalog.visibleCommands.map(\.name) + ["help"]

    @Test(arguments: [
        ("lanches", "launches"), ("launch", "launches"), ("lauches", "launches"), ("detials", "details"),
        ("trip", "trips"), ("bok", "book"), ("hlep", "help"), ("logotu", "logout"), ("cach", "cache"), ("whoamii", "whoami"),
    ])
    func suggestsTheCloseCommand(_ typed: String, _ expected: String) {
        #expect(Suggestion.closest(to: typed, among: commands) == expected)
    }

    @Test(arguments: ["fly", "l", "xyzzy", "", "rocket"])
    func suggestsNothingWhenNothingIsClose(_ typed: String) {
        #expect(Suggestion.closest(to: typed, among: commands) == nil)
    }

    @Test func aUniquePrefixIsSuggestedAtAnyDistance() {
        #expect(Suggestion.closest(to: "comp", among: commands) == "completion")
        #expect(Suggestion.closest(to: "--force", among: ["--force-reload", "--json"]) == "--force-reload")
    }

    @Test func editDistanceCountsTranspositionsAsOne() {
        #expect(Suggestion.editDistance("ab", "ba") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.editDistance("same", "same") == 0)
    }
}
