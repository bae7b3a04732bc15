import Foundation
import Testing
import TestSupport

/// The size limits issue 31 sets: no Swift file under Sources/ or Adapters/ over 250 lines, and
/// no target there over 30 Swift files or 1,500 lines (Codegen/, outside both, is exempt).
///
/// Every folder right under Sources/ and Adapters/ is one target's (Package.swift gives each
/// target such a folder), so the walk needs no manifest.
@Suite("Size limits", .timeLimit(.minutes(1)))
struct SizeLimitTests {
    /// What a file and a target may hold at most.
    struct Limits {
        var fileLines = 250
        var targetFiles = 30
        var targetLines = 1_500
    }

    /// One target's folder and the line count of each of its Swift files.
    struct TargetSize {
        /// The folder, relative to the package root (`Adapters/GraphQLClient`).
        let folder: String
        /// Each Swift file's path inside the folder and its number of lines.
        let files: [(path: String, lines: Int)]
    }

    /// The folders whose targets the limits hold for.
    static let roots = ["Sources", "Adapters"]

    /// The lines of `text` as `wc -l` counts them, a last line without its newline included.
    static func lineCount(_ text: String) -> Int {
        let newlines = text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        return text.isEmpty || text.utf8.last == UInt8(ascii: "\n") ? newlines : newlines + 1
    }

    /// Each target folder right under `root` (a folder of the package), with its Swift files.
    static func targets(under root: String, in packageRoot: URL) throws -> [TargetSize] {
        let folder = packageRoot.appendingPathComponent(root)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        return try names.compactMap { name -> TargetSize? in
            let target = folder.appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isFolder), isFolder.boolValue else { return nil }
            let prefix = target.standardizedFileURL.path + "/"
            let files = try SourceImports.swiftFiles(in: target).map { file in
                let path = file.standardizedFileURL.path
                return (path: path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : file.lastPathComponent,
                        lines: lineCount(try String(contentsOf: file, encoding: .utf8)))
            }
            return TargetSize(folder: root + "/" + name, files: files.sorted { $0.path < $1.path })
        }
    }

    /// A sentence for each file and each target over `limits`, in order.
    static func breaches(of limits: Limits, in targets: [TargetSize]) -> [String] {
        var breaches: [String] = []
        for target in targets {
            for file in target.files where file.lines > limits.fileLines {
                breaches.append("\(target.folder)/\(file.path) has \(file.lines) lines (at most \(limits.fileLines))")
            }
            if target.files.count > limits.targetFiles {
                breaches.append("\(target.folder) has \(target.files.count) Swift files (at most \(limits.targetFiles))")
            }
            let lines = target.files.reduce(0) { $0 + $1.lines }
            if lines > limits.targetLines {
                breaches.append("\(target.folder) has \(lines) lines of Swift (at most \(limits.targetLines))")
            }
        }
        return breaches
    }

    @Test func sourcesAndAdaptersKeepTheLimits() throws {
        let targets = try Self.roots.flatMap { try Self.targets(under: $0, in: BuiltProducts.packageRoot) }
        #expect(targets.count > 40, "the walk found \(targets.count) targets; is it still looking in the right folders?")
        #expect(targets.contains { $0.folder == "Adapters/GraphQLClient" && !$0.files.isEmpty })
        for breach in Self.breaches(of: Limits(), in: targets) { Issue.record("\(breach)") }
    }

    @Test func eachBreachIsNamedAndTheLimitItselfIsAllowed() {
        let limits = Limits(fileLines: 3, targetFiles: 2, targetLines: 5)
        let atTheLimits = TargetSize(folder: "Adapters/Fits", files: [("A.swift", 3), ("B.swift", 2)])
        let over = TargetSize(folder: "Sources/Big", files: [("A.swift", 4), ("Sub/B.swift", 1), ("C.swift", 1)])
        #expect(Self.breaches(of: limits, in: [atTheLimits]).isEmpty)
        #expect(Self.breaches(of: limits, in: [atTheLimits, over]) == [
            "Sources/Big/A.swift has 4 lines (at most 3)",
            "Sources/Big has 3 Swift files (at most 2)",
            "Sources/Big has 6 lines of Swift (at most 5)",
        ])
    }

    @Test func linesAreCountedAsWcCountsThem() {
        #expect(Self.lineCount("") == 0)
        #expect(Self.lineCount("a\nb\n") == 2)
        #expect(Self.lineCount("a\nb") == 2)
        #expect(Self.lineCount("\n\n\n") == 3)
    }
}
