import GraphQLClient
import JSON
import Synchronization
import Transport

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
///
/// The stamp is taken while the session connects when taking it means opening the database
/// (the process's first request): once the session says it is under way, so that its thread
/// loads TLS and connects while this one opens the database. Else it is taken before (and always
/// before for an incremental delivery, whose parts are written with it as they come). The
/// request runs with an ``HTTPSendGate`` that opens once the stamp is taken, and
/// ``NetworkFetchInterceptor`` hands it to the session, which writes nothing of the request
/// before. An answer that came back without any session
/// having waited for the gate (a link after this one answered by other means) is not saved:
/// nothing proves its stamp preceded the request.
public struct CacheWriteInterceptor: GraphQLInterceptor {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        // A query's answer is saved only if no mutation changed the cache while it was fetched.
        guard request.operation.kind == .query, request.cachePolicy != .noCache else {
            return try await forward(request, next: next, unlessMutatedSince: nil)
        }
        // Taken first when it costs nothing to take (the database is open): a request on a kept-alive
        // connection would only wait for it, one more hand-over between threads. Taken first too
        // for an incremental delivery: its parts are written with it as they arrive.
        if request.incrementalParts != nil {
            return try await forward(request, next: next, unlessMutatedSince: try await cache.mutationStamp())
        }
        if await cache.stampIsReady {
            return try await forward(request, next: next, unlessMutatedSince: try await cache.mutationStamp())
        }
        let gate = HTTPSendGate()
        async let stamp = Self.stamp(of: cache, opening: gate)
        // Before the stamp's task is awaited (on every way out): a request that ended without a
        // session under way (answered by other means, or failed first) lets it go on and end.
        defer { gate.sessionIsUnderWay() }
        let response = try await HTTPSendGate.$current.withValue(gate) { try await next(request) }
        gate.sessionIsUnderWay()
        let taken = try await stamp
        guard gate.wasAwaited || taken == nil else { return response }
        return try await save(response, of: request, unlessMutatedSince: taken)
    }

    /// The cache's mutation stamp, taken once the session is under way (connecting on its own
    /// thread meanwhile); `gate` opens once it is taken (or failed).
    private static func stamp(of cache: NormalizedCache, opening gate: HTTPSendGate) async throws -> UInt64? {
        defer { gate.open() }
        await gate.waitUntilUnderWay()
        return try await cache.mutationStamp()
    }

    /// Sends `request` on, writing its incremental parts as they arrive, then saves the whole
    /// answer unless its parts were written already.
    private func forward(_ request: GraphQLRequest, next: GraphQLInterceptorNext, unlessMutatedSince stamp: UInt64?) async throws -> GraphQLResponse {
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
        guard !parts.withLock({ $0.written }) else { return response }
        return try await save(response, of: request, unlessMutatedSince: stamp)
    }

    private func save(_ response: GraphQLResponse, of request: GraphQLRequest, unlessMutatedSince stamp: UInt64?) async throws -> GraphQLResponse {
        if response.source == .network, request.cachePolicy != .noCache, let body = response.body, body.errors.isEmpty, let data = body.data {
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
