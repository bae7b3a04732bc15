import GraphQLLanguage

/// Gives a document's operations and fragments names of their own, so that many documents
/// that each define `query Q` or `fragment F` can be generated into one Swift module.
///
/// `query Q { ...F } fragment F on Dog { name }` with suffix `_7` becomes
/// `query Q_7 { ...F_7 } fragment F_7 on Dog { name }`: the names are replaced where they
/// stand in the text (found with the lexer), so everything else, strings and comments
/// included, is left as written. Anonymous operations keep having no name.
enum DocumentRenamer {
    /// Why a document could not be renamed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The document with every operation and fragment name followed by `suffix`, and the new names.
    static func rename(_ text: String, suffix: String) throws -> (text: String, names: [String]) {
        let tokens = try Lexer.tokenize(text, sourceName: "rename")
        var targets: [Token] = []
        var definitions: [String] = []
        var depth = 0
        for (index, token) in tokens.enumerated() {
            switch token.kind {
            case .braceLeft, .parenLeft, .bracketLeft: depth += 1
            case .braceRight, .parenRight, .bracketRight: depth -= 1
            case .name:
                guard index > 0 else { continue }
                let previous = tokens[index - 1]
                if previous.kind == .spread, token.value != "on" {
                    targets.append(token)
                } else if depth == 0, previous.kind == .name, ["query", "mutation", "subscription", "fragment"].contains(previous.value),
                    index < 2 || tokens[index - 2].kind != .at
                {
                    targets.append(token)
                    definitions.append(token.value + suffix)
                }
            default: continue
            }
        }
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        // Right to left, so that each replacement leaves the columns of the earlier ones alone.
        for target in targets.sorted(by: { ($0.location.line, $0.location.column) > ($1.location.line, $1.location.column) }) {
            let line = target.location.line - 1
            let start = target.location.column - 1
            let name = Array(target.value.unicodeScalars)
            guard line < lines.count, start + name.count <= lines[line].count, Array(lines[line][start..<start + name.count]) == name else {
                throw Failure(description: "the name \(target.value) is not at \(target.location) in:\n\(text)")
            }
            lines[line].replaceSubrange(start..<start + name.count, with: (target.value + suffix).unicodeScalars)
        }
        var renamed = String.UnicodeScalarView()
        for (index, line) in lines.enumerated() {
            if index > 0 { renamed.append("\n") }
            renamed.append(contentsOf: line)
        }
        return (String(renamed), definitions)
    }
}
