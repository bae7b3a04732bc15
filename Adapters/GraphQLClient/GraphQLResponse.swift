import Foundation

/// A response as it travels back up the interceptor chain: raw HTTP at first, parsed later.
public struct GraphQLResponse: Sendable {
    /// Where an answer came from.
    public enum Source: Sendable, Hashable {
        case network
        case cache
    }

    public var source: Source
    /// The HTTP answer, for responses from the network.
    public var http: HTTPResponse?
    /// The parsed GraphQL body; set by ``ResponseParsingInterceptor`` or by a cache read.
    public var body: GraphQLResponseBody?

    public init(source: Source, http: HTTPResponse? = nil, body: GraphQLResponseBody? = nil) {
        self.source = source
        self.http = http
        self.body = body
    }
}

/// The status, headers and body bytes of an HTTP answer.
public struct HTTPResponse: Sendable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data

    public init(statusCode: Int, headers: [String: String] = [:], body: Data) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
    }
}

/// A GraphQL response body: `data` (absent or `null` → `nil`) and `errors`.
public struct GraphQLResponseBody: Sendable, Hashable {
    public var data: [String: JSONValue]?
    public var errors: [GraphQLError]

    public init(data: [String: JSONValue]?, errors: [GraphQLError] = []) {
        self.data = data
        self.errors = errors
    }
}

/// A successful answer: the `data` object, and whether it came from the cache.
public struct GraphQLResult: Sendable, Hashable {
    public var data: [String: JSONValue]
    public var source: GraphQLResponse.Source

    public init(data: [String: JSONValue], source: GraphQLResponse.Source) {
        self.data = data
        self.source = source
    }
}
