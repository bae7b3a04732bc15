import Domain
import Ports

/// The cached data of one endpoint's users as a contract test sees it: something to fill, to
/// count, and the two ports that look at it from outside the cache.
protocol CachedUserDataWorld: Sendable {
    /// Caches one launch for `user` (anonymous when `nil`).
    func fill(_ user: EmailAddress?) async throws
    /// How many records `user`'s cache holds (0 when it has none).
    func records(of user: EmailAddress?) async throws -> Int
    /// The ``CacheInspector`` of a run whose current user is `current`.
    func inspector(current: EmailAddress?) async throws -> any CacheInspector
    /// The ``UserDataCache`` that login and logout use.
    func userData() async throws -> any UserDataCache
}
