/// The kinds of lexical tokens in the GraphQL grammar (October 2021, section 2.1).
public enum TokenKind: Sendable, Hashable {
    case bang, dollar, ampersand, parenLeft, parenRight, spread, colon, equals, at
    case bracketLeft, bracketRight, braceLeft, pipe, braceRight
    case name, int, float, string, blockString
    case endOfFile

    /// How the token is written in messages, e.g. `"{"` or `Name`.
    var displayName: String {
        switch self {
        case .bang: "\"!\""
        case .dollar: "\"$\""
        case .ampersand: "\"&\""
        case .parenLeft: "\"(\""
        case .parenRight: "\")\""
        case .spread: "\"...\""
        case .colon: "\":\""
        case .equals: "\"=\""
        case .at: "\"@\""
        case .bracketLeft: "\"[\""
        case .bracketRight: "\"]\""
        case .braceLeft: "\"{\""
        case .pipe: "\"|\""
        case .braceRight: "\"}\""
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        case .endOfFile: "<EOF>"
        }
    }
}

/// One token: its kind, its value (for names, numbers and strings; strings are unescaped) and where it starts.
public struct Token: Sendable, Hashable {
    public let kind: TokenKind
    public let value: String
    public let location: SourceLocation

    /// The token as a message shows it, e.g. `Name "query"` or `"{"`.
    var displayDescription: String {
        switch kind {
        case .name, .int, .float: "\(kind.displayName) \"\(value)\""
        default: kind.displayName
        }
    }
}
