#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport
import JSON

/// The last link of the chain: POSTs the operation as JSON and returns the raw HTTP answer.
///
/// Body: `{"operationName", "query", "variables"}`; headers: `Content-Type` and `Accept`
/// `application/json` plus the request's own. The answer must arrive within `timeout`,
/// otherwise ``GraphQLClientError/Kind/timedOut`` is thrown.
public struct NetworkFetchInterceptor: GraphQLInterceptor {
    public let endpoint: URL
    public let timeout: Duration
    private let session: any HTTPSession
    private let clock: any Clock<Duration>

    /// - Parameter clock: The clock `timeout` is measured on (tests and single-threaded
    ///   programs pass their own).
    public init(
        endpoint: URL,
        session: any HTTPSession,
        timeout: Duration = .seconds(30),
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.endpoint = endpoint
        self.session = session
        self.timeout = timeout
        self.clock = clock
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        let operation = request.operation.name
        let urlRequest = makeURLRequest(request)
        let session = self.session
        let answer: HTTPResponse?
        // The session says whether the request may have left, so a failure before that point
        // (cancelled, timed out while connecting) is known not to have reached the server.
        let witness = HTTPSendWitness()
        do {
            answer = try await HTTPSendWitness.$current.withValue(witness) {
                try await Deadline.run(within: timeout, clock: clock) { try await session.send(urlRequest) }
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

    /// The POST request for `request`, with its body and headers.
    public func makeURLRequest(_ request: GraphQLRequest) -> HTTPRequest {
        // The deadline around `send` is what enforces `timeout`; sessions get it as well.
        // A query may be sent again on a fresh connection when a kept-alive one was found closed;
        // a mutation never is.
        var urlRequest = HTTPRequest(url: endpoint, method: "POST", timeout: timeout, isIdempotent: request.operation.kind == .query)
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let body: JSONValue = [
            // An anonymous operation is sent without a name (null), as the GraphQL-over-HTTP spec has it.
            "operationName": request.operation.name.isEmpty ? .null : .string(request.operation.name),
            "query": .string(request.operation.document),
            "variables": .object(request.variables),
        ]
        urlRequest.body = JSONWriter.data(body)
        return urlRequest
    }
}
