import Foundation

/// The HTTP answer of the GraphQL endpoint: a status, a media type and a JSON body.
public struct GraphQLHTTPResponse: Sendable {
    /// HTTP status code.
    public var status: Int
    /// Extra headers (besides `Content-Type`).
    public var headers: [String: String]
    /// JSON body.
    public var body: Data
    /// What the body is: the type the request's `Accept` chose.
    public var mediaType: ResponseMediaType

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: Data, mediaType: ResponseMediaType = .json) {
        self.status = status
        self.headers = headers
        self.body = body
        self.mediaType = mediaType
    }

    /// The body parsed as a JSON object (for tests and tools); `nil` if it is not one.
    public var json: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
    }
}
