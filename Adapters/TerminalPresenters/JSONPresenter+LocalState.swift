import Domain
import JSON
import Ports

/// What `whoami` and `cache` show as JSON.
extension JSONPresenter {
    /// `{"email","endpoint"}`.
    public func presentWhoAmI(_ email: EmailAddress, endpoint: String) {
        emit(.object(["email": .string(email.rawValue), "endpoint": .string(endpoint)]))
    }

    /// `{"path","bytes","records","oldestRecordAgeSeconds","newestRecordAgeSeconds"}` (the ages `null` when empty).
    public func present(_ cache: CacheSummary) {
        emit(.object([
            "path": .string(cache.path), "bytes": .int(cache.bytes), "records": .int(cache.records),
            "oldestRecordAgeSeconds": cache.oldestRecordAge.map { .int(Int($0.components.seconds)) } ?? .null,
            "newestRecordAgeSeconds": cache.newestRecordAge.map { .int(Int($0.components.seconds)) } ?? .null,
        ]))
    }

    /// `{"unreachableRecords","danglingReferences"}`.
    public func present(_ collection: CacheCollection) {
        emit(.object(["unreachableRecords": .int(collection.unreachableRecords), "danglingReferences": .int(collection.danglingReferences)]))
    }

    /// `{"all","removed"}`.
    public func present(_ clearing: CacheClearing) {
        emit(.object(["all": .bool(clearing.all), "removed": .int(clearing.removed)]))
    }
}
