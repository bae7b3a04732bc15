import Ports

/// Runs an operation the user wrote in a `.graphql` file: validated
/// against the endpoint's schema first, its variables coerced by their declared types, answered
/// from the cache when the cache has every field unless a reload is forced.
public struct RunGraphQLDocument: Sendable {
    private let runner: any GraphQLDocumentRunner

    public init(runner: any GraphQLDocumentRunner) {
        self.runner = runner
    }

    /// The answer: `data` as JSON and the server's errors as sentences.
    /// - Throws: ``GraphQLDocumentError`` for a variable given twice, or a document, schema or
    ///   variable that does not fit (nothing is sent); ``ServiceError`` for the server's failures.
    public func callAsFunction(
        document: GraphQLSource, operationName: String? = nil, variables: [GraphQLDocumentVariable] = [],
        schema: GraphQLSource? = nil, forceReload: Bool = false
    ) async throws -> GraphQLDocumentAnswer {
        try await runner.run(request(document, operationName, variables, schema, forceReload))
    }

    /// The answer (part by part as it arrives when `incremental`), or for a subscription its
    /// events until the server completes it or the consumer stops (see ``GraphQLDocumentOutcome``);
    /// throws as ``callAsFunction(document:operationName:variables:schema:forceReload:)`` does.
    public func perform(
        document: GraphQLSource, operationName: String? = nil, variables: [GraphQLDocumentVariable] = [],
        schema: GraphQLSource? = nil, forceReload: Bool = false, incremental: Bool = false
    ) async throws -> GraphQLDocumentOutcome {
        var request = try request(document, operationName, variables, schema, forceReload)
        request.incremental = incremental
        return try await runner.perform(request)
    }

    private func request(
        _ document: GraphQLSource, _ operationName: String?, _ variables: [GraphQLDocumentVariable], _ schema: GraphQLSource?, _ forceReload: Bool
    ) throws(GraphQLDocumentError) -> GraphQLDocumentRequest {
        var seen: Set<String> = []
        for variable in variables where !seen.insert(variable.name).inserted {
            throw GraphQLDocumentError.repeatedVariable(name: variable.name)
        }
        return GraphQLDocumentRequest(
            document: document, operationName: operationName, variables: variables, schema: schema,
            freshness: forceReload ? .fromServer : .cachedIfAvailable
        )
    }
}
