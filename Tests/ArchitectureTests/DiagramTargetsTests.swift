import Foundation
import Testing
import TestSupport

/// The diagram of Docs/Architecture.md names only targets that Package.swift declares, and every
/// target of `Sources/` and `Adapters/`; the code generator (`Codegen/`, `Plugins/`: Codegen.md),
/// the benchmarks and the tests' targets are listed in the target tables instead.
@Suite("Architecture diagram", .timeLimit(.minutes(5)))
struct DiagramTargetsTests {
    static let root = BuiltProducts.packageRoot

    /// Capitalised words the diagram uses as prose, not as target names.
    static let prose: Set<String> = ["Adapters", "C", "CLI", "GraphQL", "I", "O", "Presenters", "The"]

    let targets: [DeclaredTarget]
    let diagram: ArchitectureDiagram

    init() async throws {
        targets = try DeclaredTarget.all(in: await SwiftToolchain.dumpPackage())
        let markdown = try String(contentsOf: Self.root.appendingPathComponent("Docs/Architecture.md"), encoding: .utf8)
        diagram = ArchitectureDiagram(markdown: markdown)
    }

    @Test func theDiagramIsRead() {
        #expect(diagram.words.count > 100)
        #expect(targets.count > 10)
    }

    @Test func everyCapitalisedNameInTheDiagramIsATarget() {
        let names = Set(targets.map(\.name))
        let named = Set(diagram.words.filter { $0.contains { $0.isUppercase } })
        for word in named.subtracting(names).subtracting(Self.prose).sorted() {
            Issue.record("the diagram in Docs/Architecture.md names \(word), which Package.swift does not declare (a prose word goes in DiagramTargetsTests.prose; a note in parentheses or backticks)")
        }
    }

    @Test func everyTargetOfSourcesAndAdaptersIsInTheDiagram() {
        let named = Set(diagram.words)
        let placed = targets.filter { $0.type != "test" && ($0.folder.hasPrefix("Sources/") || $0.folder.hasPrefix("Adapters/")) }
        #expect(placed.count > 10)
        for target in placed where !named.contains(target.name) {
            Issue.record("the target \(target.name) (\(target.folder)) is not in the diagram of Docs/Architecture.md (outside parentheses and backticks)")
        }
    }

    @Test func theDiagramsWordsAreReadOutsideNotes() {
        let markdown = "# T\n```\nnot this\n```\n## Layers and the dependency rule\n\n```\nA ──► B (a note\nover lines) `C`, rocket-reserver\n```\ntext D\n## Next\n```\nE\n```\n"
        #expect(ArchitectureDiagram(markdown: markdown).words == ["A", "B", "rocket-reserver"])
    }
}
