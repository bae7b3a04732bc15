import GraphQLClient
import JSON
import Synchronization

/// Normalizes each complete answer from the network into the cache, and each part of an
/// incremental delivery (`@defer`) as it arrives.
///
/// Skips ``CachePolicy/noCache`` requests and answers with errors (which never reach it:
/// ``ResponseParsingInterceptor`` throws them). An answer whose objects claim identities that
/// are not theirs (``CacheIdentityError``) is cached not at all and fails as
/// ``GraphQLClientError/Kind/unexpectedShape(_:)``. Mutation answers update the objects they hold,
/// but the mutation's own root fields are not kept. A query's answer is saved only if no
/// mutation changed the persistence while it was fetched (``NormalizedCache/mutationStamp()``).
///
/// The parts of an incremental delivery are written one by one, each as the answer so far,
/// before it goes on (so a watch sees each): until a part brings errors, after which nothing
/// more of that answer is kept. A part cut short by a dropped connection never arrives here.
public struct CacheWriteInterceptor: GraphQLInterceptor {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        // A query's answer is saved only if no mutation changed the cache while it was fetched.
        let stamp = request.operation.kind == .query && request.cachePolicy != .noCache ? try await cache.mutationStamp() : nil
        var request = request
        // Whether parts were written (then the whole answer is, already), and whether one had errors.
        let parts = Mutex((written: false, failed: false))
        if request.cachePolicy != .noCache, let sink = request.incrementalParts {
            let cache = cache
            let operation = request.operation
            let variables = request.variables
            request.incrementalParts = sink.before { part in
                let keeps = parts.withLock { state in
                    if !part.errors.isEmpty { state.failed = true }
                    return !state.failed && part.data != nil
                }
                guard keeps, let data = part.data else { return }
                try await Self.write(data, into: cache, operation: operation, variables: variables, stamp: stamp, status: nil)
                parts.withLock { $0.written = true }
            }
        }
        let response = try await next(request)
        if response.source == .network, request.cachePolicy != .noCache, !parts.withLock({ $0.written }),
           let body = response.body, body.errors.isEmpty, let data = body.data
        {
            try await Self.write(
                data, into: cache, operation: request.operation, variables: request.variables, stamp: stamp, status: response.http?.statusCode
            )
        }
        return response
    }

    private static func write(
        _ data: [String: JSONValue], into cache: NormalizedCache, operation: GraphQLOperation,
        variables: [String: JSONValue], stamp: UInt64?, status: Int?
    ) async throws {
        do {
            try await cache.write(data, for: operation, variables: variables, unlessMutatedSince: stamp)
        } catch {
            // An answer that would write records it is not about is not understood.
            throw GraphQLClientError(operationName: operation.name, kind: .unexpectedShape(error.description), statusCode: status)
        }
    }
}
