/// Where a query's answer may come from, and whether the answer is stored.
public enum CachePolicy: Sendable, Hashable {
    /// Answer from the cache when it holds every selected field; otherwise fetch and store.
    case cacheFirst
    /// Fetch and store; when the server cannot be reached or times out
    /// (``GraphQLClientError/allowsCacheFallback``), answer from the cache if it holds
    /// everything, else throw the fetch's error. A certificate or TLS failure, a refusing proxy
    /// and every answer the server gave (HTTP errors, redirects) never fall back.
    case networkFirst
    /// Always fetch, then store the answer (refreshing the cache).
    case networkOnly
    /// Answer from the cache only; a miss throws ``GraphQLClientError/Kind/cacheMiss``.
    case cacheOnly
    /// Always fetch and never store the answer (for answers holding secrets, such as a login token).
    case noCache
}
