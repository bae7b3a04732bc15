import Foundation
import InMemoryAdapters
import Ports
import Testing

/// `query` and `schema` in-process, against the in-memory document runner: what reaches the port,
/// what is printed where, and the exit statuses.
@Suite("query and schema commands", .timeLimit(.minutes(5)))
final class DocumentCommandCLITests {
    /// This test's temporary folder, removed when the test ends.
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("console-cli-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A document file named `Q.graphql` in a fresh folder inside ``folder``.
    private func document(_ text: String = "query Q { hello }") throws -> String {
        let directory = folder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("Q.graphql")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func queryPassesTheDocumentVariablesAndFreshnessAndPrintsTheData() async throws {
        let documentRunner = InMemoryDocumentRunner(answers: ["": .success(GraphQLDocumentAnswer(data: "{\n  \"hello\": \"hi\"\n}"))])
        let cli = try CLIHarness(documentRunner: documentRunner)
        let file = try document()
        #expect(await cli.run("query", file, "--var", "a=1", "--var=$b=x=y", "--operation", "Q", "--force-reload") == .success)
        #expect(cli.stdout.text == "{\n  \"hello\": \"hi\"\n}\n")
        let request = try #require(await documentRunner.requests.first)
        #expect(request.document == GraphQLSource(name: file, text: "query Q { hello }"))
        #expect(request.variables == [GraphQLDocumentVariable(name: "a", value: "1"), GraphQLDocumentVariable(name: "b", value: "x=y")])
        #expect(request.operationName == "Q")
        #expect(request.freshness == .fromServer)
        #expect(request.schema == nil)
    }

    @Test func theServersErrorsGoToStandardErrorWithStatusOne() async throws {
        let answer = GraphQLDocumentAnswer(data: "{\n  \"launch\": null\n}", errors: ["Launch 9 is gone (at launch).", "Second."])
        let cli = try CLIHarness(documentRunner: InMemoryDocumentRunner(answers: ["": .success(answer)]))
        #expect(await cli.run("query", try document()) == .refused)
        #expect(cli.stdout.text == "{\n  \"launch\": null\n}\n")
        #expect(cli.stderr.text == "rocket-reserver: The server answered with an error: Launch 9 is gone (at launch).\n"
            + "rocket-reserver: The server answered with an error: Second.\n")
    }

    /// The runner passes the server's errors as it sent them; the CLI prints each as one
    /// sanitised sentence.
    @Test func theServersRawErrorsPrintAsOneSafeSentenceEach() async throws {
        let answer = GraphQLDocumentAnswer(data: nil, errors: ["boom\u{1B}[31m red\nsecond line\u{202E} (at launch)"])
        let cli = try CLIHarness(documentRunner: InMemoryDocumentRunner(answers: ["": .success(answer)]))
        #expect(await cli.run("query", try document()) == .refused)
        #expect(cli.stderr.text == "rocket-reserver: The server answered with an error: boom\u{FFFD}[31m red second line\u{FFFD} (at launch).\n")
    }

    @Test func aDocumentThatDoesNotFitExits64WithItsDiagnostics() async throws {
        let invalid = GraphQLDocumentError.invalidDocument(name: "Q.graphql", diagnostics: ["Q.graphql:1:11: error: Cannot query field \"helo\" on type \"Query\"."])
        let cli = try CLIHarness(documentRunner: InMemoryDocumentRunner(answers: ["": .failure(invalid)]))
        #expect(await cli.run("query", try document()) == .usage)
        #expect(cli.stderr.text.contains("\nQ.graphql:1:11: error: Cannot query field \"helo\""))
        #expect(cli.stdout.text.isEmpty)
    }

    @Test func malformedVariablesAndMissingFilesAreUsageErrors() async throws {
        let documentRunner = InMemoryDocumentRunner(answers: ["": .success(GraphQLDocumentAnswer(data: "{}"))])
        let cli = try CLIHarness(documentRunner: documentRunner)
        let file = try document()
        #expect(await cli.run("query", file, "--var", "novalue") == .usage)
        #expect(await cli.run("query", file, "--var", "1a=2") == .usage)
        #expect(await cli.run("query", file, "--var", "a=1", "--var", "a=2") == .usage)
        #expect(cli.stderr.text.contains("$a is given more than once"))
        #expect(await cli.run("query", file + ".missing") == .usage)
        #expect(await cli.run("query", FileManager.default.temporaryDirectory.path) == .usage)
        #expect(await cli.run("query") == .usage)
        #expect(await cli.run("query", file, "--schema", file + ".missing") == .usage)
        #expect(await documentRunner.requests.isEmpty)
    }

    @Test func schemaPrintsOrWritesTheSDL() async throws {
        let documentRunner = InMemoryDocumentRunner(schema: "type Query {\n  hello: String\n}\n")
        let cli = try CLIHarness(documentRunner: documentRunner)
        #expect(await cli.run("schema") == .success)
        #expect(cli.stdout.text == "type Query {\n  hello: String\n}\n")
        let output = try document("old") + ".graphqls"
        #expect(await cli.run("schema", "--output", output) == .success)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "type Query {\n  hello: String\n}\n")
        #expect(cli.stdout.text == "type Query {\n  hello: String\n}\n", "nothing more on standard output")
        #expect(await cli.run("schema", "extra") == .usage)
        #expect(await cli.run("schema", "--output", "") == .usage)
        #expect(cli.stderr.text.contains("--output needs a file name"))
        #expect(await documentRunner.schemaRequests == 2)
        // Standard output's alias is the command's standard output, not a file to replace.
        #expect(await cli.run("schema", "--output", "/dev/stdout") == .success)
        #expect(cli.stdout.text == "type Query {\n  hello: String\n}\n" + "type Query {\n  hello: String\n}\n")
    }
}
