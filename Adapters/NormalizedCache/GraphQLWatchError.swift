import GraphQLClient

/// Why ``GraphQLClient/watch(_:cachePolicy:cache:)`` could not start a watch.
public struct GraphQLWatchError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No cache was given and the client's chain has no ``CacheReadInterceptor`` to take it from.
        case noCache
        /// The operation is a mutation: only a query's answer can be watched.
        case notAQuery
    }

    /// The operation the watch was for.
    public var operationName: String
    public var kind: Kind

    public init(operationName: String, kind: Kind) {
        self.operationName = operationName
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .noCache:
            "\(operationName) cannot be watched: the client has no normalized cache (build its chain with "
                + "GraphQLInterceptors.standard(…, cache:), or pass the cache to watch(_:cachePolicy:cache:))."
        case .notAQuery:
            "\(operationName) cannot be watched: it is a mutation, and only a query's answer is kept in the cache."
        }
    }
}
