import Domain
import Ports
@testable import TerminalPresenters
import TerminalModel
import TestExpectations
import Testing
import Presentation

/// The presenters' loops over server text (the sanitiser, the cell measure and cut, column
/// fitting, table layout, shell quoting of the next-page cursor) are linear at 10 MB.
@Suite("Hostile text time", .serialized, .timeLimit(.minutes(10)), .runsOnItsOwn)
struct HostileTextTimeTests {
    static let shapes: [(String, @Sendable (Int) -> String)] = [
        ("a million blank lines", { String(repeating: "\n", count: $0 << 20) }),
        ("one line without spaces", { String(repeating: "x", count: $0 << 20) }),
        ("combining marks", { "e" + String(repeating: "\u{301}", count: $0 << 19) }),
        ("combining marks on every letter", { String(repeating: "a\u{301}", count: $0 << 18) }),
        ("ZWJ chain", { Array(repeating: "👩", count: $0 << 17).joined(separator: "\u{200D}") }),
        ("regional indicators", { String(repeating: "🇯", count: $0 << 18) }),
        ("short lines", { String(repeating: "ab\n", count: ($0 << 20) / 3) }),
        ("quotes for the shell", { String(repeating: "'", count: $0 << 20) }),
        ("CJK", { String(repeating: "東", count: ($0 << 20) / 3) }),
    ]

    static func make(_ shape: String) throws -> @Sendable (Int) -> String {
        try #require(shapes.first { $0.0 == shape }?.1)
    }

    @Test("Sanitising is linear", arguments: shapes.map(\.0))
    func sanitising(shape: String) async throws {
        await LinearTime.expect(shape, input: try Self.make(shape)) { DisplayText.sanitized($0).utf8.count <= 4_000 }
    }

    @Test("Measuring and cutting cells is linear", arguments: shapes.map(\.0))
    func cells(shape: String) async throws {
        await LinearTime.expect(shape, input: try Self.make(shape)) { text in
            TerminalCellWidth.of(text) >= 0 && TerminalCellWidth.of(TerminalCellWidth.truncated(text, toCells: 80)) <= 80
        }
    }

    @Test("Quoting for the shell is linear", arguments: ["quotes for the shell", "one line without spaces", "combining marks"])
    func shellWord(shape: String) async throws {
        await LinearTime.expect(shape, input: try Self.make(shape)) { ShellWord.quoted($0).utf8.count >= $0.utf8.count }
    }

    @Test("A table of unsanitised 10 MB cells is laid out in linear time")
    func table() async {
        await LinearTime.expect("table", input: { megabytes in
            TextTable(headers: ["ID", "MISSION", "SITE"], rows: [["1", TextTable.Cell(String(repeating: "x", count: megabytes << 20)), "KSC"]])
        }) { table in
            table.lines(style: TerminalStyle(colorEnabled: false), width: 80).allSatisfy { TerminalCellWidth.of($0) <= 80 }
        }
    }

    @Test("The launch list of 10 MB values from the server prints in linear time, within 80 cells")
    func launchList() async {
        await LinearTime.expect("launches", input: { megabytes in
            let text = String(repeating: "e\u{301}x ", count: (megabytes << 20) / 5)
            return (1...3).map { Launch(id: LaunchID(trusted: "\($0)"), site: text, mission: Mission(name: text, missionPatch: nil)) }
        }) { launches in
            let output = CapturingOutput()
            HumanPresenter(output: output, colorEnabled: false, nextPageCommand: TutorialNextPage.words, width: 80)
                .present(LaunchPage(launches: launches, cursor: String(repeating: "'", count: 1 << 20), hasMore: true))
            return output.lines.prefix(4).allSatisfy { TerminalCellWidth.of($0) <= 80 }
        }
    }
}
