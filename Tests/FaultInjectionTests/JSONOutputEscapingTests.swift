import Foundation
import Testing
import TestSupport

/// `--json` output escapes every character a terminal acts on (C0 and C1 controls, DEL, the
/// bidirectional controls, the line and paragraph separators), yet reads back as the server's
/// exact text.
@Suite("JSON output escapes terminal controls", .timeLimit(.minutes(5)))
struct JSONOutputEscapingTests {
    /// One of each: CSI as one C1 byte, every bidi override and isolate, the separators, DEL, ESC.
    static let hostile = "A\u{9B}31m\u{85}\u{9D}0;owned\u{9C}\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}"
        + "\u{200E}\u{200F}\u{061C}\u{2028}\u{2029}\u{7F}\u{1B}[2J end"

    static func unsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 && scalar != "\n" || (0x7F...0x9F).contains(value) || [0x061C, 0x200E, 0x200F].contains(value)
            || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Every string anywhere in a parsed JSON value.
    static func strings(in value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let object as [String: Any]: object.values.flatMap(strings)
        case let array as [Any]: array.flatMap(strings)
        default: []
        }
    }

    @Test(arguments: [["details", FaultSession.cachedLaunch, "--json", "--force-reload"], ["launches", "--json"]])
    func serverTextIsEscapedAndReadsBackExactly(_ command: [String]) async throws {
        let session = try await FaultSession()
        let text = ServerTextTests.jsonString(Self.hostile)
        let launch = #"{"__typename":"Launch","id":"1","site":\#(text),"mission":{"__typename":"Mission","name":\#(text),"missionPatch":null},"#
            + #""rocket":{"__typename":"Rocket","id":"r","name":\#(text),"type":"T"},"isBooked":false}"#
        session.server.behaviour = .decide { request in
            if request.graphQLQuery.contains("launches") {
                return .json(#"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"1","hasMore":false,"launches":[\#(launch)]}}}"#)
            }
            return .json(#"{"data":{"launch":\#(launch)}}"#)
        }
        let result = try await session.run(command)
        #expect(result.status == 0, "exit \(result.status): \(result.stderr)")
        let raw = result.stdout.unicodeScalars.filter(Self.unsafe).map { "U+" + String($0.value, radix: 16, uppercase: true) }
        #expect(raw.isEmpty, "raw in stdout: \(raw)")
        #expect(result.stdout.contains(#"\u009b31m"#) && result.stdout.contains(#"\u202e"#) && result.stdout.contains(#"\u2028"#))
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        #expect(Self.strings(in: parsed).contains(Self.hostile), "the text did not read back exactly: \(result.stdout.prefix(400))")
    }
}
