import Foundation
import TestSupport
import Testing

/// Which Foundation the shipped executable links: FoundationEssentials, never the whole of
/// Foundation (with ICU's data and CoreFoundation) nor FoundationNetworking (libcurl).
///
/// Linking all of Foundation made every start of `rocket-reserver` load and relocate about
/// 50 MB more and initialise ICU (Docs/Performance.md, "A cache hit's start-up").
@Suite("Foundation imports", .timeLimit(.minutes(5)))
struct FoundationImportTests {
    /// The lines a file may use to import Foundation: FoundationEssentials where it exists, all
    /// of Foundation only where it does not (Darwin's SDK).
    static let fallbackImport = "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif\n"

    /// The modules `source` imports outside the fallback block.
    static func unconditionalImports(in source: String) -> [String] {
        SourceImports.modules(in: source.replacingOccurrences(of: fallbackImport, with: ""))
    }

    @Test func nothingLinkedIntoRocketReserverImportsAllOfFoundation() async throws {
        let targets = try DeclaredTarget.all(in: await SwiftToolchain.dumpPackage())
        let reached = TargetClosure(targets).reached(from: "rocket-reserver")
        let linked = targets.filter { reached[$0.name] != nil }
        #expect(linked.contains { $0.name == "SocketTransport" }, "the walk no longer reaches SocketTransport; is it still right?")
        for target in linked {
            for file in try SourceImports.swiftFiles(in: BuiltProducts.packageRoot.appendingPathComponent(target.folder)) {
                let imports = Self.unconditionalImports(in: try String(contentsOf: file, encoding: .utf8))
                for module in imports where module == "Foundation" || module == "FoundationNetworking" {
                    Issue.record("\(target.name)/\(file.lastPathComponent) imports \(module), which rocket-reserver must not link")
                }
            }
        }
    }

    @Test func onlyTheFallbackBlockIsExempt() {
        #expect(Self.unconditionalImports(in: Self.fallbackImport + "import JSON\n") == ["JSON"])
        #expect(Self.unconditionalImports(in: "import Foundation\n") == ["Foundation"])
        #expect(Self.unconditionalImports(in: "#if os(Linux)\nimport Foundation\n#endif\n") == ["Foundation"])
        #expect(Self.unconditionalImports(in: "import FoundationNetworking\n" + Self.fallbackImport) == ["FoundationNetworking"])
    }
}
