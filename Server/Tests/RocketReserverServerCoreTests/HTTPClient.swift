import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A small URLSession client for the GraphQL endpoint.
final class HTTPClient: Sendable {
    /// One HTTP answer.
    struct Answer {
        var status: Int
        var contentType: String?
        var body: Data
        var json: Any? { try? JSONSerialization.jsonObject(with: body) }
    }

    let url: URL
    private let session: URLSession

    init(url: URL) {
        self.url = url
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 30
        session = URLSession(configuration: configuration)
    }

    func post(_ body: String, authorization: String? = nil) async throws -> Answer {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        return try await send(request)
    }

    func get(_ query: String, authorization: String? = nil) async throws -> Answer {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.queryItems = [URLQueryItem(name: "query", value: query)]
        guard let target = components?.url else { throw TestFailure("cannot build GET URL") }
        var request = URLRequest(url: target)
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        return try await send(request)
    }

    /// Any request: `query` appended to the URL, `headers` as given (nothing added).
    func send(method: String, query: String? = nil, body: String? = nil, headers: [String: String] = [:]) async throws -> Answer {
        var target = url
        if let query, let withQuery = URL(string: url.absoluteString + "?" + query) { target = withQuery }
        var request = URLRequest(url: target)
        request.httpMethod = method
        request.httpBody = body.map { Data($0.utf8) }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await send(request)
    }

    func close() {
        session.invalidateAndCancel()
    }

    private func send(_ request: URLRequest) async throws -> Answer {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw TestFailure("not an HTTP response") }
        return Answer(status: http.statusCode, contentType: http.value(forHTTPHeaderField: "Content-Type"), body: data)
    }
}
