#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import Transport

/// Fetches operations that hold `@defer` as incremental deliveries: it asks for
/// `multipart/mixed` and hands each part on as it arrives; every other operation passes on to
/// the rest of the chain (``NetworkFetchInterceptor``) unchanged.
///
/// Sits just above ``NetworkFetchInterceptor`` with the same endpoint, session, timeout and
/// clock. A deferred operation is sent with
/// `Accept: multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json;q=0.9`.
/// A `multipart/mixed` answer is read part by part (``MultipartMixedReader``) and merged
/// (``IncrementalResponse``: Apollo's format and graphql-js 17's); each part, checked against
/// the operation's shape (deferred fields may be missing) and the request's `validate`, goes
/// to the request's ``GraphQLRequest/incrementalParts``. The merged answer then goes up the
/// chain as one JSON answer, which ``ResponseParsingInterceptor`` reads like any other. Any
/// other answer (the server does not defer) goes up as it came. `timeout` covers the whole
/// delivery. A body that ends before its closing delimiter is
/// ``GraphQLClientError/Kind/transport(_:)`` `.connectionLost`.
public struct IncrementalFetchInterceptor: GraphQLInterceptor {
    /// What a deferred operation accepts: incremental delivery first, then a whole answer.
    public static let accept = "multipart/mixed;deferSpec=20220824, application/graphql-response+json, application/json;q=0.9"

    /// The plain fetch this one sends through: the same endpoint, session, timeout and clock.
    private let fetch: NetworkFetchInterceptor
    public var endpoint: URL { fetch.endpoint }
    public var timeout: Duration { fetch.timeout }
    public var usesGET: Bool { fetch.usesGET }

    public init(
        endpoint: URL, session: any HTTPSession, timeout: Duration = .seconds(30), clock: any Clock<Duration> = ContinuousClock(), usesGET: Bool = false
    ) {
        fetch = NetworkFetchInterceptor(endpoint: endpoint, session: session, timeout: timeout, clock: clock, usesGET: usesGET)
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        guard request.operation.hasDeferredFields else { return try await next(request) }
        var encoded = fetch.makeURLRequest(request)
        encoded.setValue(Self.accept, forHTTPHeaderField: "Accept")
        return try await fetch.exchange(request, encoded) { http, session, gate in
            // A streamed answer cannot overlap the gate's work with connecting: it waits first.
            if let gate { await gate.wait() }
            let assembly = IncrementalAssembly(request: request)
            try await session.sendStreaming(http) { piece in try await assembly.take(piece) }
            return try assembly.finish()
        }
    }
}
