import Foundation

/// The `target | folder | may import` tables of Docs/Architecture.md.
struct ArchitectureTable {
    struct Row {
        let folder: String
        /// Every word of the "may import" column outside parentheses; the test keeps the target names.
        let mayImport: Set<String>
    }

    let rows: [String: Row]

    /// Reads every table whose header starts with `| target | folder | may import |`.
    init(markdown: String) {
        var rows: [String: Row] = [:]
        var inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), cells.count >= 4 else { inTable = false; continue }
            if cells[1] == "target" && cells[2] == "folder" && cells[3] == "may import" { inTable = true; continue }
            guard inTable, !cells[1].hasPrefix("---") else { continue }
            rows[Self.unquoted(cells[1])] = Row(folder: Self.unquoted(cells[2]), mayImport: Self.words(cells[3]))
        }
        self.rows = rows
    }

    private static func unquoted(_ cell: String) -> String {
        cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }

    /// The identifiers (letters, digits, `-`, `_`) of `cell` with parenthesised notes removed.
    private static func words(_ cell: String) -> Set<String> {
        var depth = 0
        var text = ""
        for character in cell {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) } else if depth == 0 { text.append(character) }
        }
        let separators = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_")).inverted
        return Set(text.components(separatedBy: separators).filter { !$0.isEmpty })
    }
}
