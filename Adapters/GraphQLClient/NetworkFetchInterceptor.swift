import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The last link of the chain: POSTs the operation as JSON and returns the raw HTTP answer.
///
/// Body: `{"operationName", "query", "variables"}`; headers: `Content-Type` and `Accept`
/// `application/json` plus the request's own. The answer must arrive within `timeout`,
/// otherwise ``GraphQLClientError/Kind/timedOut`` is thrown.
public struct NetworkFetchInterceptor: GraphQLInterceptor {
    public let endpoint: URL
    public let timeout: Duration
    private let session: any HTTPSession

    public init(endpoint: URL, session: any HTTPSession, timeout: Duration = .seconds(30)) {
        self.endpoint = endpoint
        self.session = session
        self.timeout = timeout
    }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        let operation = request.operation.name
        let urlRequest = makeURLRequest(request)
        let session = self.session
        let answer: (Data, URLResponse)?
        do {
            answer = try await Deadline.run(within: timeout) { try await session.send(urlRequest) }
        } catch {
            throw ErrorClassification.classify(error, operation: operation)
        }
        guard let (data, response) = answer else {
            throw GraphQLClientError(operationName: operation, kind: .timedOut)
        }
        guard let http = response as? HTTPURLResponse else {
            throw GraphQLClientError(operationName: operation, kind: .unexpectedShape("the answer is not HTTP"))
        }
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { headers[name] = value }
        return GraphQLResponse(source: .network, http: HTTPResponse(statusCode: http.statusCode, headers: headers, body: data))
    }

    /// The POST request for `request`, with its body and headers.
    public func makeURLRequest(_ request: GraphQLRequest) -> URLRequest {
        var urlRequest = URLRequest(url: endpoint)
        urlRequest.httpMethod = "POST"
        // The deadline around `send` is what enforces `timeout`; the session's own limit is set a
        // whole second later because FoundationNetworking mishandles sub-second intervals.
        urlRequest.timeoutInterval = Double(timeout.components.seconds) + 2
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        let body: JSONValue = [
            "operationName": .string(request.operation.name),
            "query": .string(request.operation.document),
            "variables": .object(request.variables),
        ]
        urlRequest.httpBody = JSONWriter.data(body)
        return urlRequest
    }
}
