#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GraphQLClient
import Synchronization

/// Remembers how old the oldest cached answer that passed through it was, so that a program
/// can say so ("Showing cached data from 3 hours ago").
///
/// Put it before ``CacheReadInterceptor`` in the chain (first, for example): it sees every
/// answer the chain returns and notes the ``GraphQLResponse/cachedAt`` of those from the cache.
public final class CacheAgeRecorder: GraphQLInterceptor, Sendable {
    private let oldest = Mutex<Date?>(nil)

    public init() {}

    /// When the oldest record of any cached answer seen so far was received (`nil`: none seen).
    public var oldestCachedAt: Date? { oldest.withLock { $0 } }

    public func intercept(_ request: GraphQLRequest, next: GraphQLInterceptorNext) async throws -> GraphQLResponse {
        let response = try await next(request)
        if response.source == .cache, let cachedAt = response.cachedAt {
            oldest.withLock { $0 = min($0 ?? cachedAt, cachedAt) }
        }
        return response
    }
}
