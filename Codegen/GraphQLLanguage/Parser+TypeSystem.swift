/// Type system definitions and extensions (spec section 3).
extension Parser {
    mutating func parseDescription() -> String? {
        guard current.kind == .string || current.kind == .blockString else { return nil }
        return advance().value
    }

    mutating func parseTypeSystemDefinition() throws(GraphQLDiagnostic) -> TypeSystemDefinition {
        let start = current.location
        let description = parseDescription()
        switch current.value {
        case "schema":
            _ = advance()
            var schema = try parseSchemaBody(start: start, isExtension: false)
            schema.description = description
            return .schema(schema)
        case "directive":
            return .directive(try parseDirectiveDefinition(description: description, start: start))
        default:
            var type = try parseTypeDefinition(start: start, isExtension: false)
            type.description = description
            return .type(type)
        }
    }

    mutating func parseTypeSystemExtension() throws(GraphQLDiagnostic) -> TypeSystemDefinition {
        let start = current.location
        try expectKeyword("extend")
        if skipKeyword("schema") { return .schemaExtension(try parseSchemaBody(start: start, isExtension: true)) }
        return .typeExtension(try parseTypeDefinition(start: start, isExtension: true))
    }

    private mutating func parseSchemaBody(start: SourceLocation, isExtension: Bool) throws(GraphQLDiagnostic) -> SchemaDefinition {
        let directives = try parseDirectives(constant: true)
        var operationTypes: [RootOperationType] = []
        if isExtension && current.kind != .braceLeft {
            guard !directives.isEmpty else { throw unexpected() }
        } else {
            try expect(.braceLeft)
            repeat {
                let kind = try parseOperationKind()
                try expect(.colon)
                operationTypes.append(RootOperationType(operation: kind, type: try parseName()))
            } while !skip(.braceRight)
        }
        return SchemaDefinition(description: nil, directives: directives, operationTypes: operationTypes, location: start)
    }

    private mutating func parseTypeDefinition(start: SourceLocation, isExtension: Bool) throws(GraphQLDiagnostic) -> TypeDefinition {
        let keyword = try expect(.name)
        let name = try parseName()
        let kind: TypeDefinition.Kind
        var directives: [Directive] = []
        switch keyword.value {
        case "scalar":
            directives = try parseDirectives(constant: true)
            kind = .scalar
        case "type", "interface":
            let interfaces = try parseImplementedInterfaces()
            directives = try parseDirectives(constant: true)
            let fields = try parseFieldDefinitions()
            kind = keyword.value == "type" ? .object(interfaces: interfaces, fields: fields) : .interface(interfaces: interfaces, fields: fields)
        case "union":
            directives = try parseDirectives(constant: true)
            var members: [Name] = []
            if skip(.equals) {
                _ = skip(.pipe)
                repeat { members.append(try parseName()) } while skip(.pipe)
            }
            kind = .union(members: members)
        case "enum":
            directives = try parseDirectives(constant: true)
            kind = .enumeration(values: try parseEnumValues())
        case "input":
            directives = try parseDirectives(constant: true)
            kind = .inputObject(fields: try parseInputValues(open: .braceLeft, close: .braceRight))
        default:
            throw unexpected(keyword)
        }
        if isExtension && directives.isEmpty && kind.isEmpty { throw unexpected() }
        return TypeDefinition(description: nil, name: name, directives: directives, kind: kind, location: start)
    }

    private mutating func parseImplementedInterfaces() throws(GraphQLDiagnostic) -> [Name] {
        guard skipKeyword("implements") else { return [] }
        _ = skip(.ampersand)
        var names: [Name] = []
        repeat { names.append(try parseName()) } while skip(.ampersand)
        return names
    }

    private mutating func parseFieldDefinitions() throws(GraphQLDiagnostic) -> [FieldDefinition] {
        guard skip(.braceLeft) else { return [] }
        var fields: [FieldDefinition] = []
        repeat {
            let description = parseDescription()
            let name = try parseName()
            let arguments = try parseInputValues(open: .parenLeft, close: .parenRight)
            try expect(.colon)
            let type = try parseTypeReference()
            fields.append(
                FieldDefinition(
                    description: description, name: name, arguments: arguments, type: type,
                    directives: try parseDirectives(constant: true)
                )
            )
        } while !skip(.braceRight)
        return fields
    }

    /// Argument definitions `( ... )` or input fields `{ ... }`; nothing when `open` is absent.
    mutating func parseInputValues(open: TokenKind, close: TokenKind) throws(GraphQLDiagnostic) -> [InputValueDefinition] {
        guard skip(open) else { return [] }
        var values: [InputValueDefinition] = []
        repeat {
            let description = parseDescription()
            let name = try parseName()
            try expect(.colon)
            let type = try parseTypeReference()
            let defaultValue = skip(.equals) ? try parseValue(constant: true) : nil
            values.append(
                InputValueDefinition(
                    description: description, name: name, type: type, defaultValue: defaultValue,
                    directives: try parseDirectives(constant: true)
                )
            )
        } while !skip(close)
        return values
    }

    private mutating func parseEnumValues() throws(GraphQLDiagnostic) -> [EnumValueDefinition] {
        guard skip(.braceLeft) else { return [] }
        var values: [EnumValueDefinition] = []
        repeat {
            let description = parseDescription()
            let name = try parseName()
            if ["true", "false", "null"].contains(name.value) {
                throw error("\(name.value) is reserved and cannot be used for an enum value.", at: name.location)
            }
            values.append(EnumValueDefinition(description: description, name: name, directives: try parseDirectives(constant: true)))
        } while !skip(.braceRight)
        return values
    }

    private mutating func parseDirectiveDefinition(description: String?, start: SourceLocation) throws(GraphQLDiagnostic) -> DirectiveDefinition {
        try expectKeyword("directive")
        try expect(.at)
        let name = try parseName()
        let arguments = try parseInputValues(open: .parenLeft, close: .parenRight)
        let isRepeatable = skipKeyword("repeatable")
        try expectKeyword("on")
        _ = skip(.pipe)
        var locations: [Name] = []
        repeat {
            let location = try parseName()
            guard DirectiveLocation(rawValue: location.value) != nil else {
                throw error("Unexpected Name \"\(location.value)\"; expected a directive location.", at: location.location)
            }
            locations.append(location)
        } while skip(.pipe)
        return DirectiveDefinition(
            description: description, name: name, arguments: arguments, isRepeatable: isRepeatable,
            locations: locations, location: start
        )
    }
}

extension TypeDefinition.Kind {
    /// Whether the body lists nothing (an extension must add something).
    var isEmpty: Bool {
        switch self {
        case .scalar: true
        case .object(let interfaces, let fields), .interface(let interfaces, let fields): interfaces.isEmpty && fields.isEmpty
        case .union(let members): members.isEmpty
        case .enumeration(let values): values.isEmpty
        case .inputObject(let fields): fields.isEmpty
        }
    }
}
