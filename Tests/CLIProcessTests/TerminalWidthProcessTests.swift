import Foundation
import Testing
import TestSupport

/// The built binary's launch table on a pipe (uncut, hint on stderr) and on a pseudo-terminal
/// made by `script` (fitted to its width, hint with the results), against a server whose
/// missions have CJK, emoji and a 113-character name.
@Suite("rocket-reserver binary: output fitted to the terminal", .timeLimit(.minutes(5)))
struct TerminalWidthProcessTests {
    /// A 113-character mission name.
    static let longName = "Mission " + String(repeating: "Extraordinarily Long ", count: 4) + "Name For A Wide Table"
    /// id, mission, its width in cells, site.
    static let launches: [(id: String, mission: String, cells: Int, site: String)] = [
        ("1", "東京タワー", 10, "TNSC"),
        ("2", "Crew 👨‍👩‍👧‍👦 🇯🇵", 10, "KSC"),
        ("3", longName, 113, "Vandenberg"),
    ]
    static let hint = "More launches: rocket-reserver launches --page-size 5 --after 'next page'"
    static let scriptCommand = "/usr/bin/script"

    /// A server whose launch list is ``launches`` with more to come after the cursor `next page`.
    static func server() throws -> FaultServer {
        let items = try launches.map { launch in
            let object: [String: Any] = [
                "__typename": "Launch", "id": launch.id, "site": launch.site,
                "mission": ["__typename": "Mission", "name": launch.mission, "missionPatch": "https://p.invalid/1.png"],
            ]
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }
        let body = #"{"data":{"launches":{"__typename":"LaunchConnection","cursor":"next page","hasMore":true,"launches":["#
            + items.joined(separator: ",") + "]}}}"
        return try FaultServer(.json(body))
    }

    /// `text` followed by spaces up to `width` cells, given that it takes `cells`.
    static func padded(_ text: String, cells: Int, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - cells))
    }

    @Test("Piped: nothing is cut, columns line up by cells, and the hint goes to stderr with the page size")
    func pipedOutputIsWholeAndHintIsOnStderr() async throws {
        #expect(Self.longName.count == 113)
        let server = try Self.server()
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "width-pipe")
        defer { home.remove() }
        let result = try await ProcessRunner.run(
            BuiltProducts.client, ["launches", "--page-size", "5"],
            environment: ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["COLUMNS": "40"]),
            deadline: 30
        )
        #expect(result.status == 0, "\(result.stderr)")
        let expected = [Self.padded("ID", cells: 2, to: 2) + "  " + Self.padded("MISSION", cells: 7, to: 113) + "  SITE"]
            + Self.launches.map { Self.padded($0.id, cells: 1, to: 2) + "  " + Self.padded($0.mission, cells: $0.cells, to: 113) + "  " + $0.site }
        #expect(result.stdout == expected.joined(separator: "\n") + "\n")
        #expect(!result.stdout.contains("…"))
        #expect(result.stderr == Self.hint + "\n")
    }

    @Test(
        "On a 40-column terminal (COLUMNS) rows fit 40 cells, the widest column ends in …, the hint follows",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptCommand))
    )
    func columnsOnATerminal() async throws {
        let lines = try await runOnTerminal("COLUMNS=40 exec \(Self.quoted(BuiltProducts.client.path)) launches --page-size 5")
        #expect(lines == Self.fortyColumnTable + ["", Self.hint])
    }

    @Test(
        "On a 40-column terminal without COLUMNS, its size (TIOCGWINSZ) sets the width",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptCommand))
    )
    func terminalSizeWithoutColumns() async throws {
        let lines = try await runOnTerminal("stty cols 40 rows 24 && exec \(Self.quoted(BuiltProducts.client.path)) launches --page-size 5")
        #expect(lines == Self.fortyColumnTable + ["", Self.hint])
    }

    /// ID 2 + SITE 10 + two gutters of 2 leave the mission 24 cells.
    static let fortyColumnTable = [
        "ID  MISSION                   SITE",
        "1   東京タワー                TNSC",
        "2   Crew 👨‍👩‍👧‍👦 🇯🇵                KSC",
        "3   \(longName.prefix(23))…  Vandenberg",
    ]

    /// Runs `command` with `sh` on a new pseudo-terminal and returns its output's lines.
    private func runOnTerminal(_ command: String) async throws -> [String] {
        let server = try Self.server()
        defer { server.stop() }
        let home = try TemporaryDirectory(prefix: "width-tty")
        defer { home.remove() }
        let result = try await ProcessRunner.run(
            URL(fileURLWithPath: Self.scriptCommand), ["-qec", command, "/dev/null"],
            environment: ClientEnvironment.make(home: home, endpoint: server.endpoint, extra: ["SHELL": "/bin/sh"]),
            deadline: 30
        )
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        var lines = result.stdout.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `text` in single quotes for `sh`.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
