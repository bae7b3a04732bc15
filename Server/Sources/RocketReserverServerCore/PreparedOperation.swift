import GraphQL

/// An operation received over a WebSocket, parsed and validated, ready to execute (once for a
/// query or mutation, once per event for a subscription).
struct PreparedOperation: Sendable {
    /// The parsed, validated document.
    var document: Document
    /// The request's text, variables and operation name.
    var request: GraphQLOperationRequest
    /// Whether the selected operation is a subscription.
    var isSubscription: Bool
    /// The caller (from `connection_init`) and the server's data.
    var context: ResolverContext
}
