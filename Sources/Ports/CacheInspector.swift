/// The cache files on this machine, seen from outside the cache: to describe the current one
/// and to remove caches.
public protocol CacheInspector: Sendable {
    /// Where the current endpoint and user's cache is kept, how big it is, and how many
    /// records it holds (nothing is loaded into the cache itself).
    /// - Throws: ``CacheInspectorError/unreadable(_:)`` when the cache exists but cannot be read.
    func currentCache() async throws -> CacheSummary

    /// Removes from the current endpoint and user's cache the records no query can reach and
    /// the references to records that are gone.
    func collectGarbage() async throws -> CacheCollection

    /// Removes the current endpoint and user's cache; stored logins are never touched.
    /// - Throws: ``CacheInspectorError/unremovable(_:)`` when it cannot be removed.
    func removeCurrentCache() async throws

    /// Removes the cache of every endpoint and every user; stored logins are never touched.
    /// - Returns: How many caches were removed.
    /// - Throws: ``CacheInspectorError/unremovable(_:)`` when one cannot be removed.
    func removeEveryCache() async throws -> Int
}

/// Why the cache files could not be inspected or removed, with the inspector's account of the
/// cause; a front end words it for its users.
public enum CacheInspectorError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case unremovable(String)

    /// The case and its detail, for logs and test failures.
    public var description: String {
        switch self {
        case .unreadable(let detail): "unreadable(\(detail))"
        case .unremovable(let detail): "unremovable(\(detail))"
        }
    }
}
