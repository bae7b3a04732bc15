import Domain
import Ports
import Presentation

/// What `whoami` and `cache` show as text.
extension HumanPresenter {
    /// The address alone, so that `$(rocket-reserver whoami)` is the address.
    public func presentWhoAmI(_ email: EmailAddress, endpoint: String) {
        write([DisplayText.sanitized(email.rawValue)])
    }

    public func present(_ cache: CacheSummary) {
        let size = cache.exists ? "\(cache.bytes) bytes" : "0 bytes " + style.apply(.dim, to: "(nothing cached yet)")
        var lines = [
            style.apply(.bold, to: "Path:") + "     " + DisplayText.sanitized(cache.path),
            style.apply(.bold, to: "Size:") + "     " + size,
            style.apply(.bold, to: "Records:") + "  \(cache.records)",
        ]
        if let oldest = cache.oldestRecordAge, let newest = cache.newestRecordAge {
            lines.append(style.apply(.bold, to: "Oldest:") + "   received \(AgeText.phrase(oldest))")
            lines.append(style.apply(.bold, to: "Newest:") + "   received \(AgeText.phrase(newest))")
        }
        write(lines)
    }

    public func present(_ collection: CacheCollection) {
        let records = collection.unreachableRecords == 1 ? "1 record" : "\(collection.unreachableRecords) records"
        let references = collection.danglingReferences == 1 ? "1 reference" : "\(collection.danglingReferences) references"
        write(["Removed \(records) that no query reaches and \(references) to records that are gone."])
    }

    public func present(_ clearing: CacheClearing) {
        let line: String = switch (clearing.all, clearing.removed) {
        case (false, 0): "Nothing was cached for this endpoint and user."
        case (false, _): "Cleared the cache of this endpoint and user."
        case (true, 0): "Nothing was cached."
        case (true, 1): "Cleared 1 cache."
        case (true, let count): "Cleared \(count) caches."
        }
        write([line])
    }
}
