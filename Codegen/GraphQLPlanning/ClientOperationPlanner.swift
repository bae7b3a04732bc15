import GraphQLLanguage

/// Plans one operation of a validated document for the client: the same merge of fragments
/// and the same fields the generator writes into a generated operation's `operation`.
public enum ClientOperationPlanner {
    /// The plan of `operation` (a query, a mutation or a subscription, which the document runner runs
    /// through the subscription client), whose fragments are among `documents`; or the
    /// constructs the client cannot run, as diagnostics.
    public static func plan(
        _ operation: OperationDefinition, sourceName: String, documents: [Document], schema: Schema
    ) -> Result<ClientOperationPlan, GraphQLDiagnosticList> {
        guard let root = schema.rootType(for: operation.kind) else {
            let message = "The schema has no \(operation.kind.rawValue) type."
            return .failure(GraphQLDiagnosticList(diagnostics: [GraphQLDiagnostic(sourceName: sourceName, location: operation.location, message: message)]))
        }
        var fragments: [String: (definition: FragmentDefinition, sourceName: String)] = [:]
        for document in documents {
            for fragment in document.fragments { fragments[fragment.name.value] = (fragment, document.sourceName) }
        }
        var merger = SelectionMerger(schema: schema, fragments: fragments)
        var selection = merger.merge(operation.selectionSet, on: root, sourceName: sourceName)
        merger.finalize(&selection, reportingAt: operation.location, in: sourceName)
        guard merger.diagnostics.isEmpty else { return .failure(GraphQLDiagnosticList(diagnostics: merger.diagnostics)) }
        var builder = ClientSelectionBuilder(schema: schema)
        let fields = builder.fields(selection)
        let variables = operation.variableDefinitions.map {
            ClientVariablePlan(name: $0.variable.value, type: $0.type, defaultValue: $0.defaultValue.map(ClientLiteral.init))
        }
        return .success(ClientOperationPlan(kind: operation.kind, name: operation.name?.value ?? "", variables: variables, fields: fields))
    }
}
