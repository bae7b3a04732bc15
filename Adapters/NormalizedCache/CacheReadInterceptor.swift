import GraphQLClient
import GraphQLDocuments

/// Answers queries from the normalized cache as their ``CachePolicy`` allows.
///
/// Mutations, ``CachePolicy/networkOnly`` and ``CachePolicy/noCache`` pass straight through.
/// Cached data that the request's ``GraphQLRequest/validate`` rejects counts as a miss.
public struct CacheReadInterceptor: GraphQLInterceptor {
    let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        guard request.operation.kind == .query else { return try await next(request) }
        switch request.cachePolicy {
        case .cacheFirst:
            if let cached = await cachedResponse(for: request) { return cached }
            return try await next(request)
        case .cacheOnly:
            if let cached = await cachedResponse(for: request) { return cached }
            throw GraphQLClientError(operationName: request.operation.name, kind: .cacheMiss)
        case .networkFirst:
            do {
                return try await next(request)
            } catch let error as GraphQLClientError where error.allowsCacheFallback {
                if let cached = await cachedResponse(for: request) { return cached }
                throw error
            }
        case .networkOnly, .noCache:
            return try await next(request)
        }
    }

    private func cachedResponse(for request: GraphQLRequest) async -> GraphQLResponse? {
        guard let answer = await cache.cachedAnswer(request.operation, variables: request.variables) else { return nil }
        // A deferred fragment whose part never arrived (or failed) is not a whole answer.
        if request.operation.hasDeferredFields,
            ResponseShape.lacksDeferredFields(in: answer.data, selections: request.operation.selections, variables: request.variables)
        {
            return nil
        }
        // A cached answer the caller cannot use is a miss, never a failure.
        if let validate = request.validate {
            do { try validate(answer.data) } catch { return nil }
        }
        return GraphQLResponse(source: .cache, body: GraphQLResponseBody(data: answer.data), cachedAt: answer.receivedAt)
    }
}
