/// Turns GraphQL source text into tokens (October 2021 spec, section 2.1), skipping ignored tokens.
///
/// Works on UTF-8 bytes; never traps on any input. Errors carry the source name and position.
public struct Lexer: Sendable {
    let bytes: [UInt8]
    let sourceName: String
    var offset = 0
    var line = 1
    var lineStart = 0
    /// The column at `columnOffset` on the current line, so that columns are counted once.
    var columnOffset = 0
    var column = 1

    public init(source: String, sourceName: String) {
        self.bytes = Array(source.utf8)
        self.sourceName = sourceName
    }

    /// All tokens of the source, ending with `.endOfFile`.
    public static func tokenize(_ source: String, sourceName: String) throws(GraphQLDiagnostic) -> [Token] {
        var lexer = Lexer(source: source, sourceName: sourceName)
        var tokens: [Token] = []
        while true {
            let token = try lexer.next()
            tokens.append(token)
            if token.kind == .endOfFile { return tokens }
        }
    }

    /// The current position as line and column (columns count Unicode scalars); linear over a line.
    var location: SourceLocation { location(at: offset) }

    /// The current position, continuing the column count from the last token on this line.
    mutating func advanceLocation() -> SourceLocation {
        if columnOffset < lineStart || columnOffset > offset {
            columnOffset = lineStart
            column = 1
        }
        while columnOffset < offset && columnOffset < bytes.count {
            if bytes[columnOffset] & 0xC0 != 0x80 { column += 1 }
            columnOffset += 1
        }
        return SourceLocation(line: line, column: column)
    }

    func location(at position: Int) -> SourceLocation {
        var column = 1
        var index = lineStart
        while index < position && index < bytes.count {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: line, column: column)
    }

    func error(_ message: String, at position: Int? = nil) -> GraphQLDiagnostic {
        GraphQLDiagnostic(sourceName: sourceName, location: location(at: position ?? offset), message: message)
    }

    func peek(_ distance: Int = 0) -> UInt8? {
        offset + distance < bytes.count ? bytes[offset + distance] : nil
    }

    /// Marks that a line terminator ends at the current offset.
    mutating func startLine() {
        line += 1
        lineStart = offset
    }

    /// The next significant token.
    public mutating func next() throws(GraphQLDiagnostic) -> Token {
        skipIgnored()
        let start = offset
        let startLocation = advanceLocation()
        guard let byte = peek() else { return Token(kind: .endOfFile, value: "", location: startLocation) }
        if let kind = Self.punctuator(byte) {
            offset += 1
            return Token(kind: kind, value: "", location: startLocation)
        }
        switch byte {
        case UInt8(ascii: "."):
            guard peek(1) == UInt8(ascii: "."), peek(2) == UInt8(ascii: ".") else {
                throw error("Unexpected character \".\"; did you mean \"...\"?")
            }
            offset += 3
            return Token(kind: .spread, value: "", location: startLocation)
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                return Token(kind: .blockString, value: try readBlockString(), location: startLocation)
            }
            return Token(kind: .string, value: try readString(), location: startLocation)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let isFloat = try readNumber()
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            return Token(kind: isFloat ? .float : .int, value: text, location: startLocation)
        default:
            guard Self.isNameStart(byte) else { throw error("Unexpected character \(describe(byte)).") }
            while let next = peek(), Self.isNameContinue(next) { offset += 1 }
            return Token(kind: .name, value: String(decoding: bytes[start..<offset], as: UTF8.self), location: startLocation)
        }
    }

    private func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "\"\(Character(Unicode.Scalar(byte)))\"" }
        var scalarEnd = offset + 1
        while scalarEnd < bytes.count && bytes[scalarEnd] & 0xC0 == 0x80 { scalarEnd += 1 }
        let text = String(decoding: bytes[offset..<scalarEnd], as: UTF8.self)
        let code = text.unicodeScalars.first.map { String($0.value, radix: 16, uppercase: true) } ?? "?"
        return "U+" + String(repeating: "0", count: max(0, 4 - code.count)) + code
    }

    /// Skips white space, line terminators, commas, comments and a byte order mark.
    private mutating func skipIgnored() {
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ","):
                offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                startLine()
            case UInt8(ascii: "\r"):
                offset += peek(1) == UInt8(ascii: "\n") ? 2 : 1
                startLine()
            case UInt8(ascii: "#"):
                while let next = peek(), next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") { offset += 1 }
            case 0xEF where peek(1) == 0xBB && peek(2) == 0xBF:
                offset += 3
            default:
                return
            }
        }
    }

    /// Reads an IntValue or FloatValue; returns whether it is a float.
    private mutating func readNumber() throws(GraphQLDiagnostic) -> Bool {
        var isFloat = false
        if peek() == UInt8(ascii: "-") { offset += 1 }
        if peek() == UInt8(ascii: "0") {
            offset += 1
            if let next = peek(), Self.isDigit(next) { throw error("Invalid number, unexpected digit after 0.") }
        } else {
            try readDigits()
        }
        if peek() == UInt8(ascii: ".") {
            isFloat = true
            offset += 1
            try readDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isFloat = true
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            try readDigits()
        }
        if let next = peek(), next == UInt8(ascii: ".") || Self.isNameStart(next) {
            throw error("Invalid number, unexpected \(describe(next)).")
        }
        return isFloat
    }

    private mutating func readDigits() throws(GraphQLDiagnostic) {
        guard let first = peek(), Self.isDigit(first) else {
            throw error("Invalid number, expected digit but got \(peek().map(describe) ?? "<EOF>").")
        }
        while let next = peek(), Self.isDigit(next) { offset += 1 }
    }

    static func punctuator(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "!"): .bang
        case UInt8(ascii: "$"): .dollar
        case UInt8(ascii: "&"): .ampersand
        case UInt8(ascii: "("): .parenLeft
        case UInt8(ascii: ")"): .parenRight
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: "="): .equals
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "["): .bracketLeft
        case UInt8(ascii: "]"): .bracketRight
        case UInt8(ascii: "{"): .braceLeft
        case UInt8(ascii: "|"): .pipe
        case UInt8(ascii: "}"): .braceRight
        default: nil
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isNameContinue(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }
}
