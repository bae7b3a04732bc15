import Foundation
import Testing
import TestSupport

/// Domain, Ports, UseCases and Presentation import nothing but the Swift standard library and the layers beneath.
@Suite("Core imports", .timeLimit(.minutes(5)))
struct CoreImportTests {
    /// The standard library's modules, `Synchronization` (`Mutex`, `Atomic`) included: it ships
    /// with the standard library on every platform, unlike Foundation.
    static let standardLibrary: Set<String> = ["Swift", "_Concurrency", "_StringProcessing", "Synchronization"]
    static let layers: [(target: String, mayImport: Set<String>)] = [
        ("Domain", []),
        ("Ports", ["Domain"]),
        ("UseCases", ["Domain", "Ports"]),
        ("Presentation", ["Domain", "Ports"]),
    ]

    @Test(arguments: layers.map(\.target))
    func importsOnlyTheLayersBeneath(_ target: String) throws {
        let allowed = Self.standardLibrary.union(Self.layers.first { $0.target == target }?.mayImport ?? [])
        let files = try SourceImports.swiftFiles(in: BuiltProducts.packageRoot.appendingPathComponent("Sources/\(target)"))
        #expect(!files.isEmpty)
        for file in files {
            for module in try SourceImports.modules(importedBy: file) where !allowed.contains(module) {
                Issue.record("\(target)/\(file.lastPathComponent) imports \(module)")
            }
        }
    }

    @Test func theScannerSeesEveryFormOfImport() {
        let source = "import Foundation\n@testable import Ports\n@_exported public import struct Glibc.FILE\n  import Domain // note\nlet important = 1\n"
        #expect(SourceImports.modules(in: source) == ["Foundation", "Ports", "Glibc", "Domain"])
    }
}
