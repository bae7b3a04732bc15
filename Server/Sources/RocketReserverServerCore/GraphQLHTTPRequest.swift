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
    /// Raw `Accept` header value; `nil` when absent (answered as `application/json`).
    public var accept: String?
    /// Raw `Content-Type` header value of a `POST`; `nil` when absent (refused with 415).
    public var contentType: String?

    /// Creates a request; in-process callers get a JSON `Content-Type` unless they say otherwise.
    public init(
        method: String, query: String? = nil, body: Data? = nil, authorization: String? = nil, accept: String? = nil,
        contentType: String? = "application/json"
    ) {
        self.method = method.uppercased()
        self.query = query
        self.body = body
        self.authorization = authorization
        self.accept = accept
        self.contentType = contentType
    }
}
