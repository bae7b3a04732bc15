/// The spec's BlockStringValue algorithm: common indentation and blank leading/trailing lines removed.
public enum BlockString {
    /// The value of a block string whose raw text (between the quotes, escapes resolved) is `raw`.
    public static func value(ofRaw raw: String) -> String {
        let lines = splitLines(raw)
        var commonIndent: Int?
        for line in lines.dropFirst() {
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            if indent < line.count { commonIndent = min(commonIndent ?? indent, indent) }
        }
        var result = lines
        if let commonIndent {
            for index in result.indices.dropFirst() { result[index] = String(result[index].dropFirst(commonIndent)) }
        }
        while let first = result.first, isBlank(first) { result.removeFirst() }
        while let last = result.last, isBlank(last) { result.removeLast() }
        return result.joined(separator: "\n")
    }

    private static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// Splits on `\n`, `\r\n` and `\r` (Swift treats `\r\n` as one Character).
    private static func splitLines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for character in text {
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        lines.append(current)
        return lines
    }
}
