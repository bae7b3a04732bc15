#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ports
import SocketTransport

/// The endpoint's cached user data, and with it the TLS session kept for the endpoint's origin:
/// logging out (or in as someone else) forgets both, so no ticket ties one user's connections
/// to the next one's.
struct SessionForgettingUserData: UserDataCache {
    let wrapped: any UserDataCache
    let sessions: TLSSessionStore
    let endpoint: URL

    func removeAll() async throws(UserDataCacheError) {
        sessions.removeSession(for: endpoint)
        try await wrapped.removeAll()
    }
}

/// The cache folder's inspector, whose removals also forget kept TLS sessions: the current
/// endpoint's with the current cache, every one with every cache.
struct SessionForgettingInspector: CacheInspector {
    let wrapped: any CacheInspector
    let sessions: TLSSessionStore
    let endpoint: URL

    func currentCache() async throws -> CacheSummary { try await wrapped.currentCache() }

    func collectGarbage() async throws -> CacheCollection { try await wrapped.collectGarbage() }

    func removeCurrentCache() async throws {
        sessions.removeSession(for: endpoint)
        try await wrapped.removeCurrentCache()
    }

    func removeEveryCache() async throws -> Int {
        let left = sessions.removeAll()
        guard left.isEmpty else { throw CacheInspectorError.unremovable("the TLS session file \(left[0]) could not be removed") }
        return try await wrapped.removeEveryCache()
    }
}
