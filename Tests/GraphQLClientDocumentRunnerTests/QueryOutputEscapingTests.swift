import Foundation
import Testing
import TestSupport

/// `query` prints the server's text as JSON with every terminal control escaped (C1, DEL,
/// bidirectional controls, line and paragraph separators), in values and in keys (aliases are
/// the document's, so only values come from the server), and it reads back exactly.
@Suite(.timeLimit(.minutes(5)))
struct QueryOutputEscapingTests {
    @Test func controlsInTheAnswerAreEscapedAndReadBack() async throws {
        let hostile = "x\u{9B}31m\u{202E}\u{2067}\u{200F}\u{061C}\u{2028}\u{7F}\u{85}\u{1B}]0;t\u{7} y"
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: [hostile]), as: UTF8.self).dropFirst().dropLast()
        let answer = #"{"data":{"launch":{"__typename":"Launch","id":"1","site":\#(encoded)}}}"#
        let server = try FaultServer(.json(answer))
        defer { server.stop() }
        let session = try DocumentCommandSession(endpoint: server.endpoint)
        let file = try session.file("Site.graphql", "query Site { launch(id: \"1\") { id site } }")
        let result = try await session.run("query", file, "--schema", DocumentCommandSession.repositorySchema)
        #expect(result.status == 0, "\(result.stderr)")
        let raw = result.stdout.unicodeScalars.filter { scalar in
            let value = scalar.value
            return value < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(value) || [0x061C, 0x200E, 0x200F].contains(value)
                || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
        #expect(raw.isEmpty, "raw in stdout: \(raw.map { String($0.value, radix: 16) })")
        let launch = (DocumentCommandSession.json(result)?["launch"]) as? [String: Any]
        #expect(launch?["site"] as? String == hostile)
    }
}
