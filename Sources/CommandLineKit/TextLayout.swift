/// Plain-text layout for the help: word wrapping and two-column rows.
enum TextLayout {
    static let width = 80

    /// The text's words in lines of at most `width` characters (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// `  name    summary` rows: names padded to one column, summaries wrapped beside it.
    static func rows(_ pairs: [(String, String)], indent: Int = 2) -> [String] {
        let column = min((pairs.map(\.0.count).max() ?? 0) + 3, 30)
        let margin = String(repeating: " ", count: indent)
        return pairs.flatMap { name, summary -> [String] in
            let wrapped = wrap(summary, width: max(width - indent - column, 20))
            let pad = String(repeating: " ", count: max(column - name.count, 2))
            guard name.count + 2 <= column, let first = wrapped.first else {
                return [margin + name] + wrapped.map { margin + String(repeating: " ", count: column) + $0 }
            }
            return [margin + name + pad + first] + wrapped.dropFirst().map { margin + String(repeating: " ", count: column) + $0 }
        }
    }
}
