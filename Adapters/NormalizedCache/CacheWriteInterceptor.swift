import GraphQLClient

/// Normalizes each complete answer from the network into the cache.
///
/// Skips ``CachePolicy/noCache`` requests and answers with errors (which never reach it:
/// ``ResponseParsingInterceptor`` throws them). An answer whose objects claim identities that
/// are not theirs (``CacheIdentityError``) is cached not at all and fails as
/// ``GraphQLClientError/Kind/unexpectedShape(_:)``. Mutation answers update the objects they hold,
/// but the mutation's own root fields are not kept. A query's answer is saved only if no
/// mutation changed the persistence while it was fetched (``NormalizedCache/mutationStamp()``).
public struct CacheWriteInterceptor: GraphQLInterceptor {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        // A query's answer is saved only if no mutation changed the cache while it was fetched.
        let stamp = request.operation.kind == .query && request.cachePolicy != .noCache ? try await cache.mutationStamp() : nil
        let response = try await next(request)
        if response.source == .network, request.cachePolicy != .noCache,
           let body = response.body, body.errors.isEmpty, let data = body.data
        {
            do {
                try await cache.write(data, for: request.operation, variables: request.variables, unlessMutatedSince: stamp)
            } catch {
                // An answer that would write records it is not about is not understood.
                throw GraphQLClientError(operationName: request.operation.name, kind: .unexpectedShape(error.description), statusCode: response.http?.statusCode)
            }
        }
        return response
    }
}
