import Foundation

/// The HTTP answer of the GraphQL endpoint: a status and a JSON body.
public struct GraphQLHTTPResponse: Sendable {
    /// HTTP status code.
    public var status: Int
    /// Extra headers (besides `Content-Type: application/json`).
    public var headers: [String: String]
    /// JSON body.
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body parsed as a JSON object (for tests and tools); `nil` if it is not one.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
