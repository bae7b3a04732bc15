import Foundation
import TestSupport
import Testing

/// A plain `swift build -c release` (the README's build) builds every target that is not a test
/// target, and finds no Swift Testing there: a library for the tests that imports it must do so
/// inside `#if canImport(Testing)`, or the README's build fails (it did, for TestExpectations).
@Suite("Testing imports", .timeLimit(.minutes(5)))
struct TestingImportTests {
    static let guardLine = "#if canImport(Testing)"

    /// Whether `source` imports Testing without the guard before it.
    static func importsTestingUnguarded(_ source: String) -> Bool {
        var guarded = false
        for line in source.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text == guardLine { guarded = true }
            if SourceImports.modules(in: text) == ["Testing"] { return !guarded }
        }
        return false
    }

    @Test func noTargetButATestTargetImportsTestingUnguarded() async throws {
        let targets = try DeclaredTarget.all(in: await SwiftToolchain.dumpPackage()).filter { $0.type != "test" }
        #expect(targets.contains { $0.name == "TestExpectations" }, "TestExpectations is no longer a regular target; is this check still right?")
        for target in targets {
            for file in try SourceImports.swiftFiles(in: BuiltProducts.packageRoot.appendingPathComponent(target.folder)) {
                if Self.importsTestingUnguarded(try String(contentsOf: file, encoding: .utf8)) {
                    Issue.record("\(target.name)/\(file.lastPathComponent) imports Testing outside \(Self.guardLine): `swift build -c release` fails on it")
                }
            }
        }
    }

    @Test func theCheckSeesAnUnguardedImport() {
        #expect(Self.importsTestingUnguarded("import Foundation\nimport Testing\n"))
        #expect(Self.importsTestingUnguarded("@_spi(Experimental) import Testing\n#if canImport(Testing)\n#endif\n"))
        #expect(!Self.importsTestingUnguarded("#if canImport(Testing)\nimport Testing\n#endif\n"))
        #expect(!Self.importsTestingUnguarded("import Foundation\n"))
    }
}
