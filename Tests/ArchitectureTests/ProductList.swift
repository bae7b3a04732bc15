import Foundation

/// The product lists the docs give, read from their Markdown.
enum ProductList {
    /// The names in backticks in the first cell of every table whose header starts with
    /// `| product |` (README.md, Architecture.md).
    static func tableProducts(in markdown: String) -> Set<String> {
        var names: Set<String> = []
        var inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), cells.count >= 3 else { inTable = false; continue }
            if cells[1] == "product" { inTable = true; continue }
            guard inTable, !cells[1].hasPrefix("---") else { continue }
            names.formUnion(quoted(cells[1]))
        }
        return names
    }

    /// The first column of the table whose header starts with `| module |` (GraphQLClient.md).
    static func modules(in markdown: String) -> Set<String> {
        var names: Set<String> = []
        var inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("|"), cells.count >= 3 else { inTable = false; continue }
            if cells[1] == "module" { inTable = true; continue }
            guard inTable, !cells[1].hasPrefix("---") else { continue }
            names.formUnion(quoted(cells[1]))
        }
        return names
    }

    /// The products named by `.product(name: "X", package: "RocketReserver")` in `text` (the
    /// manifests README.md and Library.md show another package).
    static func packageProducts(in text: String) -> Set<String> {
        let marker = ".product(name: \""
        return Set(text.components(separatedBy: marker).dropFirst().compactMap { rest in
            guard let end = rest.firstIndex(of: "\""), rest[end...].hasPrefix("\", package: \"RocketReserver\")") else { return nil }
            return String(rest[..<end])
        })
    }

    /// The names in backticks after "Each is a library product except", up to the first `(`;
    /// `nil` when the doc has no such sentence.
    static func exceptions(in markdown: String) -> Set<String>? {
        let text = markdown.replacingOccurrences(of: "\n", with: " ")
        guard let start = text.range(of: "Each is a library product except") else { return nil }
        let rest = text[start.upperBound...]
        return quoted(String(rest.prefix { $0 != "(" }))
    }

    /// The words written in backticks in `text`.
    static func quoted(_ text: String) -> Set<String> {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        return Set(stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) })
    }
}
