import Foundation

/// An HTTP request to the GraphQL endpoint, independent of the HTTP server library.
public struct GraphQLHTTPRequest: Sendable {
    /// HTTP method, upper case (`GET`, `POST`, …).
    public var method: String
    /// Raw URL query string (after `?`), form-encoded; used by `GET`.
    public var query: String?
    /// Request body; used by `POST`.
    public var body: Data?
    /// Raw `Authorization` header value.
    public var authorization: String?

    /// Creates a request.
    public init(method: String, query: String? = nil, body: Data? = nil, authorization: String? = nil) {
        self.method = method.uppercased()
        self.query = query
        self.body = body
        self.authorization = authorization
    }
}
