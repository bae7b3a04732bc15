import GraphQLClient
@testable import GraphQLClientDocumentRunner
import GraphQLLanguage
import GraphQLPlanning
import JSON
import Presentation
import TestExpectations
import Testing

/// `query`'s loops over the server's answer (its errors as the adapter bounds them and the CLI words them, its data as indented
/// JSON) are linear at 10 MB, whatever the text's shape, and a sentence stays one short line.
@Suite("Hostile answer text", .serialized, .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileAnswerTextTests {
    static let shapes: [(String, @Sendable (Int) -> String)] = [
        ("a million blank lines", { String(repeating: "\n", count: $0 << 20) }),
        ("one line without spaces", { String(repeating: "x", count: $0 << 20) }),
        ("combining marks", { "e" + String(repeating: "\u{301}", count: $0 << 19) }),
        ("ZWJ chain", { Array(repeating: "👩", count: $0 << 17).joined(separator: "\u{200D}") }),
        ("short lines", { String(repeating: "ab\n", count: ($0 << 20) / 3) }),
        ("spaces", { String(repeating: " ", count: $0 << 20) + "x" + String(repeating: "\t", count: $0 << 20) }),
    ]

    static func make(_ shape: String) throws -> @Sendable (Int) -> String {
        try #require(shapes.first { $0.0 == shape }?.1)
    }

    @Test("A server's error message becomes one sentence of at most 300 characters in linear time", arguments: shapes.map(\.0))
    func errorSentence(shape: String) async throws {
        await LinearTime.expect(shape, input: try Self.make(shape)) { message in
            let sentence = ServerText.sentence(DocumentRunnerErrorMapping.answerErrors([GraphQLError(message: message, path: [message])])[0])
            return !sentence.contains("\n") && sentence.count <= 2 * ServerText.maximumLength && sentence.utf8.count <= 8 * ServerText.maximumLength
        }
    }

    @Test("An answer's 10 MB values print as JSON in linear time", arguments: ["a million blank lines", "one line without spaces", "combining marks"])
    func answerJSON(shape: String) async throws {
        let document = try Parser.parse("query Site { launch(id: \"1\") { site } }", sourceName: "site.graphql")
        let operation = try #require(document.operations.first)
        let plan = try ClientOperationPlanner.plan(operation, sourceName: "site.graphql", documents: [document], schema: PlannedOperationTests.schema).get().fields
        await LinearTime.expect(shape, input: try Self.make(shape)) { text in
            AnswerJSON.text(["launch": .object(["site": .string(text)])], fields: plan).hasPrefix("{\n  \"launch\": {\n    \"site\": \"")
        }
    }
}
