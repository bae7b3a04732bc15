import Foundation
import Testing
import TestSupport

/// `schema` prints a server's descriptions without any raw terminal control (each becomes
/// U+FFFD, bidirectional marks and line separators included), and what it saves is a schema
/// `query --schema` reads.
@Suite("schema prints server text safely", .timeLimit(.minutes(5)))
struct SchemaTextTests {
    @Test func aHostileDescriptionIsEscapedInTheSDL() async throws {
        let hostile = "Launch\u{1B}]0;owned\u{7}\u{9B}31m\u{202E}desrever\u{2066}\u{2028}\u{2029}\u{200E}\u{200F}\u{061C}\u{7F}\u{85} end"
        let fixture = try await OutputPathTests.Fixture(launchDescription: hostile)
        let raw = fixture.expected.unicodeScalars.filter { $0 != "\n" && JSONOutputEscapingTests.unsafe($0) }
        #expect(raw.isEmpty, "raw in the SDL: \(raw.map { String($0.value, radix: 16) })")
        #expect(fixture.expected.contains("owned") && fixture.expected.contains("desrever"), "\(fixture.expected.prefix(600))")
        // Saved to a file, it is a schema `query --schema` reads.
        let path = fixture.path("saved.graphqls")
        let saved = try await fixture.schema(to: path)
        #expect(saved.status == 0, "exit \(saved.status): \(saved.stderr)")
        let document = fixture.session.home.url.appendingPathComponent("Q.graphql")
        try Data("query Q { launch(id: \"1\") { id } }".utf8).write(to: document)
        fixture.session.server.behaviour = .json(#"{"data":{"launch":{"__typename":"Launch","id":"1"}}}"#)
        let query = try await fixture.session.run(["query", document.path, "--schema", path])
        #expect(query.status == 0, "exit \(query.status): \(query.stderr)")
    }
}
