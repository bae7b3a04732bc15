/// Input values (spec section 2.9); `constant` forbids variables (defaults, SDL).
extension Parser {
    mutating func parseValue(constant: Bool) throws(GraphQLDiagnostic) -> Value {
        try nest()
        defer { depth -= 1 }
        let token = current
        switch token.kind {
        case .bracketLeft:
            _ = advance()
            var values: [Value] = []
            while !skip(.bracketRight) { values.append(try parseValue(constant: constant)) }
            return Value(.list(values), at: token.location)
        case .braceLeft:
            _ = advance()
            var fields: [ObjectField] = []
            while !skip(.braceRight) {
                let name = try parseName()
                try expect(.colon)
                fields.append(ObjectField(name: name, value: try parseValue(constant: constant)))
            }
            return Value(.object(fields), at: token.location)
        case .int:
            _ = advance()
            return Value(.int(token.value), at: token.location)
        case .float:
            _ = advance()
            return Value(.float(token.value), at: token.location)
        case .string, .blockString:
            _ = advance()
            return Value(.string(token.value, block: token.kind == .blockString), at: token.location)
        case .name:
            _ = advance()
            switch token.value {
            case "true": return Value(.boolean(true), at: token.location)
            case "false": return Value(.boolean(false), at: token.location)
            case "null": return Value(.null, at: token.location)
            default: return Value(.enumValue(token.value), at: token.location)
            }
        case .dollar where !constant:
            _ = advance()
            return Value(.variable(try parseName().value), at: token.location)
        default:
            throw unexpected(token)
        }
    }
}
