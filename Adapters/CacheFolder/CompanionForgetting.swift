import Ports

/// The endpoint's cached user data, and with it what other adapters keep in the state folders
/// for the endpoint (the TLS session the transport keeps): logging out, or in as someone else,
/// forgets both, so nothing left there ties one user's connections to the next one's.
public struct CompanionForgettingUserData: UserDataCache {
    let wrapped: any UserDataCache
    let companions: @Sendable () -> [String]

    /// - Parameters:
    ///   - wrapped: The endpoint's user data.
    ///   - companions: Removes the companions; returns the paths it could not remove.
    public init(_ wrapped: any UserDataCache, forgetting companions: @escaping @Sendable () -> [String]) {
        self.wrapped = wrapped
        self.companions = companions
    }

    public func removeAll() async throws(UserDataCacheError) {
        let left = companions()
        try await wrapped.removeAll()
        if let path = left.first { throw UserDataCacheError("the file \(path) could not be removed") }
    }
}

/// The cache folder's inspector, whose removals also forget the companions kept beside the
/// caches: the current endpoint's with the current cache, every one with every cache.
public struct CompanionForgettingInspector: CacheInspector {
    let wrapped: any CacheInspector
    let current: @Sendable () -> [String]
    let every: @Sendable () -> [String]

    /// - Parameters:
    ///   - wrapped: The cache folder's inspector.
    ///   - current: Removes the current endpoint's companions; returns the paths left.
    ///   - every: Removes every endpoint's companions; returns the paths left.
    public init(_ wrapped: any CacheInspector, forgettingCurrent current: @escaping @Sendable () -> [String], every: @escaping @Sendable () -> [String]) {
        self.wrapped = wrapped
        self.current = current
        self.every = every
    }

    public func currentCache() async throws -> CacheSummary { try await wrapped.currentCache() }

    public func collectGarbage() async throws -> CacheCollection { try await wrapped.collectGarbage() }

    public func removeCurrentCache() async throws {
        if let path = current().first { throw CacheInspectorError.unremovable("\(path) could not be removed") }
        try await wrapped.removeCurrentCache()
    }

    public func removeEveryCache() async throws -> Int {
        if let path = every().first { throw CacheInspectorError.unremovable("\(path) could not be removed") }
        return try await wrapped.removeEveryCache()
    }
}
