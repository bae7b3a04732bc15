import CommandLineKit
import Foundation
@testable import CLIArguments
import Testing

/// ``ExitCode`` is the one exit-status table: the help and the man page are generated from
/// it, and Docs/CLI.md's table must list the same statuses, in order, each opening with the
/// same meaning.
@Suite("Exit status table", .timeLimit(.minutes(5)))
struct ExitStatusTableTests {
    @Test func theHelpAndTheManPageListEveryExitCode() {
        let help = HelpText.tool(CommandCatalog.tool)
        let page = ManPage.text(for: CommandCatalog.tool)
        for code in ExitCode.allCases {
            #expect(help.contains("\n  \(code.rawValue)"), "help lacks \(code)")
            #expect(page.contains(".B \(code.rawValue)\n\(ManPage.escaped(code.meaning))."), "man page lacks \(code)")
        }
    }

    @Test func docsCLITableAgreesWithExitCode() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
        let rows = Self.exitStatusRows(in: text)
        #expect(rows.map(\.status) == ExitCode.allCases.map(\.rawValue), "Docs/CLI.md's exit statuses differ from ExitCode's")
        for (row, code) in zip(rows, ExitCode.allCases) {
            #expect(row.meaning.hasPrefix(code.meaning), "Docs/CLI.md's row \(code.rawValue) does not open with \"\(code.meaning)\"")
        }
    }

    /// The `| status | meaning |` rows under the `## Exit status` heading.
    private static func exitStatusRows(in markdown: String) -> [(status: Int32, meaning: String)] {
        guard let heading = markdown.range(of: "\n## Exit status\n") else { return [] }
        var rows: [(status: Int32, meaning: String)] = []
        for line in markdown[heading.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|", maxSplits: 2, omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3, cells[0].isEmpty, let status = Int32(cells[1]) else { continue }
            var meaning = cells[2]
            if meaning.hasSuffix("|") { meaning = String(meaning.dropLast()).trimmingCharacters(in: .whitespaces) }
            rows.append((status, meaning))
        }
        return rows
    }
}
