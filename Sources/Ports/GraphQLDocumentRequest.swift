/// What to run: a document, which of its operations, its variables as typed on the command
/// line, and where the schema comes from.
public struct GraphQLDocumentRequest: Sendable, Equatable {
    public var document: GraphQLSource
    /// The operation to run; may be `nil` when the document has one.
    public var operationName: String?
    /// `NAME=VALUE` pairs in the order given, values as typed (coerced by their declared types).
    public var variables: [GraphQLDocumentVariable]
    /// A local schema to validate against instead of the endpoint's.
    public var schema: GraphQLSource?
    /// Whether a query may be answered from the cache (mutations always go to the server).
    public var freshness: Freshness
    /// Whether a query's or a mutation's answer is wanted part by part as it arrives (`@defer`),
    /// as ``GraphQLDocumentOutcome/parts(_:)``, rather than whole.
    public var incremental: Bool

    public init(
        document: GraphQLSource, operationName: String? = nil, variables: [GraphQLDocumentVariable] = [],
        schema: GraphQLSource? = nil, freshness: Freshness = .cachedIfAvailable, incremental: Bool = false
    ) {
        self.document = document
        self.operationName = operationName
        self.variables = variables
        self.schema = schema
        self.freshness = freshness
        self.incremental = incremental
    }
}
