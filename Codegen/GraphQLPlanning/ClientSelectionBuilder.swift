import GraphQLLanguage

/// Turns a merged selection into the client's fields (``ClientFieldPlan``): object values that
/// hold variables become ``ClientInputPlan/object(_:)``, constant ones literals.
package struct ClientSelectionBuilder {
    /// The schema, for the possible types of each composite field.
    package let schema: Schema
    /// Each composite type's possible types, sorted, found once (an interface's take a walk
    /// over the schema's types: once per field made 100,000 fields cost 100,000 walks).
    private var possibleTypesByName: [String: [String]] = [:]

    package init(schema: Schema) {
        self.schema = schema
    }

    package mutating func fields(_ selection: MergedSelection) -> [ClientFieldPlan] {
        selection.fields.map { field in
            ClientFieldPlan(
                name: field.name, alias: field.alias,
                arguments: field.arguments.map { ClientArgumentPlan(name: $0.name.value, value: inputValue($0.value)) },
                selections: field.selection.map { fields($0) } ?? [],
                possibleTypes: field.selection.map { possibleTypes(of: $0.type) } ?? [],
                conditions: field.conditions.map { ClientConditionPlan(isInclude: $0.isInclude, value: inputValue($0.value)) },
                typeCases: field.selection.map { child in
                    child.objectCases.map { ClientTypeCasePlan(possibleTypes: $0.possibleTypes.sorted(), selections: fields($0.selection)) }
                } ?? [],
                deferral: field.deferral.map { ClientDeferralPlan(label: $0.label, condition: $0.condition.map { inputValue($0) }) }
            )
        }
    }

    private mutating func possibleTypes(of type: SchemaType) -> [String] {
        if let known = possibleTypesByName[type.name] { return known }
        let found = schema.possibleTypes(of: type).sorted()
        possibleTypesByName[type.name] = found
        return found
    }

    private func inputValue(_ value: Value) -> ClientInputPlan {
        switch value.kind {
        case .variable(let name): return .variable(name)
        case .enumValue(let name): return .enumValue(name)
        case .list(let values): return .list(values.map { inputValue($0) })
        case .object(let members) where !value.variableNames.isEmpty:
            return .object(members.map { ClientObjectMemberPlan(name: $0.name.value, value: inputValue($0.value)) })
        default:
            return .literal(ClientLiteral(value))
        }
    }
}
