import Foundation
import Testing
import TestSupport

/// The manifest's target graph matches the table in Docs/Architecture.md.
@Suite("Target graph", .timeLimit(.minutes(5)))
struct TargetGraphTests {
    static let root = BuiltProducts.packageRoot

    let targets: [DeclaredTarget]
    let table: ArchitectureTable

    init() async throws {
        targets = try DeclaredTarget.all(in: await SwiftToolchain.dumpPackage())
        let markdown = try String(contentsOf: Self.root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        table = ArchitectureTable(markdown: markdown)
    }

    @Test func theManifestAndTheTableAreBothRead() {
        #expect(targets.count > 10)
        #expect(table.rows.count > 10)
    }

    @Test func everyTargetHasARowWithItsFolder() {
        for target in targets {
            guard let row = table.rows[target.name] else {
                Issue.record("target \(target.name) has no row in Docs/Architecture.md")
                continue
            }
            #expect(row.folder == target.folder, "\(target.name) lives in \(target.folder), the table says \(row.folder)")
        }
    }

    @Test func everyRowNamesADeclaredTarget() {
        let names = Set(targets.map(\.name))
        for name in table.rows.keys.sorted() {
            #expect(names.contains(name), "the table lists \(name), which Package.swift does not declare")
        }
    }

    @Test func everyDeclaredDependencyIsAllowedByTheTable() {
        for target in targets {
            guard let row = table.rows[target.name] else { continue }
            for dependency in target.dependencies where !row.mayImport.contains(dependency) {
                Issue.record("\(target.name) depends on \(dependency), which its row in Docs/Architecture.md does not allow")
            }
        }
    }
}
