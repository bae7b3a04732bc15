import GraphQLPlanning

/// Writes the client's fields (``ClientFieldPlan``) as Swift `GraphQLField` expressions, so a
/// generated operation runs through the interceptor chain and normalized cache.
enum ClientSelectionWriter {
    static func fields(_ fields: [ClientFieldPlan]) -> [String] {
        fields.map { field in
            var parts = [SwiftNames.literal(field.name)]
            if let alias = field.alias { parts.append("alias: " + SwiftNames.literal(alias)) }
            if !field.arguments.isEmpty {
                let arguments = field.arguments.map { "\(SwiftNames.literal($0.name)): \(inputValue($0.value))" }
                parts.append("arguments: [" + arguments.joined(separator: ", ") + "]")
            }
            if !field.selections.isEmpty || !field.typeCases.isEmpty {
                parts.append("[" + Self.fields(field.selections).joined(separator: ", ") + "]")
                parts.append("possibleTypes: [" + field.possibleTypes.map(SwiftNames.literal).joined(separator: ", ") + "]")
            }
            if !field.conditions.isEmpty {
                let conditions = field.conditions.map { "\($0.isInclude ? ".include" : ".skip")(\(inputValue($0.value)))" }
                parts.append("conditions: [" + conditions.joined(separator: ", ") + "]")
            }
            if !field.typeCases.isEmpty {
                let cases = field.typeCases.map {
                    "GraphQLTypeCase(possibleTypes: [" + $0.possibleTypes.map(SwiftNames.literal).joined(separator: ", ") + "], ["
                        + Self.fields($0.selections).joined(separator: ", ") + "])"
                }
                parts.append("typeCases: [" + cases.joined(separator: ", ") + "]")
            }
            if let deferral = field.deferral {
                var arguments: [String] = []
                if let label = deferral.label { arguments.append("label: " + SwiftNames.literal(label)) }
                if let condition = deferral.condition { arguments.append("if: " + inputValue(condition)) }
                parts.append("deferral: GraphQLDeferral(" + arguments.joined(separator: ", ") + ")")
            }
            return "GraphQLField(" + parts.joined(separator: ", ") + ")"
        }
    }

    private static func inputValue(_ value: ClientInputPlan) -> String {
        switch value {
        case .variable(let name): ".variable(\(SwiftNames.literal(name)))"
        case .enumValue(let name): ".enumValue(\(SwiftNames.literal(name)))"
        case .list(let values): ".list([" + values.map(inputValue).joined(separator: ", ") + "])"
        case .literal(let literal): ".literal(" + json(literal) + ")"
        case .object(let members):
            ".object([" + members.map { "GraphQLObjectMember(\(SwiftNames.literal($0.name)), \(inputValue($0.value)))" }.joined(separator: ", ") + "])"
        }
    }

    /// A literal as a `JSONValue` expression.
    private static func json(_ value: ClientLiteral) -> String {
        switch value {
        case .int(let number): ".int(\(number))"
        case .float(let text): ".double(\(text))"
        case .string(let text): ".string(\(SwiftNames.literal(text)))"
        case .bool(let flag): ".bool(\(flag))"
        case .null: ".null"
        case .list(let values): ".array([" + values.map(json).joined(separator: ", ") + "])"
        case .object(let members):
            members.isEmpty ? ".object([:])" : ".object([" + members.map { "\(SwiftNames.literal($0.name)): \(json($0.value))" }.joined(separator: ", ") + "])"
        }
    }
}
