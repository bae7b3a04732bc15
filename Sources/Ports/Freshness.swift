/// Whether an answer may come from what is cached on this machine.
public enum Freshness: Sendable, Hashable {
    /// Answer from the cache when it holds everything asked for; otherwise ask the server
    /// (the tutorial's `.cacheFirst`).
    case cachedIfAvailable
    /// Always ask the server, then refresh the cache with its answer (the tutorial's `.networkOnly`).
    case fromServer
}
