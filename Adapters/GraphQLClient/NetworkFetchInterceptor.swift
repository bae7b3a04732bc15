#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import JSON

/// The last link of the chain: sends the operation (a JSON `POST`, or with `usesGET` a query as
/// `GET`; see ``GraphQLHTTPEncoding``) and returns the raw HTTP answer.
///
/// Body: `{"operationName", "query", "variables"}` (and `extensions` for a persisted query);
/// headers: `Content-Type`, `Accept` (`application/graphql-response+json`, then
/// `application/json`) plus the request's own. The answer must arrive within `timeout`,
/// otherwise ``GraphQLClientError/Kind/timedOut`` is thrown.
public struct NetworkFetchInterceptor: GraphQLInterceptor {
    public let endpoint: URL
    public let timeout: Duration
    /// Whether queries go as `GET` (mutations never do).
    public let usesGET: Bool
    private let session: any HTTPSession
    private let clock: any Clock<Duration>

    /// - Parameter clock: The clock `timeout` is measured on (tests and single-threaded
    ///   programs pass their own).
    /// - Parameter usesGET: Send queries as `GET` (for HTTP caches and CDNs); mutations are always `POST`.
    public init(
        endpoint: URL,
        session: any HTTPSession,
        timeout: Duration = .seconds(30),
        clock: any Clock<Duration> = ContinuousClock(),
        usesGET: Bool = false
    ) {
        self.endpoint = endpoint
        self.usesGET = usesGET
        self.session = session
        self.timeout = timeout
        self.clock = clock
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        try await exchange(request, makeURLRequest(request)) { http, session, gate in
            guard let gate else { return try await session.send(http) }
            return try await session.send(http, once: { await gate.wait() })
        }
    }

    /// Sends `http` (encoded for `request`) through `send` on this interceptor's session within
    /// ``timeout``, and returns the answer; shared with the incremental fetch, which reads its
    /// answer part by part. `send` gets the task's ``HTTPSendGate``, if any: nothing may be
    /// written before it opens.
    ///
    /// The session says whether the request may have left, so a failure before that point
    /// (cancelled, timed out while connecting) is known not to have reached the server:
    /// ``GraphQLClientError/requestWasNotSent``.
    package func exchange(
        _ request: GraphQLRequest, _ http: HTTPRequest,
        send: @escaping @Sendable (HTTPRequest, any HTTPSession, HTTPSendGate?) async throws -> HTTPResponse
    ) async throws -> GraphQLResponse {
        let operation = request.operation.name
        let session = self.session
        let answer: HTTPResponse?
        let witness = HTTPSendWitness()
        // Work an earlier link must finish before the request leaves (the cache's mutation
        // stamp) goes on while the session connects: it writes nothing before the gate opens.
        let gate = HTTPSendGate.current
        do {
            answer = try await HTTPSendWitness.$current.withValue(witness) {
                try await Deadline.run(within: timeout, clock: clock) { try await send(http, session, gate) }
            }
        } catch {
            let classified = ErrorClassification.classify(error, operation: operation)
            guard var clientError = classified as? GraphQLClientError, witness.provesNotSent else { throw classified }
            clientError.requestWasNotSent = true
            throw clientError
        }
        guard let answer else {
            throw GraphQLClientError(operationName: operation, kind: .timedOut, requestWasNotSent: witness.provesNotSent)
        }
        return GraphQLResponse(source: .network, http: answer)
    }

    /// The HTTP request for `request`, with its body (or query string) and headers: see ``GraphQLHTTPEncoding``.
    public func makeURLRequest(_ request: GraphQLRequest) -> HTTPRequest {
        // The deadline around `send` is what enforces `timeout`; sessions get it as well.
        GraphQLHTTPEncoding.httpRequest(for: request, endpoint: endpoint, timeout: timeout, usesGET: usesGET)
    }
}
