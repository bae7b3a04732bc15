import NormalizedCache
import Ports

/// Forgets the current user's cache partition: the records in memory and the cache file.
public struct GraphQLUserDataCache: UserDataCache {
    private let cache: NormalizedCache

    public init(cache: NormalizedCache) {
        self.cache = cache
    }

    public func removeAll() async throws(UserDataCacheError) {
        do {
            try await cache.removeAll()
        } catch {
            throw UserDataCacheError(String(describing: error))
        }
    }
}
