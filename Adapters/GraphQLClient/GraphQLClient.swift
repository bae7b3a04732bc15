import JSON

/// Runs GraphQL operations through a chain of interceptors and returns their `data`.
///
/// Build the chain with `GraphQLInterceptors.standard(endpoint:session:timeout:clock:cache:authorization:retry:additional:)`
/// (module `NormalizedCache`) or assemble your own array. Failures are ``GraphQLClientError``, except errors thrown by
/// your own closures or interceptors (for example a token closure), which pass through unchanged.
public struct GraphQLClient: Sendable {
    public let interceptors: [any GraphQLInterceptor]

    public init(interceptors: [any GraphQLInterceptor]) {
        self.interceptors = interceptors
    }

    /// Runs a query with the given cache policy; `validate` (see ``GraphQLRequest/validate``)
    /// keeps answers the caller cannot use out of the cache.
    public func fetch(
        _ operation: GraphQLOperation,
        variables: [String: JSONValue] = [:],
        cachePolicy: CachePolicy = .cacheFirst,
        validate: GraphQLDataValidator? = nil
    ) async throws -> GraphQLResult {
        try await send(GraphQLRequest(operation: operation, variables: variables, cachePolicy: cachePolicy, validate: validate))
    }

    /// Runs a mutation (always sent to the server, never retried).
    public func perform(
        _ operation: GraphQLOperation,
        variables: [String: JSONValue] = [:],
        validate: GraphQLDataValidator? = nil
    ) async throws -> GraphQLResult {
        try await send(GraphQLRequest(operation: operation, variables: variables, cachePolicy: .networkOnly, validate: validate))
    }

    /// Runs a request through the chain.
    public func send(_ request: GraphQLRequest) async throws -> GraphQLResult {
        let operation = request.operation.name
        do {
            try Task.checkCancellation()
            let response = try await chain(from: 0)(request)
            guard let data = response.body?.data else {
                throw GraphQLClientError(operationName: operation, kind: .unexpectedShape("the chain produced no data"))
            }
            return GraphQLResult(data: data, source: response.source)
        } catch {
            throw ErrorClassification.classify(error, operation: operation)
        }
    }

    private func chain(from position: Int) -> GraphQLInterceptorNext {
        guard position < interceptors.count else {
            return GraphQLInterceptorNext { request in
                throw GraphQLClientError(
                    operationName: request.operation.name,
                    kind: .unexpectedShape("the interceptor chain ended without fetching")
                )
            }
        }
        let interceptor = interceptors[position]
        let next = chain(from: position + 1)
        return GraphQLInterceptorNext { request in try await interceptor.intercept(request, next: next) }
    }
}
