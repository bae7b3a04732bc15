import Domain
import Ports

/// The in-memory cache seen from outside: one partition per user, a record per launch.
extension InMemoryGateway: CacheInspector {
    /// The current user's partition: `memory:<email>` or `memory:anonymous`, no bytes, one
    /// record per cached launch.
    public func currentCache() async throws -> CacheSummary {
        let user = await cacheUser()
        let records = details[user]?.count ?? 0
        return CacheSummary(path: "memory:\(user?.rawValue ?? "anonymous")", exists: records > 0, bytes: 0, records: records)
    }

    /// Nothing to collect: every cached launch is reachable.
    public func collectGarbage() async throws -> CacheCollection {
        CacheCollection(unreachableRecords: 0, danglingReferences: 0)
    }

    public func removeCurrentCache() async throws {
        details[await cacheUser()] = nil
    }

    public func removeEveryCache() async throws -> Int {
        let removed = details.values.filter { !$0.isEmpty }.count
        details = [:]
        return removed
    }
}
