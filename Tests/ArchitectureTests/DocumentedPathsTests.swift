import Foundation
import Testing
import TestSupport

/// The guides name only files and folders that exist: the "where to add a change" traces and
/// the other pages a contributor follows step by step would otherwise send them to a file that
/// moved. Patterns (`GraphQL<Port>.swift`, `InMemoryGateway*.swift`) and folders made at run
/// time (a leading dot, such as a venv) are not checked.
@Suite("Documented paths", .timeLimit(.minutes(1)))
struct DocumentedPathsTests {
    static let root = BuiltProducts.packageRoot

    /// The pages that tell a contributor where code lives. Library.md is left out: its examples
    /// name files of the reader's own package.
    static let pages = [
        "Docs/Architecture.md", "Docs/Testing.md", "Docs/Reliability.md", "Docs/GraphQLClient.md", "Docs/Codegen.md", "Docs/CLI.md",
    ]

    /// The repository's top folders a path in backticks starts with.
    static let topFolders = ["Sources", "Adapters", "Tests", "Server", "Docs", "Scripts", "Codegen", "Plugins", "Benchmarks"]

    /// The paths in backticks of `markdown` that start at the repository's root, without an
    /// anchor or a trailing slash; patterns and hidden run-time folders are skipped.
    static func repositoryPaths(in markdown: String) -> Set<String> {
        var paths: Set<String> = []
        for token in backticked(markdown) {
            guard let top = token.split(separator: "/").first, topFolders.contains(String(top)), token.contains("/") else { continue }
            guard !token.contains(where: { "<*…{ ".contains($0) }), !token.contains("/.") else { continue }
            var path = token.split(separator: "#", maxSplits: 1).first.map(String.init) ?? token
            while path.hasSuffix("/") { path.removeLast() }
            paths.insert(path)
        }
        return paths
    }

    /// The bare Swift file names in backticks of `markdown` (`CachePolicy.swift`).
    static func swiftFileNames(in markdown: String) -> Set<String> {
        Set(backticked(markdown).filter { !$0.contains("/") && $0.hasSuffix(".swift") && $0.dropLast(6).allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "_" } })
    }

    /// Every text between a pair of single backticks.
    static func backticked(_ markdown: String) -> [String] {
        markdown.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The names of every file under the folders code lives in.
    static func filesInTree() -> Set<String> {
        var names: Set<String> = []
        for top in ["Sources", "Adapters", "Tests", "Codegen", "Plugins", "Benchmarks", "Server/Sources", "Server/Tests"] {
            let folder = root.appendingPathComponent(top)
            guard let walker = FileManager.default.enumerator(atPath: folder.path) else { continue }
            while let relative = walker.nextObject() as? String {
                names.insert((relative as NSString).lastPathComponent)
            }
        }
        return names
    }

    @Test func theReadersFindPathsAndPatterns() {
        let sample = "see `Adapters/JSON/JSON.swift`, `Docs/CLI.md#app`, `Sources/UseCases/<UseCase>.swift`, `Benchmarks/.venv`, `CachePolicy.swift` and `a + b`"
        #expect(Self.repositoryPaths(in: sample) == ["Adapters/JSON/JSON.swift", "Docs/CLI.md"])
        #expect(Self.swiftFileNames(in: sample) == ["CachePolicy.swift"])
    }

    @Test(arguments: pages)
    func everyPathThePageNamesExists(page: String) throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let paths = Self.repositoryPaths(in: markdown)
        #expect(!paths.isEmpty || page == "Docs/CLI.md", "\(page) names no path; is the reader still right?")
        for path in paths.sorted() where !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) {
            Issue.record("\(page) names `\(path)`, which does not exist")
        }
    }

    @Test(arguments: pages)
    func everySwiftFileThePageNamesExists(page: String) throws {
        let markdown = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
        let tree = Self.filesInTree()
        for name in Self.swiftFileNames(in: markdown).sorted() where !tree.contains(name) {
            Issue.record("\(page) names `\(name)`, which no folder of the package holds")
        }
    }
}
