import Ports

/// Shows and clears what is cached on this machine; never touches the stored login.
public struct CacheMaintenance: Sendable {
    private let inspector: any CacheInspector

    public init(inspector: any CacheInspector) {
        self.inspector = inspector
    }

    /// The current endpoint and user's cache.
    public func info() async throws -> CacheSummary {
        try await inspector.currentCache()
    }

    /// Removes what no query can reach from the current endpoint and user's cache.
    public func collectGarbage() async throws -> CacheCollection {
        try await inspector.collectGarbage()
    }

    /// Removes the current endpoint and user's cache, or with `all` every cache.
    public func clear(all: Bool) async throws -> CacheClearing {
        if all { return CacheClearing(all: true, removed: try await inspector.removeEveryCache()) }
        // Nothing stored means nothing to remove (and maybe no folder to lock in).
        guard try await inspector.currentCache().exists else { return CacheClearing(all: false, removed: 0) }
        try await inspector.removeCurrentCache()
        return CacheClearing(all: false, removed: 1)
    }
}
