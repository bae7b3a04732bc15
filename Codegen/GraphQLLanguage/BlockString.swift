/// The spec's BlockStringValue algorithm: common indentation and blank leading/trailing lines removed.
///
/// Works on the UTF-8 bytes in one pass per step (whitespace and line terminators are ASCII),
/// so its time is linear in the text's length whatever its shape: a million blank lines or
/// one 10 MB line.
public enum BlockString {
    /// The value of a block string whose raw text (between the quotes, escapes resolved) is `raw`.
    public static func value(ofRaw raw: String) -> String {
        value(ofBytes: Array(raw.utf8))
    }

    /// The value of a block string whose raw UTF-8 bytes are `bytes`.
    static func value(ofBytes bytes: [UInt8]) -> String {
        let lines = splitLines(bytes)
        var commonIndent: Int?
        for line in lines.dropFirst() {
            let indent = indentation(of: line, in: bytes)
            if indent < line.count { commonIndent = min(commonIndent ?? indent, indent) }
        }
        var trimmed = lines
        if let commonIndent {
            for index in trimmed.indices.dropFirst() {
                let line = trimmed[index]
                trimmed[index] = min(line.upperBound, line.lowerBound + commonIndent)..<line.upperBound
            }
        }
        var first = trimmed.startIndex
        var end = trimmed.endIndex
        while first < end, isBlank(trimmed[first], in: bytes) { first += 1 }
        while end > first, isBlank(trimmed[end - 1], in: bytes) { end -= 1 }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for index in first..<end {
            if index > first { result.append(UInt8(ascii: "\n")) }
            result.append(contentsOf: bytes[trimmed[index]])
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func indentation(of line: Range<Int>, in bytes: [UInt8]) -> Int {
        var index = line.lowerBound
        while index < line.upperBound, isWhitespace(bytes[index]) { index += 1 }
        return index - line.lowerBound
    }

    private static func isBlank(_ line: Range<Int>, in bytes: [UInt8]) -> Bool { indentation(of: line, in: bytes) == line.count }

    /// The lines' byte ranges, split on `\n`, `\r\n` and `\r`.
    private static func splitLines(_ bytes: [UInt8]) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                lines.append(start..<index)
                index += 1
            case UInt8(ascii: "\r"):
                lines.append(start..<index)
                index += index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
            default:
                index += 1
                continue
            }
            start = index
        }
        lines.append(start..<bytes.count)
        return lines
    }
}
