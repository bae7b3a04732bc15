import JSON

/// A subscription: its name, variable definitions and selection set, with its document
/// rendered once when it is created, like ``GraphQLOperation`` for queries and mutations.
///
/// A subscription is not run by the request chain (it answers a stream of events, not one
/// answer): a streaming transport sends ``document`` and checks each event's `data` with
/// ``shapeProblem(in:variables:)`` before decoding it.
public struct GraphQLSubscriptionOperation: Sendable, Hashable {
    public let name: String
    /// Variable definitions in order, e.g. `("launchId", "ID!")`.
    public let variableDefinitions: [GraphQLVariableDefinition]
    /// The root selection set: one field, as validated.
    public let selections: [GraphQLField]
    /// The GraphQL document sent to the server (`subscription Name { … }`).
    public let document: String

    /// Creates a subscription; `variables` maps each variable name (without `$`) to its type.
    public init(name: String, variables: KeyValuePairs<String, String> = [:], selections: [GraphQLField]) {
        self.init(name: name, variableList: variables.map { ($0.key, $0.value) }, selections: selections)
    }

    /// Creates a subscription from variables listed at run time (for documents parsed at run time).
    public init(name: String, variableList: [(name: String, type: String)], selections: [GraphQLField]) {
        self.name = name
        self.variableDefinitions = variableList.map { GraphQLVariableDefinition(name: $0.name, type: $0.type) }
        self.selections = selections
        self.document = DocumentRenderer.render(keyword: "subscription", name: name, variables: variableDefinitions, selections: selections)
    }

    /// The first way one event's `data` lacks what the subscription selects (for example
    /// `tripsBooked is missing`), or `nil` when it has the selected shape.
    public func shapeProblem(in data: [String: JSONValue], variables: [String: JSONValue]) -> String? {
        ResponseShape.problem(in: data, selections: selections, variables: variables)
    }
}
