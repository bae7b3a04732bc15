/// Whether an answer may come from what is cached on this machine.
///
/// Every adapter switches over it exhaustively, so a new case cannot be ignored by accident.
public enum Freshness: Sendable, Hashable {
    /// Answer from the cache when it holds everything asked for; otherwise ask the server
    /// (the tutorial's `.cacheFirst`).
    case cachedIfAvailable
    /// Always ask the server, then refresh the cache with its answer (the tutorial's `.networkOnly`).
    case fromServer
    /// Ask the server and refresh the cache; when the server cannot be reached (or does not
    /// answer in time), answer from the cache if it holds everything asked for.
    /// Use cases that must tell the user about the fallback ask ``fromServer`` and then
    /// ``cachedOnly`` themselves.
    case fromServerElseCached
    /// Answer only from the cache and never open a connection (the front end's offline mode); what is not
    /// cached fails with ``ServiceError/Kind/notCached``.
    case cachedOnly
}
