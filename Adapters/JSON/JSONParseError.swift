/// Why bytes could not be read as JSON, and at which byte offset.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with the input.
    public enum Reason: String, Sendable, Hashable {
        case unexpectedEnd = "the input ends too early"
        case unexpectedByte = "an unexpected character"
        case invalidEscape = "an invalid escape sequence"
        case invalidUTF8 = "invalid UTF-8"
        case controlCharacter = "a control character inside a string"
        case invalidNumber = "an invalid number"
        case tooDeep = "nesting deeper than the limit"
        case trailingData = "data after the end of the value"
    }

    public let reason: Reason
    /// The byte offset where the problem was found.
    public let offset: Int

    public init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "Invalid JSON: \(reason.rawValue) at byte \(offset)." }
}
