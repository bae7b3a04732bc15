/// Strings: the fast path for escape-free runs, escapes, `\u` surrogate pairs.
extension JSONScanner {
    /// Reads a string starting at its opening quote; a fast path copies escape-free runs as they are.
    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        var isASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.quote {
                let text = try makeString(start..<index, isASCII: isASCII)
                index += 1
                return text
            }
            if byte == Byte.backslash { return try parseEscapedString(from: start) }
            if byte < 0x20 { throw JSONParseError(.controlCharacter, at: index) }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        throw JSONParseError(.unexpectedEnd, at: index)
    }

    private func makeString(_ range: Range<Int>, isASCII: Bool) throws(JSONParseError) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        if isASCII { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw JSONParseError(.invalidUTF8, at: range.lowerBound)
        }
        return text
    }

    private mutating func parseEscapedString(from start: Int) throws(JSONParseError) -> String {
        var buffer = [UInt8](bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case Byte.quote:
                index += 1
                guard let text = buffer.withUnsafeBufferPointer(UTF8Text.string) else {
                    throw JSONParseError(.invalidUTF8, at: start)
                }
                return text
            case Byte.backslash:
                try appendEscape(to: &buffer)
            case ..<0x20:
                throw JSONParseError(.controlCharacter, at: index)
            default:
                buffer.append(byte)
                index += 1
            }
        }
        throw JSONParseError(.unexpectedEnd, at: index)
    }

    /// Decodes the escape at `index` (which holds the backslash) onto `buffer` as UTF-8.
    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        let code = bytes[index]
        index += 1
        switch code {
        case Byte.quote, Byte.backslash, Byte.slash: buffer.append(code)
        case Byte.b: buffer.append(0x08)
        case Byte.f: buffer.append(0x0C)
        case Byte.n: buffer.append(0x0A)
        case Byte.r: buffer.append(0x0D)
        case Byte.t: buffer.append(0x09)
        case Byte.u:
            let scalar = try readUnicodeEscape()
            UTF8.encode(scalar) { buffer.append($0) }
        default:
            throw JSONParseError(.invalidEscape, at: escapeStart)
        }
    }

    /// Reads the four hex digits after `\u`, pairing a high surrogate with a following low one.
    private mutating func readUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let first = try readHex4()
        if (0xD800...0xDBFF).contains(first), index + 1 < bytes.count,
           bytes[index] == Byte.backslash, bytes[index + 1] == Byte.u
        {
            let resume = index
            index += 2
            let second = try readHex4()
            if (0xDC00...0xDFFF).contains(second) {
                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                return Unicode.Scalar(value) ?? Self.replacement
            }
            index = resume
        }
        return Unicode.Scalar(first) ?? Self.replacement
    }

    private mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw JSONParseError(.unexpectedEnd, at: bytes.count) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidEscape, at: index)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"
}
