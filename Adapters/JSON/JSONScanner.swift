/// The byte-level recursive-descent reader behind ``JSONParser``.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var depth = 0

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

    // MARK: Helpers

    func peek() throws(JSONParseError) -> UInt8 {
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        return bytes[index]
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case Byte.space, Byte.tab, Byte.newline, Byte.carriageReturn: index += 1
            default: return
            }
        }
    }
}
