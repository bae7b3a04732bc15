#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Transport

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
    /// For answers from the cache: when the oldest record they were read from was received.
    public var cachedAt: Date?

    public init(source: Source, http: HTTPResponse? = nil, body: GraphQLResponseBody? = nil, cachedAt: Date? = nil) {
        self.source = source
        self.http = http
        self.body = body
        self.cachedAt = cachedAt
    }
}
