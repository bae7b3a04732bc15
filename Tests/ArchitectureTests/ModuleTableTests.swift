import Foundation
import Testing
import TestSupport

/// Docs/GraphQLClient.md's module table says "nothing" under "depends on" only for a module
/// that declares no dependency.
@Suite("Module table", .timeLimit(.minutes(5)))
struct ModuleTableTests {
    static let root = BuiltProducts.packageRoot

    /// The module (first cell, in backticks) and the last cell of each row of the table whose
    /// header starts with `| module |`.
    static func dependsOn(in markdown: String) -> [String: String] {
        var rows: [String: String] = [:]
        var inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), cells.count >= 4 else { inTable = false; continue }
            if cells[1] == "module" { inTable = true; continue }
            guard inTable, !cells[1].hasPrefix("---"), let name = ProductList.quoted(cells[1]).first else { continue }
            rows[name] = cells[cells.count - 2]
        }
        return rows
    }

    @Test func aModuleSaidToDependOnNothingDeclaresNoDependency() async throws {
        let targets = try DeclaredTarget.all(in: await SwiftToolchain.dumpPackage())
        let markdown = try String(contentsOf: Self.root.appendingPathComponent("Docs/GraphQLClient.md"), encoding: .utf8)
        let rows = Self.dependsOn(in: markdown)
        #expect(rows.count > 5)
        for target in targets {
            guard let cell = rows[target.name], cell.hasPrefix("nothing"), !target.dependencies.isEmpty else { continue }
            Issue.record("Docs/GraphQLClient.md says \(target.name) depends on nothing; it declares \(target.dependencies.joined(separator: ", "))")
        }
    }

    @Test func theLastCellIsRead() {
        let table = "| module | folder | holds | depends on |\n|---|---|---|---|\n| `A` | X | `a` | nothing |\n| `B` | Y | b | A |\n"
        #expect(Self.dependsOn(in: table) == ["A": "nothing", "B": "A"])
    }
}
