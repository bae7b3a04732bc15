/// The spec's BlockStringValue algorithm: common indentation and blank leading/trailing lines removed.
///
/// Works on the UTF-8 bytes (whitespace and line terminators are ASCII) in two passes that keep
/// no per-line state, so its time is linear in the text's length and its memory the text's
/// and the value's, whatever the shape: a million blank lines or one 10 MB line.
public enum BlockString {
    /// The value of a block string whose raw text (between the quotes, escapes resolved) is `raw`.
    public static func value(ofRaw raw: String) -> String {
        value(ofBytes: Array(raw.utf8))
    }

    /// The value of a block string whose raw UTF-8 bytes are `bytes`.
    static func value(ofBytes bytes: [UInt8]) -> String {
        // First pass: the common indentation (of the lines after the first) and the first and
        // last lines that are not blank (removing indentation leaves a blank line blank).
        var commonIndent: Int?
        var firstContent: Int?
        var lastContent = 0
        forEachLine(bytes) { line, index in
            let indent = indentation(of: line, in: bytes)
            guard indent < line.count else { return }
            if index > 0 { commonIndent = min(commonIndent ?? indent, indent) }
            if firstContent == nil { firstContent = index }
            lastContent = index
        }
        guard let firstContent else { return "" }
        // Second pass: those lines, joined by `\n`, without the common indentation.
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        forEachLine(bytes) { line, index in
            guard index >= firstContent, index <= lastContent else { return }
            if index > firstContent { result.append(UInt8(ascii: "\n")) }
            let start = index > 0 ? min(line.upperBound, line.lowerBound + (commonIndent ?? 0)) : line.lowerBound
            result.append(contentsOf: bytes[start..<line.upperBound])
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func indentation(of line: Range<Int>, in bytes: [UInt8]) -> Int {
        var index = line.lowerBound
        while index < line.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        return index - line.lowerBound
    }

    /// Calls `body` with each line's byte range and index; lines end at `\n`, `\r\n` or `\r`.
    private static func forEachLine(_ bytes: [UInt8], _ body: (Range<Int>, Int) -> Void) {
        var start = 0
        var index = 0
        var number = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                body(start..<index, number)
                index += 1
            case UInt8(ascii: "\r"):
                body(start..<index, number)
                index += index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            default:
                index += 1
                continue
            }
            number += 1
            start = index
        }
        body(start..<bytes.count, number)
    }
}
