/// String and block string values (October 2021 spec, section 2.9.4).
extension Lexer {
    /// Reads a `"..."` string starting at the opening quote and returns its unescaped value.
    mutating func readString() throws(GraphQLDiagnostic) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var chunkStart = offset
        func flush(_ end: Int) { scalars.append(contentsOf: String(decoding: bytes[chunkStart..<end], as: UTF8.self).unicodeScalars) }
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                flush(offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("Unterminated string.")
            case UInt8(ascii: "\\"):
                flush(offset)
                scalars.append(try readEscape())
                chunkStart = offset
            case 0x00..<0x20 where byte != UInt8(ascii: "\t"):
                throw error("Invalid character within String: U+00\(String(byte, radix: 16, uppercase: true)).")
            default:
                offset += 1
            }
        }
        throw error("Unterminated string.")
    }

    /// Reads one escape sequence starting at the backslash.
    private mutating func readEscape() throws(GraphQLDiagnostic) -> Unicode.Scalar {
        let start = offset
        offset += 2
        switch peek(-1) {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u") where peek() == UInt8(ascii: "{"):
            // `\u{1F600}` (September 2025 spec): one to eight hex digits naming a Unicode scalar.
            offset += 1
            guard let scalar = readBracedScalar() else { throw error("Invalid Unicode escape sequence.", at: start) }
            return scalar
        case UInt8(ascii: "u"):
            guard let high = readHex4() else { throw error("Invalid Unicode escape sequence.", at: start) }
            if (0xD800...0xDBFF).contains(high), peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") {
                let save = offset
                offset += 2
                if let low = readHex4(), (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                {
                    return scalar
                }
                offset = save
            }
            guard let scalar = Unicode.Scalar(high) else { throw error("Invalid Unicode escape sequence.", at: start) }
            return scalar
        default:
            throw error("Invalid character escape sequence.", at: start)
        }
    }

    /// The hex digits after `\u{` up to the closing brace, as a scalar; `nil` for no digits,
    /// more than eight, a missing brace, or a value that is no Unicode scalar (a surrogate, or
    /// past U+10FFFF).
    private mutating func readBracedScalar() -> Unicode.Scalar? {
        var value: UInt32 = 0
        var digits = 0
        while let byte = peek(), byte != UInt8(ascii: "}") {
            guard digits < 8, let digit = Self.hexValue(byte) else { return nil }
            value = value << 4 | digit
            digits += 1
            offset += 1
        }
        guard digits > 0, peek() == UInt8(ascii: "}") else { return nil }
        offset += 1
        return Unicode.Scalar(value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func readHex4() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = Self.hexValue(byte) else { return nil }
            value = value * 16 + digit
            offset += 1
        }
        return value
    }

    /// Reads a `"""..."""` block string starting at the opening quotes and returns its value.
    mutating func readBlockString() throws(GraphQLDiagnostic) -> String {
        let startLocation = location
        offset += 3
        var raw: [UInt8] = []
        while let byte = peek() {
            if byte == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                offset += 3
                return BlockString.value(ofBytes: raw)
            }
            if byte == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\""), peek(3) == UInt8(ascii: "\"") {
                raw.append(contentsOf: Array("\"\"\"".utf8))
                offset += 4
                continue
            }
            raw.append(byte)
            offset += 1
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && peek() != UInt8(ascii: "\n")) {
                startLine()
            }
        }
        throw GraphQLDiagnostic(sourceName: sourceName, location: startLocation, message: "Unterminated block string.")
    }
}
