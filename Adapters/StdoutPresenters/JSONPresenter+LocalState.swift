import Domain
import JSON
import Ports

/// What `whoami` and `cache` show as JSON.
extension JSONPresenter {
    /// `{"email","endpoint"}`.
    public func presentWhoAmI(_ email: EmailAddress, endpoint: String) {
        emit(.object(["email": .string(email.rawValue), "endpoint": .string(endpoint)]))
    }

    /// `{"path","bytes","records"}`.
    public func present(_ cache: CacheSummary) {
        emit(.object(["path": .string(cache.path), "bytes": .int(cache.bytes), "records": .int(cache.records)]))
    }

    /// `{"all","removed"}`.
    public func present(_ clearing: CacheClearing) {
        emit(.object(["all": .bool(clearing.all), "removed": .int(clearing.removed)]))
    }
}
