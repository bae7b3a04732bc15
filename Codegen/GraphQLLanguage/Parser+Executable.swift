/// Operations, fragments, selections, arguments, directives and types (spec section 2).
extension Parser {
    mutating func parseOperationDefinition() throws(GraphQLDiagnostic) -> OperationDefinition {
        let start = current.location
        if current.kind == .braceLeft {
            return OperationDefinition(
                kind: .query, name: nil, variableDefinitions: [], directives: [],
                selectionSet: try parseSelectionSet(), location: start
            )
        }
        let kind = try parseOperationKind()
        let name = current.kind == .name ? try parseName() : nil
        return OperationDefinition(
            kind: kind, name: name, variableDefinitions: try parseVariableDefinitions(),
            directives: try parseDirectives(constant: false), selectionSet: try parseSelectionSet(), location: start
        )
    }

    mutating func parseOperationKind() throws(GraphQLDiagnostic) -> OperationKind {
        let token = try expect(.name)
        guard let kind = OperationKind(rawValue: token.value) else { throw unexpected(token) }
        return kind
    }

    private mutating func parseVariableDefinitions() throws(GraphQLDiagnostic) -> [VariableDefinition] {
        guard skip(.parenLeft) else { return [] }
        var definitions: [VariableDefinition] = []
        repeat {
            let dollar = try expect(.dollar)
            let name = try parseName()
            try expect(.colon)
            let type = try parseTypeReference()
            let defaultValue = skip(.equals) ? try parseValue(constant: true) : nil
            definitions.append(
                VariableDefinition(
                    variable: Name(name.value, at: dollar.location), type: type, defaultValue: defaultValue,
                    directives: try parseDirectives(constant: true)
                )
            )
        } while !skip(.parenRight)
        return definitions
    }

    mutating func parseFragmentDefinition() throws(GraphQLDiagnostic) -> FragmentDefinition {
        let start = current.location
        try expectKeyword("fragment")
        guard current.value != "on" else { throw unexpected() }
        let name = try parseName()
        try expectKeyword("on")
        return FragmentDefinition(
            name: name, typeCondition: try parseName(), directives: try parseDirectives(constant: false),
            selectionSet: try parseSelectionSet(), location: start
        )
    }

    mutating func parseSelectionSet() throws(GraphQLDiagnostic) -> SelectionSet {
        try nest()
        defer { depth -= 1 }
        let start = try expect(.braceLeft).location
        var selections: [Selection] = []
        repeat {
            selections.append(try parseSelection())
        } while !skip(.braceRight)
        return SelectionSet(selections: selections, location: start)
    }

    private mutating func parseSelection() throws(GraphQLDiagnostic) -> Selection {
        guard current.kind == .spread else { return .field(try parseField()) }
        let start = advance().location
        if current.kind == .name, current.value != "on" {
            return .fragmentSpread(FragmentSpread(name: try parseName(), directives: try parseDirectives(constant: false), location: start))
        }
        let typeCondition = skipKeyword("on") ? try parseName() : nil
        return .inlineFragment(
            InlineFragment(
                typeCondition: typeCondition, directives: try parseDirectives(constant: false),
                selectionSet: try parseSelectionSet(), location: start
            )
        )
    }

    private mutating func parseField() throws(GraphQLDiagnostic) -> Field {
        let start = current.location
        var alias: Name?
        var name = try parseName()
        if skip(.colon) {
            alias = name
            name = try parseName()
        }
        return Field(
            alias: alias, name: name, arguments: try parseArguments(constant: false),
            directives: try parseDirectives(constant: false),
            selectionSet: current.kind == .braceLeft ? try parseSelectionSet() : nil, location: start
        )
    }

    mutating func parseArguments(constant: Bool) throws(GraphQLDiagnostic) -> [Argument] {
        guard skip(.parenLeft) else { return [] }
        var arguments: [Argument] = []
        repeat {
            let name = try parseName()
            try expect(.colon)
            arguments.append(Argument(name: name, value: try parseValue(constant: constant)))
        } while !skip(.parenRight)
        return arguments
    }

    mutating func parseDirectives(constant: Bool) throws(GraphQLDiagnostic) -> [Directive] {
        var directives: [Directive] = []
        while current.kind == .at {
            let start = advance().location
            directives.append(Directive(name: try parseName(), arguments: try parseArguments(constant: constant), location: start))
        }
        return directives
    }

    mutating func parseTypeReference() throws(GraphQLDiagnostic) -> TypeReference {
        try nest()
        defer { depth -= 1 }
        var type: TypeReference
        if skip(.bracketLeft) {
            type = .list(try parseTypeReference())
            try expect(.bracketRight)
        } else {
            type = .named(try parseName().value)
        }
        return skip(.bang) ? .nonNull(type) : type
    }
}
