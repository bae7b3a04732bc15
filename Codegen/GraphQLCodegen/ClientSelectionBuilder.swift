import GraphQLLanguage
import GraphQLValidation

/// Turns a merged selection into the client's fields (``ClientFieldPlan``), reporting what
/// the client cannot express yet: object values that contain variables.
struct ClientSelectionBuilder {
    let sourceName: String
    /// The schema, for the possible types of each composite field.
    let schema: Schema
    var diagnostics: [GraphQLDiagnostic] = []

    mutating func fields(_ selection: MergedSelection) -> [ClientFieldPlan] {
        selection.fields.map { field in
            ClientFieldPlan(
                name: field.name, alias: field.alias,
                arguments: field.arguments.map { ClientArgumentPlan(name: $0.name.value, value: inputValue($0.value)) },
                selections: field.selection.map { fields($0) } ?? [],
                possibleTypes: field.selection.map { schema.possibleTypes(of: $0.type).sorted() } ?? []
            )
        }
    }

    private mutating func inputValue(_ value: Value) -> ClientInputPlan {
        switch value.kind {
        case .variable(let name): return .variable(name)
        case .enumValue(let name): return .enumValue(name)
        case .list(let values): return .list(values.map { inputValue($0) })
        default:
            if !value.variableNames.isEmpty {
                diagnostics.append(
                    GraphQLDiagnostic(
                        sourceName: sourceName, location: value.location,
                        message: "An object value containing variables is not supported by the code generator yet."
                    )
                )
            }
            return .literal(ClientLiteral(value))
        }
    }
}
