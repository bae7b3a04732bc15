#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSON

/// A query's answer assembled from the cache, and how old its oldest record is.
public struct CachedAnswer: Sendable {
    /// The answer's `data`.
    public var data: [String: JSONValue]
    /// When the oldest record the answer was read from was received.
    public var receivedAt: Date

    public init(data: [String: JSONValue], receivedAt: Date) {
        self.data = data
        self.receivedAt = receivedAt
    }
}
