import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLClient

/// `URLSession` behind the client's seam: maps ``HTTPRequest`` to `URLRequest`, the answer to
/// ``HTTPResponse`` and `URLError` codes to ``HTTPTransportError`` kinds.
extension URLSession: HTTPSession {
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let answer: (Data, URLResponse)
        do {
            answer = try await self.data(for: URLRequest(request), delegate: nil)
        } catch let error as URLError {
            throw HTTPTransportError(HTTPTransportError.Kind(error.code))
        }
        let (data, response) = answer
        guard let http = response as? HTTPURLResponse else {
            throw HTTPTransportError(.connectionLost)
        }
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields { headers[name] = value }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
    }
}

extension URLRequest {
    /// The `URLRequest` for `request`.
    ///
    /// The session's own limit is set a whole second (and more) after the request's timeout:
    /// FoundationNetworking mishandles sub-second intervals, and the client's own deadline is
    /// what enforces the timeout.
    public init(_ request: HTTPRequest) {
        self.init(url: request.url)
        httpMethod = request.method
        timeoutInterval = Double(request.timeout.components.seconds) + 2
        for (name, value) in request.headers { setValue(value, forHTTPHeaderField: name) }
        httpBody = request.body
    }
}

extension HTTPTransportError.Kind {
    /// The transport failure kind for a `URLError` code.
    public init(_ code: URLError.Code) {
        switch code {
        case .cancelled: self = .cancelled
        case .timedOut: self = .timedOut
        case .cannotConnectToHost: self = .connectionRefused
        case .cannotFindHost, .dnsLookupFailed, .notConnectedToInternet: self = .hostUnreachable
        case .networkConnectionLost, .badServerResponse, .zeroByteResource: self = .connectionLost
        default: self = .other(code: code.rawValue)
        }
    }
}
