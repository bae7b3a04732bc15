/// A recursive-descent parser for GraphQL documents (October 2021 spec): executable
/// definitions and type system definitions and extensions.
public struct Parser: Sendable {
    let tokens: [Token]
    let sourceName: String
    var index = 0
    /// How deeply selection sets, values and types are nested at the current token.
    var depth = 0

    /// The deepest nesting of selection sets, list and object values, and list types accepted,
    /// so that hostile input cannot exhaust the stack.
    public static let maximumDepth = 128

    init(tokens: [Token], sourceName: String) {
        self.tokens = tokens
        self.sourceName = sourceName
    }

    /// Parses a whole document.
    public static func parse(_ source: String, sourceName: String) throws(GraphQLDiagnostic) -> Document {
        var parser = Parser(tokens: try Lexer.tokenize(source, sourceName: sourceName), sourceName: sourceName)
        return try parser.parseDocument()
    }

    /// Parses a single value, e.g. `{a: [1, $b]}` (useful for defaults and tests).
    public static func parseValue(_ source: String, sourceName: String) throws(GraphQLDiagnostic) -> Value {
        var parser = Parser(tokens: try Lexer.tokenize(source, sourceName: sourceName), sourceName: sourceName)
        let value = try parser.parseValue(constant: false)
        try parser.expect(.endOfFile)
        return value
    }

    /// Parses a single type reference, e.g. `[ID!]!`.
    public static func parseType(_ source: String, sourceName: String) throws(GraphQLDiagnostic) -> TypeReference {
        var parser = Parser(tokens: try Lexer.tokenize(source, sourceName: sourceName), sourceName: sourceName)
        let type = try parser.parseTypeReference()
        try parser.expect(.endOfFile)
        return type
    }

    mutating func parseDocument() throws(GraphQLDiagnostic) -> Document {
        var definitions: [Definition] = []
        repeat {
            definitions.append(try parseDefinition())
        } while current.kind != .endOfFile
        return Document(sourceName: sourceName, definitions: definitions)
    }

    private mutating func parseDefinition() throws(GraphQLDiagnostic) -> Definition {
        if current.kind == .braceLeft { return .operation(try parseOperationDefinition()) }
        let hasDescription = current.kind == .string || current.kind == .blockString
        let keyword = hasDescription ? lookahead.value : current.value
        let keywordKind = hasDescription ? lookahead.kind : current.kind
        guard keywordKind == .name else { throw unexpected() }
        switch keyword {
        case "query", "mutation", "subscription", "fragment", "extend":
            if hasDescription { throw unexpected(lookahead) }
            switch keyword {
            case "fragment": return .fragment(try parseFragmentDefinition())
            case "extend": return .typeSystem(try parseTypeSystemExtension())
            default: return .operation(try parseOperationDefinition())
            }
        case "schema", "scalar", "type", "interface", "union", "enum", "input", "directive":
            return .typeSystem(try parseTypeSystemDefinition())
        default:
            throw unexpected(hasDescription ? lookahead : current)
        }
    }

    // MARK: Token handling

    /// Enters one level of nesting; throws past ``maximumDepth``.
    mutating func nest() throws(GraphQLDiagnostic) {
        depth += 1
        if depth > Self.maximumDepth {
            throw error("The document is nested more than \(Self.maximumDepth) levels deep.", at: current.location)
        }
    }

    var current: Token { tokens[min(index, tokens.count - 1)] }
    var lookahead: Token { tokens[min(index + 1, tokens.count - 1)] }

    mutating func advance() -> Token {
        let token = current
        if index < tokens.count - 1 { index += 1 }
        return token
    }

    @discardableResult
    mutating func expect(_ kind: TokenKind) throws(GraphQLDiagnostic) -> Token {
        guard current.kind == kind else {
            throw error("Expected \(kind.displayName), found \(current.displayDescription).", at: current.location)
        }
        return advance()
    }

    /// Consumes the token when it has `kind`.
    mutating func skip(_ kind: TokenKind) -> Bool {
        guard current.kind == kind else { return false }
        _ = advance()
        return true
    }

    mutating func expectKeyword(_ keyword: String) throws(GraphQLDiagnostic) {
        guard current.kind == .name, current.value == keyword else {
            throw error("Expected \"\(keyword)\", found \(current.displayDescription).", at: current.location)
        }
        _ = advance()
    }

    mutating func skipKeyword(_ keyword: String) -> Bool {
        guard current.kind == .name, current.value == keyword else { return false }
        _ = advance()
        return true
    }

    mutating func parseName() throws(GraphQLDiagnostic) -> Name {
        let token = try expect(.name)
        return Name(token.value, at: token.location)
    }

    func error(_ message: String, at location: SourceLocation) -> GraphQLDiagnostic {
        GraphQLDiagnostic(sourceName: sourceName, location: location, message: message)
    }

    func unexpected(_ token: Token? = nil) -> GraphQLDiagnostic {
        let token = token ?? current
        return error("Unexpected \(token.displayDescription).", at: token.location)
    }
}
