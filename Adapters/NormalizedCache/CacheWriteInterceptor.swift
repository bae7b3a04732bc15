import GraphQLClient
import Transport

/// Normalizes each complete answer from the network into the cache.
///
/// Skips ``CachePolicy/noCache`` requests and answers with errors (which never reach it:
/// ``ResponseParsingInterceptor`` throws them). An answer whose objects claim identities that
/// are not theirs (``CacheIdentityError``) is cached not at all and fails as
/// ``GraphQLClientError/Kind/unexpectedShape(_:)``. Mutation answers update the objects they hold,
/// but the mutation's own root fields are not kept. A query's answer is saved only if no
/// mutation changed the persistence while it was fetched (``NormalizedCache/mutationStamp()``).
///
/// The stamp is taken while the session connects when taking it means opening the database
/// (the process's first request), else before: the request runs with an
/// ``HTTPSendGate`` that opens once the stamp is taken, and ``NetworkFetchInterceptor`` hands it to
/// the session, which writes nothing of the request before. An answer that came back without any
/// session having waited for the gate (a link after this one answered by other means) is not
/// saved: nothing proves its stamp preceded the request.
public struct CacheWriteInterceptor: GraphQLInterceptor {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        // A query's answer is saved only if no mutation changed the cache while it was fetched.
        guard request.operation.kind == .query, request.cachePolicy != .noCache else {
            return try await save(try await next(request), of: request, unlessMutatedSince: nil)
        }
        // Taken first when it costs nothing to take (the database is open): a request on a kept-alive
        // connection would only wait for it, one more hand-over between threads.
        if await cache.stampIsReady {
            let stamp = try await cache.mutationStamp()
            return try await save(try await next(request), of: request, unlessMutatedSince: stamp)
        }
        let gate = HTTPSendGate()
        async let stamp = Self.stamp(of: cache, opening: gate)
        let response = try await HTTPSendGate.$current.withValue(gate) { try await next(request) }
        let taken = try await stamp
        guard gate.wasAwaited || taken == nil else { return response }
        return try await save(response, of: request, unlessMutatedSince: taken)
    }

    /// The cache's mutation stamp; `gate` opens once it is taken (or failed).
    private static func stamp(of cache: NormalizedCache, opening gate: HTTPSendGate) async throws -> UInt64? {
        defer { gate.open() }
        return try await cache.mutationStamp()
    }

    private func save(_ response: GraphQLResponse, of request: GraphQLRequest, unlessMutatedSince stamp: UInt64?) async throws -> GraphQLResponse {
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
