import Foundation
import InMemoryAdapters
import Ports
import Testing

/// `query` with a subscription in-process, against the in-memory document runner's scripted events:
/// one line an event, the connection's news on standard error, the status at the end.
@Suite("query with a subscription", .timeLimit(.minutes(5)))
final class QuerySubscriptionCLITests {
    private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("query-subscription-cli-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func document() throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("S.graphql")
        try Data("subscription S { tripsBooked }".utf8).write(to: url)
        return url.path
    }

    @Test func eachEventIsALineAndTheConnectionsNewsGoToStandardError() async throws {
        let lost = ServiceError(.unreachable, operation: "S", detail: "The connection was lost.")
        let documentRunner = InMemoryDocumentRunner(events: ["": [
            .value(GraphQLDocumentAnswer(data: #"{"tripsBooked":2}"#)), .interrupted(lost), .resumed,
            .value(GraphQLDocumentAnswer(data: #"{"tripsBooked":-1}"#)),
        ]])
        let cli = try CLIHarness(documentRunner: documentRunner)
        #expect(await cli.run("query", try document()) == .success)
        #expect(cli.stdout.text == "{\"tripsBooked\":2}\n{\"tripsBooked\":-1}\n")
        #expect(cli.stderr.text == "rocket-reserver: The live connection was lost (The connection was lost.); reconnecting.\n"
            + "rocket-reserver: Reconnected; events published while the connection was down were missed.\n")
    }

    @Test func theServersErrorEndsItWithStatusOne() async throws {
        let documentRunner = InMemoryDocumentRunner(events: ["": [
            .value(GraphQLDocumentAnswer(data: #"{"tripsBooked":1}"#)), .value(GraphQLDocumentAnswer(data: nil, errors: ["The feed broke."])),
        ]])
        let cli = try CLIHarness(documentRunner: documentRunner)
        #expect(await cli.run("query", try document()) == .refused)
        #expect(cli.stdout.text == "{\"tripsBooked\":1}\n")
        #expect(cli.stderr.text == "rocket-reserver: The server answered with an error: The feed broke.\n")
    }

    /// An empty script is a subscription the server completes before any event.
    @Test func aSubscriptionCompletedAtOnceEndsWithZeroAndPrintsNothing() async throws {
        let documentRunner = InMemoryDocumentRunner(events: ["": []])
        let cli = try CLIHarness(documentRunner: documentRunner)
        #expect(await cli.run("query", try document()) == .success)
        #expect(cli.stdout.text.isEmpty)
    }
}
