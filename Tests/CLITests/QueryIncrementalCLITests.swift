import Foundation
import InMemoryAdapters
import Ports
import Testing
@testable import CLIArguments

/// `query --json --incremental` (issue 30's `@defer`): the option's parsing and its usage error,
/// and in-process against the in-memory runner's scripted parts: one line a part in order, a
/// part's errors on standard error with status 1, a failure mid-answer after the lines printed.
@Suite("query --incremental", .timeLimit(.minutes(5)))
final class QueryIncrementalCLITests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("query-incremental-cli-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func document() throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("D.graphql")
        try Data("query D { launch(id: \"1\") { id ... @defer { rocket { name } } } }".utf8).write(to: url)
        return url.path
    }

    @Test func theOptionIsParsedWithJSONWhereverItStands() throws {
        let parser = CommandLineParser()
        let after = try parser.parse(["query", "D.graphql", "--incremental", "--json"])
        let before = try parser.parse(["--json", "query", "--incremental", "D.graphql"])
        #expect(after.command == .query(QueryCommand(file: "D.graphql", incremental: true)))
        #expect(before == after)
        #expect(try parser.parse(["query", "D.graphql", "--json"]).command == .query(QueryCommand(file: "D.graphql")))
    }

    @Test func withoutJSONItIsAUsageErrorWithASentence() async throws {
        #expect(throws: UsageError(
            "The --incremental option prints each part as a line of JSON; give --json with it.", command: .query
        )) { try CommandLineParser().parse(["query", "D.graphql", "--incremental"]) }
        let cli = try CLIHarness()
        #expect(await cli.run("query", try document(), "--incremental") == .usage)
        #expect(cli.stderr.text.contains("The --incremental option prints each part as a line of JSON; give --json with it."))
        #expect(cli.stdout.text.isEmpty)
        #expect(await cli.documentRunner.requests.isEmpty)
        // Another command does not have it.
        #expect(await cli.run("details", "1", "--json", "--incremental") == .usage)
    }

    @Test func eachPartIsALineInOrderAndTheRequestAsksForParts() async throws {
        let runner = InMemoryDocumentRunner(parts: ["": [
            GraphQLDocumentAnswer(data: #"{"launch":{"id":"1"}}"#),
            GraphQLDocumentAnswer(data: #"{"launch":{"id":"1","rocket":{"name":"Falcon 9"}}}"#),
        ]])
        let cli = try CLIHarness(documentRunner: runner)
        #expect(await cli.run("query", try document(), "--json", "--incremental") == .success)
        #expect(cli.stdout.text == "{\"launch\":{\"id\":\"1\"}}\n{\"launch\":{\"id\":\"1\",\"rocket\":{\"name\":\"Falcon 9\"}}}\n")
        #expect(cli.stderr.text.isEmpty)
        #expect(await runner.requests.map(\.incremental) == [true])
    }

    @Test func aPartWithErrorsPrintsThemAsQueryDoesAndExitsAsPartialData() async throws {
        let runner = InMemoryDocumentRunner(parts: ["": [
            GraphQLDocumentAnswer(data: #"{"launch":{"id":"1"}}"#),
            GraphQLDocumentAnswer(data: #"{"launch":{"id":"1","broken":null}}"#, errors: ["the rocket's telemetry is unavailable (at launch.broken)"]),
        ]])
        let cli = try CLIHarness(documentRunner: runner)
        #expect(await cli.run("query", try document(), "--json", "--incremental") == .refused)
        #expect(cli.stdout.text == "{\"launch\":{\"id\":\"1\"}}\n{\"launch\":{\"id\":\"1\",\"broken\":null}}\n")
        #expect(cli.stderr.text == "rocket-reserver: The server answered with an error: the rocket's telemetry is unavailable (at launch.broken).\n")
    }

    @Test func aConnectionLostMidAnswerIsTheTransportFailureAfterTheLinesPrinted() async throws {
        let lost = ServiceError(.unreachable, operation: "D", detail: "The connection was lost.")
        let runner = InMemoryDocumentRunner(parts: ["": [GraphQLDocumentAnswer(data: #"{"launch":{"id":"1"}}"#)]], partsFailure: lost)
        let cli = try CLIHarness(documentRunner: runner)
        let status = await cli.run("query", try document(), "--json", "--incremental")
        #expect(status == .unavailable)
        #expect(cli.stdout.text == "{\"launch\":{\"id\":\"1\"}}\n")
        #expect(cli.stderr.text.hasPrefix("rocket-reserver: Could not reach the server at "))
        #expect(cli.stderr.text.hasSuffix(" The connection was lost.\n"))
    }
}
