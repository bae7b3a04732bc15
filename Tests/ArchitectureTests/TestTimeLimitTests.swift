import Foundation
import Testing
import TestSupport

/// Every test runs under a time limit, so that a test that hangs fails with its name within
/// minutes instead of holding the run (and CI) until something outside kills it.
@Suite("Test time limits", .timeLimit(.minutes(5)))
struct TestTimeLimitTests {
    @Test func everySuiteAndEveryTestOutsideOneHasATimeLimit() throws {
        let folder = BuiltProducts.packageRoot.appendingPathComponent("Tests")
        let files = try SourceImports.swiftFiles(in: folder)
        let sources = try files.map { file in
            TestTimeLimits.Source(
                name: String(file.path.dropFirst(folder.path.count + 1)), text: try String(contentsOf: file, encoding: .utf8)
            )
        }
        #expect(sources.count > 100)
        #expect(sources.contains { $0.text.contains("@Suite") })
        for problem in TestTimeLimits.problems(in: sources) {
            Issue.record("\(problem): give it (or its suite) .timeLimit(.minutes(N)); see Docs/Testing.md")
        }
    }

    @Test func theScannerFindsEachKindOfTestWithoutALimit() {
        let source = TestTimeLimits.Source(name: "Sample.swift", text: #"""
            import Testing

            /// `@Suite` and `@Test` in a comment count for nothing.
            @Suite("limited", .serialized, .timeLimit(.minutes(2)))
            struct Limited {
                @Test func covered() {}
                struct Nested { @Test func coveredToo() { _ = "}{ @Test \("}" + #"\"#)" } }
            }

            @Suite(.serialized) struct Unlimited {
                @Test func inIt() {}
            }

            struct Implicit {
                @Test("named") func noSuite() {}
            }

            extension Limited {
                @Test func fromAnExtension() {}
            }

            @Test func topLevel() {}
            @Test("top", .timeLimit(.minutes(1))) func topLevelLimited() {}
            """#)
        #expect(TestTimeLimits.problems(in: [source]) == [
            "Sample.swift:10: @Suite without .timeLimit",
            "Sample.swift:15: @Test in Implicit, which no @Suite with .timeLimit covers",
            "Sample.swift:22: @Test at the top level without .timeLimit",
        ])
    }
}
