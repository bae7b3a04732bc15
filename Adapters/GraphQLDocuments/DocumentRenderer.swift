import JSON

/// Renders an operation's selection set as GraphQL query text, on one line, deterministically.
enum DocumentRenderer {
    static func render(
        kind: GraphQLOperation.Kind,
        name: String,
        variables: [GraphQLVariableDefinition],
        selections: [GraphQLField]
    ) -> String {
        render(keyword: kind.rawValue, name: name, variables: variables, selections: selections)
    }

    /// Renders an operation that starts with `keyword` (`query`, `mutation`, `subscription`).
    static func render(keyword: String, name: String, variables: [GraphQLVariableDefinition], selections: [GraphQLField]) -> String {
        // An anonymous operation as it was written: `subscription { … }`.
        var text = name.isEmpty ? keyword : keyword + " " + name
        if !variables.isEmpty {
            text += "(" + variables.map { "$\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
        }
        text += " "
        appendSelections(selections, to: &text)
        return text
    }

    private static func appendSelections(_ selections: [GraphQLField], typeCases: [GraphQLTypeCase] = [], to text: inout String) {
        text += "{"
        appendFields(selections.filter { $0.deferral == nil }, to: &text)
        // Deferred fields: one `... @defer` per deferral, in the order they were first selected.
        var deferrals: [GraphQLDeferral] = []
        for field in selections { if let deferral = field.deferral, !deferrals.contains(deferral) { deferrals.append(deferral) } }
        for deferral in deferrals {
            var arguments: [String] = []
            if let label = deferral.label { arguments.append("label: " + JSONWriter.string(.string(label))) }
            if let condition = deferral.condition { arguments.append("if: " + render(condition)) }
            text += " ... @defer" + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")") + " {"
            appendFields(selections.filter { $0.deferral == deferral }, to: &text)
            text += " }"
        }
        for typeCase in typeCases {
            // One inline fragment per object type: valid wherever the type is possible.
            for typename in typeCase.possibleTypes.sorted() {
                text += " ... on \(typename) "
                appendSelections(typeCase.selections, to: &text)
            }
        }
        text += " }"
    }

    private static func appendFields(_ selections: [GraphQLField], to text: inout String) {
        for field in selections {
            text += " "
            if let alias = field.alias { text += alias + ": " }
            text += field.name
            if !field.arguments.isEmpty {
                text += "(" + field.arguments.map { "\($0.name): \(render($0.value))" }.joined(separator: ", ") + ")"
            }
            for condition in field.conditions { text += " @\(condition.kind.rawValue)(if: \(render(condition.value)))" }
            if !field.selections.isEmpty {
                text += " "
                appendSelections(field.selections, typeCases: field.typeCases, to: &text)
            }
        }
    }

    private static func render(_ value: GraphQLInputValue) -> String {
        switch value {
        case .variable(let name): "$" + name
        case .enumValue(let name): name
        case .literal(let literal): render(literal)
        case .list(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\($0.name): \(render($0.value))" }.joined(separator: ", ") + "}"
        }
    }

    /// A JSON literal in GraphQL syntax: like JSON, except that object keys are bare names.
    private static func render(_ value: JSONValue) -> String {
        switch value {
        case .array(let elements): "[" + elements.map(render).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.keys.sorted().map { "\($0): \(render(members[$0] ?? .null))" }.joined(separator: ", ") + "}"
        default: JSONWriter.string(value)
        }
    }
}
