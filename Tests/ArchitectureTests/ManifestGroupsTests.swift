import Foundation
import Testing
import TestSupport

/// Package.swift lists its targets in groups that follow the folders: each `// MARK:` names its
/// folders in parentheses, and every target under it lives in one of them.
@Suite("Manifest groups", .timeLimit(.minutes(5)))
struct ManifestGroupsTests {
    /// The folders a `// MARK: Title (A/, B/)` line names; `nil` for a line that is no group.
    static func folders(ofMark line: Substring) -> [String]? {
        guard line.trimmingCharacters(in: .whitespaces).hasPrefix("// MARK:"),
            let open = line.firstIndex(of: "("), let close = line[open...].firstIndex(of: ")")
        else { return nil }
        return line[line.index(after: open)..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        }
    }

    /// Each target's name, top folder and the group it is listed under, in order.
    static func placements(in manifest: String) -> [(target: String, folder: String, group: [String])] {
        var group: [String] = []
        var placements: [(target: String, folder: String, group: [String])] = []
        var entry: (name: String?, isTest: Bool, path: String?)?
        // Only the `targets:` list holds targets (`products:` has `.plugin(` entries too).
        var inTargets = false
        func close() {
            if let entry, let name = entry.name {
                placements.append((name, entry.path ?? (entry.isTest ? "Tests" : "?"), group))
            }
        }
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
            if let folders = folders(ofMark: line) {
                close()
                entry = nil
                group = folders
                continue
            }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text == "targets: [" { inTargets = true }
            guard inTargets else { continue }
            if line.hasPrefix("        ."), !line.hasPrefix("         "),
                let kind = ["target(", "testTarget(", "executableTarget(", "plugin("].first(where: { text.dropFirst().hasPrefix($0) }) {
                close()
                entry = (nil, kind == "testTarget(", nil)
            }
            guard entry != nil else { continue }
            if entry?.name == nil, let name = Self.quoted(after: "name: \"", in: text) { entry?.name = name }
            if entry?.path == nil, let path = Self.quoted(after: "path: \"", in: text) {
                entry?.path = String(path.split(separator: "/").first ?? "")
            }
            if text.hasPrefix("],"), line.hasPrefix("    ],") { close(); entry = nil }
        }
        close()
        return placements
    }

    private static func quoted(after marker: String, in text: String) -> String? {
        guard let start = text.range(of: marker) else { return nil }
        return text[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    @Test func everyTargetIsListedUnderTheGroupOfItsFolder() throws {
        let manifest = try String(contentsOf: BuiltProducts.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let placements = Self.placements(in: manifest)
        #expect(placements.count > 40)
        for placement in placements where !placement.group.contains(placement.folder) {
            Issue.record("\(placement.target) lives in \(placement.folder)/ but is listed under the group of \(placement.group.joined(separator: ", "))")
        }
    }

    @Test func aTargetUnderAnotherFoldersGroupIsFound() {
        let manifest = """
                products: [
                    .plugin(name: "GraphQLCodegenPlugin", targets: ["GraphQLCodegenPlugin"]),
                ],
                targets: [
                    // MARK: Core (Sources/)
                    .target(name: "Domain", path: "Sources/Domain"),
                    .target(name: "JSON", path: "Adapters/JSON"),
                    // MARK: Tests (Tests/)
                    .testTarget(name: "DomainTests", dependencies: ["Domain"]),
                    .testTarget(
                        name: "JSONTests",
                        dependencies: ["JSON"]
                    ),
                ],
            """
        let misplaced = Self.placements(in: manifest).filter { !$0.group.contains($0.folder) }.map(\.target)
        #expect(misplaced == ["JSON"])
        // The last target of a group belongs to that group, not to the next one.
        #expect(Self.placements(in: manifest).first { $0.target == "JSON" }?.group == ["Sources"])
        #expect(Self.placements(in: manifest).map(\.target) == ["Domain", "JSON", "DomainTests", "JSONTests"])
    }
}
