import CacheRecords

/// A snapshot of the stored records with optimistic fields laid over them: what reads and
/// watches see while an optimistic update is in force.
struct OptimisticSnapshot: StoredRecords {
    let base: any StoredRecords
    /// Fields per record key, the newest layer's winning.
    let overlay: [String: CacheRecord]
    /// The receipt time given to a record only the overlay holds.
    let now: Int64

    func record(_ key: String) -> StoredRecord? {
        let stored = base.record(key)
        guard let fields = overlay[key] else { return stored }
        var merged = stored.flatMap { RecordCodec.record($0.slot) } ?? [:]
        merged.merge(fields) { _, optimistic in optimistic }
        return StoredRecord(slot: .decoded(merged), receivedAt: stored?.receivedAt ?? now, usedAt: stored?.usedAt)
    }
}
