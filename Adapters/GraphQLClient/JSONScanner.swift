/// The byte-level recursive-descent reader behind ``JSONParser``.
struct JSONScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw JSONParseError(.trailingData, at: index) }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        switch bytes[index] {
        case Byte.openBrace: return try parseObject()
        case Byte.openBracket: return try parseArray()
        case Byte.quote: return .string(try parseString())
        case Byte.t: try expectLiteral("true"); return .bool(true)
        case Byte.f: try expectLiteral("false"); return .bool(false)
        case Byte.n: try expectLiteral("null"); return .null
        case Byte.minus, Byte.zero...Byte.nine: return try parseNumber()
        default: throw JSONParseError(.unexpectedByte, at: index)
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if try peek() == Byte.closeBrace {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard try peek() == Byte.quote else { throw JSONParseError(.unexpectedByte, at: index) }
            let key = try parseString()
            skipWhitespace()
            guard try peek() == Byte.colon else { throw JSONParseError(.unexpectedByte, at: index) }
            index += 1
            skipWhitespace()
            members[key] = try parseValue()
            skipWhitespace()
            switch try peek() {
            case Byte.comma: index += 1; skipWhitespace()
            case Byte.closeBrace: index += 1; depth -= 1; return .object(members)
            default: throw JSONParseError(.unexpectedByte, at: index)
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == Byte.closeBracket {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            switch try peek() {
            case Byte.comma: index += 1; skipWhitespace()
            case Byte.closeBracket: index += 1; depth -= 1; return .array(elements)
            default: throw JSONParseError(.unexpectedByte, at: index)
            }
        }
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw JSONParseError(.tooDeep, at: index) }
        index += 1
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote; a fast path copies escape-free runs as they are.
    private mutating func parseString() throws(JSONParseError) -> String {
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

    // MARK: Numbers and literals

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        let isNegative = bytes[index] == Byte.minus
        if isNegative { index += 1 }
        guard index < bytes.count, (Byte.zero...Byte.nine).contains(bytes[index]) else {
            throw JSONParseError(.invalidNumber, at: start)
        }
        var magnitude = 0
        var digitCount = 0
        if bytes[index] == Byte.zero {
            index += 1
            digitCount = 1
        } else {
            while index < bytes.count, case let byte = bytes[index], (Byte.zero...Byte.nine).contains(byte) {
                if digitCount < 18 { magnitude = magnitude &* 10 &+ Int(byte - Byte.zero) }
                digitCount += 1
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count, bytes[index] == Byte.dot {
            index += 1
            guard try skipDigits() > 0 else { throw JSONParseError(.invalidNumber, at: start) }
            isInteger = false
        }
        if index < bytes.count, bytes[index] == Byte.e || bytes[index] == Byte.upperE {
            index += 1
            if index < bytes.count, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard try skipDigits() > 0 else { throw JSONParseError(.invalidNumber, at: start) }
            isInteger = false
        }
        if isInteger, digitCount <= 18 { return .int(isNegative ? -magnitude : magnitude) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let exact = Int(text) { return .int(exact) }
        guard let double = Double(text) else { throw JSONParseError(.invalidNumber, at: start) }
        return .double(double)
    }

    private mutating func skipDigits() throws(JSONParseError) -> Int {
        let start = index
        while index < bytes.count, (Byte.zero...Byte.nine).contains(bytes[index]) { index += 1 }
        return index - start
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw JSONParseError(.unexpectedEnd, at: bytes.count) }
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != expected[offset] {
            throw JSONParseError(.unexpectedByte, at: index + offset)
        }
        index += count
    }

    // MARK: Helpers

    private func peek() throws(JSONParseError) -> UInt8 {
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        return bytes[index]
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case Byte.space, Byte.tab, Byte.newline, Byte.carriageReturn: index += 1
            default: return
            }
        }
    }
}
