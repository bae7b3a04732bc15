import Foundation

/// Where a ``NormalizedCache`` keeps its records between uses.
public struct CachePersistence: Sendable {
    let backend: any CacheBackend

    /// A store in memory; caches created with the same value share it (useful in tests).
    public static func inMemory() -> CachePersistence {
        CachePersistence(backend: InMemoryCacheBackend())
    }

    /// A file, written atomically and merged safely when several processes write at once.
    ///
    /// - Parameters:
    ///   - url: The cache file; a sibling `<name>.lock` file is used for locking.
    ///   - onWarning: Receives a one-line message when the file is discarded (corrupt, truncated,
    ///     empty, unreadable) or cannot be saved. The library never prints.
    public static func file(at url: URL, onWarning: @escaping @Sendable (String) -> Void = { _ in }) -> CachePersistence {
        CachePersistence(backend: FileCacheBackend(url: url, onWarning: onWarning))
    }
}
