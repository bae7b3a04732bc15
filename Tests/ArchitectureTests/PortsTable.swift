import Foundation

/// The ports table of Docs/Architecture.md and the protocols the sources declare.
enum PortsTable {
    /// The first name in backticks of each row of the table whose header starts with
    /// `| port | methods |`, with the target a `(Presentation)` note after it names (else `nil`).
    static func rows(in markdown: String) -> [(port: String, target: String?)] {
        var rows: [(port: String, target: String?)] = []
        var inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), cells.count >= 3 else { inTable = false; continue }
            if cells[1] == "port" && cells[2] == "methods" { inTable = true; continue }
            guard inTable, !cells[1].hasPrefix("---") else { continue }
            let parts = cells[1].split(separator: "`", omittingEmptySubsequences: false)
            guard parts.count >= 3 else { continue }
            let note = parts[2...].joined(separator: "`").trimmingCharacters(in: .whitespaces)
            let target = note.hasPrefix("(") && note.hasSuffix(")") ? String(note.dropFirst().dropLast()) : nil
            rows.append((String(parts[1]), target))
        }
        return rows
    }

    /// The names of the `public protocol`s declared in the Swift files below `folder`.
    static func publicProtocols(in folder: URL) throws -> Set<String> {
        var names: Set<String> = []
        for file in try SourceImports.swiftFiles(in: folder) {
            names.formUnion(publicProtocols(inSource: try String(contentsOf: file, encoding: .utf8)))
        }
        return names
    }

    /// `public protocol Name: Sendable {` → `Name`, for each such line of `source`.
    static func publicProtocols(inSource source: String) -> Set<String> {
        Set(source.split(separator: "\n").compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count > 2, words[0] == "public", words[1] == "protocol" else { return nil }
            let name = words[2].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        })
    }
}
