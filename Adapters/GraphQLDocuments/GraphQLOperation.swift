/// A query or mutation: its name, variable definitions and selection set, with its query text
/// rendered once when it is created.
///
/// Declare operations as `static let` constants so the text is rendered once per process.
public struct GraphQLOperation: Sendable, Hashable {
    /// Whether the operation reads (`query`) or changes (`mutation`) data.
    public enum Kind: String, Sendable, Hashable {
        case query
        case mutation
    }

    public let kind: Kind
    public let name: String
    /// Variable definitions in order, e.g. `("launchId", "ID!")`.
    public let variableDefinitions: [GraphQLVariableDefinition]
    /// The root selection set.
    public let selections: [GraphQLField]
    /// The GraphQL document sent to the server.
    public let document: String
    /// Whether some field is deferred (`@defer`): the answer may come as an incremental
    /// delivery, part by part.
    public let hasDeferredFields: Bool

    /// Creates an operation; `variables` maps each variable name (without `$`) to its type.
    public init(
        _ kind: Kind,
        name: String,
        variables: KeyValuePairs<String, String> = [:],
        selections: [GraphQLField]
    ) {
        self.init(kind, name: name, variableList: variables.map { ($0.key, $0.value) }, selections: selections)
    }

    /// Creates an operation from variables listed at run time (for documents parsed at run time).
    public init(_ kind: Kind, name: String, variableList: [(name: String, type: String)], selections: [GraphQLField]) {
        self.kind = kind
        self.name = name
        self.variableDefinitions = variableList.map { GraphQLVariableDefinition(name: $0.name, type: $0.type) }
        self.selections = selections
        self.hasDeferredFields = selections.contains { $0.holdsDeferredFields }
        self.document = DocumentRenderer.render(kind: kind, name: name, variables: variableDefinitions, selections: selections)
    }
}
