import Foundation
import Transport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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
