import Foundation

/// The modules a Swift source file imports, read from its `import` lines.
enum SourceImports {
    /// Every `.swift` file below `folder`.
    static func swiftFiles(in folder: URL) throws -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    }

    static func modules(importedBy file: URL) throws -> [String] {
        modules(in: try String(contentsOf: file, encoding: .utf8))
    }

    /// `import M`, `@testable import M`, `public import M`, `import struct M.T` → `M`, in order.
    static func modules(in source: String) -> [String] {
        let modifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]
        return source.split(separator: "\n").compactMap { line in
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) { words.removeFirst() }
            guard words.first == "import", words.count > 1 else { return nil }
            words.removeFirst()
            if let kind = words.first, kinds.contains(kind), words.count > 1 { words.removeFirst() }
            return words.first.map { String($0.split(separator: ".")[0]) }
        }
    }
}
